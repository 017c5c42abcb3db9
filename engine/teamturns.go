package engine

import "github.com/arbiter-rules/arbiter/engine/registry"

// The shared team turns option (805): each team takes turns rather than each
// player. State.Active stays one player, the active team's primary player
// (805.2), who speaks for the team where its players must agree (as 810.9d's
// choice does); every player on the team is an active player for what the
// rules and cards ask of "your turn" (805.4a, and 805.9: "one specific
// active player, not all of the active players").

// teamOption reports whether the game uses the shared team turns option
// and the edition has its rule k (the caller asks the gate).
func (s *State) teamOption(k registry.Key) bool {
	return s.Game.SharedTurns && (s.rules == nil || s.rules.Has(k))
}

// IsActive reports whether p is an active player: the player whose turn it
// is or, with shared team turns, a player on the active team still in the
// game (805.4a).
func (s *State) IsActive(p PlayerID) bool {
	if p == s.Active {
		return true
	}
	return s.InGame(p) && s.Players[p].Team == s.Players[s.Active].Team && s.teamOption(registry.ActiveTeam) && s.applies(registry.ActiveTeam)
}

// activePlayers lists the active players in seat order from the primary
// player: the active player, or each player of the active team.
func (s *State) activePlayers() []PlayerID {
	var out []PlayerID
	for _, p := range s.APNAP() {
		if s.IsActive(p) {
			out = append(out, p)
		}
	}
	return out
}

// activeTeam lists the players of the active team still in the game, from
// its primary player in turn order.
func (s *State) activeTeam() []PlayerID {
	var out []PlayerID
	for _, p := range s.APNAP() {
		if s.Players[p].Team == s.Players[s.Active].Team {
			out = append(out, p)
		}
	}
	return out
}

// primary is the primary player of p's team (805.2): the one seated in the
// team's rightmost seat from its own perspective, the one whose right-hand
// neighbour isn't a teammate (players sit clockwise, each one's left the
// next in turn order). A team all round the table has its first player.
func (s *State) primary(p PlayerID) PlayerID {
	team := s.TeamOf(p)
	for _, q := range team {
		if r := s.RightOf(q); s.Players[r].Team != s.Players[q].Team && s.InGame(q) {
			return q
		}
	}
	for _, q := range team {
		if s.InGame(q) {
			return q
		}
	}
	return team[0]
}

// nextTurn is who takes the turn after the active player's: the next
// player in turn order still in the game, or with shared team turns the
// next team's primary player (805.4: each team takes turns rather than each
// player).
func (t *tx) nextTurn() PlayerID {
	q := t.nextPlayer(t.s.Active)
	if !t.s.teamOption(registry.TeamTurns) || !t.s.applies(registry.TeamTurns) {
		return q
	}
	for range t.s.Players {
		if t.s.Players[q].Team != t.s.Players[t.s.Active].Team {
			return t.s.primary(q)
		}
		q = t.nextPlayer(q)
	}
	return q
}

// HasPriority reports whether p may act as the player with priority: p
// holds it or, with shared team turns, p's team does (805.5a: a player may
// cast a spell, activate an ability, or take a special action when their
// team has priority).
func (s *State) HasPriority(p PlayerID) bool {
	if p == s.Priority {
		return true
	}
	return s.InGame(p) && s.Players[p].Team == s.Players[s.Priority].Team && s.teamOption(registry.TeamAct) && s.applies(registry.TeamAct)
}

// nextPriority is who receives priority when p's pass passes it on (117.3d):
// the next player in turn order or, with shared team turns, the next team
// (805.5: teams have priority, not individual players), which its primary
// player holds for it.
func (t *tx) nextPriority(p PlayerID) PlayerID {
	q := t.nextPlayer(p)
	if !t.s.teamOption(registry.TeamPriority) || !t.s.applies(registry.TeamPriority) {
		return q
	}
	for range t.s.Players {
		if t.s.Players[q].Team != t.s.Players[p].Team {
			return t.s.primary(q)
		}
		q = t.nextPlayer(q)
	}
	return q
}

// PassesToEnd is how many passes in succession resolve the top of the stack
// or end the step: one for each player still in the game (117.4) or, with
// shared team turns, one for each team (805.5b: "If all teams pass in
// succession …").
func (s *State) PassesToEnd() int {
	teams := map[int]bool{}
	n := 0
	for i, p := range s.Players {
		if s.InGame(PlayerID(i)) {
			n++
			teams[p.Team] = true
		}
	}
	if s.teamOption(registry.TeamPass) && s.applies(registry.TeamPass) {
		return len(teams)
	}
	return n
}

// TurnHolder is who holds the turn when it is p's: p or, with shared team
// turns, the primary player of p's team (805.2), for whom the active team's
// players come first in APNAP order (805.6).
func (s *State) TurnHolder(p PlayerID) PlayerID {
	if s.teamOption(registry.TeamTurns) && s.applies(registry.TeamTurns) {
		return s.primary(p)
	}
	return p
}
