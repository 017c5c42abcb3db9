package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Permissions to cast a spell (601.3): from the hand, or from another zone
// an effect or keyword allows (the top of a library, a graveyard with
// flashback), at a time an effect allows ("as though it had flash"), and
// as what it will be once cast (bestowed).

// castWay is how a spell is being cast: what its proposal allows.
type castWay struct {
	flashback bool // cast from a graveyard with flashback: exiled as it leaves the stack (702.34a)
	asThough  []string
	commander bool // a commander cast from the command zone (903.8)
	adventure bool // an adventurer card cast as its Adventure (715.3)
}

// castChars are the characteristics a card would have as the spell it is
// being cast as: an Aura if cast bestowed (702.103b), its own otherwise.
func (t *tx) castChars(o *Object, ch *Chars, bestow, faceDown bool) (*Chars, error) {
	if faceDown {
		// 702.37d: only a morph ability lets a card be cast face down.
		if !slices.ContainsFunc(ch.Abilities, func(a *cardtext.Ability) bool {
			return a.Kind == cardtext.AbKeyword && (a.Keyword == "morph" || a.Keyword == "megamorph")
		}) {
			return nil, t.ruleErr(registry.FaceDown, "%s has no morph ability: it can't be cast face down", o.Label)
		}
		return t.s.charsAs(o, func(p *Object) { p.FaceDown = true }), nil
	}
	if !bestow {
		return ch, nil
	}
	if bestowCost(ch) == nil {
		return nil, t.ruleErr(registry.BestowJudge, "%s has no bestow ability", o.Label)
	}
	return t.s.charsAs(o, func(p *Object) { p.Bestowed = true }), nil
}

// charsAs is what o's characteristics would be with edit made to it: as
// the spell a proposal would make it (601.3e).
func (s *State) charsAs(o *Object, edit func(*Object)) *Chars {
	tmp := *s
	tmp.Objects = make([]*Object, len(s.Objects))
	for i, x := range s.Objects {
		tmp.Objects[i] = x
		if x.ID == o.ID {
			p := *x
			edit(&p)
			tmp.Objects[i] = &p
		}
	}
	return tmp.computeView().charsOf(o.ID)
}

// bestowCost is the cost of an object's bestow ability, nil if it has
// none.
func bestowCost(ch *Chars) *cardtext.Cost {
	for _, a := range ch.Abilities {
		if a.Kind == cardtext.AbKeyword && a.Keyword == "bestow" && a.KCost != nil {
			return a.KCost
		}
	}
	return nil
}

// bestowed is a card's characteristics as a bestowed Aura (702.103b): an
// Aura enchantment, no longer a creature, with enchant creature.
func (s *State) bestowed(c *cardtext.Card) *cardtext.Card {
	if v, ok := s.derived().bestowed.Load(c); ok {
		return v.(*cardtext.Card)
	}
	b := *c
	b.Types = cardtext.TypeLine{Supertypes: c.Types.Supertypes, CardTypes: []string{"Enchantment"},
		Subtypes: []cardtext.Subtype{{Name: "Aura", Kind: cardtext.EnchantmentType}}}
	b.HasPT = false
	f := cardtext.Filter{AnyOf: []string{"creature"}}
	b.Abilities = append([]*cardtext.Ability{{Kind: cardtext.AbKeyword, Keyword: "enchant", Param: "creature", Text: "Enchant creature",
		Targets: []cardtext.TargetSpec{{Filter: f, Objects: true, Count: 1, Text: "target creature"}}}}, c.Abilities...)
	v, _ := s.derived().bestowed.LoadOrStore(c, &b)
	return v.(*cardtext.Card)
}

// permissions lists the effects that allow player p to cast spells or
// play lands otherwise than from their hand at sorcery speed.
func (t *tx) permissions(p PlayerID) []ruleMod {
	var out []ruleMod
	for _, m := range t.ruleMods(cardtext.RulePermission) {
		if m.ctrl == p {
			out = append(out, m)
		}
	}
	return out
}

// asSpell is o as the spell it would be, for the filters of permissions
// and prohibitions ("creature spells").
func asSpell(o *Object) *Object {
	probe := *o
	probe.Zone = cardtext.Stack
	probe.Stack = &StackItem{Kind: StackSpell}
	return &probe
}

