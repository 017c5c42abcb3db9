package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// damageSource is what deals damage, as it is (or last was) when it deals
// it: damage from an ability comes from the ability's source (609.7).
type damageSource struct {
	id    cardtext.ObjectID
	label string
	ch    Chars
	ctrl  PlayerID
}

// ruleMod is one rule-modifying effect in force (613.11): from a static
// ability of a permanent, or from a resolved spell or ability.
type ruleMod struct {
	mod  *cardtext.RuleMod
	src  *Object
	ctrl PlayerID
	name string
	eff  *ContEffect
	spec *cardtext.ContSpec
}

// preventKey names a static prevention effect: its object and ability.
type preventKey struct {
	src  cardtext.ObjectID
	spec *cardtext.ContSpec
}

// ruleMods lists the rule-modifying effects of a kind in force now.
func (t *tx) ruleMods(k cardtext.RuleKind) []ruleMod {
	var out []ruleMod
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield || o.PhasedOut {
			continue
		}
		ch := t.chars(o)
		for _, a := range ch.Abilities {
			if a.Kind != cardtext.AbStatic {
				continue
			}
			for _, sp := range a.Static {
				if sp.Rules != nil && sp.Rules.Kind == k {
					out = append(out, ruleMod{mod: sp.Rules, src: o, ctrl: ch.Controller, name: o.Label, spec: sp})
				}
			}
		}
	}
	for i := range t.s.Effects {
		e := &t.s.Effects[i]
		if e.Spec != nil && e.Spec.Rules != nil && e.Spec.Rules.Kind == k {
			out = append(out, ruleMod{mod: e.Spec.Rules, src: t.s.Object(e.Source), ctrl: e.Controller, name: e.SourceName, eff: e, spec: e.Spec})
		}
	}
	return out
}

// affects reports whether the rule change m applies to object o (with
// characteristics ch): the object of a static ability's own "~", what it's
// attached to, a group it names, or an instruction's affected objects.
func (t *tx) affects(m ruleMod, o *Object, ch *Chars) bool {
	switch {
	case m.eff != nil:
		return slices.Contains(m.eff.Objects, o.ID)
	case m.src == nil:
		return false
	case m.spec.Affects.Kind == cardtext.RefSelf:
		return m.src.ID == o.ID
	case m.spec.Affects.Kind == cardtext.RefEnchanted:
		return m.src.Attached == o.ID
	case m.spec.Affects.Kind == cardtext.RefGroup:
		return matchFilter(&t.s, m.spec.Affects.Group, o, ch, m.src, m.ctrl)
	}
	return false
}

// maxRepeats bounds a replacement effect applying to an event again and
// again: without 614.5 nothing else would stop it.
const maxRepeats = 16

// replaceEach applies the replacement effects in mods that apply (ok) to
// an event, one at a time, until none is left to apply (616.1f). 614.5:
// each gets only one opportunity; without that rule each could apply
// again to the event it had modified, without end.
func (t *tx) replaceEach(mods []ruleMod, ok func(ruleMod) bool, apply func(ruleMod)) {
	used := make([]bool, len(mods))
	for range maxRepeats {
		i := -1
		for j := range mods {
			if (!used[j] || !t.applies(registry.ReplaceOnce)) && ok(mods[j]) {
				i = j
				break
			}
		}
		if i < 0 {
			return
		}
		used[i] = true
		apply(mods[i])
	}
}

