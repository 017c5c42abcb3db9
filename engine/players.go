package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// Seats, teams and leaving the game: the engine seats any number of
// players. Players sit in the order of State.Players, clockwise: turn order
// runs from each player to the one after them, the player on their left
// (103.1: the default turn order proceeds clockwise), and the last player's
// left is the first player.

// InGame reports whether player p is still in the game: a player who lost,
// drew or conceded has left it (104.5).
func (s *State) InGame(p PlayerID) bool {
	return int(p) >= 0 && int(p) < len(s.Players) && !s.Players[p].Left
}

// Opponents reports whether p and q are opponents: in a two-player game
// the other player (102.2); in a game between teams, every player not on
// p's team (102.3).
func (s *State) Opponents(p, q PlayerID) bool {
	if p == q {
		return false
	}
	return s.Players[p].Team != s.Players[q].Team
}

// Teammates reports whether p and q are different players on one team
// (102.3).
func (s *State) Teammates(p, q PlayerID) bool {
	return p != q && s.Players[p].Team == s.Players[q].Team
}

// TeamOf lists the players of p's team, p among them, in seat order.
func (s *State) TeamOf(p PlayerID) []PlayerID {
	var out []PlayerID
	for i := range s.Players {
		if s.Players[i].Team == s.Players[p].Team {
			out = append(out, PlayerID(i))
		}
	}
	return out
}

// Multiplayer reports whether the game began with more than two players
// (100.1b).
func (s *State) Multiplayer() bool { return len(s.Players) > 2 }

// Left returns the player seated to p's left: the next in turn order
// (101.4), whether or not still in the game.
func (s *State) LeftOf(p PlayerID) PlayerID {
	return (p + 1) % PlayerID(len(s.Players))
}

// RightOf returns the player seated to p's right.
func (s *State) RightOf(p PlayerID) PlayerID {
	n := PlayerID(len(s.Players))
	return (p + n - 1) % n
}

// APNAP lists the players still in the game in APNAP order (101.4): the
// active player, then each other in turn order.
func (s *State) APNAP() []PlayerID {
	var out []PlayerID
	n := len(s.Players)
	for i := range n {
		p := PlayerID((int(s.Active) + i) % n)
		if s.InGame(p) {
			out = append(out, p)
		}
	}
	return out
}

// Over reports whether the game has ended: a player won, or fewer than two
// teams are still in it (104.2a, 104.2c; none left is a draw, 104.4a).
func (s *State) Over() bool {
	teams := map[int]bool{}
	for i, p := range s.Players {
		if p.Won {
			return true
		}
		if s.InGame(PlayerID(i)) {
			teams[p.Team] = true
		}
	}
	return len(teams) < 2
}

// over is State.Over for the transaction.
func (t *tx) over() bool { return t.s.Over() }

// alive counts players still in the game.
func (t *tx) alive() int {
	n := 0
	for i := range t.s.Players {
		if t.s.InGame(PlayerID(i)) {
			n++
		}
	}
	return n
}

// nextPlayer is the next player in turn order still in the game.
func (t *tx) nextPlayer(p PlayerID) PlayerID {
	n := PlayerID(len(t.s.Players))
	for i := PlayerID(1); i <= n; i++ {
		q := (p + i) % n
		if t.s.InGame(q) {
			return q
		}
	}
	return p
}

// nextOpponent is the first opponent of p in turn order still in the game:
// whom p attacks unless told otherwise.
func (t *tx) nextOpponent(p PlayerID) PlayerID {
	n := PlayerID(len(t.s.Players))
	for i := PlayerID(1); i < n; i++ {
		q := (p + i) % n
		if t.s.InGame(q) && t.s.Opponents(p, q) {
			return q
		}
	}
	return t.nextPlayer(p)
}

// lose makes player p lose the game for the reason key names (104.3), and
// then, unless the game is over, leave it (104.5, 800.4a).
func (t *tx) lose(p PlayerID, key registry.Key, why string) error {
	if !t.losing(p, key, why) {
		return nil
	}
	return t.leave(p)
}

// losing marks p as having lost and left the game, without what leaving
// does to their objects (leave does that once every simultaneous loss is
// known). It reports false if p had already left.
func (t *tx) losing(p PlayerID, key registry.Key, why string) bool {
	pl := &t.s.Players[p]
	if pl.Left {
		return false
	}
	pl.Lost, pl.LostBy, pl.Left = true, key, true
	t.emit(Event{Kind: EvLose, Key: key, Player: pl.Name, PlayerID: p, HasPlayer: true, Text: pl.Name + " loses the game: " + why})
	return true
}

// Concede: the player concedes, leaving the game at once (104.3a).
type Concede struct{ Player PlayerID }

func (a Concede) apply(t *tx) error {
	if !t.s.InGame(a.Player) {
		return fmt.Errorf("%s has already left the game", t.name(a.Player))
	}
	return t.lose(a.Player, registry.Concede, "conceded")
}

// leave takes players who have just left the game (104.5) out of it: while
// the game goes on, what they owned and controlled goes with them (800.4a);
// players left with no opponents in the game win it (104.2a).
func (t *tx) leave(ps ...PlayerID) error {
	if t.asTeam() {
		// 810.8a: if either player on a team loses the game, the team
		// loses the game.
		for _, p := range slices.Clone(ps) {
			for _, q := range t.s.TeamOf(p) {
				if t.losing(q, registry.TeamLoses, t.name(p)+", their teammate, lost") {
					ps = append(ps, q)
				}
			}
		}
	}
	for _, p := range ps {
		t.s.Players[p].Left = true
	}
	if t.ended() {
		return nil
	}
	for _, p := range ps {
		if t.applies(registry.LeaveGame) {
			if err := t.leaveObjects(p); err != nil {
				return err
			}
		}
		if t.s.Priority == p {
			// 800.4a: priority passes to the next player in turn order.
			t.s.Priority = t.nextPlayer(p)
		}
	}
	return nil
}

