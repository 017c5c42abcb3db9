package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// enter applies the replacement effects of a permanent entering the
// battlefield (614.1c–d, 614.12), in the order 616.1f gives: entering as a
// copy first, then what the permanent would then have (enters tapped,
// enters with counters, "as this enters, choose"). Effects from other
// permanents apply too (Orb of Dreams), never those of the permanent itself
// about other permanents. It reports false if the permanent can't enter
// (608.3e), having checked the permanent as it would exist on the
// battlefield. before is the object as it was before it moved (nil for a
// token being created).
func (t *tx) enter(id cardtext.ObjectID, before *Chars) (bool, error) {
	o := t.s.Object(id)
	first := *t.chars(o) // what it would be before any copy effect applies
	// 707.5: "You may have this creature enter as a copy of …". Having
	// applied one, it may have another such ability, which applies too
	// (614.12: it enters as it would exist): Altered Ego copying Clone.
	used := map[*cardtext.Ability]bool{}
	var pending []copyEffectPart // exceptions' effects still to happen (707.9e)
	abs := t.printedAbilities(o)
	for round := 0; round < 4; round++ {
		if !t.applies(registry.CopyEnter) {
			break
		}
		var a *cardtext.Ability
		for _, x := range abs {
			if x.Kind == cardtext.AbStatic && x.Replace != nil && x.Replace.Kind == cardtext.ReplEnterAsCopy && !used[x] {
				a = x
				break
			}
		}
		if a == nil {
			break
		}
		used[a] = true
		r := a.Replace
		var opts []cardtext.ObjectID
		// Where the copied object is: the battlefield, or as the filter
		// says ("a creature card in a graveyard", Body Double).
		from := cardtext.Battlefield
		if r.Filter.Zone != 0 {
			from = r.Filter.Zone
		}
		for _, x := range t.s.Objects {
			if x.ID != id && x.Zone == from && matchFilter(&t.s, r.Filter, x, t.chars(x), o, o.Controller) {
				opts = append(opts, x.ID)
			}
		}
		if len(opts) == 0 {
			break
		}
		ans, err := t.ask(&Choice{Player: o.Controller, Key: registry.CopyEnter, Options: opts, Min: 0, Max: 1,
			Prompt: o.Label + " may enter as a copy of " + r.Filter.String() + " in the " + from.String() + ": choose one, or nothing"})
		if err != nil {
			return false, err
		}
		pick := ans.object
		if len(ans.objects) == 1 {
			pick = ans.objects[0]
		}
		if pick == 0 {
			break
		}
		src := t.s.Object(pick)
		values := t.copiable(src)
		if t.applies(registry.CopyExcept) { // 707.9
			values = copyExcept(values, o.Card, r.CopyPT, r.CopyAdd, r.CopyHasThis, r.CopyNoColor, a, t.ed.Types, r.CopyExtra)
		}
		if len(pending) > 0 && t.applies(registry.CopyExceptLater) {
			// 707.9e: another copy effect applies after one whose
			// exception is an additional effect: that effect doesn't
			// happen.
			t.emit(Event{Kind: EvEffect, Key: registry.CopyExceptLater, Object: o.Label, ObjectID: id,
				Text: fmt.Sprintf("%s now copies %s: the earlier copy effect's exception (%s) won't happen", o.Label, src.Label, pending[0].text)})
			pending = nil
		}
		var more []copyEffectPart
		values, more = t.copyMore(o, src, values, r.CopyMore)
		pending = append(pending, more...)
		t.addEffect(ContEffect{Spec: &cardtext.ContSpec{}, Copy: values, Objects: []cardtext.ObjectID{id}, Timestamp: o.Timestamp,
			Source: id, SourceName: o.Label, Controller: o.Controller, Text: "enters as a copy of " + src.Label})
		if !t.applies(registry.CopyChoices) { // 707.6: without it, the copy takes the choices made for the original
			t.s.Object(id).Chosen = src.Chosen
		}
		t.emit(Event{Kind: EvEffect, Key: registry.CopyEnter, Object: o.Label, ObjectID: id,
			Text: fmt.Sprintf("%s enters as a copy of %s (%s)", o.Label, src.Label, values.Name)})
		o = t.s.Object(id)
		abs = t.chars(o).Abilities
	}
	for _, e := range pending {
		o.Counters = o.Counters.With(e.kind, e.n)
		t.emit(Event{Kind: EvCounter, Key: registry.CopyExcept, Object: o.Label, ObjectID: id, N: e.n,
			Text: fmt.Sprintf("%s enters with %d additional %s counter%s: its copy effect's exception", o.Label, e.n, e.kind, plural(e.n))})
	}
	// Essence of the Wild: "Creatures you control enter as a copy of this
	// creature." Like any copy effect as it enters, it applies first
	// (616.1f), so the abilities of what it would have been (enters
	// tapped) are gone. The permanent is checked as it would enter.
	for _, m := range t.ruleMods(cardtext.RuleEnterAsSource) {
		if !t.applies(registry.CopyEnter) { // 707.5
			break
		}
		if m.src == nil || m.src.ID == id || !matchFilter(&t.s, m.mod.Filter, o, t.chars(o), m.src, m.ctrl) {
			continue
		}
		values := t.copiable(m.src)
		t.addEffect(ContEffect{Spec: &cardtext.ContSpec{}, Copy: values, Objects: []cardtext.ObjectID{id}, Timestamp: o.Timestamp,
			Source: m.src.ID, SourceName: m.name, Controller: m.ctrl, Text: "enters as a copy of " + m.name})
		t.emit(Event{Kind: EvEffect, Key: registry.CopyEnter, Object: o.Label, ObjectID: id,
			Text: fmt.Sprintf("%s enters as a copy of %s (%s)", o.Label, m.name, values.Name)})
		o = t.s.Object(id)
		break
	}
	ch := t.chars(o)
	if !t.applies(registry.ReplaceNow) {
		// 616.1f: once the copy effect has applied, only the replacement
		// effects that would now apply are considered. Without that rule,
		// those of what it would have been (enters tapped) would apply too.
		ch = &first
	}
	// 614.12: the replacement effects are those of the permanent as it
	// would exist on the battlefield, its own only if they affect it
	// alone. Without that rule, they would be judged by what it was before
	// (a card in a graveyard has lost its abilities under Yixlid Jailer; a
	// token being created was nothing), and a permanent's "permanents
	// enter tapped" would apply to itself.
	asItWould := t.applies(registry.EntersAsItWould)
	if !asItWould {
		ch = before
		if ch == nil {
			ch = &Chars{}
		}
	}
	// 306.5b: "This permanent enters with a number of loyalty counters on
	// it equal to its printed loyalty number."
	if ch.Types.Is("planeswalker") && t.copiable(o).Loyalty > 0 && t.applies(registry.LoyaltyEnters) {
		n := t.copiable(o).Loyalty
		o.Counters = o.Counters.With("loyalty", n)
		t.emit(Event{Kind: EvCounter, Key: registry.LoyaltyEnters, Object: o.Label, ObjectID: id, N: n,
			Text: fmt.Sprintf("%s enters with %d loyalty counter%s, its printed loyalty", o.Label, n, plural(n))})
	}
	// 608.3e / 614.12: effects that stop it entering look at it as it would
	// exist on the battlefield (a Clone copying a land is a land).
	for _, m := range t.ruleMods(cardtext.RuleCantEnter) {
		if m.src != nil && m.src.ID == id {
			continue
		}
		if matchFilter(&t.s, m.mod.Filter, o, ch, m.src, m.ctrl) {
			return false, nil
		}
	}
	for _, a := range ch.Abilities {
		for _, x := range append([]*cardtext.Ability{a}, a.Parts...) {
			if x.Kind != cardtext.AbStatic {
				continue
			}
			if r := x.Replace; r != nil {
				switch r.Kind {
				case cardtext.ReplEntersTapped:
					if !t.applies(registry.EntersTapped) {
						break
					}
					if r.Unless != nil && t.condHolds(r.Unless, &StackItem{Controller: ch.Controller, Source: id}) {
						// "… unless you control two or fewer other
						// lands": checked as it would enter (614.12).
						break
					}
					o.Tapped = true
					t.emit(Event{Kind: EvRule, Key: registry.EntersTapped, Object: o.Label, ObjectID: id, Text: o.Label + " enters tapped"})
				case cardtext.ReplEntersWith:
					if !t.applies(registry.EntersWith) {
						break
					}
					n := r.N
					if r.PerColor {
						n = t.colorsSpent(o, r)
					}
					o.Counters = o.Counters.With(r.Kind2, n)
					t.emit(Event{Kind: EvCounter, Key: registry.EntersWith, Object: o.Label, ObjectID: id, N: n,
						Text: fmt.Sprintf("%s enters with %d %s counter%s", o.Label, n, r.Kind2, plural(n))})
				case cardtext.ReplAsEnters:
					if err := t.asEnters(o, x); err != nil {
						return false, err
					}
					o = t.s.Object(id)
				}
			}
			if l := x.Linked; l != nil && t.enterChosen != nil {
				o.Chosen = *t.enterChosen // the choice made for another token of the same event (616.1g off)
			} else if l != nil && !(o.Chosen.made() && !t.applies(registry.CopyChoices)) { // 707.6
				if err := t.linkedChoice(o, l, x.Origin); err != nil {
					return false, err
				}
			}
		}
	}
	// 614.12: "Permanents enter tapped" from permanents already there.
	for _, m := range t.ruleMods(cardtext.RuleEntersTapped) {
		if m.src != nil && m.src.ID == id && asItWould {
			continue
		}
		if !o.Tapped && t.applies(registry.EntersTapped) && matchFilter(&t.s, m.mod.Filter, o, ch, m.src, m.ctrl) {
			o.Tapped = true
			t.emit(Event{Kind: EvRule, Key: registry.EntersTapped, Object: o.Label, ObjectID: id,
				Text: o.Label + " enters tapped (" + m.name + ")"})
		}
	}
	t.dirty()
	return true, nil
}

