package history

import (
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/arbiter-rules/arbiter/rules"
)

// unit is one piece of text that matching compares: a rule's paragraphs, an
// example, a chapter title, a glossary definition. Units are shared by
// every edition whose text is the same (units), so all 73 editions' worth
// costs about as much as the distinct texts.
type unit struct {
	// text is the text as printed, unless it is parts joined (Text): one
	// paragraph's is the edition's own string, and several paragraphs'
	// are kept as their own strings, not copied into one, unless masking
	// left the joined text as it was (then it is the masked text).
	text  string
	parts []part
	// masked points at the text with each cited rule number replaced by
	// "#", typography folded (mask): at text when that is what it reads,
	// else at a copy, which matching reads over and over; a Chain lets go
	// of the copies once its matchings are made (dropMasks), some 5.5 MiB
	// for the editions served, and they are made again from the text and
	// cuts when asked (issue 23).
	masked atomic.Pointer[string]
	cuts   []cut          // where in Text the cited numbers are
	nums   []rules.Number // the numbers masked, in order (a range gives its first and last)
	// words are the hashes of masked's words, sorted, for similarity
	// (bag): only matching reads them, so a Chain lets go of them once
	// its matchings are made (dropWords), some 5 MiB for the editions
	// served, and a later match makes each again as it needs it.
	words atomic.Pointer[[]uint32]
}

// cut is a reference span that cites rule numbers, as offsets into a
// unit's Text; a range whose end may be written short (maskRange) has
// rangeBit set in end.
type cut struct{ start, end uint32 }

const rangeBit = 1 << 31

// mask is u's masked text: the one kept, or else made again (and not
// kept: histories and diffs compare texts long after matching, and
// keeping what they ask for would keep the copies again).
func (u *unit) mask() string {
	if p := u.masked.Load(); p != nil {
		return *p
	}
	m, _ := maskCuts(u.Text(), u.cuts, nil)
	return m
}

// letGo lets go of u's bag of words and of its masked text, unless that
// is its text.
func (u *unit) letGo() {
	if u.masked.Load() != &u.text {
		u.masked.Store(nil)
	}
	u.words.Store(nil)
}

// keepMask keeps u's masked text, made again if it was let go of, for a
// match, which reads it over and over.
func (u *unit) keepMask() {
	if u.masked.Load() == nil {
		m := u.mask()
		u.masked.Store(&m) // two goroutines racing here store equal texts
	}
}

// bag is u's words, made again if they were let go of.
func (u *unit) bag() []uint32 {
	if p := u.words.Load(); p != nil {
		return *p
	}
	b := bagOf(u.mask())
	u.words.Store(&b) // two goroutines racing here store equal bags
	return b
}

// part is one paragraph of a unit of several, or of a numbered sense.
type part struct {
	s     string // the paragraph as the edition has it
	sense int    // a glossary sense's number, written before it; 0 if none
}

// Text is the unit's text as printed: its paragraphs, each a line, a
// numbered sense with its number. Only diffs ask for it, so the copies
// it makes of a unit of several paragraphs are garbage at once, where
// keeping them took 4.5 MiB for the editions served.
func (u *unit) Text() string {
	if u.parts == nil {
		return u.text
	}
	return joinParts(u.parts)
}

func joinParts(ps []part) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p.sense > 0 {
			b.WriteString(strconv.Itoa(p.sense) + ". ")
		}
		b.WriteString(p.s)
	}
	return b.String()
}

// units hands out one *unit per distinct text. It is safe for concurrent use.
//
// Units live as long as their chain and are made while matching leaves
// garbage of every size behind; allocated one by one they would be
// scattered among it and hold half-empty spans of the heap long after the
// garbage is collected (31 MiB of them once the 243 editions served were
// matched; 1 MiB since). So a unit's parts are copied into blocks of their
// kind (keep), which the chain lets go of all together.
type units struct {
	mu sync.Mutex
	// one holds the units of one paragraph by its text; many those of
	// several paragraphs (or a numbered sense) by the hash of their parts
	// (hashParts): of two that hash alike, the second goes unshared.
	one  map[string]*unit
	many map[uint64]*unit
	seed maphash.Seed

	// The free ends of the current blocks, guarded by mu.
	structs []unit
	bags    [][]uint32 // where units' words point (unit.words)
	masks   []string   // where units' masked copies point (unit.masked)
	// blocks are every block of units kept, whole, for dropWords and
	// dropMasks.
	blocks  [][]unit
	words   []uint32
	bytes   []byte // masked copies, let go of by dropMasks
	texts   []byte // joined texts, kept
	numbers []rules.Number
	cuts    []cut
	partsOf []part
}

