package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Abilities linked by the cards one exiles (607.2a), such as Duplicant's:
// "As long as a card exiled with ~ is a creature card, ~ has the power,
// toughness, and creature types of the last creature card exiled with ~.
// It's still a Shapeshifter."

// lastExiledCreature is the creature card in exile that src's abilities
// exiled last, or nil.
func lastExiledCreature(s *State, src *Object) *Object {
	if src == nil {
		return nil
	}
	var last *Object
	for _, o := range s.Objects {
		if o.Zone == cardtext.Exile && o.ExiledBy == src.ID && o.Card.Types.Is("creature") && (last == nil || o.Timestamp > last.Timestamp) {
			last = o
		}
	}
	return last
}

// typesOf is a type-changing effect as it applies now: "the creature types
// of" an object become the creature types it sets.
func (lc *layerCtx) typesOf(sp *cardtext.ContSpec, in *instance, o *Object, params map[cardtext.ObjectID]*Chars) *cardtext.ContSpec {
	if sp.TypesOf == nil {
		return sp
	}
	src := in.src
	if src == nil {
		src = o
	}
	of := refObject(lc.s, *sp.TypesOf, src, o)
	cp := *sp
	cp.TypesOf = nil
	if of != nil {
		for _, st := range params[of.ID].Types.Subtypes {
			if st.Kind == cardtext.CreatureType {
				cp.SetSubs = append(cp.SetSubs, st)
			}
		}
	}
	return &cp
}

// linkOf is the effect that gave o its ability a (607.5: the abilities an
// object acquires as part of one effect are linked to one another, and to
// none of its others), or 0 for an ability of its own or one a static
// ability grants. Without 607.5 nothing tells one acquired ability from
// another: every ability of o is linked to every other.
func (t *tx) linkOf(o *Object, a *cardtext.Ability) int {
	if o == nil || a == nil || !t.applies(registry.LinkedGained) {
		return 0
	}
	for i := len(t.s.Effects) - 1; i >= 0; i-- {
		e := &t.s.Effects[i]
		if slices.Contains(e.Gain, a) && slices.Contains(e.Objects, o.ID) {
			return e.ID
		}
	}
	return 0
}

// exiledWith reports whether o is a card in exile the item's source
// exiled with an ability linked to the item's (607.2a, 607.5).
func exiledWith(o *Object, item *StackItem) bool {
	return o.Zone == cardtext.Exile && o.ExiledBy != 0 && o.ExiledBy == item.Source && o.ExiledLink == item.Link
}
