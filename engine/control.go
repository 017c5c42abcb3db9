package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Controlling another player (722): Mindslaver's "You control target
// player during that player's next turn." Only control of the player
// changes (722.3): their objects stay theirs, their spells are theirs, and
// they are still the active player; the controller makes their decisions.

// ControlledBy returns the player who controls p during this turn (722.1),
// if another player does. A player given control of themselves makes their
// own decisions (722.9).
func (s *State) ControlledBy(p PlayerID) (PlayerID, bool) {
	if int(p) < 0 || int(p) >= len(s.Players) {
		return 0, false
	}
	n := s.Players[p].ctrlNow
	if n == 0 || PlayerID(n-1) == p {
		return 0, false
	}
	return PlayerID(n - 1), true
}

// WillControl returns the player who will control p during p's next turn,
// if an effect says one will (722.1).
func (s *State) WillControl(p PlayerID) (PlayerID, bool) {
	if int(p) < 0 || int(p) >= len(s.Players) || s.Players[p].ctrlNext == 0 {
		return 0, false
	}
	return PlayerID(s.Players[p].ctrlNext - 1), true
}

// Decider is the player who makes p's decisions: the player controlling p
// (722.5), or p.
func (s *State) Decider(p PlayerID) PlayerID {
	if c, ok := s.ControlledBy(p); ok && s.applies(registry.ControlDecide) {
		return c
	}
	return p
}

// controlPlayer: "You control target player during that player's next
// turn." The effect waits for the next turn the player actually takes
// (722.1); a newer one overwrites an older one (722.1a).
func (x *execCtx) controlPlayer(in *cardtext.Instr) (bool, error) {
	t := x.t
	yous := x.players(in.Who)
	if len(yous) == 0 || in.To.Player == nil {
		return false, nil
	}
	you := yous[0]
	done := false
	for _, q := range x.players(*in.To.Player) {
		t.s.Players[q].ctrlNext = int(you) + 1
		t.emit(Event{Kind: EvEffect, Key: registry.ControlTurn, Player: t.name(you), PlayerID: q, HasPlayer: true,
			Text: fmt.Sprintf("%s will control %s during %s's next turn", t.name(you), t.name(q), t.name(q))})
		done = true
	}
	return done, nil
}

// beginControl: as a turn begins, control of a player during the turn
// before ends, and an effect waiting for the new active player's next turn
// gives its player control of them for the whole turn (722.1).
func (t *tx) beginControl() {
	for i := range t.s.Players {
		pl := &t.s.Players[i]
		if pl.ctrlNow != 0 {
			t.emit(Event{Kind: EvEffect, Key: registry.ControlTurn, Player: t.name(PlayerID(pl.ctrlNow - 1)),
				Text: fmt.Sprintf("%s no longer controls %s", t.name(PlayerID(pl.ctrlNow-1)), pl.Name)})
			pl.ctrlNow = 0
		}
	}
	a := &t.s.Players[t.s.Active]
	if a.ctrlNext == 0 || !t.applies(registry.ControlTurn) {
		return
	}
	a.ctrlNow, a.ctrlNext = a.ctrlNext, 0
	t.emit(Event{Kind: EvEffect, Key: registry.ControlTurn, Player: t.name(PlayerID(a.ctrlNow - 1)), PlayerID: t.s.Active, HasPlayer: true,
		Text: fmt.Sprintf("%s controls %s during this turn", t.name(PlayerID(a.ctrlNow-1)), a.Name)})
}

// ActFor: By makes a decision for a player they control (722.5). Action is
// that player's own action — casting their spell, their attack, their
// answer to a choice — made as By decides.
type ActFor struct {
	By     PlayerID
	Action Action
}

func (a ActFor) apply(t *tx) error {
	p, ok := actor(&t.s, a.Action)
	if _, nested := a.Action.(ActFor); nested || !ok {
		return fmt.Errorf("%s can decide for another player only their game actions and choices", t.name(a.By))
	}
	if c, ok := t.s.ControlledBy(p); !ok || c != a.By || !t.applies(registry.ControlDecide) {
		return t.ruleErr(registry.ControlDecide, "%s doesn't make %s's decisions: %s does", t.name(a.By), t.name(p), t.name(t.s.Decider(p)))
	}
	switch a.Action.(type) {
	case Concede:
		// 722.6: the controller can't make that player concede.
		if t.applies(registry.ControlConcede) {
			return t.ruleErr(registry.ControlConcede, "%s can't make %s concede: only %s decides that", t.name(a.By), t.name(p), t.name(p))
		}
	case AgreeDraw:
		// 722.5b: nor make decisions the rules and objects don't call
		// for, such as those of the tournament rules.
		if t.applies(registry.ControlOwn) {
			return t.ruleErr(registry.ControlOwn, "%s can't agree to a draw for %s: no rule or object calls for that decision, so only %s makes it",
				t.name(a.By), t.name(p), t.name(p))
		}
	}
	// 722.5: the controller makes every decision the controlled player
	// is allowed to make or told to make.
	t.emit(Event{Kind: EvChoice, Key: registry.ControlDecide, Player: t.name(a.By), PlayerID: p, HasPlayer: true,
		Text: fmt.Sprintf("%s makes the decision for %s, whom they control", t.name(a.By), t.name(p))})
	return a.Action.apply(t)
}

