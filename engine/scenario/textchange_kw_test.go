package scenario

import (
	"strings"
	"testing"
)

// TestTextChangeKeywords: a text-changing effect changes a land type word
// in a landwalk keyword and a color word in protection from a color (612.2:
// words used as a land type, as a color): "swampwalk" becomes
// "islandwalk", "protection from black" "protection from blue".
func TestTextChangeKeywords(t *testing.T) {
	tests := []struct{ name, card, text, choose, steps, expect string }{
		{"swampwalk to islandwalk", "card Bog Raiders: {2}{B} Creature — Zombie 2/2\ntext: Swampwalk\n",
			"one basic land type", "  A chooses swamp\n  A chooses island\n",
			"  A attacks with Bog Raiders\n  B blocks Bog Raiders with Grizzly Bears => rejected\n  B blocks nothing\n  go to end of combat\n",
			"  B life = 18\n"},
		{"islandwalk no longer swampwalk", "card Bog Raiders: {2}{B} Creature — Zombie 2/2\ntext: Islandwalk\n",
			"one basic land type", "  A chooses island\n  A chooses forest\n",
			"  A attacks with Bog Raiders\n  B blocks Bog Raiders with Grizzly Bears\n  go to end of combat\n",
			"  B life = 20\n"},
		{"protection from black to blue", "card Bog Raiders: {2}{B} Creature — Zombie 2/2\ntext: Protection from black\n",
			"one color word", "  A chooses black\n  A chooses blue\n",
			"  A casts Shock targeting Bog Raiders => rejected\n",
			"  Shock in A's hand\n"},
	}
	for _, tt := range tests {
		text := "scenario \"kw\"\ncard Grizzly Bears: {1}{G} Creature — Bear 2/2\ncard Island: Basic Land — Island\n" + tt.card +
			"card Hack (invented): {U} Instant\ntext: Change the text of target permanent by replacing all instances of " + tt.text + " with another.\n" +
			"card Shock: {U} Instant\ntext: Shock deals 2 damage to any target.\n" +
			"setup\n  A battlefield: Bog Raiders\n  B battlefield: Grizzly Bears, Island\n  A hand: Hack, Shock\n  A mana {U}{U}\nsteps\n" +
			"  A casts Hack targeting Bog Raiders\n  resolve\n" + tt.choose + tt.steps + "expect\n" + tt.expect
		tr := runText(t, "", text)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestTextChangeEitherKind: "one color word with another or one basic land
// type with another" (Mind Bend): the player picks a word of either kind,
// and its replacement is a word of the same kind (612.2).
func TestTextChangeEitherKind(t *testing.T) {
	tests := []struct{ name, choose, steps, expect string }{
		{"a land type", "  A chooses swamp\n  A chooses island\n",
			"  A attacks with Bog Raiders\n  B blocks Bog Raiders with Grizzly Bears => rejected\n  B blocks nothing\n  go to end of combat\n",
			"  B life = 18\n"},
		{"a color word", "  A chooses black\n  A chooses blue\n",
			"  A casts Shock targeting Bog Raiders => rejected\n",
			"  Shock in A's hand\n"},
		{"the replacement is of the chosen word's kind", "  A chooses swamp\n  A chooses blue => rejected\n  A chooses forest\n",
			"", "  Bog Raiders has forestwalk\n"},
	}
	for _, tt := range tests {
		text := "scenario \"kw\"\ncard Grizzly Bears: {1}{G} Creature — Bear 2/2\ncard Island: Basic Land — Island\n" +
			"card Bog Raiders: {2}{B} Creature — Zombie 2/2\ntext: Swampwalk\ntext: Protection from black\n" +
			"card Mind Bend: {U} Instant\ntext: Change the text of target spell or permanent by replacing all instances of one color word with another or one basic land type with another. (For example, you may change \"nonblack\" to \"nongreen\" or \"forestwalk\" to \"islandwalk.\")\n" +
			"card Shock: {U} Instant\ntext: Shock deals 2 damage to any target.\n" +
			"setup\n  A battlefield: Bog Raiders\n  B battlefield: Grizzly Bears, Island\n  A hand: Mind Bend, Shock\n  A mana {U}{U}\nsteps\n" +
			"  A casts Mind Bend targeting Bog Raiders\n  resolve\n" + tt.choose + tt.steps + "expect\n" + tt.expect
		tr := runText(t, "", text)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
