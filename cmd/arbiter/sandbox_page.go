package main

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// The sandbox's pages. A bundled scenario's page is addressed by the example
// it demonstrates or by its name; text a reader wrote is run by
// /sandbox/run, which takes it from a form post or, compressed, from the
// URL. Whatever the page shows (the step, the edition whose rules run, the
// text) is in the request: the server stores nothing.

// The sandbox's stylesheet, and its script, which loads async (the page
// is read and run without it).
var (
	sandboxAssets  = []string{"sandbox.css"}
	sandboxScripts = []string{"sandbox.js"}
)

const (
	maxSandboxForm = 64 << 10 // a form post: 16 KB of text, percent-encoded, and a few fields
	maxEvents      = 40       // events listed per step
	// A page holds each step's state for print, up to 40 steps and 1,000
	// objects in all: a state is about 300 bytes an object.
	maxSnaps       = 40
	maxSnapObjects = 1000
)

// starterScenario is what /sandbox/run shows when given nothing to run.
const starterScenario = `scenario "My scenario" rule 704.5j
card Isamaru: {W} Legendary Creature — Dog 2/2
setup
  A battlefield: Isamaru
  A hand: Isamaru
steps
  A puts Isamaru#2 onto the battlefield
  A chooses Isamaru#1
expect
  A battlefield count Isamaru = 1
  fired 704.5j
`

func (s *Server) noScenarios() error {
	return notFound("The sandbox has no scenarios loaded.")
}

// sandboxIndex serves /sandbox: every bundled scenario, grouped by the
// section of the rules it shows, each linked to the newest edition that
// prints its example (or to its own page).
func (s *Server) sandboxIndex(c echo.Context) error {
	if s.Scenarios == nil {
		return s.noScenarios()
	}
	if s.staticSandboxNote() {
		return s.sandboxNote(c)
	}
	st := siteOf(c)
	printed := st.sandbox.printedIn(st.lib, s.Scenarios)
	p := views.SandboxIndex{
		Page:   views.Page{Paths: s.paths, Title: "Sandbox", Extra: sandboxAssets, Async: sandboxScripts},
		NewURL: s.paths.SandboxRunURL(),
	}
	for _, name := range wholeGames {
		for _, sc := range s.Scenarios.Scenarios {
			if scenarioSlug(sc) == name {
				p.Games = append(p.Games, views.SandboxIndexItem{Title: sc.Title, Name: name, URL: s.paths.SandboxScenarioURL(name)})
			}
		}
	}
	groups := map[int]*views.SandboxGroup{}
	scs := slices.Clone(s.Scenarios.Scenarios)
	slices.SortStableFunc(scs, func(a, b *scenario.Scenario) int { return firstRule(a).Compare(firstRule(b)) })
	for _, sc := range scs {
		it := views.SandboxIndexItem{
			Title: sc.Title, Name: scenarioSlug(sc), URL: s.paths.SandboxScenarioURL(scenarioSlug(sc)),
			Range: sc.Range(), Passage: len(sc.Quotes) > 0,
		}
		if len(sc.Rules) > 0 {
			it.Rule = sc.Rules[0]
		}
		eds := map[*rules.Edition]bool{}
		var newest *exampleAt
		for _, ex := range sc.Examples {
			for _, x := range printed[scenario.Normalize(ex)] {
				eds[x.ed] = true
				if newest == nil || x.ed.Effective.After(newest.ed.Effective) {
					newest = &x
				}
			}
		}
		it.Printed = len(eds)
		// The example's page runs one scenario (exampleScenario); another
		// for the same example keeps its own URL, or two lines of the
		// index would lead to one page and the other be out of reach.
		if newest != nil && s.exampleScenario(newest.ed, newest.text.S) == sc {
			it.URL = s.paths.SandboxExampleURL(newest.ed.ID, newest.where(), newest.n)
		}
		sect := firstRule(sc).Section()
		g := groups[sect]
		if g == nil {
			g = &views.SandboxGroup{Key: strconv.Itoa(sect), Name: sectionName(st.lib, sect)}
			if sect < 1 || sect > 9 {
				g.Key, g.Name = "other", "Other rules"
			}
			groups[sect] = g
		}
		g.Items = append(g.Items, it)
	}
	for _, k := range slices.Sorted(maps.Keys(groups)) {
		p.Groups = append(p.Groups, *groups[k])
	}
	return s.render(c, views.SandboxIndexPage(p))
}

