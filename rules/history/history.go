package history

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

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
	// bridges[k] matches eds[k-1] with eds[k+1] across a cut eds[k]
	// (missing.go).
	bridges []lazy[*Matching]

	mu    sync.Mutex
	twins map[*rules.Edition]*Matching // an edition outside the chain → the chain edition of its date
	// warmed says Warm has let go of what only matching reads.
	warmed atomic.Bool
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
	c.bridges = make([]lazy[*Matching], len(c.eds))
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

// Warm computes every matching of neighbours, and the bridge across each
// cut edition, on all cores, so the first history asked for does not wait
// for them; then it lets go of the bags of words matching compares, which
// a later match (an edition outside the chain) makes again as it needs.
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
	for k := range c.eds {
		if c.bridgeable(k) {
			c.bridge(k)
		}
	}
	// Every matching of the chain is made: the words only matching reads
	// can go (some 5 MiB for the editions served, issue 23), and the
	// masked copies of the texts, which histories and diffs make again
	// for the few they compare (5.5 MiB).
	c.us.dropWords()
	c.us.dropMasks()
	c.warmed.Store(true)
}

// matchAside matches two editions of which one at least is outside the
// chain. Once Warm has let go of what only matching reads, the match makes
// it again for the units of a and b, and it lets go of it after: the
// search's lineages match the second rendering of a date to its twin in
// the chain, which kept 1.4 MiB of masked texts and words again.
func (c *Chain) matchAside(a, b *prepared) *Matching {
	m := match(a, b)
	if c.warmed.Load() {
		a.letGo()
		b.letGo()
	}
	return m
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
		return c.matchAside(prepare(from, c.us), prepare(to, c.us))
	}
	return c.compose(i, j)
}

// compose chains the matchings from eds[i] to eds[j], in either
// direction, across any cut edition between them.
func (c *Chain) compose(i, j int) *Matching {
	m := c.steps(min(i, j), max(i, j), true)
	if i > j {
		return m.reversed()
	}
	return m
}

// steps chains the matchings of neighbours from eds[lo] to eds[hi], each
// direction on its own. With across, a cut edition strictly between them
// is stepped over through its bridge (missing.go), and only the ends' own
// cut files leave an entry missing: what a cut edition between them lacks
// and no bridge could follow (two cut editions side by side) is unpaired.
// Without, every missing mark is kept, as a bridge needs them.
func (c *Chain) steps(lo, hi int, across bool) *Matching {
	var path []*Matching
	for k := lo; k < hi; {
		if across && k+1 < hi && c.bridgeable(k+1) {
			path = append(path, c.bridge(k+1))
			k += 2
			continue
		}
		path = append(path, c.pair(k))
		k++
	}
	m := newMatching(c.prepared(lo), c.prepared(hi))
	if len(path) == 1 {
		m.splitFrom, m.mergedInto = path[0].splitFrom, path[0].mergedInto
	}
	fwd := [][]int32{m.entry, m.example, m.term}
	back := [][]int32{m.entryBack, m.exampleBack, m.termBack}
	for _, s := range append(fwd, back...) {
		for x := range s {
			s[x] = int32(x)
		}
	}
	step := func(s, by []int32, end bool) {
		for x, y := range s {
			if y >= 0 {
				s[x] = by[y]
			}
		}
		if across && !end {
			unmark(s)
		}
	}
	for k, p := range path {
		for n, by := range [][]int32{p.entry, p.example, p.term} {
			step(fwd[n], by, k == len(path)-1)
		}
	}
	for k := len(path) - 1; k >= 0; k-- {
		p := path[k]
		for n, by := range [][]int32{p.entryBack, p.exampleBack, p.termBack} {
			step(back[n], by, k == 0)
		}
	}
	return m
}

// reversed is m the other way round: from m.b to m.a.
func (m *Matching) reversed() *Matching {
	return &Matching{a: m.b, b: m.a, m10: m.m10,
		entry: m.entryBack, entryBack: m.entry,
		example: m.exampleBack, exampleBack: m.example,
		term: m.termBack, termBack: m.term,
		splitFrom: m.mergedInto, mergedInto: m.splitFrom}
}

// Version is an entry as one edition has it: a numbered entry (Rule) in a
// History, a glossary entry (Term) in a TermHistory.
type Version struct {
	Edition *rules.Edition
	Rule    *rules.Rule
	Term    *rules.GlossaryEntry
}

