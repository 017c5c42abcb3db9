package search

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
)

// keptLibrary is five editions, newest first, and a Searcher over them
// with fake indexes that counts the builds of each edition.
func keptLibrary(keep int) (*Searcher, []*rules.Edition, map[string]*atomic.Int32) {
	var eds []*rules.Edition
	built := map[string]*atomic.Int32{}
	for i := range 5 {
		d := time.Date(2026-i, 1, 1, 0, 0, 0, 0, time.UTC)
		eds = append(eds, &rules.Edition{Effective: d, Kind: rules.KindFull})
		built[d.Format(time.DateOnly)] = new(atomic.Int32)
	}
	lib := rules.NewLibrary(eds)
	s := NewSearcherWith(lib, func(e *rules.Edition) Index {
		built[e.ID].Add(1)
		return fakeIndex{e}
	}).Keep(keep)
	return s, lib.Editions, built
}

// held lists the editions whose index s holds, newest first.
func held(s *Searcher) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for e := range s.idx {
		out = append(out, e.ID)
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

func TestSearcherKeeps(t *testing.T) {
	s, eds, built := keptLibrary(2)
	search := func(id string) {
		t.Helper()
		if _, err := s.Search(id, "x", Options{}); err != nil {
			t.Fatal(err)
		}
	}
	search(eds[3].ID)
	search(eds[2].ID)
	search(eds[1].ID) // over the bound: the least recently used (eds[3]) goes
	if got, want := held(s), []string{eds[1].ID, eds[2].ID}; !slices.Equal(got, want) {
		t.Fatalf("held %v, want %v", got, want)
	}
	search(eds[0].ID) // the newest: eds[2] is now least recently used
	search(eds[4].ID) // newest is pinned, so eds[1] goes
	if got, want := held(s), []string{eds[0].ID, eds[4].ID}; !slices.Equal(got, want) {
		t.Fatalf("held %v, want %v", got, want)
	}
	search(eds[3].ID) // again: rebuilt; the newest stays although least recently used
	if got, want := held(s), []string{eds[0].ID, eds[3].ID}; !slices.Equal(got, want) {
		t.Fatalf("held %v, want %v", got, want)
	}
	if n := built[eds[3].ID].Load(); n != 2 {
		t.Errorf("%s built %d times, want 2 (dropped, then searched again)", eds[3].ID, n)
	}
	if n, b := s.Stats(); n != 2 || b != 6 {
		t.Errorf("Stats() = %d held, %d built; want 2, 6", n, b)
	}
}

// An edition:all search uses every index but must not flush the ones
// single-edition searches hold.
func TestSearcherAllKeepsHeld(t *testing.T) {
	s, eds, built := keptLibrary(2)
	s.Search(eds[2].ID, "x", Options{})
	s.Search(eds[0].ID, "x", Options{})
	r, err := s.Search(AllEditions, "x", Options{})
	if err != nil || len(r.Hits) != 1 || len(r.Hits[0].Editions) != 5 {
		t.Fatalf("all: %v %+v", err, r)
	}
	if got, want := held(s), []string{eds[0].ID, eds[2].ID}; !slices.Equal(got, want) {
		t.Errorf("after edition:all held %v, want %v", got, want)
	}
	for _, e := range eds {
		if n := built[e.ID].Load(); n < 1 {
			t.Errorf("%s never built for edition:all", e.ID)
		}
	}
	if n := built[eds[0].ID].Load() + built[eds[2].ID].Load(); n != 2 {
		t.Errorf("held indexes built %d times in all, want once each", n)
	}
}

func TestSearcherWarm(t *testing.T) {
	s, eds, _ := keptLibrary(3)
	s.Warm()
	if got, want := held(s), []string{eds[0].ID, eds[1].ID, eds[2].ID}; !slices.Equal(got, want) {
		t.Errorf("Warm with Keep(3) holds %v, want the newest three %v", got, want)
	}
	s, eds, _ = keptLibrary(0)
	s.WarmNewest()
	if got := held(s); !slices.Equal(got, []string{eds[0].ID}) {
		t.Errorf("WarmNewest holds %v", got)
	}
	s.Warm()
	if got := held(s); len(got) != 5 {
		t.Errorf("Warm with no bound holds %v, want all 5", got)
	}
}

// Many goroutines searching many editions through a small Searcher get
// their own edition's answer and never hold more than the bound plus
// the builds in flight (run with -race).
func TestSearcherKeepsConcurrent(t *testing.T) {
	s, eds, _ := keptLibrary(2)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				e := eds[(g+i)%len(eds)]
				r, err := s.Search(e.ID, "x", Options{})
				if err != nil || r.Edition != e.ID {
					errs <- fmt.Errorf("search %s: %v %+v", e.ID, err, r)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n, _ := s.Stats(); n > 2 {
		t.Errorf("holds %d indexes after the searches, bound 2", n)
	}
}
