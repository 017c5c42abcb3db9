// Package cardtext is what a card says: its printed characteristics (Card:
// name, mana cost, type line, power and toughness, faces) and its rules text
// read into abilities (Ability), in the engine's dialect of Oracle wording
// (content/scenarios/README.md lists it).
//
// The grammar (rulestext*.go over the lexer in textlex.go) composes each
// sentence from its parts: verbs become instructions (Instr, Op), nouns
// object and player references (ORef, PRef, Filter), numbers amounts
// (Amount), and the rest durations, conditions, costs and triggers
// (Duration, Cond, Cost, Trigger), continuous effects (ContSpec), rule
// changes (RuleMod) and replacements (Replacement). A sentence it can't read
// is an error naming the word where reading stopped and what it expected.
// Type lines (TypeLine) are read against an edition's type lists
// (TypeLists), mana costs (ManaCost) and colors (Color) on their own.
//
// It knows no game: nothing here needs a game state or a rules edition beyond
// the type lists handed to it, and it imports nothing of package engine.
// The identifiers references come to mean in a game (ObjectID, PlayerID,
// Target) are declared here so that the engine's other packages share
// them without importing engine.
// Package engine decides what the parsed text does in a game: it resolves
// the references, follows the instructions, applies the continuous effects,
// and asks which rules apply to a type line (205.3) or a mana value (202.3).
package cardtext
