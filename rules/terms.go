package rules

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Glossary term mentions.
//
// Link marks the glossary terms that rule, glossary and topic text mentions
// with SpanTerm, so a reader can look a word up in place. The rules:
//   - whole words, ignoring case, longest term first ("mana ability" wins
//     over "mana"); a regular plural of the last word counts ("tokens",
//     "mana abilities");
//   - only the first mention of a term in each rule, glossary entry or
//     topic (all its paragraphs and examples together): the glossary link
//     is there for the reader who does not know the word, and marking every
//     repetition would colour whole paragraphs without telling them more;
//   - never inside a reference, a symbol or a hyperlink, nor a mention of an
//     entry inside that entry's own definition;
//   - never a term on stopTerms (below), a one-letter term ("X") or an
//     obsolete entry ("During (Obsolete)" is about old card wording, not
//     the word "during" in today's rules).
//
// Matching must be cheap because it looks at every word of ~950 KB of text.
// The scanner reads a word's first eight bytes at once, finds its end and
// turns them into a key (wordKey) with a few arithmetic operations; a bit
// filter on the key turns away the two words in three that start no term
// that may be marked, and the rest are looked up in a small open-addressing
// table of the terms' first words. Only then is text compared, in place and
// without allocating. The table depends only on the glossary's terms, and
// most editions share their glossary with the one before, so tables are
// kept and reused (termTableFor): a table names entries by their index in
// the glossary, not by pointer.

// stopTerms are glossary terms never marked as mentions, because in rule
// text they are ordinary words, not a use a reader would look up. Their
// entries are still reached by "See X." references, search and the
// glossary itself, and longer terms that start with them ("mana ability",
// "double-faced card", "play area") are still marked. Three kinds:
var stopTerms = map[string]bool{
	// Words so common in rule text that marking them would mark nearly
	// every rule: each appears hundreds to thousands of times in the 2026
	// rules ("player" 2,793 times, "card" 2,652, "ability" 2,067), and a
	// reader of the rules knows them.
	"card": true, "player": true, "turn": true, "you": true, "your": true,
	"ability": true, "abilities": true, "creature": true, "spell": true, "permanent": true,
	"object": true, "effect": true, "cost": true, "mana": true, "game": true,
	"control": true, "controller": true, "owner": true, "zone": true, "type": true,
	"enter": true, "name": true, "becomes": true,

	// Function words and everyday nouns with entries of their own, nearly
	// always used in their plain English sense: the glossary's "If" only
	// points to Intervening "If" Clause, yet it was the most marked word of
	// the 2026 rules (1,368 paragraphs, most at the start of a sentence);
	// "in general", "limited to", "the option to", "if the names match".
	"if": true, "instead": true, "unless": true, "event": true, "option": true,
	"general": true, "limited": true, "match": true,
	// "in which case" is not the enchantment subtype Case.
	"case": true,

	// Verbs of play whose game meaning is their plain meaning: "cast a
	// spell", "pay {1}", "deal damage", "draw a card" (the keyword actions
	// of rule 701 that are plain verbs). Keyword actions that mean more
	// than the English word (exile, sacrifice, counter, scry, mill, fight)
	// and the terms of the game's structure (trigger, resolve, attack,
	// block, target) are marked.
	"activate": true, "attach": true, "cast": true, "create": true, "deal": true,
	"destroy": true, "discard": true, "double": true, "draw": true, "exchange": true,
	"move": true, "pay": true, "play": true, "prevent": true, "reveal": true,
	"search": true, "shuffle": true, "skip": true, "tap": true, "untap": true,
}

// termForm is one way a term can be written: an entry's term, its plural
// if it is one word, or the whole headline of an entry with several
// ("Active Player, Nonactive Player Order").
type termForm struct {
	first   string // the first word, lower-case ASCII letters and digits: "mana", "tokens"
	rest    string // the rest of the FoldTerm form: " ability" of "mana ability"; "" for one word
	next    byte   // the first letter of the second word, for a quick reject; 0 if none
	plain   bool   // rest is words of lower-case ASCII letters and digits after single spaces (matchPlain)
	mention bool   // may be marked as a mention (not a stop term, not a headline)
	entry   int32  // the entry's index in the glossary
}

