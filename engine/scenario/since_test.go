package scenario

import (
	"strings"
	"testing"
)

// TestComposedControlSince: echo's condition about another object than
// the ability's own: "that creature came under your control since the
// beginning of your last upkeep" asks about the creature the trigger is
// about, not the source.
func TestComposedControlSince(t *testing.T) {
	const cards = `card Watcher (invented): {1}{W} Enchantment
text: Whenever a creature you control becomes tapped, if that creature came under your control since the beginning of your last upkeep, you gain 1 life.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Llanowar Elves: {G} Creature — Elf Druid 1/1
text: {T}: Add {G}.
`
	tests := []struct{ setup, steps, life string }{
		// Put there before A's last upkeep began: no life.
		{"  turn B end step\n  A battlefield: Watcher, Llanowar Elves\n  A library: Grizzly Bears, Grizzly Bears\n  B library: Grizzly Bears, Grizzly Bears\n", "  go to A's upkeep\n  go to A's upkeep\n  A taps Llanowar Elves for mana\n", "20"},
		// The source is new but the creature isn't: no life.
		{"  turn B end step\n  A battlefield: Llanowar Elves\n  A hand: Watcher\n  A library: Grizzly Bears, Grizzly Bears\n  B library: Grizzly Bears, Grizzly Bears\n",
			"  go to A's upkeep\n  go to A's upkeep\n  go to A's main 1\n  A adds {1}{W}\n  A casts Watcher\n  resolve\n  A taps Llanowar Elves for mana\n", "20\n  stack count = 0"},
		// Under A's control only since this turn's setup: life.
		{"  A battlefield: Watcher, Llanowar Elves\n", "  A taps Llanowar Elves for mana\n  resolve\n", "21"},
	}
	for i, tt := range tests {
		scn := "scenario \"c\"\n" + cards + "setup\n" + tt.setup + "steps\n" + tt.steps + "expect\n  A life = " + tt.life + "\n"
		tr := runText(t, "", scn)
		if !tr.Passed() {
			t.Errorf("%d: %v %s", i, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
