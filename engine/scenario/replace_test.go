package scenario

import (
	"strings"
	"testing"
)

// TestComposedReplacements: replacement effects read by composition work as
// they read, on cards whose sentences no whole-sentence pattern named.
func TestComposedReplacements(t *testing.T) {
	const cards = `card Tainted Remedy: {2}{B} Enchantment
text: If an opponent would gain life, that player loses that much life instead.
card Rain of Gore (invented): {B}{R} Enchantment
text: If an opponent would draw a card, you gain 3 life instead.
card Angel's Grace (invented): {W} Enchantment
text: If you would lose the game, instead you gain 10 life.
card Boon Reflection: {4}{W} Enchantment
text: If you would gain life, you gain twice that much life instead.
card Fountain of Lore (invented): {2}{U} Enchantment
text: If you would gain life, draw that many cards instead.
card Island: Basic Land — Island
`
	tests := []struct{ name, setup, steps, expect string }{
		{"an opponent's life gain becomes a loss", "  A battlefield: Tainted Remedy\n", "  B gains 3 life\n  A gains 2 life\n",
			"  B life = 17\n  A life = 22\n"},
		{"an opponent's draw becomes your life gain", "  A battlefield: Rain of Gore\n  B library: Island\n", "  B draws\n",
			"  A life = 23\n  B hand count = 0\n  B library count = 1\n"},
		{"losing the game becomes a life gain", "  A battlefield: Angel's Grace\n", "  A loses 20 life\n",
			"  A not lost\n  A life = 10\n"},
		{"two doublings double twice (614.5: each once)", "  A battlefield: Boon Reflection, Boon Reflection\n", "  A gains 1 life\n  A chooses Boon Reflection#1\n",
			"  A life = 24\n"},
		{"the player chooses the order (616.1): doubled, then drawn", "  A battlefield: Boon Reflection, Fountain of Lore\n  A library: 3 x Island\n",
			"  A gains 1 life\n  A chooses Boon Reflection\n", "  A life = 20\n  A hand count = 2\n"},
		{"…or drawn at once", "  A battlefield: Boon Reflection, Fountain of Lore\n  A library: 3 x Island\n",
			"  A gains 1 life\n  A chooses Fountain of Lore\n", "  A life = 20\n  A hand count = 1\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"r\"\n"+cards+"setup\n"+tt.setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestComposedGraveReplacements: "If OBJECT would die / be put into a
// graveyard, DESTINATION instead" read from its parts work as they read.
func TestComposedGraveReplacements(t *testing.T) {
	const cards = `card Afterlife Warden (invented): {2}{W} Enchantment
text: If a nontoken creature would die, exile it instead.
card Homing Bear (invented): {1}{G} Creature — Bear 2/2
text: If this creature would die, return it to its owner's hand instead.
card Bottom Keeper (invented): {1}{U} Enchantment
text: If a creature card would be put into your graveyard from anywhere, put it on the bottom of its owner's library instead.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Island: Basic Land — Island
`
	tests := []struct{ name, setup, steps, expect string }{
		{"a nontoken creature that would die is exiled", "  A battlefield: Afterlife Warden, Grizzly Bears\n  B battlefield: Grizzly Bears\n",
			"  destroy Grizzly Bears#1\n  destroy Grizzly Bears#2\n", "  A exile count Grizzly Bears = 1\n  B exile count Grizzly Bears = 1\n  A graveyard count = 0\n"},
		{"its own: returned to its owner's hand", "  A battlefield: Homing Bear\n", "  destroy Homing Bear\n",
			"  A hand count Homing Bear = 1\n  A graveyard count = 0\n"},
		{"only creature cards, only yours", "  A battlefield: Bottom Keeper, Grizzly Bears\n  A library: Island\n  B battlefield: Grizzly Bears\n",
			"  destroy Grizzly Bears#1\n  destroy Grizzly Bears#2\n",
			"  A library order = Grizzly Bears, Island\n  B graveyard count Grizzly Bears = 1\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"r\"\n"+cards+"setup\n"+tt.setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestComposedDamageAndTokenReplacements: doubling damage and tokens read
// from their parts work as they read: any source, triple, and tokens
// created under another player's control.
func TestComposedDamageAndTokenReplacements(t *testing.T) {
	const cards = `card Twin Gods (invented): {2}{R}{R} Enchantment
text: If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.
card Emancipation (invented): {3}{R}{R}{R} Enchantment
text: If a creature you control would deal damage to a permanent or player, it deals triple that damage to that permanent or player instead.
card Primal Vigor (invented): {4}{G} Enchantment
text: If one or more tokens would be created under a player's control, twice that many of those tokens are created instead.
card Ojer (invented): {2}{W}{W} Enchantment
text: If one or more tokens would be created under your control, three times that many of those tokens are created instead.
card Shock: {R} Instant
text: Shock deals 2 damage to any target.
card Raise the Alarm (invented): {1}{W} Instant
text: Create a 1/1 white Soldier creature token.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
`
	tests := []struct{ name, setup, steps, expect string }{
		{"a spell's damage doubled: any source", "  B battlefield: Twin Gods\n  A hand: Shock\n  A mana {R}\n",
			"  A casts Shock targeting B\n  resolve\n", "  B life = 16\n"},
		{"a creature's damage tripled", "  A battlefield: Emancipation, Grizzly Bears\n", "  A attacks with Grizzly Bears\n  go to end of combat\n",
			"  B life = 14\n"},
		{"an opponent's tokens doubled", "  A battlefield: Primal Vigor\n  B hand: Raise the Alarm\n  B mana {1}{W}\n",
			"  B casts Raise the Alarm\n  resolve\n", "  B battlefield count = 2\n"},
		{"your tokens tripled, not an opponent's", "  A battlefield: Ojer\n  A hand: Raise the Alarm\n  A mana {1}{W}\n  B hand: Raise the Alarm\n  B mana {1}{W}\n",
			"  A casts Raise the Alarm#1\n  resolve\n  B casts Raise the Alarm#2\n  resolve\n", "  A battlefield count = 4\n  B battlefield count = 1\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"r\"\n"+cards+"setup\n"+tt.setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestExtraLandsStatic: "You may play an additional land on each of your
// turns." lets its controller play two lands, not three.
func TestExtraLandsStatic(t *testing.T) {
	const scn = `scenario "r"
card Exploration: {G} Enchantment
text: You may play an additional land on each of your turns.
card Forest: Basic Land — Forest
setup
  A battlefield: Exploration
  A hand: 3 x Forest
steps
  A plays Forest#1
  A plays Forest#2
  A plays Forest#3 => rejected
expect
  A battlefield count Forest = 2
`
	if tr := runText(t, "", scn); !tr.Passed() {
		t.Errorf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
}
