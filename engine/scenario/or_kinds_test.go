package scenario

import (
	"strings"
	"testing"
)

// TestTargetSpellOrPermanent: "target spell or permanent" is a spell on
// the stack or a permanent, not a card elsewhere; the instruction acts on
// whichever it is. A spell whose text was changed resolves as its text
// now reads: "target green creature" made "target blue creature" finds
// its green target illegal (608.2b, 612.1).
func TestTargetSpellOrPermanent(t *testing.T) {
	tests := []struct{ name, text, setup, steps, expect string }{
		{"a spell returns to its owner's hand", "Return target spell or permanent to its owner's hand.",
			"  B hand: Scorch\n  B mana {R}\n  A battlefield: Grizzly Bears\n",
			"  B casts Scorch targeting Grizzly Bears\n  A casts Bounce targeting Scorch\n  resolve\n", "  Scorch in B's hand\n  stack count = 0\n  Grizzly Bears damage = 0\n"},
		{"a permanent returns to its owner's hand", "Return target spell or permanent to its owner's hand.",
			"  B battlefield: Hill Giant\n",
			"  A casts Bounce targeting Hill Giant\n  resolve\n", "  Hill Giant in B's hand\n"},
		{"a card in a graveyard isn't either", "Return target spell or permanent to its owner's hand.",
			"  B graveyard: Hill Giant\n",
			"  A casts Bounce targeting Hill Giant => rejected\n", "  Hill Giant in B's graveyard\n"},
		{"a spell's text changes", "Change the text of target spell or permanent by replacing all instances of one color word with another.",
			"  B hand: Scorch\n  B mana {R}\n  A battlefield: Grizzly Bears\n",
			"  B casts Scorch targeting Grizzly Bears\n  A casts Bounce targeting Scorch\n  resolve\n  A chooses green\n  A chooses blue\n  resolve\n",
			"  Grizzly Bears on the battlefield\n  Scorch in B's graveyard\n"},
	}
	for _, tt := range tests {
		text := "scenario \"or\"\ncard Hill Giant: {3}{R} Creature — Giant 3/3\ncard Grizzly Bears: {1}{G} Creature — Bear 2/2\n" +
			"card Scorch (invented): {R} Instant\ntext: Scorch deals 2 damage to target green creature.\n" +
			"card Bounce (invented): {U} Instant\ntext: " + tt.text + "\n" +
			"setup\n" + tt.setup + "  A hand: Bounce\n  A mana {U}\nsteps\n" + tt.steps + "expect\n" + tt.expect
		tr := runText(t, "", text)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
