package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Melded permanents (701.42, 712.4, 712.21): the two cards of a meld pair
// put onto the battlefield as one permanent with their back faces combined.
// The permanent is one object with its own label; Parts keep the cards, and
// their labels, for when it leaves the battlefield.

// graveOwnerFits reports whether a replacement of cards put into a
// graveyard applies to o's: any graveyard, the effect's controller's, an
// opponent's, or the enchanted player's.
func (t *tx) graveOwnerFits(m ruleMod, o *Object) bool {
	switch m.mod.Who {
	case cardtext.Yours:
		return o.Owner == m.ctrl
	case cardtext.Opponents:
		return o.Owner != m.ctrl
	case cardtext.EnchantedPlayer:
		return m.src.AttachedTo != 0 && PlayerID(m.src.AttachedTo-1) == o.Owner
	}
	return true
}

// graveWhatFits reports whether o is what a replacement of objects put
// into a graveyard is about: "a card" is any card, not a token (111.1);
// "a creature", "a nontoken creature" are read as the object is as it
// would move; "would die" only from the battlefield (700.4).
func (t *tx) graveWhatFits(m ruleMod, o *Object) bool {
	if m.mod.Grave != nil && m.mod.Grave.Die && o.Zone != cardtext.Battlefield {
		return false
	}
	f := m.mod.Filter
	if f == nil {
		return !o.Token
	}
	if f.Card && o.Token {
		return false
	}
	g := *f
	g.Card, g.Zone = false, o.Zone
	return matchFilter(&t.s, &g, o, t.chars(o), m.src, m.ctrl)
}

// ownsAndControls reports whether the ability's controller owns and
// controls its source and an object matching f.
func (t *tx) ownsAndControls(f *cardtext.Filter, item *StackItem) bool {
	src := t.s.Object(item.Source)
	if src == nil || src.Zone != cardtext.Battlefield || src.Owner != item.Controller || t.chars(src).Controller != item.Controller {
		return false
	}
	for _, o := range t.s.Objects {
		if o.ID != src.ID && matchFilter(&t.s, f, o, t.chars(o), src, item.Controller) {
			return true
		}
	}
	return false
}

// AddMelded puts a melded permanent onto the battlefield for a game's
// setup: the face melded, represented by the two cards a and b (712.4a).
// Like AddObject, it is not a game action.
func (s State) AddMelded(melded, a, b *cardtext.Card, owner PlayerID) (State, cardtext.ObjectID) {
	s = s.clone()
	o := s.newObject(melded, owner, cardtext.Battlefield, false)
	for _, c := range []*cardtext.Card{a, b} {
		o.Parts = append(o.Parts, Part{Label: s.label(c.Name), Card: c})
	}
	return s, o.ID
}

// melded lists the other cards the object id was a melded permanent's
// first card of, as it left the battlefield this action: an effect that
// finds the new object finds them all (712.21c).
func (t *tx) melded(id cardtext.ObjectID) []cardtext.ObjectID {
	if !t.applies(registry.MeldFinds) {
		return nil
	}
	return t.also[id]
}