// asEnters follows the instructions of o's "As this creature enters, …"
// (614.1c), as it enters. What they move besides it changes zones too
// (614.13), chosen from the objects not entering with it.
func (t *tx) asEnters(o *Object, a *cardtext.Ability) error {
	item := &StackItem{Abilities: []*cardtext.Ability{a}, Source: o.ID, SourceName: o.Label, Controller: o.Controller}
	x := t.newExec(item, nil)
	x.ab, x.entering, x.enteringWith = a, o.ID, t.enteringWith
	t.emit(Event{Kind: EvEffect, Key: registry.Replace, Object: o.Label, ObjectID: o.ID,
		Text: "as " + o.Label + " enters: " + a.Text})
	return x.instrs(a.Replace.As)
}

// printedAbilities are an object's abilities from its card, before any
// effect: what replacement effects of entering it has (614.12 looks at the
// permanent as it would exist, but a copy ability is on the card).
func (t *tx) printedAbilities(o *Object) []*cardtext.Ability { return t.s.cardAbilities(o.Card) }

// linkedChoice makes an "As this enters, choose …" choice (607.2a).
func (t *tx) linkedChoice(o *Object, l *cardtext.LinkedChoice, origin string) error {
	o.Chosen.By = origin
	switch l.What {
	case cardtext.ChooseColor:
		ans, err := t.ask(&Choice{Player: o.Controller, Key: registry.EntersWith, Words: []string{"white", "blue", "black", "red", "green"},
			Prompt: "choose a color for " + o.Label})
		if err != nil {
			return err
		}
		col, _ := cardtext.ParseColor(ans.word)
		o.Chosen.Color, o.Chosen.HasColor = col, true
	case cardtext.ChooseOpponent, cardtext.ChoosePlayer:
		var ps []PlayerID
		for i := range t.s.Players {
			if (l.What == cardtext.ChoosePlayer || t.s.Opponents(PlayerID(i), o.Controller)) && t.s.InGame(PlayerID(i)) {
				ps = append(ps, PlayerID(i))
			}
		}
		pick := ps[0]
		if len(ps) > 1 {
			ans, err := t.ask(&Choice{Player: o.Controller, Key: registry.EntersWith, Players: ps, Prompt: "choose an opponent for " + o.Label})
			if err != nil {
				return err
			}
			pick = *ans.target
		}
		o.Chosen.Player, o.Chosen.HasPlayer = pick, true
	case cardtext.ChooseCreatureType:
		ans, err := t.ask(&Choice{Player: o.Controller, Key: registry.SubtypeChoice, Words: t.ed.Types.Subtypes[cardtext.CreatureType],
			Prompt: "choose a creature type for " + o.Label})
		if err != nil {
			return err
		}
		o.Chosen.Type = ans.word
	}
	t.emit(Event{Kind: EvChoice, Key: registry.EntersWith, Object: o.Label, ObjectID: o.ID, Player: t.name(o.Controller),
		Text: fmt.Sprintf("as %s enters, %s chooses %s", o.Label, t.name(o.Controller), o.Chosen.String(&t.s))})
	return nil
}