// damage has src deal n damage to a player or object (120), after
// replacement (614) and prevention (615) effects. combat marks combat
// damage (510.2).
func (t *tx) damage(src *damageSource, to Target, n int, combat bool) error {
	if n <= 0 {
		return nil
	}
	srcName := "a source"
	var sch Chars
	var srcObj *Object
	if src != nil {
		srcName, sch = src.label, src.ch
		srcObj = t.s.Object(src.id)
	}
	var target *Object
	var tch *Chars
	if !to.IsPlayer {
		target = t.s.Object(to.Object)
		if target == nil || target.Zone != cardtext.Battlefield {
			return nil
		}
		tch = t.chars(target)
	}
	// Doubling effects apply one after another to the event as each left
	// it (616.1f), each once (614.5).
	if src != nil && srcObj != nil {
		t.replaceEach(t.ruleMods(cardtext.RuleDoubleDamage), func(m ruleMod) bool {
			// "If a source would deal damage": no filter, any source.
			return m.mod.Filter == nil || matchFilter(&t.s, m.mod.Filter, srcObj, &sch, m.src, m.ctrl)
		}, func(m ruleMod) {
			n *= max(m.mod.N, 2)
			t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: srcName, Text: fmt.Sprintf("%s: %s deals %s: %d", m.name, srcName, timesWord(m.mod.N, "double", "triple"), n)})
		})
	}
	// Redirection (614.9): the next N damage to a creature or player is
	// dealt to another instead.
	var redirected []hit
	for i := range t.s.Effects {
		e := &t.s.Effects[i]
		if e.Redirect == nil || e.Left <= 0 || n <= 0 || !e.protects(to) {
			continue
		}
		k := min(n, e.Left)
		e.Left -= k
		n -= k
		// 801.13a: a replacement that would make the spell or ability
		// affect what's outside its controller's range does nothing there.
		if src != nil && !t.s.targetInRange(src.ctrl, *e.Redirect) && t.applies(registry.RangeReplace) {
			t.emit(Event{Kind: EvRule, Key: registry.RangeReplace, Object: e.SourceName, N: k,
				Text: fmt.Sprintf("%s would redirect %d damage to %s, outside %s's range of influence: that damage isn't dealt", e.SourceName, k, t.targetText(*e.Redirect), t.name(src.ctrl))})
			continue
		}
		t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: e.SourceName, N: k,
			Text: fmt.Sprintf("%s: %d of the damage is dealt to %s instead", e.SourceName, k, t.targetText(*e.Redirect))})
		redirected = append(redirected, hit{src, *e.Redirect, k})
	}
	for _, h := range redirected {
		if err := t.damage(h.src, h.to, h.n, combat); err != nil {
			return err
		}
	}
	if n <= 0 {
		return nil
	}
	// Prevention.
	if tch != nil && src != nil && tch.ProtectedFrom(sch) && t.applies(registry.ProtectDamage) { // 702.16e
		t.emit(Event{Kind: EvRule, Key: registry.ProtectDamage, Object: target.Label, ObjectID: target.ID, Source: src.id, N: n,
			Text: fmt.Sprintf("%d damage from %s to %s is prevented: protection from %s", n, srcName, target.Label, protectionName(tch, sch))})
		return nil
	}
	for _, m := range t.ruleMods(cardtext.RulePreventAll) {
		if !t.applies(registry.Prevent) {
			break
		}
		if m.mod.N == 1 && !combat {
			continue // "prevent all combat damage"
		}
		if m.mod.Filter != nil && (srcObj == nil || !matchFilter(&t.s, m.mod.Filter, srcObj, &sch, m.src, m.ctrl)) {
			continue
		}
		if !t.preventsTo(m.mod.To, m.ctrl, to, target, tch, m.src) {
			continue // "… that would be dealt to you"
		}
		if !t.preventsInRange(m.ctrl, m.mod.Filter != nil, m.mod.Filter == nil && m.mod.To != nil, src, to) {
			continue
		}
		if m.eff != nil && m.eff.Objects != nil && (srcObj == nil || !slices.Contains(m.eff.Objects, srcObj.ID)) {
			continue // a rule-modifying effect whose set of objects was fixed (611.2c off)
		}
		t.emit(Event{Kind: EvRule, Key: registry.Prevent, Object: srcName, N: n,
			Text: fmt.Sprintf("%d damage from %s is prevented (%s)", n, srcName, m.name)})
		return nil
	}
	if target != nil && t.applies(registry.Prevent) {
		for _, m := range t.ruleMods(cardtext.RulePreventSome) {
			if !t.applies(registry.PreventEachEvent) {
				// 615.10: "prevent 1 of that damage" applies to each
				// damage event apart, those at the same time too. Without
				// that rule, once to all the damage dealt at once.
				k := preventKey{spec: m.spec}
				if m.src != nil {
					k.src = m.src.ID
				}
				if t.prevented[k] {
					continue
				}
				if t.prevented == nil {
					t.prevented = map[preventKey]bool{}
				}
				t.prevented[k] = true
			}
			if matchFilter(&t.s, m.mod.Filter, target, tch, m.src, m.ctrl) && t.preventsInRange(m.ctrl, false, true, src, to) {
				k := min(n, m.mod.N)
				n -= k
				t.emit(Event{Kind: EvRule, Key: registry.Prevent, Object: target.Label, N: k,
					Text: fmt.Sprintf("%s prevents %d of the damage to %s", m.name, k, target.Label)})
			}
		}
	}
	for i := range t.s.Effects {
		e := &t.s.Effects[i]
		if !e.Shield || e.Left <= 0 || !t.applies(registry.Prevent) {
			continue
		}
		if !e.protects(to) || !t.preventsInRange(e.Controller, false, true, src, to) {
			continue
		}
		k := min(n, e.Left)
		if t.applies(registry.PreventShield) { // 615.7: the shield is used up
			e.Left -= k
		}
		n -= k
		t.emit(Event{Kind: EvRule, Key: registry.Prevent, N: k, Object: e.SourceName,
			Text: fmt.Sprintf("%s's shield prevents %d damage", e.SourceName, k)})
		if n == 0 {
			break
		}
	}
	if n <= 0 {
		return nil
	}
	srcID := cardtext.ObjectID(0)
	if src != nil {
		srcID = src.id
	}
	if to.IsPlayer {
		p := &t.s.Players[to.Player]
		if sch.HasKeyword("infect") && t.applies(registry.DamageInfect) {
			// 120.3b: infect gives poison counters instead.
			p.Counters = p.Counters.With("poison", n)
			t.emit(Event{Kind: EvDamage, Key: registry.DamageInfect, Player: p.Name, PlayerID: to.Player, HasPlayer: true, Object: srcName, Source: srcID, N: n, Combat: combat,
				Text: fmt.Sprintf("%s deals %d damage to %s, who gets %d poison counter%s", srcName, n, p.Name, n, plural(n))})
		} else {
			total := t.addLife(to.Player, -n)
			t.emit(Event{Kind: EvDamage, Key: registry.DamagePlayer, Player: p.Name, PlayerID: to.Player, HasPlayer: true, Object: srcName, Source: srcID, N: n, Combat: combat,
				Text: fmt.Sprintf("%s deals %d damage to %s: life %d", srcName, n, p.Name, total)})
		}
		if combat {
			t.commanderDamage(srcID, to.Player, n)
		}
		// 702.164c: combat damage from a creature with toxic also gives
		// poison counters; instances add up (702.164b).
		if combat && t.applies(registry.Toxic) {
			if tox := t.toxicTotal(sch); tox > 0 {
				p.Counters = p.Counters.With("poison", tox)
				t.emit(Event{Kind: EvCounter, Key: registry.Toxic, Player: p.Name, N: tox,
					Text: fmt.Sprintf("%s gets %d poison counter%s from toxic (now %d)", p.Name, tox, plural(tox), p.Counters.Get("poison"))})
			}
		}
	} else if tch.Types.Is("planeswalker") && !tch.Types.Is("creature") && t.applies(registry.DamageWalker) {
		// 120.3c: damage to a planeswalker removes that many loyalty
		// counters from it.
		o := target
		k := min(n, o.Counters.Get("loyalty"))
		o.Counters = o.Counters.With("loyalty", -k)
		t.emit(Event{Kind: EvDamage, Key: registry.DamageWalker, Object: o.Label, ObjectID: o.ID, Source: srcID, N: n, Combat: combat,
			Text: fmt.Sprintf("%s deals %d damage to %s: %d loyalty counter%s removed (%d left)", srcName, n, o.Label, k, plural(k), o.Counters.Get("loyalty"))})
	} else {
		o := target
		if (sch.HasKeyword("wither") || sch.HasKeyword("infect")) && t.applies(registry.DamageWither) {
			// 120.3d: -1/-1 counters instead of marked damage.
			o.Counters = o.Counters.With("-1/-1", n)
			t.emit(Event{Kind: EvDamage, Key: registry.DamageWither, Object: o.Label, ObjectID: o.ID, Source: srcID, N: n, Combat: combat,
				Text: fmt.Sprintf("%s deals %d damage to %s as -1/-1 counters", srcName, n, o.Label)})
		} else {
			o.Damage += n
			t.emit(Event{Kind: EvDamage, Key: registry.DamageCreature, Object: o.Label, ObjectID: o.ID, Source: srcID, N: n, Combat: combat,
				Text: fmt.Sprintf("%s deals %d damage to %s (%d marked)", srcName, n, o.Label, o.Damage)})
			if ch := t.chars(o); !t.applies(registry.DamageNoDestroy) && ch.Types.Is("creature") && o.Damage >= ch.Toughness {
				// 120.5: damage doesn't destroy a creature; state-based
				// actions may. Without that rule, lethal damage would
				// destroy it as it's dealt.
				if err := t.destroy(o, registry.Destroy, "is destroyed by the damage"); err != nil {
					return err
				}
			}
		}
		// 702.2a: deathtouch, a static ability since M10, marks the
		// creature for 704.5h.
		if sch.HasKeyword("deathtouch") && t.ed.Deathtouch != KeywordTriggered && t.applies(registry.DeathtouchKW) {
			o.Deathtouched = true
		}
	}
	// 702.15a: lifelink, a static ability since M10; 120.3f: its damage
	// makes its controller gain that much life as it's dealt.
	if sch.HasKeyword("lifelink") && src != nil && t.ed.Lifelink != KeywordTriggered && t.applies(registry.LifelinkKind) && t.applies(registry.Lifelink) {
		if t.lifelinked != nil {
			// Without 702.15e, lifelink damage dealt at once would
			// be one life gain event: combatDamage gains it all at the end.
			t.lifelinked[src.ctrl] += n
			return nil
		}
		return t.life(src.ctrl, n, registry.Lifelink, "from lifelink")
	}
	return nil
}

