package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Cards with more than one face (709–712) and the status that picks the
// one that applies (110.5): double-faced cards turn over (transform), flip
// cards turn upside down, split cards are two cards in one, and meld cards
// combine into one permanent.

// Face is which face of a double-faced permanent or spell is up (712.8).
type Face uint8

const (
	FaceFront Face = iota
	FaceBack
)

// Part is one of the cards a melded permanent is represented by.
type Part struct {
	Label string
	Card  *cardtext.Card
}

// frontAlone is a double-faced card's front face as a face of its own:
// what a copy of it copies (707.8), which has no back face. The result is
// the same card each time, so its abilities keep their identity.
func (s *State) frontAlone(c *cardtext.Card) *cardtext.Card {
	if !c.IsDoubleFaced() {
		return c
	}
	if v, ok := s.derived().fronts.Load(c); ok {
		return v.(*cardtext.Card)
	}
	f := *c
	f.Layout, f.Back, f.DFC = cardtext.LayoutNormal, nil, c
	v, _ := s.derived().fronts.LoadOrStore(c, &f)
	return v.(*cardtext.Card)
}

// printed is what is printed on o as it is now: the face of a
// double-faced card that is up (712.8), before any copy effect.
func (s *State) printed(o *Object) *cardtext.Card {
	c := o.Card
	switch {
	case c.Layout == cardtext.LayoutSplit && len(c.Halves) == 2:
		// 709.3b: on the stack only the half cast exists; 709.4: elsewhere
		// the card is its two halves combined.
		if o.Zone == cardtext.Stack && o.Half > 0 && s.applies(registry.SplitHalf) {
			return c.Halves[o.Half-1]
		}
		return s.splitCombined(c)
	case c.Adventure != nil:
		// 715.3b: on the stack as an Adventure, only the alternative
		// characteristics; 715.4: elsewhere only the normal ones.
		if o.Zone == cardtext.Stack && o.Adventure && s.applies(registry.AdventureChars) {
			return c.Adventure
		}
		return c
	case c.IsDoubleFaced():
		// 712.8d–f: a double-faced permanent or spell has only the
		// characteristics of the face that's up; everywhere else only its
		// front face's (712.8a).
		if o.Face == FaceBack && (o.Zone == cardtext.Battlefield || o.Zone == cardtext.Stack) {
			return c.Back
		}
		return s.frontAlone(c)
	}
	return c
}

// faceManaValue sets the cost an object's mana value is calculated from
// when it isn't its own: a nonmodal double-faced card's back face has its
// front face's mana value, and a copy of a back face has 0 (202.3b).
func (s *State) faceManaValue(o *Object, card *cardtext.Card, copied bool, ch *Chars) {
	if card.IsBackFace() && s.applies(registry.BackFaceMV) {
		ch.mvSet = true
		if !copied {
			ch.mvCost = card.DFC.Cost
		}
	}
	if len(o.Parts) > 0 && !copied && !o.FaceDown && s.applies(registry.MeldMV) {
		// 202.3c: a melded permanent's mana value is its front faces'
		// combined mana costs'.
		ch.mvSet, ch.mvCost = true, nil
		for _, p := range o.Parts {
			ch.mvCost = append(ch.mvCost, p.Card.Cost...)
		}
	}
}

// Transformed reports whether o is a transformed permanent: a
// double-faced permanent with its back face up (701.27g). (Only a
// double-faced permanent can have its back face up: 712.9.)
func (o *Object) Transformed() bool {
	return o.Zone == cardtext.Battlefield && o.Face == FaceBack
}

// Transform turns a permanent over to its other face (701.27a): an effect
// that says to, or a scenario step standing for one.
type Transform struct{ Object cardtext.ObjectID }

func (a Transform) apply(t *tx) error {
	o, err := t.permanent(a.Object, "transform")
	if err != nil {
		return err
	}
	return t.transform(o)
}