func newUnits() *units {
	return &units{one: map[string]*unit{}, many: map[uint64]*unit{}, seed: maphash.MakeSeed()}
}

// Sizes of the blocks units are kept in; a part larger than a quarter of
// its block is allocated alone.
const (
	unitBlock   = 512
	wordBlock   = 32 << 10
	byteBlock   = 128 << 10
	numberBlock = 4 << 10
	cutBlock    = 4 << 10
	partBlock   = 1 << 10
)

// keep copies u, made from scratch, into the blocks. Called with us.mu
// held.
func (us *units) keep(u *unit) *unit {
	if len(us.structs) == cap(us.structs) {
		us.structs = make([]unit, 0, unitBlock)
	}
	us.structs = us.structs[:len(us.structs)+1]
	if len(us.structs) == 1 {
		us.blocks = append(us.blocks, us.structs[:cap(us.structs)])
	}
	k := &us.structs[len(us.structs)-1]
	k.text = u.text
	k.parts = copyInto(&us.partsOf, u.parts, partBlock)
	masked := u.mask()
	switch {
	case masked == k.text:
		k.masked.Store(&k.text) // the same bytes, never let go of
	case k.parts != nil && joinParts(k.parts) == masked:
		k.text, k.parts = str(&us.texts, masked), nil
		k.masked.Store(&k.text)
	default:
		if len(us.masks) == cap(us.masks) {
			us.masks = make([]string, 0, unitBlock)
		}
		us.masks = append(us.masks, str(&us.bytes, masked))
		k.masked.Store(&us.masks[len(us.masks)-1])
	}
	if len(us.bags) == cap(us.bags) {
		us.bags = make([][]uint32, 0, unitBlock)
	}
	us.bags = append(us.bags, copyInto(&us.words, u.bag(), wordBlock))
	k.words.Store(&us.bags[len(us.bags)-1])
	k.nums = copyInto(&us.numbers, u.nums, numberBlock)
	k.cuts = copyInto(&us.cuts, u.cuts, cutBlock)
	return k
}

// dropWords lets go of every unit's words (unit.bag): the blocks they
// are copied into are garbage once no unit points into them. A match
// running meanwhile makes again those it reads.
func (us *units) dropWords() {
	us.mu.Lock()
	defer us.mu.Unlock()
	for _, b := range us.blocks {
		for i := range b {
			b[i].words.Store(nil)
		}
	}
	us.bags, us.words = nil, nil
}

// dropMasks lets go of the masked copies of every unit's text
// (unit.masked): the blocks they are copied into are garbage once no
// unit points into them. A unit whose masked text is its text keeps it.
func (us *units) dropMasks() {
	us.mu.Lock()
	defer us.mu.Unlock()
	for _, b := range us.blocks {
		for i := range b {
			if b[i].masked.Load() != &b[i].text {
				b[i].masked.Store(nil)
			}
		}
	}
	us.masks, us.bytes = nil, nil
}

// str is s copied into the current block of *bytes.
func str(bytes *[]byte, s string) string {
	if s == "" {
		return ""
	}
	b := copyInto(bytes, []byte(s), byteBlock)
	return unsafe.String(&b[0], len(b))
}

// copyInto copies s into the free end of *block, starting a new block of
// size n when it has no room, and returns the copy, clipped to its length
// so that it cannot grow into its neighbour.
func copyInto[T any](block *[]T, s []T, n int) []T {
	switch {
	case len(s) == 0:
		return nil
	case len(s) > n/4:
		return slices.Clone(s)
	case cap(*block)-len(*block) < len(s):
		*block = make([]T, 0, n)
	}
	at := len(*block)
	*block = append(*block, s...)
	return (*block)[at:len(*block):len(*block)]
}

