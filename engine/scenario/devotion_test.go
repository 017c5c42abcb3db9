package scenario

import (
	"strings"
	"testing"
)

// TestComposedDevotion: devotion read as an amount counts the mana
// symbols of its colors among the costs of its controller's permanents
// (700.5), with the effects that increase it (700.5a).
func TestComposedDevotion(t *testing.T) {
	const cards = `card Tithe (invented): {B} Sorcery
text: You gain life equal to your devotion to black.
card Split Tithe (invented): {B} Sorcery
text: You gain life equal to your devotion to white and black.
card Altar of the Pantheon: {3} Artifact
text: Your devotion to each color and each combination of colors is increased by one.
card Shrine (invented): {3} Artifact
text: Your devotion to black is increased by two.
card Nightveil Specter (invented): {B/U}{B/U}{B/U} Creature — Specter 2/3
card Knight (invented): {W}{B} Creature — Knight 2/2
card Swamp: Basic Land — Swamp
`
	const setup = "  A battlefield: Nightveil Specter, Knight, Swamp\n  A mana {B}\n"
	tests := []struct{ name, setup, steps, expect string }{
		{"black symbols, a hybrid once", "", "  A casts Tithe\n  resolve\n", "  A life = 24\n"},
		{"a combination: symbols of either color", "", "  A casts Split Tithe\n  resolve\n", "  A life = 25\n"},
		{"increased for each color", "  A battlefield: Altar of the Pantheon\n", "  A casts Tithe\n  resolve\n", "  A life = 25\n"},
		{"…and each combination", "  A battlefield: Altar of the Pantheon\n", "  A casts Split Tithe\n  resolve\n", "  A life = 26\n"},
		{"increased for one color only", "  A battlefield: Shrine\n", "  A casts Tithe\n  resolve\n", "  A life = 26\n"},
		{"…not for a combination", "  A battlefield: Shrine\n", "  A casts Split Tithe\n  resolve\n", "  A life = 25\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"d\"\n"+cards+"setup\n"+setup+tt.setup+"  A hand: Tithe, Split Tithe\n"+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
