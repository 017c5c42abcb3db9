package scenario

import (
	"strings"
	"testing"
)

// TestCountsWhatHappenedThisTurn: a count naming what objects did earlier
// this turn counts them from the turn's history, as they were then
// (608.2i): creatures that died (tokens too, unless "nontoken"), creatures
// attacked with even after they left the battlefield.
func TestCountsWhatHappenedThisTurn(t *testing.T) {
	tests := []struct{ name, text, setup, steps, expect string }{
		{"creatures that died this turn, one a token",
			"Draw a card for each creature that died this turn.",
			"  A battlefield: Hill Giant\n  B battlefield: token Goblin\n",
			"  A casts Pyroclasm\n  resolve\n  A casts Count\n  resolve\n", "  A hand count = 2\n"},
		{"nontoken creatures that died under your control",
			"Draw a card for each nontoken creature that died under your control this turn.",
			"  A battlefield: Hill Giant, token Goblin\n  B battlefield: Grizzly Bears\n",
			"  A casts Pyroclasm\n  resolve\n  A casts Count\n  resolve\n", "  A hand count = 1\n"},
		{"creatures attacked with, both since dead",
			"Draw a card for each creature you attacked with this turn.",
			"  A battlefield: Hill Giant, Grizzly Bears\n",
			"  A attacks with Hill Giant, Grizzly Bears\n  go to postcombat main phase\n  A adds {1}{R}{1}{U}\n  A casts Pyroclasm\n  resolve\n  A casts Count\n  resolve\n", "  A hand count = 2\n"},
		{"nothing died yet",
			"Draw a card for each creature that died this turn.",
			"  A battlefield: Hill Giant\n",
			"  A casts Count\n  resolve\n", "  A hand count = 1\n"},
	}
	for _, tt := range tests {
		text := "scenario \"past\"\ncard Hill Giant: {3}{R} Creature — Giant 3/3\ncard Grizzly Bears: {1}{G} Creature — Bear 2/2\n" +
			"card Goblin: Creature — Goblin 1/1\ncard Island: Basic Land — Island\ncard Pyroclasm: {1}{R} Sorcery\ntext: Pyroclasm deals 3 damage to each creature.\n" +
			"card Count (invented): {1}{U} Sorcery\ntext: " + tt.text + "\n" +
			"setup\n" + tt.setup + "  A hand: Pyroclasm, Count\n  A library: Island, Island, Island\n  A mana {1}{R}{1}{U}\n" +
			"steps\n" + tt.steps + "expect\n" + tt.expect
		tr := runText(t, "", text)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
