package main

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/rules"
)

// The judge documents, built by hand like the CR fixtures: two MTR
// editions, an IPG and a JAR, served beside the CR fixtures.

func docRule(d rules.Doc, num, title string, parts ...any) *rules.Rule {
	n, err := rules.ParseNumberIn(d, num)
	if err != nil {
		panic(err)
	}
	r := rule("100", parts...)
	r.Number = n
	r.SetTitle(title)
	return r
}

// kinded is a block of the given kind.
func kinded(k rules.BlockKind, src string) rules.Block {
	b := block(src)
	b.Kind = k
	return b
}

func fixtureMTR(day string, pregame string) *rules.Edition {
	mtr := rules.DocMTR
	e := &rules.Edition{
		Doc:       mtr,
		Title:     "Magic: The Gathering Tournament Rules",
		Effective: date(day),
		Format:    rules.FormatPDF,
		Kind:      rules.KindFull,
		Sections: []*rules.Section{
			section(2, "Tournament Mechanics",
				docRule(mtr, "2", "Tournament Mechanics",
					docRule(mtr, "2.1", "Match Structure", "A Magic match consists of a series of games."),
					docRule(mtr, "2.3", "Pregame Procedures", pregame),
				),
			),
			section(4, "Communication",
				docRule(mtr, "4", "Communication",
					docRule(mtr, "4.3", "Out-of-Order Sequencing", "A player may take actions out of order. See <<CR 704.5j>>."),
				),
			),
		},
		Topics: []*rules.Topic{{Slug: "appendix-b", Title: "Appendix B—Time Limits", Body: []rules.Block{
			kinded(rules.BlockRow, "Competitive\t50 minutes"),
			kinded(rules.BlockRow, "Regular\t50 minutes"),
		}}},
	}
	return finish(e)
}

func fixtureIPG() *rules.Edition {
	ipg := rules.DocIPG
	mt := docRule(ipg, "2.1", "Game Play Error — Missed Trigger")
	mt.Body = []rules.Block{
		kinded(rules.BlockPenalty, "No Penalty"),
		kinded(rules.BlockHeading, "Definition"),
		block("A triggered ability triggers, but the player controlling the ability doesn't demonstrate awareness of it. See <<MTR 4.3>> and <<CR 704.5j>>."),
		kinded(rules.BlockHeading, "Examples"),
		kinded(rules.BlockExample, "A. Knight of Infamy attacks alone. Its controller says “Take two.”"),
		kinded(rules.BlockHeading, "Philosophy"),
		block("Triggered abilities are common and invisible, so players should not be harshly penalized."),
		kinded(rules.BlockItem, "A triggered ability that changes the rules of the game."),
		kinded(rules.BlockItem, "A triggered ability that affects the game state in non-visible ways."),
	}
	e := &rules.Edition{
		Doc:       ipg,
		Title:     "Magic Infraction Procedure Guide",
		Effective: date("2026-02-01"),
		Format:    rules.FormatPDF,
		Kind:      rules.KindFull,
		Sections: []*rules.Section{
			section(2, "Game Play Errors",
				docRule(ipg, "2", "Game Play Errors", "Game Play Errors are caused by incorrect play. See <<doc MTR>>.", mt),
			),
			section(3, "Tournament Errors",
				docRule(ipg, "3", "Tournament Errors",
					docRule(ipg, "3.4", "Tournament Error — Deck Problem", kinded(rules.BlockPenalty, "Warning").Text.S),
				),
			),
		},
	}
	return finish(e)
}

func fixtureJAR() *rules.Edition {
	e := &rules.Edition{
		Doc:       rules.DocJAR,
		Title:     "Judging at Regular Rules Enforcement Level",
		Effective: date("2019-01-21"),
		Format:    rules.FormatHTML,
		Kind:      rules.KindProse,
		Topics: []*rules.Topic{
			{Slug: "common-issues", Title: "Common Issues", Body: []rules.Block{block("Most issues at Regular REL are simple to fix.")}},
			{Slug: "serious-problems", Title: "Serious Problems", Body: []rules.Block{block("Some problems are serious.")}},
		},
	}
	return finish(e)
}

func newDocumentsServer(t testing.TB) *Server {
	t.Helper()
	eds := []*rules.Edition{fixture2026(), fixture2007(), fixtureClassic(),
		fixtureMTR("2025-04-21", "Players shuffle their decks."), fixtureMTR("2020-10-12", "Players shuffle."),
		fixtureIPG(), fixtureJAR()}
	return NewServer(rules.NewLibrary(eds), Options{})
}

