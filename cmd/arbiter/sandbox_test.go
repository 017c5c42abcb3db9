package main

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
)

// testScenarios is a scenario library of the texts given.
func testScenarios(t testing.TB, texts ...string) *scenario.Library {
	t.Helper()
	var scs []*scenario.Scenario
	for i, text := range texts {
		sc, err := scenario.Parse("test"+string(rune('a'+i))+scenario.Ext, text)
		if err != nil {
			t.Fatal(err)
		}
		scs = append(scs, sc)
	}
	return scenario.NewLibrary(scs)
}

// sandboxServer serves the embedded editions (the 2011 and 2007 excerpts,
// whose printed examples the bundled scenarios run, and the classic rules)
// and the hand-built 2026-01-16 edition, whose state-based actions give the
// engine's events pages to link to, with the bundled scenarios.
func sandboxServer(t testing.TB) *Server {
	t.Helper()
	lib := embeddedLibrary(t)
	s := NewServer(rules.NewLibrary(append([]*rules.Edition{fixture2026()}, lib.Editions...)), Options{})
	// 50 ms of wall time is not enough on a loaded CI machine; the test of
	// the budget sets it back.
	s.runBudget = time.Minute
	return s
}

func embeddedLibrary(t testing.TB) *rules.Library {
	t.Helper()
	lib, err := loadLibrary(contentOptions{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// runForm posts a form to the sandbox's run endpoint and follows its redirect
// to the share URL, as a browser does.
func runForm(t testing.TB, h http.Handler, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	w := post(t, h, "/sandbox/run", form)
	if w.Code == http.StatusSeeOther {
		w = do(t, h, "GET", w.Header().Get("Location"))
	}
	return w
}

// post sends a form to h.
func post(t testing.TB, h http.Handler, target string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("POST", target, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

func TestSandboxPages(t *testing.T) {
	srv := sandboxServer(t)
	tests := []struct {
		path   string
		status int
		checks []check
		absent []string
	}{
		// The index: a group per section of the rules, a line per
		// scenario, linked to the newest edition printing its example.
		{"/sandbox", 200, []check{
			{"h1", "Sandbox"},
			{"details.sb-group#section-7 > summary", "7."},
			{"details.sb-group#section-7 li#legend-rule a[href='/sandbox/scenario/legend-rule']", "Legend rule: the controller keeps one"},
			{"li#legend-rule .meta", "a passage of the rules"},
			{"li#legend-rule .meta a[href='/rules/704.5j']", "704.5j"},
			{"details.sb-group#section-2 li#mana-value-hybrid a[href='/sandbox/2011-07-15/202.3c/1']", "Hybrid symbols count their largest component"},
			{"li#hive-wasp-token a[href='/sandbox/classic/tokens/1']", "A token that dies goes to the graveyard"},
			{"p.sb-filter[hidden] input#sb-q[type=search]", ""},
			{"#language table.lang", "A chooses Isamaru#1"},
			{"#language table.lang", "reveal B hand, A library"},
			{"a[href='/sandbox/run']", "write your own"},
		}, []string{"details.sb-group[open]", "details.sb-group#section-other", ".sb-index blockquote"}},

		// A printed example: the example, the edition run, the state, the
		// steps, the expectations and the editor.
		{"/sandbox/2011-07-15/202.3c/1", 200, []check{
			{"h1", "Hybrid symbols count their largest component"},
			{"ol.crumbs a[href='/2011-07-15/202.3c']", "202.3c"},
			{".ex p", "{1}{W/U}{W/U}"},
			{".ex abbr.ms[title='white or blue mana']", "{W/U}"},
			{"#sb-rules option[selected][value='2011-07-15']", "CR 2011-07-15"},
			{"#sb-rules option[value='2026-01-16']", "CR 2026-01-16"},
			{".card[data-label='Azorius Guildmage#1'] .c-type", "Creature — Human Wizard"},
			{".card .mv", "mana value 3"},
			{".card .c-cost abbr[title='one generic mana']", "{1}"},
			{".summary.ok", "All 2 expectations hold"},
			{".expects li.pass code", "mana value = 3"},
			{"textarea#sb-text[name=text]", "card Azorius Guildmage"},
			{"form.edit input[name=ex][value='2011-07-15/202.3c/1']", ""},
			{"#sb-share[value='http://example.com/sandbox/2011-07-15/202.3c/1']", ""},
			{"head script[src^='/static/sandbox.']", ""},
			{"head style", strings.Join(strings.Fields(assetText("sandbox.css")), " ")[:200]}, // written in: the request has no stylesheets cookie
		}, []string{".expects li.fail", ".notice", "#sb-errors li", "#sb-rules option[value=classic]"}},
		{"/sandbox/2011-07-15/202.3c/2", 200, []check{
			{"h1", "Monocolored hybrid symbols count 2 each"},
			{".summary.ok", "All"},
		}, nil},
		{"/sandbox/2007-02-01/203.2c/1", 200, []check{
			{".ex p", "{2}{W}"},
			{"#sb-rules option[selected]", "CR 2007-02-01"},
			{".summary.ok", "All"},
		}, nil},
		// A prose edition's example, addressed by topic; its rules are the
		// oldest, where zones are "in play" and "removed from the game".
		{"/sandbox/classic/tokens/1", 200, []check{
			{"ol.crumbs a[href='/classic/topic/tokens']", "Tokens"},
			{"#sb-rules option[selected][value=classic]", "Classic"},
			{".steplist li#step-2 .events li", "removed from the game"},
			{".summary.ok", "All 6 expectations hold"},
		}, []string{".expects li.fail"}},

		// Stepping: the start by default, each step by its number. Steps
		// and events are sentences; the current board is .sb-state's, and
		// the step list holds every step's board for print.
		{"/sandbox/scenario/legend-rule", 200, []check{
			{".sb-controls .at", "Step 0 of 2"},
			{"#state-h", "Start"},
			{".sb-now", "before anything happens"},
			{"#sb-rules option[selected][value='2026-01-16']", "CR 2026-01-16"},
			{"span#sb-reset.off[aria-disabled=true]", "Start"},
			{"span#sb-back.off", "Back"},
			{"a#sb-forward[rel=next][href='/sandbox/scenario/legend-rule?step=1']", "Forward"},
			{"a#sb-all[href='/sandbox/scenario/legend-rule?step=2']", "End"},
			{"#sb-keys[hidden]", "← and →"},
			{".sb-state .player[data-player=Alice] .z-hand .card[data-label='Rasputin Dreamweaver#2'] .c-name", "The second Rasputin Dreamweaver"},
			{".sb-state .card[data-label='Rasputin Dreamweaver#1'].invented .c-invented", "invented card text"},
			{".sb-invented", "Rasputin Dreamweaver here is not the real card"},
			{".steplist li#step-0.current button[form=sb-nav][value='0']", "The game as set up"},
			{"li#step-1 button[form=sb-nav][value='1']", "Alice puts the second Rasputin Dreamweaver onto the battlefield."},
			{"li#step-2 button[form=sb-nav][value='2']", "Alice chooses the second Rasputin Dreamweaver."},
			{"li#step-2 .asked", "Alice must choose: legend rule: keep one of the first Rasputin Dreamweaver, the second Rasputin Dreamweaver"},
			{"li#step-2 .events.later li.sba a.rule[href='/2026-01-16/704.5j']", "704.5j"},
			{"li#step-2 .events.later li", "The first Rasputin Dreamweaver goes to the graveyard"},
			{"li#step-0 .snap .player[data-player=Alice] .z-hand .card", "Rasputin Dreamweaver"},
			{"li#step-2 .snap .player[data-player=Alice] .z-graveyard .card[data-label='Rasputin Dreamweaver#1']", "Legendary Creature — Human Wizard"},
			{"blockquote.ex", "that player chooses one of them"},
			{"form#sb-nav[method=get][action='/sandbox/scenario/legend-rule']", ""},
			{"details.sb-details:not([open]) > summary", "The scenario's text and checks (all 4 hold)"},
			{"details.sb-details .expects a.rule[href='/2026-01-16/704.5j']", "704.5j"},
			{"details.sb-details .sb-fired a[href='/2026-01-16/704.5j']", "704.5j"},
			{"details.sb-details textarea#sb-text", "A chooses Rasputin Dreamweaver#2"},
			{"#sb-share[value='http://example.com/sandbox/scenario/legend-rule']", ""},
		}, []string{".events:not(.later)", ".sb-state .z-graveyard .card", ".sb-controls a[rel=prev]"}},
		{"/sandbox/scenario/legend-rule?step=1", 200, []check{
			{".sb-controls .at", "Step 1 of 2"},
			{"#state-h", "After step 1"},
			{".sb-now", "Alice puts the second Rasputin Dreamweaver onto the battlefield."},
			{".sb-state .pending", "Alice must choose: legend rule: keep one of the first Rasputin Dreamweaver, the second Rasputin Dreamweaver"},
			{"a#sb-reset[href='/sandbox/scenario/legend-rule']", "Start"},
			{"a#sb-back[rel=prev][href='/sandbox/scenario/legend-rule']", "Back"},
			{"li#step-1.current[aria-current=step] .events:not(.later) li", "The second Rasputin Dreamweaver moves from Alice's hand to the battlefield."},
			{".sb-state .player[data-player=Alice] .z-battlefield .card[data-label='Rasputin Dreamweaver#2'] .c-status", "summoning sick"},
			{"li#step-2.next", "Alice chooses"},
			{"#sb-share[value='http://example.com/sandbox/scenario/legend-rule?step=1']", ""},
		}, []string{"li#step-2 .events:not(.later)"}},
		{"/sandbox/scenario/legend-rule?step=2", 200, []check{
			{".sb-controls .at", "Step 2 of 2"},
			{"span#sb-forward.off[aria-disabled=true]", "Forward"},
			{"li#step-2[aria-current=step] .events:not(.later) li.sba", "704.5j"},
			{".sb-state .player[data-player=Alice] .z-graveyard .card[data-label='Rasputin Dreamweaver#1']", "The first Rasputin Dreamweaver"},
		}, []string{".sb-controls a[rel=next]", ".events.later"}},
		{"/sandbox/scenario/legend-rule?step=last", 200, []check{{".sb-controls .at", "Step 2 of 2"}}, nil},
		// A verify line is a check, not a step: fling-copy's four are
		// listed with the expectations only.
		{"/sandbox/scenario/fling-copy", 200, []check{
			{".sb-controls .at", "Step 0 of 7"},
			{"li#step-3", "Everyone passes priority in turn, so Twincast resolves."},
			{"li#step-6", "Everyone passes priority in turn, so the second Fling resolves."},
			{"li#step-1 .events li", "Alice pays"},
			{"li#step-1 .events li abbr.ms.r[title='red mana']", "{R}"},
			{".sb-state .card[data-label='Fling#1'] .c-ab", "As an additional cost to cast this spell, sacrifice a creature."},
			{".expects li code", "verify stack count = 2"},
		}, []string{"li#step-8", ".steplist .line", "li.step:contains('verify')"}},
		// Hidden zones: libraries and the other players' hands face down,
		// with counts; the first player's hand face up.
		{"/sandbox/scenario/felidar", 200, []check{
			{".sb-state .player[data-player=Alice] .z-library.down h4", "3 cards, face down"},
			{".sb-state .player[data-player=Alice] .z-library.down .pile[role=img][aria-label='3 cards, face down']", "3"},
			{".sb-state .player[data-player=Bob] .z-hand.down .backs[aria-label='1 card, face down'] .back", ""},
			// What Bob draws is hidden too; what Alice draws isn't.
			{"li#step-1 .events li", "Bob draws a card."},
			{"li#step-3 .events li", "Alice draws the third Island."},
		}, []string{".sb-state .z-library .card", ".sb-state .z-hand.down .card", ".sb-invented", "li.ev:contains('Bob draws the')"}},
		{"/sandbox/scenario/discard-two", 200, []check{
			{".sb-state .player[data-player=Alice] .z-hand:not(.down) .card[data-label='Mind Rot#1']", "Mind Rot"},
			{".sb-state .player[data-player=Bob] .z-hand.down", "1 card, face down"},
		}, []string{".sb-state .player[data-player=Bob] .z-hand .card"}},
		// … unless the scenario reveals them.
		{"/sandbox/scenario/darksteel-gravebane?step=2", 200, []check{
			{".sb-state .player[data-player=Alice] .z-library:not(.down) .card[data-label='Gravebane Zombie#1']", "Gravebane Zombie"},
		}, []string{".sb-state .player[data-player=Alice] .z-library.down"}},
		// … or the first player controls the other (722.4): Bob's hand
		// is face up during the turn Alice controls him, not before.
		{"/sandbox/scenario/mindslaver-sees?step=2", 200, []check{
			{".sb-state .player[data-player=Bob] .z-hand.down", "2 cards, face down"},
			{".sb-state .player[data-player=Bob] .card[data-label='Grizzly Bears#1'] .c-name", "A face-down permanent"},
			{".sb-state .player[data-player=Bob] .card[data-label='Grizzly Bears#1'] .c-down", "face down"},
		}, []string{".sb-state .player[data-player=Bob] .z-hand .card"}},
		{"/sandbox/scenario/mindslaver-sees?step=last", 200, []check{
			{".sb-state .player[data-player=Bob] .z-hand:not(.down) .card[data-label='Lightning Bolt#1']", "Lightning Bolt"},
			{".sb-state .player[data-player=Bob] .card[data-label='Grizzly Bears#1'] .c-name", "Grizzly Bears"},
		}, []string{".sb-state .player[data-player=Bob] .z-hand.down"}},
		// A subgame is told as one; the main game's sideboard card is
		// its owner's to see.
		{"/sandbox/scenario/shahrazad?step=2", 200, []check{
			{".sb-state .subgame", "A subgame: the main game waits until it ends"},
		}, nil},
		{"/sandbox/scenario/shahrazad?step=last", 200, []check{
			{".sb-state .player[data-player=Alice] .z-outside:not(.down) .card[data-label='Serra Angel#1']", "Serra Angel"},
		}, []string{".sb-state .subgame"}},
		// A step a player takes for the player they control, in words.
		{"/sandbox/scenario/mindslaver-spells", 200, []check{
			{"li#step-6", "Alice decides for Bob: Bob casts Lightning Bolt targeting Bob."},
		}, nil},
		// Tap symbols in card text, as the rules pages draw them.
		{"/sandbox/scenario/mishras-factory", 200, []check{
			{".sb-state .card[data-label=\"Mishra's Factory#1\"] .c-ab abbr.ms.t[title=tap]", "{T}"},
			{".sb-state .card[data-label=\"Mishra's Factory#1\"] .c-invented", "invented"},
		}, nil},
		// An event's rule links only where the edition run has the rule.
		{"/sandbox/scenario/mana-burn?rules=2007-02-01&step=3", 200, []check{
			{"#sb-rules option[selected][value='2007-02-01']", "CR 2007-02-01"},
			{".events span.rule", "300.3"},
			{".sb-state .player[data-player=Alice] .life", "17"},
			{".summary.ok", "All 3"},
			{"a#sb-back[href='/sandbox/scenario/mana-burn?rules=2007-02-01&step=2']", ""},
			{"form#sb-nav input[name=rules][value='2007-02-01']", ""},
		}, []string{".events a.rule"}},
		{"/sandbox/scenario/mana-burn?rules=2011-07-15&step=last", 200, []check{
			{".sb-state .player[data-player=Alice] .life", "20"},
			{".summary.ok", "All 4"},
		}, nil},
		{"/sandbox/scenario/mana-burn?rules=latest", 200, []check{{"#sb-rules option[selected][value='2026-01-16']", ""}}, nil},
		// Built-in rules when no loaded edition is one the scenario is for.
		{"/sandbox/scenario/legend-rule-2004", 200, []check{
			{"#sb-rules option[selected]", "CR 2011-07-15"},
		}, nil},
		{"/sandbox/scenario/indestructible", 200, []check{{".summary.ok", "All"}}, nil},

		// Bad parameters: the page still shows, with a clear message.
		{"/sandbox/scenario/legend-rule?step=9", 400, []check{{".notice", "steps 0 (the start) to 2. Showing the start."}, {".sb-controls .at", "Step 0 of 2"}}, nil},
		{"/sandbox/scenario/legend-rule?step=-1", 400, []check{{".notice", "no step “-1”"}}, nil},
		{"/sandbox/scenario/legend-rule?step=x", 400, []check{{".notice", "no step “x”"}}, nil},
		{"/sandbox/scenario/legend-rule?rules=2007-02-01", 400, []check{{".notice", "is for editions from 2013-07-11, so it can't run under 2007-02-01"}}, nil},
		{"/sandbox/scenario/legend-rule?rules=1999-01-01", 400, []check{{".notice", "There is no edition “1999-01-01”"}}, nil},

		// What isn't there.
		{"/sandbox/1999-01-01/202.3c/1", 404, []check{{"main p", "There is no edition"}}, nil},
		{"/sandbox/2011-07-15/999.9/1", 404, []check{{"main p", "Rule 999.9 is not in"}}, nil},
		{"/sandbox/2011-07-15/banana/1", 404, []check{{"main p", "is not a rule number"}}, nil},
		{"/sandbox/2011-07-15/202.3c/3", 404, []check{{"main p", "Rule 202.3c has 2 examples in CR 2011-07-15 (excerpt), numbered from 1; there is no example “3”"}}, nil},
		{"/sandbox/2011-07-15/202.3c/0", 404, []check{{"main p", "there is no example “0”"}}, nil},
		{"/sandbox/2011-07-15/202.3c/one", 404, []check{{"main p", "there is no example “one”"}}, nil},
		{"/sandbox/2011-07-15/202.3/9", 404, []check{{"main p", "Rule 202.3 has one example"}}, nil},
		{"/sandbox/2011-07-15/202.1/1", 404, []check{{"main p", "has no examples"}}, nil},
		{"/sandbox/2026-01-16/702.19a/1", 404, []check{{"main p", "has no scenario yet"}}, nil},
		{"/sandbox/classic/nowhere/1", 404, []check{{"main p", "has no topic “nowhere”"}}, nil},
		{"/sandbox/scenario/nope", 404, []check{{"main p", "There is no bundled scenario “nope”"}}, nil},
		{"/sandbox/scenario/legend-rule.scn", 404, nil, nil},
		{"/sandbox/2011-07-15/202.3c", 404, nil, nil},
		{"/sandbox/2011-07-15/202.3c/1/2", 404, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			w := do(t, srv, "GET", tc.path)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d\n%s", w.Code, tc.status, w.Body)
			}
			d := parse(t, w)
			for _, c := range tc.checks {
				sel := d.Find(c.sel)
				if sel.Length() == 0 {
					t.Errorf("no %s", c.sel)
				} else if !strings.Contains(strings.Join(strings.Fields(sel.Text()), " "), c.want) {
					t.Errorf("%s: %q does not contain %q", c.sel, sel.Text(), c.want)
				}
			}
			for _, a := range tc.absent {
				if n := d.Find(a).Length(); n != 0 {
					t.Errorf("%d of %s", n, a)
				}
			}
		})
	}
}

func TestSandboxRedirects(t *testing.T) {
	srv := sandboxServer(t)
	for path, want := range map[string]string{
		"/sandbox/2011-07-15/202.3C/1?step=0": "/sandbox/2011-07-15/202.3c/1?step=0",
		"/sandbox/":                           "/sandbox",
	} {
		w := do(t, srv, "GET", path)
		if w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != want {
			t.Errorf("%s: %d to %q, want 301 to %q", path, w.Code, w.Header().Get("Location"), want)
		}
	}
}

// A rule page's "Run in sandbox" link leads to a working sandbox page, in
// every edition that prints an example with a scenario.
func TestSandboxLinksFromRulePages(t *testing.T) {
	srv := sandboxServer(t)
	st := srv.site.Load()
	printed := st.sandbox.printedIn(st.lib, srv.Scenarios)
	links := 0
	for _, at := range printed {
		for _, x := range at {
			var page string
			if x.topic != nil {
				page = srv.paths.TopicURL(x.ed.ID, x.topic.Slug)
			} else {
				page = srv.paths.RuleURL(x.ed.ID, x.rule.Number)
			}
			d := parse(t, do(t, srv, "GET", page))
			want := srv.paths.SandboxExampleURL(x.ed.ID, x.where(), x.n)
			if d.Find("a.sandbox[href='"+want+"']").Length() != 1 {
				t.Errorf("%s has no link to %s", page, want)
				continue
			}
			links++
			if w := do(t, srv, "GET", want); w.Code != 200 {
				t.Errorf("%s (linked from %s): %d", want, page, w.Code)
			}
		}
	}
	if links < 12 {
		t.Errorf("only %d sandbox links; the embedded editions print at least 12 examples with scenarios", links)
	}
}

// Every bundled scenario's page shows its final expectations passing,
// under every edition it can run under: the real editions the server
// embeds, or the engine's own when none of those applies. (The hand-built
// 2026 edition lacks most rules, so the engine reading it lacks them too.)
func TestSandboxBundledScenariosPass(t *testing.T) {
	t.Parallel()
	srv := NewServer(embeddedLibrary(t), Options{})
	runs := 0
	for _, sc := range srv.Scenarios.Scenarios {
		name := scenarioSlug(sc)
		base := "/sandbox/scenario/" + name
		d := parse(t, do(t, srv, "GET", base))
		var ids []string
		d.Find("#sb-rules option").Each(func(_ int, s *goquery.Selection) { ids = append(ids, s.AttrOr("value", "")) })
		if len(ids) == 0 {
			t.Errorf("%s: no editions to run under", name)
		}
		for _, id := range ids {
			path := base + "?rules=" + id
			w := do(t, srv, "GET", path)
			if w.Code != 200 {
				t.Errorf("%s: %d", path, w.Code)
				continue
			}
			runs++
			assertPassed(t, path, parse(t, w))
		}
	}
	t.Logf("%d scenarios, %d runs", len(srv.Scenarios.Scenarios), runs)
}

// assertPassed checks that a sandbox page shows every expectation holding.
func assertPassed(t *testing.T, path string, d *goquery.Document) {
	t.Helper()
	pass, fail := d.Find(".expects li.pass").Length(), d.Find(".expects li.fail").Length()
	summary := d.Find(".summary.ok").Text()
	if fail != 0 || pass == 0 || !strings.Contains(summary, "All "+strconv.Itoa(pass)+" expectations hold") {
		t.Errorf("%s: %d pass, %d fail, summary %q, errors %q", path, pass, fail,
			d.Find(".summary").Text(), d.Find("#sb-errors li").Text())
	}
	if d.Find("li.step.failed").Length() != 0 || d.Find(".steplist li.todo").Length() != 0 {
		t.Errorf("%s: a step failed or didn't run", path)
	}
}

// The corpus edition's examples with scenarios, on the page a reader of
// the 2026 rules reaches.
func TestSandboxCorpusExamples(t *testing.T) {
	t.Parallel()
	srv, e := corpusServer(t)
	st := srv.site.Load()
	n := 0
	for _, at := range st.sandbox.printedIn(st.lib, srv.Scenarios) {
		for _, x := range at {
			if x.ed != e {
				continue
			}
			path := srv.paths.SandboxExampleURL(e.ID, x.where(), x.n)
			w := do(t, srv, "GET", path)
			if w.Code != 200 {
				t.Errorf("%s: %d", path, w.Code)
				continue
			}
			n++
			assertPassed(t, path, parse(t, w))
		}
	}
	if n < 9 {
		t.Errorf("%d examples of the 2026 rules have a sandbox page; the bundled scenarios cover at least 9", n)
	}
}

const badScenario = `scenario "Broken"
card Bears: {1}{G} Creature — Bear 2/2
setup
  A battlefield: Bears
steps
  A flips a coin
expect
  A life = 20
`

func TestSandboxRun(t *testing.T) {
	t.Parallel()
	srv := sandboxServer(t)
	legend, err := scenario.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	text := legend.ByName("legend-rule.scn").Text

	t.Run("starter", func(t *testing.T) {
		d := parse(t, do(t, srv, "GET", "/sandbox/run"))
		if !strings.Contains(d.Find("textarea").Text(), `scenario "My scenario"`) || d.Find(".summary.ok").Length() != 1 {
			t.Errorf("the starter scenario doesn't run: %q", d.Find("main").Text())
		}
	})

	t.Run("post redirects to a share URL", func(t *testing.T) {
		w := post(t, srv, "/sandbox/run", url.Values{"text": {strings.ReplaceAll(text, "\n", "\r\n")}, "ex": {"scenario/legend-rule"}, "rules": {"2026-01-16"}})
		if w.Code != http.StatusSeeOther {
			t.Fatalf("post: %d\n%s", w.Code, w.Body)
		}
		loc, err := url.Parse(w.Header().Get("Location"))
		if err != nil || loc.Path != "/sandbox/run" {
			t.Fatalf("Location %q", w.Header().Get("Location"))
		}
		if got, err := decodeShare(loc.Query().Get("s")); err != nil || got != text {
			t.Errorf("the share URL holds %q (%v), want the posted text with CRLF made LF", got, err)
		}
		w = do(t, srv, "GET", loc.String())
		if w.Code != 200 || w.Header().Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("share URL: %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
		}
		d := parse(t, w)
		assertPassed(t, loc.String(), d)
		if d.Find("textarea").Text() != text {
			t.Errorf("the editor holds %q", d.Find("textarea").Text())
		}
		if a := d.Find("a#sb-forward").AttrOr("href", ""); !strings.HasPrefix(a, "/sandbox/run?ex=scenario%2Flegend-rule&s=") || !strings.HasSuffix(a, "&step=1") {
			t.Errorf("forward link %q", a)
		}
		// Text the reader wrote: its source and checks unfolded.
		if d.Find("details.sb-details[open] textarea#sb-text").Length() != 1 {
			t.Error("the editor is folded away on /sandbox/run")
		}
		// The share URL leaves out the edition, the default.
		if share, err := url.Parse(d.Find("#sb-share").AttrOr("value", "")); err != nil || share.Query().Get("s") != loc.Query().Get("s") ||
			share.Query().Get("ex") != "scenario/legend-rule" || share.Query().Has("rules") || d.Find("form#sb-nav input[name=s]").Length() != 1 {
			t.Errorf("nav form or share URL wrong: %q", d.Find("#sb-share").AttrOr("value", ""))
		}
		if d.Find(".meta a[href='/sandbox/scenario/legend-rule']").Length() != 1 {
			t.Error("no link to the original scenario")
		}
		// Stepping through the share URL.
		d = parse(t, do(t, srv, "GET", d.Find("a#sb-forward").AttrOr("href", "")))
		if d.Find(".sb-controls .at").Text() != "Step 1 of 2" || d.Find(".sb-state .pending").Length() != 1 {
			t.Errorf("stepping forward: %q", d.Find(".sb-controls .at").Text())
		}
	})

	t.Run("pending choice", func(t *testing.T) {
		unanswered := strings.Replace(text, "  A chooses Rasputin Dreamweaver#2\n", "", 1)
		w := post(t, srv, "/sandbox/run", url.Values{"text": {unanswered}})
		d := parse(t, do(t, srv, "GET", w.Header().Get("Location")))
		if !strings.Contains(d.Find(".steplist + .asked").Text(), "After step 1 the rules wait for a choice") || d.Find("form.choice").Length() != 0 {
			t.Errorf("at the start: %q", d.Find(".sb-steps").Text())
		}
		d = parse(t, do(t, srv, "GET", w.Header().Get("Location")+"&step=1"))
		form := d.Find("form.choice")
		if form.Find("legend").Text() != "Alice must choose: legend rule: keep one of the first Rasputin Dreamweaver, the second Rasputin Dreamweaver" ||
			form.Find("button[name=choose]").Length() != 2 || form.Find("input[name=after]").AttrOr("value", "") != "12" ||
			form.Find("button[name=choose][value='A chooses Rasputin Dreamweaver#2']").Text() != "Alice chooses the second Rasputin Dreamweaver" {
			t.Fatalf("choice form: %q", form.Text())
		}
		if d.Find(".sb-expects .meta").Text() == "" || d.Find(".expects").Length() != 0 {
			t.Error("expectations shown while a choice is pending")
		}
		// Answering it: the answer becomes a step, and the expectations hold.
		answer := url.Values{"text": {form.Find("input[name=text]").AttrOr("value", "")}, "after": {"12"}, "choose": {"A chooses Rasputin Dreamweaver#2"}}
		w = post(t, srv, "/sandbox/run", answer)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("answer: %d", w.Code)
		}
		// It shows where the answer leads: the last step.
		if loc := w.Header().Get("Location"); !strings.HasSuffix(loc, "&step=last") {
			t.Errorf("answered: to %s", loc)
		}
		d = parse(t, do(t, srv, "GET", w.Header().Get("Location")))
		assertPassed(t, "answered", d)
		if d.Find("li#step-2 button").Text() != "Alice chooses the second Rasputin Dreamweaver." || d.Find(".sb-controls .at").Text() != "Step 2 of 2" {
			t.Errorf("step 2 is %q, at %q", d.Find("li#step-2 button").Text(), d.Find(".sb-controls .at").Text())
		}
		// A garbled answer.
		answer.Set("after", "999")
		if w := post(t, srv, "/sandbox/run", answer); w.Code != 400 {
			t.Errorf("answer after line 999: %d", w.Code)
		}
	})

	t.Run("seed", func(t *testing.T) {
		// Seed 1 shuffles the four lands into this order; another seed,
		// from the form or the link, into another, and the URL keeps it.
		shuffled := `scenario "Shuffle" rule 701.24a
seed 1
card Plains: Basic Land — Plains
card Island: Basic Land — Island
card Swamp: Basic Land — Swamp
card Mountain: Basic Land — Mountain
card Stir (invented): {U} Sorcery
text: Shuffle your library.
setup
  A library: Plains, Island, Swamp, Mountain
  A hand: Stir
  A mana {U}
steps
  A casts Stir
  resolve
expect
  A library order = Plains, Mountain, Swamp, Island
  A library shuffled once
`
		base := "/sandbox/run?s=" + encodeShare(shuffled)
		d := parse(t, do(t, srv, "GET", base))
		assertPassed(t, "seed 1", d)
		if d.Find("input#sb-seed").AttrOr("value", "") != "1" || !strings.Contains(d.Find("a#sb-reshuffle").AttrOr("href", ""), "seed=2") {
			t.Errorf("seed field %q, reshuffle link %q", d.Find("input#sb-seed").AttrOr("value", ""), d.Find("a#sb-reshuffle").AttrOr("href", ""))
		}
		d = parse(t, do(t, srv, "GET", base+"&seed=2"))
		if d.Find(".expects li.fail").Length() != 1 {
			t.Error("seed 2 shuffles as seed 1 does")
		}
		if d.Find("input#sb-seed").AttrOr("value", "") != "2" || !strings.Contains(d.Find("a#sb-forward").AttrOr("href", ""), "seed=2") ||
			d.Find("form#sb-nav input[name=seed][value='2']").Length() != 1 {
			t.Errorf("seed 2 isn't kept: field %q, forward %q", d.Find("input#sb-seed").AttrOr("value", ""), d.Find("a#sb-forward").AttrOr("href", ""))
		}
		if w := do(t, srv, "GET", base+"&seed=minus1"); w.Code != 400 || !strings.Contains(parse(t, w).Find(".notice").Text(), "isn't a whole number") {
			t.Errorf("a bad seed: %d", w.Code)
		}
		// A scenario that never shuffles offers no seed.
		if d := parse(t, do(t, srv, "GET", "/sandbox/run?s="+encodeShare(text))); d.Find("input#sb-seed").Length() != 0 {
			t.Error("a seed field for a scenario without shuffles")
		}
	})

	t.Run("syntax error", func(t *testing.T) {
		w := runForm(t, srv, url.Values{"text": {badScenario}})
		if w.Code != 400 || w.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("status %d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
		}
		d := parse(t, w)
		li := d.Find("#sb-errors li[data-line='6']")
		if !strings.Contains(li.Find("b.line").Text(), "Line 6") || !strings.Contains(li.Text(), "can't read step") || li.Find("code").Text() != "A flips a coin" {
			t.Errorf("error list: %q", d.Find("#sb-errors").Text())
		}
		if d.Find("textarea").Text() != badScenario || d.Find(".board").Length() != 0 {
			t.Error("the editor lost the text, or a board was shown for text that didn't parse")
		}
		// The same through a share URL.
		w = do(t, srv, "GET", "/sandbox/run?s="+encodeShare(badScenario))
		if w.Code != 400 || !strings.Contains(parse(t, w).Find("#sb-errors").Text(), "Line 6") {
			t.Errorf("share URL of a broken scenario: %d", w.Code)
		}
	})

	t.Run("a step the engine can't do", func(t *testing.T) {
		broken := strings.Replace(text, "A puts Rasputin Dreamweaver#2", "A puts Rasputin Dreamweaver#9", 1)
		w := do(t, srv, "GET", "/sandbox/run?s="+encodeShare(broken))
		d := parse(t, w)
		if w.Code != 200 || !strings.Contains(d.Find("li#step-1.failed .err").Text(), "Rasputin Dreamweaver#9 doesn't exist") || d.Find("details.sb-details[open]").Length() != 1 ||
			d.Find("li#step-2.todo").Length() != 1 || d.Find("#sb-errors li[data-line='12']").Length() != 1 || !strings.Contains(d.Find(".sb-expects").Text(), "Not checked") {
			t.Errorf("%d: %q", w.Code, d.Find(".sb-grid, #sb-errors").Text())
		}
	})

	t.Run("limits", func(t *testing.T) {
		big := text + strings.Repeat("# padding to 17 KB\n", 17<<10/19)
		w := post(t, srv, "/sandbox/run", url.Values{"text": {big}})
		if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(parse(t, w).Find(".notice").Text(), "up to 16384 bytes (16 KB)") {
			t.Errorf("17 KB: %d %q", w.Code, parse(t, w).Find(".notice").Text())
		}
		w = do(t, srv, "GET", "/sandbox/run?s="+encodeShare(big))
		if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "16 KB") {
			t.Errorf("17 KB in a share URL: %d", w.Code)
		}
		w = post(t, srv, "/sandbox/run", url.Values{"text": {strings.Repeat("x", 70<<10)}})
		if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "larger than 64 KB") {
			t.Errorf("70 KB form: %d", w.Code)
		}
		steps := "scenario \"long\"\nsteps\n" + strings.Repeat("  check\n", scenario.MaxSteps+1) + "expect\n  A life = 20\n"
		w = runForm(t, srv, url.Values{"text": {steps}})
		if w.Code != 400 || !strings.Contains(parse(t, w).Find("#sb-errors li[data-line='503']").Text(), "more than 500 steps") {
			t.Errorf("501 steps: %d %q", w.Code, parse(t, w).Find("#sb-errors").Text())
		}
		// A scenario that would run for seconds: each step doubles the
		// work of the next; the budget stops it.
		huge := "scenario \"swarm\"\ncard Wasp: Artifact Creature — Insect 1/1\nsteps\n" +
			strings.Repeat("  A creates 100 Wasp\n", 499) + "expect\n  A life = 20\n"
		srv.runBudget = scenario.DefaultBudget
		w = runForm(t, srv, url.Values{"text": {huge}})
		srv.runBudget = time.Minute
		d := parse(t, w)
		if w.Code != 400 || !strings.Contains(d.Find(".notice").Text(), "ran for longer than the sandbox allows (50ms)") ||
			d.Find(".steplist li.step.failed").Length() != 1 || d.Find(".snap .cards .more").Length() == 0 {
			t.Errorf("huge: %d %q", w.Code, d.Find(".notice").Text())
		}
		if n := len(w.Body.String()); n > 1<<20 {
			t.Errorf("huge: %d bytes of HTML", n)
		}
		// Print holds each step's state up to 1,000 objects in all: here
		// the first four steps'.
		crowd := "scenario \"crowd\"\ncard Wasp: Artifact Creature — Insect 1/1\nsteps\n" +
			strings.Repeat("  A creates 100 Wasp\n", 20) + "expect\n  A life = 20\n"
		w = runForm(t, srv, url.Values{"text": {crowd}})
		d = parse(t, w)
		if w.Code != 200 || d.Find("li#step-4 .snap").Length() != 1 || d.Find("li#step-5 .snap").Length() != 0 ||
			!strings.Contains(d.Find(".snap-note").Text(), "after the last 16 steps") {
			t.Errorf("crowd: %d, %d states for print, %q", w.Code, d.Find(".snap").Length(), d.Find(".snap-note").Text())
		}
		if n := len(w.Body.String()); n > 1<<20 {
			t.Errorf("crowd: %d bytes of HTML", n)
		}
	})

	t.Run("bad share parameters", func(t *testing.T) {
		for q, status := range map[string]int{
			"s=%%%":                            400,
			"s=not-deflate":                    400,
			"s=" + strings.Repeat("A", 9000):   414, // past the query limit
			"s=" + strings.Repeat("A", 8200):   400, // past the share limit
			"ex=1999-01-01/1.1/1&s=" + enc(""): 400,
			"ex=scenario/nope":                 400,
			"ex=a/b":                           400,
			"s=" + enc("\xff\xfe"):             400,
			"s=" + enc(""):                     400, // empty: a parse error
		} {
			w := do(t, srv, "GET", "/sandbox/run?"+q)
			if w.Code != status {
				t.Errorf("%.60s: %d, want %d", q, w.Code, status)
			}
		}
	})

	t.Run("too long to share", func(t *testing.T) {
		// Text that doesn't compress: comments of random-looking words.
		var b strings.Builder
		b.WriteString(text)
		x := uint32(1)
		for b.Len() < 15<<10 {
			b.WriteString("# ")
			for i := 0; i < 8; i++ {
				x = x*1664525 + 1013904223
				b.WriteString(strconv.FormatUint(uint64(x), 36) + " ")
			}
			b.WriteString("\n")
		}
		w := post(t, srv, "/sandbox/run", url.Values{"text": {b.String()}})
		if w.Code != 200 {
			t.Fatalf("%d", w.Code)
		}
		d := parse(t, w)
		assertPassed(t, "long", d)
		if d.Find("form#sb-nav[method=post] input[name=text]").Length() != 1 || d.Find("button#sb-forward[form=sb-nav][value='1']").Length() != 1 ||
			d.Find("#sb-share").Length() != 0 || !strings.Contains(d.Find(".sb-sharenote").Text(), "too long to share as a link") {
			t.Errorf("controls of a run too long for a URL: %q", d.Find(".sb-controls").Text())
		}
		// Its step buttons post the text and a step.
		w = post(t, srv, "/sandbox/run", url.Values{"text": {b.String()}, "step": {"1"}})
		if w.Code != 200 || parse(t, w).Find(".sb-controls .at").Text() != "Step 1 of 2" {
			t.Errorf("posting step 1: %d", w.Code)
		}
	})
}

