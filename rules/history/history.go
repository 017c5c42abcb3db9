// Package history follows the Comprehensive Rules through time: what
// changed between two editions (rules, examples, glossary entries and
// chapter titles added, removed, reworded or renumbered, with word-level
// diffs) and the history of one rule across every edition, through its
// renumberings.
//
// A Chain holds the library's whole editions oldest first and matches each
// with the next (match.go); a diff between editions further apart composes
// those matchings, so a rule is followed step by step the way the rules
// themselves changed. Matchings are computed once, on first use or by Warm,
// and kept: they are a few slices of indexes per pair of editions.
package history

import (
	"runtime"
	"slices"
	"sync"

	"github.com/arbiter-rules/arbiter/rules"
)

// Chain is the sequence of whole editions in a library, oldest first, with
// the matching of each to the next. It is safe for concurrent use.
type Chain struct {
	eds   []*rules.Edition
	pos   map[*rules.Edition]int
	us    *units
	preps []lazy[*prepared]
	pairs []lazy[*Matching] // pairs[k] matches eds[k] with eds[k+1]

	mu    sync.Mutex
	twins map[*rules.Edition]*Matching // an edition outside the chain → the chain edition of its date
}

type lazy[T any] struct {
	once sync.Once
	v    T
}

func (l *lazy[T]) get(f func() T) T {
	l.once.Do(func() { l.v = f() })
	return l.v
}

// NewChain takes lib's whole editions of the numbered rules, oldest first.
// Excerpts and prose editions stay out, and of two editions with the same
// date only the first the library lists (Wizards' text) is taken.
func NewChain(lib *rules.Library) *Chain {
	c := &Chain{pos: map[*rules.Edition]int{}, us: newUnits(), twins: map[*rules.Edition]*Matching{}}
	// The library lists editions newest first and, within a date, the
	// preferred one first.
	seen := map[string]bool{}
	for _, e := range lib.Editions {
		if e.Kind != rules.KindFull || len(e.Sections) == 0 || seen[e.EffectiveDate()] {
			continue
		}
		seen[e.EffectiveDate()] = true
		c.eds = append(c.eds, e)
	}
	slices.Reverse(c.eds)
	for k, e := range c.eds {
		c.pos[e] = k
	}
	c.preps = make([]lazy[*prepared], len(c.eds))
	if len(c.eds) > 1 {
		c.pairs = make([]lazy[*Matching], len(c.eds)-1)
	}
	return c
}

// Editions are the chain's editions, oldest first. Do not modify the slice.
func (c *Chain) Editions() []*rules.Edition { return c.eds }

// Index is e's place in the chain, or -1 if e is not in it.
func (c *Chain) Index(e *rules.Edition) int {
	if k, ok := c.pos[e]; ok {
		return k
	}
	return -1
}

func (c *Chain) prepared(k int) *prepared {
	return c.preps[k].get(func() *prepared { return prepare(c.eds[k], c.us) })
}

// pair is the matching of eds[k] with eds[k+1].
func (c *Chain) pair(k int) *Matching {
	return c.pairs[k].get(func() *Matching { return match(c.prepared(k), c.prepared(k+1)) })
}

// Warm computes every matching of neighbours, on all cores, so the first
// history asked for does not wait for them.
func (c *Chain) Warm() {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(c.pairs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				c.pair(k)
			}
		}()
	}
	for k := range c.pairs {
		next <- k
	}
	close(next)
	wg.Wait()
}

// Diff lists what changed from one edition to another, in either
// direction. Between two chain editions it composes the matchings of the
// editions between them; otherwise (an excerpt, a second rendering of a
// date) it matches the two directly.
func (c *Chain) Diff(from, to *rules.Edition) *Diff {
	return c.match(from, to).diff()
}

func (c *Chain) match(from, to *rules.Edition) *Matching {
	i, j := c.Index(from), c.Index(to)
	if i < 0 || j < 0 {
		return match(prepare(from, c.us), prepare(to, c.us))
	}
	return c.compose(i, j)
}

// compose chains the matchings from eds[i] to eds[j].
func (c *Chain) compose(i, j int) *Matching {
	m := newMatching(c.prepared(i), c.prepared(j))
	identity := func(s []int32) {
		for x := range s {
			s[x] = int32(x)
		}
	}
	identity(m.entry)
	identity(m.example)
	identity(m.term)
	step := func(s, by []int32) {
		for x, y := range s {
			if y >= 0 {
				s[x] = by[y]
			}
		}
	}
	for k := i; k < j; k++ {
		p := c.pair(k)
		step(m.entry, p.entry)
		step(m.example, p.example)
		step(m.term, p.term)
	}
	for k := i; k > j; k-- {
		p := c.pair(k - 1)
		step(m.entry, p.entryBack)
		step(m.example, p.exampleBack)
		step(m.term, p.termBack)
	}
	back := func(s, b []int32) {
		for x, y := range s {
			if y >= 0 {
				b[y] = int32(x)
			}
		}
	}
	back(m.entry, m.entryBack)
	back(m.example, m.exampleBack)
	back(m.term, m.termBack)
	return m
}