// made reports whether any choice was made.
func (c Chosen) made() bool { return c.HasColor || c.HasPlayer || c.Type != "" }

// String describes the choices made for an object.
func (c Chosen) String(s *State) string {
	var w []string
	if c.HasColor {
		w = append(w, c.Color.String())
	}
	if c.HasPlayer {
		w = append(w, s.Players[c.Player].Name)
	}
	if c.Type != "" {
		w = append(w, c.Type)
	}
	return strings.Join(w, ", ")
}

// copiable is an object's copiable values (707.2): its printed
// characteristics as modified by copy effects (layer 1).
func (t *tx) copiable(o *Object) *cardtext.Card {
	if t.v == nil {
		t.v = t.s.computeView()
	}
	if o.Card.IsDoubleFaced() && !t.applies(registry.CopyFaceUp) {
		// Without 707.8, a copy of a double-faced permanent copies the
		// card as printed: its front face.
		return t.s.frontAlone(o.Card)
	}
	if c := t.v.copiableOf(o.ID); c != nil && t.applies(registry.CopyValues) { // 707.3
		return c
	}
	return t.s.printed(o)
}

// copyExcept applies a copy effect's exceptions (707.9) to copiable values,
// giving a new card: "except it's 7/7", "except it's an enchantment in
// addition to its other types", "except it has this ability", "except it
// doesn't copy that creature's color".
func copyExcept(c, self *cardtext.Card, pt *[2]int, add []string, hasThis, noColor bool, this *cardtext.Ability, lists *cardtext.TypeLists, extra []*cardtext.Ability) *cardtext.Card {
	if pt == nil && len(add) == 0 && !hasThis && !noColor && len(extra) == 0 {
		return c
	}
	n := *c
	if pt != nil {
		n.Power, n.Toughness, n.HasPT = pt[0], pt[1], true
		// 707.9d: an exception setting power and toughness means a
		// characteristic-defining ability for them isn't copied.
		var abs []*cardtext.Ability
		for _, a := range c.Abilities {
			if !(a.CDA && len(a.Static) > 0 && a.Static[0].CDAPT != nil) {
				abs = append(abs, a)
			}
		}
		n.Abilities = abs
	}
	types := c.Types
	types.CardTypes = append([]string(nil), c.Types.CardTypes...)
	types.Subtypes = append([]cardtext.Subtype(nil), c.Types.Subtypes...)
	types.Supertypes = append([]string(nil), c.Types.Supertypes...)
	for _, w := range add {
		switch {
		case lists != nil && isCardType(lists, w):
			if !cardtext.HasFold(types.CardTypes, w) {
				types.CardTypes = append(types.CardTypes, cardtext.TitleWord(w))
			}
		case lists != nil && isSupertype(lists, w):
			if !cardtext.HasFold(types.Supertypes, w) {
				types.Supertypes = append([]string{cardtext.TitleWord(w)}, types.Supertypes...)
			}
		case lists != nil:
			if kinds := lists.KindsOf(w); len(kinds) > 0 {
				name, _ := lists.Subtype(kinds[0], w)
				types.Subtypes = append(types.Subtypes, cardtext.Subtype{Name: name, Kind: kinds[0]})
			}
		}
	}
	n.Types = types
	if hasThis && this != nil {
		n.Abilities = append(append([]*cardtext.Ability(nil), n.Abilities...), this)
	}
	if len(extra) > 0 {
		n.Abilities = append(append([]*cardtext.Ability(nil), n.Abilities...), extra...)
	}
	if noColor {
		// The copy keeps the copier's own color (Vesuvan Doppelganger).
		n.HasColor = true
		if self.HasColor {
			n.Color = self.Color
		} else {
			n.Color = self.Cost.Colors()
		}
	}
	if c.Flip != nil {
		// A flip card's flipped half is part of what's copied; the
		// exception changes it too: a copy of Jushi Apprentice "except it
		// has this ability" that flips is Tomoya the Revealer with that
		// ability (110.5c's example).
		n.Flip = copyExcept(c.Flip, self, pt, add, hasThis, noColor, this, lists, extra)
	}
	return &n
}