// wholeGames are the bundled scenarios the index offers first: games
// played over several turns rather than one example's moment.
var wholeGames = []string{"commander-four-player"}

// firstRule is the first rule number on a scenario's line, zero if none.
func firstRule(sc *scenario.Scenario) rules.Number {
	if len(sc.Rules) == 0 {
		return rules.Number{}
	}
	n, _ := rules.ParseNumber(sc.Rules[0])
	return n
}

// sectionName is "7. Additional Rules", in the newest edition that has
// section k.
func sectionName(lib *rules.Library, k int) string {
	for _, e := range lib.Editions {
		for _, sec := range e.Sections {
			if sec.Number == k {
				return views.SectionHeading(sec)
			}
		}
	}
	return "Section " + strconv.Itoa(k)
}

// sandboxScenario serves /sandbox/scenario/{name}: a bundled scenario by
// name, whatever it demonstrates.
func (s *Server) sandboxScenario(c echo.Context) error {
	if s.Scenarios == nil {
		return s.noScenarios()
	}
	name := param(c, "name")
	sc := s.Scenarios.ByName(name + scenario.Ext)
	if sc == nil {
		return notFound("There is no bundled scenario “%s”; the sandbox page lists them.", clip(name))
	}
	p := views.SandboxPage{From: "scenario/" + name}
	for _, ex := range sc.Examples {
		p.Quotes = append(p.Quotes, "Example: "+ex)
	}
	p.Quotes = append(p.Quotes, sc.Quotes...)
	return s.sandboxPage(c, sandboxInput{
		text: sc.Text, sc: sc, trusted: true,
		nav:  views.SandboxNav{Action: s.paths.SandboxScenarioURL(name)},
		page: p,
	})
}

// sandboxExample serves /sandbox/{edition}/{number}/{n}: the scenario for
// the n-th example of a rule (or of a prose edition's topic).
func (s *Server) sandboxExample(c echo.Context) error {
	if s.Scenarios == nil {
		return s.noScenarios()
	}
	e, err := edition(c)
	if err != nil {
		return err
	}
	if e.Kind != rules.KindProse {
		n, err := ruleNumber(c, e)
		if err != nil {
			return err
		}
		if n.String() != param(c, "number") {
			u := url.URL{Path: s.paths.Base + "/sandbox/" + e.ID + "/" + n.String() + "/" + param(c, "n"), RawQuery: c.Request().URL.RawQuery}
			return c.Redirect(http.StatusMovedPermanently, u.String())
		}
		if e.Rule(n) == nil {
			return missingRule(c, e, n)
		}
	}
	at, err := findExample(e, param(c, "number"), param(c, "n"))
	if err != nil {
		return err
	}
	scs := s.Scenarios.ForExample(at.text.S)
	if len(scs) == 0 {
		return notFoundIn(e, "Example %d of %s in %s has no scenario yet; the sandbox page lists the examples that do.", at.n, at.where(), views.EditionName(e))
	}
	sc := s.exampleScenario(e, at.text.S)
	p := views.SandboxPage{
		Example: s.exampleView(at),
		From:    e.ID + "/" + at.where() + "/" + strconv.Itoa(at.n),
	}
	for _, x := range scs {
		if x != sc {
			p.Others = append(p.Others, views.Link{Label: x.Title, URL: s.paths.SandboxScenarioURL(scenarioSlug(x))})
		}
	}
	return s.sandboxPage(c, sandboxInput{
		text: sc.Text, sc: sc, trusted: true, prefer: e,
		nav:  views.SandboxNav{Action: s.paths.SandboxExampleURL(e.ID, at.where(), at.n)},
		page: p,
	})
}

