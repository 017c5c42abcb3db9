package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// textEdition parses a small official text: body holds section 1's lines,
// one rule or example a line.
func textEdition(t testing.TB, date, body, gloss string) *rules.Edition {
	t.Helper()
	return parseTextEdition(t, date, textSource(date, body, gloss))
}

// textSource is the official text textEdition parses.
func textSource(date, body, gloss string) string {
	return "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of " + date + ".\n\n" +
		"Introduction\n\nA test edition.\n\nContents\n\n1. Game Concepts\n100. General\n101. Other\n\nGlossary\n\nCredits\n\n" +
		"1. Game Concepts\n\n" + strings.ReplaceAll(strings.TrimSpace(body), "\n", "\n\n") + "\n\nGlossary\n\n" +
		strings.TrimSpace(gloss) + "\n\nCredits\n\nNobody.\n"
}

func parseTextEdition(t testing.TB, date, src string) *rules.Edition {
	t.Helper()
	e := rules.ParseText(rules.Source{Name: date + ".txt", Data: []byte(src)})
	if e.Failed() {
		t.Fatalf("%s: %v", date, e.Diagnostics)
	}
	return e
}

const (
	histBody1 = `
100. General
100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.
100.2. To play, each player needs their own deck of traditional Magic cards, small items to represent any tokens and counters, and some way to clearly track life totals.
Example: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.
100.3. Some casual variants require additional items, such as specially designated cards, nontraditional Magic cards, and dice.
101. Other
101.1. Whenever a card's text directly contradicts these rules, the card takes precedence. See rule 100.3.
`
	histGloss = `
Active Player
The player whose turn it is. See rule 101.1.
`
	// The second inserts a rule before 100.2: 100.2 and 100.3 move on one,
	// and 101.1 cites 100.3 by its new number.
	histBody2 = `
100. General
100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.
100.2. A brand new rule about sideboards, which lists what each player may bring to a tournament.
100.3. To play, each player needs their own deck of traditional Magic cards, small items to represent any tokens and counters, and some way to clearly track life totals.
Example: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.
100.4. Some casual variants require additional items, such as specially designated cards, nontraditional Magic cards, and dice.
101. Other
101.1. Whenever a card's text directly contradicts these rules, the card takes precedence. See rule 100.4.
`
	// The third removes the casual-variants rule and rewords 100.3.
	histBody3 = `
100. General
100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.
100.2. A brand new rule about sideboards, which lists what each player may bring to a tournament.
100.3. To play, each player needs their own deck of traditional Magic cards, small items to represent any tokens and counters, and some reliable way to track life totals.
Example: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.
101. Other
101.1. Whenever a card's text directly contradicts these rules, the card takes precedence.
`
)

func newHistoryServer(t *testing.T) *Server {
	t.Helper()
	lib := rules.NewLibrary([]*rules.Edition{
		textEdition(t, "January 1, 2020", histBody1, histGloss),
		textEdition(t, "February 1, 2020", histBody2, histGloss),
		textEdition(t, "March 1, 2020", histBody3, histGloss),
	})
	return NewServer(lib, Options{})
}

