package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Adventurer cards (715): a card with an inset Adventure, an instant or
// sorcery its owner may cast instead of the card (715.3). The Adventure's
// characteristics are the card's only while it is a spell cast as one
// (715.3b, printed in faces.go); as it resolves it goes on an adventure in
// exile, from where its controller may cast the card (715.3d).

// adventureExile puts a resolving Adventure spell into exile rather than
// its owner's graveyard (715.3d), noting who may cast it from there.
func (t *tx) adventureExile(o *Object) error {
	ctrl := o.Controller
	id, err := t.move(o.ID, cardtext.Exile, false, nil, registry.AdventureExile, "is exiled as its Adventure resolves")
	if err != nil {
		return err
	}
	if n := t.s.Object(id); n != nil && n.Zone == cardtext.Exile {
		n.AdventureBy = int(ctrl) + 1
		t.dirty()
		t.emit(Event{Kind: EvRule, Key: registry.AdventureExile, Object: n.Label, ObjectID: id, Player: t.name(ctrl),
			Text: fmt.Sprintf("%s may cast %s from exile for as long as it remains exiled, but not as an Adventure", t.name(ctrl), n.Label)})
	}
	return nil
}

// adventureCast reports whether player p may cast o from exile because an
// Adventure they cast put it there (715.3d): as long as it stays exiled,
// and not as an Adventure that way.
func (t *tx) adventureCast(o *Object, p PlayerID, way *castWay) bool {
	if o.AdventureBy != int(p)+1 || way.adventure || !t.applies(registry.AdventureExile) {
		return false
	}
	t.emit(Event{Kind: EvRule, Key: registry.AdventureExile, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
		Text: fmt.Sprintf("%s may cast %s: they exiled it as its Adventure resolved", t.name(p), o.Label)})
	return true
}

// hasAdventure reports whether o "has an Adventure" (715.2a): it has the
// alternative characteristics of an Adventure spell, even if it doesn't
// use them now (a card cast as the creature, in a hand, on the
// battlefield). Without that rule, only a spell using them (cast as an
// Adventure) has one.
func hasAdventure(s *State, o *Object) bool {
	if o.Adventure {
		return true
	}
	return o.Card != nil && o.Card.Adventure != nil && s.applies(registry.AdventureHas)
}
