package search

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// ids lists the hits' IDs as the judge test writes them.
func ids(r *Results) []string {
	var out []string
	for _, h := range r.Hits {
		out = append(out, hitID(h))
	}
	return out
}

// ownText is every paragraph of a hit's entry, folded, for checking what
// its text holds.
func ownText(h Hit) string {
	var body []rules.Block
	switch {
	case h.Rule != nil:
		body = h.Rule.Body
	case h.Entry != nil:
		body = h.Entry.Body
	}
	var b strings.Builder
	for _, bl := range body {
		b.WriteString(rules.FoldTerm(bl.Text.S) + " ")
	}
	return b.String()
}

func TestAwkwardQueries(t *testing.T) {
	ix := corpusIndex(t)
	for _, q := range []string{
		"", "   ", strings.Repeat("trample ", 10<<10/8), strings.Repeat("x", 10<<10),
		strings.Repeat("\"", 10<<10), strings.Repeat("-a ", 10<<10/3), strings.Repeat("é", 5<<10),
		"日本語", "★★★", "🎉 🎉", "\u200b\u200b", "\xff\xfe\xfd",
		"-trample", "section:7", "chapter:702 edition:all", "*", "**", `""`, "-", "---", `-"first strike"`,
		"-trample -deathtouch", "section:x", `"`, "a*", "{", "{}", "}{", "704.5", "999.9", "704.5z9",
	} {
		r := ix.Search(Parse(q), Options{})
		if r == nil {
			t.Fatalf("%.20q: nil results", q)
		}
		if len(r.Hits) > DefaultLimit {
			t.Errorf("%.20q: %d hits, limit is %d", q, len(r.Hits), DefaultLimit)
		}
		if len(r.Hits) == 0 && r.Message == "" {
			t.Errorf("%.20q: no hits and no message saying why", q)
		}
	}
}

func TestEmptyAndOperatorOnlyMessages(t *testing.T) {
	ix := corpusIndex(t)
	for q, want := range map[string]string{
		"":                      "Type a word",
		"section:7":             "Add a word",
		"-trample":              "not only words to leave out",
		"日本語":                   `No entry contains "日本語"`,
		"xyzzyq":                `No entry contains "xyzzyq"`,
		`"legend rule" -legend`: "Nothing matches",
		"trample chapter:500":   "within the section or chapter",
		"999.9":                 "There is no rule 999.9",
	} {
		r := ix.Search(Parse(q), Options{})
		if len(r.Hits) != 0 || !strings.Contains(r.Message, want) {
			t.Errorf("%q: %d hits, message %q; want none and a message with %q", q, len(r.Hits), r.Message, want)
		}
	}
}

func TestExcludeAndFilters(t *testing.T) {
	ix := corpusIndex(t)
	r := ix.Search(Parse("trample -planeswalker"), Options{Limit: MaxLimit})
	if len(r.Hits) == 0 {
		t.Fatal("trample -planeswalker: no hits")
	}
	for _, h := range r.Hits {
		if strings.Contains(ownText(h), "planeswalker") || strings.Contains(strings.ToLower(h.Title), "planeswalker") {
			t.Errorf("trample -planeswalker: %s mentions planeswalkers", hitID(h))
		}
	}
	r = ix.Search(Parse("damage section:5"), Options{Limit: MaxLimit})
	if len(r.Hits) == 0 {
		t.Fatal("damage section:5: no hits")
	}
	for _, h := range r.Hits {
		if h.Kind != HitRule || h.Number.Section() != 5 {
			t.Errorf("damage section:5: got %s", hitID(h))
		}
	}
	r = ix.Search(Parse("counter chapter:702"), Options{Limit: MaxLimit})
	for _, h := range r.Hits {
		if h.Kind != HitRule || h.Number.Chapter != 702 {
			t.Errorf("counter chapter:702: got %s", hitID(h))
		}
	}
	// A phrase is required, not just scored.
	r = ix.Search(Parse(`"legend rule" permanent`), Options{Limit: MaxLimit})
	for _, h := range r.Hits {
		if !strings.Contains(ownText(h)+" "+rules.FoldTerm(h.Title), "legend rule") {
			t.Errorf(`"legend rule" permanent: %s lacks the phrase`, hitID(h))
		}
	}
}

