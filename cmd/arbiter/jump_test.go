package main

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// newCutHistoryServer serves the three editions of newHistoryServer and a
// fourth, newest, whose file is cut short after 100.2: rule A (100.2,
// then 100.3) is not in its file.
//
//	2020-01-01  100.2 A (decks)     100.3 B (casual variants)
//	2020-02-01  100.2 C (sideboards, added)  100.3 A  100.4 B
//	2020-03-01  100.2 C  100.3 A (reworded)  B removed
//	2020-04-01  100.2 C, cut short before 100.3
func newCutHistoryServer(t testing.TB) *Server {
	t.Helper()
	return NewServer(cutHistoryLibrary(t), Options{})
}

func cutHistoryLibrary(t testing.TB) *rules.Library {
	t.Helper()
	cut := textSource("April 1, 2020", histBody3, histGloss)
	cut = cut[:strings.Index(cut, "what each player may bring to a tournament.")+len("what each player may bring to a tournament.")]
	lib := rules.NewLibrary([]*rules.Edition{
		textEdition(t, "January 1, 2020", histBody1, histGloss),
		textEdition(t, "February 1, 2020", histBody2, histGloss),
		textEdition(t, "March 1, 2020", histBody3, histGloss),
		parseTextEdition(t, "April 1, 2020", cut),
	})
	if e := lib.Edition("2020-04-01"); e == nil || e.Truncated == nil {
		t.Fatal("the April edition is not read as cut short")
	}
	return lib
}

// pageCase is a request and what its answer must be: a redirect to to, or
// a page with status whose checks hold and whose absent selectors match
// nothing.
type pageCase struct {
	name   string
	path   string
	status int
	to     string
	checks []check
	absent []string
}

func runPageCases(t *testing.T, srv http.Handler, tests []pageCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(t, srv, "GET", tt.path)
			if w.Code != tt.status {
				t.Fatalf("%s: status %d, want %d; Location %q", tt.path, w.Code, tt.status, w.Header().Get("Location"))
			}
			if tt.to != "" {
				if got := w.Header().Get("Location"); got != tt.to {
					t.Errorf("%s: to %q, want %q", tt.path, got, tt.to)
				}
				return
			}
			doc := parse(t, w)
			for _, c := range tt.checks {
				if sel := doc.Find(c.sel); sel.Length() == 0 || !strings.Contains(sel.Text(), c.want) {
					t.Errorf("%s: %q is %q, want %q", tt.path, c.sel, sel.Text(), c.want)
				}
			}
			for _, a := range tt.absent {
				if doc.Find(a).Length() != 0 {
					t.Errorf("%s: %q matches, want nothing", tt.path, a)
				}
			}
		})
	}
}

// TestPicker follows the rule page's "this rule in" form (/jump with from)
// through renumberings, additions, removals and a cut file.
func TestPicker(t *testing.T) {
	runPageCases(t, newCutHistoryServer(t), []pageCase{
		{name: "renumbered forward", path: "/jump?q=100.2&from=2020-01-01&e=2020-03-01", status: 302, to: "/2020-03-01/100.3"},
		{name: "renumbered back", path: "/jump?q=100.3&from=2020-03-01&e=2020-01-01", status: 302, to: "/2020-01-01/100.2"},
		{name: "same edition", path: "/jump?q=100.3&from=2020-02-01&e=2020-02-01", status: 302, to: "/2020-02-01/100.3"},
		{name: "same number", path: "/jump?q=100.1&from=2020-01-01&e=2020-04-01", status: 302, to: "/2020-04-01/100.1"},
		{name: "not yet", path: "/jump?q=100.2&from=2020-03-01&e=2020-01-01", status: 404, checks: []check{
			{"h1", "Not in CR 2020-01-01"},
			{"p.msg", "Rule 100.2 of CR 2020-03-01 did not exist yet in CR 2020-01-01: it was added in CR 2020-02-01, as 100.2."},
			{"p.acts a.btn.go[href='/2020-02-01/100.2']", "Go to 100.2 in CR 2020-02-01"},
			{"p.acts .meta a[href='/2020-03-01/100.2']", "100.2 in CR 2020-03-01"},
			// 2020-01-01 numbers another rule 100.2.
			{"main p a[href='/2020-01-01/100.2']", "100.2"},
			{"main p", "but it is another rule: To play, each player needs"},
			{".timeline li", "Added as 100.2"},
		}},
		{name: "removed", path: "/jump?q=100.3&from=2020-01-01&e=2020-03-01", status: 404, checks: []check{
			{"p.msg", "was removed in CR 2020-03-01, before CR 2020-03-01: it was last in CR 2020-02-01, as 100.4"},
			{"p.acts a.go[href='/2020-02-01/100.4']", "Go to 100.4 in CR 2020-02-01"},
			{"main p a[href='/2020-03-01/100.3']", "100.3"},
		}},
		{name: "cut file", path: "/jump?q=100.3&from=2020-03-01&e=2020-04-01", status: 404, checks: []check{
			{"p.msg", "is not in the source file of CR 2020-04-01, which is cut short"},
			{"p.msg", "not a change to the rules"},
			// The version just before the cut file.
			{"p.acts a.go[href='/2020-03-01/100.3']", "Go to 100.3 in CR 2020-03-01"},
		}},
		// Without from, or with a from that lacks the number, q is a number
		// in e.
		{name: "unknown from", path: "/jump?q=100.2&from=nope&e=2020-01-01", status: 302, to: "/2020-01-01/100.2"},
		{name: "from lacks it", path: "/jump?q=100.4&from=2020-01-01&e=2020-02-01", status: 302, to: "/2020-02-01/100.4"},
		{name: "bad number", path: "/jump?q=deck&from=2020-01-01&e=2020-02-01", status: 302, to: "/search?e=2020-02-01&q=deck"},
	})
}

