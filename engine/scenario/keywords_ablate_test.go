package scenario

import (
	"context"
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// TestCardKeywordsProven: each phrase family the card-text grammar learned
// from the real cards' stop list (issue 26) has a bundled scenario whose
// outcome changes when its own rule alone is switched off, under the
// newest rules; the other keys numbered with it (502.3 is also the untap
// step itself) stay on. Those marked step are proven only by a scripted
// step that stops (a choice or a trigger order the run didn't ask for);
// the rest by an outcome they state, or a refusal by that very rule that
// didn't happen (Trace.BrokenByOutcome).
func TestCardKeywordsProven(t *testing.T) {
	ed := engine.Latest()
	byName := map[string]*Scenario{}
	for _, sc := range bundled(t) {
		byName[sc.Name] = sc
	}
	for _, tc := range []struct {
		key       registry.Key
		scenarios []string
		step      bool
	}{
		{registry.Prowess, []string{"prowess.scn"}, false},
		{registry.Exalted, []string{"exalted.scn"}, false},
		{registry.AttacksAlone, []string{"exalted-not-alone.scn"}, true},
		{registry.Flanking, []string{"flanking.scn"}, false},
		{registry.Bushido, []string{"bushido.scn", "bushido-blocks.scn"}, false},
		{registry.Horsemanship, []string{"horsemanship.scn"}, false},
		{registry.NoUntap, []string{"doesnt-untap-aura.scn", "doesnt-untap-self.scn"}, false},
		{registry.Uncounterable, []string{"cant-be-countered.scn"}, false},
		{registry.ResolveChoice, []string{"mana-or.scn"}, true},
		{registry.Scry, []string{"scry.scn"}, true},
		{registry.ExtraTurn, []string{"extra-turn.scn"}, false},
		{registry.ActivateBanned, []string{"activate-before-attackers.scn", "activate-upkeep.scn"}, false},
		{registry.Block, []string{"block-only-flying.scn", "chaosphere.scn"}, false},
		{registry.Attack, []string{"attack-unless-island.scn"}, false},
		{registry.Attack, []string{"pacifism.scn"}, false},
		{registry.Block, []string{"pacifism.scn"}, false},
	} {
		var scs []*Scenario
		for _, n := range tc.scenarios {
			sc := byName[n]
			if sc == nil {
				t.Fatalf("%s: no bundled scenario %s", tc.key, n)
			}
			scs = append(scs, sc)
		}
		if ok := Passing(context.Background(), scs, ed); len(ok) != len(scs) {
			t.Errorf("%s: %d of %v pass under %s with every rule on", tc.key, len(ok), tc.scenarios, ed.ID)
			continue
		}
		got, byOutcome := Breaks(context.Background(), scs, ed, Unit{Rule: ed.Rule(tc.key), Keys: []registry.Key{tc.key}})
		if !slices.Equal(got, tc.scenarios) {
			t.Errorf("switching off %s (%s) breaks %v, want %v", tc.key, ed.Rule(tc.key), got, tc.scenarios)
		}
		if want := !tc.step; (len(byOutcome) == len(tc.scenarios)) != want {
			t.Errorf("switching off %s breaks an outcome of %v (of %v); want by outcome: %v", tc.key, byOutcome, tc.scenarios, want)
		}
	}
}