type termSlot struct {
	key    uint64 // wordKey of the first words; 0 marks an empty slot
	lo, hi int32  // cands[lo:hi]: by first word, then longest first
	// What the markable candidates need, so that most words that start a
	// term ("the", "card", "mana") are turned away without a comparison:
	// the letters (bit c-'a') a markable longer candidate's second word
	// starts with, bit 26 if one starts otherwise, slotOne if a markable
	// candidate is one word. Zero: no candidate may be marked.
	next uint32
	// The entry (its index) of every markable candidate if they are all
	// one word and name one entry, else -1. Once a paragraph has
	// mentioned it, such a word needs no comparison: whether it matches or
	// not, nothing is marked and the scan goes on after it.
	entry int32
}

const slotOne = 1 << 27

// mentions reports whether some candidate of sl may be marked as a mention.
func (sl *termSlot) mentions() bool { return sl.next != 0 }

// termTable finds glossary terms by their first word (see wordKey). Two
// filters, indexed by the top bits of a spread key, answer most words before
// the table is probed.
type termTable struct {
	marks nextFilter // first words of markable terms, with what may follow them; and "see"
	any   filter     // first words of every term
	slots []termSlot
	shift uint8 // slot index = spread(key) >> shift
	cands []termForm
	sig   string // the glossary the table was built from (glossarySig)
	// names finds an entry (its index) by FoldTerm of any of its terms or
	// by its slug, the first entry listing it: Edition.Term's table,
	// shared by every edition with this glossary. It is built from
	// glossary when first asked for (nameIndex): the scan does not need it,
	// and building it took a fifth of building the table, which Link waits
	// for; Link's reindex asks for it while the text is scanned. Until
	// then the table holds that glossary (its entries, no more text than
	// they hold).
	namesOnce sync.Once
	names     termNames
	glossary  []*GlossaryEntry
}

// nameIndex returns tt.names, building it the first time.
func (tt *termTable) nameIndex() termNames {
	tt.namesOnce.Do(func() {
		tt.names = glossaryNames(tt.glossary)
		tt.glossary = nil
	})
	return tt.names
}

// termTables keeps the tables of the last few distinct glossaries. A whole
// CR's table takes about as long to build as a fifth of its text takes to
// scan, and editions next to each other usually share their glossary, as do
// repeated loads of one edition.
var termTables struct {
	sync.Mutex
	recent []*termTable // most recently used first
}

const termTablesKept = 8

// termTableFor returns the term table of glossary, from termTables if a
// glossary with the same terms has been seen.
func termTableFor(glossary []*GlossaryEntry) *termTable {
	termTables.Lock()
	for i, tt := range termTables.recent {
		if sameGlossary(tt.sig, glossary) {
			copy(termTables.recent[1:i+1], termTables.recent[:i])
			termTables.recent[0] = tt
			termTables.Unlock()
			return tt
		}
	}
	termTables.Unlock()
	tt := newTermTable(glossary)
	termTables.Lock()
	defer termTables.Unlock()
	for _, old := range termTables.recent {
		if old.sig == tt.sig {
			return old // built meanwhile by another Link
		}
	}
	if len(termTables.recent) < termTablesKept {
		termTables.recent = append(termTables.recent, nil)
	}
	copy(termTables.recent[1:], termTables.recent)
	termTables.recent[0] = tt
	return tt
}

// glossarySig encodes what a term table depends on: each entry's terms,
// slug and whether it is obsolete (or missing), in order, every string
// prefixed with its length.
func glossarySig(glossary []*GlossaryEntry) string {
	n := 0
	for _, g := range glossary {
		if g != nil {
			for _, t := range g.Terms {
				n += len(t) + 2
			}
			n += len(g.Slug) + 4
		}
		n++
	}
	b := make([]byte, 0, n)
	for _, g := range glossary {
		if g == nil {
			b = append(b, 0)
			continue
		}
		b = append(b, 1+boolByte(g.Obsolete))
		b = binary.AppendUvarint(b, uint64(len(g.Terms)))
		for _, t := range g.Terms {
			b = binary.AppendUvarint(b, uint64(len(t)))
			b = append(b, t...)
		}
		b = binary.AppendUvarint(b, uint64(len(g.Slug)))
		b = append(b, g.Slug...)
	}
	return string(b)
}

