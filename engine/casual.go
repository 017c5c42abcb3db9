package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// The casual variants' rules that are about cards and players rather than
// play: Vanguard's modifiers (902), the commander designation and color
// identity (903.3–903.5).

// Vanguard returns the vanguard cards p owns in the command zone (902.3).
func (s *State) vanguards(p PlayerID) []*Object {
	var out []*Object
	for _, o := range s.In(p, cardtext.Command) {
		if o.Owner == p && o.Card.Types.Is("vanguard") {
			out = append(out, o)
		}
	}
	return out
}

func (s *State) handModifier(p PlayerID) int {
	n := 0
	for _, o := range s.vanguards(p) {
		n += o.Card.HandMod
	}
	return n
}

// StartingHandSize is how many cards p draws as the game begins (103.5:
// normally seven), as modified by their vanguard's hand modifier (902.5).
func (s *State) StartingHandSize(p PlayerID) int {
	if s.applies(registry.VanguardHand) {
		return variants.HandSize + s.handModifier(p)
	}
	return variants.HandSize
}

// MaxHandSize is p's maximum hand size (402.2: normally seven), as
// modified by their vanguard's hand modifier (902.5b).
func (s *State) MaxHandSize(p PlayerID) int {
	if s.applies(registry.VanguardMaxHand) {
		return variants.HandSize + s.handModifier(p)
	}
	return variants.HandSize
}

// StartVanguard gives p the starting life total their vanguard card o
// makes (902.4: 20 plus or minus its life modifier) as the game begins
// with it in the command zone.
func (s State) StartVanguard(p PlayerID, o cardtext.ObjectID) State {
	s = s.clone()
	v := s.Object(o)
	if v == nil || !s.applies(registry.VanguardLife) {
		return s
	}
	s.Players[p].Life += v.Card.LifeMod
	return s
}

// Designate makes the card of object o one of p's commanders (903.3).
func (s State) Designate(p PlayerID, o cardtext.ObjectID) State {
	s = s.clone()
	x := s.Object(o)
	if x == nil {
		return s
	}
	pl := &s.Players[p]
	pl.Commanders = append(slices.Clone(pl.Commanders), CommanderCard{Card: x.Label, Name: x.Card.Name})
	return s
}

// CommanderOf returns the commander o is, and whose: 903.3, the
// designation is an attribute of the card, which keeps it in every zone
// and face down or copying something else, and which no token or other
// card copying it has.
func (s *State) CommanderOf(o *Object) (*CommanderCard, PlayerID, bool) {
	for i := range s.Players {
		for j := range s.Players[i].Commanders {
			c := &s.Players[i].Commanders[j]
			if s.applies(registry.CommanderCard) {
				if !o.Token && o.Label == c.Card {
					return c, PlayerID(i), true
				}
				continue
			}
			// Without 903.3 the designation would be something the object
			// shows: whatever has the commander's name.
			if s.Chars(o).Name == c.Name {
				return c, PlayerID(i), true
			}
		}
	}
	return nil, 0, false
}

// IsCommander reports whether o is a commander (903.3).
func (s *State) IsCommander(o *Object) bool {
	_, _, ok := s.CommanderOf(o)
	return ok
}

// ColorIdentity is the color identity of o's card (903.4): the colors of
// the mana symbols in its mana cost and rules text and of its color
// indicator (variants.Identity), over each of its faces and halves
// (903.4d, 903.4e).
func (s *State) ColorIdentity(o *Object) cardtext.Color {
	card := o.Card
	if card.DFC != nil {
		card = card.DFC
	}
	if !s.applies(registry.ColorIdentity) {
		// Without 903.4 a card would be judged by its colors.
		return s.Chars(o).Colors
	}
	id := variants.Identity(card)
	for _, h := range card.Halves {
		id |= variants.Identity(h)
	}
	if card.Flip != nil {
		id |= variants.Identity(card.Flip)
	}
	if card.Back != nil && s.applies(registry.IdentityBack) {
		id |= variants.Identity(card.Back)
	}
	if card.Adventure != nil && s.applies(registry.IdentityAlt) {
		// 903.4e: an adventurer card's Adventure counts too.
		id |= variants.Identity(card.Adventure)
	}
	return id
}

// DeckMayInclude reports whether the card of o may be in p's Commander deck
// (903.5c, 903.5d), judged by the color identity of p's commanders; the
// rule that forbids it if it may not.
func (s *State) DeckMayInclude(p PlayerID, o *Object) (bool, registry.Key) {
	var cmd cardtext.Color
	for _, c := range s.Players[p].Commanders {
		for _, x := range s.Objects {
			if x.Label == c.Card {
				cmd |= s.ColorIdentity(x)
				break
			}
		}
	}
	// 903.5c: every color of its color identity is the commander's.
	if s.applies(registry.DeckIdentity) && s.ColorIdentity(o)&^cmd != 0 {
		return false, registry.DeckIdentity
	}
	// 903.5d: a card with a basic land type, only if each color of mana it
	// could produce is.
	if s.applies(registry.DeckLandTypes) {
		for _, st := range o.Card.Types.Subtypes {
			if c, ok := variants.LandTypeColor(st.Name); ok && c&^cmd != 0 {
				return false, registry.DeckLandTypes
			}
		}
	}
	return true, ""
}