// Event is one thing that happened to an entry: added, removed, changed
// and/or renumbered (a term: renamed), in the edition named.
type Event struct {
	Op      Op
	Edition *rules.Edition
	// Old is the entry in the version before (nil when Added); New in
	// Edition (nil when Removed). OldTerm and NewTerm are the same for a
	// glossary entry.
	Old, New         *rules.Rule
	OldTerm, NewTerm *rules.GlossaryEntry
	OldText, NewText string
	// SplitFrom, for a rule Added, is the rule (in the edition before)
	// whose text it was cut from, the rest of which goes on as another;
	// MergedInto, for a rule Removed, the rule (in Edition) its text was
	// joined to, which goes on from another (see matchOpenings). Nil
	// otherwise.
	SplitFrom, MergedInto *Version
}

// Words is the word-level diff of a change.
func (ev *Event) Words() []Segment { return WordDiff(ev.OldText, ev.NewText) }

// History is an entry's life across the chain's editions.
type History struct {
	// Versions are the entry in every chain edition that has it, under
	// whatever number, oldest first. Only an edition whose file is cut
	// short before the entry (Missing) leaves a gap.
	Versions []Version
	// Events are its addition (unless it is in the oldest edition), each
	// change and renumbering, and its removal (unless it is in the newest),
	// oldest first. Across a gap, the versions either side are compared.
	Events []Event
	// Missing are the editions, within or beside the span of Versions,
	// whose source file is cut short before the entry
	// (rules.Edition.Truncated): the entry is not in that file, which says
	// nothing of whether it was in the rules.
	Missing []*rules.Edition
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
	return c.follow(k, x, rulesOf).history(c, rulesOf)
}

// TermHistory follows glossary entry g of edition e through the chain, as
// History does a rule: renamed (Moved) when its headword changes, Changed
// when its definition does. An edition outside the chain is followed
// through the chain edition of its date, by headword. It returns nil if g
// cannot be placed in the chain.
func (c *Chain) TermHistory(e *rules.Edition, g *rules.GlossaryEntry) *History {
	if len(c.eds) == 0 || g == nil {
		return nil
	}
	k := c.Index(e)
	if k < 0 {
		for i, x := range c.eds {
			if x.EffectiveDate() == e.EffectiveDate() && e.EffectiveDate() != "" && e.Kind != rules.KindProse {
				k = i
			}
		}
		if k < 0 {
			return nil
		}
		if g = c.eds[k].Term(g.Term()); g == nil {
			return nil
		}
	}
	x := slices.Index(c.eds[k].Glossary, g)
	if x < 0 {
		return nil
	}
	return c.follow(k, x, termsOf).history(c, termsOf)
}

// items is what following a rule and following a glossary entry differ
// in: which of a matching's arrays pair them, what a version holds, and
// how two versions differ.
type items interface {
	arrays(m *Matching) (fwd, back []int32)
	version(p *prepared, x int) Version
	// side fills the Old (old) or New side of ev with p's item x.
	side(ev *Event, p *prepared, x int, old bool)
	op(m *Matching, p, q *prepared, x, y int) Op
}

type ruleItems struct{}
type termItems struct{}

var (
	rulesOf items = ruleItems{}
	termsOf items = termItems{}
)

func (ruleItems) arrays(m *Matching) ([]int32, []int32) { return m.entry, m.entryBack }

func (ruleItems) version(p *prepared, x int) Version {
	return Version{Edition: p.e, Rule: p.entries[x]}
}

func (ruleItems) side(ev *Event, p *prepared, x int, old bool) {
	if old {
		ev.Old, ev.OldText = p.entries[x], p.text[x].Text()
	} else {
		ev.New, ev.NewText = p.entries[x], p.text[x].Text()
	}
}

func (ruleItems) op(m *Matching, p, q *prepared, x, y int) Op {
	op := m.compare(p.text[x], q.text[y])
	if p.entries[x].Number != q.entries[y].Number {
		op |= Moved
	}
	return op
}

func (termItems) arrays(m *Matching) ([]int32, []int32) { return m.term, m.termBack }

func (termItems) version(p *prepared, x int) Version {
	return Version{Edition: p.e, Term: p.e.Glossary[x]}
}

func (termItems) side(ev *Event, p *prepared, x int, old bool) {
	if old {
		ev.OldTerm, ev.OldText = p.e.Glossary[x], p.terms[x].Text()
	} else {
		ev.NewTerm, ev.NewText = p.e.Glossary[x], p.terms[x].Text()
	}
}

func (termItems) op(m *Matching, p, q *prepared, x, y int) Op {
	op := m.compare(p.terms[x], q.terms[y])
	if p.e.Glossary[x].Term() != q.e.Glossary[y].Term() {
		op |= Moved
	}
	return op
}

