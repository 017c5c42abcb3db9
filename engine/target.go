package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// checkTargets checks the targets chosen for a spell or ability against
// its target specs (601.2c, 115): the right number for each "target", each
// legal, none chosen twice for one word (115.3), "other" targets
// different. src and srcCh are the spell, or the ability's source.
// changing is set when targets are changed or chosen anew: the rule that
// forbids choosing one word's target twice is then 115.3; as a spell is
// cast it is 601.2c (602.2b and 603.3d send abilities through it too).
func (t *tx) checkTargets(specs []cardtext.TargetSpec, chosen []Target, ctrl PlayerID, src *Object, srcCh *Chars, spell, changing bool) ([][]Target, error) {
	once, onceOn := registry.CastTargetOnce, t.applies(registry.CastTargetOnce)
	if changing {
		once, onceOn = registry.TargetOnce, t.applies(registry.TargetOnce)
	}
	out := make([][]Target, len(specs))
	i := 0
	for si, sp := range specs {
		n := sp.Count
		if n < 1 {
			n = 1
		}
		var got []Target
		for k := 0; k < n && i < len(chosen); k++ {
			got = append(got, chosen[i])
			i++
		}
		if len(got) < n && !sp.UpTo {
			if legal := t.anyLegal(sp, ctrl, src, srcCh, spell); !legal {
				return nil, t.ruleErr(registry.Targets, "there is no legal target for %q", sp.Text)
			}
			return nil, t.ruleErr(registry.Targets, "%q needs %d target%s; %d chosen", sp.Text, n, plural(n), len(got))
		}
		for a, x := range got {
			for _, y := range got[:a] {
				if x == y && onceOn {
					// 601.2c, 115.3: one "target" word, one choice each;
					// each word is checked on its own, so two words may
					// choose the same object.
					return nil, t.ruleErr(once, "the same target can't be chosen twice for one \"target\" (%s)", sp.Text)
				}
			}
			if err := t.legalTarget(sp, x, ctrl, src, srcCh, spell); err != nil {
				return nil, err
			}
			if sp.ByOpponent {
				if err := t.opponentsTarget(sp, x, ctrl); err != nil {
					return nil, err
				}
			}
			if sp.Other > 0 && slices.Contains(out[sp.Other-1], x) {
				return nil, t.ruleErr(registry.Targets, "%q must be another target than the first", sp.Text)
			}
		}
		out[si] = got
	}
	if i < len(chosen) {
		return nil, t.ruleErr(registry.Targets, "too many targets: it has %d", i)
	}
	return out, nil
}

// anyLegal reports whether spec has any legal target now.
func (t *tx) anyLegal(sp cardtext.TargetSpec, ctrl PlayerID, src *Object, srcCh *Chars, spell bool) bool {
	return len(t.legalTargets(sp, ctrl, src, srcCh, spell)) > 0
}

// legalTargets lists the legal choices for one target.
func (t *tx) legalTargets(sp cardtext.TargetSpec, ctrl PlayerID, src *Object, srcCh *Chars, spell bool) []Target {
	var out []Target
	if sp.Players {
		for i := range t.s.Players {
			tg := PlayerTarget(PlayerID(i))
			if t.legalTarget(sp, tg, ctrl, src, srcCh, spell) == nil {
				out = append(out, tg)
			}
		}
	}
	if sp.Objects {
		for i := range t.s.Objects {
			tg := ObjectTarget(t.s.Objects[i].ID)
			if t.legalTarget(sp, tg, ctrl, src, srcCh, spell) == nil {
				out = append(out, tg)
			}
		}
	}
	return out
}

