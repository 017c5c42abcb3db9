package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// EventKind classifies events for tests and the sandbox.
type EventKind uint8

const (
	EvMove     EventKind = iota + 1 // an object changed zones
	EvCease                         // a token ceased to exist
	EvToken                         // a token was created
	EvDraw                          // a card was drawn
	EvCounter                       // counters were put or removed
	EvDamage                        // damage was dealt
	EvLife                          // life was gained or lost
	EvLose                          // a player lost the game
	EvTap                           // tapped or untapped
	EvMana                          // mana added, emptied or burned
	EvChoice                        // a choice was asked for or made
	EvRule                          // a rule applied with no other effect (indestructible, a rejected token move)
	EvPriority                      // a player passed priority
	EvStep                          // a step or phase began
	EvCast                          // a spell was cast or an ability activated: it went on the stack
	EvTrigger                       // an ability triggered, or went on the stack
	EvResolve                       // a spell or ability resolved, or didn't (illegal targets), or was countered
	EvEffect                        // a continuous effect began or ended
	EvCombat                        // attackers or blockers were declared
	EvCost                          // a cost was paid
	EvWin                           // a player won the game
	EvCycle                         // a card was discarded to pay a cycling cost (702.29c)
	EvCrew                          // a creature crewed a Vehicle (702.122b)
	EvReveal                        // a player revealed a card (701.20a): Source is what made them
)

// Event is one thing that happened, naming the rule that made it happen in
// the numbering of the edition being run. Rule is zero when that edition has
// no such rule (an excerpt, or a rule not yet written).
type Event struct {
	Kind   EventKind
	Key    registry.Key
	Rule   RuleNumber
	Text   string        // "Isamaru#2 is put into A's graveyard"
	Object string        // label of the object concerned, if any
	Player string        // name of the player concerned, if any
	From   cardtext.Zone // EvMove
	To     cardtext.Zone // EvMove
	N      int           // amount: damage, life, counters, mana
	SBA    bool          // performed as a state-based action

	// ObjectID is the object concerned as it was when the event happened;
	// NewObjectID the object it became (EvMove: 400.7). Source is the
	// source of damage, or of a spell or ability.
	ObjectID    cardtext.ObjectID
	NewObjectID cardtext.ObjectID
	Source      cardtext.ObjectID
	Combat      bool // combat damage
	PlayerID    PlayerID
	HasPlayer   bool
	// Also are the other cards a melded permanent became as it moved, the
	// first being NewObjectID (712.21c). Extra marks the event of one of
	// those further cards: the permanent left once, and only abilities
	// about cards see it (712.21).
	Also  []cardtext.ObjectID
	Extra bool
	// Entered is what a permanent was as it entered the battlefield
	// (EvMove), for the abilities its entering triggers.
	Entered *Chars
}

func (e Event) String() string {
	if e.Rule.IsZero() {
		return e.Text
	}
	return fmt.Sprintf("%s (%s)", e.Text, e.Rule)
}

// RuleError is an action the rules forbid, naming the rule.
type RuleError struct {
	Key  registry.Key
	Rule RuleNumber
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule.IsZero() {
		return e.Msg
	}
	return fmt.Sprintf("%s (%s)", e.Msg, e.Rule)
}