func TestDiffPages(t *testing.T) {
	srv := newHistoryServer(t)
	tests := []struct {
		path   string
		status int
		checks []check
		absent []string
	}{
		{"/diff/2020-01-01/2020-02-01", 200, []check{
			{"h1", "Changes from CR 2020-01-01 to CR 2020-02-01"},
			{"table.counts thead th:nth-child(2)", "Rules"},
			{"table.counts tbody tr:nth-child(1) th", "Added"},
			{"table.counts tbody tr:nth-child(1) td:nth-child(2)", "1"}, // rules added
			{"table.counts tbody tr:nth-child(4) th", "Renumbered"},
			{"table.counts tbody tr:nth-child(4) td:nth-child(2)", "2"},
			{"ul.moves li a[href='/2020-01-01/100.2']", "100.2–100.3"},
			{"ul.moves li a[href='/2020-02-01/100.3']", "100.3–100.4"},
			{"ul.moves li .meta", "2 entries"},
			{".change .op.add", "added"},
			{".change a[href='/2020-02-01/100.2']", "100.2"},
			{".change ins", "A brand new rule about sideboards"},
			{".change .op.mod", "renumbered"},
			{"form.diffform select[name=from] option[selected][value='2020-01-01']", ""},
			{"form.diffform select[name=to] option[selected][value='2020-02-01']", ""},
			// 101.1 only cites 100.3 by its new number: wording only,
			// counted apart and folded away.
			{"table.counts tbody tr:nth-child(3) td:nth-child(2)", "0"}, // rules changed
			{"table.counts tbody tr:nth-child(5) td:nth-child(2)", "1"}, // wording only
			{"details.dpart > details.wording summary", "Wording only: 1 entry"},
			{"details.wording .change .op.same", "citations renumbered"},
			{"details.wording .change a[href='/2020-02-01/101.1']", "101.1"},
			{"details.wording .change .wdiff ins", "100.4"},
		}, []string{"details.dpart > .change del", "details.dpart > .change a[href='/2020-02-01/101.1']"}},
		{"/diff/2020-01-01/2020-03-01", 200, []check{
			{".change .op.del", "removed"},
			{".change a[href='/2020-01-01/100.3']", "100.3"},
			{".change del", "Some casual variants"},
			{".change a[href='/2020-03-01/100.3']", "100.3"},
			{".change .wdiff del", "clearly"},
			{".change .wdiff ins", "reliable"},
		}, nil},
		{"/diff/2020-03-01/2020-01-01", 200, []check{{".change .op.add", "added"}, {".change ins", "Some casual variants"}}, nil},
		{"/diff/2020-02-01/2020-02-01", 200, []check{{"p.msg", "No rule"}}, []string{"table.counts", ".change"}},
		{"/diff/nope/2020-02-01", 404, []check{{"main p", "no edition \"nope\""}}, nil},
		{"/diff/2020-02-01/2020-02-01/x", 404, nil, nil},
	}
	for _, tt := range tests {
		w := do(t, srv, "GET", tt.path)
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.path, w.Code, tt.status)
			continue
		}
		expectPage(t, tt.path, parse(t, w), tt.checks, tt.absent)
	}

	redirects := []struct{ path, to string }{
		{"/diff/2020-01-01/latest", "/diff/2020-01-01/2020-03-01"},
		{"/diff?from=2020-01-01", "/diff/2020-01-01/2020-03-01"},
		{"/diff?from=2020-01-01&to=2020-02-01", "/diff/2020-01-01/2020-02-01"},
		{"/2020-01-01/100.2/now", "/2020-03-01/100.3"},
		{"/2020-02-01/100.3/now", "/2020-03-01/100.3"},
		{"/api/diff/latest/2020-01-01", "/api/diff/2020-03-01/2020-01-01"},
	}
	for _, r := range redirects {
		w := do(t, srv, "GET", r.path)
		if w.Code/100 != 3 || w.Header().Get("Location") != r.to {
			t.Errorf("%s: %d to %q, want a redirect to %s", r.path, w.Code, w.Header().Get("Location"), r.to)
		}
	}
	for _, path := range []string{"/diff?to=2020-01-01", "/diff"} {
		if w := do(t, srv, "GET", path); w.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", path, w.Code)
		}
	}
	w := do(t, srv, "GET", "/2020-01-01/100.3/now")
	if w.Code != 404 || !strings.Contains(w.Body.String(), "was removed in CR 2020-03-01") {
		t.Errorf("/now of a removed rule: %d %s", w.Code, w.Body.String())
	}
}