func TestJump(t *testing.T) {
	ix := corpusIndex(t)
	for _, q := range []string{"704.5k", "704.5k.", "rule 704.5k", "CR 704.5k"} {
		r := ix.Search(Parse(q), Options{})
		if r.Jump == nil || r.Jump.Number.String() != "704.5k" || len(r.Hits) == 0 || hitID(r.Hits[0]) != "704.5k" {
			t.Errorf("%q: jump %+v, hits %v; want a jump to 704.5k, shown first", q, r.Jump, ids(r))
		}
	}
	r := ix.Search(Parse("704.5k world"), Options{})
	if r.Jump != nil {
		t.Errorf("704.5k with a word is a search, not a jump")
	}
	r = ix.Search(Parse("704.9z"), Options{})
	if r.Jump != nil || !strings.Contains(r.Message, "Nearest: ") {
		t.Errorf("704.9z: jump %+v, message %q; want no jump and the nearest rules", r.Jump, r.Message)
	}
}

func TestDidYouMean(t *testing.T) {
	ix := corpusIndex(t)
	for q, want := range map[string]string{
		"deathtuch":             "deathtouch",
		"mana burm":             "mana burn",
		`"legnd rule" -tramle`:  `"legend rule" -tramle`, // excluded words are never guessed at
		"indestructable damage": "indestructible damage",
		"comander chapter:903":  "commander chapter:903",
	} {
		r := ix.Search(Parse(q), Options{})
		if r.DidYouMean != want {
			t.Errorf("%q: did you mean %q, want %q", q, r.DidYouMean, want)
		}
		if len(r.Hits) == 0 {
			t.Errorf("%q: no hits for the corrected query", q)
		}
	}
	for _, q := range []string{"trample", "tap", "xyzzyq", "legend rule"} {
		if r := ix.Search(Parse(q), Options{}); r.DidYouMean != "" {
			t.Errorf("%q: did you mean %q, want no correction", q, r.DidYouMean)
		}
	}
}

func TestSnippets(t *testing.T) {
	ix := corpusIndex(t)
	r := ix.Search(Parse("legend rule"), Options{Limit: 5})
	var found bool
	for _, h := range r.Hits {
		if hitID(h) != "704.5j" {
			continue
		}
		found = true
		if m := h.Snippet.Marked(); !strings.Contains(m, "[legend rule]") {
			t.Errorf("704.5j snippet %q does not mark the phrase", m)
		}
		if !strings.Contains(h.Rule.Body[0].Text.S, strings.Trim(h.Snippet.String(), "…")) {
			t.Errorf("704.5j snippet %q is not the rule's own text", h.Snippet.String())
		}
		if h.Chapter != "704. State-Based Actions" {
			t.Errorf("704.5j chapter %q", h.Chapter)
		}
	}
	if !found {
		t.Fatal("legend rule: 704.5j missing")
	}
	// A long rule is cut around the match, with ellipses.
	r = ix.Search(Parse(`"combat damage assignment"`), Options{Limit: 1})
	if len(r.Hits) == 0 {
		t.Fatal("no hit for combat damage assignment")
	}
	s := r.Hits[0].Snippet
	if len(s.String()) > snippetMax+2*len("…") || !strings.Contains(s.Marked(), "[combat damage assignment]") {
		t.Errorf("snippet %q", s.Marked())
	}
	// Examples are searched, and a snippet from one says so.
	r = ix.Search(Parse(`"Sorin’s Thirst"`), Options{Limit: 1})
	if len(r.Hits) == 0 || !r.Hits[0].Snippet.Example {
		t.Errorf("Sorin’s Thirst: hits %v; want an example's snippet", ids(r))
	}
}

func TestPrefixAndSuggest(t *testing.T) {
	ix := corpusIndex(t)
	// A prefix stands for the words starting with it (and their other
	// forms: "planeswalk*" takes in planeswalker, planeswalkers, planeswalks).
	r := ix.Search(Parse("planeswalk*"), Options{Limit: MaxLimit})
	if len(r.Hits) < 50 {
		t.Fatalf("planeswalk*: %d hits", len(r.Hits))
	}
	for _, h := range r.Hits {
		if !strings.Contains(ownText(h)+rules.FoldTerm(h.Title+h.Chapter), "planeswalk") {
			t.Errorf("planeswalk*: %s lacks a word starting with planeswalk", hitID(h))
		}
	}
	r = ix.Search(Parse("tram"), Options{Limit: 3, PrefixLast: true})
	if got := ids(r); len(got) < 2 || got[0] != "702.19" && got[0] != "g:trample" {
		t.Errorf("typing tram: %v; want Trample first", got)
	}
}