// of returns the unit for blocks joined as paragraphs. Only the blocks'
// reference spans are read, and those depend on the text alone, so equal
// text gives an equal unit whichever edition it came from.
func (us *units) of(blocks []rules.Block) *unit {
	if len(blocks) == 0 {
		return emptyUnit
	}
	if len(blocks) == 1 && blocks[0].Sense == 0 {
		key := blocks[0].Text.S
		us.mu.Lock()
		u := us.one[key]
		us.mu.Unlock()
		if u != nil {
			return u
		}
		u = newUnit(key, nil, blocks)
		us.mu.Lock()
		defer us.mu.Unlock()
		if v := us.one[key]; v != nil {
			return v
		}
		u = us.keep(u)
		us.one[key] = u
		return u
	}
	parts := make([]part, len(blocks))
	for i, b := range blocks {
		parts[i] = part{s: b.Text.S, sense: int(b.Sense)}
	}
	h := us.hashParts(parts)
	us.mu.Lock()
	u := us.many[h]
	us.mu.Unlock()
	if u != nil && u.is(parts) {
		return u
	}
	u = newUnit("", parts, blocks)
	us.mu.Lock()
	defer us.mu.Unlock()
	v := us.many[h]
	if v != nil && v.is(parts) {
		return v
	}
	u = us.keep(u)
	if v == nil {
		us.many[h] = u
	}
	return u
}

// is reports whether u's text is ps joined.
func (u *unit) is(ps []part) bool {
	if u.parts != nil {
		return slices.Equal(u.parts, ps)
	}
	s := u.text
	for i, p := range ps {
		if i > 0 {
			if s == "" || s[0] != '\n' {
				return false
			}
			s = s[1:]
		}
		if p.sense > 0 {
			n := strconv.Itoa(p.sense) + ". "
			if !strings.HasPrefix(s, n) {
				return false
			}
			s = s[len(n):]
		}
		if !strings.HasPrefix(s, p.s) {
			return false
		}
		s = s[len(p.s):]
	}
	return s == ""
}