func TestDocumentPages(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tc := range []struct {
		path   string
		checks []check
		absent []string
	}{
		{"/", []check{{"ul.docs a.doc[href='/mtr']", "Magic Tournament Rules"}, {"ul.docs a.doc[href='/ipg']", "2026-02-01"},
			{"ul.docs a.doc[href='/jar']", "Judging at Regular REL"}, {"ul.docs a.doc[href='/2026-01-16']", "2026-01-16"},
			{".tools a[href='/sandbox']", "Sandbox"}, {".tools a[href='/search']", "Search"}}, nil},
		{"/mtr", []check{{"h1", "Magic Tournament Rules, effective 2025-04-21"}, {"ul.entries a[href='/mtr/2025-04-21/2.3']", "2.3 Pregame Procedures"},
			{"a[href='/mtr/2025-04-21/topic/appendix-b']", "Appendix B"}, {".years a[href='/mtr/2020-10-12']", "2020-10-12"}}, nil},
		{"/mtr/2.3", []check{{"h1", "2.3 Pregame Procedures"}, {".rule p", "Players shuffle their decks."}, {"link[rel=canonical][href='/mtr/2025-04-21/2.3']", ""},
			{".cite code", "MTR 2.3 (2025-04-21)"}}, nil},
		{"/mtr/2020-10-12/2.3", []check{{".rule p", "Players shuffle."}}, nil},
		{"/mtr/2020-10-12", []check{{"h1", "Magic"}, {"ul.entries a[href='/mtr/2020-10-12/4.3']", "Out-of-Order Sequencing"}}, nil},
		{"/mtr/2025-04-21/section/2", []check{{"h1", "2. Tournament Mechanics"}}, nil},
		{"/mtr/2025-04-21/topic/appendix-b", []check{{".rows td", "50 minutes"}}, nil},
		{"/ipg/2.1", []check{{"h1", "2.1 Game Play Error — Missed Trigger"}, {".penalty strong", "No Penalty"},
			{"h3#philosophy", "Philosophy"}, {".partsnav a[href='#philosophy']", "Philosophy"}, {"ul.items li", "non-visible"},
			{".ex p", "Knight of Infamy"},
			// The IPG of 2026-02-01 cites the MTR and the CR in force then.
			{"a.x[href='/mtr/2025-04-21/4.3']", "MTR 4.3"}, {"a.x[href='/2026-01-16/704.5j']", "CR 704.5j"}},
			[]string{".ex b"}},
		{"/ipg/2026-02-01/2", []check{{"a.x[href='/mtr/2025-04-21']", "doc MTR"}}, nil},
		{"/jar", []check{{"a[href='/jar/2019-01-21/topic/common-issues']", "Common Issues"}}, nil},
		{"/jar/2019-01-21/topic/serious-problems", []check{{"h1", "Serious Problems"}}, nil},
		// A day no edition took effect on answers from the one in force.
		{"/2026-03-01/704.5j", []check{{".asof", "in force that day"}, {".asof a[href='/2026-01-16']", "2026-01-16"}, {"h1", "704.5j"}}, nil},
		{"/mtr/2023-01-01/2.3", []check{{".asof", "No edition of the Magic Tournament Rules took effect on 2023-01-01"}, {".rule p", "Players shuffle."}}, nil},
		{"/cr/704.5j", []check{{"h1", "704.5j"}, {"link[rel=canonical][href='/2026-01-16/704.5j']", ""}}, nil},
	} {
		w := do(t, srv, http.MethodGet, tc.path)
		if w.Code != http.StatusOK {
			t.Errorf("%s: status %d, want 200: %.300s", tc.path, w.Code, w.Body.String())
			continue
		}
		d := parse(t, w)
		expectPage(t, tc.path, d, tc.checks, tc.absent)
		checkPageHygiene(t, d)
	}
}

func TestDocumentRedirectsAndMisses(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tc := range []struct {
		path, want string
		status     int
	}{
		{"/jar/common-issues", "/jar/2019-01-21/topic/common-issues", http.StatusFound},
		{"/mtr/9.9", "", http.StatusNotFound},
		{"/mtr/1999-01-01/2.3", "", http.StatusNotFound}, // before the first edition
		{"/ipg/2026-02-01/704.5j", "", http.StatusNotFound},
		{"/mtr/nonsense", "", http.StatusNotFound},
	} {
		w := do(t, srv, http.MethodGet, tc.path)
		if w.Code != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, w.Code, tc.status)
			continue
		}
		if tc.want != "" && w.Header().Get("Location") != tc.want {
			t.Errorf("%s: redirects to %q, want %q", tc.path, w.Header().Get("Location"), tc.want)
		}
	}
}

