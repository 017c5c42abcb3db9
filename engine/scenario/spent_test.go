package scenario

import (
	"strings"
	"testing"
)

// TestComposedSpentToCast: the mana spent to cast a spell is an amount in
// any instruction: its colors ("for each color of mana spent to cast this
// spell") and its total ("the amount of mana spent to cast this spell").
func TestComposedSpentToCast(t *testing.T) {
	const cards = `card Prism Draw (invented): {2} Sorcery
text: Draw a card for each color of mana spent to cast this spell.
card Mana Gift (invented): {3} Sorcery
text: You gain life equal to the amount of mana spent to cast this spell.
card Island: Basic Land — Island
`
	tests := []struct{ card, mana, expect string }{
		{"Prism Draw", "{W}{U}", "  A hand count = 2\n"},
		{"Prism Draw", "{W}{W}", "  A hand count = 1\n"},
		{"Mana Gift", "{W}{U}{1}", "  A life = 23\n"},
	}
	for _, tt := range tests {
		scn := "scenario \"s\"\n" + cards + "setup\n  A hand: " + tt.card + "\n  A library: Island, Island, Island\n  A mana " + tt.mana + "\nsteps\n  A casts " + tt.card + "\n  resolve\nexpect\n" + tt.expect
		tr := runText(t, "", scn)
		if !tr.Passed() {
			t.Errorf("%s with %s: %v %s", tt.card, tt.mana, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
