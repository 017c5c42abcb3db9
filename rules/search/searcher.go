package search

import (
	"errors"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
)

// ErrUnknownEdition is returned for an edition ID the library lacks.
var ErrUnknownEdition = errors.New("search: unknown edition")

// AllEditions is the edition name (and edition:all) that searches every
// edition of the library.
const AllEditions = "all"

// Searcher searches a library: one index per edition, built the first time
// the edition is searched (or by Warm), and searches across editions
// (edition:all). It may keep only some indexes (Keep): a full edition's
// index takes about 2.5 MiB, so the 73 editions since 2003 would hold some
// 180 MiB where a server needs a few. It is safe for concurrent use.
type Searcher struct {
	lib   *rules.Library
	build func(*rules.Edition) Index
	keep  int           // indexes held at once; 0 holds every one
	slots chan struct{} // bounds the builds running at once

	mu     sync.Mutex
	idx    map[*rules.Edition]*lazyIndex
	clock  uint64 // ticks on every use, for least-recently-used eviction
	builds atomic.Int64

	// edition:all searches one index of every edition's distinct entries
	// (union.go), built on first use, and groups its hits by lineage. A
	// Searcher with another backend (NewSearcherWith) searches each
	// edition's index in turn instead.
	custom  bool
	unionMu sync.Mutex
	union   atomic.Pointer[unionIndex]
	lin     atomic.Pointer[lineages]
	// The index of every edition (some 12 MiB for the 73 editions since
	// 2003) is dropped once no search has used it for dropAll; unionUsed
	// is when one last did, in Unix nanoseconds.
	dropAll   time.Duration
	unionUsed atomic.Int64
	// dropTimer is the pending look at whether the index of every edition
	// is unused (under unionMu); retired says the Searcher was replaced
	// (Retire) and arms no more.
	dropTimer *time.Timer
	retired   bool
}

// DefaultDropAll is how long a Searcher keeps the index of every edition
// after the last search that used it.
const DefaultDropAll = 10 * time.Minute

type lazyIndex struct {
	once sync.Once
	ix   Index
	used uint64 // s.clock at its last use, under s.mu
}

// NewSearcher returns a Searcher over lib using in-memory indexes.
func NewSearcher(lib *rules.Library) *Searcher {
	s := NewSearcherWith(lib, func(e *rules.Edition) Index { return Build(e) })
	s.custom = false
	s.dropAll = DefaultDropAll
	return s
}

// DropAllAfter drops the index of every edition once no search has used
// it for d (0: never), so that a server that searched every edition now
// and then comes back to the memory one edition needs; the next such
// search builds it again. Call it before the first search.
func (s *Searcher) DropAllAfter(d time.Duration) *Searcher {
	s.dropAll = d
	return s
}

// NewSearcherWith returns a Searcher that builds each edition's index with build.
func NewSearcherWith(lib *rules.Library, build func(*rules.Edition) Index) *Searcher {
	return &Searcher{lib: lib, build: build, idx: map[*rules.Edition]*lazyIndex{}, custom: true,
		slots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))}
}

// Keep bounds the indexes s holds to n (0: no bound), dropping the least
// recently used when another is built. The newest edition's index, which
// most searches use, is never dropped. Call it before the first search.
func (s *Searcher) Keep(n int) *Searcher {
	s.keep = n
	return s
}

// Library is the library searched.
func (s *Searcher) Library() *rules.Library { return s.lib }

// Index returns e's index, building it if needed.
func (s *Searcher) Index(e *rules.Edition) Index { return s.index(e, true) }

// index returns e's index. A build for a search over every edition is not
// kept when s is full (hold false): one edition:all search must not flush
// the indexes that single-edition searches are using.
func (s *Searcher) index(e *rules.Edition, hold bool) Index {
	s.mu.Lock()
	s.clock++
	l := s.idx[e]
	switch {
	case l != nil:
		l.used = s.clock
	case hold || s.keep == 0 || len(s.idx) < s.keep:
		l = &lazyIndex{used: s.clock}
		s.idx[e] = l
		s.evict(e)
	default:
		l = &lazyIndex{}
	}
	s.mu.Unlock()
	l.once.Do(func() {
		s.slots <- struct{}{}
		defer func() { <-s.slots }()
		l.ix = s.build(e)
		s.builds.Add(1)
	})
	return l.ix
}

