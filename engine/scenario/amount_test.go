package scenario

import (
	"strings"
	"testing"
)

// TestAmountsUseLastKnownInformation: an amount taken from an object that
// has left the zone it was expected in uses its last known information
// (608.2h). "Destroy target creature. You gain life equal to its
// toughness." gained 0 life, the destroyed creature being gone; Swords to
// Plowshares asked the card in exile, without the counters it had.
func TestAmountsUseLastKnownInformation(t *testing.T) {
	tests := []struct{ name, cards, setup, steps, expect string }{
		{"the sacrificed creature's power, as an additional cost",
			"card Fling: {1}{R} Instant\ntext: As an additional cost to cast this spell, sacrifice a creature.\ntext: Fling deals damage equal to the sacrificed creature's power to any target.\n",
			"  A battlefield: Hill Giant (1 +1/+1 counters)\n  A hand: Fling\n  A mana {1}{R}\n",
			"  A casts Fling targeting B sacrificing Hill Giant\n  resolve\n", "  B life = 16\n"},
		{"the sacrificed creature's power, as an activation cost",
			"card Bloodshot Cyclops: {5}{R} Creature — Cyclops Giant 4/4\ntext: {T}, Sacrifice a creature: Bloodshot Cyclops deals damage equal to the sacrificed creature's power to any target.\n",
			"  A battlefield: Hill Giant, Bloodshot Cyclops\n",
			"  A activates Bloodshot Cyclops targeting B sacrificing Hill Giant\n  resolve\n", "  B life = 17\n"},
		{"its toughness, after it was destroyed",
			"card Rebuke (invented): {2}{W} Instant\ntext: Destroy target creature. You gain life equal to its toughness.\n",
			"  B battlefield: Hill Giant\n  A hand: Rebuke\n  A mana {2}{W}\n",
			"  A casts Rebuke targeting Hill Giant\n  resolve\n", "  A life = 24\n  Hill Giant in B's graveyard\n"},
		{"its power on the battlefield, not in exile",
			"card Swords to Plowshares: {W} Instant\ntext: Exile target creature. Its controller gains life equal to its power.\n",
			"  B battlefield: Hill Giant (2 +1/+1 counters)\n  A hand: Swords to Plowshares\n  A mana {W}\n",
			"  A casts Swords to Plowshares targeting Hill Giant\n  resolve\n", "  B life = 25\n"},
		{"its source's power, sacrificed to activate it",
			"card Wall of Limbs (invented): {2}{B} Creature — Zombie Wall 3/4\ntext: Sacrifice this creature: You gain life equal to its power.\n",
			"  A battlefield: Wall of Limbs (1 +1/+1 counters)\n",
			"  A activates Wall of Limbs\n  resolve\n", "  A life = 24\n"},
		{"1 plus its toughness is a calculation, not 1",
			"card Swell (invented): {G} Instant\ntext: Target creature gets +X/+0 until end of turn, where X is 1 plus its toughness.\n",
			"  A battlefield: Hill Giant\n  A hand: Swell\n  A mana {G}\n",
			"  A casts Swell targeting Hill Giant\n  resolve\n", "  Hill Giant pt = 8/4\n"},
		{"card types among cards in all graveyards, in an effect",
			"card Count Up (invented): {G} Instant\ntext: You gain life equal to the number of card types among cards in all graveyards.\n",
			"  A graveyard: Hill Giant, Shock\n  A hand: Count Up\n  A mana {G}\n",
			"  A casts Count Up\n  resolve\n", "  A life = 22\n"},
	}
	for _, tt := range tests {
		text := "scenario \"amount\"\ncard Hill Giant: {3}{R} Creature — Giant 3/4\ncard Shock: {R} Instant\ntext: Shock deals 2 damage to any target.\n" +
			tt.cards + "setup\n" + tt.setup + "steps\n" + tt.steps + "expect\n" + tt.expect
		tr := runText(t, "", text)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
