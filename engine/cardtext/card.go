package cardtext

import (
	"slices"
	"strings"
)

// Layout is how a card's faces are arranged.
type Layout uint8

const (
	LayoutNormal    Layout = iota
	LayoutTransform        // a nonmodal double-faced card (712.2): Back is its back face
	LayoutModal            // a modal double-faced card (712.3): either face can be cast
	LayoutMeld             // a meld card (712.4): Back is the permanent its pair melds into
	LayoutFlip             // a flip card (710): Flip is its flipped characteristics
	LayoutSplit            // a split card (709): Halves are its two halves
	LayoutAdventure        // an adventurer card (715): Adventure is its inset Adventure
)

// DoubleFaced returns the card whose faces are front and back: a nonmodal
// (transforming) double-faced card, or a modal one. Its front face is the
// card itself, as everywhere but the battlefield and the stack (712.8a).
func DoubleFaced(front, back *Card, modal bool) *Card {
	f, b := *front, *back
	f.Layout, f.Back = LayoutTransform, &b
	if modal {
		f.Layout = LayoutModal
	}
	b.DFC = &f
	return &f
}

// FlipCard returns the flip card whose upside-down half is flipped (710.1):
// that half has its own name, text, type line and power and toughness; its
// color and mana cost are the card's (710.1c).
func FlipCard(top, flipped *Card) *Card {
	t, f := *top, *flipped
	t.Layout, t.Flip = LayoutFlip, &f
	return &t
}

// SplitCard returns the split card with two halves (709.1), named
// "Left // Right".
func SplitCard(left, right *Card) *Card {
	return &Card{Name: left.Name + " // " + right.Name, Layout: LayoutSplit, Halves: []*Card{left, right}}
}

// AdventurerCard returns the adventurer card whose inset frame holds
// adventure (715.1): alternative characteristics the card may have as a
// spell (715.2), an instant or sorcery with the Adventure subtype.
func AdventurerCard(card, adventure *Card) *Card {
	c, a := *card, *adventure
	c.Layout, c.Adventure = LayoutAdventure, &a
	return &c
}

// MeldPair returns the two cards of a meld pair (712.4), each with the
// melded permanent as its back face and the other's name as its
// counterpart.
func MeldPair(a, b, melded *Card) (*Card, *Card) {
	x, y := *a, *b
	x.Layout, x.Back, x.MeldWith = LayoutMeld, melded, b.Name
	y.Layout, y.Back, y.MeldWith = LayoutMeld, melded, a.Name
	return &x, &y
}

// IsDoubleFaced reports whether the card is a double-faced card that can
// turn over: nonmodal or modal, not a meld card (712.4c, 712.9).
func (c *Card) IsDoubleFaced() bool {
	return c != nil && (c.Layout == LayoutTransform || c.Layout == LayoutModal) && c.Back != nil
}

// IsBackFace reports whether c is the back face of a nonmodal double-faced
// card (202.3b).
func (c *Card) IsBackFace() bool {
	return c != nil && c.DFC != nil && c.DFC.Back == c && c.DFC.Layout == LayoutTransform
}

// Faces lists the names a card's faces go by: its own, then its back face,
// flipped half, halves or Adventure.
func (c *Card) Faces() []*Card {
	out := []*Card{c}
	switch {
	case c.Layout == LayoutSplit:
		out = append(out, c.Halves...)
	case c.Flip != nil:
		out = append(out, c.Flip)
	case c.Adventure != nil:
		out = append(out, c.Adventure)
	case c.Back != nil && c.Layout != LayoutMeld:
		out = append(out, c.Back)
	}
	return out
}

// SplitHalf is which half of a split card is named name (1 or 2), or 0.
func (c *Card) SplitHalf(name string) int {
	if c.Layout != LayoutSplit {
		return 0
	}
	for i, h := range c.Halves {
		if strings.EqualFold(h.Name, name) {
			return i + 1
		}
	}
	return 0
}

// Zone is where an object is (400.1).
type Zone uint8

const (
	Library Zone = iota + 1
	Hand
	Battlefield
	Graveyard
	Stack
	Exile
	Command
	// Outside is where a card outside the game is (400.11): not a zone of
	// the game, but where a player's sideboard waits for an effect that
	// brings a card into the game (a wish).
	Outside
)

// ZoneNames are the zones' names as the rules write them.
var ZoneNames = map[Zone]string{
	Library: "library", Hand: "hand", Battlefield: "battlefield", Graveyard: "graveyard",
	Stack: "stack", Exile: "exile", Command: "command", Outside: "outside",
}

func (z Zone) String() string { return ZoneNames[z] }

// Private reports whether each player has their own zone of this kind
// (library, hand, graveyard: 400.2) rather than one shared zone.
func (z Zone) Private() bool { return z == Library || z == Hand || z == Graveyard }

// ObjectID identifies an object. An object that changes zones becomes a new
// object with a new ID (400.7); its Label stays.
type ObjectID int

// Card is an object's printed characteristics: a card's, or those a token
// was created with (111.3).
type Card struct {
	Name      string
	Cost      ManaCost // nil: no mana cost (202.1b)
	Types     TypeLine
	Power     int
	Toughness int
	HasPT     bool
	Loyalty   int      // a planeswalker's printed loyalty (306.5a)
	Keywords  []string // lower case: "flying", "deathtouch"
	// Color set by a color indicator or by the effect that made a token
	// (202.2e, 111.3), overriding the mana cost's.
	Color    Color
	HasColor bool
	// Abilities is the card's rules text other than plain keywords, read
	// by ParseAbilities, in printed order.
	Abilities []*Ability

	// The card's other faces (DoubleFaced, FlipCard, SplitCard, AdventurerCard and
	// MeldPair build them): a double-faced card's back face (or a meld
	// card's share of its melded permanent), a flip card's flipped
	// characteristics, a split card's halves, an adventurer card's
	// Adventure. DFC is set on each face of a double-faced card: the card
	// it is a face of.
	Layout    Layout
	Back      *Card
	Flip      *Card
	Halves    []*Card
	Adventure *Card
	DFC       *Card
	MeldWith  string // a meld card: the name of its counterpart (712.5)
	// A vanguard card's hand and life modifiers (313.6, 313.7).
	HandMod, LifeMod int
}

// HasKeyword reports whether the card was printed with keyword k.
func (c *Card) HasKeyword(k string) bool { return slices.Contains(c.Keywords, strings.ToLower(k)) }
