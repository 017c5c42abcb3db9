package scenario

import (
	"strings"
	"testing"
)

// TestComposedShuffleIn: the zones and objects a sentence lists are what
// is shuffled into the library, and only those.
func TestComposedShuffleIn(t *testing.T) {
	const cards = `card Recall (invented): {U} Sorcery
text: Shuffle your graveyard into your library.
card Twister (invented): {U} Sorcery
text: Each player shuffles their hand and graveyard into their library.
card Homeward (invented): {U} Sorcery
text: Shuffle your hand and all creatures you own into your library.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Island: Basic Land — Island
`
	const setup = "  A battlefield: Grizzly Bears, Island\n  A graveyard: Grizzly Bears\n  A hand: Recall, Twister, Homeward, Island\n  A library: Island\n  B hand: Island\n  B graveyard: Island\n  A mana {U}\n"
	tests := []struct{ name, steps, expect string }{
		{"your graveyard only", "  A casts Recall\n  resolve\n",
			"  A library count = 2\n  A graveyard count Grizzly Bears = 0\n  A hand count = 3\n  A battlefield count = 2\n  B graveyard count = 1\n"},
		{"each player's hand and graveyard", "  A casts Twister\n  resolve\n",
			"  A library count = 5\n  A hand count = 0\n  A battlefield count = 2\n  B library count = 2\n  B hand count = 0\n"},
		{"your hand and the creatures you own, not the lands", "  A casts Homeward\n  resolve\n",
			"  A library count = 5\n  A hand count = 0\n  A battlefield count Island = 1\n  A graveyard count Grizzly Bears = 1\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"s\"\n"+cards+"setup\n"+setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