// protects reports whether a shield's damage is damage dealt to tg: the
// objects or players it names, or with none named its controller.
func (e *ContEffect) protects(tg Target) bool {
	if tg.IsPlayer {
		return slices.Contains(e.Players, tg.Player) || e.Objects == nil && e.Players == nil && e.Controller == tg.Player
	}
	return slices.Contains(e.Objects, tg.Object)
}

// preventsInRange reports whether a prevention effect controlled by p can
// prevent damage from src to to under the limited range of influence
// option (801.13b): an effect preventing damage by a source affects only
// sources within p's range; one preventing damage to a permanent or
// player, only those within it; one naming neither, damage whose source
// and recipient are both within it. Without that rule, it would affect,
// as any effect does, only what is within range: the recipient (801.10).
func (t *tx) preventsInRange(p PlayerID, bySource, toRecipient bool, src *damageSource, to Target) bool {
	if !t.s.limited() {
		return true
	}
	srcIn := src == nil || t.s.InRange(p, src.ctrl)
	toIn := t.s.targetInRange(p, to)
	switch {
	case !t.applies(registry.RangePrevent):
		return toIn || !t.applies(registry.RangeAffect)
	case bySource:
		return srcIn
	case toRecipient:
		return toIn
	}
	return srcIn && toIn
}