func enc(s string) string { return encodeShare(s) }

func TestSandboxRateLimit(t *testing.T) {
	srv := sandboxServer(t)
	srv.runLimit = newRateLimiter(0.001, 2, 100)
	from := func(addr string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/sandbox/run", nil)
		req.RemoteAddr = addr
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		return w
	}
	for i := 0; i < 2; i++ {
		if w := from("192.0.2.1:1234"); w.Code != 200 {
			t.Fatalf("run %d: %d", i+1, w.Code)
		}
	}
	w := from("192.0.2.1:5678")
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("third run: %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
	if !strings.Contains(parse(t, w).Find("main p").Text(), "faster than the sandbox allows") {
		t.Errorf("429 page says %q", parse(t, w).Find("main").Text())
	}
	if w := from("192.0.2.2:1234"); w.Code != 200 {
		t.Errorf("another address: %d", w.Code)
	}
	// Bundled scenarios aren't limited: they are known to be cheap.
	req := httptest.NewRequest("GET", "/sandbox/scenario/legend-rule", nil)
	req.RemoteAddr = "192.0.2.1:1"
	rw := httptest.NewRecorder()
	srv.ServeHTTP(rw, req)
	if rw.Code != 200 {
		t.Errorf("bundled scenario from a limited address: %d", rw.Code)
	}
}

// FuzzSandboxRun posts arbitrary scenario text and parameters: the answer
// may be a redirect or a 4xx, never a 5xx, and never a page that lost the
// text.
func FuzzSandboxRun(f *testing.F) {
	lib, _ := scenario.Bundled()
	for _, sc := range lib.Scenarios[:4] {
		f.Add(sc.Text, "", "")
	}
	f.Add(badScenario, "2007-02-01", "3")
	f.Add("scenario \"x\"\nsteps\n  A draws 101\nexpect\n  A lost", "classic", "-1")
	srv := sandboxServer(f)
	srv.runLimit = newRateLimiter(1e9, 1e9, 10)
	f.Fuzz(func(t *testing.T, text, rules, step string) {
		w := runForm(t, srv, url.Values{"text": {text}, "rules": {rules}, "step": {step}})
		if w.Code >= 500 {
			t.Fatalf("status %d\n%s", w.Code, w.Body)
		}
		if w.Code != http.StatusRequestEntityTooLarge && !strings.Contains(w.Body.String(), "<textarea") {
			t.Errorf("status %d without the editor", w.Code)
		}
	})
}

// A rule page lists the scenarios that show it or a rule on it: those
// running its printed examples, those quoting its text, and those whose
// scenario line names it, in the edition whose numbers the line uses.
func TestSandboxOnRulePages(t *testing.T) {
	srv := sandboxServer(t)
	tests := []struct {
		path string
		want []string // href and title of each, in order
	}{
		{"/2026-01-16/704.5j", []string{"/sandbox/scenario/legend-rule?rules=2026-01-16 Legend rule: the controller keeps one"}},
		{"/2011-07-15/202.3c", []string{
			"/sandbox/2011-07-15/202.3c/1 Hybrid symbols count their largest component",
			"/sandbox/2011-07-15/202.3c/2 Monocolored hybrid symbols count 2 each",
		}},
		// A rule's page shows the rules below it, and their scenarios.
		{"/2011-07-15/202.3", []string{
			"/sandbox/2011-07-15/202.3/1 Mana value is the total amount of mana in the cost",
			"/sandbox/2011-07-15/202.3c/1 Hybrid symbols count their largest component",
			"/sandbox/2011-07-15/202.3c/2 Monocolored hybrid symbols count 2 each",
			"/sandbox/2011-07-15/202.3d/1 Phyrexian symbols count 1 each",
		}},
		{"/2011-07-15/202.1", nil},
	}
	for _, tc := range tests {
		d := parse(t, do(t, srv, "GET", tc.path))
		var got []string
		d.Find("section.in-sandbox li a").Each(func(_ int, s *goquery.Selection) {
			got = append(got, s.AttrOr("href", "")+" "+s.Text())
		})
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s lists\n%s\nwant\n%s", tc.path, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		if len(tc.want) == 0 && d.Find("#in-sandbox").Length() != 0 {
			t.Errorf("%s has an empty list", tc.path)
		}
	}

	// A scenario line's rule number counts in its numbering edition only:
	// 704.5j was another rule before 2017.
	srv = sandboxServer(t)
	srv.Scenarios = testScenarios(t, "scenario \"By number\" rule 704.5j\nnumbering 2026-01-16\nexpect\n  A life = 20\n",
		"scenario \"Old number\" rule 704.5j\nnumbering 2007-02-01\nexpect\n  A life = 20\n")
	d := parse(t, do(t, srv, "GET", "/2026-01-16/704.5j"))
	if got := d.Find("section.in-sandbox li").Text(); got != "By number" {
		t.Errorf("by the scenario line's number: %q", got)
	}
}

