package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Begin sets up a game of s.Game's variant under ed before play: seats the
// players as the variant prescribes, gives each their range of influence
// and starting life total. The players and their teams are s's; the first
// player seated takes the first turn. It is not a game action: no rule
// is reported, nothing triggers.
func (s State) Begin(ed *RulesEdition) (State, error) {
	s = s.clone()
	s.rules = ed
	g := s.Game
	for _, need := range []struct {
		on   bool
		key  registry.Key
		what string
	}{
		{g.Variant == Emperor, registry.EmperorOptions, "Emperor variant"},
		{g.Variant == GrandMelee, registry.MeleeOptions, "Grand Melee variant"},
		{g.Variant == AlternatingTeams, registry.AlternateSeats, "Alternating Teams variant"},
		{g.Variant == TwoHeadedGiant, registry.TeamLife, "Two-Headed Giant variant"},
		{g.Range > 0, registry.Range, "limited range of influence option"},
		{g.AttackMultiple, registry.BlockAttacked, "attack multiple players option"},
	} {
		if need.on && !ed.Has(need.key) {
			return s, fmt.Errorf("%s have no %s", ed, need.what)
		}
	}
	teams := s.teams()
	switch g.Variant {
	case TwoHeadedGiant:
		if err := s.equalTeams(teams, 2, "Two-Headed Giant is played by two or more teams of two or more players (810.1, 810.11)"); err != nil {
			return s, err
		}
		g.SharedTurns = true // 810.2
		s.shareLife(teams)
	case Emperor:
		if err := s.equalTeams(teams, 3, "an Emperor game is played by teams of three or more (809.1, 809.6)"); err != nil {
			return s, err
		}
		s.seatEmperors(teams)
	case AlternatingTeams:
		if err := s.equalTeams(teams, 1, "an Alternating Teams game is played by teams of equal size (811.1)"); err != nil {
			return s, err
		}
		if s.applies(registry.AlternateSeats) {
			s.seat(alternate(teams))
		}
	case GrandMelee:
		if g.Range == 0 && s.applies(registry.MeleeOptions) {
			g.Range = 1 // 807.2a
		}
		g.AttackLeft = g.AttackLeft || !g.AttackRight // 807.2b
		s.handOutTurnMarkers()
	case TeamVsTeam, FreeForAll:
		if !g.AttackLeft && !g.AttackRight {
			g.AttackMultiple = true // 808.3a; 806.2b: one attack option
		}
	}
	switch g.Casual {
	case Commander:
		if g.Variant == "" && len(s.Players) > 2 {
			g.Variant, g.AttackMultiple = FreeForAll, true // 903.2
		}
	case Archenemy:
		g.SharedTurns = true // 904.2
	}
	s.Game = g
	for i := range s.Players {
		if g.Range > 0 {
			s.Players[i].Range = g.Range
		}
	}
	if g.Variant == Emperor {
		s.emperorRanges()
	}
	return s, nil
}

// shareLife gives each team its shared life total (810.4): the edition's
// for a team of two (30; 40 until 2007), and half as much again for each
// player beyond the second (810.11). Each player's own life starts at an
// equal share of it.
func (s *State) shareLife(teams [][]PlayerID) {
	s.Shared = make([]Shared, len(s.Players))
	per := s.rules.TeamLifeStart / 2
	for _, t := range teams {
		sh := &s.Shared[s.Players[t[0]].Team]
		sh.Life = per * len(t)
		sh.Start = sh.Life
		for _, p := range t {
			s.Players[p].Life = per
		}
	}
}

// teams lists the teams in order of their first player, each in seat order.
func (s *State) teams() [][]PlayerID {
	var out [][]PlayerID
	seen := map[int]int{}
	for i, p := range s.Players {
		j, ok := seen[p.Team]
		if !ok {
			j = len(out)
			seen[p.Team] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], PlayerID(i))
	}
	return out
}