func (us *units) hashParts(ps []part) uint64 {
	var h maphash.Hash
	h.SetSeed(us.seed)
	for _, p := range ps {
		maphash.WriteComparable(&h, p.sense)
		h.WriteString(p.s)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// title returns the unit for a chapter title, which cites nothing.
func (us *units) title(s string) *unit {
	return us.of([]rules.Block{{Text: rules.Text{S: s}}})
}

var emptyUnit = &unit{}

// newUnit makes the unit of blocks, whose text is text (one paragraph) or
// parts.
func newUnit(text string, parts []part, blocks []rules.Block) *unit {
	u := &unit{text: text, parts: parts}
	var lasts []rules.Number // per cut, a range's last number
	at := 0                  // where in Text the block's text starts
	for i, b := range blocks {
		if i > 0 {
			at++ // the newline
		}
		s := b.Text.S
		if b.Sense > 0 {
			at += len(strconv.Itoa(int(b.Sense)) + ". ")
		}
		last := 0
		for _, sp := range b.Text.Spans {
			c := sp.Cited()
			if sp.Kind != rules.SpanRef || c.Kind != rules.RefRule && c.Kind != rules.RefRange {
				continue
			}
			start, end := int(sp.Start), int(sp.End)
			if start < last || end > len(s) || start > end {
				continue
			}
			k := cut{uint32(at + start), uint32(at + end)}
			if c.Kind == rules.RefRange && !c.Last.IsZero() {
				k.end |= rangeBit
			}
			u.cuts = append(u.cuts, k)
			lasts = append(lasts, c.Last)
			last = end
		}
		at += len(s)
	}
	var masked string
	masked, u.nums = maskCuts(u.Text(), u.cuts, lasts)
	if masked == text {
		masked = text // share the bytes when nothing was masked
	}
	u.masked.Store(&masked)
	bag := bagOf(masked)
	u.words.Store(&bag)
	return u
}

// maskCuts is joined with every rule number the cuts cite replaced by
// "#", typography folded, and the numbers masked, in order. lasts holds
// each cut's range's last number, which a short end stands for; nil when
// only the text is wanted.
func maskCuts(joined string, cuts []cut, lasts []rules.Number) (string, []rules.Number) {
	var m strings.Builder
	var nums []rules.Number
	last := 0
	for k, c := range cuts {
		start, end := int(c.start), int(c.end&^rangeBit)
		if start < last || end > len(joined) || start > end {
			continue // not made by newUnit
		}
		m.WriteString(joined[last:start])
		ref := joined[start:end]
		if c.end&rangeBit == 0 {
			nums = maskNumbers(&m, ref, nums)
		} else {
			var short bool
			if nums, short = maskRange(&m, ref, nums); short && lasts != nil {
				nums = append(nums, lasts[k])
			}
		}
		last = end
	}
	m.WriteString(joined[last:])
	return fold(m.String()), nums
}

// maskNumbers writes ref with every rule number in it replaced by "#" and
// appends the numbers to nums. "rules 903.6–903.11" becomes "rules #–#".
func maskNumbers(m *strings.Builder, ref string, nums []rules.Number) []rules.Number {
	for i := 0; i < len(ref); {
		c := ref[i]
		if c >= '1' && c <= '9' && (i == 0 || !isNumByte(ref[i-1])) {
			if n, rest := rules.ScanNumber(ref[i:]); !n.IsZero() {
				m.WriteByte('#')
				nums = append(nums, n)
				i = len(ref) - len(rest)
				continue
			}
		}
		m.WriteByte(c)
		i++
	}
	return nums
}

// maskRange is maskNumbers for a range, whose end may be written short:
// in "601.2e–g" and "712.9–10" the "g" and the "10" stand for 601.2g and
// 712.10, and are masked as last, so that "601.2e–g" and "601.2f–h" read
// the same when 601.2e–g became 601.2f–h. It reports whether the end was
// short: the caller appends the range's last number then.
func maskRange(m *strings.Builder, ref string, nums []rules.Number) ([]rules.Number, bool) {
	n := len(nums)
	nums = maskNumbers(m, ref, nums)
	if len(nums) != n+1 {
		return nums, false
	}
	// The end is short: the word after the last dash.
	tail := len(ref)
	for tail > 0 && asciiWord(ref[tail-1]) {
		tail--
	}
	if tail == len(ref) || tail == 0 {
		return nums, false
	}
	s := m.String()
	m.Reset()
	m.WriteString(s[:len(s)-(len(ref)-tail)])
	m.WriteByte('#')
	return nums, true
}

func isNumByte(c byte) bool { return c >= '0' && c <= '9' || c == '.' }

// bagOf hashes the words of s, lower-cased, and sorts the hashes: two bags
// compare in one merge. A hash collision between two different words only
// nudges a similarity score. The words are compared as the Magic 2010
// update's terms read alike (wording.go): every form of play, cast and
// activate is one word, and a text that uses a term the update renamed
// ("comes into play") is bagged in the new term's words ("enters the
// battlefield"). Across the update, the same rule then keeps its words;
// elsewhere, the old terms are not in one edition and the new in the other.
func bagOf(s string) []uint32 {
	const (
		offset = 2166136261
		prime  = 16777619
	)
	bag := make([]uint32, 0, len(s)/6+1)
	var prev uint32
	old, removed := false, false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !asciiWord(c) {
				i++
				continue
			}
		} else if r, size := utf8.DecodeRuneInString(s[i:]); !isWord(r) {
			i += size
			continue
		}
		// hashWord, inline.
		h := uint32(offset)
		for i < len(s) {
			c := s[i]
			if c < utf8.RuneSelf {
				if !asciiWord(c) {
					break
				}
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				h = (h ^ uint32(c)) * prime
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if !isWord(r) {
				break
			}
			h = (h ^ uint32(unicode.ToLower(r))) * prime
			i += size
		}
		word := h
		if wordFilter[h&0xff] {
			removed = removed || removeHashes[h]
			old = old || oldTermAt(prev, h, removed)
			h = foldVerb(h)
		}
		bag = append(bag, h)
		prev = word
	}
	if old {
		return rebag(bag[:0], s)
	}
	slices.Sort(bag)
	return bag
}

// wordBufs lends rebag the slices it splits and rewords a text in.
var wordBufs = sync.Pool{New: func() any { return new([2][]string) }}

// rebag is bagOf for a text that uses a term the Magic 2010 update
// renamed: its words reworded (reword), bagged into bag.
func rebag(bag []uint32, s string) []uint32 {
	bufs := wordBufs.Get().(*[2][]string)
	ws := appendWords(bufs[0][:0], s, len(s))
	rw := appendReworded(bufs[1][:0], ws)
	for _, w := range rw {
		bag = append(bag, foldVerb(hashWord(w)))
	}
	clear(ws)
	clear(rw)
	bufs[0], bufs[1] = ws[:0], rw[:0]
	wordBufs.Put(bufs)
	slices.Sort(bag)
	return bag
}

// hashWord hashes a word lower-cased (FNV-1a over its bytes, a rune
// above ASCII as one value).
func hashWord(w string) uint32 {
	const (
		offset = 2166136261
		prime  = 16777619
	)
	h := uint32(offset)
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			h = (h ^ uint32(c)) * prime
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		h = (h ^ uint32(unicode.ToLower(r))) * prime
		i += size
	}
	return h
}