// The index of every bundled scenario, as the server shows it with every
// official edition (arbiter serve with no flags): grouped by section, and
// small (it was 153 KB as one list with every example's text, 1.5 KB a
// scenario): the page around the list, and a line of a title, a rule and
// a range of editions for each scenario.
func TestSandboxIndexGroups(t *testing.T) {
	t.Parallel()
	o := contentOptions{official: true}
	set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(set.library(), Options{Content: set, Reread: o})
	srv.Warm() // every edition read
	// The page, not the stylesheets a first visit gets in it.
	w := do(t, srv, "GET", "/sandbox", keptStyles...)
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	if n, most := w.Body.Len(), 8<<10+256*len(srv.Scenarios.Scenarios); n > most {
		t.Errorf("/sandbox is %d bytes; at most %d (8 KB and 256 bytes a scenario)", n, most)
	}
	t.Logf("/sandbox: %d bytes", w.Body.Len())
	d := parse(t, w)
	seen := map[string]bool{}
	last := 0
	d.Find("details.sb-group").Each(func(_ int, g *goquery.Selection) {
		key := strings.TrimPrefix(g.AttrOr("id", ""), "section-")
		k, err := strconv.Atoi(key)
		if err != nil || k <= last {
			t.Errorf("group %q after %d", key, last)
		}
		last = k
		n := g.Find(".sb-index > li").Length()
		if !strings.HasPrefix(g.Find("summary .g-name").Text(), key+". ") || g.Find("summary .n").Text() != strconv.Itoa(n)+" scenarios" && n != 1 {
			t.Errorf("group %s: summary %q for %d", key, g.Find("summary").Text(), n)
		}
		g.Find(".sb-index > li").Each(func(_ int, li *goquery.Selection) {
			name := li.AttrOr("id", "")
			sc := srv.Scenarios.ByName(name + scenario.Ext)
			switch {
			case sc == nil || seen[name]:
				t.Errorf("group %s: %q is no scenario, or listed twice", key, name)
			case !strings.HasPrefix(sc.Rules[0], key):
				t.Errorf("%s (rule %s) in group %s", name, sc.Rules[0], key)
			case li.Find("a").First().Text() != sc.Title:
				t.Errorf("%s: titled %q", name, li.Find("a").First().Text())
			}
			seen[name] = true
		})
	})
	if len(seen) != len(srv.Scenarios.Scenarios) {
		t.Errorf("%d scenarios listed of %d", len(seen), len(srv.Scenarios.Scenarios))
	}
	// A scenario for a printed example leads to the newest edition that
	// prints it.
	if h := d.Find("li#fling-copy a").First().AttrOr("href", ""); h != "/sandbox/2026-04-17/707.10/2" {
		t.Errorf("fling-copy links to %q", h)
	}
}