// TestJumpOldNumber types into the jump box a number the edition read
// lacks: the rules it named elsewhere, each placed in that edition.
func TestJumpOldNumber(t *testing.T) {
	runPageCases(t, newCutHistoryServer(t), []pageCase{
		{name: "there", path: "/jump?q=100.4&e=2020-02-01", status: 302, to: "/2020-02-01/100.4"},
		{name: "renumbered since", path: "/jump?q=100.4&e=2020-01-01", status: 200, checks: []check{
			{"h1", "Rule 100.4 is not in CR 2020-01-01"},
			{"li.hit p.msg", "100.4 of CR 2020-02-01 is 100.3 in CR 2020-01-01"},
			{"li.hit p.acts a.btn.go[href='/2020-01-01/100.3']", "Go to 100.3"},
			{"li.hit p.acts .meta a[href='/2020-02-01/100.4']", "100.4 in CR 2020-02-01"},
			{"li.hit p.snippet", "Some casual variants"},
			{"input#q[value='100.4']", ""},
			{"ul.near a[href='/2020-01-01/100.3']", "100.3"},
		}},
		{name: "removed", path: "/jump?q=100.4&e=2020-03-01", status: 200, checks: []check{
			{"li.hit p.msg", "100.4 of CR 2020-02-01 was removed in CR 2020-03-01; it was last in CR 2020-02-01, as 100.4."},
			{"li.hit p.acts a.go[href='/2020-02-01/100.4']", "Go to 100.4 in CR 2020-02-01"},
		}},
		{name: "in the newest", path: "/jump?q=100.4&e=2020-04-01", status: 200, checks: []check{
			{"li.hit p.msg", "was removed in CR 2020-03-01"},
		}},
		{name: "nowhere", path: "/jump?q=100.9&e=2020-01-01", status: 404, checks: []check{
			{"main p", "Rule 100.9 is not in CR 2020-01-01"},
			{"ul.near a[href='/2020-01-01/100.3']", "100.3"},
		}, absent: []string{"li.hit"}},
		// A rule URL and /now for a number the edition lacks answer the
		// same, as 404s.
		{name: "rule URL", path: "/2020-01-01/100.4", status: 404, checks: []check{
			{"li.hit p.acts a.go[href='/2020-01-01/100.3']", "Go to 100.3"},
		}},
		{name: "now of a number", path: "/2020-03-01/100.4/now", status: 404, checks: []check{
			{"li.hit p.msg", "was removed in CR 2020-03-01"},
		}},
		// /now follows the rule to the newest edition that has it.
		{name: "now", path: "/2020-01-01/100.1/now", status: 302, to: "/2020-04-01/100.1"},
		{name: "now cut", path: "/2020-01-01/100.2/now", status: 404, checks: []check{
			{"main p", "Rule 100.2 of CR 2020-01-01 is not in the source file of CR 2020-04-01, which is cut short"},
			{"main p", "It was last in CR 2020-03-01, as 100.3."},
		}},
		{name: "now removed", path: "/2020-01-01/100.3/now", status: 404, checks: []check{
			{"main p", "Rule 100.3 of CR 2020-01-01 was removed in CR 2020-03-01. It was last in CR 2020-02-01, as 100.4."},
		}},
	})
}