// transform turns o over, if it can transform (701.27, 712.9–712.10).
func (t *tx) transform(o *Object) error {
	if !t.applies(registry.Transform) {
		return nil
	}
	dfc := o.Card
	if !t.applies(registry.TransformDFC) {
		// Without 712.9, what a permanent is now decides: a copy of a
		// double-faced card's face turns over to that card's other face.
		dfc = t.copiable(o).DFC
	}
	if !dfc.IsDoubleFaced() || o.FaceDown || t.ed.TransformingOnly && dfc.Layout == cardtext.LayoutModal && t.applies(registry.TransformDFC) {
		// 712.9: only permanents represented by double-faced cards can
		// transform (from Zendikar Rising until 2025, only transforming
		// ones: not a modal double-faced card); 712.15a: not while face
		// down.
		what := "a double-faced card"
		if dfc.IsDoubleFaced() && !o.FaceDown {
			what = "a transforming double-faced card"
		}
		t.emit(Event{Kind: EvRule, Key: registry.TransformDFC, Object: o.Label, ObjectID: o.ID,
			Text: o.Label + " can't transform: it isn't represented by " + what + ", so nothing happens"})
		return nil
	}
	to, face := dfc.Back, FaceBack
	if o.Face == FaceBack {
		to, face = t.s.frontAlone(dfc), FaceFront
	}
	if to.Types.Is("instant") || to.Types.Is("sorcery") {
		// 712.10: nothing happens.
		t.emit(Event{Kind: EvRule, Key: registry.Transform, Object: o.Label, ObjectID: o.ID,
			Text: o.Label + " doesn't transform: its other face is an " + to.Types.String() + " face"})
		return nil
	}
	o.Face = face
	label, id := o.Label, o.ID
	if !t.applies(registry.TransformSame) {
		// Without 712.18, turning over would make it a new object, free of
		// the effects that applied to it.
		t.s.nextID++
		o.ID = t.s.nextID
		o.Timestamp = t.s.tick()
	}
	t.dirty()
	t.emit(Event{Kind: EvRule, Key: registry.Transform, Object: label, ObjectID: id, NewObjectID: o.ID,
		Text: fmt.Sprintf("%s transforms: %s is up", label, to.Name)})
	return nil
}

// copying reports whether a copy effect applies to o (707.2).
func (t *tx) copying(o *Object) bool {
	for i := range t.s.Effects {
		if e := &t.s.Effects[i]; e.Copy != nil && slices.Contains(e.Objects, o.ID) {
			return true
		}
	}
	return false
}

// flippedFace is a flip card as a flipped permanent: its alternative name,
// text, type line and power and toughness (710.1b), with the card's color
// and mana cost (710.1c).
func (s *State) flippedFace(c *cardtext.Card) *cardtext.Card {
	if v, ok := s.derived().flips.Load(c); ok {
		return v.(*cardtext.Card)
	}
	f := *c.Flip
	f.Cost, f.Color, f.HasColor = c.Cost, c.Color, c.HasColor
	v, _ := s.derived().flips.LoadOrStore(c, &f)
	return v.(*cardtext.Card)
}

// withStatus is the characteristics an object's status gives it from its
// copiable values: a flipped flip card's alternative characteristics
// (710.2). A copy's status modifies what it copied too (707.3).
func (s *State) withStatus(o *Object, card *cardtext.Card, copied bool) *cardtext.Card {
	if copied && !s.applies(registry.CopyStatus) {
		// Without 707.3's "as modified by the copy's status", a copy is
		// what it copied, whatever its status.
		return card
	}
	if o.Flipped && card.Flip != nil && o.Zone == cardtext.Battlefield && s.applies(registry.Flip) {
		card = s.flippedFace(card)
	}
	return card
}

// Flip turns a flip card permanent upside down (710.1a): an effect that
// says to ("flip it"), or a scenario step standing for one.
type Flip struct{ Object cardtext.ObjectID }

func (a Flip) apply(t *tx) error {
	o, err := t.permanent(a.Object, "flip")
	if err != nil {
		return err
	}
	return t.flip(o)
}

// flip flips o if it is a flip card (710.1a) that hasn't flipped: flipping
// is a one-way process (710.4).
func (t *tx) flip(o *Object) error {
	if o.Flipped || t.copiable(o).Flip == nil {
		return nil
	}
	o.Flipped = true
	t.dirty()
	t.emit(Event{Kind: EvRule, Key: registry.Flip, Object: o.Label, ObjectID: o.ID,
		Text: fmt.Sprintf("%s flips: it is %s", o.Label, t.chars(o).Name)})
	return nil
}

// faceDownCard is a face-down permanent's characteristics when nothing
// lists others: a 2/2 creature with no text, no name, no subtypes and no
// mana cost (708.2a), colorless for having no mana cost (202.2).
var faceDownCard = &cardtext.Card{Types: cardtext.TypeLine{CardTypes: []string{"Creature"}}, Power: 2, Toughness: 2, HasPT: true, HasColor: true}

