package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/scenario"
)

// ablateScenarios switches each registered rule off in turn under ed, runs
// every scenario, and prints which break; then, for each printed example
// of ed's official text that has a scenario, whether switching off its own
// rule breaks one (scenario.ProveExamples), and the examples that aren't
// proven that way.
func ablateScenarios(lib *scenario.Library, ed *engine.RulesEdition, w, stderr io.Writer) int {
	start := time.Now()
	ctx := context.Background()
	e, err := scenario.OfficialEdition(ed)
	if err != nil {
		fmt.Fprintf(stderr, "scenarios: %v\n", err)
		return 1
	}
	scs := scenario.Passing(ctx, lib.Scenarios, ed)
	units := scenario.Units(ed)
	fmt.Fprintf(w, "ablation under %s (examples from %s): %d registered rules, %d scenarios that pass with every rule on\n",
		ed.ID, strings.Join(e.Files, ", "), len(units), len(scs))
	idle := 0
	for _, u := range units {
		broken, _ := scenario.Breaks(ctx, scs, ed, u)
		if len(broken) == 0 {
			idle++
		}
		fmt.Fprintf(w, "  %-8s %-40s breaks %3d: %s\n", u.Rule, keyList(u.Keys), len(broken), clipText(strings.Join(broken, " "), 100))
	}
	fmt.Fprintf(w, "%d of %d registered rules break no scenario when switched off\n", idle, len(units))
	proofs := scenario.ProveExamples(ctx, e, lib, ed)
	proven, byOutcome := 0, 0
	for _, p := range proofs {
		if p.Proven() {
			proven++
		}
		if p.ProvenByOutcome() {
			byOutcome++
		}
	}
	fmt.Fprintf(w, "%d of %d covered examples are broken by ablating their own rule (%s); %d of them by an outcome a scenario states (%s of the covered), %d only by a scripted step that stops\n",
		proven, len(proofs), percent(proven, len(proofs)), byOutcome, percent(byOutcome, len(proofs)), proven-byOutcome)
	for _, p := range proofs {
		if !p.Proven() {
			fmt.Fprintf(w, "  unproven %s\n", unprovenLine(p))
		}
	}
	for _, p := range proofs {
		if p.Proven() && !p.ProvenByOutcome() {
			fmt.Fprintf(w, "  by a step only %s: %s [%s]\n", p.Rule, clipText(p.Text, 70), strings.Join(p.Broken, " "))
		}
	}
	fmt.Fprintf(w, "took %v\n", time.Since(start).Round(time.Millisecond))
	return 0
}

// unprovenLine says why an example isn't proven: no registered rule, or
// its rule's ablation breaks none of its scenarios.
func unprovenLine(p scenario.ExampleProof) string {
	why := "no registered rule"
	if !p.Own.Rule.IsZero() {
		why = "ablating " + p.Own.Rule.String() + " (" + keyList(p.Own.Keys) + ") breaks none"
	}
	return fmt.Sprintf("%s: %s [%s; %s]", p.Rule, clipText(p.Text, 70), strings.Join(p.Scenarios, " "), why)
}

func keyList(keys []registry.Key) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = string(k)
	}
	return strings.Join(s, ",")
}