// sameGlossary reports whether glossarySig(glossary) == sig, without
// building it.
func sameGlossary(sig string, glossary []*GlossaryEntry) bool {
	p := 0
	uvarint := func() (int, bool) {
		v, n := binary.Uvarint([]byte(sig[p:min(len(sig), p+binary.MaxVarintLen64)]))
		if n <= 0 || v > uint64(len(sig)) {
			return 0, false
		}
		p += n
		return int(v), true
	}
	for _, g := range glossary {
		if p >= len(sig) {
			return false
		}
		if g == nil {
			if sig[p] != 0 {
				return false
			}
			p++
			continue
		}
		if sig[p] != 1+boolByte(g.Obsolete) {
			return false
		}
		p++
		if n, ok := uvarint(); !ok || n != len(g.Terms) {
			return false
		}
		for _, t := range g.Terms {
			n, ok := uvarint()
			if !ok || n != len(t) || len(sig)-p < n || sig[p:p+n] != t {
				return false
			}
			p += n
		}
		n, ok := uvarint()
		if !ok || n != len(g.Slug) || len(sig)-p < n || sig[p:p+n] != g.Slug {
			return false
		}
		p += n
	}
	return p == len(sig)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

const filterBits = 14

// lowerAlnum maps ASCII letters to lower case and digits to themselves;
// every other byte maps to 0, which ends a word.
var lowerAlnum = func() (t [256]byte) {
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c)
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	return t
}()

// wordKey identifies a word (ASCII letters and digits, any case) by its
// first eight bytes, lower-cased, read as a little-endian number: exact for
// words of up to eight letters, which most words are. Longer words also
// mix in their length, and their candidates are compared in full. The
// scanner computes the same from eight bytes of text read at once
// (scanRange), so a word is never hashed byte by byte.
func wordKey(w string) uint64 {
	var x uint64
	for k := 0; k < len(w) && k < 8; k++ {
		x |= uint64(w[k]) << (8 * k)
	}
	return keyOf(x, len(w))
}

// keyOf is wordKey of the n-byte word whose first bytes are in x (any bytes
// past the word in x are ignored).
func keyOf(x uint64, n int) uint64 {
	x |= 0x20 * ones64 // letters to lower case; digits already have the bit
	if n <= 8 {
		return x & lowBytes[n&15]
	}
	return x ^ uint64(n)*0x9E3779B97F4A7C15
}

// lowBytes[n] masks the low n bytes of a uint64.
var lowBytes = [16]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff, ^uint64(0)}

// spread mixes a word key so that its top bits index the filters and slots.
func spread(k uint64) uint64 { return k * 0x9E3779B97F4A7C15 }

// SWAR helpers: eight bytes of text at a time in a uint64, first byte lowest.
const (
	ones64 = 0x0101010101010101
	high64 = 0x8080808080808080
)

// load64 reads s[i:i+8] as a little-endian uint64; the caller checks the
// length. The compiler makes this one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// filter is a set of spread word keys that may answer "maybe" wrongly but
// never "no" wrongly: one byte per slot, so a test is one load.
type filter [1 << filterBits]bool

func setBit(f *filter, h uint64)      { f[h>>(64-filterBits)] = true }
func hasBit(f *filter, h uint64) bool { return f[h>>(64-filterBits)] }

// nextFilter is a filter of first words that says besides what may follow
// such a word for a markable term to start there: for each bucket, the
// termSlot.next of every slot whose key falls in it, with a second,
// independent bit set of the keys (nextFilter.keys, which a word must
// pass too). The scanner asks it before it looks a word up, and so turns
// away without a call most of the words that start only longer terms
// ("the" before "the card" starts no term but "The Ring" and others), and
// nearly every word that only shares a bucket with a term's: with one
// bucket alone, the rules' "this", "all", "before" and the "t" of "don’t"
// (5,000 words) were looked up in vain.
type nextFilter struct {
	next [1 << nextBits]uint32
	keys [1 << keyBits / 64]uint64 // bit spread2(key) >> (64-keyBits)
}

const (
	nextBits = 13 // 32 KB
	keyBits  = 14 // 2 KB
)

// spread2 is spread with another multiplier, for nextFilter.keys.
func spread2(k uint64) uint64 { return k * 0xC2B2AE3D27D4EB4F }