// exampleScenario is the scenario an example's page in e runs: the first
// of those for the example that applies to e, or the first of all; nil if
// none is.
func (s *Server) exampleScenario(e *rules.Edition, text string) *scenario.Scenario {
	scs := s.Scenarios.ForExample(text)
	if len(scs) == 0 {
		return nil
	}
	for _, x := range scs {
		if x.Applies(e.Effective) {
			return x
		}
	}
	return scs[0]
}

// findExample finds the n-th example of rule or topic where in e; n is as
// the URL writes it.
func findExample(e *rules.Edition, where, n string) (exampleAt, error) {
	at := exampleAt{ed: e}
	var exs []rules.Text
	var what string
	if e.Kind == rules.KindProse {
		if at.topic = e.Topic(where); at.topic == nil {
			return at, notFoundIn(e, "%s has no topic “%s”.", views.EditionName(e), clip(where))
		}
		exs, what = topicExamples(at.topic), "“"+at.topic.Title+"”"
	} else {
		num, ok := parseNumber(where)
		if at.rule = e.Rule(num); !ok || at.rule == nil {
			return at, notFoundIn(e, "%s has no rule “%s”.", views.EditionName(e), clip(where))
		}
		exs, what = at.rule.Examples(), "Rule "+num.String()
	}
	k, err := strconv.Atoi(n)
	if err != nil || k < 1 || k > len(exs) {
		switch len(exs) {
		case 0:
			return at, notFoundIn(e, "%s has no examples in %s.", what, views.EditionName(e))
		case 1:
			return at, notFoundIn(e, "%s has one example in %s; there is no example “%s”.", what, views.EditionName(e), clip(n))
		}
		return at, notFoundIn(e, "%s has %d examples in %s, numbered from 1; there is no example “%s”.", what, len(exs), views.EditionName(e), clip(n))
	}
	at.n, at.text = k, exs[k-1]
	return at, nil
}

func (s *Server) exampleView(at exampleAt) *views.SandboxExample {
	v := &views.SandboxExample{Edition: at.ed, N: at.n, Text: at.text}
	if at.topic != nil {
		v.Where = views.Link{Label: at.topic.Title, URL: s.paths.TopicURL(at.ed.ID, at.topic.Slug)}
	} else {
		v.Where = views.Link{Label: at.rule.Number.String(), URL: s.paths.RuleURL(at.ed.ID, at.rule.Number)}
	}
	return v
}

