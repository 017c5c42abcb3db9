package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Loyalty abilities (606): activated abilities whose cost puts loyalty
// counters on their permanent or removes them.

// loyaltyText writes a loyalty cost as the rules do: "[+1]", "[−3]".
func loyaltyText(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("[+%d]", n)
	case n < 0:
		return fmt.Sprintf("[−%d]", -n)
	}
	return "[0]"
}

// loyaltyCosts checks that player p may activate the loyalty ability ab
// of o now (606.3) and returns its loyalty costs: the ability's own and
// those effects add (Carth the Lion), combined into one (606.5).
func (t *tx) loyaltyCosts(o *Object, ab *cardtext.Ability, p PlayerID) ([]int, error) {
	if t.applies(registry.LoyaltyTiming) { // 606.3
		if !t.s.IsActive(p) || !t.s.Step.IsMain() || t.top() != nil {
			return nil, t.ruleErr(registry.LoyaltyTiming, "%s's loyalty abilities can be activated only in its controller's main phase, with an empty stack", o.Label)
		}
		if o.LoyaltyTurn == t.s.Turn {
			return nil, t.ruleErr(registry.LoyaltyTiming, "a loyalty ability of %s has already been activated this turn", o.Label)
		}
	}
	costs := []int{ab.Cost.Loyalty}
	for _, m := range t.ruleMods(cardtext.RuleAbilityCostMore) {
		if m.mod.Who == cardtext.Yours && m.ctrl != p || !matchFilter(&t.s, m.mod.Filter, o, t.chars(o), m.src, m.ctrl) {
			continue
		}
		costs = append(costs, m.mod.Loyalty)
		t.emit(Event{Kind: EvCost, Key: registry.Activate, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
			Text: fmt.Sprintf("%s: %s's loyalty ability costs an additional %s", m.name, o.Label, loyaltyText(m.mod.Loyalty))})
	}
	if len(costs) > 1 && t.applies(registry.LoyaltyCombined) {
		// 606.5: one cost to add or remove loyalty counters.
		sum := 0
		var parts []string
		for _, n := range costs {
			sum += n
			parts = append(parts, loyaltyText(n))
		}
		t.emit(Event{Kind: EvCost, Key: registry.LoyaltyCombined, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
			Text: fmt.Sprintf("%s combine into one cost: %s", strings.Join(parts, " and "), loyaltyText(sum))})
		costs = []int{sum}
	}
	// 606.6: a negative loyalty cost needs that many loyalty counters.
	for _, n := range costs {
		if have := o.Counters.Get("loyalty"); n < 0 && have < -n {
			return nil, t.ruleErr(registry.Activate, "%s has %d loyalty counter%s: a %s cost can't be paid (606.6)", o.Label, have, plural(have), loyaltyText(n))
		}
	}
	return costs, nil
}

// payLoyalty pays loyalty costs (606.4) and notes that a loyalty ability
// of o was activated this turn (606.3).
func (t *tx) payLoyalty(o *Object, costs []int) error {
	o.LoyaltyTurn = t.s.Turn
	for _, n := range costs {
		if err := t.counters(ObjectTarget(o.ID), "loyalty", n); err != nil {
			return err
		}
	}
	return nil
}
