package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
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
	for _, need := range g.Needs() {
		if !ed.Has(need.Key) {
			return s, fmt.Errorf("%s have no %s", ed, need.What)
		}
	}
	teams := s.teams()
	if err := variants.CheckTeams(g.Variant, teams); err != nil {
		return s, err
	}
	if g.Variant.SharesLife() {
		s.shareLife(teams)
	}
	switch g.Variant {
	case variants.Emperor:
		s.seatEmperors(teams)
	case variants.AlternatingTeams:
		if s.applies(registry.AlternateSeats) {
			s.seat(variants.Alternate(teams))
		}
	case variants.GrandMelee:
		if g.Range == 0 && s.applies(registry.MeleeOptions) {
			g.Range = variants.MeleeRange // 807.2a
		}
		s.handOutTurnMarkers()
	}
	g = g.Settled(len(s.Players))
	s.Game = g
	for i := range s.Players {
		if g.Range > 0 {
			s.Players[i].Range = g.Range
		}
	}
	if g.Variant == variants.Emperor {
		s.emperorRanges()
	}
	return s, nil
}

// shareLife gives each team its shared life total (810.4, 810.11), from
// the edition's for a team of two; each player's own life starts at an
// equal share of it.
func (s *State) shareLife(teams [][]PlayerID) {
	s.Shared = make([]Shared, len(s.Players))
	for _, t := range teams {
		team, each := variants.TeamStartingLife(s.rules.TeamLifeStart, len(t))
		sh := &s.Shared[s.Players[t[0]].Team]
		sh.Life, sh.Start = team, team
		for _, p := range t {
			s.Players[p].Life = each
		}
	}
}

// teams lists the teams in order of their first player, each in seat order.
func (s *State) teams() [][]PlayerID {
	teamOf := make([]int, len(s.Players))
	for i, p := range s.Players {
		teamOf[i] = p.Team
	}
	return variants.Teams[PlayerID](teamOf)
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

// seatEmperors seats each team together with its emperor in the middle
// (809.2).
func (s *State) seatEmperors(teams [][]PlayerID) {
	order, emperors := variants.SeatEmperors(teams)
	for _, p := range emperors {
		s.Players[p].Emperor = true
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
			p.Range = variants.EmperorRange
		case s.applies(registry.EmperorOptions):
			p.Range = variants.GeneralRange
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
	return variants.RangeReaching(ds, n, len(s.Players))
}

// handOutTurnMarkers gives the players of a Grand Melee game their turn
// markers: 807.4a, one for each full four players (without that rule, a
// game has the one turn of 500.1 at a time: one marker); 807.4b, the
// first to the starting player, each next to the player four seats to
// the left of the one before.
func (s *State) handOutTurnMarkers() {
	n := 1
	if s.applies(registry.TurnMarkers) {
		n = variants.TurnMarkers(len(s.Players))
	}
	for i := range s.Players {
		s.Players[i].TurnMarker = 0
	}
	for k, seat := range variants.MarkerSeats(n, len(s.Players)) {
		s.Players[seat].TurnMarker = k + 1
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
