package engine

import (
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Combat requirements (508.1d, 509.1c): "attacks each combat if able" and
// "blocks each combat if able". The engine finds the creatures a
// requirement applies to and those able to attack or block; package
// combat finds the most requirements a declaration breaking no
// restriction could obey (combat.MostAttackObeyed, MostBlockObeyed).

// attackRequirements checks that the attack declared with ids obeys as
// many attack requirements as possible (508.1d).
func (t *tx) attackRequirements(p PlayerID, ids []cardtext.ObjectID) error {
	must := t.requiredBy(cardtext.RuleAttacksIfAble)
	if len(must) == 0 || !t.applies(registry.Attack) {
		return nil
	}
	var able []cardtext.ObjectID
	for _, o := range t.s.Objects {
		if o.Zone == cardtext.Battlefield && !o.PhasedOut && t.chars(o).Types.Is("creature") && t.canAttack(p, o.ID) == nil {
			able = append(able, o.ID)
		}
	}
	best, ok := combat.MostAttackObeyed(must, able, func(try []cardtext.ObjectID) bool { return t.attackRestrictions(try) == nil })
	if !ok {
		return nil
	}
	if got := combat.Obeyed(must, ids); got < best {
		return t.ruleErr(registry.Attack, "this attack obeys %d of the requirements to attack; another obeys %d, breaking no restriction", got, best)
	}
	return nil
}

// blockRequirements checks that blocks obey as many block requirements as
// possible (509.1c).
func (t *tx) blockRequirements(p PlayerID, blocks [][2]cardtext.ObjectID) error {
	must := t.requiredBy(cardtext.RuleBlocksIfAble)
	if len(must) == 0 || !t.applies(registry.Block) {
		return nil
	}
	// Each creature that could block: the attackers it could block.
	var opts []combat.BlockOption
	for _, o := range t.s.Objects {
		ch := t.chars(o)
		if o.Zone != cardtext.Battlefield || o.PhasedOut || o.Tapped || !ch.Types.Is("creature") || ch.Controller != p {
			continue
		}
		op := combat.BlockOption{Blocker: o.ID}
		for _, at := range t.s.Combat.Attackers {
			if ao := t.s.Object(at.ID); ao != nil && t.canBlock(o, ch, ao, t.chars(ao)) == nil {
				op.Attackers = append(op.Attackers, at.ID)
			}
		}
		opts = append(opts, op)
	}
	best, ok := combat.MostBlockObeyed(must, opts, func(try [][2]cardtext.ObjectID) bool { return t.blockRestrictions(try) == nil })
	if !ok {
		return nil
	}
	if got := combat.Obeyed(must, combat.Blockers(blocks)); got < best {
		return t.ruleErr(registry.Block, "these blocks obey %d of the requirements to block; others obey %d, breaking no restriction", got, best)
	}
	return nil
}

// requiredBy lists the creatures a requirement of kind k applies to.
func (t *tx) requiredBy(k cardtext.RuleKind) []cardtext.ObjectID {
	var out []cardtext.ObjectID
	for _, m := range t.ruleMods(k) {
		if m.src != nil {
			out = append(out, m.src.ID)
		}
	}
	return out
}
