package cardtext

import "testing"

// TestCastLastTurnRead: the werewolves' intervening conditions count the
// previous turn's spells, by everyone ("no spells were cast") or by one
// player ("a player cast two or more spells"); other counts of last turn
// stop where reading did.
func TestCastLastTurnRead(t *testing.T) {
	tests := []struct {
		text    string
		n       int
		negated bool
		want    string // an error containing it
	}{
		{text: "At the beginning of each upkeep, if no spells were cast last turn, transform ~.", negated: true},
		{text: "At the beginning of each upkeep, if a player cast two or more spells last turn, transform ~.", n: 2},
		{text: "At the beginning of each upkeep, if a player cast three or more spells last turn, transform ~.", n: 3},
		{text: "At the beginning of each upkeep, if no spells were cast this turn, transform ~.", want: `a condition`},
		{text: "At the beginning of each upkeep, if a player cast two spells last turn, transform ~.", want: `a condition`},
		{text: "At the beginning of each upkeep, if no spells were cast last turn and you have 40 or more life, transform ~.", want: `a condition`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Gatstaf Shepherd", tt.text, false, tt.want)
		if !ok {
			continue
		}
		if cd := abs[0].If; cd == nil || cd.Kind != CondCastLastTurn || cd.N != tt.n || cd.Negated != tt.negated {
			t.Errorf("%q: read as %+v", tt.text, abs[0].If)
		}
	}
}