// verbHashes are the hashes of m10Verbs, which foldVerb maps to
// playHash; verbFilter rules most other hashes out at a glance.
var (
	verbHashes []uint32
	verbFilter [256]bool
	playHash   = hashWord("play")
)

// oldPairs are the hashes of two words in a row that tell a term the Magic
// 2010 update renamed (m10Phrases, m10Removes): the last two of its old
// form, which are not found together in the new terms. oldFilter rules
// most other hashes out at a glance.
var (
	oldPairs     = map[[2]uint32]bool{}
	oldFilter    [256]bool
	removeHashes = map[uint32]bool{}
	// wordFilter passes every hash that verbFilter, oldFilter or a remove
	// form might: bagOf looks no further at the others.
	wordFilter [256]bool
	gameHash   = hashWord("game")
)

func init() {
	for v := range m10Verbs {
		h := hashWord(v)
		verbHashes = append(verbHashes, h)
		verbFilter[h&0xff] = true
	}
	pair := func(a, b string) {
		oldPairs[[2]uint32{hashWord(a), hashWord(b)}] = true
		oldFilter[hashWord(b)&0xff] = true
	}
	for _, p := range m10Phrases {
		ws := strings.Fields(p[0])
		pair(ws[len(ws)-2], ws[len(ws)-1])
	}
	for v := range m10Removes {
		removeHashes[hashWord(v)] = true
		wordFilter[hashWord(v)&0xff] = true
	}
	for k := range wordFilter {
		wordFilter[k] = wordFilter[k] || verbFilter[k] || oldFilter[k]
	}
}

// oldTermAt reports whether the word hashed prev followed by the word
// hashed h may end a term the Magic 2010 update renamed. "the game" does
// only after a form of remove (removed says whether one came before):
// "removed from the game", "remove it from the game".
func oldTermAt(prev, h uint32, removed bool) bool {
	return oldFilter[h&0xff] && oldPairs[[2]uint32{prev, h}] && (h != gameHash || removed)
}

func foldVerb(h uint32) uint32 {
	if verbFilter[h&0xff] && slices.Contains(verbHashes, h) {
		return playHash
	}
	return h
}

// asciiWord reports whether an ASCII byte is part of a word for bagOf:
// letters, digits, and the # that stands for a cited number.
func asciiWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '#'
}

// similarity scores how much two bags of words share, from 0 to 1: the
// Dice coefficient (twice the words in common over the words in both), or,
// when the shorter text is long enough to mean something on its own and
// nearly all of it is in the longer one, a score for containment. The
// 2009 rewrite cut "For example, …" tails off rules into examples of their
// own, leaving the rule a part of what it was.
func similarity(a, b *unit) float64 {
	x, y := a.bag(), b.bag()
	if len(x)+len(y) == 0 {
		return 1
	}
	common := common(x, y)
	dice := 2 * float64(common) / float64(len(x)+len(y))
	if short := min(len(x), len(y)); short >= minContained {
		return max(dice, containedWeight*float64(common)/float64(short))
	}
	return dice
}

// common counts the words two bags share.
func common(x, y []uint32) int {
	n := 0
	for i, j := 0, 0; i < len(x) && j < len(y); {
		switch {
		case x[i] == y[j]:
			n++
			i++
			j++
		case x[i] < y[j]:
			i++
		default:
			j++
		}
	}
	return n
}