// evict drops least recently used indexes, never e's or the newest
// edition's, until s holds no more than it keeps. A search still using a
// dropped index finishes with it.
func (s *Searcher) evict(e *rules.Edition) {
	if s.keep == 0 {
		return
	}
	pinned := s.lib.Latest()
	for len(s.idx) > s.keep {
		var victim *rules.Edition
		var oldest uint64
		for k, l := range s.idx {
			if k != e && k != pinned && (victim == nil || l.used < oldest) {
				victim, oldest = k, l.used
			}
		}
		if victim == nil {
			return
		}
		delete(s.idx, victim)
	}
}

// Stats reports how many indexes s holds and how many it has built in all.
func (s *Searcher) Stats() (held int, built int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.idx), s.builds.Load()
}

// Warm builds indexes newest first, as many as s keeps (every edition's
// when it keeps them all); a server calls it at start so the first
// searches find their index ready.
func (s *Searcher) Warm() {
	for i, e := range s.lib.Editions {
		if s.keep > 0 && i >= s.keep {
			return
		}
		s.Index(e)
	}
}

// WarmNewest builds the newest edition's index, the one a search with no
// edition uses.
func (s *Searcher) WarmNewest() {
	if e := s.lib.Latest(); e != nil {
		s.Index(e)
	} else if len(s.lib.Editions) > 0 {
		s.Index(s.lib.Editions[0])
	}
}

// UseHistory groups edition:all hits by h's histories from now on: a rule
// renumbered over the years is one hit. Without it, hits group by number.
// Histories over a library still loading are slow to compute, so a server
// calls this once its library is whole.
func (s *Searcher) UseHistory(h Histories) {
	s.lin.Store(newLineages(s.lib, h))
}

// lineages returns the lineage table, one by number if UseHistory was
// never called.
func (s *Searcher) lineages() *lineages {
	if l := s.lin.Load(); l != nil {
		return l
	}
	s.lin.CompareAndSwap(nil, newLineages(s.lib, nil))
	return s.lin.Load()
}

// WarmLineages finds the lineage of every entry of every edition (some
// 0.6 s of CPU for the 73 editions since 2003, and under 1 MiB kept), so
// that edition:all searches never wait for a history. Searches find the
// lineages they need meanwhile.
func (s *Searcher) WarmLineages() { s.lineages().warm() }

// WarmAll builds the index edition:all searches.
func (s *Searcher) WarmAll() { s.unionIndex() }

// unionIndex returns the index of every edition, building it if need be.
func (s *Searcher) unionIndex() *unionIndex {
	s.unionUsed.Store(time.Now().UnixNano())
	if u := s.union.Load(); u != nil {
		return u
	}
	s.unionMu.Lock()
	defer s.unionMu.Unlock()
	if u := s.union.Load(); u != nil {
		return u
	}
	u := buildUnion(s.lib)
	if s.retired {
		return u // for the search under way alone
	}
	s.union.Store(u)
	if s.dropAll > 0 {
		s.dropTimer = time.AfterFunc(s.dropAll, s.dropUnused)
	}
	return u
}

// Retire says s is no longer used for new searches (a server replaced its
// library): it drops the index of every edition, and the pending timer
// that would have held s, its library, indexes and history, for up to
// dropAll after the replacement. Searches under way finish; a later one
// still works, building what it needs and keeping none of it.
func (s *Searcher) Retire() {
	s.unionMu.Lock()
	defer s.unionMu.Unlock()
	s.retired = true
	if s.dropTimer != nil {
		s.dropTimer.Stop()
		s.dropTimer = nil
	}
	s.union.Store(nil)
}

// dropUnused drops the index of every edition if no search has used it
// for dropAll, else looks again when it will have been that long.
func (s *Searcher) dropUnused() {
	s.unionMu.Lock()
	defer s.unionMu.Unlock()
	s.dropTimer = nil
	if s.retired || s.union.Load() == nil {
		return
	}
	idle := time.Since(time.Unix(0, s.unionUsed.Load()))
	if idle < s.dropAll {
		s.dropTimer = time.AfterFunc(s.dropAll-idle, s.dropUnused)
		return
	}
	s.union.Store(nil) // a search under way finishes with it
	// Give the memory back now: an idle server may not collect for minutes.
	debug.FreeOSMemory()
}

