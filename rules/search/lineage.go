package search

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// Histories follows entries through a library's editions; rules/history's
// Chain is one. A Searcher with one groups the hits of an edition:all
// search by rule history: 704.5j today, 704.5k before 2017 and 420.5e before
// 2009 are one hit.
type Histories interface {
	History(e *rules.Edition, r *rules.Rule) *history.History
	TermHistory(e *rules.Edition, g *rules.GlossaryEntry) *history.History
}

// place is an entry of one edition: the edition's index in the library
// (newest first) and the entry's index among the edition's entries of its
// kind (Edition.Entries, Glossary or Topics).
type place uint32

const (
	placeShift  = 22 // entries per edition: 4 million
	maxEditions = 1 << (32 - placeShift)
)

func mkPlace(ed, entry int) place { return place(ed<<placeShift | entry) }
func (p place) ed() int           { return int(p >> placeShift) }
func (p place) entry() int        { return int(p & (1<<placeShift - 1)) }

// kindSlot numbers the kinds of entries, to index per-kind tables.
func kindSlot(k docKind) int { return int(k) - 1 }

// lineages assigns every entry of every edition to a lineage: the entry
// through time, as Histories follows it, or without Histories the entries
// that share a number (a glossary entry: a slug). Lineages are found when
// first needed (a History call takes some 40–140 µs) or all at once by
// warm, and kept: an int32 per entry of each edition, under 1 MiB for the
// 73 editions since 2003.
type lineages struct {
	lib    *rules.Library
	hist   Histories // nil: by number
	latest int       // lib.Latest()'s index; -1 if none
	edIdx  map[*rules.Edition]int

	// slot[kind][edition][entry] is the entry's lineage ID + 1, 0 until
	// known. Written under mu, read atomically.
	slot [3][][]int32

	mu    sync.Mutex
	all   []lineage
	byKey map[string]int32 // lineages found by number or slug
}

// lineage is one entry through time.
type lineage struct {
	kind docKind
	show place // the newest version, which a hit shows
	eras []era // oldest first
}

// era is a run of versions with one number (a glossary entry: one
// headword), from the oldest edition to the newest, as library indexes.
type era struct {
	num         rules.Number
	term        string
	first, last int
}

func newLineages(lib *rules.Library, h Histories) *lineages {
	l := &lineages{lib: lib, hist: h, latest: -1, edIdx: map[*rules.Edition]int{}, byKey: map[string]int32{}}
	latest := lib.Latest()
	n := min(len(lib.Editions), maxEditions)
	for i := range l.slot {
		l.slot[i] = make([][]int32, n)
	}
	for i, e := range lib.Editions[:n] {
		l.edIdx[e] = i
		if e == latest {
			l.latest = i
		}
		l.slot[kindSlot(docRule)][i] = make([]int32, len(e.Entries()))
		l.slot[kindSlot(docGlossary)][i] = make([]int32, len(e.Glossary))
		l.slot[kindSlot(docTopic)][i] = make([]int32, len(e.Topics))
	}
	return l
}

// of returns the lineage of entry p of kind k, finding it if need be.
func (l *lineages) of(k docKind, p place) int32 {
	if id := atomic.LoadInt32(&l.slot[kindSlot(k)][p.ed()][p.entry()]); id != 0 {
		return id - 1
	}
	vs, key := l.versions(k, p) // outside the lock: History takes a while
	l.mu.Lock()
	defer l.mu.Unlock()
	s := &l.slot[kindSlot(k)][p.ed()][p.entry()]
	if id := atomic.LoadInt32(s); id != 0 {
		return id - 1 // found meanwhile
	}
	if key != "" {
		if id, ok := l.byKey[key]; ok {
			atomic.StoreInt32(s, id+1)
			return id
		}
	}
	// An excerpt's entry is followed through the whole edition of its
	// date, whose versions have their lineage already: it joins that one.
	for _, v := range vs {
		if id := atomic.LoadInt32(&l.slot[kindSlot(k)][v.ed()][v.entry()]); id != 0 {
			atomic.StoreInt32(s, id)
			return id - 1
		}
	}
	id := int32(len(l.all))
	l.all = append(l.all, lineage{kind: k, show: vs[0], eras: l.eras(k, vs)})
	if key != "" {
		l.byKey[key] = id
	}
	for _, v := range vs {
		if t := &l.slot[kindSlot(k)][v.ed()][v.entry()]; atomic.LoadInt32(t) == 0 {
			atomic.StoreInt32(t, id+1)
		}
	}
	return id
}

// get returns lineage id.
func (l *lineages) get(id int32) lineage {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.all[id]
}

// count is how many lineages are known.
func (l *lineages) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.all)
}

// current reports whether lineage g's newest version is in the newest
// edition (or in a prose edition, which nothing supersedes).
func (g *lineage) current(l *lineages) bool {
	return g.show.ed() == l.latest || l.lib.Editions[g.show.ed()].Kind == rules.KindProse
}