// add adds a first word's key and its slot's next.
func (f *nextFilter) add(key uint64, next uint32) {
	f.next[spread(key)>>(64-nextBits)] |= next
	b := spread2(key) >> (64 - keyBits)
	f.keys[b/64] |= 1 << (b % 64)
}

// test returns the bits of next (followers) that the bucket of the word
// with key k (spread: h) has, if its key is in the set; otherwise 0. No
// branch: the scanner asks it of every word.
func (f *nextFilter) test(k, h uint64, next uint32) uint32 {
	b := spread2(k) >> (64 - keyBits)
	in := uint32(f.keys[b/64]>>(b%64)) & 1
	return f.next[h>>(64-nextBits)] & next & -in
}

// followers returns the termSlot.next bits of the markable terms that may
// start with the word ending at s[j]: termSlot.mayMention is
// sl.next&followers(s, j) != 0. A one-word term always may; a longer one
// only if a word follows, after a space one starting with its second
// word's letter, and never after a stop, a comma, a semicolon, a colon or
// a closing parenthesis. Two table loads, no branch on the text: the
// scanner asks it of every word.
func followers(s string, j int) uint32 {
	if j < 0 || j+1 >= len(s) {
		return slotOne
	}
	c := s[j]
	return afterWord[c] | letterBit[s[j+1]]&spaceOnly[c]
}

// afterWord is followers' answer by the byte after a word, but for a
// space, which takes the next byte's letter too (spaceOnly).
var afterWord = func() (t [256]uint32) {
	for c := range t {
		t[c] = ^uint32(0)
	}
	for _, c := range []byte{' ', '.', ',', ';', ':', ')'} {
		t[c] = slotOne
	}
	return t
}()

// spaceOnly keeps the bits of the letter after a space.
var spaceOnly = [256]uint32{' ': ^uint32(0)}

// leadingWord is the run of ASCII letters and digits at the start of s.
func leadingWord(s string) string {
	i := 0
	for i < len(s) && lowerAlnum[s[i]] != 0 {
		i++
	}
	return s[:i]
}

// trimTerm strips what a headline adds around a term: " (Obsolete)", "
// (Informal)" (older glossaries) and enclosing quotes ("“Bands with Other”").
func trimTerm(t string) string {
	t = strings.TrimSpace(t)
	if i := strings.LastIndex(t, " ("); i > 0 {
		switch strings.ToLower(strings.TrimSpace(t[i:])) {
		case "(obsolete)", "(informal)":
			t = strings.TrimSpace(t[:i])
		}
	}
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}} {
		if strings.HasPrefix(t, q[0]) && strings.HasSuffix(t, q[1]) && len(t) > len(q[0])+len(q[1]) {
			t = t[len(q[0]) : len(t)-len(q[1])]
		}
	}
	return strings.TrimRight(t, ",")
}

