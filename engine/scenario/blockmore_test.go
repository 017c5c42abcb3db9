package scenario

import (
	"strings"
	"testing"
)

// TestComposedBlockMore: "can block …" read from its parts lets a creature
// block as many attackers as it reads, and no more.
func TestComposedBlockMore(t *testing.T) {
	const cards = `card Wall of Hands (invented): {1}{W} Creature — Wall 0/6
text: This creature can block an additional two creatures each combat.
card Hydra Wall (invented): {1}{W} Creature — Wall 0/6
text: This creature can block any number of creatures each combat.
card Watchtower (invented): {1}{W} Enchantment
text: Each creature you control can block an additional creature each combat.
card Hold the Line (invented): {W} Instant
text: Target creature can block any number of creatures this turn.
card Ornithopter (invented): {0} Artifact Creature — Thopter 0/2
card Elite Vanguard: {W} Creature — Human Soldier 2/1
card Plains: Basic Land — Plains
`
	const setup = "  turn A\n  A battlefield: 4 x Elite Vanguard\n"
	const four = "  A attacks with Elite Vanguard#1, Elite Vanguard#2, Elite Vanguard#3, Elite Vanguard#4\n"
	const three = "  A attacks with Elite Vanguard#1, Elite Vanguard#2, Elite Vanguard#3\n"
	block := func(who string, n int) string {
		var parts []string
		for i := 1; i <= n; i++ {
			parts = append(parts, "Elite Vanguard#"+string(rune('0'+i))+" with "+who)
		}
		return "  B blocks " + strings.Join(parts, "; ")
	}
	tests := []struct{ name, setup, steps, expect string }{
		{"an additional two: three attackers", "  B battlefield: Wall of Hands\n", three + block("Wall of Hands", 3) + "\n  go to end of combat\n",
			"  B life = 20\n"},
		{"an additional two: not four", "  B battlefield: Wall of Hands\n", four + block("Wall of Hands", 4) + " => rejected\n",
			"  B life = 20\n"},
		{"any number: four", "  B battlefield: Hydra Wall\n", four + block("Hydra Wall", 4) + "\n  go to end of combat\n",
			"  B life = 20\n"},
		{"given to each creature you control: two each", "  B battlefield: Watchtower, Ornithopter\n", three + block("Ornithopter", 3) + " => rejected\n",
			"  B life = 20\n"},
		{"given to each creature you control: two", "  B battlefield: Watchtower, Ornithopter\n", three + block("Ornithopter", 2) + "\n  go to end of combat\n",
			"  B life = 18\n"},
		{"given this turn to a target", "  B battlefield: Ornithopter, Plains\n  B hand: Hold the Line\n",
			"  A passes\n  B taps Plains for {W}\n  B casts Hold the Line targeting Ornithopter\n  resolve\n" + four + block("Ornithopter", 4) + "\n  go to end of combat\n",
			"  B life = 20\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"b\"\n"+cards+"setup\n"+setup+tt.setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
