package engine

import (
	"slices"
	"testing"
)

// TestTurnHolder: with shared team turns a team's turn is held by its
// primary player, the one seated on its right (805.2), so the active team
// comes first in APNAP order (805.6) whichever of its players is named.
func TestTurnHolder(t *testing.T) {
	for _, c := range []struct {
		name   string
		shared bool
		teams  []int
		p      PlayerID
		want   PlayerID
		apnap  []PlayerID
	}{
		{"two-player game", false, []int{0, 1}, 1, 1, []PlayerID{1, 0}},
		{"teams without the option", false, []int{0, 0, 2, 2}, 3, 3, []PlayerID{3, 0, 1, 2}},
		{"second seat of the second team", true, []int{0, 0, 2, 2}, 3, 2, []PlayerID{2, 3, 0, 1}},
		{"primary player", true, []int{0, 0, 2, 2}, 2, 2, []PlayerID{2, 3, 0, 1}},
		{"a team across the first seat", true, []int{0, 1, 1, 0}, 0, 3, []PlayerID{3, 0, 1, 2}},
		{"archenemy's opponents", true, []int{0, 1, 1, 1}, 3, 1, []PlayerID{1, 2, 3, 0}},
	} {
		s := NewState(20, "A", "B", "C", "D")
		if len(c.teams) == 2 {
			s = NewState(20, "A", "B")
		}
		for i, team := range c.teams {
			s = s.EditPlayer(PlayerID(i), func(p *Player) { p.Team = team })
		}
		s.Game.SharedTurns = c.shared
		got := s.TurnHolder(c.p)
		s.Active = got
		if apnap := s.APNAP(); got != c.want || !slices.Equal(apnap, c.apnap) {
			t.Errorf("%s: holder %d, APNAP %v; want %d, %v", c.name, got, apnap, c.want, c.apnap)
		}
	}
}