func TestRuleHistorySection(t *testing.T) {
	srv := newHistoryServer(t)
	doc := parse(t, do(t, srv, "GET", "/2020-01-01/100.2"))
	for _, c := range []check{
		{"p.now a[href='/2020-03-01/100.3']", "rule 100.3"},
		{"section.history h2", "History"},
		{"section.history .meta", "In 3 editions, 2020-01-01 to 2020-03-01, with 1 change to its text"},
		{"section.history p a[href='/2020-01-01/100.2']", "100.2"},
		{"section.history p a[href='/2020-03-01/100.3']", "100.3"},
		{".timeline li:nth-child(1)", "In the oldest edition loaded, as 100.2"},
		{".timeline li:nth-child(2) a[href='/2020-02-01/100.3']", "2020-02-01"},
		{".timeline li:nth-child(2)", "Renumbered 100.2 → 100.3"},
		{".timeline li:nth-child(3)", "Changed"},
		{".timeline li:nth-child(3) details .wdiff ins", "reliable"},
	} {
		if sel := doc.Find(c.sel); sel.Length() == 0 || !strings.Contains(sel.Text(), c.want) {
			t.Errorf("%q: %q, want %q", c.sel, sel.Text(), c.want)
		}
	}
	// 101.1 cites 100.3 by its new number in 2020-02-01: a change of
	// wording only, folded apart from the timeline, one click away.
	doc = parse(t, do(t, srv, "GET", "/2020-03-01/101.1"))
	for _, c := range []check{
		{"section.history .meta", "with 1 change to its text and 1 change of wording only"},
		{"section.history > ol.timeline li:nth-child(2)", "Changed"},
		{"section.history details.wording summary", "1 change of wording only"},
		{"section.history details.wording ol.timeline li", "Citations renumbered"},
		{"section.history details.wording ol.timeline li a[href='/2020-02-01/101.1']", "2020-02-01"},
		{"section.history details.wording ol.timeline li details .wdiff ins", "100.4"},
	} {
		if sel := doc.Find(c.sel); sel.Length() == 0 || !strings.Contains(sel.Text(), c.want) {
			t.Errorf("%q: %q, want %q", c.sel, sel.Text(), c.want)
		}
	}
	if got := doc.Find("section.history > ol.timeline").Text(); strings.Contains(got, "Citations renumbered") {
		t.Errorf("the timeline shows a change of wording only unfolded: %q", got)
	}
	// The newest edition's rule needs no "today this is".
	doc = parse(t, do(t, srv, "GET", "/2020-03-01/100.3"))
	if doc.Find("p.now").Length() != 0 || doc.Find("section.history").Length() != 1 {
		t.Error("the newest edition's page: want a history and no note")
	}
	// A rule added later starts there; a removed one says so.
	doc = parse(t, do(t, srv, "GET", "/2020-03-01/100.2"))
	if got := doc.Find(".timeline li").First().Text(); !strings.Contains(got, "Added as 100.2") {
		t.Errorf("added rule's first event: %q", got)
	}
	doc = parse(t, do(t, srv, "GET", "/2020-01-01/100.3"))
	if got := doc.Find("p.now").Text(); !strings.Contains(got, "removed in CR 2020-03-01") {
		t.Errorf("removed rule's note: %q", got)
	}
	if got := doc.Find(".timeline li").Last().Text(); !strings.Contains(got, "Removed") || !strings.Contains(got, "last in") {
		t.Errorf("removed rule's last event: %q", got)
	}

	// The home page offers the older editions to compare with the newest.
	doc = parse(t, do(t, srv, "GET", "/"))
	if n := doc.Find("form.diffform[action='/diff'] select[name=from] option").Length(); n != 2 {
		t.Errorf("home picker offers %d editions, want 2", n)
	}
	if doc.Find("form.diffform input[type=hidden][name=to][value='2020-03-01']").Length() != 1 {
		t.Error("home picker does not compare with the newest edition")
	}

	// A library with one whole edition has no history to show.
	doc = parse(t, do(t, newFixtureServer(t), "GET", "/2026-01-16/704.5k"))
	if doc.Find("section.history, p.now").Length() != 0 {
		t.Error("a rule in only one edition shows a history")
	}
}

func TestHistoryAPI(t *testing.T) {
	srv := newHistoryServer(t)
	var h apiHistory
	getJSON(t, srv, "/api/history/2020-01-01/100.2", 200, &h)
	if h.Current == nil || *h.Current != (apiPlace{"2020-03-01", "100.3"}) || len(h.Versions) != 3 {
		t.Errorf("history = %+v", h)
	}
	if len(h.Events) != 2 || h.Events[0].Op != "moved" || h.Events[0].OldNumber != "100.2" || h.Events[0].NewNumber != "100.3" ||
		!h.Events[1].Changed || len(h.Events[1].Diff) == 0 {
		t.Errorf("events = %+v", h.Events)
	}
	getJSON(t, srv, "/api/history/2020-01-01/100.3", 200, &h)
	if h.Current != nil || h.Events[len(h.Events)-1].Op != "removed" || h.Events[len(h.Events)-1].Edition != "2020-03-01" {
		t.Errorf("removed rule's history = %+v", h)
	}

	var d apiDiff
	getJSON(t, srv, "/api/diff/2020-01-01/2020-02-01", 200, &d)
	if d.From != "2020-01-01" || d.To != "2020-02-01" || d.Counts["rule"].Added != 1 || d.Counts["rule"].Moved != 2 || d.Counts["term"] != (history.Counts{}) {
		t.Errorf("diff counts = %+v", d.Counts)
	}
	if len(d.Changes) != 4 || d.Changes[0].Op != "added" || d.Changes[0].Old != nil || d.Changes[0].New.Number != "100.2" ||
		d.Changes[0].New.URL != "/2020-02-01/100.2" || !strings.Contains(d.Changes[0].Text, "sideboards") {
		t.Errorf("diff changes = %+v", d.Changes)
	}
	if c := d.Changes[1]; c.Op != "moved" || c.Old.Number != "100.2" || c.New.Number != "100.3" || c.Diff != nil {
		t.Errorf("second change = %+v", c)
	}
	// 101.1 cites 100.3 by its new number: not changed, but listed, with
	// its diff, and counted apart.
	if c := d.Changes[3]; c.Op != "citations renumbered" || c.Changed || !c.WordingOnly || !c.CitationsRenumbered || c.New.Number != "101.1" || len(c.Diff) != 4 {
		t.Errorf("fourth change = %+v", c)
	}
	if n := d.Counts["rule"]; n.Changed != 0 || n.WordingOnly != 1 {
		t.Errorf("rule counts = %+v, want 1 wording only and 0 changed", n)
	}

	for _, path := range []string{"/api/history/nope/100.1", "/api/history/2020-01-01/999.9", "/api/diff/2020-01-01/nope", "/api/history/2020-01-01"} {
		var e map[string]string
		getJSON(t, srv, path, 404, &e)
		if e["error"] == "" {
			t.Errorf("%s: error body %v", path, e)
		}
	}
}