// Version is an entry as one edition has it.
type Version struct {
	Edition *rules.Edition
	Rule    *rules.Rule
}

// Event is one thing that happened to an entry: added, removed, changed
// and/or renumbered, in the edition named.
type Event struct {
	Op      Op
	Edition *rules.Edition
	// Old is the entry in the edition before (nil when Added); New in
	// Edition (nil when Removed).
	Old, New         *rules.Rule
	OldText, NewText string
}

// Words is the word-level diff of a change.
func (ev *Event) Words() []Segment { return WordDiff(ev.OldText, ev.NewText) }

// History is an entry's life across the chain's editions.
type History struct {
	// Versions are the entry in every chain edition that has it, under
	// whatever number, oldest first and without gaps.
	Versions []Version
	// Events are its addition (unless it is in the oldest edition), each
	// change and renumbering, and its removal (unless it is in the newest),
	// oldest first.
	Events []Event
	// Newest is the newest edition of the chain; the entry is current if
	// its last version is in it.
	Newest *rules.Edition
}

// Last is the entry in the newest edition that has it.
func (h *History) Last() Version { return h.Versions[len(h.Versions)-1] }

// Current is the entry as the newest edition has it, or false if it was
// removed.
func (h *History) Current() (Version, bool) {
	v := h.Last()
	return v, v.Edition == h.Newest
}

// History follows r of edition e back to the first edition that has it and
// forward to the last. An edition outside the chain (an excerpt) is
// followed through the chain edition of its date. It returns nil if r
// cannot be placed in the chain.
func (c *Chain) History(e *rules.Edition, r *rules.Rule) *History {
	if len(c.eds) == 0 || r == nil {
		return nil
	}
	k := c.Index(e)
	if k < 0 {
		if e, r = c.twin(e, r); e == nil {
			return nil
		}
		k = c.Index(e)
	}
	x := c.prepared(k).indexOf(r)
	if x < 0 {
		return nil
	}
	for k > 0 {
		y := c.pair(k - 1).entryBack[x]
		if y < 0 {
			break
		}
		x, k = int(y), k-1
	}
	h := &History{Newest: c.eds[len(c.eds)-1]}
	p := c.prepared(k)
	h.Versions = append(h.Versions, Version{c.eds[k], p.entries[x]})
	if k > 0 {
		h.Events = append(h.Events, Event{Op: Added, Edition: c.eds[k], New: p.entries[x], NewText: p.text[x].text})
	}
	for ; k+1 < len(c.eds); k++ {
		m := c.pair(k)
		y := int(m.entry[x])
		if y < 0 {
			h.Events = append(h.Events, Event{Op: Removed, Edition: c.eds[k+1], Old: p.entries[x], OldText: p.text[x].text})
			break
		}
		q := m.b
		var op Op
		if p.entries[x].Number != q.entries[y].Number {
			op |= Moved
		}
		if !m.same(p.text[x], q.text[y]) {
			op |= Changed
		}
		if op != 0 {
			h.Events = append(h.Events, Event{Op: op, Edition: c.eds[k+1], Old: p.entries[x], New: q.entries[y],
				OldText: p.text[x].text, NewText: q.text[y].text})
		}
		h.Versions = append(h.Versions, Version{c.eds[k+1], q.entries[y]})
		x, p = y, q
	}
	return h
}

// twin places r of an edition outside the chain in the chain edition of
// the same date, matching the two once.
func (c *Chain) twin(e *rules.Edition, r *rules.Rule) (*rules.Edition, *rules.Rule) {
	var t *rules.Edition
	for _, x := range c.eds {
		if x.EffectiveDate() == e.EffectiveDate() && e.EffectiveDate() != "" {
			t = x
		}
	}
	if t == nil || e.Kind == rules.KindProse {
		return nil, nil
	}
	c.mu.Lock()
	m := c.twins[e]
	if m == nil {
		m = match(prepare(e, c.us), c.prepared(c.Index(t)))
		c.twins[e] = m
	}
	c.mu.Unlock()
	x := m.a.indexOf(r)
	if x < 0 || m.entry[x] < 0 {
		return nil, nil
	}
	return t, m.b.entries[m.entry[x]]
}