// TestRulePagePicker checks what the picker and the note of other rules
// numbered the same say on rule pages.
func TestRulePagePicker(t *testing.T) {
	runPageCases(t, newCutHistoryServer(t), []pageCase{
		{name: "renumbered", path: "/2020-03-01/100.3", status: 200, checks: []check{
			{"form.pick[action='/jump'] input[type=hidden][name=q][value='100.3']", ""},
			{"form.pick input[type=hidden][name=from][value='2020-03-01']", ""},
			{"form.pick option[value='2020-03-01'][selected]", "CR 2020-03-01"},
			{"form.pick option[value='2020-02-01']", "CR 2020-02-01"},
			{"form.pick option[value='2020-01-01']", "CR 2020-01-01 · as 100.2"},
			{"form.pick option[value='2020-04-01']", "CR 2020-04-01 · not in its file"},
			// 100.3 was rule B in 2020-01-01.
			{"details.others summary", "Another rule was numbered 100.3 in CR 2020-01-01"},
			{"details.others li a[href='/2020-01-01/100.3']", "100.3 of CR 2020-01-01"},
			{"details.others li", "Some casual variants"},
			{"details.others li .meta", "(removed in CR 2020-03-01)"},
		}, absent: []string{"form.pick option[data-url]", "form.pick option[disabled]"}},
		{name: "added", path: "/2020-02-01/100.2", status: 200, checks: []check{
			{"form.pick option[value='2020-01-01']", "CR 2020-01-01 · not yet"},
			{"details.others summary", "Another rule was numbered 100.2 in CR 2020-01-01"},
			{"details.others li .meta a[href='/2020-02-01/100.3']", "100.3"},
		}},
		{name: "removed", path: "/2020-01-01/100.3", status: 200, checks: []check{
			{"form.pick option[value='2020-02-01']", "CR 2020-02-01 · as 100.4"},
			{"form.pick option[value='2020-03-01']", "CR 2020-03-01 · removed"},
			// Not "is": the newest file is cut short before it.
			{"details.others summary", "Another rule was numbered 100.3 in CR 2020-02-01 to 2020-03-01"},
		}},
		{name: "never renumbered", path: "/2020-01-01/100.1", status: 200, checks: []check{
			{"form.pick option[value='2020-04-01']", "CR 2020-04-01"},
		}, absent: []string{"details.others"}},
	})
	// The labels name a number only where it differs.
	doc := parse(t, do(t, newCutHistoryServer(t), "GET", "/2020-01-01/100.1"))
	if got := doc.Find("form.pick option").Text(); strings.Contains(got, "·") {
		t.Errorf("100.1 is 100.1 everywhere, but the picker says %q", got)
	}
}

// TestStaticPicker: a static export has no /jump to follow the rule, and
// its search page jumps by number, so only the editions where the rule
// has the page's number can be chosen; the others say what it is there.
func TestStaticPicker(t *testing.T) {
	srv := NewServer(cutHistoryLibrary(t), Options{Static: true})
	runPageCases(t, srv, []pageCase{
		{name: "renumbered", path: "/2020-03-01/100.3", status: 200, checks: []check{
			{"form.pick[action='/search.html']", ""},
			{"form.pick option[value='2020-03-01'][selected]", "CR 2020-03-01"},
			{"form.pick option[value='2020-02-01']", "CR 2020-02-01"},
			{"form.pick option[value='2020-01-01'][disabled]", "CR 2020-01-01 · as 100.2"},
			{"form.pick option[value='2020-04-01'][disabled]", "CR 2020-04-01 · not in its file"},
		}, absent: []string{"form.pick option[value='2020-02-01'][disabled]"}},
	})
}