func TestCitedFromOtherDocuments(t *testing.T) {
	srv := newDocumentsServer(t)
	w := do(t, srv, http.MethodGet, "/mtr/2025-04-21/4.3")
	d := parse(t, w)
	got := d.Find(".citedby a").Text()
	if !strings.Contains(got, "IPG 2.1") {
		t.Errorf("MTR 4.3 of 2025-04-21 is cited by %q, want the IPG's 2.1", got)
	}
}

func TestJumpAcrossDocuments(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tc := range []struct{ q, e, want string }{
		{"MTR 4.3", "", "/mtr/2025-04-21/4.3"},
		{"mtr4.3", "", "/mtr/2025-04-21/4.3"},
		{"MTR section 4.3", "", "/mtr/2025-04-21/4.3"},
		{"IPG", "", "/ipg"},
		{"Infraction Procedure Guide", "", "/ipg"},
		{"the Magic Tournament Rules", "", "/mtr"},
		{"Judging at Regular REL", "", "/jar"},
		{"2.1", "ipg/2026-02-01", "/ipg/2026-02-01/2.1"},
		{"2.3", "mtr/2020-10-12", "/mtr/2020-10-12/2.3"},
		{"CR 704.5j", "mtr/2025-04-21", "/2026-01-16/704.5j"},
		{"704.5j", "mtr/2025-04-21", "/2026-01-16/704.5j"},
		{"704.5j", "", "/2026-01-16/704.5j"},
		{"crew", "", "/search?e=2026-01-16&q=crew"},
		{"crew", "mtr/2025-04-21", "/search?e=mtr%2F2025-04-21&q=crew"},
	} {
		target := "/jump?q=" + urlQuery(tc.q)
		if tc.e != "" {
			target += "&e=" + urlQuery(tc.e)
		}
		w := do(t, srv, http.MethodGet, target)
		if w.Code != http.StatusFound || w.Header().Get("Location") != tc.want {
			t.Errorf("jump %q (e=%q): %d to %q, want 302 to %q", tc.q, tc.e, w.Code, w.Header().Get("Location"), tc.want)
		}
	}
	if w := do(t, srv, http.MethodGet, "/jump?q=MTR+9.9"); w.Code != http.StatusNotFound {
		t.Errorf("jump to MTR 9.9, which no edition has: %d, want 404", w.Code)
	}
}

func TestSearchDocuments(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tc := range []struct {
		path   string
		checks []check
	}{
		// The IPG named outright is offered first.
		{"/search?q=Infraction+Procedure+Guide", []check{{".named a[href='/ipg']", "Infraction Procedure Guide"}}},
		// A search of the CR shows the other documents' best hits too.
		{"/search?q=triggered+ability", []check{{".elsewhere h2, .answer .meta", "Infraction Procedure Guide"}, {".elsewhere a[href='/ipg/2026-02-01/2.1'], .answer h2 a[href='/ipg/2026-02-01/2.1']", "2.1"}}},
		// Searching the MTR itself.
		{"/search?q=shuffle&e=mtr/2025-04-21", []check{{"h1", "MTR 2025-04-21"}, {".answer h2 a[href='/mtr/2025-04-21/2.3']", "2.3"}, {"select[name=e] option[value='mtr/all']", "All editions"}}},
		{"/search?q=shuffle&e=mtr/all", []check{{".answer h2 a", "2.3"}}},
	} {
		w := do(t, srv, http.MethodGet, tc.path)
		if w.Code != http.StatusOK {
			t.Errorf("%s: status %d: %.300s", tc.path, w.Code, w.Body.String())
			continue
		}
		expectPage(t, tc.path, parse(t, w), tc.checks, nil)
	}
}

