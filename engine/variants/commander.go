package variants

import (
	"regexp"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// Commander's arithmetic (903) that needs no game: a card face's color
// identity, the colors a basic land type's mana has, and the commander tax.

var symbolRe = regexp.MustCompile(`\{[^{}]+\}`)

// Identity is the color identity of one face or half of a card (903.4):
// the colors of the mana symbols in its mana cost and rules text (a
// hybrid symbol's both colors, a Phyrexian symbol's color) and of its
// color indicator. Reminder text is left out (903.4c) because a card's
// text never holds it. The engine joins a card's faces and halves
// (903.4d, 903.4e).
func Identity(c *cardtext.Card) cardtext.Color {
	id := c.Cost.Colors()
	if c.HasColor {
		id |= c.Color
	}
	var texts []string
	for _, a := range c.Abilities {
		texts = append(texts, a.Text)
	}
	texts = append(texts, c.Keywords...)
	for _, t := range texts {
		for _, sym := range symbolRe.FindAllString(t, -1) {
			if m, err := cardtext.ParseManaCost(sym); err == nil {
				id |= m.Colors()
			}
		}
	}
	return id
}

// basicLandColors are the colors of mana each basic land type's ability
// produces (305.6).
var basicLandColors = map[string]cardtext.Color{"plains": cardtext.White, "island": cardtext.Blue, "swamp": cardtext.Black, "mountain": cardtext.Red, "forest": cardtext.Green}

// LandTypeColor is the color of the mana a land of basic land type
// subtype could produce by that type (305.6), which a Commander deck's
// commander must have (903.5d); ok is false for any other subtype.
func LandTypeColor(subtype string) (c cardtext.Color, ok bool) {
	c, ok = basicLandColors[strings.ToLower(subtype)]
	return c, ok
}

// Tax is the commander tax (903.8): what casting a commander from the
// command zone costs in addition, {2} for each previous time its caster
// cast it from there (casts); nothing the first time.
func Tax(casts int) cardtext.ManaCost {
	if casts <= 0 {
		return nil
	}
	return cardtext.ManaCost{{Kind: cardtext.SymGeneric, N: 2 * casts}}
}

// CommanderDamageLoses is how much combat damage from the same commander over
// the game makes a player lose (903.10a, 704.6c): 21 or more.
const CommanderDamageLoses = 21