// faceDown is an object's copiable values as modified by its face-down
// status (708.2, 708.10): what it copied, or its own, stay hidden.
func (s *State) faceDown(o *Object, card *cardtext.Card, copied bool) *cardtext.Card {
	if !o.FaceDown || (copied && !s.applies(registry.CopyStatus)) || !s.applies(registry.FaceDown) {
		return card
	}
	return faceDownCard
}

// morphCost is the morph cost a face-down permanent would have if it were
// face up (702.37e): that of the copiable values it would have then.
func (t *tx) morphCost(o *Object) (cardtext.ManaCost, bool) {
	if t.v == nil {
		t.v = t.s.computeView()
	}
	up := t.v.faceUp[o.ID]
	if up == nil {
		return nil, false
	}
	for _, a := range t.s.cardAbilities(up) {
		if a.Kind == cardtext.AbKeyword && (a.Keyword == "morph" || a.Keyword == "megamorph") && a.KCost != nil {
			return a.KCost.Mana, true
		}
	}
	return nil, false
}

// TurnFaceUp turns a face-down permanent face up. As the special action
// of 702.37e its controller pays its morph cost; as an effect's
// instruction (Effect set) it costs nothing.
type TurnFaceUp struct {
	Player PlayerID
	Object cardtext.ObjectID
	Pay    Payment
	Effect bool
}

func (a TurnFaceUp) apply(t *tx) error {
	o, err := t.permanent(a.Object, "turn face up")
	if err != nil {
		return err
	}
	if !o.FaceDown {
		return t.ruleErr(registry.MorphUp, "%s isn't face down", o.Label)
	}
	if a.Effect {
		return t.turnFaceUp(o)
	}
	if !t.applies(registry.MorphUp) {
		return t.ruleErr(registry.MorphUp, "no rule lets %s turn %s face up", t.name(a.Player), o.Label)
	}
	if !t.s.HasPriority(a.Player) {
		return t.ruleErr(registry.MorphUp, "%s doesn't have priority: a face-down permanent is turned face up any time its controller has priority", t.name(a.Player))
	}
	if t.chars(o).Controller != a.Player {
		return t.ruleErr(registry.MorphUp, "%s doesn't control %s", t.name(a.Player), o.Label)
	}
	cost, ok := t.morphCost(o)
	if !ok {
		return t.ruleErr(registry.MorphUp, "%s wouldn't have a morph cost if it were face up: it can't be turned face up this way", o.Label)
	}
	t.emit(Event{Kind: EvCost, Key: registry.MorphUp, Object: o.Label, ObjectID: o.ID, Player: t.name(a.Player),
		Text: fmt.Sprintf("%s shows %s's morph cost, %s, and pays it", t.name(a.Player), o.Label, costOrZero(cost))})
	if _, err := t.payCost(a.Player, o, cost, nil, a.Pay, nil, nil, 0, nil); err != nil {
		return err
	}
	return t.turnFaceUp(t.s.Object(a.Object))
}

// turnFaceUp turns o face up: its copiable values revert to its normal
// ones, the effects on it still apply, and it doesn't enter the
// battlefield again (708.8).
func (t *tx) turnFaceUp(o *Object) error {
	if !o.FaceDown {
		return nil
	}
	o.FaceDown = false
	t.dirty()
	t.emit(Event{Kind: EvRule, Key: registry.FaceDown, Object: o.Label, ObjectID: o.ID,
		Text: fmt.Sprintf("%s is turned face up: it is %s", o.Label, t.chars(o).Name)})
	return nil
}

type splitKey struct {
	c         *cardtext.Card
	all, cost bool
}

