package rules

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// index holds an edition's lookup tables. Link builds it; an edition is
// read-only afterwards, so lookups need no locking.
type index struct {
	order []*Rule // every numbered entry in document order
	// keys[i] is order[i]'s number as numberKey. When the numbers ascend
	// and each has a key (sorted), as in every real edition, an entry is
	// found by binary
	// search and the maps below are not built.
	keys     []uint32
	sorted   bool
	pos      map[*Rule]int
	byNumber map[Number]*Rule
	glossary []*GlossaryEntry
	names    termNames // FoldTerm(term), slug → glossary index (termTable.names, shared)
	topics   map[string]*Topic
	labels   map[string]any // RST label → *Rule, *Section, *GlossaryEntry
}

// numberKey orders numbers as Compare does. It is 32 bits, half the room
// of the obvious key over the 264,000 entries of the editions served, so
// it has none (ok false) for a chapter over 1023 or a rule over 16383,
// which no edition has.
func numberKey(n Number) (k uint32, ok bool) {
	if n.Chapter >= 1<<10 || n.Rule >= 1<<14 {
		return 0, false
	}
	return uint32(n.Chapter)<<22 | uint32(n.Rule)<<8 | uint32(n.Sub), true
}

// Reindex rebuilds e's lookup tables from its tree. Parsers and Link call it;
// code that edits a tree by hand calls it before looking anything up.
func (e *Edition) Reindex() { e.reindex(termTableFor(e.Glossary)) }

// reindex is Reindex given the glossary's term table.
func (e *Edition) reindex(terms *termTable) {
	n := 0
	e.Walk(func(*Rule) bool {
		n++
		return true
	})
	ix := &index{
		order:    make([]*Rule, 0, n),
		keys:     make([]uint32, 0, n),
		sorted:   true,
		glossary: e.Glossary,
		names:    terms.nameIndex(),
		topics:   make(map[string]*Topic, len(e.Topics)),
		labels:   map[string]any{},
	}
	for _, s := range e.Sections {
		if s.Label != "" {
			ix.labels[s.Label] = s
		}
	}
	e.Walk(func(r *Rule) bool {
		k, ok := numberKey(r.Number)
		if !ok || len(ix.keys) > 0 && k < ix.keys[len(ix.keys)-1] {
			ix.sorted = false
		}
		ix.order = append(ix.order, r)
		ix.keys = append(ix.keys, k)
		if l := e.labels[r]; l != "" {
			ix.labels[l] = r
		}
		return true
	})
	if !ix.sorted {
		ix.keys = nil
		ix.pos = make(map[*Rule]int, len(ix.order))
		ix.byNumber = make(map[Number]*Rule, len(ix.order))
		for i, r := range ix.order {
			ix.pos[r] = i
			if _, dup := ix.byNumber[r.Number]; !dup {
				ix.byNumber[r.Number] = r
			}
		}
	}
	for _, g := range e.Glossary {
		if l := e.labels[g]; l != "" {
			ix.labels[l] = g
		}
	}
	for _, t := range e.Topics {
		ix.topics[t.Slug] = t
	}
	e.index = ix
}

func (e *Edition) ix() *index {
	if e.index == nil {
		e.Reindex()
	}
	return e.index
}