const (
	// minContained is the fewest words a text needs for containment in
	// another to count; containedWeight scales containment to a score.
	minContained    = 8
	containedWeight = 0.75
)

// maxSimilarity bounds similarity by the bags' sizes alone.
func maxSimilarity(a, b *unit) float64 {
	n, m := len(a.bag()), len(b.bag())
	if n+m == 0 {
		return 1
	}
	if min(n, m) >= minContained {
		return 1
	}
	return 2 * float64(min(n, m)) / float64(n+m)
}

// example is one printed example: the entry it belongs to and its place
// among that entry's examples.
type example struct {
	owner int32 // index into prepared.entries
	ord   int32 // 0-based among the owner's examples
	u     *unit
}

// prepared is an edition cut into units, ready to match.
type prepared struct {
	e        *rules.Edition
	entries  []*rules.Rule // e.Entries(): chapters, rules and subrules in order
	parent   []int32       // per entry: its parent's index, -1 for a chapter
	text     []*unit       // per entry: a chapter's title, else its paragraphs (a judge document's entry: both)
	examples []example     // in document order, so by owner (examplesOf)
	terms    []*unit       // per glossary entry: its definition
}

func prepare(e *rules.Edition, us *units) *prepared {
	p := &prepared{e: e, entries: e.Entries()}
	// A prepared edition is kept, and made while matching leaves garbage
	// of every size behind: its units' arrays are cut from one (as
	// newMatching's), since each on its own would keep a span of the heap
	// that is otherwise empty once the garbage is collected.
	n, nt := len(p.entries), len(e.Glossary)
	units := make([]*unit, n+nt)
	p.text, p.terms = units[:n:n], units[n:]
	p.parent = make([]int32, n)
	// The examples are counted first: an array grown by append would keep
	// its room to spare.
	nex := 0
	for _, r := range p.entries {
		for _, b := range r.Body {
			if b.Kind == rules.BlockExample {
				nex++
			}
		}
	}
	p.examples = make([]example, 0, nex)
	var paras []rules.Block
	var stack []int32 // the open ancestors of the current entry
	for i, r := range p.entries {
		for len(stack) > 0 && p.entries[stack[len(stack)-1]] != r.Parent {
			stack = stack[:len(stack)-1]
		}
		p.parent[i] = -1
		if len(stack) > 0 {
			p.parent[i] = stack[len(stack)-1]
		}
		stack = append(stack, int32(i))
		paras = paras[:0]
		ord := int32(0)
		for _, b := range r.Body {
			if b.Kind == rules.BlockExample {
				p.examples = append(p.examples, example{owner: int32(i), ord: ord, u: us.of([]rules.Block{b})})
				ord++
			} else {
				paras = append(paras, b)
			}
		}
		switch {
		case r.Title() == "":
			p.text[i] = us.of(paras)
		case e.Document() != rules.DocCR && len(paras) > 0:
			// A judge document's entry is its title and its text:
			// "2.3 Pregame Procedures" changes when its steps do.
			p.text[i] = us.of(append([]rules.Block{{Text: rules.Text{S: r.Title()}}}, paras...))
		default:
			p.text[i] = us.title(r.Title())
		}
	}
	for i, g := range e.Glossary {
		p.terms[i] = us.of(g.Body)
	}
	return p
}

// keepMasks has every unit of p keep its masked text (unit.keepMask),
// which matching reads over and over: after a Chain let go of them, an
// edition matched outside it makes again those its units need.
func (p *prepared) keepMasks() {
	for _, u := range p.text {
		u.keepMask()
	}
	for _, x := range p.examples {
		x.u.keepMask()
	}
	for _, u := range p.terms {
		u.keepMask()
	}
}

// letGo lets go of what only matching reads of p's units, as a Chain's
// Warm does for all of them (dropMasks, dropWords).
func (p *prepared) letGo() {
	for _, u := range p.text {
		u.letGo()
	}
	for _, x := range p.examples {
		x.u.letGo()
	}
	for _, u := range p.terms {
		u.letGo()
	}
}