// newTermTable builds the term table of a glossary. Its strings are its own,
// so a kept table holds on to no edition's text.
func newTermTable(glossary []*GlossaryEntry) *termTable {
	tt := &termTable{sig: glossarySig(glossary), glossary: glossary}
	type keyed struct {
		key   uint64
		order int
		termForm
	}
	forms := make([]keyed, 0, len(glossary)*5/2) // most terms are one word: itself and its plural
	add := func(g *GlossaryEntry, idx int32, name string, mention bool) {
		name = trimTerm(name)
		if name == "" || strings.ContainsAny(name, "[]") {
			return // a template such as "Partner with [name]" is not a word to find
		}
		f := FoldTerm(name) // a new string, not the edition's
		w := len(leadingWord(name))
		if w == 0 {
			return // starts with a symbol or a non-ASCII letter: not found in text (none in any edition)
		}
		mention = mention && !stopTerms[f] && len(f) > 1 && !g.Obsolete
		c := termForm{first: f[:w], rest: f[w:], entry: idx, mention: mention, plain: plainRest(f[w:])}
		if c.rest == "" {
			// One word; its plural is another first word.
			forms = append(forms, keyed{wordKey(c.first), len(forms), c})
			c.first = pluralOf(c.first)
			forms = append(forms, keyed{wordKey(c.first), len(forms), c})
			return
		}
		if len(c.rest) > 1 && c.rest[0] == ' ' && lowerAlnum[c.rest[1]] != 0 {
			c.next = c.rest[1]
		}
		forms = append(forms, keyed{wordKey(c.first), len(forms), c})
	}
	for i, g := range glossary {
		if g == nil {
			continue
		}
		for _, t := range g.Terms {
			add(g, int32(i), t, true)
		}
		if len(g.Terms) > 1 {
			add(g, int32(i), g.Term(), false)
		}
	}
	// The forms are sorted by their index: moving the forms themselves,
	// which hold strings, took a third of building the 2026 table.
	byKey := make([]int32, len(forms))
	for i := range byKey {
		byKey[i] = int32(i)
	}
	slices.SortFunc(byKey, func(i, j int32) int {
		a, b := &forms[i], &forms[j]
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		if c := strings.Compare(a.first, b.first); c != 0 {
			return c
		}
		if len(a.rest) != len(b.rest) {
			return len(b.rest) - len(a.rest) // longest first
		}
		return cmp.Compare(a.order, b.order) // then as the glossary lists them
	})
	form := func(i int) *keyed { return &forms[byKey[i]] }
	nkeys := 0
	for i := range byKey {
		if i == 0 || form(i).key != form(i-1).key {
			nkeys++
		}
	}
	bits := uint8(4)
	for 1<<bits < nkeys*3 {
		bits++
	}
	tt.slots = make([]termSlot, 1<<bits)
	tt.shift = 64 - bits
	mask := uint64(len(tt.slots) - 1)
	tt.cands = make([]termForm, 0, len(forms))
	for i := 0; i < len(byKey); {
		key := form(i).key
		sl := termSlot{key: key, lo: int32(len(tt.cands)), entry: -1}
		single := true // every markable candidate so far is one word of one entry
		for ; i < len(byKey) && form(i).key == key; i++ {
			f := form(i).termForm
			if n := len(tt.cands); n > int(sl.lo) && tt.cands[n-1].first == f.first && tt.cands[n-1].rest == f.rest {
				continue // the same words again (an entry listing a term twice)
			}
			tt.cands = append(tt.cands, f)
			if f.mention {
				switch {
				case f.rest != "" || sl.mentions() && sl.entry != f.entry:
					single = false
				default:
					sl.entry = f.entry
				}
				switch {
				case f.rest == "":
					sl.next |= slotOne
				case len(f.rest) > 1 && f.rest[0] == ' ':
					sl.next |= letterBit[f.rest[1]]
				default: // "city's blessing"
					sl.next |= 1 << 26
				}
			}
		}
		sl.hi = int32(len(tt.cands))
		if !single {
			sl.entry = -1
		}
		s := spread(key) >> tt.shift
		for tt.slots[s].key != 0 {
			s = (s + 1) & mask
		}
		tt.slots[s] = sl
		setBit(&tt.any, spread(key))
		if sl.next != 0 {
			tt.marks.add(key, sl.next)
		}
	}
	tt.marks.add(keySee, slotOne) // the scanner asks the filter about "See" lists too
	return tt
}

// termNames finds a glossary entry's index by FoldTerm of any of its terms
// or by its slug. It is two sorted arrays rather than a map: one table is
// kept for each distinct glossary of the editions served (over a hundred),
// and a map of a thousand names took three times the room, 7.6 of the
// 135 MiB the embedded editions kept. Its names are interned, so the
// tables of glossaries that differ in a few entries share the others'.
type termNames struct {
	keys []string // sorted, each once
	at   []int32  // at[i] is the index of the first entry named keys[i]
}

// lookup returns the index of the entry named k.
func (n termNames) lookup(k string) (int32, bool) {
	i, ok := slices.BinarySearch(n.keys, k)
	if !ok {
		return -1, false
	}
	return n.at[i], true
}

// glossaryNames builds termTable.names.
func glossaryNames(glossary []*GlossaryEntry) termNames {
	type name struct {
		key string
		at  int32
	}
	var all []name
	for i, g := range glossary {
		if g == nil {
			continue
		}
		for _, t := range g.Terms {
			if k := FoldTerm(t); k != "" {
				all = append(all, name{k, int32(i)})
			}
		}
		if g.Slug != "" {
			all = append(all, name{g.Slug, int32(i)})
		}
	}
	// Of a name listed twice, the first entry listing it wins: the sort
	// is stable and keeps the first of each run.
	slices.SortStableFunc(all, func(a, b name) int { return strings.Compare(a.key, b.key) })
	all = slices.CompactFunc(all, func(a, b name) bool { return a.key == b.key })
	n := termNames{keys: make([]string, len(all)), at: make([]int32, len(all))}
	for i, nm := range all {
		n.keys[i], n.at[i] = intern(nm.key), nm.at
	}
	return n
}

