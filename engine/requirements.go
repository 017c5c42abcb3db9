package engine

import (
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Combat requirements (508.1d, 509.1c): "attacks each combat if able" and
// "blocks each combat if able". A declaration must obey as many
// requirements as any declaration that breaks no restriction could; the
// engine finds that maximum by trying every declaration, which is cheap
// for the handful of creatures a scenario has.

// maxRequirementCreatures and maxRequirementTries bound the search:
// beyond them, requirements aren't checked (no printed example comes
// near). The blocks' count of declarations grows as (attackers+1) to the
// power of the blockers, so it is bounded by that count, not the
// creatures': a scenario text anyone can post must not stall a run.
const (
	maxRequirementCreatures = 12
	maxRequirementTries     = 1 << 12
)

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
	if len(able) > maxRequirementCreatures {
		return nil
	}
	best := 0
	for set := 0; set < 1<<len(able); set++ {
		var try []cardtext.ObjectID
		for i, id := range able {
			if set&(1<<i) != 0 {
				try = append(try, id)
			}
		}
		if t.attackRestrictions(try) == nil {
			best = max(best, obeyed(must, try))
		}
	}
	if got := obeyed(must, ids); got < best {
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
	type option struct {
		blk  cardtext.ObjectID
		atks []cardtext.ObjectID
	}
	var opts []option
	for _, o := range t.s.Objects {
		ch := t.chars(o)
		if o.Zone != cardtext.Battlefield || o.PhasedOut || o.Tapped || !ch.Types.Is("creature") || ch.Controller != p {
			continue
		}
		op := option{blk: o.ID}
		for _, at := range t.s.Combat.Attackers {
			if ao := t.s.Object(at.ID); ao != nil && t.canBlock(o, ch, ao, t.chars(ao)) == nil {
				op.atks = append(op.atks, at.ID)
			}
		}
		opts = append(opts, op)
	}
	tries := 1
	for _, op := range opts {
		if tries *= len(op.atks) + 1; tries > maxRequirementTries {
			return nil
		}
	}
	best := 0
	var try [][2]cardtext.ObjectID
	var search func(i int)
	search = func(i int) {
		if i == len(opts) {
			if t.blockRestrictions(try) == nil {
				var blockers []cardtext.ObjectID
				for _, b := range try {
					blockers = append(blockers, b[0])
				}
				best = max(best, obeyed(must, blockers))
			}
			return
		}
		search(i + 1) // this creature doesn't block
		for _, at := range opts[i].atks {
			try = append(try, [2]cardtext.ObjectID{opts[i].blk, at})
			search(i + 1)
			try = try[:len(try)-1]
		}
	}
	search(0)
	var blockers []cardtext.ObjectID
	for _, b := range blocks {
		blockers = append(blockers, b[0])
	}
	if got := obeyed(must, blockers); got < best {
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

// obeyed counts the requirements whose creature is among ids.
func obeyed(must, ids []cardtext.ObjectID) int {
	n := 0
	for _, m := range must {
		for _, id := range ids {
			if id == m {
				n++
				break
			}
		}
	}
	return n
}
