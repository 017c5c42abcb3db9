package cardtext

import "testing"

// TestScryRead: "scry N" is an instruction of its own (701.22a), alone or
// joined to others, by "you" or a named player; without a number it stops.
func TestScryRead(t *testing.T) {
	tests := []struct {
		text  string
		at    int // which instruction is the scry
		n     int
		spell bool
		want  string // an error containing it
	}{
		{text: "Scry 1.", n: 1, spell: true},
		{text: "When ~ enters, scry 2.", n: 2},
		{text: "Scry 4, then draw two cards.", n: 4, spell: true},
		{text: "Draw a card, then scry 2.", at: 1, n: 2, spell: true},
		{text: "Target player scries 3.", n: 3, spell: true},
		{text: "Scry.", spell: true, want: "how many cards to scry"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Opt", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		eff := abs[0].Effect
		if len(eff) <= tt.at || eff[tt.at].Op != OpScry || eff[tt.at].N.N != tt.n {
			t.Errorf("%q: read as %+v", tt.text, eff)
		}
	}
}
