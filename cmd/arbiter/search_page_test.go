package main

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

func TestSearchPage(t *testing.T) {
	srv := newFixtureServer(t)
	tests := []struct {
		path   string
		checks []check
	}{
		{"/search?q=legend+rule&e=2026-01-16", []check{
			{"h1", "Search CR 2026-01-16"},
			// The best hit is the answer, whole; the rest are listed.
			{".answer h2 a[href='/2026-01-16/704.5j'], .hit:nth-child(-n+1) a[href='/2026-01-16/704.5j']", "704.5j"},
			{".answer", "This is called the \"legend rule.\""},
			{".hit .meta", "704. State-Based Actions"},
			{"form.searchform input[name=q]", ""},
			{"form.searchform option[value=all]", "All editions"},
			{"form.searchform option[selected]", "CR 2026-01-16"},
		}},
		{"/search?q=deathtuch", []check{
			{".dym a", "deathtouch"},
			{".answer h2 a[href='/2026-01-16/702.2'], .hit a[href='/2026-01-16/702.2']", "702.2"},
		}},
		{"/search?q=trample&e=all", []check{
			{"h1", "Search all editions"},
			{".answer h2 a[href='/2026-01-16/702.19']", "702.19"},
			{".answer .hist", "today; since 2026"},
			{"form.searchform option[selected]", "All editions"},
		}},
		{"/search?q=poison+edition:all", []check{
			{"h1", "Search all editions"},
			{".answer h2 a[href='/classic/topic/poison']", "Poison"},
		}},
		{"/search?q=%22world+rule%22+-legendary", []check{
			{".answer h2 a[href='/2026-01-16/704.5k']", "704.5k"},
			{".answer", "This is called the \"world rule.\""},
		}},
		{"/search?q=%3Cscript%3Ealert(1)%3C/script%3E", []check{{"h1", "Search"}}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := do(t, srv, "GET", tt.path)
			if w.Code != 200 {
				t.Fatalf("status %d\n%s", w.Code, w.Body)
			}
			if strings.Contains(w.Body.String(), "<script>alert") {
				t.Fatal("query echoed unescaped")
			}
			d := parse(t, w)
			// Scores rank hits; they mean nothing to a reader.
			if txt := d.Find(".hits").Text(); strings.Contains(txt, "score") {
				t.Errorf("the hits show a score: %q", txt)
			}
			for _, c := range tt.checks {
				s := d.Find(c.sel)
				if s.Length() == 0 {
					t.Errorf("%s: nothing matches", c.sel)
					continue
				}
				if txt := strings.Join(strings.Fields(s.Text()), " "); !strings.Contains(txt, c.want) {
					t.Errorf("%s: text %q, want it to contain %q", c.sel, txt, c.want)
				}
			}
		})
	}
}

func TestSearchJumpsAndMissingEditions(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "/search?q=704.5k")
	if w.Code != 302 || w.Header().Get("Location") != "/2026-01-16/704.5k" {
		t.Errorf("704.5k: %d → %q, want a redirect to the rule", w.Code, w.Header().Get("Location"))
	}
	w = do(t, srv, "GET", "/search?q=trample&e=nope")
	if w.Code != 404 || !strings.Contains(w.Body.String(), "There is no edition") {
		t.Errorf("unknown edition: %d", w.Code)
	}
	w = do(t, srv, "GET", "/search?q=trample+edition:1999-01-01")
	if w.Code != 200 || parse(t, w).Find(".msg").Text() != "There is no edition 1999-01-01; edition:all searches them all." {
		t.Errorf("edition:1999-01-01 in the query: %d\n%s", w.Code, w.Body)
	}
}

// Queries the index cannot use get a page saying what to type, never an
// error status.
func TestSearchAwkwardQueries(t *testing.T) {
	srv := newFixtureServer(t)
	for _, q := range []string{
		"", "   ", strings.Repeat("trample ", 10<<10/8), strings.Repeat("ü", 5<<10),
		"日本語", "★★★", "-trample", "section:7", "chapter:702 edition:all", "*", `"`, "\xff\xfe", "{}", "---",
	} {
		for _, path := range []string{"/search", "/api/2026-01-16/search", "/api/all/search", "/suggest"} {
			w := do(t, srv, "GET", path+"?q="+url.QueryEscape(q))
			if w.Code != 200 {
				t.Errorf("%s %.20q: status %d", path, q, w.Code)
				continue
			}
			switch {
			case strings.HasPrefix(path, "/api/"):
				var r apiSearchResults
				if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
					t.Errorf("%s %.20q: %v", path, q, err)
				} else if len(r.Hits) == 0 && r.Message == "" {
					t.Errorf("%s %.20q: no hits and no message", path, q)
				}
			case path == "/search":
				if !strings.HasSuffix(strings.TrimSpace(w.Body.String()), "</html>") {
					t.Errorf("%s %.20q: page cut short", path, q)
				}
				d := parse(t, w)
				if d.Find(".hit").Length() == 0 && d.Find(".msg").Length() == 0 {
					t.Errorf("%s %.20q: no hits and no message", path, q)
				}
				if v, _ := d.Find("form.searchform input[name=q]").Attr("value"); len(v) > 512 {
					t.Errorf("%s %.20q: form repeats %d bytes of query", path, q, len(v))
				}
			}
		}
	}
}

func TestSuggest(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "/suggest?q=tram&e=2026-01-16")
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("status %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
	}
	d := parse(t, w)
	if d.Find("li a[href='/2026-01-16/702.19']").Length() == 0 {
		t.Errorf("typing tram: no suggestion for 702.19 Trample\n%s", w.Body)
	}
	if d.Find("li").Length() > suggestLimit {
		t.Errorf("%d suggestions", d.Find("li").Length())
	}
	if strings.Contains(w.Body.String(), "<html") {
		t.Error("suggestions are a fragment, not a page")
	}
	if w := do(t, srv, "GET", "/suggest?q="); w.Code != 200 || strings.TrimSpace(w.Body.String()) != "" {
		t.Errorf("empty query: %d %q", w.Code, w.Body)
	}
}