// examplesOf returns the range of p.examples that belong to entry i,
// found by binary search: the examples are in their owners' order, and
// an index of each entry's first one, kept for every prepared edition,
// took 4 bytes an entry (issue 23) to save a dozen comparisons a call.
func (p *prepared) examplesOf(i int) (lo, hi int) {
	owner := func(x example, i int32) int { return int(x.owner - i) }
	lo, _ = slices.BinarySearchFunc(p.examples, int32(i), owner)
	hi, _ = slices.BinarySearchFunc(p.examples[lo:], int32(i)+1, owner)
	return lo, lo + hi
}

// nextSibling is the entry after i under the same parent (for a
// chapter, the next chapter), or -1.
func (p *prepared) nextSibling(i int) int {
	for k := i + 1; k < len(p.entries); k++ {
		switch {
		case p.parent[k] == p.parent[i]:
			return k
		case !p.within(k, p.parent[i]):
			return -1
		}
	}
	return -1
}

// prevSibling is the entry before j under the same parent, or -1.
func (p *prepared) prevSibling(j int) int {
	for k := j - 1; k >= 0 && int32(k) != p.parent[j]; k-- {
		if p.parent[k] == p.parent[j] {
			return k
		}
	}
	return -1
}

// within reports whether entry k is under entry anc (any entry is under
// -1, the top).
func (p *prepared) within(k int, anc int32) bool {
	for q := p.parent[k]; q >= 0; q = p.parent[q] {
		if q == anc {
			return true
		}
	}
	return anc < 0
}

// isChapter reports whether entry i is a chapter, compared by title.
func (p *prepared) isChapter(i int) bool { return p.entries[i].Number.Level() == rules.LevelChapter }

// indexOf returns r's index in p.entries, or -1. Entries are in document
// order, which is number order in every sane source, so it searches by
// number and checks; a source out of order falls back to a scan.
func (p *prepared) indexOf(r *rules.Rule) int {
	if r == nil {
		return -1
	}
	i, _ := slices.BinarySearchFunc(p.entries, r.Number, func(x *rules.Rule, n rules.Number) int { return x.Number.Compare(n) })
	if i < len(p.entries) && p.entries[i] == r {
		return i
	}
	return slices.Index(p.entries, r)
}

// number returns the index of the entry numbered n, or -1.
func (p *prepared) number(n rules.Number) int { return p.indexOf(p.e.Rule(n)) }

// weights rates each word by how rare it is among the rules of the two
// editions being matched (its inverse document frequency). Sharing "snow"
// and "covered" says more than sharing "multiple instances … are
// redundant", which a hundred keyword rules print.
type weights map[uint32]float32

func weightsOf(ps ...*prepared) weights {
	df := map[uint32]int32{}
	n := 0
	for _, p := range ps {
		for i, u := range p.text {
			if p.isChapter(i) {
				continue
			}
			n++
			bag := u.bag()
			for k, h := range bag {
				if k == 0 || bag[k-1] != h {
					df[h]++
				}
			}
		}
	}
	ws := make(weights, len(df))
	for h, d := range df {
		ws[h] = float32(math.Log(float64(n+1) / float64(d)))
	}
	return ws
}

// weighted is a unit's bag with each word's weight beside it.
type weighted struct {
	bag   []uint32
	w     []float32
	total float64
}

func (ws weights) of(u *unit) weighted {
	bag := u.bag()
	x := weighted{bag: bag, w: make([]float32, len(bag))}
	for k, h := range bag {
		w, ok := ws[h]
		if !ok {
			w = float32(math.Log(float64(len(ws) + 1)))
		}
		x.w[k] = w
		x.total += float64(w)
	}
	return x
}

// weightedSimilarity is similarity with words weighed by rarity.
func weightedSimilarity(x, y weighted) float64 {
	if x.total+y.total == 0 {
		return 1
	}
	common := 0.0
	for i, j := 0, 0; i < len(x.bag) && j < len(y.bag); {
		switch {
		case x.bag[i] == y.bag[j]:
			common += float64(x.w[i])
			i++
			j++
		case x.bag[i] < y.bag[j]:
			i++
		default:
			j++
		}
	}
	dice := 2 * common / (x.total + y.total)
	if min(len(x.bag), len(y.bag)) >= minContained {
		return max(dice, containedWeight*common/min(x.total, y.total))
	}
	return dice
}
