package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// forEachTarget follows in.Each once for each legal target of in.What,
// each time as "that permanent or player". 608.2f: an action that can't
// be processed for all of them at once is processed for each one apart,
// in APNAP order of the players they are or are controlled by, and the
// resolving spell's controller chooses the order among one player's.
// Without that rule they are taken as they were chosen.
func (x *execCtx) forEachTarget(in *cardtext.Instr) (bool, error) {
	t := x.t
	left := x.targetsAt(in.What.Index)
	var order []Target
	if t.applies(registry.EachApart) {
		for _, p := range t.s.APNAP() {
			var mine []Target
			for _, tg := range left {
				if x.targetPlayer(tg) == p {
					mine = append(mine, tg)
				}
			}
			for len(mine) > 1 {
				ch := &Choice{Player: x.ctrl, Key: registry.EachApart, Min: 1, Max: 1,
					Prompt: "choose which of " + x.item.SourceName + "'s targets to follow its instructions for first"}
				for _, tg := range mine {
					if tg.IsPlayer {
						ch.Players = append(ch.Players, tg.Player)
					} else {
						ch.Options = append(ch.Options, tg.Object)
					}
				}
				pick, err := t.askTarget(ch)
				if err != nil {
					return false, err
				}
				i := slices.Index(mine, pick)
				if i < 0 {
					return false, t.ruleErr(registry.EachApart, "that isn't one of them")
				}
				order = append(order, pick)
				mine = slices.Delete(mine, i, i+1)
			}
			order = append(order, mine...)
		}
	} else {
		order = left
	}
	did := false
	for _, tg := range order {
		sub := *x
		sub.each = &tg
		if err := sub.instrs(in.Each); err != nil {
			return did, err
		}
		x.it = sub.it
		did = true
	}
	return did, nil
}

// targetPlayer is the player a target is, or the controller of the object
// it is (its owner off the battlefield).
func (x *execCtx) targetPlayer(tg Target) PlayerID {
	if tg.IsPlayer {
		return tg.Player
	}
	o := x.t.s.Object(tg.Object)
	if o == nil {
		return -1
	}
	if o.Zone == cardtext.Battlefield || o.Zone == cardtext.Stack {
		return x.t.chars(o).Controller
	}
	return o.Owner
}