// Deathtouch and lifelink as the rules printed them first (Future Sight,
// 2007, to M10): triggered abilities, which go on the stack after the damage
// and can be responded to. An edition without the keyword (before 2007)
// plays it by today's rules: a scenario naming it asks for them.
var (
	deathtouchTrigger = &cardtext.Ability{Kind: cardtext.AbTriggered, Keyword: "deathtouch",
		Text:    "Whenever this permanent deals damage to a creature, destroy that creature.",
		Trigger: &cardtext.Trigger{Event: cardtext.TrigDealsDamage, What: &cardtext.Filter{Self: true}},
		Effect:  []*cardtext.Instr{{Op: cardtext.OpDestroy, What: cardtext.ORef{Kind: cardtext.RefTrigOther}, Text: "destroy that creature"}}}
	lifelinkTrigger = &cardtext.Ability{Kind: cardtext.AbTriggered, Keyword: "lifelink",
		Text:    "Whenever this permanent deals damage, you gain that much life.",
		Trigger: &cardtext.Trigger{Event: cardtext.TrigDealsDamage, What: &cardtext.Filter{Self: true}},
		Effect:  []*cardtext.Instr{{Op: cardtext.OpGainLife, Who: cardtext.PRef{Kind: cardtext.PYou}, N: cardtext.Amount{Dealt: true}, Text: "you gain that much life"}}}
)