// plainRest reports whether the rest of a term is only words of lower-case
// ASCII letters and digits, each after one space: " ability", " of the
// ring". Text is compared with such a rest byte by byte (matchPlain).
func plainRest(rest string) bool {
	for k := 0; k < len(rest); k++ {
		c := rest[k]
		if c == ' ' {
			if k+1 == len(rest) || !lowerWordByte(rest[k+1]) {
				return false
			}
			continue
		}
		if !lowerWordByte(c) {
			return false
		}
	}
	return true
}

// lowerWordByte reports whether c is a lower-case ASCII letter or a digit.
func lowerWordByte(c byte) bool {
	return c != 0 && lowerAlnum[c] == c
}

// pluralOf gives the regular plural of a lower-case word.
func pluralOf(w string) string {
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "z"),
		strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"):
		return w + "es"
	case len(w) > 1 && strings.HasSuffix(w, "y") && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

// lookup returns the slot for the word key k (spread: h), or nil.
func (tt *termTable) lookup(k, h uint64) *termSlot {
	if !hasBit(&tt.any, h) {
		return nil
	}
	return tt.probe(k, h)
}

// probe is lookup without the filter.
func (tt *termTable) probe(k, h uint64) *termSlot {
	mask := uint64(len(tt.slots) - 1)
	for s := h >> tt.shift; ; s = (s + 1) & mask {
		sl := &tt.slots[s]
		if sl.key == k {
			return sl
		}
		if sl.key == 0 {
			return nil
		}
	}
}

// longest returns the longest term that s[i:] starts with as whole words
// (its last word possibly in the plural: "See also Continuous Effects."),
// and the index just past it. s[i:j] is the first word, ASCII letters and
// digits. Mentions only consider markable terms; references ("See X.")
// consider every term.
func (tt *termTable) longest(s string, i, j int, mentions bool) (int32, int) {
	if tt == nil || j <= i {
		return -1, 0
	}
	k := wordKey(s[i:j])
	sl := tt.lookup(k, spread(k))
	if sl == nil || mentions && !sl.mayMention(s, j) {
		return -1, 0
	}
	return tt.match(sl, s, i, j, mentions)
}

// mayMention reports whether a markable candidate of sl may start with the
// first word ending at s[j]: most words that start some term ("the",
// "card", "mana") are turned away here without a comparison, because what
// follows them cannot continue any longer markable term.
func (sl *termSlot) mayMention(s string, j int) bool {
	if sl.next == 0 {
		return false
	}
	if sl.next&slotOne != 0 {
		return true
	}
	if j+1 >= len(s) {
		return false
	}
	switch s[j] {
	case ' ':
		return sl.next&letterBit[s[j+1]] != 0
	case '.', ',', ';', ':', ')':
		return false
	}
	return true // a dash, a quote, two spaces: let matchRest decide
}

// letterBit maps a letter (either case) to its bit in termSlot.next, and any
// other byte to bit 26, which a slot sets when a candidate's second word does
// not start with a letter.
var letterBit = func() (t [256]uint32) {
	for c := range t {
		t[c] = 1 << 26
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = 1 << (c - 'a')
		t[c-'a'+'A'] = 1 << (c - 'a')
	}
	return t
}()

