package search

import (
	"errors"
	"sort"
	"sync"

	"github.com/arbiter-rules/arbiter/rules"
)

// ErrUnknownEdition is returned for an edition ID the library lacks.
var ErrUnknownEdition = errors.New("search: unknown edition")

// AllEditions is the edition name (and edition:all) that searches every
// edition of the library.
const AllEditions = "all"

// Searcher searches a library: one index per edition, built the first time
// the edition is searched (or all at once by Warm), and searches across
// editions. It is safe for concurrent use.
type Searcher struct {
	lib   *rules.Library
	build func(*rules.Edition) Index

	mu  sync.Mutex
	idx map[*rules.Edition]*lazyIndex
}

type lazyIndex struct {
	once sync.Once
	ix   Index
}

// NewSearcher returns a Searcher over lib using in-memory indexes.
func NewSearcher(lib *rules.Library) *Searcher {
	return NewSearcherWith(lib, func(e *rules.Edition) Index { return Build(e) })
}

// NewSearcherWith returns a Searcher that builds each edition's index with build.
func NewSearcherWith(lib *rules.Library, build func(*rules.Edition) Index) *Searcher {
	return &Searcher{lib: lib, build: build, idx: map[*rules.Edition]*lazyIndex{}}
}

// Library is the library searched.
func (s *Searcher) Library() *rules.Library { return s.lib }

// Index returns e's index, building it if needed.
func (s *Searcher) Index(e *rules.Edition) Index {
	s.mu.Lock()
	l := s.idx[e]
	if l == nil {
		l = &lazyIndex{}
		s.idx[e] = l
	}
	s.mu.Unlock()
	l.once.Do(func() { l.ix = s.build(e) })
	return l.ix
}

// Warm builds every edition's index, newest first; a server calls it in
// the background at start so no user waits for a build.
func (s *Searcher) Warm() {
	for _, e := range s.lib.Editions {
		s.Index(e)
	}
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

// searchAll runs q over every edition and groups the hits by rule number
// (or glossary term, or topic): each group shows the newest edition's text
// and names every edition where the entry ranked among that edition's
// first MaxLimit hits.
func (s *Searcher) searchAll(q *Query, opt Options) *Results {
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
		r := s.Index(e).Search(&qe, Options{Limit: MaxLimit, PrefixLast: opt.PrefixLast, NoSnippets: true})
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
				r := s.Index(s.lib.Editions[g.first]).Search(&qe, Options{Limit: MaxLimit, PrefixLast: opt.PrefixLast})
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