func TestSearcherAcrossEditions(t *testing.T) {
	var eds []*rules.Edition
	for _, name := range []string{"2026-01-16.txt", "2022-04-29.txt"} {
		b := corpustest.ReadFile(t, "corpus", "cr", name)
		eds = append(eds, rules.ParseText(rules.Source{Name: filepath.Join("cr", name), Data: b}))
	}
	s := NewSearcher(rules.NewLibrary(eds))
	r, err := s.Search("all", "trample", Options{Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hits) == 0 || hitID(r.Hits[0]) != "702.19" && hitID(r.Hits[0]) != "g:trample" {
		t.Fatalf("trample in all editions: %v", ids(r))
	}
	if got := strings.Join(r.Hits[0].Editions, " "); got != "2026-01-16 2022-04-29" {
		t.Errorf("first hit's editions %q, want both, newest first", got)
	}
	seen := map[string]bool{}
	for _, h := range r.Hits {
		if seen[h.key()] {
			t.Errorf("%s listed twice", hitID(h))
		}
		seen[h.key()] = true
		if len(h.Snippet.Parts) == 0 {
			t.Errorf("%s has no snippet", hitID(h))
		}
	}
	// edition:all in the query does the same from any edition.
	r2, _ := s.Search("latest", "trample edition:all", Options{Limit: 5})
	if r2.Edition != AllEditions || strings.Join(ids(r2), " ") != strings.Join(ids(r), " ") {
		t.Errorf("edition:all from latest: %s %v", r2.Edition, ids(r2))
	}
	// Blight (701.68) is new since 2022: all editions find it in the newest only.
	r, _ = s.Search("all", "blight", Options{Limit: 1})
	if len(r.Hits) == 0 || strings.Join(r.Hits[0].Editions, " ") != "2026-01-16" {
		t.Errorf("blight: %v %v", ids(r), r.Hits)
	}
	if _, err := s.Search("1999-01-01", "trample", Options{}); !errors.Is(err, ErrUnknownEdition) {
		t.Errorf("unknown edition: err %v", err)
	}
	r, err = s.Search("latest", "trample edition:1999-01-01", Options{})
	if err != nil || len(r.Hits) != 0 || !strings.Contains(r.Message, "no edition 1999-01-01") {
		t.Errorf("edition:1999-01-01: %v %v %q", err, ids(r), r.Message)
	}
	r, _ = s.Search("2022-04-29", "704.5k", Options{})
	if r.Jump == nil || r.Jump.Edition != "2022-04-29" {
		t.Errorf("jump in 2022-04-29: %+v", r.Jump)
	}
}

// fakeIndex stands in for another backend.
type fakeIndex struct{ e *rules.Edition }

func (f fakeIndex) Edition() *rules.Edition { return f.e }
func (f fakeIndex) Search(q *Query, opt Options) *Results {
	return &Results{Query: q.String(), Edition: f.e.ID, Hits: []Hit{{Kind: HitGlossary, Slug: "fake", Editions: []string{f.e.ID}}}}
}

func TestSearcherWithAnotherBackend(t *testing.T) {
	e := &rules.Edition{ID: "x"}
	s := NewSearcherWith(rules.NewLibrary([]*rules.Edition{e}), func(e *rules.Edition) Index { return fakeIndex{e} })
	r, err := s.Search("x", "anything", Options{})
	if err != nil || len(r.Hits) != 1 || r.Hits[0].Slug != "fake" {
		t.Fatalf("fake backend: %v %+v", err, r)
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ix := corpusIndex(t)
		r := ix.Search(Parse(s), Options{Limit: 5, PrefixLast: len(s)%2 == 0})
		if len(r.Hits) == 0 && r.Message == "" {
			t.Fatalf("%q: no hits and no message", s)
		}
		for _, h := range r.Hits {
			for _, p := range h.Snippet.Parts {
				if p.Text == "" {
					t.Fatalf("%q: empty snippet part in %s", s, hitID(h))
				}
			}
		}
	})
}

// Searches may run at once, and the first ones build the index together;
// each gets what it would alone (run with -race).
func TestConcurrentSearches(t *testing.T) {
	ix := corpusIndex(t)
	want := map[string]string{}
	for _, jq := range judgeQueries {
		want[jq.q] = strings.Join(ids(ix.Search(Parse(jq.q), Options{Limit: 3})), " ")
	}
	s := NewSearcher(rules.NewLibrary([]*rules.Edition{corpusEd}))
	errs := make(chan string, len(judgeQueries))
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for k := i; k < len(judgeQueries); k += 8 {
				q := judgeQueries[k].q
				r, err := s.Search("latest", q, Options{Limit: 3})
				if got := strings.Join(ids(r), " "); err != nil || got != want[q] {
					errs <- fmt.Sprintf("%q: %v %s, alone %s", q, err, got, want[q])
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