// ownDecision checks that the player whose decision action a is makes their
// own decisions: a player controlled by another makes none (722.5) but
// those no rule or object calls for (722.5b) and conceding (722.6).
func (t *tx) ownDecision(a Action) error {
	p, ok := actor(&t.s, a)
	if !ok {
		return nil
	}
	c, ok := t.s.ControlledBy(p)
	if !ok || !t.applies(registry.ControlDecide) {
		return nil
	}
	switch a.(type) {
	case Concede:
		if t.applies(registry.ControlConcede) {
			return nil // 722.6: a player may concede even while controlled
		}
	case AgreeDraw:
		if t.applies(registry.ControlOwn) {
			return nil // 722.5b
		}
	}
	return t.ruleErr(registry.ControlDecide, "%s controls %s and makes %s's decisions (write it as %s deciding for %s)",
		t.name(c), t.name(p), t.name(p), t.name(c), t.name(p))
}

// actor is the player whose decision a is, for the actions that are one.
func actor(s *State, a Action) (PlayerID, bool) {
	switch a := a.(type) {
	case CastSpell:
		return a.Player, true
	case Activate:
		return a.Player, true
	case PlayLand:
		return a.Player, true
	case PassPriority:
		return a.Player, true
	case DeclareAttackers:
		return a.Player, true
	case DeclareBlockers:
		return a.Player, true
	case AssignDamage:
		// The attacking (or blocking) creature's controller assigns its
		// damage (510.1).
		if o := s.Object(a.Attacker); o != nil {
			return s.Chars(o).Controller, true
		}
	case AnnounceOrder:
		return a.Player, true
	case Choose:
		return a.Player, true
	case ChooseSubtype:
		return a.Player, true
	case Concede:
		return a.Player, true
	case AgreeDraw:
		return a.Player, true
	}
	return 0, false
}

// AgreeDraw: the player agrees to an intentional draw; once every player
// still in the game has, the game is a draw (104.4i).
type AgreeDraw struct{ Player PlayerID }

func (a AgreeDraw) apply(t *tx) error {
	if !t.s.InGame(a.Player) {
		return fmt.Errorf("%s has already left the game", t.name(a.Player))
	}
	t.s.Players[a.Player].agreedDraw = true
	t.emit(Event{Kind: EvChoice, Key: registry.DrawAgreed, Player: t.name(a.Player), PlayerID: a.Player, HasPlayer: true,
		Text: t.name(a.Player) + " agrees to a draw"})
	for i := range t.s.Players {
		if t.s.InGame(PlayerID(i)) && !t.s.Players[i].agreedDraw {
			return nil
		}
	}
	for i := range t.s.Players {
		pl := &t.s.Players[i]
		if !pl.Left {
			pl.Left = true
			t.emit(Event{Kind: EvLose, Key: registry.DrawAgreed, Player: pl.Name, PlayerID: PlayerID(i), HasPlayer: true,
				Text: "the game is a draw for " + pl.Name + ": every player agreed"})
		}
	}
	return nil
}

// Drawn reports whether the game has ended with no winner (104.4).
func (s *State) Drawn() bool {
	for _, p := range s.Players {
		if p.Won {
			return false
		}
	}
	return s.Over()
}

// Sees reports whether player v can see the face of object o: the cards
// of their own hand, revealed cards, anything in a public zone — and, while
// v controls another player, whatever that player could see (722.4).
func (s *State) Sees(v PlayerID, o *Object) bool {
	if s.seesOwn(v, o) {
		return true
	}
	if !s.applies(registry.ControlSee) {
		return false
	}
	if o.Zone == cardtext.Outside {
		// 722.4: what is outside the game stays the controlled player's
		// own knowledge.
		return false
	}
	for i := range s.Players {
		if c, ok := s.ControlledBy(PlayerID(i)); ok && c == v && s.seesOwn(PlayerID(i), o) {
			return true
		}
	}
	return false
}

// seesOwn is what player p sees for themselves: hidden zones are hidden
// (400.2) but for their own hand and revealed cards, and a face-down
// permanent's face only by its controller (708.5).
func (s *State) seesOwn(p PlayerID, o *Object) bool {
	switch {
	case o.Zone == cardtext.Library:
		return o.Revealed
	case o.Zone == cardtext.Hand:
		return o.Owner == p || o.Revealed || s.handRevealedBy(o.Owner) != ""
	case o.Zone == cardtext.Outside:
		return o.Owner == p || o.Revealed
	case o.FaceDown && (o.Zone == cardtext.Battlefield || o.Zone == cardtext.Stack):
		return o.Controller == p
	}
	return true
}

// Who names who makes the choice: "Bob", or "Alice, for Bob" when Alice
// controls Bob (722.5).
func (c *Choice) Who(s *State) string {
	if c.By == c.Player || int(c.By) >= len(s.Players) {
		return s.Players[c.Player].Name
	}
	return s.Players[c.By].Name + ", for " + s.Players[c.Player].Name + ","
}

// isChoose reports whether a answers a pending choice, made by the player
// or for them.
func isChoose(a Action) bool {
	switch a := a.(type) {
	case Choose:
		return true
	case ActFor:
		return isChoose(a.Action)
	}
	return false
}

// enterControl is the player a permanent entering enters under the control
// of, after replacement effects that change it ("If a creature would
// enter the battlefield under an opponent's control this turn, it enters
// under your control instead.", 614.1a): o is the object as it would
// enter, ch what it would be.
func (t *tx) enterControl(o *Object, ch *Chars, ctrl PlayerID) PlayerID {
	for _, m := range t.ruleMods(cardtext.RuleEnterControl) {
		if m.mod.Who == cardtext.Opponents && !t.s.Opponents(m.ctrl, ctrl) || m.ctrl == ctrl {
			continue
		}
		if !matchFilter(&t.s, m.mod.Filter, o, ch, m.src, m.ctrl) {
			continue
		}
		t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: o.Label, ObjectID: o.ID,
			Text: fmt.Sprintf("%s would enter the battlefield under %s's control; it enters under %s's instead (%s)", o.Label, t.name(ctrl), t.name(m.ctrl), m.name)})
		ctrl = m.ctrl
	}
	return ctrl
}
