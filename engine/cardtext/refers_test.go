package cardtext

import "testing"

// TestStepTriggerPlayers reads whose step a step trigger waits for and
// whether the ability refers to that step's player (805.4d).
func TestStepTriggerPlayers(t *testing.T) {
	for _, c := range []struct {
		text       string
		whose      Whose
		eachPlayer bool
		refers     bool
	}{
		{"At the beginning of your upkeep, you gain 2 life.", Yours, false, false},
		{"At the beginning of each opponent's upkeep, ~ deals 1 damage to that player.", Opponents, false, true},
		{"At the beginning of each opponent's upkeep, you gain 1 life.", Opponents, false, false},
		{"At the beginning of each player's upkeep, ~ deals 2 damage to that player.", AnyOnes, true, true},
		{"At the beginning of each player's upkeep, you lose 1 life.", AnyOnes, true, false},
	} {
		abs, ok := readsOrFails(t, "Vise", c.text, false, "")
		if !ok {
			continue
		}
		tr := abs[0].Trigger
		if tr == nil || tr.Whose != c.whose || tr.EachPlayer != c.eachPlayer || RefersToTriggerPlayer(abs[0]) != c.refers {
			t.Errorf("%q: trigger %+v, refers %v; want whose %v, each player %v, refers %v", c.text, tr, RefersToTriggerPlayer(abs[0]), c.whose, c.eachPlayer, c.refers)
		}
	}
}