// equalTeams checks there are two or more teams, of equal size, each of
// at least least players.
func (s *State) equalTeams(teams [][]PlayerID, least int, rule string) error {
	if len(teams) < 2 {
		return fmt.Errorf("%s: name the teams with team lines", rule)
	}
	for _, t := range teams {
		if len(t) != len(teams[0]) || len(t) < least {
			return fmt.Errorf("%s: the teams here have %d and %d players", rule, len(teams[0]), len(t))
		}
	}
	return nil
}

// seat reorders the players: order lists the current IDs in their new
// seats. Objects, the active player and priority follow their players.
func (s *State) seat(order []PlayerID) {
	if len(order) != len(s.Players) {
		return
	}
	to := make([]PlayerID, len(order))
	players := make([]Player, len(order))
	for i, old := range order {
		to[old] = PlayerID(i)
		players[i] = s.Players[old]
	}
	s.Players = players
	for _, o := range s.Objects {
		o.Owner, o.Controller, o.Base = to[o.Owner], to[o.Controller], to[o.Base]
	}
	s.Active, s.Priority = 0, 0
}

// alternate seats teams so that no one sits next to a teammate and each
// team is equally spaced out (811.3): the first player of each team, then
// the second of each, and so on.
func alternate(teams [][]PlayerID) []PlayerID {
	var out []PlayerID
	for i := range teams[0] {
		for _, t := range teams {
			out = append(out, t[i])
		}
	}
	return out
}

// seatEmperors seats each team together with its emperor in the middle
// (809.2): the team's players as listed, the emperor being the one listed
// at the middle, rounded down: of three, the second (general, emperor,
// general); of four, the second too (809.6a: general 1, emperor, general
// 2, general 3).
func (s *State) seatEmperors(teams [][]PlayerID) {
	var order []PlayerID
	for _, t := range teams {
		s.Players[t[(len(t)-1)/2]].Emperor = true
		order = append(order, t...)
	}
	s.seat(order)
}

// emperorRanges gives each player of an Emperor game their range of
// influence: 2 for emperors and 1 for generals (809.3a); with teams of
// more than three, each general the least that reaches a general of an
// opposing team, each emperor the least that reaches two (809.6a). A
// range the option line gave is kept.
func (s *State) emperorRanges() {
	if s.Game.Range > 0 {
		return
	}
	size := len(s.teams()[0])
	for i := range s.Players {
		p := &s.Players[i]
		switch {
		case size > 3 && s.applies(registry.EmperorRanges):
			need := 1
			if p.Emperor {
				need = 2
			}
			p.Range = s.rangeReaching(PlayerID(i), need)
		case p.Emperor && s.applies(registry.EmperorOptions):
			p.Range = 2
		case s.applies(registry.EmperorOptions):
			p.Range = 1
		}
	}
}

// rangeReaching is the least range from which p reaches n generals of
// opposing teams.
func (s *State) rangeReaching(p PlayerID, n int) int {
	var ds []int
	for i, q := range s.Players {
		if q.Team != s.Players[p].Team && !q.Emperor {
			ds = append(ds, s.seatDistance(p, PlayerID(i)))
		}
	}
	slices.Sort(ds)
	if len(ds) < n {
		return len(s.Players)
	}
	return ds[n-1]
}

// handOutTurnMarkers gives the players of a Grand Melee game their turn
// markers: 807.4a, one for each full four players (without that rule, a
// game has the one turn of 500.1 at a time: one marker); 807.4b, the
// first to the starting player, each next to the player four seats to
// the left of the one before.
func (s *State) handOutTurnMarkers() {
	n := 1
	if s.applies(registry.TurnMarkers) {
		n = max(len(s.Players)/4, 1)
	}
	for i := range s.Players {
		s.Players[i].TurnMarker = 0
	}
	for k := range n {
		s.Players[(4*k)%len(s.Players)].TurnMarker = k + 1
	}
}

// TurnMarkers counts the Grand Melee turn markers held (807.4).
func (s *State) TurnMarkers() int {
	n := 0
	for _, p := range s.Players {
		if p.TurnMarker > 0 {
			n++
		}
	}
	return n
}
