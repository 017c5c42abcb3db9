package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// From the Magic 2010 rules to Foundations (2024), a creature blocked by,
// or blocking, two or more creatures assigned its combat damage in an order
// announced as blockers were declared (509.2, 509.3); 510.1c and 510.1d
// then let it assign damage to a creature only once each one before it in
// that order was assigned lethal damage (checkOrder). Unless a player
// announces another order, the engine takes the order the creatures were
// declared in.

// AnnounceOrder: the active player announces the damage assignment order
// of an attacking creature that's become blocked, the creatures blocking
// it (509.2); or the defending player that of a blocking creature, the
// creatures it blocks (509.3). Both are part of the declare blockers
// step's turn-based action, before any player gets priority.
type AnnounceOrder struct {
	Player   PlayerID
	Creature cardtext.ObjectID
	Order    []cardtext.ObjectID // every creature in the order, first first
}

func (a AnnounceOrder) apply(t *tx) error {
	c := t.s.Combat
	if !t.ed.DamageOrder {
		return t.ruleErr(registry.AssignBlocked, "under these rules a creature has no damage assignment order: it divides its combat damage as its controller chooses")
	}
	o, err := t.object(a.Creature)
	if err != nil {
		return err
	}
	key, list := registry.OrderAttacker, []cardtext.ObjectID(nil)
	var at *combat.Attacker
	switch {
	case c != nil && c.IsAttacking(o.ID):
		at = c.Attacker(o.ID)
		list = at.Blockers
	case c != nil && c.IsBlocking(o.ID):
		key = registry.OrderBlocker
		for _, bl := range c.Blocks() {
			if bl.Blocker == o.ID {
				list = bl.Attackers
			}
		}
	default:
		return t.ruleErr(registry.OrderAttacker, "%s isn't blocked or blocking", o.Label)
	}
	if at != nil && !t.applies(registry.OrderAttacker) || at == nil && !t.applies(registry.OrderBlocker) {
		return t.ruleErr(key, "no rule lets %s announce a damage assignment order", t.name(a.Player))
	}
	if !c.Ordering || t.s.Step != cardtext.StepBlockers {
		return t.ruleErr(key, "damage assignment orders are announced as blockers are declared, before any player gets priority")
	}
	// 509.2: the active player orders an attacker's blockers; 509.3: the
	// defending player a blocker's attackers.
	if want := t.s.Active; key == registry.OrderAttacker && !t.s.IsActive(a.Player) {
		return t.ruleErr(key, "the active player, %s, announces %s's damage assignment order", t.name(want), o.Label)
	}
	if want := t.chars(o).Controller; key == registry.OrderBlocker && a.Player != want {
		return t.ruleErr(key, "the defending player, %s, announces %s's damage assignment order", t.name(want), o.Label)
	}
	if len(a.Order) != len(list) || slices.ContainsFunc(list, func(id cardtext.ObjectID) bool { return !slices.Contains(a.Order, id) }) {
		var names []string
		for _, id := range list {
			names = append(names, t.s.Object(id).Label)
		}
		return t.ruleErr(key, "%s's damage assignment order consists of %s, each once", o.Label, strings.Join(names, ", "))
	}
	var names []string
	for _, id := range a.Order {
		names = append(names, t.s.Object(id).Label)
	}
	if at != nil {
		at.Blockers = slices.Clone(a.Order)
	} else {
		c.SetOrder(o.ID, a.Order)
	}
	t.emit(Event{Kind: EvCombat, Key: key, Object: o.Label, ObjectID: o.ID, Player: t.name(a.Player),
		Text: fmt.Sprintf("%s announces %s's damage assignment order: %s", t.name(a.Player), o.Label, strings.Join(names, ", "))})
	return nil
}

// announcesOrder reports whether a is a damage assignment order's
// announcement, made by its player or for them (722.5).
func announcesOrder(a Action) bool {
	if f, ok := a.(ActFor); ok {
		a = f.Action
	}
	_, ok := a.(AnnounceOrder)
	return ok
}