// castFrom checks that player p may cast o from where it is (601.3): their
// own hand; the top of their library, a graveyard or exile an effect
// allows, for a spell with the qualities it names; their graveyard with
// flashback; exile, for a card whose Adventure they cast (715.3d).
// judge are the characteristics that decide what the spell is.
func (t *tx) castFrom(o *Object, p PlayerID, judge *Chars, way *castWay) error {
	if o.Zone == cardtext.Hand && o.Owner == p {
		return nil
	}
	probe := asSpell(o)
	fits := func(m ruleMod) bool {
		return m.mod.Cast && (m.mod.Filter == nil || matchFilter(&t.s, m.mod.Filter, probe, judge, m.src, p))
	}
	if t.commanderCast(o, p) {
		way.commander = true
		return nil
	}
	switch o.Zone {
	case cardtext.Library:
		if o.Owner != p || t.s.Top(p) == nil || t.s.Top(p).ID != o.ID {
			break
		}
		for _, m := range t.permissions(p) {
			if m.mod.From == cardtext.Library && m.mod.Top && fits(m) {
				t.emit(Event{Kind: EvRule, Key: registry.Cast, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
					Text: fmt.Sprintf("%s may cast %s from the top of their library (%s)", t.name(p), o.Label, m.name)})
				return nil
			}
		}
		return t.ruleErr(registry.Cast, "no effect lets %s cast %s from the top of their library", t.name(p), o.Label)
	case cardtext.Exile:
		if t.adventureCast(o, p, way) {
			return nil
		}
		for _, m := range t.permissions(p) {
			if m.mod.From == cardtext.Exile && fits(m) {
				t.emit(Event{Kind: EvRule, Key: registry.Cast, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
					Text: fmt.Sprintf("%s may cast %s from exile (%s)", t.name(p), o.Label, m.name)})
				return nil
			}
		}
		if o.AdventureBy == int(p)+1 && way.adventure && t.applies(registry.AdventureExile) {
			return t.ruleErr(registry.AdventureExile, "%s may cast %s from exile, but not as an Adventure (715.3d)", t.name(p), o.Label)
		}
	case cardtext.Graveyard:
		// "as though those cards were in your graveyard" (Shaman's Trance).
		mine := o.Owner == p
		if !mine {
			for _, m := range t.permissions(p) {
				if m.mod.AsIn == cardtext.Graveyard && m.mod.From == cardtext.Graveyard && m.mod.FromWhose == cardtext.Opponents && fits(m) {
					mine = true
					way.asThough = append(way.asThough, m.name)
					t.emit(Event{Kind: EvRule, Key: registry.Cast, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
						Text: fmt.Sprintf("%s may cast %s as though it were in their graveyard (%s)", t.name(p), o.Label, m.name)})
					break
				}
			}
		}
		// 702.34a: "You may cast this card from your graveyard if the
		// resulting spell is an instant or sorcery spell".
		if mine && hasKeywordAb(judge.Abilities, "flashback") && (judge.Types.Is("instant") || judge.Types.Is("sorcery")) && t.applies(registry.Flashback) {
			way.flashback = true
			return nil
		}
	}
	return t.ruleErr(registry.Cast, "%s can't cast %s from %s: nothing lets them", t.name(p), o.Label, t.where(o))
}

// castTiming checks when the spell may be cast (117.1a): an instant or a
// spell with flash any time its caster has priority; anything else in their
// main phase with an empty stack, unless an effect lets them cast it "as
// though it had flash". ch are the card's characteristics as it is, cast
// the spell's as it would be cast: 601.3b lets such an effect consider the
// choices of the proposal that change them (bestow making an Aura).
func (t *tx) castTiming(o *Object, p PlayerID, ch, cast *Chars, way *castWay) error {
	if cast.Types.Is("instant") || cast.HasKeyword("flash") || !t.applies(registry.Timing) {
		return nil
	}
	if t.s.IsActive(p) && t.s.Step.IsMain() && t.top() == nil {
		return nil
	}
	judge := ch
	if t.applies(registry.FlashConsider) { // 601.3b
		judge = cast
	}
	probe := asSpell(o)
	for _, m := range t.permissions(p) {
		if m.mod.Flash && matchFilter(&t.s, m.mod.Filter, probe, judge, m.src, p) {
			way.asThough = append(way.asThough, m.name)
			t.emit(Event{Kind: EvRule, Key: registry.Timing, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
				Text: fmt.Sprintf("%s may cast %s as though it had flash (%s)", t.name(p), o.Label, m.name)})
			return nil
		}
	}
	return t.ruleErr(registry.Timing, "%s isn't an instant: it can be cast only in its controller's main phase with an empty stack", o.Label)
}

// asThoughBoth checks that the "as though" effects a cast relies on may
// all apply: 609.4a lets one that satisfies another's requirements apply
// with it (Shaman's Trance's graveyard and Vedalken Orrery's flash).
func (t *tx) asThoughBoth(o *Object, way *castWay) error {
	if len(way.asThough) > 1 && !t.applies(registry.AsThoughBoth) {
		return t.ruleErr(registry.AsThoughBoth, "%s can be cast only as though two things were true (%s and %s); only one such effect applies", o.Label, way.asThough[0], way.asThough[1])
	}
	return nil
}
