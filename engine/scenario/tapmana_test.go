package scenario

import (
	"strings"
	"testing"
)

// TestComposedTapForMana: tapping a permanent for mana (106.12) read from
// its parts: a replacement multiplies the mana the tapped permanent's
// ability produces (106.12b), each once, and only for the player and
// permanents it names; a trigger adds mana for the kind of land it names
// (106.12a); a mana ability without {T} isn't tapping for mana.
func TestComposedTapForMana(t *testing.T) {
	const cards = `card Mana Reflection: {4}{G}{G} Enchantment
text: If you tap a permanent for mana, it produces twice as much of that mana instead.
card Nyxbloom Ancient (invented): {4}{G}{G}{G} Enchantment
text: If you tap a permanent for mana, it produces three times as much of that mana instead.
card Land Reflection (invented): {4}{G} Enchantment
text: If a player taps a land for mana, it produces twice as much of that mana instead.
card Forest Bloom (invented): {1}{G} Enchantment
text: Whenever you tap a Forest for mana, add an additional {G}.
card Forest: Basic Land — Forest
card Island: Basic Land — Island
card Lotus Petal (invented): {0} Artifact
text: Sacrifice this artifact: Add {G}.
card Llanowar Elves: {G} Creature — Elf Druid 1/1
text: {T}: Add {G}.
`
	tests := []struct{ name, setup, steps, expect string }{
		{"twice as much", "  A battlefield: Mana Reflection, Forest\n", "  A taps Forest for mana\n", "  A mana pool = {G}{G}\n"},
		{"two of them: each once", "  A battlefield: Mana Reflection, Mana Reflection, Forest\n", "  A taps Forest for mana\n", "  A mana pool = {G}{G}{G}{G}\n"},
		{"three times as much", "  A battlefield: Nyxbloom Ancient, Llanowar Elves\n", "  A taps Llanowar Elves for mana\n", "  A mana pool = {G}{G}{G}\n"},
		{"only you", "  B battlefield: Mana Reflection\n  A battlefield: Forest\n", "  A taps Forest for mana\n", "  A mana pool = {G}\n"},
		{"only lands", "  A battlefield: Land Reflection, Llanowar Elves, Island\n", "  A taps Llanowar Elves for mana\n  A taps Island for mana\n", "  A mana pool = {G}{U}{U}\n"},
		{"no {T}: not tapped for mana", "  A battlefield: Mana Reflection, Lotus Petal\n", "  A activates Lotus Petal\n", "  A mana pool = {G}\n"},
		{"a trigger for Forests only", "  A battlefield: Forest Bloom, Forest, Island\n", "  A taps Forest for mana\n  A taps Island for mana\n", "  A mana pool = {G}{G}{U}\n"},
		{"the trigger's mana isn't doubled", "  A battlefield: Forest Bloom, Mana Reflection, Forest\n", "  A taps Forest for mana\n", "  A mana pool = {G}{G}{G}\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"m\"\n"+cards+"setup\n"+tt.setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
