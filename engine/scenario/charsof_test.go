package scenario

import (
	"strings"
	"testing"
)

// TestComposedCharacteristicsOf: "~ has the CHARACTERISTICS of the last
// creature card exiled with ~" copies only the characteristics it lists.
func TestComposedCharacteristicsOf(t *testing.T) {
	tests := []struct{ chars, expect string }{
		{"the creature types", "  Copier pt = 2/4\n  Copier creature types = Bear\n"},
		{"the power and toughness", "  Copier pt = 2/2\n  Copier creature types = Shapeshifter\n"},
		{"the toughness, power, and creature types", "  Copier pt = 2/2\n  Copier creature types = Bear\n"},
	}
	for _, tt := range tests {
		scn := "scenario \"d\"\ncard Grizzly Bears: {1}{G} Creature — Bear 2/2\ncard Copier (invented): {6} Artifact Creature — Shapeshifter 2/4\n" +
			"text: When Copier enters, you may exile target nontoken creature.\n" +
			"text: As long as a card exiled with Copier is a creature card, Copier has " + tt.chars + " of the last creature card exiled with Copier.\n" +
			"setup\n  B battlefield: Grizzly Bears\n  A hand: Copier\n  A mana {6}\nsteps\n  A casts Copier\n  resolve\n  A chooses Grizzly Bears\n  resolve\n  A chooses yes\nexpect\n  Grizzly Bears in exile\n" + tt.expect
		tr := runText(t, "", scn)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.chars, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
