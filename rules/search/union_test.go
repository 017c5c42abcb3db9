package search

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// allSearcher is a Searcher over the 128 editions of the corpus that
// follows rule histories, shared by the tests of this file.
var (
	allSearcherOnce sync.Once
	allSearcherS    *Searcher
)

func allSearcher(t *testing.T) *Searcher {
	t.Helper()
	lib, chain := allEditions(t)
	allSearcherOnce.Do(func() {
		allSearcherS = NewSearcher(lib)
		allSearcherS.UseHistory(chain)
	})
	return allSearcherS
}

// eraString writes eras as "704.5j 2017-09-29…2026-01-16; …".
func eraString(es []Era) string {
	var parts []string
	for _, e := range es {
		name := e.Term
		if name == "" {
			name = e.Number.String()
		}
		parts = append(parts, name+" "+e.From+"…"+e.To)
	}
	return strings.Join(parts, "; ")
}

// The legend rule was 420.5e until 2009 and 704.5k until 2017: one hit,
// today's 704.5j, with those numbers as its eras; before lineages, 420.5e
// ranked first and each number was a hit of its own. The glossary's
// "Legend" comes after it, though its first version (1999-04-23) was
// "Legend/Legend Rule": a term an entry let go counts for less.
func TestAllEditionsFoldsHistory(t *testing.T) {
	s := allSearcher(t)
	latest := s.Library().Latest().ID
	r, err := s.Search(AllEditions, "legend rule", Options{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hits) == 0 {
		t.Fatal("no hits")
	}
	h := r.Hits[0]
	if hitID(h) != "704.5j" || !h.Current || h.Edition != latest {
		t.Fatalf("first hit %s (current %v, in %s), want today's 704.5j", hitID(h), h.Current, h.Edition)
	}
	eras := eraString(h.Eras)
	for _, want := range []string{"704.5j 2017-09-29…" + latest, "704.5k 2009-07-11…2017-08-25", "420.5e 1999-04-23…2009-05-01"} {
		if !strings.Contains(eras, want) {
			t.Errorf("704.5j's eras %q lack %q", eras, want)
		}
	}
	if len(h.Editions) < 60 {
		t.Errorf("the legend rule matched in %d editions, want most of the 128", len(h.Editions))
	}
	// No number of any era stands for a second hit.
	seen := map[string]string{}
	for _, h := range r.Hits {
		for _, e := range h.Eras {
			k := e.Number.String() + e.Term + e.From
			if other, ok := seen[k]; ok {
				t.Errorf("%s of %s is also an era of %s", k, hitID(h), other)
			}
			seen[k] = hitID(h)
		}
	}
}

// A rule gone from the rules still comes up, shown as its last version and
// not current; today's rules about the same thing rank above it.
func TestAllEditionsRemovedRules(t *testing.T) {
	s := allSearcher(t)
	r, _ := s.Search(AllEditions, "mana burn", Options{Limit: 10})
	var removed, first int = -1, -1
	for i, h := range r.Hits {
		if hitID(h) == "g:mana-burn" && first < 0 {
			first = i
		}
		if h.Kind == HitRule && !h.Current && removed < 0 {
			removed = i
			if len(h.Eras) == 0 || h.Eras[0].To >= s.Library().Latest().ID {
				t.Errorf("removed rule %s has eras %q", hitID(h), eraString(h.Eras))
			}
		}
	}
	if first != 0 {
		t.Errorf("mana burn: glossary entry at %d, want first: %v", first, ids(r))
	}
	if removed < 0 {
		t.Errorf("mana burn: no rule since removed among %v", ids(r))
	}
}

func TestAllEditionsFiltersAndJumps(t *testing.T) {
	s := allSearcher(t)
	r, _ := s.Search(AllEditions, "legend rule section:4", Options{Limit: 10})
	if len(r.Hits) == 0 {
		t.Fatal("legend rule section:4: no hits; 420.5e was in section 4 until 2009")
	}
	for _, h := range r.Hits {
		in := false
		for _, e := range h.Eras {
			in = in || e.Number.Section() == 4
		}
		if h.Kind != HitRule || !in {
			t.Errorf("section:4: %s (%q) was never in section 4", hitID(h), eraString(h.Eras))
		}
	}
	// A number jumps to the newest edition that has it.
	for q, want := range map[string]string{"704.5j": s.Library().Latest().ID, "420.5e": "2009-05-01"} {
		r, _ = s.Search(AllEditions, q, Options{Limit: 3})
		if r.Jump == nil || r.Jump.Edition != want || len(r.Hits) == 0 || hitID(r.Hits[0]) != "704.5j" {
			t.Errorf("%s: jump %+v, hits %v; want a jump to %s and today's 704.5j first", q, r.Jump, ids(r), want)
		}
	}
	r, _ = s.Search(AllEditions, "999.9z", Options{})
	if r.Jump != nil || !strings.Contains(r.Message, "No edition has a rule 999.9z") {
		t.Errorf("999.9z: jump %+v, message %q", r.Jump, r.Message)
	}
	for edition, want := range map[string]string{AllEditions: "trample", "latest": "trample edition:all"} {
		q := "tramlpe"
		if edition != AllEditions {
			q += " edition:all"
		}
		r, _ = s.Search(edition, q, Options{Limit: 3})
		if r.DidYouMean != want || len(r.Hits) == 0 || hitID(r.Hits[0]) != "702.19" {
			t.Errorf("%s in %s: did you mean %q, hits %v; want %q and 702.19", q, edition, r.DidYouMean, ids(r), want)
		}
	}
}

// Without histories (a library still loading), hits of every edition
// group by number.
func TestAllEditionsByNumber(t *testing.T) {
	lib, _ := allEditions(t)
	s := NewSearcher(lib)
	r, _ := s.Search(AllEditions, "legend rule", Options{Limit: 20})
	var got []string
	for _, h := range r.Hits {
		if n := h.Number.String(); n == "704.5j" || n == "704.5k" || n == "420.5e" {
			got = append(got, n)
			for _, e := range h.Eras {
				if e.Number != h.Number {
					t.Errorf("%s has an era numbered %s", n, e.Number)
				}
			}
		}
	}
	if len(got) != 3 {
		t.Errorf("by number, the legend rule's numbers are hits %v, want all three", got)
	}
}

// The questions find their rule across editions about as often as in the
// newest edition alone.
func TestQuestionsAllEditions(t *testing.T) {
	s := allSearcher(t)
	qs := readQuestions(t)
	hits := 0
	for _, q := range qs {
		r, _ := s.Search(AllEditions, q.q, Options{Limit: 3})
		if found(r, q.answers) {
			hits++
			continue
		}
		t.Logf("miss %-60q want %s, got %v", q.q, strings.Join(q.answers, "|"), ids(r))
	}
	rate := float64(hits) / float64(len(qs))
	t.Logf("questions, all editions: %d of %d (%.0f%%) in the top 3", hits, len(qs), 100*rate)
	if rate < questionFloorAll {
		t.Errorf("top-3 rate %.2f is below the floor %.2f", rate, questionFloorAll)
	}
}

// Searches of every edition run at once with the lineages being found in
// the background; each gets what it gets alone (run with -race).
func TestAllEditionsConcurrent(t *testing.T) {
	lib, chain := allEditions(t)
	alone := allSearcher(t)
	qs := []string{"legend rule", "mana burn", "trample", "fizzle", "704.5j", "damage wears off"}
	want := map[string]string{}
	for _, q := range qs {
		r, _ := alone.Search(AllEditions, q, Options{Limit: 5})
		want[q] = fmt.Sprint(ids(r))
	}
	s := NewSearcher(lib)
	s.UseHistory(chain)
	go s.WarmLineages()
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(qs))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range qs {
				q := qs[(g+i)%len(qs)]
				r, err := s.Search(AllEditions, q, Options{Limit: 5})
				if got := fmt.Sprint(ids(r)); err != nil || got != want[q] {
					errs <- fmt.Sprintf("%q: %v %s, alone %s", q, err, got, want[q])
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// A library with one edition has lineages of one version each; an
// edition:all search of it finds what the edition's own index finds.
func TestAllEditionsOneEdition(t *testing.T) {
	ix := corpusIndex(t)
	s := NewSearcher(rules.NewLibrary([]*rules.Edition{corpusEd}))
	for _, jq := range judgeQueries[:20] {
		one := ix.Search(Parse(jq.q), Options{Limit: 5})
		all, _ := s.Search(AllEditions, jq.q, Options{Limit: 5})
		if a, b := fmt.Sprint(ids(one)), fmt.Sprint(ids(all)); a != b {
			t.Errorf("%q: edition %s, all %s", jq.q, a, b)
		}
	}
}

// The index of every edition goes once unused for a while, and comes back
// the same at the next search of every edition.
func TestAllEditionsDropped(t *testing.T) {
	corpusIndex(t)
	lib := rules.NewLibrary([]*rules.Edition{corpusEd})
	kept := NewSearcher(lib).DropAllAfter(time.Hour)
	kept.Search(AllEditions, "trample", Options{})
	s := NewSearcher(lib).DropAllAfter(time.Millisecond)
	first, _ := s.Search(AllEditions, "legend rule", Options{Limit: 5})
	deadline := time.Now().Add(10 * time.Second)
	for s.union.Load() != nil && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if s.union.Load() != nil {
		t.Fatal("the index of every edition is still held, unused")
	}
	again, _ := s.Search(AllEditions, "legend rule", Options{Limit: 5})
	if a, b := fmt.Sprint(ids(first)), fmt.Sprint(ids(again)); a != b {
		t.Errorf("rebuilt: %s, first %s", b, a)
	}
	if kept.union.Load() == nil {
		t.Error("DropAllAfter(time.Hour) dropped the index at once")
	}
}

// A retired Searcher (its server's library replaced) drops the index of
// every edition and its timer at once, keeps none built afterwards, and
// still answers.
func TestRetireDropsAllEditions(t *testing.T) {
	corpusIndex(t)
	lib := rules.NewLibrary([]*rules.Edition{corpusEd})
	s := NewSearcher(lib)
	first, _ := s.Search(AllEditions, "legend rule", Options{Limit: 5})
	if s.union.Load() == nil || s.dropTimer == nil {
		t.Fatal("no index of every edition, or no timer to drop it, after a search of every edition")
	}
	s.Retire()
	if s.union.Load() != nil || s.dropTimer != nil {
		t.Error("retired, the Searcher still holds the index of every edition or its timer")
	}
	again, _ := s.Search(AllEditions, "legend rule", Options{Limit: 5})
	if a, b := fmt.Sprint(ids(first)), fmt.Sprint(ids(again)); a != b {
		t.Errorf("after Retire: %s, before %s", b, a)
	}
	if s.union.Load() != nil || s.dropTimer != nil {
		t.Error("retired, the Searcher kept the index a later search built")
	}
}

// An excerpt's entries are the same lineages as the whole edition of its
// date: mana burn's glossary entry in the 2007 excerpt is no second hit.
func TestAllEditionsExcerptJoinsLineage(t *testing.T) {
	lib, chain := allEditions(t)
	b := corpustest.ReadFile(t, "corpus", "cr", "2007-02-01.txt")
	excerpt := rules.ParseText(rules.Source{Name: "cr/2007-02-01-excerpt.txt", Data: b})
	excerpt.Kind = rules.KindExcerpt
	eds := append([]*rules.Edition{excerpt}, lib.Editions...)
	s := NewSearcher(rules.NewLibrary(eds))
	s.UseHistory(chain)
	r, _ := s.Search(AllEditions, "mana burn", Options{Limit: 10})
	seen := map[string]bool{}
	for _, h := range r.Hits {
		if seen[hitID(h)] {
			t.Errorf("%s is two hits: %v", hitID(h), ids(r))
		}
		seen[hitID(h)] = true
	}
	if !seen["g:mana-burn"] {
		t.Errorf("mana burn: %v", ids(r))
	}
}