// sandboxRun serves /sandbox/run (GET, HEAD and POST): scenario text from
// the request, in the form's text field or the URL's s parameter. A post
// that fits in a URL is redirected to that URL, so the address bar holds a
// link to share and reloading doesn't post again.
func (s *Server) sandboxRun(c echo.Context) error {
	req := c.Request()
	if ok, retry := s.runLimit.allow(clientKey(req, s.trusted)); !ok {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(retry.Seconds()))))
		return &httpError{status: http.StatusTooManyRequests, msg: fmt.Sprintf(
			"You have run scenarios faster than the sandbox allows (%d at once, then %d a second from one address). "+
				"Wait a few seconds and try again; your scenario is still in the page you came from.", runBurst, runRate)}
	}
	post := req.Method == http.MethodPost
	if post {
		req.Body = http.MaxBytesReader(c.Response(), req.Body, maxSandboxForm)
	}
	if err := req.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf(
				"The form is larger than %d KB. A scenario may be 16 KB at most.", maxSandboxForm>>10)}
		}
		return badRequest("The form could not be read: %v.", err)
	}
	form := req.Form
	in := sandboxInput{share: true, nav: views.SandboxNav{Action: s.paths.SandboxRunURL()}}
	in.page.Open = true // text the reader wrote: its source and checks unfolded
	switch {
	case form.Has("text"):
		in.text = form.Get("text")
	case form.Has("s"):
		t, err := decodeShare(form.Get("s"))
		switch {
		case errors.Is(err, errShareBig):
			return &httpError{status: http.StatusRequestEntityTooLarge, msg: "This link's " + err.Error() + "."}
		case err != nil:
			return badRequest("This link's %s.", err.Error())
		}
		in.text = t
	default:
		in.text = starterScenario
	}
	// As a browser posts a textarea: CRLF; and bytes that aren't UTF-8
	// (no browser sends them) become U+FFFD, so the text fits a share URL.
	in.text = strings.ToValidUTF8(strings.ReplaceAll(in.text, "\r\n", "\n"), "\uFFFD")
	if from := form.Get("ex"); from != "" {
		if err := s.origin(siteOf(c), from, &in); err != nil {
			return err
		}
	}
	if post && form.Has("choose") {
		choose := strings.TrimSpace(form.Get("choose"))
		after, err := strconv.Atoi(form.Get("after"))
		if err != nil || after < 1 || after > strings.Count(in.text, "\n")+1 || strings.ContainsAny(choose, "\r\n") || len(choose) > 200 {
			return badRequest("The answer to the choice was garbled (choose and after); run the scenario again and pick an answer.")
		}
		in.text = scenario.InsertStep(in.text, after, choose)
		form.Set("step", "last") // show where the answer leads: the end
	}
	if len(in.text) > scenario.MaxBytes {
		in.page.ScenarioText = in.text
		in.page.Title = "Your scenario"
		in.page.Notice = fmt.Sprintf("The scenario is %d bytes; the sandbox runs scenarios of up to %d bytes (16 KB). Shorten it and run it again.",
			len(in.text), scenario.MaxBytes)
		return s.sendSandbox(c, http.StatusRequestEntityTooLarge, in.page)
	}
	if post && form.Has("text") {
		if enc := encodeShare(in.text); len(enc) <= maxShare {
			v := url.Values{"s": {enc}}
			for _, k := range []string{"ex", "rules", "seed", "step"} {
				if x := form.Get(k); x != "" {
					v.Set(k, x)
				}
			}
			return c.Redirect(http.StatusSeeOther, s.paths.SandboxRunURL()+"?"+v.Encode())
		}
	}
	return s.sandboxPage(c, in)
}

// origin reads the ex parameter, which says where edited text came from:
// "2026-01-16/704.5j/1" (an example) or "scenario/legend-rule".
func (s *Server) origin(st *site, from string, in *sandboxInput) error {
	bad := badRequest("The ex parameter “%s” names no example or bundled scenario; it looks like 2026-01-16/704.5j/1 or scenario/legend-rule.", clip(from))
	parts := strings.Split(from, "/")
	switch {
	case len(parts) == 2 && parts[0] == "scenario" && s.Scenarios != nil:
		sc := s.Scenarios.ByName(parts[1] + scenario.Ext)
		if sc == nil {
			return bad
		}
		in.page.Original = views.Link{Label: "“" + sc.Title + "”", URL: s.paths.SandboxScenarioURL(parts[1])}
	case len(parts) == 3:
		e := st.lib.Edition(parts[0])
		if e == nil {
			return bad
		}
		at, err := findExample(e, parts[1], parts[2])
		if err != nil {
			return bad
		}
		in.page.Example = s.exampleView(at)
		in.page.Original = views.Link{Label: "the scenario for this example", URL: s.paths.SandboxExampleURL(e.ID, at.where(), at.n)}
		in.page.Page.Edition = e
		in.prefer = e
	default:
		return bad
	}
	in.page.From = from
	return nil
}

// sandboxInput is a scenario to run and what its page already knows.
type sandboxInput struct {
	text    string
	sc      *scenario.Scenario // nil: parse text
	trusted bool               // a bundled scenario: no time budget
	prefer  *rules.Edition     // run under this edition unless the request names another
	nav     views.SandboxNav   // where the controls lead; Fields and Rules are filled in here
	share   bool               // the text travels in the URL (s) rather than the path
	page    views.SandboxPage
}

