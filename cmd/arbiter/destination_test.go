package main

import (
	"net/http"
	"net/url"
	"testing"
)

// TestDestinations types into the jump box, the search box and the
// suggestions alike the ways readers write a place: each goes to the
// entry, the part, the section or the appendix, from the edition given.
func TestDestinations(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tt := range []struct{ q, e, want string }{
		{"704.5j", "", "/2026-01-16/704.5j"},
		{"704 5j", "", "/2026-01-16/704.5j"},
		{"704,5j", "", "/2026-01-16/704.5j"},
		{"704-5j", "", "/2026-01-16/704.5j"},
		{"704.5 j", "", "/2026-01-16/704.5j"},
		{"704.5(j)", "", "/2026-01-16/704.5j"},
		{"CR 704.5j", "", "/2026-01-16/704.5j"},
		{"rule 704.5j", "", "/2026-01-16/704.5j"},
		{"r. 704.5j", "", "/2026-01-16/704.5j"},
		{"704 5j", "mtr/2025-04-21", "/2026-01-16/704.5j"},
		{"section 7", "", "/2026-01-16/section/7"},
		{"MTR 4.3", "", "/mtr/2025-04-21/4.3"},
		{"mtr4.3", "", "/mtr/2025-04-21/4.3"},
		{"mtr 4 3", "", "/mtr/2025-04-21/4.3"},
		{"4.3 of the MTR", "", "/mtr/2025-04-21/4.3"},
		{"section 4 of the MTR", "", "/mtr/2025-04-21/4"},
		{"MTR appendix B", "", "/mtr/2025-04-21/topic/appendix-b"},
		{"IPG 2.1", "", "/ipg/2026-02-01/2.1"},
		{"ipg 2.1 philosophy", "", "/ipg/2026-02-01/2.1#philosophy"},
		{"IPG 2.1, Definition", "", "/ipg/2026-02-01/2.1#definition"},
		// In a judge document's own pages, a bare number is its own.
		{"4 3", "mtr/2025-04-21", "/mtr/2025-04-21/4.3"},
		{"2.3", "mtr/2020-10-12", "/mtr/2020-10-12/2.3"},
		{"2.1 philosophy", "ipg/2026-02-01", "/ipg/2026-02-01/2.1#philosophy"},
	} {
		e := ""
		if tt.e != "" {
			e = "&e=" + url.QueryEscape(tt.e)
		}
		for _, path := range []string{"/jump", "/search"} {
			target := path + "?q=" + url.QueryEscape(tt.q) + e
			w := do(t, srv, http.MethodGet, target)
			if w.Code != http.StatusFound || w.Header().Get("Location") != tt.want {
				t.Errorf("%s: %d to %q, want 302 to %q", target, w.Code, w.Header().Get("Location"), tt.want)
			}
		}
		target := "/suggest?q=" + url.QueryEscape(tt.q) + e
		d := parse(t, do(t, srv, http.MethodGet, target))
		if got, _ := d.Find("li:first-child a").Attr("href"); got != tt.want {
			t.Errorf("%s: first suggestion %q, want %q", target, got, tt.want)
		}
	}
}

// TestShorthand: judges' shorthand and an infraction's name go to the
// newest IPG's infraction from the jump box and are the search page's
// answer, found by the IPG's own titles (the fixture numbers Deck Problem
// 3.4, as no real IPG does).
func TestShorthand(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tt := range []struct{ q, e, want string }{
		{"missed trigger", "", "/ipg/2026-02-01/2.1"},
		{"Missed Triggers", "", "/ipg/2026-02-01/2.1"},
		{"GPE", "", "/ipg/2026-02-01/2"},
		{"missed trigger philosophy", "", "/ipg/2026-02-01/2.1#philosophy"},
		{"deck problem", "", "/ipg/2026-02-01/3.4"},
		{"deck problem", "mtr/2025-04-21", "/ipg/2026-02-01/3.4"},
		{"IPG deck problem", "", "/ipg/2026-02-01/3.4"},
		// A judge document's own titles, read there or named.
		{"pregame procedures", "mtr/2020-10-12", "/mtr/2020-10-12/2.3"},
		{"MTR pregame procedures", "", "/mtr/2025-04-21/2.3"},
		// Not shorthand: searches.
		{"pregame procedures", "", "/search?e=2026-01-16&q=pregame+procedures"},
		{"trigger", "", "/search?e=2026-01-16&q=trigger"},
		{"game play", "", "/search?e=2026-01-16&q=game+play"},
	} {
		target := "/jump?q=" + url.QueryEscape(tt.q)
		if tt.e != "" {
			target += "&e=" + url.QueryEscape(tt.e)
		}
		w := do(t, srv, http.MethodGet, target)
		if w.Code != http.StatusFound || w.Header().Get("Location") != tt.want {
			t.Errorf("%s: %d to %q, want 302 to %q", target, w.Code, w.Header().Get("Location"), tt.want)
		}
	}
	d := parse(t, do(t, srv, http.MethodGet, "/suggest?q=missed+trigger"))
	expectPage(t, "/suggest?q=missed+trigger", d, []check{
		{"li.lead a[href='/ipg/2026-02-01/2.1']", "IPG 2.1 Game Play Error — Missed Trigger"},
		{"li.lead .meta", "A triggered ability triggers"},
	}, nil)
	d = parse(t, do(t, srv, http.MethodGet, "/suggest?q=trample"))
	expectPage(t, "/suggest?q=trample", d, []check{{"li a[href='/2026-01-16/702.19']", "702.19"}}, []string{"li.lead"})
}