// ended checks whether only one team is left in the game; if so its
// players win (104.2a, 104.2c) and it reports true.
func (t *tx) ended() bool {
	team, n := -1, 0
	for i, pl := range t.s.Players {
		if pl.Won {
			return true
		}
		if t.s.InGame(PlayerID(i)) && pl.Team != team {
			if team >= 0 {
				return false
			}
			team, n = pl.Team, n+1
		}
	}
	for i := range t.s.Players {
		pl := &t.s.Players[i]
		if n > 0 && pl.Team == team && !pl.Lost && t.applies(registry.WinAlone) {
			pl.Won = true
			t.emit(Event{Kind: EvWin, Key: registry.WinAlone, Player: pl.Name, PlayerID: PlayerID(i), HasPlayer: true,
				Text: pl.Name + " wins the game: no opponent is left in it"})
		}
	}
	return true
}

// leaveObjects is 800.4a: the objects p owns leave the game; effects that
// give p control of objects end; p's abilities and copies on the stack
// cease to exist; what p still controls is exiled.
func (t *tx) leaveObjects(p PlayerID) error {
	name := t.name(p)
	for _, o := range slices.Clone(t.s.Objects) {
		if o.Owner == p {
			t.remember(o)
			t.s.remove(o.ID)
			if t.s.Combat != nil {
				t.s.Combat.Remove(o.ID)
			}
			t.emit(Event{Kind: EvMove, Key: registry.LeaveGame, Object: o.Label, ObjectID: o.ID, From: o.Zone,
				Text: fmt.Sprintf("%s leaves the game with its owner, %s", o.Label, name)})
		}
	}
	kept := t.s.Effects[:0:0]
	for _, e := range t.s.Effects {
		if e.Controller == p && e.Spec != nil && e.Spec.Control {
			t.emit(Event{Kind: EvEffect, Key: registry.LeaveGame, Object: e.SourceName,
				Text: fmt.Sprintf("%s's effect giving %s control ends (%s)", e.SourceName, name, e.Text)})
			continue
		}
		kept = append(kept, e)
	}
	t.s.Effects = kept
	t.dirty()
	t.refresh()
	for _, o := range slices.Clone(t.s.Objects) {
		if o.Zone == cardtext.Stack && o.Controller == p && (o.Token || o.Card == nil || o.Stack != nil && o.Stack.Kind != StackSpell) {
			t.s.remove(o.ID)
			t.emit(Event{Kind: EvCease, Key: registry.LeaveGame, Object: o.Label, ObjectID: o.ID,
				Text: fmt.Sprintf("%s ceases to exist: its controller, %s, left the game", o.Label, name)})
		}
	}
	for _, o := range slices.Clone(t.s.Objects) {
		if t.s.Object(o.ID) == nil || o.Zone == cardtext.Exile || o.Zone.Private() {
			continue
		}
		ctrl := o.Controller
		if o.Zone == cardtext.Battlefield {
			ctrl = t.chars(o).Controller
		}
		if ctrl != p {
			continue
		}
		if _, err := t.move(o.ID, cardtext.Exile, false, nil, registry.LeaveGame, "is exiled: "+name+", who controlled it, left the game"); err != nil {
			return err
		}
	}
	return nil
}

// activePriority is who receives priority when the active player would:
// the active player, or, if they have left the game, the next player in
// turn order (800.4j).
func (t *tx) activePriority() PlayerID {
	if t.s.InGame(t.s.Active) {
		return t.s.Active
	}
	return t.nextPlayer(t.s.Active)
}

// asTeam reports whether players win and lose the game only as a team
// (810.8a: Two-Headed Giant).
func (t *tx) asTeam() bool {
	return t.s.Game.Variant == variants.TwoHeadedGiant && t.applies(registry.TeamLoses)
}

// cantLose names the effect that says player p can't lose the game for
// the reason key names ("" if none): p's own, or with 810.8a a teammate's
// ("If an effect says that a player can't lose the game, that player's
// team can't lose the game").
func (t *tx) cantLose(p PlayerID, key registry.Key) string {
	for _, m := range t.ruleMods(cardtext.RuleCantLose) {
		if m.mod.N == 1 && key != registry.SBALife {
			continue // "for having 0 or less life" only
		}
		for _, q := range t.s.TeamOf(p) {
			if q != p && !t.asTeam() {
				continue
			}
			if t.says(m.mod.Who, m.ctrl, q) && q == p {
				return m.name + " says " + t.name(q) + " can't lose the game"
			} else if t.says(m.mod.Who, m.ctrl, q) {
				return m.name + " says " + t.name(q) + " can't lose the game, so their team can't (" + t.ed.Cite(registry.TeamLoses) + ")"
			}
		}
	}
	return ""
}

// cantWin names the effect that says player p can't win the game ("" if
// none), for p's team with 810.8a.
func (t *tx) cantWin(p PlayerID) string {
	for _, m := range t.ruleMods(cardtext.RuleCantWin) {
		for _, q := range t.s.TeamOf(p) {
			if q != p && !t.asTeam() {
				continue
			}
			if t.says(m.mod.Who, m.ctrl, q) {
				return m.name + " says " + t.name(q) + " can't win the game"
			}
		}
	}
	return ""
}

// says reports whether a rule about "you", "your opponents" or "each
// player", from an effect controlled by ctrl, is about player q.
func (t *tx) says(who cardtext.Whose, ctrl, q PlayerID) bool { return t.s.says(who, ctrl, q) }