// moveMelded moves a melded permanent off the battlefield: one permanent
// leaves, and its two cards are put into the zone (712.21), each a new
// object. The first card is the permanent's new object (the one returned);
// effects that find it find the other too (712.21c). A replacement effect
// applied to the event applies to both cards (712.21d).
func (t *tx) moveMelded(o *Object, to cardtext.Zone, bottom bool, key registry.Key, why string) (cardtext.ObjectID, error) {
	id, label, from := o.ID, o.Label, t.where(o)
	var repl []*graveReplacement
	if to == cardtext.Graveyard {
		if t.applies(registry.MeldReplace) {
			r, err := t.graveyardReplacement(o)
			if err != nil {
				return 0, err
			}
			if r != nil {
				t.emit(Event{Kind: EvRule, Key: registry.MeldReplace, Object: label, ObjectID: id,
					Text: fmt.Sprintf("%s would be put into a graveyard; instead (%s), both its cards", label, r.text)})
				nid, err := t.moveMelded(o, r.to, r.bottom, key, why)
				if err == nil && r.shuffle {
					t.shuffle(o.Owner, nil, "")
				}
				return nid, err
			}
		} else {
			// Without 712.21d, each card's event is replaced on its own.
			for _, p := range o.Parts {
				card := Object{ID: 0, Label: p.Label, Card: p.Card, Owner: o.Owner, Controller: o.Owner, Base: o.Owner, Zone: cardtext.Graveyard}
				r, err := t.graveyardReplacement(&card)
				if err != nil {
					return 0, err
				}
				repl = append(repl, r)
			}
		}
	}
	t.remember(o)
	t.s.remove(id)
	if t.s.Combat != nil {
		t.s.Combat.Remove(id)
	}
	var ids []cardtext.ObjectID
	var where []string
	for i, p := range o.Parts {
		dest, bot := to, bottom
		if i < len(repl) && repl[i] != nil {
			dest, bot = repl[i].to, repl[i].bottom
		}
		t.s.nextID++
		n := &Object{ID: t.s.nextID, Label: p.Label, Card: p.Card, Owner: o.Owner, Controller: o.Owner, Base: o.Owner, Zone: dest}
		n.Seq = t.s.tick()
		n.Timestamp = n.Seq
		if bot {
			n.Seq = -n.Seq
		}
		t.s.Objects = append(t.s.Objects, n)
		ids = append(ids, n.ID)
		where = append(where, p.Label+" to "+t.where(n))
	}
	t.dirty()
	if t.also == nil {
		t.also = map[cardtext.ObjectID][]cardtext.ObjectID{}
	}
	t.also[ids[0]] = ids[1:]
	text := fmt.Sprintf("%s leaves %s, one permanent: its cards go, %s", label, from, strings.Join(where, " and "))
	if why != "" {
		text = label + " " + why + ": " + text
	}
	first := t.s.Object(ids[0])
	t.emit(Event{Kind: EvMove, Key: key, Object: label, ObjectID: id, NewObjectID: ids[0], From: cardtext.Battlefield, To: first.Zone,
		Also: slices.Clone(ids[1:]), Text: text})
	for _, nid := range ids[1:] {
		// 712.21: the permanent left once; each card was put into its zone.
		n := t.s.Object(nid)
		t.emit(Event{Kind: EvMove, Key: registry.MeldLeaves, Object: n.Label, ObjectID: id, NewObjectID: nid, From: cardtext.Battlefield, To: n.Zone,
			Extra: t.applies(registry.MeldLeaves), Text: n.Label + ", the other card of " + label + ", is put into " + t.where(n)})
	}
	return ids[0], nil
}

// selfAnd is the ability's source and the first other object matching f
// (RefSelfAnd).
// They are fixed the first time the resolution reads them, so that later
// instructions follow them where they went ("exile them, then meld them").
func (x *execCtx) selfAnd(f *cardtext.Filter) []cardtext.ObjectID {
	if x.pair != nil {
		return x.pair
	}
	t := x.t
	src := t.s.Object(x.item.Source)
	if src == nil {
		return nil
	}
	x.pair = []cardtext.ObjectID{src.ID}
	for _, o := range t.s.Objects {
		if o.ID != src.ID && matchFilter(&t.s, f, o, t.chars(o), src, x.ctrl) {
			x.pair = append(x.pair, o.ID)
			break
		}
	}
	return x.pair
}

// meldPair returns the two cards of the meld pair that melds into name, if
// os are exactly those (701.42b): two cards, not tokens, each the other's
// counterpart.
func meldPair(os []*Object, name string) (*Object, *Object, bool) {
	if len(os) != 2 {
		return nil, nil, false
	}
	a, b := os[0], os[1]
	ok := !a.Token && !b.Token && a.Card.Layout == cardtext.LayoutMeld && b.Card.Layout == cardtext.LayoutMeld &&
		strings.EqualFold(a.Card.MeldWith, b.Card.Name) && strings.EqualFold(b.Card.MeldWith, a.Card.Name) &&
		a.Card.Back != nil && a.Card.Back == b.Card.Back && strings.EqualFold(a.Card.Back.Name, name)
	return a, b, ok
}

