package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// AddedPhase is a phase an effect added to the turn after the phase
// numbered After (Step.phase), with the steps it has.
type AddedPhase struct {
	After int
	Steps []cardtext.Step
}

// addSteps: player p gets n additional steps of kind step after the
// current phase. 500.10: the effect creates the phase that normally contains
// that step; any other steps that phase would normally have are skipped.
// Without that rule the phase would have all its steps. 500.10a: "you get"
// adds nothing to another player's turn.
func (t *tx) addSteps(p PlayerID, step cardtext.Step, n int) {
	if !t.s.IsActive(p) || n <= 0 {
		return
	}
	steps := []cardtext.Step{step}
	if !t.applies(registry.AddedStep) {
		steps = nil
		for _, s := range Steps {
			if s.Phase() == step.Phase() {
				steps = append(steps, s)
			}
		}
	}
	after := t.s.Step.Phase()
	if t.s.Resume != 0 {
		after = t.s.addedAfter
	}
	for range n {
		t.s.Added = append(t.s.Added, AddedPhase{After: after, Steps: steps})
	}
	name := step.String()
	if !strings.HasSuffix(name, " step") {
		name += " step"
	}
	t.emit(Event{Kind: EvRule, Key: registry.AddedStep, Player: t.name(p),
		Text: fmt.Sprintf("%s gets %d additional %s%s after this phase", t.name(p), n, name, plural(n))})
}
