package rules

import (
	"sort"
	"strings"
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
//   - only the first mention of a term in each paragraph: the glossary link
//     is there for the reader who does not know the word, and marking every
//     repetition would colour whole paragraphs without telling them more;
//   - never inside a reference, a symbol or a hyperlink, nor a mention of an
//     entry inside that entry's own definition;
//   - never a term on stopTerms (below), a one-letter term ("X") or an
//     obsolete entry ("During (Obsolete)" is about old card wording, not
//     the word "during" in today's rules).
//
// Matching must be cheap because it looks at every word of ~950 KB of text:
// a word's lower-cased bytes are hashed as the scanner reads it, and the hash
// is looked up in a small open-addressing table keyed by the first word of
// each term. Only a hit (a word that starts some term) compares text, and it
// does so in place without allocating.

// stopTerms are glossary terms so common in rule text that marking them
// would mark nearly every line: each appears hundreds to thousands of times
// in the 2026 rules ("player" 2,793 times, "card" 2,652, "ability" 2,067),
// and a reader of the rules knows them. Their entries are still reached by
// "See X." references, search and the glossary itself. Longer terms that
// start with them ("mana ability", "activated ability") are still marked.
var stopTerms = map[string]bool{
	"card": true, "player": true, "turn": true, "you": true, "your": true,
	"ability": true, "abilities": true, "creature": true, "spell": true, "permanent": true,
	"object": true, "effect": true, "cost": true, "mana": true, "game": true,
	"control": true, "controller": true, "owner": true, "zone": true, "type": true,
	"enter": true, "name": true, "becomes": true,
	// "in which case" is not the enchantment subtype Case.
	"case": true,
}

// termForm is one way a term can be written: an entry's term, or the whole
// headline of an entry with several ("Active Player, Nonactive Player Order").
type termForm struct {
	fold    string // FoldTerm form, compared in place against text
	word    string // one-word terms: the lower-case word its key hashes ("token" or "tokens")
	next    byte   // longer terms: the first byte of the second word, for a quick reject
	entry   *GlossaryEntry
	mention bool // may be marked as a mention (not a stop term, not a headline)
}

type termSlot struct {
	key      uint64 // hash of a first word; 0 marks an empty slot
	lo, hi   int32  // cands[lo:hi], longest fold first
	mentions bool   // some candidate may be marked as a mention
}

// termTable finds glossary terms by the hash of their first word. Most words
// of the rules start no term, so a bit filter (filterBits bits indexed by the
// top of the hash) answers them before the table is probed.
type termTable struct {
	filter [1 << filterBits / 64]uint64
	slots  []termSlot
	shift  uint8 // slot index = key >> shift
	cands  []termForm
	exact  map[string]*GlossaryEntry // FoldTerm of every term and headline
}

const filterBits = 14

// Word hashing: FNV-1a over the ASCII letters and digits of a word, lower
// cased. The scanner computes the same hash while it reads a word.
const (
	hashOffset = 14695981039346656037
	hashPrime  = 1099511628211
)

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

func hashWord(w string) uint64 {
	h := uint64(hashOffset)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint64(lowerAlnum[w[i]])) * hashPrime
	}
	return finishHash(h)
}

// finishHash spreads FNV's weak top bits, which index the filter and the
// table, and keeps 0 free to mark empty slots.
func finishHash(h uint64) uint64 {
	return (h^h>>29)*0x9E3779B97F4A7C15 | 1
}

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

type keyedForm struct {
	key uint64
	termForm
}