// TestLegendRuleOnTheSite serves the two editions either side of the 2017
// renumbering from the corpus: 704.5k became 704.5j.
func TestLegendRuleOnTheSite(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	var eds []*rules.Edition
	for _, name := range []string{"2017-07-07.txt", "2017-09-25.txt"} {
		es, err := rules.Load(os.DirFS(dir), name)
		if err != nil {
			t.Fatal(err)
		}
		eds = append(eds, es...)
	}
	srv := NewServer(rules.NewLibrary(eds), Options{})
	doc := parse(t, do(t, srv, "GET", "/2017-07-08/704.5k"))
	if got := doc.Find("p.now a[href='/2017-09-29/704.5j']").Text(); got != "rule 704.5j" {
		t.Errorf("704.5k of 2017-07-08: now note %q", got)
	}
	doc = parse(t, do(t, srv, "GET", "/diff/2017-07-08/2017-09-29"))
	found := false
	doc.Find("ul.moves li").Each(func(_ int, li *goquery.Selection) {
		if strings.Contains(li.Text(), "704.5k–704.5x → 704.5j–704.5w") && strings.Contains(li.Text(), "12 entries") {
			found = true
		}
	})
	if !found {
		t.Errorf("the renumbering of 704.5k–x is not listed: %s", doc.Find("ul.moves").Text())
	}
	if got := doc.Find(".change .op.del").Length(); got != 3 {
		t.Errorf("%d removals listed, want 3 (704.5j, 702.25k, 306.4)", got)
	}
}

// FuzzHistoryRequests sends arbitrary paths and queries to the history
// routes of a library with three editions and a fourth, newest, whose file
// is cut short after 100.2: any status but a 5xx.
func FuzzHistoryRequests(f *testing.F) {
	for _, s := range []string{
		"/diff/2020-01-01/2020-03-01", "/diff/latest/latest", "/diff", "/2020-01-01/100.2/now", "/2020-01-01/999.9/now",
		"/api/history/2020-01-01/100.2", "/api/history/latest/100.3", "/api/diff/2020-03-01/2020-01-01", "/diff/2020-01-01/%2F",
		"/2020-03-01/101.1/now", "/api/diff/2020-01-01/2020-04-01", "/api/history/2020-03-01/101.1",
	} {
		f.Add(s, "from=2020-01-01&to=latest")
	}
	// The rule page's picker and the jump box (jump.go).
	for _, q := range []string{"q=100.3&from=2020-03-01&e=2020-04-01", "q=100.4&e=2020-03-01", "q=100.2&from=2020-03-01&e=2020-01-01"} {
		f.Add("/jump", q)
	}
	f.Add("/api/history/2020-03-01/100.3/in/2020-04-01", "")
	cut := textSource("April 1, 2020", histBody3, histGloss)
	cut = cut[:strings.Index(cut, "what each player may bring to a tournament.")]
	lib := rules.NewLibrary([]*rules.Edition{
		textEdition(f, "January 1, 2020", histBody1, histGloss),
		textEdition(f, "February 1, 2020", histBody2, histGloss),
		textEdition(f, "March 1, 2020", histBody3, histGloss),
		parseTextEdition(f, "April 1, 2020", cut),
	})
	srv := NewServer(lib, Options{})
	f.Fuzz(func(t *testing.T, path, query string) {
		if path == "" || path[0] != '/' {
			path = "/" + path
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.URL = &url.URL{Path: path, RawQuery: query}
		r.RequestURI = r.URL.RequestURI()
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code >= 500 || w.Code < 200 {
			t.Fatalf("%q ? %q: status %d\n%s", path, query, w.Code, w.Body)
		}
	})
}