func TestDiagnosticsCountsDocuments(t *testing.T) {
	srv := newDocumentsServer(t)
	d := parse(t, do(t, srv, http.MethodGet, "/diagnostics"))
	var heads []string
	d.Find(".docdiag h3").Each(func(_ int, s *goquery.Selection) { heads = append(heads, s.Text()) })
	want := []string{"Comprehensive Rules: 3 editions", "Magic Tournament Rules: 2 editions", "Infraction Procedure Guide: 1 edition", "Judging at Regular REL: 1 edition"}
	if strings.Join(heads, "|") != strings.Join(want, "|") {
		t.Errorf("documents counted %q, want %q", heads, want)
	}
	// The IPG's references: to the MTR and the CR (both in force), and the MTR as a whole.
	ipg := d.Find(".docdiag").Eq(2).Find("li").First().Text()
	if !strings.Contains(ipg, "3 of 3 references resolve; 3 of 3 to other documents") {
		t.Errorf("the IPG's line: %q", ipg)
	}
	// The CR fixture cites 999.9, 109.5 and 602.2, which it lacks: listed.
	if got := d.Find(".docdiag").First().Find("details.unresolved summary").First().Text(); got != "3 unresolved" {
		t.Errorf("the CR's unresolved: %q", got)
	}
}

func TestOfflineSavesEveryDocument(t *testing.T) {
	srv := newDocumentsServer(t)
	sw := do(t, srv, http.MethodGet, "/sw.js").Body.String()
	for _, u := range []string{`"/mtr"`, `"/mtr/2025-04-21"`, `"/mtr/2025-04-21/2"`, `"/mtr/2025-04-21/topic/appendix-b"`,
		`"/ipg/2026-02-01/2"`, `"/jar/2019-01-21/topic/common-issues"`} {
		if !strings.Contains(sw, u) {
			t.Errorf("the service worker does not save %s", u)
		}
	}
	if strings.Contains(sw, `"/mtr/2020-10-12"`) {
		t.Error("the service worker saves an older MTR")
	}
	// Every page it saves answers.
	for _, u := range []string{"/mtr/2025-04-21/2", "/ipg/2026-02-01/2"} {
		if w := do(t, srv, http.MethodGet, u); w.Code != http.StatusOK {
			t.Errorf("%s: %d", u, w.Code)
		}
	}
}

// A CR edition is named by the set whose release brought it, too.
func TestEditionBySet(t *testing.T) {
	t.Parallel()
	set, err := newEditionSet(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	set.official.run()
	srv := NewServer(set.library(), Options{Content: set})
	for _, tc := range []struct{ path, want string }{
		{"/m10/704.5k", "link[rel=canonical][href='/2009-07-11/704.5k']"},
		{"/M10", "link[rel=canonical][href='/2009-07-11']"},
		{"/2009-07-11", "p.meta"},
	} {
		w := do(t, srv, http.MethodGet, tc.path)
		if w.Code != http.StatusOK {
			t.Errorf("%s: %d", tc.path, w.Code)
			continue
		}
		d := parse(t, w)
		if d.Find(tc.want).Length() == 0 {
			t.Errorf("%s: nothing matches %s", tc.path, tc.want)
		}
		if tc.path == "/2009-07-11" && !strings.Contains(d.Find("p.meta").First().Text(), "Magic 2010 (M10)") {
			t.Errorf("%s: the edition does not name its set: %q", tc.path, d.Find("p.meta").First().Text())
		}
	}
	home := parse(t, do(t, srv, http.MethodGet, "/")).Find(".years").Text()
	if !strings.Contains(home, "M10") {
		t.Error("the home page's list of editions does not name M10")
	}
}

// A link to another document as a whole ("the MTR") previews its edition:
// its name and what it holds.
func TestEditionPreview(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tc := range []struct{ path, link, item string }{
		{"/preview/mtr/2025-04-21", "/mtr/2025-04-21", "Tournament Mechanics"},
		{"/preview/jar/2019-01-21", "/jar/2019-01-21", "Common Issues"},
		{"/preview/2026-01-16", "/2026-01-16", "Game Concepts"},
	} {
		w := do(t, srv, http.MethodGet, tc.path)
		if w.Code != http.StatusOK {
			t.Errorf("%s: status %d", tc.path, w.Code)
			continue
		}
		d := parse(t, w)
		if d.Find("a[href='"+tc.link+"'] b").Length() != 1 || !strings.Contains(d.Find("li").Text(), tc.item) {
			t.Errorf("%s: %s", tc.path, w.Body.String())
		}
	}
	if w := do(t, srv, http.MethodGet, "/preview/mtr/1999-01-01"); w.Code != http.StatusNotFound {
		t.Errorf("a preview of no edition: %d", w.Code)
	}
}