// Search parses query and runs it over the edition with the given ID
// ("latest" works; "all" searches every edition). An edition:ID in the
// query overrides edition. The error is ErrUnknownEdition for an edition
// argument the library lacks; anything wrong with the query itself comes
// back as Results.Message and Notes.
func (s *Searcher) Search(edition, query string, opt Options) (*Results, error) {
	q := Parse(query)
	if edition != AllEditions && s.lib.Edition(edition) == nil {
		return nil, ErrUnknownEdition
	}
	if q.Edition != "" {
		if q.Edition != AllEditions && s.lib.Edition(q.Edition) == nil {
			return &Results{
				Query:   q.String(),
				Edition: q.Edition,
				Hits:    []Hit{},
				Notes:   q.Notes,
				Message: "There is no edition " + q.Edition + "; edition:all searches them all.",
			}, nil
		}
		edition = q.Edition
	}
	if edition == AllEditions {
		return s.searchAll(q, opt), nil
	}
	e := s.lib.Edition(edition)
	q.Edition = "" // resolved: the index searches its own edition
	r := s.Index(e).Search(q, opt)
	return r, nil
}

// searchAll runs q over every edition.
func (s *Searcher) searchAll(q *Query, opt Options) *Results {
	if !s.custom {
		return s.unionIndex().search(q, opt, s.lineages())
	}
	return s.searchEach(q, opt)
}

// searchEach runs q over each edition's index and groups the hits by rule
// number (or glossary term, or topic): each group shows the newest
// edition's text and names every edition where the entry ranked among
// that edition's first MaxLimit hits.
func (s *Searcher) searchEach(q *Query, opt Options) *Results {
	all := &Results{Edition: AllEditions, Hits: []Hit{}, Notes: q.Notes}
	qe := *q
	qe.Edition = ""
	all.Query = q.String()
	type group struct {
		hit   Hit
		first int // index in lib.Editions of the edition whose hit is shown
		score float64
	}
	groups := map[string]*group{}
	var order []*group
	var jump *Jump
	for i, e := range s.lib.Editions {
		all.Editions = append(all.Editions, e.ID)
		r := s.index(e, false).Search(&qe, Options{Limit: MaxLimit, PrefixLast: opt.PrefixLast, NoSnippets: true})
		if jump == nil && r.Jump != nil {
			jump = r.Jump
		}
		if all.DidYouMean == "" && r.DidYouMean != "" {
			all.DidYouMean = r.DidYouMean
			all.Corrections = r.Corrections
		}
		for _, h := range r.Hits {
			k := h.key()
			g := groups[k]
			if g == nil {
				g = &group{hit: h, first: i, score: h.Score}
				groups[k] = g
				order = append(order, g)
				continue
			}
			g.hit.Editions = append(g.hit.Editions, e.ID)
			g.score = max(g.score, h.Score)
		}
		if len(r.Hits) == 0 && all.Message == "" {
			all.Message = r.Message
		}
		all.Unknown = mergeUnknown(all.Unknown, r.Unknown)
	}
	all.Jump = jump
	sort.SliceStable(order, func(i, j int) bool { return order[i].score > order[j].score })
	all.Total = len(order)
	if n := opt.limit(); len(order) > n {
		order = order[:n]
	}
	// Snippets come from the edition each group shows, searched once more
	// with snippets on; typically that is only the newest edition or two.
	snips := map[int]map[string]Snippet{}
	for _, g := range order {
		if !opt.NoSnippets {
			m, ok := snips[g.first]
			if !ok {
				m = map[string]Snippet{}
				r := s.index(s.lib.Editions[g.first], false).Search(&qe, Options{Limit: MaxLimit, PrefixLast: opt.PrefixLast})
				for _, h := range r.Hits {
					m[h.key()] = h.Snippet
				}
				snips[g.first] = m
			}
			g.hit.Snippet = m[g.hit.key()]
		}
		g.hit.Score = g.score
		all.Hits = append(all.Hits, g.hit)
	}
	if len(all.Hits) > 0 {
		all.Message = ""
		all.Unknown = nil
	}
	return all
}

// mergeUnknown keeps the words unknown in every edition so far.
func mergeUnknown(acc, next []string) []string {
	if acc == nil {
		return next
	}
	var out []string
	for _, a := range acc {
		for _, b := range next {
			if a == b {
				out = append(out, a)
				break
			}
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}