// match tries sl's candidates on the word s[i:j], longest first, and
// returns the index of the entry found (-1 if none) and where its term
// ends.
func (tt *termTable) match(sl *termSlot, s string, i, j int, mentions bool) (int32, int) {
	if !startsWord(s, i) {
		return -1, 0
	}
	w := s[i:j]
	long := len(w) > 8 // the key is exact for shorter words, and holds the first eight bytes of longer ones
	for k := sl.lo; k < sl.hi; k++ {
		c := &tt.cands[k]
		if mentions && !c.mention || long && (len(c.first) != len(w) || !equalLower(w[8:], c.first[8:])) {
			continue
		}
		if c.rest == "" {
			if endsWord(s, j) {
				return c.entry, j
			}
			continue
		}
		if c.next != 0 && j+1 < len(s) && s[j] == ' ' && lowerASCII(s[j+1]) != c.next {
			continue // the second word differs: most of "the …" is not "The Ring"
		}
		if c.plain {
			end, r := matchPlain(s, j, c.rest)
			if r == plainYes {
				return c.entry, end
			}
			if r == plainNo {
				continue
			}
		}
		if end, ok := matchRest(s, j, c.rest, true); ok {
			return c.entry, end
		}
	}
	return -1, 0
}

// mentionAt is match(sl, s, i, j, true), the scanner's question, with the
// common cases (ASCII around the word, one-word terms) decided inline.
func (tt *termTable) mentionAt(sl *termSlot, s string, i, j int) (int32, int) {
	if i > 0 {
		if e := wordEdge[s[i-1]]; e == edgeJoin || e == edgeRune && !startsWord(s, i) {
			return -1, 0
		}
	}
	end := edgeNone // what s[j] is to the word before it
	if j < len(s) {
		end = wordEdge[s[j]]
	}
	long := j-i > 8 // the key is exact for shorter words, and holds the first eight bytes of longer ones
	for k := sl.lo; k < sl.hi; k++ {
		c := &tt.cands[k]
		if !c.mention || long && (len(c.first) != j-i || !equalLower(s[i+8:j], c.first[8:])) {
			continue
		}
		if c.rest == "" {
			if end == edgeNone || end == edgeRune && endsWord(s, j) {
				return c.entry, j
			}
			continue
		}
		if c.next != 0 && j+1 < len(s) && s[j] == ' ' && lowerASCII(s[j+1]) != c.next {
			continue // the second word differs: most of "the …" is not "The Ring"
		}
		if c.plain {
			e, r := matchPlain(s, j, c.rest)
			if r == plainYes {
				return c.entry, e
			}
			if r == plainNo {
				continue
			}
		}
		if e, ok := matchRest(s, j, c.rest, true); ok {
			return c.entry, e
		}
	}
	return -1, 0
}

// Answers of matchPlain.
const (
	plainNo = iota
	plainYes
	plainAsk // matchRest must decide
)

// matchPlain is matchRest(s, p, f, true) for a plain rest f (plainRest)
// where the text is plain too: ASCII words after single spaces, compared
// byte by byte, with a regular plural ending. Where the text differs in a
// way matchRest might still accept (other separators, accents) it answers
// plainAsk.
func matchPlain(s string, p int, f string) (int, int) {
	for k := 0; k < len(f); k++ {
		if p >= len(s) {
			return 0, plainNo
		}
		fc, c := f[k], s[p]
		if fc == ' ' {
			// One space, then a letter or digit: exactly what matchRest
			// takes for one space. Anything else may be a run of
			// separators.
			if c != ' ' || p+1 >= len(s) || lowerAlnum[s[p+1]] == 0 {
				if c < utf8.RuneSelf && c != ' ' && c != '-' && c != '_' && c != '\t' {
					return 0, plainNo
				}
				return 0, plainAsk
			}
			p++
			continue
		}
		if lowerAlnum[c] == fc {
			p++
			continue
		}
		if c >= utf8.RuneSelf {
			return 0, plainAsk // an accent: "Dandân"
		}
		if fc == 'y' && k == len(f)-1 && len(s)-p >= 3 &&
			lowerASCII(c) == 'i' && lowerASCII(s[p+1]) == 'e' && lowerASCII(s[p+2]) == 's' {
			if endsWord(s, p+3) {
				return p + 3, plainYes // "abilities"
			}
		}
		return 0, plainNo
	}
	if p == len(s) {
		return p, plainYes
	}
	switch wordEdge[s[p]] {
	case edgeNone:
		return p, plainYes
	case edgeRune:
		return 0, plainAsk
	}
	// A plural ending, or the word goes on.
	if lowerASCII(s[p]) == 's' && endsWord(s, p+1) {
		return p + 1, plainYes
	}
	if len(s)-p >= 2 && lowerASCII(s[p]) == 'e' && lowerASCII(s[p+1]) == 's' && endsWord(s, p+2) {
		return p + 2, plainYes
	}
	return 0, plainNo
}

