package scenario

import (
	"strings"
	"testing"
)

// TestComposedCouldProduce: "one mana of any color that LANDS could
// produce" read from its parts adds a color the lands it names could
// produce (106.7), whoever controls them.
func TestComposedCouldProduce(t *testing.T) {
	const cards = `card Fellwar Stone: {2} Artifact
text: {T}: Add one mana of any color that a land an opponent controls could produce.
card Mirror Pool (invented): {2} Artifact
text: {T}: Add one mana of any color that a land you control could produce.
card Forest: Basic Land — Forest
card Island: Basic Land — Island
`
	tests := []struct{ name, setup, steps, expect string }{
		{"an opponent's land", "  A battlefield: Fellwar Stone, Island\n  B battlefield: Forest\n", "  A taps Fellwar Stone for mana\n", "  A mana pool = {G}\n"},
		{"not your own", "  A battlefield: Fellwar Stone, Island\n", "  A taps Fellwar Stone for mana\n  verify A mana pool empty\n", "  A mana pool empty\n"},
		{"your own land", "  A battlefield: Mirror Pool, Island\n  B battlefield: Forest\n", "  A taps Mirror Pool for mana\n", "  A mana pool = {U}\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"m\"\n"+cards+"setup\n"+tt.setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