// TestHistoryAPIIn asks the history API for a rule in another edition,
// /api/history/{edition}/{number}/in/{other}.
func TestHistoryAPIIn(t *testing.T) {
	srv := newCutHistoryServer(t)
	tests := []struct {
		path string
		want apiIn
	}{
		{"/api/history/2020-01-01/100.2/in/2020-03-01", apiIn{Edition: "2020-03-01", Number: "100.3", URL: "/2020-03-01/100.3"}},
		{"/api/history/2020-03-01/100.3/in/2020-01-01", apiIn{Edition: "2020-01-01", Number: "100.2", URL: "/2020-01-01/100.2"}},
		{"/api/history/2020-03-01/100.2/in/2020-01-01", apiIn{Edition: "2020-01-01", Absent: "not yet"}},
		{"/api/history/2020-01-01/100.3/in/latest", apiIn{Edition: "2020-04-01", Absent: "removed"}},
		{"/api/history/2020-03-01/100.3/in/2020-04-01", apiIn{Edition: "2020-04-01", Absent: "missing"}},
	}
	for _, tt := range tests {
		var h apiHistory
		getJSON(t, srv, tt.path, 200, &h)
		if h.In == nil || *h.In != tt.want {
			t.Errorf("%s: in = %+v, want %+v", tt.path, h.In, tt.want)
		}
	}
	// Without /in/ there is no "in".
	var h apiHistory
	getJSON(t, srv, "/api/history/2020-01-01/100.2", 200, &h)
	if h.In != nil {
		t.Errorf("without /in/: in = %+v", h.In)
	}
	var e map[string]string
	getJSON(t, srv, "/api/history/2020-01-01/100.2/in/nope", 404, &e)
	if !strings.Contains(e["error"], `There is no edition "nope"`) {
		t.Errorf("unknown /in/: %v", e)
	}
}

var (
	officialOnce sync.Once
	officialSrv  *Server
	officialErr  error
)

// officialServer serves every embedded official edition, as arbiter serve
// does with no flags; the tests that ask share one.
func officialServer(t *testing.T) *Server {
	t.Helper()
	officialOnce.Do(func() {
		l, err := loadContent(contentOptions{official: true}, slog.New(slog.DiscardHandler))
		if err != nil {
			officialErr = err
			return
		}
		officialSrv = NewServer(l.lib, Options{})
	})
	if officialErr != nil {
		t.Fatal(officialErr)
	}
	return officialSrv
}