// TestAnswer: the search page shows its best entry whole above the other
// hits, from the document that answers the question, and lists it once.
func TestAnswer(t *testing.T) {
	srv := newDocumentsServer(t)
	for _, tt := range []struct {
		path   string
		checks []check
		absent []string
	}{
		// A CR rule, its example folded.
		{"/search?q=world+rule", []check{
			{".answer .meta", "Best match · CR 2026-01-16"},
			{".answer h2 a[href='/2026-01-16/704.5k']", "Rule 704.5k"},
			{".answer h2 .meta", "704. State-Based Actions"},
			{".answer > p", `This is called the "world rule."`},
			{".answer details.exs:not([open]) summary", "Example"},
			{".answer details.exs .ex", "Two world enchantments enter one after the other"},
			{"h2.more", "More results"},
		}, []string{".hit a[href='/2026-01-16/704.5k']"}},
		// A rule with subrules (the list of state-based actions, which
		// search ranks above their chapter's title): each numbered.
		{"/search?q=state-based+actions", []check{
			{".answer h2 a[href='/2026-01-16/704.5']", "Rule 704.5"},
			{".answer p a.num[href='/2026-01-16/704.5a']", "704.5a"},
			{".answer p a.num[href='/2026-01-16/704.5j']", "704.5j"},
			{".answer details.exs .ex", "Two world enchantments"},
		}, nil},
		// A glossary entry.
		{"/search?q=legendary+permanents", []check{
			{".answer h2 a[href='/2026-01-16/glossary/legend-rule']", "Glossary: Legend Rule"},
			{".answer p a[href='/2026-01-16/704.5j']", "rule 704.5j"},
		}, nil},
		// An infraction named: its penalty, parts and examples folded,
		// from the CR's search; not listed again below.
		{"/search?q=missed+trigger", []check{
			{".answer .meta", "“missed trigger” in the Infraction Procedure Guide · IPG 2026-02-01"},
			{".answer h2 a[href='/ipg/2026-02-01/2.1']", "IPG 2.1 Game Play Error — Missed Trigger"},
			{".answer .penalty", "No Penalty"},
			{".answer h3.part", "Definition"},
			{".answer details.exs summary", "Examples"},
			{".answer details.exs .ex", "Knight of Infamy"},
			{".answer .items li", "changes the rules of the game"},
			{".answer a[href='/mtr/2025-04-21/4.3']", "MTR 4.3"},
		}, []string{".elsewhere a[href='/ipg/2026-02-01/2.1']", ".answer h3#philosophy"}},
		// Words only a tournament document has: it answers, and the CR's
		// own hits (none) follow under their document's name.
		{"/search?q=pregame+procedures", []check{
			{".answer .meta", "Best match, from the Magic Tournament Rules · MTR 2025-04-21"},
			{".answer h2 a[href='/mtr/2025-04-21/2.3']", "MTR 2.3 Pregame Procedures"},
			{"h2.more", "In the Comprehensive Rules"},
		}, nil},
		// The MTR named: its best hit for the rest answers.
		{"/search?q=MTR+shuffle", []check{
			{".answer h2 a[href='/mtr/2025-04-21/2.3']", "MTR 2.3 Pregame Procedures"},
		}, nil},
		// A judge document searched itself.
		{"/search?q=shuffle&e=mtr/2025-04-21", []check{
			{".answer .meta", "Best match · MTR 2025-04-21"},
			{".answer h2 a[href='/mtr/2025-04-21/2.3']", "2.3"},
		}, nil},
		// A document named alone is offered, not answered.
		{"/search?q=IPG", []check{{".named a[href='/ipg']", "Infraction Procedure Guide"}}, []string{".answer"}},
		// Nothing found: no answer.
		{"/search?q=zzzzqqq", nil, []string{".answer", "h2.more"}},
	} {
		w := do(t, srv, http.MethodGet, tt.path)
		if w.Code != http.StatusOK {
			t.Errorf("%s: status %d", tt.path, w.Code)
			continue
		}
		expectPage(t, tt.path, parse(t, w), tt.checks, tt.absent)
	}
}

func TestAboutTournament(t *testing.T) {
	for q, want := range map[string]bool{
		"my decklist was wrong":         true,
		"what penalty for slow play":    true,
		"a judge gave me a game loss":   true,
		"is a match loss an upgrade":    true,
		"Judges":                        true,
		"can i block with a tapped guy": false,
		"loss of life":                  false,
		"my opponent lost the game":     false,
		"judgement":                     false,
	} {
		if got := aboutTournament(q); got != want {
			t.Errorf("aboutTournament(%q) = %v, want %v", q, got, want)
		}
	}
}