// keywordTriggers triggers deathtouch and lifelink where the edition makes
// them triggered abilities (502.63a, 502.68a in 2007): src dealt e's damage.
func (t *tx) keywordTriggers(e Event, src *Object, ch *Chars, info TrigInfo) {
	if t.ed.Lifelink == KeywordTriggered && ch.HasKeyword("lifelink") && t.applies(registry.LifelinkKind) {
		in := info
		in.N = e.N
		t.emit(Event{Kind: EvRule, Key: registry.LifelinkKind, Object: src.Label, ObjectID: src.ID,
			Text: fmt.Sprintf("%s has lifelink, a triggered ability in %s", src.Label, t.ed)})
		t.trigger(lifelinkTrigger, src, ch, in)
	}
	if t.ed.Deathtouch == KeywordTriggered && ch.HasKeyword("deathtouch") && !e.HasPlayer && t.applies(registry.DeathtouchKW) {
		if o := t.s.Object(e.ObjectID); o != nil && t.chars(o).Types.Is("creature") {
			in := info
			in.Other = o.ID
			t.emit(Event{Kind: EvRule, Key: registry.DeathtouchKW, Object: src.Label, ObjectID: src.ID,
				Text: fmt.Sprintf("%s has deathtouch, a triggered ability in %s", src.Label, t.ed)})
			t.trigger(deathtouchTrigger, src, ch, in)
		}
	}
}

// toxicTotal is a creature's total toxic value: the sum of its toxic
// abilities' N (702.164b). Without that rule, nothing adds instances up:
// the greatest one counts.
func (t *tx) toxicTotal(ch Chars) int {
	n := 0
	for _, a := range ch.Abilities {
		if a.Kind == cardtext.AbKeyword && a.Keyword == "toxic" {
			if t.applies(registry.ToxicTotal) {
				n += a.N
			} else {
				n = max(n, a.N)
			}
		}
	}
	return n
}

func protectionName(t *Chars, src Chars) string {
	for _, a := range t.Abilities {
		if a.Kind == cardtext.AbKeyword && a.Keyword == "protection" {
			probe := Chars{Abilities: []*cardtext.Ability{a}}
			if probe.ProtectedFrom(src) {
				return a.Param
			}
		}
	}
	return "it"
}

// preventsTo reports whether a prevention effect controlled by ctrl whose
// recipients are to (nil: any) covers damage dealt to tg.
func (t *tx) preventsTo(to *cardtext.DamageTo, ctrl PlayerID, tg Target, target *Object, tch *Chars, src *Object) bool {
	switch {
	case to == nil:
		return true
	case tg.IsPlayer:
		return to.Players && t.says(to.Who, ctrl, tg.Player)
	}
	return to.Perms != nil && target != nil && matchFilter(&t.s, to.Perms, target, tch, src, ctrl)
}
