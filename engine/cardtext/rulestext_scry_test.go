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

// TestExtraTurnRead: "take an extra turn after this one" (500.7), by "you"
// or a named player; another turn than "this one" stops.
func TestExtraTurnRead(t *testing.T) {
	tests := []struct {
		text string
		who  PRefKind
		want string // an error containing it
	}{
		{text: "Take an extra turn after this one.", who: PYou},
		{text: "Target player takes an extra turn after this one.", who: PTarget},
		{text: "Take an extra turn after the next one.", want: "can't read"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Time Walk", tt.text, true, tt.want)
		if !ok {
			continue
		}
		if in := abs[0].Effect[0]; in.Op != OpExtraTurn || in.Who.Kind != tt.who {
			t.Errorf("%q: read as %+v", tt.text, in)
		}
	}
}