// legalTarget reports why a target isn't legal (nil if it is): it must fit
// the description, and hexproof, shroud and protection (702.11, 702.18,
// 702.16b) may forbid it; a spell can't target itself (115.5).
func (t *tx) legalTarget(sp cardtext.TargetSpec, tg Target, ctrl PlayerID, src *Object, srcCh *Chars, spell bool) error {
	if tg.IsPlayer {
		if !sp.Players {
			return t.ruleErr(registry.Targets, "%s can't be the target of %q: it needs an object", t.name(tg.Player), sp.Text)
		}
		if int(tg.Player) >= len(t.s.Players) || !t.s.InGame(tg.Player) {
			return t.ruleErr(registry.Targets, "that player isn't in the game")
		}
		if sp.Filter.Control == cardtext.Opponents && !t.s.Opponents(tg.Player, ctrl) {
			return t.ruleErr(registry.Targets, "%q must be an opponent", sp.Text)
		}
		if !t.s.InRange(ctrl, tg.Player) && t.applies(registry.RangeTarget) { // 801.4
			return t.ruleErr(registry.RangeTarget, "%s is outside %s's range of influence: they can't be its target", t.name(tg.Player), t.name(ctrl))
		}
		return nil
	}
	o := t.s.Object(tg.Object)
	if o == nil {
		return t.ruleErr(registry.Targets, "that object doesn't exist any more")
	}
	if !sp.Objects {
		return t.ruleErr(registry.Targets, "%s can't be the target of %q: it needs a player", o.Label, sp.Text)
	}
	if src != nil && o.ID == src.ID && o.Zone == cardtext.Stack {
		return t.ruleErr(registry.Targets, "a spell or ability can't target itself (115.5)")
	}
	if !t.s.ObjectInRange(ctrl, o) && t.applies(registry.RangeTarget) { // 801.4
		return t.ruleErr(registry.RangeTarget, "%s is outside %s's range of influence: it can't be its target", o.Label, t.name(ctrl))
	}
	ch := t.chars(o)
	f := sp.Filter
	if f.Other && src != nil && o.ID == src.ID {
		return t.ruleErr(registry.Targets, "%q must be another object than %s", sp.Text, src.Label)
	}
	g := f
	g.Other = false
	if !matchFilter(&t.s, &g, o, ch, src, ctrl) {
		return t.ruleErr(registry.Targets, "%s isn't a legal target for %q", o.Label, sp.Text)
	}
	if o.Zone == cardtext.Battlefield {
		if ch.HasKeyword("shroud") {
			return t.ruleErr(registry.Targets, "%s has shroud: it can't be the target of spells or abilities", o.Label)
		}
		if ch.HasKeyword("hexproof") && t.s.Opponents(ch.Controller, ctrl) {
			return t.ruleErr(registry.Targets, "%s has hexproof: its opponents can't target it", o.Label)
		}
		if srcCh != nil && ch.ProtectedFrom(*srcCh) && t.applies(registry.ProtectTarget) { // 702.16b
			return t.ruleErr(registry.ProtectTarget, "%s has protection from %s: it can't be the target of %s", o.Label, protectionName(ch, *srcCh), srcLabel(src))
		}
	}
	return nil
}

func srcLabel(o *Object) string {
	if o == nil {
		return "that"
	}
	return o.Label
}

// targetText describes a target for events.
func (t *tx) targetText(tg Target) string {
	if tg.IsPlayer {
		return t.name(tg.Player)
	}
	if o := t.s.Object(tg.Object); o != nil {
		return o.Label
	}
	return fmt.Sprintf("#%d", tg.Object)
}

// opponentsTarget checks a target "of an opponent's choice": the opponent
// the controller names chooses it. Under the limited range of influence
// option (801.5a), a player asked to choose an object or player chooses
// one within their range: the controller names an opponent within theirs,
// and that opponent a target within their own (and, being a target, within
// the controller's: 801.4).
func (t *tx) opponentsTarget(sp cardtext.TargetSpec, tg Target, ctrl PlayerID) error {
	by := t.targetsBy - 1
	if by < 0 || by >= len(t.s.Players) {
		return t.ruleErr(registry.Targets, "an opponent chooses %q: say which, like: with B choosing the other target", sp.Text)
	}
	p := PlayerID(by)
	if !t.s.Opponents(ctrl, p) || !t.s.InGame(p) {
		return t.ruleErr(registry.Targets, "%s isn't an opponent of %s in the game: an opponent chooses %q", t.name(p), t.name(ctrl), sp.Text)
	}
	if !t.applies(registry.RangeChoose) {
		return nil
	}
	if !t.s.InRange(ctrl, p) {
		return t.ruleErr(registry.RangeChoose, "%s is outside %s's range of influence: %s can't choose them to choose %q", t.name(p), t.name(ctrl), t.name(ctrl), sp.Text)
	}
	if !t.s.targetInRange(p, tg) {
		what := t.name(tg.Player)
		if !tg.IsPlayer {
			what = t.s.Object(tg.Object).Label
		}
		return t.ruleErr(registry.RangeChoose, "%s is outside %s's range of influence: %s can't choose it", what, t.name(p), t.name(p))
	}
	return nil
}