// stop is an item as one chain edition has it: eds[k]'s item x, reached
// from the stop before through via.
type stop struct {
	k, x int
	via  *Matching
}

// trail is an item's path through the chain.
type trail struct {
	stops   []stop // oldest first
	missing []int  // the editions whose cut file lacks the item, in order
	added   int    // the edition it was added in; -1 if it is in the oldest, or that is unknown
	removed int    // the edition it was removed in; -1 if it is in the newest, or that is unknown
}

// follow walks item x of eds[k] back to the first edition that has it,
// then forward to the last. An edition whose file is cut short before the
// item is stepped over through the bridge between its neighbours
// (missing.go); if the item is not on the other side either, it was added
// or removed by then.
func (c *Chain) follow(k, x int, it items) trail {
	tr := trail{added: -1, removed: -1}
	for k > 0 {
		_, back := it.arrays(c.pair(k - 1))
		y := back[x]
		if y == missing && c.bridgeable(k-1) {
			_, bb := it.arrays(c.bridge(k - 1))
			if z := bb[x]; z >= 0 {
				x, k = int(z), k-2
				continue
			}
			tr.missing = append(tr.missing, k-1)
			tr.added = k
			break
		}
		if y >= 0 {
			x, k = int(y), k-1
			continue
		}
		if y == missing {
			tr.missing = append(tr.missing, k-1) // when it came is unknown
		} else {
			tr.added = k
		}
		break
	}
	tr.stops = append(tr.stops, stop{k: k, x: x})
	for k+1 < len(c.eds) {
		m := c.pair(k)
		fwd, _ := it.arrays(m)
		y := fwd[x]
		if y == missing && c.bridgeable(k+1) {
			tr.missing = append(tr.missing, k+1)
			m = c.bridge(k + 1)
			fwd, _ = it.arrays(m)
			if z := fwd[x]; z >= 0 {
				x, k = int(z), k+2
				tr.stops = append(tr.stops, stop{k: k, x: x, via: m})
				continue
			}
			tr.removed = k + 2
			break
		}
		if y >= 0 {
			x, k = int(y), k+1
			tr.stops = append(tr.stops, stop{k: k, x: x, via: m})
			continue
		}
		if y == missing {
			tr.missing = append(tr.missing, k+1) // whether it went is unknown
		} else {
			tr.removed = k + 1
		}
		break
	}
	return tr
}

// history turns a trail of items of one kind into a History.
func (tr trail) history(c *Chain, it items) *History {
	h := &History{Newest: c.eds[len(c.eds)-1]}
	for i, s := range tr.stops {
		q := c.prepared(s.k)
		h.Versions = append(h.Versions, it.version(q, s.x))
		if i == 0 {
			if tr.added >= 0 {
				ev := Event{Op: Added, Edition: q.e}
				it.side(&ev, q, s.x, false)
				if it == rulesOf && s.k > 0 {
					m := c.pair(s.k - 1)
					if x, ok := m.splitFrom[int32(s.x)]; ok && m.entryBack[s.x] < 0 {
						ev.SplitFrom = &Version{Edition: m.a.e, Rule: m.a.entries[x]}
					}
				}
				h.Events = append(h.Events, ev)
			}
			continue
		}
		prev := tr.stops[i-1]
		p := c.prepared(prev.k)
		if op := it.op(s.via, p, q, prev.x, s.x); op != 0 {
			ev := Event{Op: op, Edition: q.e}
			it.side(&ev, p, prev.x, true)
			it.side(&ev, q, s.x, false)
			h.Events = append(h.Events, ev)
		}
	}
	if tr.removed >= 0 {
		last := tr.stops[len(tr.stops)-1]
		ev := Event{Op: Removed, Edition: c.eds[tr.removed]}
		it.side(&ev, c.prepared(last.k), last.x, true)
		if it == rulesOf && tr.removed == last.k+1 {
			m := c.pair(last.k)
			if y, ok := m.mergedInto[int32(last.x)]; ok && m.entry[last.x] < 0 {
				ev.MergedInto = &Version{Edition: m.b.e, Rule: m.b.entries[y]}
			}
		}
		h.Events = append(h.Events, ev)
	}
	for _, k := range tr.missing {
		h.Missing = append(h.Missing, c.eds[k])
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
		m = c.matchAside(prepare(e, c.us), c.prepared(c.Index(t)))
		c.twins[e] = m
	}
	c.mu.Unlock()
	x := m.a.indexOf(r)
	if x < 0 || m.entry[x] < 0 {
		return nil, nil
	}
	return t, m.b.entries[m.entry[x]]
}