// meld melds two cards into one permanent (701.42a), or, if they can't be
// melded, leaves them where they are (701.42c).
func (x *execCtx) meld(in *cardtext.Instr) (bool, error) {
	t := x.t
	os := x.objects(in.What)
	var labels []string
	for _, o := range os {
		labels = append(labels, o.Label)
	}
	a, b, ok := meldPair(os, in.Kind)
	if ok && t.applies(registry.Meld) {
		for _, o := range []*Object{a, b} {
			t.remember(o)
			t.s.remove(o.ID)
		}
		m := t.s.newObject(a.Card.Back, a.Owner, cardtext.Battlefield, false)
		m.Controller, m.Base, m.Sick = x.ctrl, x.ctrl, true
		m.Parts = []Part{{Label: a.Label, Card: a.Card}, {Label: b.Label, Card: b.Card}}
		id := m.ID
		t.dirty()
		if ok, err := t.enter(id, nil); err != nil {
			return false, err
		} else if !ok {
			t.s.remove(id)
			t.s.Objects = append(t.s.Objects, a, b)
			t.emit(Event{Kind: EvRule, Key: registry.Meld, Text: in.Kind + " can't enter the battlefield"})
			return false, nil
		}
		m = t.s.Object(id)
		t.emit(Event{Kind: EvMove, Key: registry.Meld, Object: m.Label, ObjectID: a.ID, NewObjectID: id, From: a.Zone, To: cardtext.Battlefield,
			Text: fmt.Sprintf("%s and %s are melded: they enter the battlefield as %s, one permanent", a.Label, b.Label, m.Label)})
		x.note(a.ID, id)
		x.note(b.ID, id)
		return true, nil
	}
	if t.applies(registry.MeldStay) {
		// 701.42c: objects that can't be melded stay where they are.
		t.emit(Event{Kind: EvRule, Key: registry.MeldStay, Text: fmt.Sprintf("%s can't be melded into %s: they stay where they are",
			strings.Join(labels, " and "), in.Kind)})
		return false, nil
	}
	// Without 701.42c, each is put onto the battlefield on its own.
	ctrl := x.ctrl
	done := false
	for _, o := range os {
		nid, err := t.move(o.ID, cardtext.Battlefield, false, &ctrl, registry.Meld, "is put onto the battlefield")
		if err != nil {
			return false, err
		}
		done = done || nid != o.ID
	}
	return done, nil
}

// enchantsPlayer reports whether an Aura has enchant player (702.5).
func (t *tx) enchantsPlayer(aura *Object) bool {
	for _, a := range t.chars(aura).Abilities {
		if a.Kind == cardtext.AbKeyword && a.Keyword == "enchant" && a.Param == "player" {
			return true
		}
	}
	return false
}

// meldOrder has the player who exiled a melded permanent determine the
// relative timestamp order of its two cards (712.21b), an exception to
// 613.7m: the card chosen is the later. Without that rule, they have the
// order they were put there in.
func (t *tx) meldOrder(p PlayerID, cards []cardtext.ObjectID) error {
	if !t.applies(registry.MeldOrder) || len(cards) < 2 {
		return nil
	}
	ans, err := t.ask(&Choice{Player: p, Key: registry.MeldOrder, Options: cards, Min: 1, Max: 1,
		Prompt: "choose which card of the melded permanent was exiled last (the later timestamp)"})
	if err != nil {
		return err
	}
	last := ans.object
	if len(ans.objects) == 1 {
		last = ans.objects[0]
	}
	if o := t.s.Object(last); o != nil && slices.Contains(cards, last) {
		o.Timestamp = t.s.tick()
		t.dirty()
		t.emit(Event{Kind: EvChoice, Key: registry.MeldOrder, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
			Text: fmt.Sprintf("%s puts %s's timestamp after the other card's", t.name(p), o.Label)})
	}
	return nil
}