// TestSandboxTable: a game of more than two players draws its table —
// seats in turn order, clockwise from the first at the bottom, with
// teams, emperors and ranges of influence — under the official editions
// that have multiplayer rules; a two-player game draws none.
func TestSandboxTable(t *testing.T) {
	srv := officialServer(t)
	tests := []struct {
		path   string
		checks []check
		absent []string
	}{
		{"/sandbox/scenario/emperor-four-player-teams", []check{
			{".sb-state .seats.cols-5 .felt", "8 players, turn order clockwise"},
			{".sb-state .seats .seat.r-3.c-4.active[data-player=Ana] .seat-facts", "team with Ben, Cal, Dee · range of influence 1"},
			{".sb-state .seats .seat.r-2.c-1[data-player=Dee] .life", "20"},
			{".sb-state .seats .seat.r-1.c-3[data-player=Fay] .seat-facts", "emperor · team with Eve, Gus, Hal · range of influence 3"},
			{".sb-state .seats .seat.r-2.c-5[data-player=Hal] .hand", "0"},
		}, nil},
		{"/sandbox/scenario/range-pyroclasm?step=1", []check{
			{".sb-state .seats .felt", "1 on the stack"},
			{".sb-state .seats .seat[data-player=Alex] .library", "0"},
		}, []string{".sb-state .seat.lost"}},
		{"/sandbox/scenario/legend-rule", []check{{".sb-state .player[data-player=Alice]", ""}}, []string{".seats"}},
		// The four-player Commander game at its end: each seat names its
		// commander with the tax it costs now, and the commander damage
		// dealt to that player; Dave lost to 21 from Zurgo (704.6c).
		{"/sandbox/scenario/commander-four-player?step=last", []check{
			{".sb-state .seats.cols-3 .seat.r-3.c-2[data-player=Alice] .commanders", "Zurgo Helmsmasher · tax"},
			{".sb-state .seats .seat[data-player=Alice] .commanders abbr[title='four generic mana']", "{4}"},
			{".sb-state .seats .seat.lost[data-player=Dave] .cmd-damage li[data-commander='Zurgo Helmsmasher#1']", "21 commander damage from Zurgo Helmsmasher (Alice)"},
			{".sb-state .seats .seat[data-player=Bob] .cmd-damage", "3 commander damage from Wort, the Raidmother (Carol)"},
			{".sb-state .player[data-player=Dave] .cmd-damage", "21 commander damage from Zurgo Helmsmasher"},
		}, []string{".sb-state .seat[data-player=Carol] .cmd-damage"}},
		// It is offered first on the sandbox's index, and rule 903.1
		// lists it.
		{"/sandbox", []check{{".sb-games a[href='/sandbox/scenario/commander-four-player']", "A four-player Commander game"}}, nil},
		{"/2026-04-17/903.1", []check{{"a[href*='commander-four-player']", ""}}, nil},
	}
	for _, tc := range tests {
		w := do(t, srv, "GET", tc.path)
		if w.Code != 200 {
			t.Errorf("%s: status %d", tc.path, w.Code)
			continue
		}
		expectPage(t, tc.path, parse(t, w), tc.checks, tc.absent)
	}
}