func isCardType(l *cardtext.TypeLists, w string) bool  { _, ok := l.CardType(w); return ok }
func isSupertype(l *cardtext.TypeLists, w string) bool { _, ok := l.Supertype(w); return ok }

// copyEffectPart is an effect a copy exception has besides modifying the
// copiable values: additional counters as it enters (707.9e).
type copyEffectPart struct {
	n    int
	kind string
	text string
}

// copyMore applies the parts of an entering copy's exception that aren't
// copiable values (m): its effects, and the parts that apply "if it's a
// creature". 707.9f: whether it is one is judged by what the permanent
// would be with the copy effect applied without those parts (its other
// exceptions included); without that rule, by what it copies as that is
// now (a land animated until end of turn is a creature).
func (t *tx) copyMore(o, src *Object, values *cardtext.Card, m *cardtext.CopyMore) (*cardtext.Card, []copyEffectPart) {
	if m == nil || !t.applies(registry.CopyExcept) {
		return values, nil
	}
	creature := values.Types.Is("creature")
	if !t.applies(registry.CopyExceptIf) {
		creature = t.chars(src).Types.Is("creature")
	} else if m.IfCreature {
		t.emit(Event{Kind: EvEffect, Key: registry.CopyExceptIf, Object: o.Label, ObjectID: o.ID,
			Text: fmt.Sprintf("copying %s, %s would be %s: its exception's \"if it's a creature\" parts %s", src.Label, o.Label, values.Types, map[bool]string{true: "apply", false: "don't apply"}[creature])})
	}
	if m.IfCreature && creature && len(m.IfAbilities) > 0 {
		n := *values
		n.Abilities = append(append([]*cardtext.Ability(nil), values.Abilities...), m.IfAbilities...)
		values = &n
	}
	var out []copyEffectPart
	if m.Kind != "" && (!m.CountersIf || creature) {
		n := m.Counters.N
		if m.Counters.X && o.Cast != nil {
			n = o.Cast.X
		}
		if n > 0 {
			out = append(out, copyEffectPart{n: n, kind: m.Kind, text: fmt.Sprintf("it enters with %d additional %s counter%s", n, m.Kind, plural(n))})
		}
	}
	return values, out
}
