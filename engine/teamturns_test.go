package engine

import (
	"slices"
	"testing"
	"time"
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

// TestBoardShowsActiveTeam: the board marks every player of the active team
// as active (805.4a), not only the one holding the turn.
func TestBoardShowsActiveTeam(t *testing.T) {
	ed := EditionAt(time.Date(2026, 1, 16, 0, 0, 0, 0, time.UTC))
	for _, shared := range []bool{true, false} {
		s := NewState(20, "A", "B", "C", "D")
		for i, team := range []int{0, 0, 2, 2} {
			s = s.EditPlayer(PlayerID(i), func(p *Player) { p.Team = team })
		}
		s.Game.SharedTurns = shared
		s.Active = 2
		var active []string
		for _, p := range Render(ed, s).Players {
			if p.Active {
				active = append(active, p.Name)
			}
		}
		want := []string{"C"}
		if shared {
			want = []string{"C", "D"}
		}
		if !slices.Equal(active, want) {
			t.Errorf("shared turns %v: active %v, want %v", shared, active, want)
		}
	}
}