// equalLower reports whether the ASCII word w lower-cased is lw.
func equalLower(w, lw string) bool {
	for k := 0; k < len(w); k++ {
		if lowerAlnum[w[k]] != lw[k] {
			return false
		}
	}
	return true
}

// startsWord reports whether a word may start at s[i]: not inside a word
// or a hyphenated compound ("non-token").
func startsWord(s string, i int) bool {
	if i == 0 {
		return true
	}
	if e := wordEdge[s[i-1]]; e != edgeRune {
		return e == edgeNone
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !isWordRune(r)
}

// endsWord reports whether a word may end at s[i].
func endsWord(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	if e := wordEdge[s[i]]; e != edgeRune {
		return e == edgeNone
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !isWordRune(r)
}

// wordEdge says what a byte next to a word means: edgeNone, it may end or
// start there; edgeJoin, the word goes on (a letter, a digit, a hyphen);
// edgeRune, a non-ASCII character decides.
var wordEdge = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = edgeRune
		case lowerAlnum[c] != 0 || c == '-':
			t[c] = edgeJoin
		}
	}
	return t
}()

const (
	edgeNone uint8 = iota
	edgeJoin
	edgeRune
)

// matchFold reports whether s[i:] starts with the folded term f as whole
// words, comparing as FoldTerm does (case, accents, quote style, spaces and
// dashes) without building a string. With plural, the last word may carry a
// regular plural ending. It returns the index just past the match.
func matchFold(s string, i int, f string, plural bool) (int, bool) {
	if !startsWord(s, i) {
		return 0, false
	}
	return matchRest(s, i, f, plural)
}

// matchRest is matchFold without the check at the start: s[p:] continues a
// match with the rest f of a folded term.
func matchRest(s string, p int, f string, plural bool) (int, bool) {
	for k := 0; k < len(f); {
		fc := f[k]
		if lowerAlnum[fc] != 0 && p < len(s) && lowerAlnum[s[p]] == fc {
			p++
			k++
			continue
		}
		switch {
		case fc == ' ':
			n := 0
			for p < len(s) {
				if c := s[p]; c == ' ' || c == '-' || c == '_' || c == '\t' {
					p++
				} else if strings.HasPrefix(s[p:], "–") || strings.HasPrefix(s[p:], "—") {
					p += len("–")
				} else {
					break
				}
				n++
			}
			if n == 0 {
				return 0, false
			}
			k++
		case p >= len(s):
			return 0, false
		case fc == '\'' || fc == '"':
			// Any quote for any quote: 2003's glossary heads an entry
			// Intervening "If" Clause and cites it as "Intervening 'If'
			// Clause."
			n := quoteLen(s[p:], "'", "’", "‘", "ʼ", "\"", "“", "”")
			if n == 0 {
				return 0, false
			}
			p += n
			k++
		case plural && fc == 'y' && k == len(f)-1 && len(s)-p >= 3 && strings.EqualFold(s[p:p+3], "ies"):
			if !endsWord(s, p+3) {
				return 0, false
			}
			return p + 3, true
		case fc < utf8.RuneSelf && s[p] < utf8.RuneSelf:
			if lowerASCII(s[p]) != fc {
				return 0, false
			}
			p++
			k++
		default:
			// Accents: "Dandân" is "dandan".
			fr, n := utf8.DecodeRuneInString(f[k:])
			tr, m := utf8.DecodeRuneInString(s[p:])
			if unicode.ToLower(foldAccent(tr)) != fr {
				return 0, false
			}
			k += n
			p += m
		}
	}
	if endsWord(s, p) {
		return p, true
	}
	if plural {
		if lowerASCII(s[p]) == 's' && endsWord(s, p+1) {
			return p + 1, true
		}
		if len(s)-p >= 2 && strings.EqualFold(s[p:p+2], "es") && endsWord(s, p+2) {
			return p + 2, true
		}
	}
	return 0, false
}

func quoteLen(s string, quotes ...string) int {
	for _, q := range quotes {
		if strings.HasPrefix(s, q) {
			return len(q)
		}
	}
	return 0
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return lowerAlnum[r] != 0
	}
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}
