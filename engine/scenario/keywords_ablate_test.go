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
// step itself) stay on.
func TestCardKeywordsProven(t *testing.T) {
	ed := engine.Latest()
	byName := map[string]*Scenario{}
	for _, sc := range bundled(t) {
		byName[sc.Name] = sc
	}
	for _, tc := range []struct {
		key       registry.Key
		scenarios []string
	}{
		{registry.Prowess, []string{"prowess.scn"}},
		{registry.Exalted, []string{"exalted.scn"}},
		{registry.AttacksAlone, []string{"exalted-not-alone.scn"}},
		{registry.Flanking, []string{"flanking.scn"}},
		{registry.Bushido, []string{"bushido.scn", "bushido-blocks.scn"}},
		{registry.Horsemanship, []string{"horsemanship.scn"}},
		{registry.NoUntap, []string{"doesnt-untap-aura.scn", "doesnt-untap-self.scn"}},
		{registry.Uncounterable, []string{"cant-be-countered.scn"}},
		{registry.ResolveChoice, []string{"mana-or.scn"}},
		{registry.ActivateBanned, []string{"activate-before-attackers.scn", "activate-upkeep.scn"}},
		{registry.Block, []string{"block-only-flying.scn", "chaosphere.scn"}},
		{registry.Attack, []string{"attack-unless-island.scn"}},
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
		got := Breaks(context.Background(), scs, ed, Unit{Rule: ed.Rule(tc.key), Keys: []registry.Key{tc.key}})
		if !slices.Equal(got, tc.scenarios) {
			t.Errorf("switching off %s (%s) breaks %v, want %v", tc.key, ed.Rule(tc.key), got, tc.scenarios)
		}
	}
}
