package main

import (
	"slices"
	"strings"
	"sync"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// sandboxData is what the sandbox derives from one site's library, built
// when first needed and dropped with the site: the engine's reading of each
// edition (rules.Edition → engine.RulesEdition takes about 90 ms for a full
// edition) and where each example with a scenario is printed.
type sandboxData struct {
	mu      sync.Mutex
	engines map[*rules.Edition]*engineOnce

	printedOnce sync.Once
	printed     map[string][]exampleAt // normalised example text → where, newest edition first

	switchesOnce sync.Once
	switches     []editionSwitches // switches_page.go
}

type engineOnce struct {
	once sync.Once
	re   *engine.RulesEdition
}

// exampleAt is one printed example: the n-th example (from 1) of a rule,
// or of a prose edition's topic.
type exampleAt struct {
	ed    *rules.Edition
	rule  *rules.Rule  // nil for a topic's example
	topic *rules.Topic // nil for a rule's example
	n     int
	text  rules.Text
}

// where is "704.5j" or a topic's slug: the {number} of the example's URL.
func (x exampleAt) where() string {
	if x.topic != nil {
		return x.topic.Slug
	}
	return x.rule.Number.String()
}

// engineFor is the engine's reading of a loaded edition: its own numbers,
// type lists and symbols.
func (d *sandboxData) engineFor(e *rules.Edition) *engine.RulesEdition {
	d.mu.Lock()
	if d.engines == nil {
		d.engines = map[*rules.Edition]*engineOnce{}
	}
	x := d.engines[e]
	if x == nil {
		x = &engineOnce{}
		d.engines[e] = x
	}
	d.mu.Unlock()
	x.once.Do(func() { x.re = scenario.EditionFor(e) })
	return x.re
}

// printedIn lists where the library's editions print an example that one
// of scs demonstrates, by the example's normalised text.
func (d *sandboxData) printedIn(lib *rules.Library, scs *scenario.Library) map[string][]exampleAt {
	d.printedOnce.Do(func() {
		d.printed = map[string][]exampleAt{}
		if scs == nil {
			return
		}
		add := func(x exampleAt) {
			if len(scs.ForExample(x.text.S)) > 0 {
				k := scenario.Normalize(x.text.S)
				d.printed[k] = append(d.printed[k], x)
			}
		}
		for _, e := range lib.Editions {
			e.Walk(func(r *rules.Rule) bool {
				for i, ex := range r.Examples() {
					add(exampleAt{ed: e, rule: r, n: i + 1, text: ex})
				}
				return true
			})
			for _, t := range e.Topics {
				for i, ex := range topicExamples(t) {
					add(exampleAt{ed: e, topic: t, n: i + 1, text: ex})
				}
			}
		}
	})
	return d.printed
}

func topicExamples(t *rules.Topic) []rules.Text {
	var out []rules.Text
	for _, b := range t.Body {
		if b.Kind == rules.BlockExample {
			out = append(out, b.Text)
		}
	}
	return out
}

// runEdition is an edition a scenario can run under: a loaded edition, or
// when none of those applies, one the engine has built in.
type runEdition struct {
	id, name string
	ed       *rules.Edition       // nil for a built-in edition
	builtin  *engine.RulesEdition // nil for a loaded one
}

// runEditions lists the editions sc can run under, newest first: the
// loaded editions it applies to, or if there are none, the engine's own.
func runEditions(lib *rules.Library, sc *scenario.Scenario) []runEdition {
	var out []runEdition
	for _, e := range lib.Editions {
		if sc.Applies(e.Effective) {
			out = append(out, runEdition{id: e.ID, name: views.EditionName(e), ed: e})
		}
	}
	if len(out) > 0 {
		return out
	}
	eds := engine.Editions()
	for i := len(eds) - 1; i >= 0; i-- {
		if re := eds[i]; sc.Applies(re.Effective) {
			out = append(out, runEdition{id: re.ID, name: "Built-in rules of " + re.ID, builtin: re})
		}
	}
	return out
}

// engine is the rules the engine applies for this edition.
func (r runEdition) engine(st *site) *engine.RulesEdition {
	if r.builtin != nil {
		return r.builtin
	}
	return st.sandbox.engineFor(r.ed)
}

// ruleLink is the page of rule n in the edition run, or "" when that
// edition isn't loaded or doesn't have the rule.
func (s *Server) ruleLink(r runEdition, n rules.Number) string {
	if r.ed == nil || n.IsZero() || r.ed.Rule(n) == nil {
		return ""
	}
	return s.paths.RuleURL(r.ed.ID, n)
}

// scenarioSlug is a bundled scenario's name in URLs: its file name
// without ".scn".
func scenarioSlug(sc *scenario.Scenario) string { return strings.TrimSuffix(sc.Name, scenario.Ext) }

// table is how a sandbox page shows sc's boards: in words, watched by the
// first player, with the zones sc reveals face up and its invented cards
// marked.
func (s *Server) table(sc *scenario.Scenario, w *views.Words) *views.Table {
	t := &views.Table{Words: w, Viewer: sc.Players[0], Revealed: map[string]bool{}, Invented: map[string]bool{}}
	for _, z := range sc.Revealed {
		t.Revealed[sc.Players[z.Player]+" "+z.Zone.String()] = true
	}
	for _, name := range sc.Invented() {
		t.Invented[name] = true
	}
	return t
}

// scenariosShowing lists the bundled scenarios that show rule r of e or a
// rule below it (its page shows them all): those running an example printed
// there, those quoting its text, and those whose scenario line names it in
// the edition whose numbers the scenario is written in. Each links to its
// run under e's rules where it applies to e.
func (s *Server) scenariosShowing(e *rules.Edition, r *rules.Rule) []views.Link {
	var out []views.Link
	seen := map[*scenario.Scenario]bool{}
	add := func(sc *scenario.Scenario, url string) {
		if seen[sc] {
			return
		}
		seen[sc] = true
		if url == "" {
			url = s.paths.SandboxScenarioURL(scenarioSlug(sc))
			if sc.Applies(e.Effective) {
				url = s.paths.SandboxScenarioUnderURL(scenarioSlug(sc), e.ID)
			}
		}
		out = append(out, views.Link{Label: sc.Title, URL: url})
	}
	var walk func(r *rules.Rule)
	walk = func(r *rules.Rule) {
		n := 0
		for _, b := range r.Body {
			if b.Kind != rules.BlockExample {
				for _, sc := range s.Scenarios.ForText(b.Text.S) {
					add(sc, "")
				}
				continue
			}
			n++
			// The example's page runs the first scenario for it that
			// applies to e (sandboxExample); the others run by name.
			scs := s.Scenarios.ForExample(b.Text.S)
			first := slices.IndexFunc(scs, func(sc *scenario.Scenario) bool { return sc.Applies(e.Effective) })
			for i, sc := range scs {
				if i == max(first, 0) {
					add(sc, s.paths.SandboxExampleURL(e.ID, r.Number.String(), n))
				} else {
					add(sc, "")
				}
			}
		}
		num := r.Number.String()
		for _, sc := range s.Scenarios.Scenarios {
			if sc.Numbering.ID == e.ID && sc.Applies(e.Effective) && slices.Contains(sc.Rules, num) {
				add(sc, "")
			}
		}
		for _, c := range r.Children {
			walk(c)
		}
	}
	walk(r)
	return out
}