// versions lists entry p's versions, newest first, p among them; for a
// lineage by number or slug it also returns the key that names it.
func (l *lineages) versions(k docKind, p place) ([]place, string) {
	e := l.lib.Editions[p.ed()]
	var vs []place
	switch {
	case k == docRule && l.hist != nil:
		r := e.Entries()[p.entry()]
		if h := l.hist.History(e, r); h != nil {
			for _, v := range h.Versions {
				if i, ok := l.edIdx[v.Edition]; ok {
					if x := entryIndex(v.Edition, v.Rule); x >= 0 {
						vs = append(vs, mkPlace(i, x))
					}
				}
			}
		}
	case k == docGlossary && l.hist != nil:
		g := e.Glossary[p.entry()]
		if h := l.hist.TermHistory(e, g); h != nil {
			for _, v := range h.Versions {
				if i, ok := l.edIdx[v.Edition]; ok {
					if x := termIndex(v.Edition, v.Term, p.entry()); x >= 0 {
						vs = append(vs, mkPlace(i, x))
					}
				}
			}
		}
	default:
		return l.sameKey(k, p)
	}
	if !slices.Contains(vs, p) {
		vs = append(vs, p) // an excerpt, followed through the whole edition of its date
	}
	slices.Sort(vs) // newest edition first
	return vs, ""
}

// sameKey lists the entries of every edition with the number (glossary
// entries and topics: the slug) of entry p, newest first, and that key.
func (l *lineages) sameKey(k docKind, p place) ([]place, string) {
	e := l.lib.Editions[p.ed()]
	var key string
	switch k {
	case docRule:
		key = "r" + e.Entries()[p.entry()].Number.String()
	case docGlossary:
		key = "g" + e.Glossary[p.entry()].Slug
	default:
		key = "t" + e.Topics[p.entry()].Slug
	}
	var vs []place
	for i, x := range l.lib.Editions[:len(l.slot[0])] {
		switch k {
		case docRule:
			if r := x.Rule(e.Entries()[p.entry()].Number); r != nil {
				if j := entryIndex(x, r); j >= 0 {
					vs = append(vs, mkPlace(i, j))
				}
			}
		case docGlossary:
			if g := x.Term(e.Glossary[p.entry()].Slug); g != nil {
				if j := termIndex(x, g, p.entry()); j >= 0 {
					vs = append(vs, mkPlace(i, j))
				}
			}
		default:
			if j := slices.IndexFunc(x.Topics, func(t *rules.Topic) bool { return t.Slug == e.Topics[p.entry()].Slug }); j >= 0 {
				vs = append(vs, mkPlace(i, j))
			}
		}
	}
	if !slices.Contains(vs, p) {
		vs = append(vs, p)
		slices.Sort(vs)
	}
	return vs, key
}

// eras groups versions (newest first) into runs of one number or term.
func (l *lineages) eras(k docKind, vs []place) []era {
	var out []era
	for i := len(vs) - 1; i >= 0; i-- {
		v := vs[i]
		e := l.lib.Editions[v.ed()]
		var cur era
		switch k {
		case docRule:
			cur.num = e.Entries()[v.entry()].Number
		case docGlossary:
			cur.term = e.Glossary[v.entry()].Term()
		default:
			cur.term = e.Topics[v.entry()].Title
		}
		if n := len(out); n > 0 && out[n-1].num == cur.num && out[n-1].term == cur.term {
			out[n-1].last = v.ed()
			continue
		}
		cur.first, cur.last = v.ed(), v.ed()
		out = append(out, cur)
	}
	return slices.Clip(out)
}

// warm finds the lineage of every entry, newest edition first.
func (l *lineages) warm() {
	for k := range l.slot {
		for i, xs := range l.slot[k] {
			for x := range xs {
				l.of(docKind(k+1), mkPlace(i, x))
			}
		}
	}
}

// entryIndex is r's index in e.Entries(), which is in number order; -1 if
// e lacks r.
func entryIndex(e *rules.Edition, r *rules.Rule) int {
	es := e.Entries()
	i, _ := slices.BinarySearchFunc(es, r.Number, func(x *rules.Rule, n rules.Number) int { return x.Number.Compare(n) })
	for ; i < len(es) && es[i].Number == r.Number; i++ {
		if es[i] == r {
			return i
		}
	}
	return slices.Index(es, r)
}

// termIndex is g's index in e.Glossary, looked for outward from hint
// (glossaries change little between editions); -1 if e lacks g.
func termIndex(e *rules.Edition, g *rules.GlossaryEntry, hint int) int {
	gs := e.Glossary
	for d := 0; d < len(gs)+hint+1; d++ {
		if i := hint + d; i < len(gs) && gs[i] == g {
			return i
		}
		if i := hint - d; i >= 0 && i < len(gs) && gs[i] == g {
			return i
		}
		if hint+d >= len(gs) && hint-d < 0 {
			break
		}
	}
	return -1
}