// sandboxPage runs a scenario under the edition the request names (or the
// default) and renders the state after the step it names: the start
// unless the step parameter says a number, or "last".
func (s *Server) sandboxPage(c echo.Context, in sandboxInput) error {
	st := siteOf(c)
	p := in.page
	p.ScenarioText = in.text
	status := http.StatusOK
	sc := in.sc
	if sc == nil {
		var err error
		if sc, err = scenario.ParseWith("", in.text, s.cardSet); err != nil {
			p.Title = "Your scenario"
			p.Errors = lineErrors(err, in.text)
			p.Notice = "The scenario has mistakes: fix the lines listed beside it and run it again."
			return s.sendSandbox(c, http.StatusBadRequest, p)
		}
	}
	p.Title, p.Rules, p.Range = sc.Title, sc.Rules, sc.Range()
	if names := sc.FromData(); len(names) > 0 {
		_, data := s.cards()
		p.FromData = views.CardsFromData{Names: names, Date: data.Date}
	}

	eds := runEditions(st.lib, sc)
	if len(eds) == 0 {
		p.Notice = "This scenario is for " + sc.Range() + ", and neither the loaded editions nor the engine's own rules include one."
		return s.sendSandbox(c, http.StatusBadRequest, p)
	}
	run := eds[0]
	for _, r := range eds {
		if r.ed != nil && r.ed == in.prefer {
			run = r
		}
	}
	def := run.id
	if q := c.FormValue("rules"); q != "" {
		id := q
		if e := st.lib.Edition(q); e != nil {
			id = e.ID
		}
		found := false
		for _, r := range eds {
			if r.id == id {
				run, found = r, true
			}
		}
		if !found {
			status = http.StatusBadRequest
			if st.lib.Edition(q) != nil {
				p.Notice = fmt.Sprintf("“%s” is for %s, so it can't run under %s; it runs under %s instead.", sc.Title, sc.Range(), clip(q), run.name)
			} else {
				p.Notice = fmt.Sprintf("There is no edition “%s” to run under; it runs under %s instead.", clip(q), run.name)
			}
		}
	}
	for _, r := range eds {
		p.RunUnder = append(p.RunUnder, views.SandboxEdition{ID: r.id, Name: r.name})
	}
	p.Running = views.SandboxEdition{ID: run.id, Name: run.name}
	if run.id != def {
		in.nav.Rules = run.id
	}

	re := run.engine(st)
	opt := scenario.Options{Budget: s.runBudget}
	p.Seed = sc.Seed
	if q := c.FormValue("seed"); q != "" {
		// Another seed: the same scenario, shuffled another way.
		if n, err := strconv.ParseUint(strings.TrimSpace(q), 10, 64); err != nil {
			status = http.StatusBadRequest
			p.Notice = fmt.Sprintf("The seed “%s” isn't a whole number from 0 to %d; the scenario's own seed, %d, is used instead.", clip(q), uint64(math.MaxUint64), sc.Seed)
		} else {
			p.Seed, opt.Seed = n, &n
			in.nav.Seed = strconv.FormatUint(n, 10)
		}
	}
	if in.trusted {
		opt.Budget = -1 // known to be small; a loaded machine mustn't fail them
	} else {
		var release func()
		opt.Clock, release = runClock() // CPU time: a loaded machine mustn't fail small ones either
		defer release()
	}
	tr := scenario.RunWith(c.Request().Context(), sc, re, opt)
	final := tr.Final()
	for _, pl := range final.Players {
		p.Shuffles = p.Shuffles || pl.Shuffled > 0
	}
	n := narrator{sc: sc, words: views.NewWords(final.Labelled())}
	p.Table = s.table(sc, n.words)
	p.Invented = sc.Invented()

	failLine, failMsg := 0, ""
	if tr.Err != nil {
		var se *scenario.Error
		if errors.As(tr.Err, &se) {
			failLine, failMsg = se.Line, se.Msg
		} else {
			failMsg = tr.Err.Error()
		}
		if errors.Is(tr.Err, scenario.ErrBudget) {
			status = http.StatusBadRequest
			p.Notice = fmt.Sprintf("This scenario ran for longer than the sandbox allows (%v) and was stopped before line %d. "+
				"The steps before that are shown; shorten it (fewer steps, fewer cards) to run the rest.", opt.Budget, failLine)
		}
		p.Errors = []views.SandboxError{{Line: failLine, Msg: failMsg, Source: sourceLine(in.text, failLine)}}
		p.ExpectNote = "Not checked: the run stopped at line " + strconv.Itoa(failLine) + "."
		p.Open = true
	}

	// The steps a reader follows: a verify line checks something rather
	// than doing it, so it is no step here (unless the run stopped there).
	var shown []int // indexes into sc.Steps
	for i, step := range sc.Steps {
		if !step.IsCheck() || (i == len(tr.Steps) && failLine == step.Line) {
			shown = append(shown, i)
		}
	}
	after := func(k int) *engine.State { // the state after shown step k; 0 is the start
		switch {
		case k == 0:
			return &tr.Start
		case shown[k-1] < len(tr.Steps):
			return &tr.Steps[shown[k-1]].State
		}
		return nil
	}
	for _, i := range shown {
		if i < len(tr.Steps) {
			p.Last++
		}
	}
	if q := c.FormValue("step"); q == "last" {
		p.Step = p.Last
	} else if q != "" {
		k, err := strconv.Atoi(q)
		if err != nil || k < 0 || k > p.Last {
			status = http.StatusBadRequest
			p.Notice = fmt.Sprintf("There is no step “%s”: this run has steps 0 (the start) to %d. Showing the start.", clip(q), p.Last)
		} else {
			p.Step = k
		}
	}
	p.Board = engine.Render(re, *after(p.Step))
	if len(tr.Start.Players) > 0 { // the setup ran
		b := engine.Render(re, tr.Start)
		p.Start = &b
	}

	fired := map[string]int{}
	printed := len(tr.Start.Objects) // objects in the states held for print
	for k, i := range shown {
		step := sc.Steps[i]
		v := views.SandboxStep{N: k + 1, Line: step.Line, Text: step.Text}
		before, next := after(k), after(k+1)
		v.Say = n.say(step, before, next)
		if i < len(tr.Steps) {
			res := tr.Steps[i]
			v.Ran, v.Rejected = true, n.words.Text(res.Rejected)
			if before.Pending != nil {
				v.Asked = n.words.Sentence(before.Asked())
			}
			for j, ev := range res.Events {
				if !ev.Rule.IsZero() {
					if fired[ev.Rule.String()] == 0 {
						p.Fired = append(p.Fired, views.SandboxFired{Rule: ev.Rule.String(), URL: s.ruleLink(run, ev.Rule)})
					}
					fired[ev.Rule.String()]++
				}
				if j == maxEvents {
					v.More = len(res.Events) - maxEvents
					continue
				}
				v.Events = append(v.Events, s.eventView(run, ev, p.Table))
			}
			if printed += len(res.State.Objects); k < maxSnaps && printed <= maxSnapObjects {
				b := engine.Render(re, res.State)
				v.Board = &b
			}
		} else if i == len(tr.Steps) && failLine == step.Line {
			v.Failed = failMsg
		}
		p.Steps = append(p.Steps, v)
	}
	for i := range p.Fired {
		p.Fired[i].Times = fired[p.Fired[i].Rule]
	}
	if tr.Pending != nil {
		p.Choice = &views.SandboxChoice{Prompt: n.words.Sentence(final.Asked()), After: tr.LastLine()}
		for _, o := range tr.ChoiceSteps() {
			p.Choice.Options = append(p.Choice.Options, views.SandboxOption{Step: o, Say: n.option(o)})
		}
		p.ExpectNote = "Not checked yet: the rules are waiting for a choice the scenario doesn't make. Answer it after the last step."
	}
	for _, r := range tr.Expects {
		v := views.SandboxExpect{Line: r.Line, Text: r.Text, OK: r.OK, Got: r.Got, URL: s.ruleLink(run, r.Rule)}
		if !r.Rule.IsZero() {
			v.Rule = r.Rule.String()
		}
		p.Expects = append(p.Expects, v)
	}

	if in.share {
		enc := encodeShare(in.text)
		if len(enc) <= maxShare {
			if p.From != "" {
				in.nav.Fields = append(in.nav.Fields, views.Field{Name: "ex", Value: p.From})
			}
			in.nav.Fields = append(in.nav.Fields, views.Field{Name: "s", Value: enc})
		} else {
			in.nav.Post = true
			if p.From != "" {
				in.nav.Fields = append(in.nav.Fields, views.Field{Name: "ex", Value: p.From})
			}
			in.nav.Fields = append(in.nav.Fields, views.Field{Name: "text", Value: in.text})
			p.ShareNote = fmt.Sprintf("This scenario is too long to share as a link (%d characters compressed; links hold %d). Share its text instead.", len(enc), maxShare)
		}
	}
	p.Nav = in.nav
	p.Share = p.Nav.URL(p.Step)
	return s.sendSandbox(c, status, p)
}

