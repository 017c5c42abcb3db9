package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// The limited range of influence option (801): a player affects only the
// players seated within so many seats of them, and the objects those
// players control.

// seatDistance is how many seats apart p and q are, the shorter way round
// the table, counting only the seats of players still in the game. It is
// -1 if q has left.
func (s *State) seatDistance(p, q PlayerID) int {
	return variants.SeatDistance(len(s.Players), p, q, s.InGame)
}

// reach lists the players within p's range of influence as seated now.
func (s *State) reach(p PlayerID) []PlayerID {
	return variants.Reach(len(s.Players), p, s.Players[p].Range, s.InGame)
}

// InRange reports whether player q is within player p's range of
// influence: within that many seats of p (801.2), p always (801.2b), as
// determined when the turn began (801.2c). Without the option, everyone is.
func (s *State) InRange(p, q PlayerID) bool {
	r := s.Players[p].Range
	if r == 0 || p == q || !s.applies(registry.Range) {
		return true
	}
	if reach := s.Players[p].Reach; reach != nil && s.applies(registry.RangeTurn) {
		return slices.Contains(reach, q)
	}
	d := s.seatDistance(p, q)
	return d >= 0 && d <= r
}

// ObjectInRange reports whether an object is within p's range of
// influence: controlled by a player within it (801.2d). A card in a zone
// other than the battlefield and the stack counts as its owner's.
func (s *State) ObjectInRange(p PlayerID, o *Object) bool {
	who := o.Owner
	if o.Zone == cardtext.Battlefield || o.Zone == cardtext.Stack {
		who = o.Controller // layer 2's result, kept by Apply
	}
	return s.InRange(p, who)
}

// targetInRange reports whether a target is within p's range.
func (s *State) targetInRange(p PlayerID, tg Target) bool {
	if tg.IsPlayer {
		return s.InRange(p, tg.Player)
	}
	o := s.Object(tg.Object)
	return o == nil || s.ObjectInRange(p, o)
}

// limited reports whether the game limits anyone's range of influence.
func (s *State) limited() bool {
	for _, p := range s.Players {
		if p.Range > 0 {
			return true
		}
	}
	return false
}

// fixReach determines, as a turn begins, who is within each player's range
// of influence for that turn (801.2c).
func (t *tx) fixReach() {
	for i := range t.s.Players {
		if t.s.Players[i].Range > 0 {
			t.s.Players[i].Reach = t.s.reach(PlayerID(i))
		}
	}
}

// TurnBegun returns s with each player's range of influence fixed as the
// current turn began (801.2c), for a game set up in the middle of a turn.
func (s State) TurnBegun() State {
	s = s.clone()
	// The game as set up is as state-based actions left it: what is in a
	// graveyard wasn't put there since they were last checked (903.9a).
	s.checked = s.clock
	if !s.limited() {
		return s
	}
	for i := range s.Players {
		if s.Players[i].Range > 0 {
			s.Players[i].Reach = s.reach(PlayerID(i))
		}
	}
	return s
}

// checkAttackSeat checks that p may attack def where each sits: within
// p's range of influence (801.3); in an Emperor game, seated next to p
// (809.3c); with the attack left or right option, the nearest opponent on
// that side, seated next to p (803.1a, 803.1b).
func (t *tx) checkAttackSeat(p, def PlayerID, label string) error {
	if !t.s.InRange(p, def) && t.applies(registry.RangeAttack) {
		return t.ruleErr(registry.RangeAttack, "%s is outside %s's range of influence: %s can't attack them", t.name(def), t.name(p), label)
	}
	if t.s.Game.Variant == variants.Emperor && t.s.seatDistance(p, def) != 1 && t.applies(registry.EmperorAttack) {
		return t.ruleErr(registry.EmperorAttack, "%s isn't seated next to %s: in an Emperor game %s can attack only an opponent seated immediately next to them", t.name(def), t.name(p), label)
	}
	return nil
}

// eventInRange reports whether an event happens entirely within p's range
// of influence, as a triggered ability p controls needs (801.7): the
// objects and the player it involves. An object moving out of or into
// range is judged as it was before a move from the battlefield and after
// any other (801.7a); without that rule, as it is after.
func (t *tx) eventInRange(p PlayerID, e Event, eo *Object) bool {
	if !t.s.limited() || !t.applies(registry.RangeTrigger) {
		return true
	}
	if e.HasPlayer && !t.s.InRange(p, e.PlayerID) {
		return false
	}
	if eo != nil {
		o := eo
		if e.Kind == EvMove && e.From == cardtext.Battlefield && !t.applies(registry.RangeMoving) {
			if after := t.s.Object(e.NewObjectID); after != nil {
				o = after
			}
		}
		if !t.s.ObjectInRange(p, o) {
			return false
		}
	}
	for _, id := range []cardtext.ObjectID{e.Source, e.ObjectID} {
		if id == 0 || eo != nil && id == eo.ID {
			continue
		}
		if o := t.s.Object(id); o != nil && !t.s.ObjectInRange(p, o) {
			return false
		}
	}
	return true
}
