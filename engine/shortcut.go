package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Shortcuts (731.2): the player with priority proposes a sequence of game
// choices, here that every player passes priority at every opportunity until
// a point where a player has priority; each other player, in turn order,
// accepts it or shortens it by naming a place where they will choose
// differently; then it is taken.

// Place is a point of the game where a player has priority: in Step of the
// next turn whose active player is Active (this turn's, if that step is
// still ahead), with Priority holding it.
type Place struct {
	Active, Priority PlayerID
	Step             cardtext.Step
}

// Shortcut is a proposal waiting for the other players' answers.
type Shortcut struct {
	Proposer PlayerID
	End      Place
	// Next is the player to answer next.
	Next PlayerID
	// Shortened: a player named an earlier place; Original is the
	// proposal's own ending point.
	Shortened bool
	Original  Place
}

type (
	// ProposeShortcut: the player with priority proposes that all players
	// pass priority at every opportunity until End (731.2a).
	ProposeShortcut struct {
		Player PlayerID
		End    Place
	}
	// AnswerShortcut: the next player accepts the proposal, or shortens it
	// to a place where they will make a different game choice (731.2b):
	// Shorten names the step, they hold priority there.
	AnswerShortcut struct {
		Player  PlayerID
		Shorten *Place
	}
)

func (a ProposeShortcut) apply(t *tx) error {
	if !t.applies(registry.Shortcut) {
		return t.ruleErr(registry.Shortcut, "there is no shortcut to propose: each game choice is made one by one")
	}
	if t.s.Shortcut != nil {
		return fmt.Errorf("a shortcut is already proposed")
	}
	if !t.s.HasPriority(a.Player) {
		return t.ruleErr(registry.Shortcut, "only the player with priority may suggest a shortcut; %s has it", t.name(t.s.Priority))
	}
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it first")
	}
	sc := &Shortcut{Proposer: a.Player, End: a.End, Original: a.End}
	t.emit(Event{Kind: EvChoice, Key: registry.Shortcut, Player: t.name(a.Player),
		Text: fmt.Sprintf("%s suggests a shortcut: all players pass priority at every opportunity until %s", t.name(a.Player), t.place(a.End))})
	sc.Next = t.nextPlayer(a.Player)
	t.s.Shortcut = sc
	if sc.Next == a.Player {
		return t.takeShortcut()
	}
	return nil
}

func (a AnswerShortcut) apply(t *tx) error {
	sc := t.s.Shortcut
	if sc == nil {
		return fmt.Errorf("no shortcut has been proposed")
	}
	if a.Player != sc.Next {
		return t.ruleErr(registry.Shortcut, "%s answers the shortcut next, in turn order", t.name(sc.Next))
	}
	n := *sc
	t.s.Shortcut = &n
	if a.Shorten == nil {
		t.emit(Event{Kind: EvChoice, Key: registry.Shortcut, Player: t.name(a.Player), Text: t.name(a.Player) + " accepts the shortcut"})
	} else {
		if !t.applies(registry.ShortcutShorten) {
			return t.ruleErr(registry.ShortcutShorten, "%s can't change the proposed shortcut, only accept it", t.name(a.Player))
		}
		// 731.2b: a place where they will make a different game choice
		// becomes the new ending point.
		end := *a.Shorten
		end.Priority = a.Player
		n.End, n.Shortened = end, true
		t.emit(Event{Kind: EvChoice, Key: registry.ShortcutShorten, Player: t.name(a.Player),
			Text: fmt.Sprintf("%s shortens the shortcut: they will make a different game choice at %s", t.name(a.Player), t.place(end))})
	}
	n.Next = t.nextPlayer(a.Player)
	if n.Next == n.Proposer {
		return t.takeShortcut()
	}
	return nil
}

// takeShortcut advances the game to the shortcut's ending point, every
// player passing priority on the way (731.2c). Something that triggers on
// the way stops it there: a shortcut can't include a choice that depends
// on what happens.
func (t *tx) takeShortcut() error {
	sc := t.s.Shortcut
	t.s.Shortcut = nil
	reached := func(p Place) bool {
		return t.s.Active == p.Active && t.s.Step == p.Step && t.s.Priority == p.Priority
	}
	for i := 0; i < 200; i++ {
		if err := t.pass(); err != nil {
			return err
		}
		if reached(sc.End) {
			t.emit(Event{Kind: EvRule, Key: registry.Shortcut, Player: t.name(t.s.Priority),
				Text: fmt.Sprintf("the shortcut is taken: %s has priority in %s", t.name(t.s.Priority), t.s.Step)})
			if sc.Shortened {
				// 731.2c: the player who now has priority must make a
				// different game choice than the one proposed: not pass.
				t.s.MustAct = &Place{Active: t.s.Active, Priority: t.s.Priority, Step: t.s.Step}
			}
			return nil
		}
		if sc.Shortened && reached(sc.Original) {
			return fmt.Errorf("%s isn't before the proposed ending point", t.place(sc.End))
		}
		if len(t.s.Waiting) > 0 || t.top() != nil || t.s.Pending != nil || t.over() {
			return nil
		}
	}
	return fmt.Errorf("the shortcut never reaches %s", t.place(sc.End))
}

func (t *tx) place(p Place) string {
	return fmt.Sprintf("%s's %s with %s holding priority", t.name(p.Active), p.Step, t.name(p.Priority))
}
