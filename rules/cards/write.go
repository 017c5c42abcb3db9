package cards

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
)

// Reduce writes s as the embedded card file: one JSON object a face,
// sorted by name, holding only the fields a card page shows (name, faces,
// layout, mana cost, type line, Oracle text, power and toughness,
// loyalty, Vanguard modifiers, rulings, printings, first printing).
// Colors, types' parts and legalities are left out. The same cards always
// give the same bytes.
func Reduce(s *Set) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, c := range s.Cards {
		enc.Encode(c) // a Card of strings and lists always encodes
	}
	return b.Bytes()
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