// find returns the position in order of the first entry numbered n, or -1.
func (ix *index) find(n Number) int {
	k, ok := numberKey(n)
	if !ok {
		return -1 // no entry of a sorted index has a number without a key
	}
	lo, hi := 0, len(ix.keys)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ix.keys[m] < k {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(ix.keys) && ix.keys[lo] == k {
		return lo
	}
	return -1
}

// position returns r's position in order, or -1.
func (ix *index) position(r *Rule) int {
	if !ix.sorted {
		if i, ok := ix.pos[r]; ok {
			return i
		}
		return -1
	}
	i := ix.find(r.Number)
	if i < 0 {
		return -1
	}
	for ; i < len(ix.order) && ix.order[i].Number == r.Number; i++ {
		if ix.order[i] == r {
			return i
		}
	}
	return -1
}

// first returns the position in order of the entry Rule(n) returns, or -1.
func (ix *index) first(n Number) int {
	if !ix.sorted {
		if r, ok := ix.byNumber[n]; ok {
			return ix.pos[r]
		}
		return -1
	}
	return ix.find(n)
}

// Rule returns the entry numbered n, or nil.
func (e *Edition) Rule(n Number) *Rule {
	ix := e.ix()
	if !ix.sorted {
		return ix.byNumber[n]
	}
	if i := ix.find(n); i >= 0 {
		return ix.order[i]
	}
	return nil
}

// Entries returns every numbered entry (chapters, rules, subrules) in
// document order. The slice is shared: do not modify it.
func (e *Edition) Entries() []*Rule { return e.ix().order }

// Prev returns the numbered entry before r in document order, or nil.
func (e *Edition) Prev(r *Rule) *Rule {
	ix := e.ix()
	if i := ix.position(r); i > 0 {
		return ix.order[i-1]
	}
	return nil
}

// Next returns the numbered entry after r in document order, or nil.
func (e *Edition) Next(r *Rule) *Rule {
	ix := e.ix()
	if i := ix.position(r); i >= 0 && i+1 < len(ix.order) {
		return ix.order[i+1]
	}
	return nil
}

// Section returns section n (1–9), or nil.
func (e *Edition) Section(n int) *Section {
	for _, s := range e.Sections {
		if s.Number == n {
			return s
		}
	}
	return nil
}

// Term finds a glossary entry by any of its terms or its slug, ignoring case,
// accents and quote style. It returns nil if there is none.
func (e *Edition) Term(name string) *GlossaryEntry {
	ix := e.ix()
	if i, ok := ix.names.lookup(FoldTerm(name)); ok {
		return ix.glossary[i]
	}
	if i, ok := ix.names.lookup(strings.ToLower(name)); ok {
		return ix.glossary[i]
	}
	return nil
}

// Topic returns the prose topic with the given slug, or nil.
func (e *Edition) Topic(slug string) *Topic { return e.ix().topics[slug] }

// Label returns what an RST label names: a *Rule, *Section or
// *GlossaryEntry, or nil.
func (e *Edition) Label(l string) any { return e.ix().labels[l] }

// LabelOf is the reStructuredText or Markdown target that x, a numbered
// entry or glossary entry of e, was given; "" if none. A section's is its
// Label.
func (e *Edition) LabelOf(x any) string { return e.labels[x] }

// SetLabel gives x, a numbered entry or glossary entry of e, the target
// label ("" for none). The parsers call it; code that builds a tree by hand
// calls it before Reindex, as the index finds entries by their labels.
func (e *Edition) SetLabel(x any, label string) {
	if label == "" {
		delete(e.labels, x)
		return
	}
	if e.labels == nil {
		e.labels = map[any]string{}
	}
	e.labels[x] = label
}

// Nearest returns up to k existing numbers closest to n in document order:
// the entries just before and after where n would be. It helps a reader who
// mistyped a number.
func (e *Edition) Nearest(n Number, k int) []Number {
	order := e.ix().order
	i := sort.Search(len(order), func(i int) bool { return order[i].Number.Compare(n) >= 0 })
	lo, hi := i-1, i
	var out []Number
	for len(out) < k && (lo >= 0 || hi < len(order)) {
		if hi < len(order) {
			out = append(out, order[hi].Number)
			hi++
		}
		if len(out) < k && lo >= 0 {
			out = append(out, order[lo].Number)
			lo--
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Compare(out[b]) < 0 })
	return out
}

// FoldTerm normalises a glossary term for lookup: lower case, straight
// quotes, accents dropped, runs of space and dashes collapsed to one space.
func FoldTerm(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	if isASCII(s) {
		// The same, a byte at a time: most terms are ASCII.
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch c {
			case '-', '_', ' ', '\t', '\n', '\v', '\f', '\r':
				space = b.Len() > 0
				continue
			}
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(lowerASCII(c))
		}
		return b.String()
	}
	for _, r := range s {
		switch r {
		case '\u2018', '\u2019', '\u02bc':
			r = '\''
		case '\u201c', '\u201d':
			r = '"'
		case '-', '\u2013', '\u2014', '_':
			r = ' '
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		r = unicode.ToLower(foldAccent(r))
		b.WriteRune(r)
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldAccent maps the accented Latin letters the rules use to plain ones.
func foldAccent(r rune) rune {
	if r < 0xC0 || r > 0x17F {
		return r
	}
	const from = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ"
	const to = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy"
	for i, j := 0, 0; i < len(from); j++ {
		f, size := utf8.DecodeRuneInString(from[i:])
		if f == r {
			return rune(to[j])
		}
		i += size
	}
	return r
}

// Slug turns a title or term into a URL path segment: "Active Player,
// Nonactive Player Order" → "active-player-nonactive-player-order".
func Slug(s string) string {
	f := FoldTerm(s)
	var b strings.Builder
	dash := false
	for _, r := range f {
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') || r >= utf8.RuneSelf && unicode.IsLetter(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}