// splitCombined is a split card's characteristics where it isn't a spell:
// both halves' names, card types, subtypes, supertypes and abilities
// (709.4, 709.4c), and the combined mana cost, each half's symbols kept
// apart, that its colors and mana value come from (709.4b).
func (s *State) splitCombined(c *cardtext.Card) *cardtext.Card {
	k := splitKey{c, s.applies(registry.SplitCombined), s.applies(registry.SplitCost)}
	if v, ok := s.derived().splits.Load(k); ok {
		return v.(*cardtext.Card)
	}
	l, r := c.Halves[0], c.Halves[1]
	// Without 709.4 the card is its first half, as printed first.
	n := *l
	n.Name, n.Layout, n.Halves = c.Name, cardtext.LayoutSplit, c.Halves
	if k.all {
		t := l.Types
		t.Supertypes = unionFold(l.Types.Supertypes, r.Types.Supertypes)
		t.CardTypes = unionFold(l.Types.CardTypes, r.Types.CardTypes)
		t.Subtypes = slices.Clone(l.Types.Subtypes)
		for _, st := range r.Types.Subtypes {
			if !subIn(t.Subtypes, st) {
				t.Subtypes = append(t.Subtypes, st)
			}
		}
		n.Types = t
		n.Keywords = unionFold(l.Keywords, r.Keywords)
		n.Abilities = append(slices.Clone(l.Abilities), r.Abilities...)
		n.HasColor, n.Color = l.HasColor || r.HasColor, l.Color|r.Color
	}
	if k.cost {
		n.Cost = append(slices.Clone(l.Cost), r.Cost...)
	}
	v, _ := s.derived().splits.LoadOrStore(k, &n)
	return v.(*cardtext.Card)
}

// unionFold is a's words, then b's that a lacks (case-insensitively).
func unionFold(a, b []string) []string {
	out := slices.Clone(a)
	for _, w := range b {
		if !cardtext.HasFold(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// castFace is what a spell being cast would be, for the checks made before
// it is put on the stack: a split card's half chosen (709.3, 709.3a), a
// modal double-faced card's face (712.11b–c) or an adventurer card's
// Adventure (715.3). ch is the card's own.
func (t *tx) castFace(o *Object, ch *Chars, half int, back, adventure bool) (*Chars, error) {
	c := o.Card
	switch {
	case adventure && c.Adventure == nil:
		return nil, t.ruleErr(registry.Cast, "%s isn't an adventurer card: it has no Adventure to cast (715.3)", o.Label)
	case half == 0 && !back && !adventure:
		if c.Layout == cardtext.LayoutSplit {
			return nil, t.ruleErr(registry.Cast, "%s is a split card: its caster chooses which half to cast (709.3)", o.Label)
		}
		return ch, nil
	case half != 0 && (c.Layout != cardtext.LayoutSplit || half < 1 || half > len(c.Halves)):
		return nil, fmt.Errorf("%s has no half %d to cast", o.Label, half)
	case back && c.Layout != cardtext.LayoutModal:
		return nil, t.ruleErr(registry.Cast, "%s can be cast only with its front face up (712.11)", o.Label)
	}
	// The object as the spell would be, with the effects on it (a
	// keyword a resolved effect gave it).
	s := t.s.clone()
	probe := s.Object(o.ID)
	probe.Zone, probe.Half, probe.Adventure = cardtext.Stack, half, adventure
	if back {
		probe.Face = FaceBack
	}
	pc := s.Chars(probe)
	return &pc, nil
}

type ownCostKey struct {
	a    *cardtext.Ability
	cost string
}

// ownCostKeywords gives a keyword whose cost is the object's mana cost
// ("The flashback cost is equal to its mana cost") that cost: the
// object's as it is now, a variable constantly reevaluated (702.1b), so a
// split card's half cast from a graveyard has its half's.
func (s *State) ownCostKeywords(o *Object, ch *Chars) []*cardtext.Ability {
	var out []*cardtext.Ability
	for i, a := range ch.Abilities {
		if a.Kind != cardtext.AbKeyword || a.KCost == nil || !a.KCost.SelfMana || a.Cost != nil {
			continue
		}
		if out == nil {
			out = slices.Clone(ch.Abilities)
		}
		cost := ch.Cost
		if !s.applies(registry.KeywordVariable) {
			// Without 702.1b, the cost is what it was as the ability was
			// granted: the card's own, not a spell's half's.
			c := *o
			c.Zone, c.Half = cardtext.Graveyard, 0
			cost = s.printed(&c).Cost
		}
		// 709.4b: the text shows the cost as a mana cost ({2}{U}{R}).
		cost = cost.Combined()
		k := ownCostKey{a, cost.String()}
		if v, ok := s.derived().ownCosts.Load(k); ok {
			out[i] = v.(*cardtext.Ability)
			continue
		}
		b := *a
		b.KCost = &cardtext.Cost{Mana: slices.Clone(cost)}
		b.Text = strings.ToUpper(a.Keyword[:1]) + a.Keyword[1:] + " " + costOrZero(cost)
		v, _ := s.derived().ownCosts.LoadOrStore(k, &b)
		out[i] = v.(*cardtext.Ability)
	}
	if out == nil {
		return ch.Abilities
	}
	return out
}