// TestNavigationOfficial follows the legend rule through the official
// editions: 420.5e from 1999-04-23 to 2009-05-01, 704.5k until
// 2017-08-25, 704.5j since; 704.5j was the planeswalker uniqueness rule
// from 2009-07-11 (the Magic 2010 update) to 2017-08-25. 2026-04-17 is the
// newest.
func TestNavigationOfficial(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("parses every embedded edition")
	}
	runPageCases(t, officialServer(t), []pageCase{
		{name: "picker to 2007", path: "/jump?q=704.5j&from=2026-01-16&e=2007-02-01", status: 302, to: "/2007-02-01/420.5e"},
		{name: "picker to 2012", path: "/jump?q=704.5j&from=2026-01-16&e=2012-07-01", status: 302, to: "/2012-07-01/704.5k"},
		{name: "picker to a cut file", path: "/jump?q=704.5j&from=2026-01-16&e=2013-02-01", status: 302, to: "/2013-02-01/704.5k"},
		{name: "picker to an excerpt", path: "/jump?q=704.5j&from=2026-01-16&e=2007-02-01-excerpt", status: 404, checks: []check{
			{"p.msg", "is not in CR 2007-02-01 (excerpt), which holds only part of the rules"},
			{".timeline a[href='/2009-07-11/704.5k']", "2009-07-11"},
		}},
		{name: "picker back to 2026", path: "/jump?q=420.5e&from=2007-02-01&e=2026-01-16", status: 302, to: "/2026-01-16/704.5j"},
		{name: "picker removed", path: "/jump?q=704.5j&from=2012-07-01&e=2026-01-16", status: 404, checks: []check{
			{"p.msg", "was removed in CR 2017-09-29"},
			{"p.acts a.go[href='/2017-08-25/704.5j']", "Go to 704.5j in CR 2017-08-25"},
			{"main p a[href='/2026-01-16/704.5j']", "704.5j"},
			{"main p", "but it is another rule: If two or more legendary permanents"},
		}},
		{name: "picker not yet", path: "/jump?q=704.5j&from=2012-07-01&e=2007-02-01", status: 404, checks: []check{
			{"p.msg", "did not exist yet in CR 2007-02-01: it was added in CR 2007-10-01, as 420.5q"},
		}},
		{name: "old number", path: "/jump?q=420.5e&e=2026-04-17", status: 200, checks: []check{
			{"li.hit p.msg", "420.5e of CR 1999-04-23 to 2009-05-01 is today’s 704.5j."},
			{"li.hit p.acts a.go[href='/2026-04-17/704.5j']", "Go to 704.5j"},
			{"li.hit p.acts .meta a[href='/2009-05-01/420.5e']", "420.5e in CR 2009-05-01"},
			{"li.hit p.snippet", "legendary permanents"},
		}},
		{name: "number of two rules", path: "/jump?q=704.5j&e=2007-02-01", status: 200, checks: []check{
			{"main > p", "Other editions have numbered 2 different rules 704.5j"},
			{"li.hit:nth-child(1) p.msg", "704.5j of CR 2017-09-29 to 2026-04-17 is 420.5e in CR 2007-02-01."},
			{"li.hit:nth-child(1) a.go[href='/2007-02-01/420.5e']", "Go to 420.5e"},
			{"li.hit:nth-child(1) .meta a[href='/2026-04-17/704.5j']", "704.5j in CR 2026-04-17"},
			{"li.hit:nth-child(2) p.msg", "704.5j of CR 2009-07-11 to 2017-08-25 is not yet in CR 2007-02-01: it was added in CR 2007-10-01, as 420.5q."},
			{"li.hit:nth-child(2) a.go[href='/2007-10-01/420.5q']", "Go to 420.5q in CR 2007-10-01"},
		}},
		// 2012-07-01 has a 704.5j: the jump box goes there, and the page
		// says the number is the legend rule's since 2017-09-29.
		{name: "number there", path: "/jump?q=704.5j&e=2012-07-01", status: 302, to: "/2012-07-01/704.5j"},
		{name: "its page", path: "/2012-07-01/704.5j", status: 200, checks: []check{
			{"details.others summary", "Another rule is numbered 704.5j in CR 2017-09-29 to 2026-04-17"},
			{"details.others .meta a[href='/2012-07-01/704.5k']", "704.5k"},
			{"form.pick option[value='2026-01-16']", "CR 2026-01-16 · removed"},
			{"form.pick option[value='2009-05-01']", "CR 2009-05-01 · as 420.5q"},
		}},
		{name: "newest of a number", path: "/rules/704.5j", status: 200, checks: []check{
			{"link[rel=canonical][href='/2026-04-17/704.5j']", ""},
			{"details.others summary", "Another rule was numbered 704.5j in CR 2009-07-11 to 2017-08-25"},
			{"details.others .meta", "removed in CR 2017-09-29"},
			{"form.pick option[value='2007-02-01']", "CR 2007-02-01 · as 420.5e"},
			{"form.pick option[value='2012-07-01']", "CR 2012-07-01 · as 704.5k"},
		}},
		{name: "newest of an old number", path: "/rules/420.5e", status: 200, checks: []check{
			{"link[rel=canonical][href='/2009-05-01/420.5e']", ""},
			{"p.now a[href='/2026-04-17/704.5j']", "rule 704.5j"},
		}},
		{name: "now", path: "/2007-02-01/420.5e/now", status: 302, to: "/2026-04-17/704.5j"},
		{name: "now removed", path: "/2012-07-01/704.5j/now", status: 404, checks: []check{
			{"main p", "was removed in CR 2017-09-29"},
		}},
		// The diff links each side's number in its own edition.
		{name: "diff", path: "/diff/2017-07-08/2017-09-29", status: 200, checks: []check{
			{"ul.moves a[href='/2017-07-08/704.5k']", "704.5k"},
			{"ul.moves a[href='/2017-09-29/704.5j']", "704.5j"},
			{".change .op.del", "removed"},
			{".change a[href='/2017-07-08/704.5j']", "704.5j"},
		}},
	})
	// A rule that still bears the number links today's version once.
	doc := parse(t, do(t, officialServer(t), "GET", "/jump?q=704.5j&e=2007-02-01"))
	if got := strings.Join(strings.Fields(doc.Find("li.hit:nth-child(1) .acts .meta").Text()), " "); got != "today: 704.5j in CR 2026-04-17" {
		t.Errorf("the legend rule's links: %q", got)
	}
	var h apiHistory
	getJSON(t, officialServer(t), "/api/history/2026-01-16/704.5j/in/2012-07-01", 200, &h)
	if h.In == nil || *h.In != (apiIn{Edition: "2012-07-01", Number: "704.5k", URL: "/2012-07-01/704.5k"}) {
		t.Errorf("704.5j of 2026 in 2012-07-01: %+v", h.In)
	}
}
