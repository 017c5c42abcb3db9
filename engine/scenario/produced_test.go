package scenario

import (
	"strings"
	"testing"
)

// TestComposedManaProduced: "one mana of any type (color) that OBJECT
// produced" adds a type the tapped permanent produced; "color" leaves
// colorless out (105.1).
func TestComposedManaProduced(t *testing.T) {
	tests := []struct{ text, land, pool string }{
		{"Whenever you tap a land for mana, add one mana of any type that land produced.", "Wastes", "{C}{C}"},
		{"Whenever you tap a land for mana, add one mana of any color that land produced.", "Wastes", "{C}"},
		{"Whenever you tap a land for mana, add one mana of any color it produced.", "Forest", "{G}{G}"},
	}
	for _, tt := range tests {
		scn := "scenario \"p\"\ncard Flare (invented): {2}{R} Enchantment\ntext: " + tt.text +
			"\ncard Wastes: Basic Land\ntext: {T}: Add {C}.\ncard Forest: Basic Land — Forest\nsetup\n  A battlefield: Flare, " + tt.land +
			"\nsteps\n  A taps " + tt.land + " for mana\nexpect\n  A mana pool = " + tt.pool + "\n"
		tr := runText(t, "", scn)
		if !tr.Passed() {
			t.Errorf("%q: %v %s", tt.text, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
