package cardtext

import (
	"testing"
)

// TestBlockMoreRead: "can block …" is a combat permission read from its
// parts — the creature (this one, a kind, a target), how many more it can
// block, and how often (each combat, this turn).
func TestBlockMoreRead(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		n     int
		given bool // granted to others (a kind, a target) rather than its own
		err   string
	}{
		{text: "This creature can block an additional creature each combat.", n: 1},
		{text: "~ can block an additional two creatures each combat.", n: 2},
		{text: "This creature can block two additional creatures each combat.", n: 2},
		{text: "This creature can block any number of creatures each combat.", n: BlockAnyNumber},
		{text: "Each creature you control can block an additional creature each combat.", n: 1, given: true},
		{text: "Creatures you control can block any number of creatures each combat.", n: BlockAnyNumber, given: true},
		{text: "Target creature can block an additional creature this turn.", spell: true, n: 1, given: true},
		{text: "Target creature can block any number of creatures this turn.", spell: true, n: BlockAnyNumber, given: true},
		// What the grammar can't read.
		{text: "This creature can block an additional flyer each combat.", err: `at "flyer each combat.": how many it can block`},
		{text: "This creature can block an additional creature.", err: `how often: each combat`},
		{text: "This creature can block an additional creature each turn.", err: `at "each turn.": how often: each combat`},
		{text: "Target creature can block an additional creature each combat.", spell: true, err: `at "each combat.": how long: this turn`},
		{text: "This creature can block one additional creatures each combat.", err: `at "creatures each combat.": how many`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Brigade", tt.text, tt.spell, tt.err)
		if !ok {
			continue
		}
		a := abs[0]
		switch {
		case !tt.given:
		case tt.spell && len(a.Effect) == 1 && a.Effect[0].Cont != nil && len(a.Effect[0].Cont.Gain) == 1:
			a = a.Effect[0].Cont.Gain[0]
		case !tt.spell && len(a.Static) == 1 && len(a.Static[0].Gain) == 1:
			a = a.Static[0].Gain[0]
		}
		if a.Keyword != KeywordBlockMore || a.N != tt.n {
			t.Errorf("%q: read as %+v", tt.text, a)
		}
	}
}
