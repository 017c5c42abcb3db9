// Package cardtext is what a card says, read from its printed text: its type
// line (TypeLine, checked against an edition's TypeLists), its mana cost
// (ManaCost) and colors (Color).
//
// It knows no game: nothing here needs a game state or a rules edition beyond
// the type lists handed to it. Package engine reads cards through it and
// decides what their text does in a game: which rules apply to a type line
// (205.3), what a mana cost's mana value is under an edition's rules (202.3).
package cardtext