// eventView is an event in words. A card another player draws into a hand
// the page shows face down is "a card" (400.2).
func (s *Server) eventView(run runEdition, ev engine.Event, t *views.Table) views.SandboxEvent {
	text := ev.Text
	if ev.Kind == engine.EvDraw && ev.Object != "" && t.FaceDown(ev.Player, cardtext.Hand) {
		text = ev.Player + " draws a card"
	}
	v := views.SandboxEvent{Text: sentence(t.Words.Sentence(text)), SBA: ev.SBA, URL: s.ruleLink(run, ev.Rule)}
	if !ev.Rule.IsZero() {
		v.Rule = ev.Rule.String()
	}
	return v
}

// lineErrors lists a parse error's problems with the lines they are at.
func lineErrors(err error, text string) []views.SandboxError {
	var list scenario.ErrorList
	if !errors.As(err, &list) {
		return []views.SandboxError{{Msg: err.Error()}}
	}
	out := make([]views.SandboxError, 0, len(list))
	for _, e := range list {
		out = append(out, views.SandboxError{Line: e.Line, Msg: e.Msg, Source: sourceLine(text, e.Line)})
	}
	return out
}

// sourceLine is line n of text (from 1), trimmed and clipped for display.
func sourceLine(text string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	text = strings.TrimSpace(text)
	if len(text) > 120 {
		text = clip(text[:120]) + "…"
	}
	return text
}

// sendSandbox renders a sandbox page with its status. A page from a GET is
// a function of its URL and may be cached a while; one answering a post or
// reporting a problem may not.
func (s *Server) sendSandbox(c echo.Context, status int, p views.SandboxPage) error {
	p.Page.Paths = s.paths
	p.Page.Title = p.Title + " · Sandbox"
	p.Page.Extra, p.Page.Async = sandboxAssets, sandboxScripts
	if !s.paths.Static {
		p.Site = c.Scheme() + "://" + c.Request().Host
	}
	if p.Page.Edition == nil && p.Example != nil {
		p.Page.Edition = p.Example.Edition
	}
	var buf bytes.Buffer
	if err := views.Sandbox(p).Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	if c.Request().Method != http.MethodPost && status == http.StatusOK {
		h.Set(echo.HeaderCacheControl, "public, max-age=300")
	} else {
		h.Set(echo.HeaderCacheControl, "no-store")
	}
	h.Set(echo.HeaderContentLength, strconv.Itoa(buf.Len()))
	c.Response().WriteHeader(status)
	if c.Request().Method != http.MethodHead {
		_, err := c.Response().Write(buf.Bytes())
		return err
	}
	return nil
}