func newTermTable(glossary []*GlossaryEntry) *termTable {
	tt := &termTable{exact: make(map[string]*GlossaryEntry, len(glossary)*2)}
	var keyed []keyedForm
	add := func(g *GlossaryEntry, name string, mention bool) {
		name = trimTerm(name)
		if name == "" || strings.ContainsAny(name, "[]") {
			return // a template such as "Partner with [name]" is not a word to find
		}
		f := FoldTerm(name)
		if _, dup := tt.exact[f]; !dup {
			tt.exact[f] = g
		}
		w := leadingWord(name)
		if w == "" {
			return // starts with a symbol or a non-ASCII letter: not found in text (none in any edition)
		}
		mention = mention && !stopTerms[f] && len(f) > 1 && !g.Obsolete
		c := termForm{fold: f, entry: g, mention: mention}
		if len(w) == len(f) {
			// A one-word term is matched by comparing the word alone; its
			// plural is another word with its own key.
			c.word = f
			keyed = append(keyed, keyedForm{hashWord(w), c})
			c.word = pluralOf(f)
			keyed = append(keyed, keyedForm{hashWord(c.word), c})
			return
		}
		if k := strings.IndexByte(f, ' '); k >= 0 && k+1 < len(f) && lowerAlnum[f[k+1]] != 0 {
			c.next = f[k+1]
		}
		keyed = append(keyed, keyedForm{hashWord(w), c})
	}
	for _, g := range glossary {
		if g == nil {
			continue
		}
		for _, t := range g.Terms {
			add(g, t, true)
		}
		if len(g.Terms) > 1 {
			add(g, g.Term(), false)
		}
	}
	sort.SliceStable(keyed, func(a, b int) bool {
		if keyed[a].key != keyed[b].key {
			return keyed[a].key < keyed[b].key
		}
		return len(keyed[a].fold) > len(keyed[b].fold)
	})
	nkeys := 0
	for i := range keyed {
		if i == 0 || keyed[i].key != keyed[i-1].key {
			nkeys++
		}
	}
	bits := uint8(4)
	for 1<<bits < nkeys*4 {
		bits++
	}
	tt.slots = make([]termSlot, 1<<bits)
	tt.shift = 64 - bits
	mask := uint64(len(tt.slots) - 1)
	tt.cands = make([]termForm, 0, len(keyed))
	for i := 0; i < len(keyed); {
		j := i
		lo := len(tt.cands)
		for ; j < len(keyed) && keyed[j].key == keyed[i].key; j++ {
			dup := false
			for _, c := range tt.cands[lo:] {
				if c.fold == keyed[j].fold {
					dup = true
				}
			}
			if !dup {
				tt.cands = append(tt.cands, keyed[j].termForm)
			}
		}
		key := keyed[i].key
		sl := termSlot{key: key, lo: int32(lo), hi: int32(len(tt.cands))}
		for _, c := range tt.cands[lo:] {
			sl.mentions = sl.mentions || c.mention
		}
		s := key >> tt.shift
		for tt.slots[s].key != 0 {
			s = (s + 1) & mask
		}
		tt.slots[s] = sl
		tt.filter[key>>(64-filterBits)/64] |= 1 << (key >> (64 - filterBits) % 64)
		i = j
	}
	return tt
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

// lookup returns the slot of the first word hashing to h, or nil.
func (tt *termTable) lookup(h uint64) *termSlot {
	if tt.filter[h>>(64-filterBits)/64]&(1<<(h>>(64-filterBits)%64)) == 0 {
		return nil
	}
	mask := uint64(len(tt.slots) - 1)
	for s := h >> tt.shift; ; s = (s + 1) & mask {
		sl := &tt.slots[s]
		if sl.key == h {
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
// digits, and h its hash. Mentions only consider markable terms;
// references ("See X.") consider every term.
func (tt *termTable) longest(s string, i, j int, h uint64, mentions bool) (*GlossaryEntry, int) {
	if tt == nil {
		return nil, 0
	}
	sl := tt.lookup(h)
	if sl == nil || mentions && !sl.mentions || !startsWord(s, i) {
		return nil, 0
	}
	for _, c := range tt.cands[sl.lo:sl.hi] {
		if mentions && !c.mention {
			continue
		}
		if c.word != "" {
			// One word: the text word is the term or its plural.
			if j-i == len(c.word) && equalLower(s[i:j], c.word) && endsWord(s, j) {
				return c.entry, j
			}
			continue
		}
		if c.next != 0 && j+1 < len(s) && s[j] == ' ' && lowerASCII(s[j+1]) != c.next {
			continue // the second word differs: most of "the …" is not "The Monarch"
		}
		if end, ok := matchFold(s, i, c.fold, true); ok {
			return c.entry, end
		}
	}
	return nil, 0
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
	c := s[i-1]
	if c < utf8.RuneSelf {
		return lowerAlnum[c] == 0 && c != '-'
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !isWordRune(r)
}

// endsWord reports whether a word may end at s[i].
func endsWord(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	c := s[i]
	if c < utf8.RuneSelf {
		return lowerAlnum[c] == 0 && c != '-'
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !isWordRune(r)
}

// matchFold reports whether s[i:] starts with the folded term f as whole
// words, comparing as FoldTerm does (case, accents, quote style, spaces and
// dashes) without building a string. With plural, the last word may carry a
// regular plural ending. It returns the index just past the match.
func matchFold(s string, i int, f string, plural bool) (int, bool) {
	if !startsWord(s, i) {
		return 0, false
	}
	p := i
	for k := 0; k < len(f); {
		fc := f[k]
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
		case fc < utf8.RuneSelf:
			if p >= len(s) {
				return 0, false
			}
			switch {
			case fc == '\'':
				if n := quoteLen(s[p:], "'", "’", "‘", "ʼ"); n > 0 {
					p += n
				} else {
					return 0, false
				}
			case fc == '"':
				if n := quoteLen(s[p:], "\"", "“", "”"); n > 0 {
					p += n
				} else {
					return 0, false
				}
			case plural && fc == 'y' && k == len(f)-1 && len(s)-p >= 3 && strings.EqualFold(s[p:p+3], "ies"):
				p += 3
				if !endsWord(s, p) {
					return 0, false
				}
				return p, true
			case s[p] >= utf8.RuneSelf:
				tr, m := utf8.DecodeRuneInString(s[p:])
				if unicode.ToLower(foldAccent(tr)) != rune(fc) {
					return 0, false
				}
				p += m
			default:
				if lowerASCII(s[p]) != fc {
					return 0, false
				}
				p++
			}
			k++
		default:
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
