// Package cards holds Magic cards' Oracle text and rulings: what a card
// page shows beside the rules. It reads the card file embedded in content
// (a reduced copy of the shared MTGJSON data, as of 2018-11-07) or a newer
// MTGJSON AtomicCards.json a user puts in the data directory, indexes the
// names for lookup by slug and for forgiving search, and knows nothing of
// the web.
package cards

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Card is one face of a card as the Oracle has it: a split, flip,
// double-faced or meld card is one Card for each face, and Names lists
// them all.
type Card struct {
	Name         string   `json:"name"`
	Names        []string `json:"names,omitempty"` // every face, in order, when there are several
	Layout       string   `json:"layout,omitempty"`
	ManaCost     string   `json:"manaCost,omitempty"`
	Type         string   `json:"type,omitempty"`
	Text         string   `json:"text,omitempty"`
	Power        Stat     `json:"power,omitempty"`
	Toughness    Stat     `json:"toughness,omitempty"`
	Loyalty      Stat     `json:"loyalty,omitempty"`
	Hand         Stat     `json:"hand,omitempty"` // a Vanguard card's hand modifier
	Life         Stat     `json:"life,omitempty"` // a Vanguard card's life modifier
	Rulings      []Ruling `json:"rulings,omitempty"`
	Printings    []string `json:"printings,omitempty"`    // set codes
	FirstPrinted string   `json:"firstPrinted,omitempty"` // YYYY-MM-DD
}

// Ruling is one of a card's rulings, dated.
type Ruling struct {
	Date string `json:"date"`
	Text string `json:"text"`
}

// Set is a card file: every face, sorted by name, and where it came from.
type Set struct {
	Source string // the file it was read from
	Date   string // the data's date, YYYY-MM-DD
	Cards  []Card // sorted by Name

	bySlug map[string]int // Slug(Name) → index in Cards
	keys   []string       // key(Name) of each card, for search
}

// index builds the lookups. Faces whose names slug alike (none in the
// 2018 data) keep the first.
func (s *Set) index() {
	slices.SortFunc(s.Cards, func(a, b Card) int { return strings.Compare(a.Name, b.Name) })
	s.bySlug = make(map[string]int, len(s.Cards))
	s.keys = make([]string, len(s.Cards))
	for i, c := range s.Cards {
		sl := Slug(c.Name)
		if _, ok := s.bySlug[sl]; !ok {
			s.bySlug[sl] = i
		}
		s.keys[i] = key(c.Name)
	}
	// A split card by its whole name: "fire-ice" is Fire.
	for i := range s.Cards {
		c := &s.Cards[i]
		if full := s.FullName(c); full != c.Name && len(c.Names) > 0 && c.Names[0] == c.Name {
			if _, ok := s.bySlug[Slug(full)]; !ok {
				s.bySlug[Slug(full)] = i
			}
		}
	}
}

// Len is the number of faces.
func (s *Set) Len() int { return len(s.Cards) }

// BySlug returns the face whose name slugs to slug, or nil. The slug is
// made again from what is given, so "Assassin's Trophy" and
// "assassins-trophy" both find it.
func (s *Set) BySlug(slug string) *Card {
	if i, ok := s.bySlug[Slug(slug)]; ok {
		return &s.Cards[i]
	}
	return nil
}

// ByName returns the face named exactly name, or nil.
func (s *Set) ByName(name string) *Card {
	i, ok := slices.BinarySearchFunc(s.Cards, name, func(c Card, n string) int { return strings.Compare(c.Name, n) })
	if !ok {
		return nil
	}
	return &s.Cards[i]
}

// Faces returns every face of c's card in printed order: c alone for a
// card with one face.
func (s *Set) Faces(c *Card) []*Card {
	if len(c.Names) < 2 {
		return []*Card{c}
	}
	out := make([]*Card, 0, len(c.Names))
	for _, n := range c.Names {
		if f := s.ByName(n); f != nil {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return []*Card{c}
	}
	return out
}

// FullName is the name a card goes by: its faces joined with " // " for a
// split or aftermath card ("Fire // Ice"), its first face's otherwise.
func (s *Set) FullName(c *Card) string {
	if len(c.Names) > 1 && (c.Layout == "split" || c.Layout == "aftermath") {
		return strings.Join(c.Names, " // ")
	}
	return c.Name
}

// folds spells out the letters outside ASCII that card names use, so a
// name is found as people type it: "Aether Vial", "Lim-Dul".
var folds = map[rune]string{
	'æ': "ae", 'Æ': "ae", 'á': "a", 'à': "a", 'â': "a", 'ä': "a", 'ã': "a",
	'é': "e", 'è': "e", 'ê': "e", 'ë': "e", 'í': "i", 'ì': "i", 'î': "i", 'ï': "i",
	'ó': "o", 'ò': "o", 'ô': "o", 'ö': "o", 'õ': "o", 'ú': "u", 'ù': "u", 'û': "u", 'ü': "u",
	'ñ': "n", 'ç': "c", 'ß': "ss",
}

// Slug is a card name as a URL path segment: lower case, letters and
// digits kept (accents folded), apostrophes and quotes dropped, anything
// else one hyphen. "Assassin's Trophy" is "assassins-trophy", "Fire //
// Ice" "fire-ice", "Æther Vial" "aether-vial".
func Slug(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	dash := false
	for _, r := range name {
		switch {
		case r == '\'' || r == '’' || r == '"' || r == '“' || r == '”':
			continue
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_'): // _ for Unhinged's "_____"
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
		case folds[r] != "":
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteString(folds[r])
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			r = unicode.ToLower(r)
		default:
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(r)
	}
	return b.String()
}

// key is a name as search compares it: its slug without hyphens, so
// spacing and punctuation do not count ("assassinstrophy").
func key(name string) string { return strings.ReplaceAll(Slug(name), "-", "") }

// Stat is a power, toughness, loyalty or Vanguard modifier: "2", "*",
// "1+*", "-1". Files write it as a string or, for some loyalties and
// modifiers, a number; both read the same.
type Stat string

// UnmarshalJSON reads a string or a number.
func (v *Stat) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*v = Stat(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("a power, toughness, loyalty or modifier must be a string or a number, not %s", clipped(string(b)))
	}
	*v = Stat(n.String())
	return nil
}