func TestOpenSearch(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "http://rules.example/opensearch.xml")
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/opensearchdescription+xml" {
		t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	body := w.Body.String()
	for _, want := range []string{`<?xml`, `<ShortName>Arbiter</ShortName>`, `template="http://rules.example/search?q={searchTerms}"`} {
		if !strings.Contains(body, want) {
			t.Errorf("description lacks %s:\n%s", want, body)
		}
	}
	d := parse(t, do(t, srv, "GET", "/"))
	if href, _ := d.Find(`link[rel=search][type="application/opensearchdescription+xml"]`).Attr("href"); href != "/opensearch.xml" {
		t.Errorf("pages link the description at %q", href)
	}
}

func TestAPISearch(t *testing.T) {
	srv := newFixtureServer(t)
	get := func(path string) apiSearchResults {
		t.Helper()
		w := do(t, srv, "GET", path)
		if w.Code != 200 || w.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("%s: status %d, type %q\n%s", path, w.Code, w.Header().Get("Content-Type"), w.Body)
		}
		var r apiSearchResults
		if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := get("/api/2026-01-16/search?q=trample&limit=2")
	if r.Edition != "2026-01-16" || len(r.Hits) == 0 || len(r.Hits) > 2 || r.Total < len(r.Hits) {
		t.Fatalf("trample: %+v", r)
	}
	h := r.Hits[0]
	if h.Kind != "rule" || h.Number != "702.19" || h.URL != "/2026-01-16/702.19" || h.Title != "Trample" ||
		h.Chapter != "702. Keyword Abilities" || h.Score <= 0 || !strings.Contains(h.SnippetHTML, "<mark>Trample</mark>") {
		t.Errorf("first hit %+v", h)
	}
	r = get("/api/latest/search?q=trampel")
	if r.DidYouMean != "trample" || len(r.Corrections) != 1 || r.Corrections[0].From != "trampel" {
		t.Errorf("trampel: did you mean %q, corrections %+v", r.DidYouMean, r.Corrections)
	}
	r = get("/api/all/search?q=trample")
	if r.Edition != "all" || len(r.Editions) != 3 || len(r.Hits) == 0 || len(r.Hits[0].Editions) == 0 {
		t.Errorf("all editions: %+v", r)
	} else if h := r.Hits[0]; h.Number != "702.19" || h.Edition != "2026-01-16" || !h.Current || h.URL != "/2026-01-16/702.19" ||
		len(h.History) != 1 || h.History[0] != (apiEra{Number: "702.19", From: "2026-01-16", To: "2026-01-16"}) {
		t.Errorf("all editions, first hit: %+v", h)
	}
	// A rule number in any form, as the jump box reads it.
	for _, q := range []string{"rule+704.5k", "704+5k", "704%2C5k", "r.+704.5+k", "CR+704-5k"} {
		for _, ed := range []string{"latest", "all"} {
			r = get("/api/" + ed + "/search?q=" + q)
			if r.Jump == nil || r.Jump.Number != "704.5k" || r.Jump.URL != "/2026-01-16/704.5k" {
				t.Errorf("%s in %s: jump %+v", q, ed, r.Jump)
			}
		}
	}
	if r = get("/api/latest/search?q=704+5z"); r.Jump != nil {
		t.Errorf("704 5z, which no edition has: jump %+v", r.Jump)
	}
	r = get("/api/2026-01-16/search?q=%3Cb%3Eworld%3C/b%3E")
	for _, h := range r.Hits {
		if strings.Contains(h.SnippetHTML, "<b>") {
			t.Errorf("snippet_html not escaped: %s", h.SnippetHTML)
		}
	}
	for path, want := range map[string]string{
		"/api/nope/search?q=trample":               "There is no edition",
		"/api/2026-01-16/search?q=trample&limit=0": "limit: want a whole number from 1 to 100",
		"/api/2026-01-16/search?q=x&limit=abc":     "limit:",
		"/api/2026-01-16/search?q=x&limit=101":     "limit:",
	} {
		w := do(t, srv, "GET", path)
		var e struct{ Error string }
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code < 400 || w.Code >= 500 || !strings.Contains(e.Error, want) {
			t.Errorf("%s: %d %s, want a 4xx saying %q", path, w.Code, w.Body, want)
		}
	}
}

// While official editions are still being read at start, a search of
// every edition searches those read so far and says how many are left.
func TestSearchAllWhileLoading(t *testing.T) {
	srv := newFixtureServer(t)
	srv.content.Store(&editionSet{official: &official{byDate: map[string]*officialEdition{
		"2099-01-01": {done: make(chan struct{})},
		"2099-02-01": {done: make(chan struct{})},
	}}})
	srv.loading = make(chan struct{}) // NewServer found nothing to wait for and closed it
	w := do(t, srv, "GET", "/search?q=trample&e=all")
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	d := parse(t, w)
	if got := d.Find("p.meta").First().Text(); !strings.Contains(got, "2 editions are still loading") {
		t.Errorf("note %q, want it to say 2 editions are still loading", got)
	}
	if d.Find(".answer h2 a[href='/2026-01-16/702.19']").Length() == 0 {
		t.Error("no hit for trample among the editions read")
	}
	w = do(t, srv, "GET", "/search?q=trample&e=2026-01-16")
	if strings.Contains(w.Body.String(), "still loading") {
		t.Error("a search of one edition says editions are loading")
	}
}
