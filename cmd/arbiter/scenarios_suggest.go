package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// suggestExamples is the work list for covering an older edition's
// examples: scenarios attach to an example by its exact text, and an older
// edition often words the example another way (a card's name where the
// newest says "this creature"). For each printed example of ed's official
// text that no scenario there runs, it names the example the newest edition
// carries it on as (history's matching, through every edition between)
// and that example's scenarios, and whether each applies to ed and passes
// under its rules: those are the scenarios to give the old wording as one
// more "example:" line, or an old-rules variant where they fail.
func suggestExamples(lib *scenario.Library, ed *engine.RulesEdition, w, stderr io.Writer) int {
	ctx := context.Background()
	eds, err := officialFrom(ed.Effective)
	if err != nil {
		fmt.Fprintf(stderr, "scenarios: %v\n", err)
		return 1
	}
	rl := rules.NewLibrary(eds)
	chain := history.NewChain(rl)
	all := chain.Editions()
	if len(all) < 2 {
		fmt.Fprintf(stderr, "scenarios: %s is the newest official edition: nothing to carry examples from\n", ed.ID)
		return 2
	}
	old, newest := all[0], all[len(all)-1]
	// later maps an old example (its rule and place among the rule's
	// examples) to the newest edition's; an example not in the diff is
	// printed the same in both.
	type place struct {
		rule *rules.Rule
		n    int
	}
	later := map[place]place{}
	gone := map[place]bool{}
	for _, c := range chain.Diff(old, newest).Changes {
		if c.Kind != history.Example || c.Old == nil {
			continue
		}
		if c.New == nil {
			gone[place{c.Old, c.OldExample}] = true
			continue
		}
		later[place{c.Old, c.OldExample}] = place{c.New, c.NewExample}
	}
	verdicts := map[*scenario.Scenario]string{}
	verdict := func(sc *scenario.Scenario) string {
		if v, ok := verdicts[sc]; ok {
			return v
		}
		v := "passes"
		switch tr := scenario.RunWith(ctx, sc, ed, scenario.Options{Strict: true, Budget: -1}); {
		case !sc.Applies(ed.Effective):
			v = "not run: " + sc.Range()
		case !tr.Passed():
			v = "FAILS: " + clipText(strings.Join(tr.Failures(), "; "), 160)
		}
		verdicts[sc] = v
		return v
	}
	names := func(scs []*scenario.Scenario) string {
		var out []string
		for _, sc := range scs {
			out = append(out, sc.Name+" ("+verdict(sc)+")")
		}
		return strings.Join(out, ", ")
	}
	runs := func(scs []*scenario.Scenario) bool {
		for _, sc := range scs {
			if verdict(sc) == "passes" {
				return true
			}
		}
		return false
	}
	var todo, carry, variant, none, only int
	fmt.Fprintf(w, "examples of %s (%s) that no scenario runs under its rules, with the newest edition's (%s) counterpart:\n",
		ed.ID, strings.Join(old.Files, ", "), newest.ID)
	old.Walk(func(r *rules.Rule) bool {
		for i, ex := range r.Examples() {
			scs := lib.ForExample(ex.S)
			if runs(scs) {
				continue
			}
			todo++
			fmt.Fprintf(w, "\n%s #%d: %s\n", r.Number, i+1, ex.S)
			if len(scs) > 0 {
				fmt.Fprintf(w, "  attached to %s\n", names(scs))
			}
			p, moved := later[place{r, i}]
			switch {
			case gone[place{r, i}]:
				only++
				fmt.Fprintf(w, "  not in %s: write a scenario for this edition's rules\n", newest.ID)
				continue
			case !moved:
				fmt.Fprintf(w, "  printed the same in %s\n", newest.ID)
				if len(scs) == 0 {
					none++
				} else {
					variant++
				}
				continue
			}
			nex := p.rule.Examples()[p.n].S
			fmt.Fprintf(w, "  %s %s #%d: %s\n", newest.ID, p.rule.Number, p.n+1, nex)
			nscs := lib.ForExample(nex)
			switch {
			case len(nscs) == 0:
				none++
				fmt.Fprintf(w, "  no scenario in %s either\n", newest.ID)
			case runs(nscs):
				carry++
				fmt.Fprintf(w, "  add this wording to %s\n", names(nscs))
			default:
				variant++
				fmt.Fprintf(w, "  its scenarios don't run here: %s\n", names(nscs))
			}
		}
		return true
	})
	fmt.Fprintf(w, "\n%d examples of %s without a scenario that runs: %d to carry over from %s, %d whose scenarios don't run under %s (a variant for its rules), %d with no scenario in either, %d only in %s\n",
		todo, ed.ID, carry, newest.ID, variant, ed.ID, none, only, ed.ID)
	return 0
}

// officialFrom parses the official rules files embedded in the binary that
// are in force on or after t: the one in force on t and every newer one.
func officialFrom(t time.Time) ([]*rules.Edition, error) {
	rd, err := content.OpenCorpus()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	day := t.Format(time.DateOnly)
	var out []*rules.Edition
	for {
		f, b, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		out = append(out, parseOfficial(f, b))
		if f.Effective <= day {
			return out, nil
		}
	}
	return nil, fmt.Errorf("no official rules file is effective on %s", day)
}
