package cardtext

import (
	"fmt"
	"strings"
)

// TypeLine is an object's supertypes, card types and subtypes (205 in current
// rules; 204 in 2009–2011; 205 and 212 in 2007), each subtype correlated to
// the card type it belongs to (205.3c).
type TypeLine struct {
	Supertypes []string // as printed: "Legendary", "Basic"
	CardTypes  []string // "Land", "Creature"
	Subtypes   []Subtype
	// AllCreatureTypes: the object has every creature type (changeling,
	// 702.73a).
	AllCreatureTypes bool
	// Dashed: the subtypes were printed after a long dash (205.3b), not
	// named by an effect.
	Dashed bool
}

// Subtype is one subtype and the kind it was correlated with.
type Subtype struct {
	Name string
	Kind SubtypeKind
}

// Is reports whether the type line has the card type t ("creature").
func (t TypeLine) Is(cardType string) bool { return HasFold(t.CardTypes, cardType) }

// IsSuper reports whether the type line has the supertype s ("legendary").
func (t TypeLine) IsSuper(s string) bool { return HasFold(t.Supertypes, s) }

// HasSubtype reports whether the type line has the subtype s of any kind.
func (t TypeLine) HasSubtype(s string) bool {
	for _, x := range t.Subtypes {
		if strings.EqualFold(x.Name, s) {
			return true
		}
	}
	return t.AllCreatureTypes && !nonCreatureSubtype(s)
}

// nonCreatureSubtype reports whether s is one of the built-in lists'
// subtypes of another kind than creature.
func nonCreatureSubtype(s string) bool {
	for k, l := range DefaultSubtypes {
		if k != CreatureType && HasFold(l, s) {
			return true
		}
	}
	return false
}

// SubtypesOf lists the subtypes of one kind, in printed order.
func (t TypeLine) SubtypesOf(k SubtypeKind) []string {
	var out []string
	for _, x := range t.Subtypes {
		if x.Kind == k {
			out = append(out, x.Name)
		}
	}
	return out
}

// SubtypeNames lists every subtype, in printed order.
func (t TypeLine) SubtypeNames() []string {
	out := make([]string, len(t.Subtypes))
	for i, x := range t.Subtypes {
		out[i] = x.Name
	}
	return out
}

// String prints the type line the way current cards do: "Legendary Creature — Dog".
func (t TypeLine) String() string {
	s := strings.Join(append(append([]string{}, t.Supertypes...), t.CardTypes...), " ")
	if len(t.Subtypes) > 0 {
		s += " — " + strings.Join(t.SubtypeNames(), " ")
	}
	return s
}

// HasFold reports whether list holds s, ignoring case.
func HasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// typeDashes are the ways sources print the long dash between types and
// subtypes: an em dash, an en dash, a doubled hyphen, or a spaced hyphen.
var typeDashes = []string{"\u2014", "\u2013", "--", " - "}

// ParseTypeLine reads a type line such as "Legendary Creature — Dog",
// "Basic Land – Mountain" or "Land Creature -- Forest Dryad" against an
// edition's type lists: each word before the dash must be a supertype or card
// type, and each subtype after it must belong to one of the object's card
// types (205.3c), which is how Forest becomes a land type and Dryad a
// creature type on Dryad Arbor. Planes' subtypes may be several words and are
// read as one (205.3b).
func ParseTypeLine(s string, lists *TypeLists) (TypeLine, error) {
	var t TypeLine
	left, right := s, ""
	for _, d := range typeDashes {
		if i := strings.Index(s, d); i >= 0 {
			left, right = s[:i], s[i+len(d):]
			break
		}
	}
	for _, w := range strings.Fields(left) {
		if st, ok := lists.Supertype(w); ok && len(t.CardTypes) == 0 {
			t.Supertypes = append(t.Supertypes, st)
			continue
		}
		if ct, ok := lists.CardType(w); ok {
			t.CardTypes = append(t.CardTypes, ct)
			continue
		}
		if _, ok := lists.Supertype(w); ok {
			return TypeLine{}, fmt.Errorf("supertype %q must come before the card types (%q)", w, s)
		}
		return TypeLine{}, fmt.Errorf("%q is not a card type or supertype%s", w, lists.hint())
	}
	if len(t.CardTypes) == 0 {
		return TypeLine{}, fmt.Errorf("type line %q has no card type", s)
	}
	var kinds []SubtypeKind
	for _, ct := range t.CardTypes {
		if k, ok := KindOf(ct); ok && !hasKind(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	right = strings.TrimSpace(right)
	if right == "" {
		return t, nil
	}
	if len(kinds) == 0 {
		return TypeLine{}, fmt.Errorf("%s has no subtypes, so %q can't follow it", strings.Join(t.CardTypes, " "), right)
	}
	if len(kinds) == 1 && kinds[0] == PlanarType {
		name, ok := lists.Subtype(PlanarType, right)
		if !ok {
			return TypeLine{}, fmt.Errorf("%q is not a planar type%s", right, lists.hint())
		}
		t.Subtypes = []Subtype{{name, PlanarType}}
		t.Dashed = true
		return t, nil
	}
	t.Dashed = true
	words := strings.Fields(right)
	for i := 0; i < len(words); i++ {
		// A two-word creature type ("Time Lord", 205.3m) wins over two
		// single words.
		if i+1 < len(words) {
			if sub, ok := lists.correlate(kinds, words[i]+" "+words[i+1]); ok {
				t.Subtypes = append(t.Subtypes, sub)
				i++
				continue
			}
		}
		sub, ok := lists.correlate(kinds, words[i])
		if !ok {
			return TypeLine{}, fmt.Errorf("%q is not a %s%s", words[i], kindsPhrase(kinds), lists.hint())
		}
		t.Subtypes = append(t.Subtypes, sub)
	}
	return t, nil
}

func hasKind(ks []SubtypeKind, k SubtypeKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// correlate finds the first of the object's subtype kinds (in correlation
// order) whose list has s (205.3c).
func (l *TypeLists) correlate(kinds []SubtypeKind, s string) (Subtype, bool) {
	for _, k := range subtypeKinds {
		if !hasKind(kinds, k) {
			continue
		}
		if name, ok := l.Subtype(k, s); ok {
			return Subtype{name, k}, true
		}
	}
	return Subtype{}, false
}

// kindsPhrase names the kinds an unknown subtype was looked for in:
// "creature type", "creature or artifact type".
func kindsPhrase(ks []SubtypeKind) string {
	var s []string
	for _, k := range subtypeKinds {
		if hasKind(ks, k) {
			s = append(s, string(k))
		}
	}
	return strings.Join(s, " or ") + " type"
}

func (l *TypeLists) hint() string {
	if l.Complete {
		return ""
	}
	return " in the engine's short built-in lists (an edition built from its rules text has them all)"
}

// CheckSubtypeChoice checks a player's choice of a subtype of kind k against
// 205.3e (204.3d in 2011, 212.1e in 2007, 214.7a in 2003): one, and only one,
// existing subtype of the appropriate kind. It returns the subtype as printed.
func (l *TypeLists) CheckSubtypeChoice(k SubtypeKind, choice string) (string, error) {
	c := strings.TrimSpace(choice)
	if name, ok := l.Subtype(k, c); ok {
		return name, nil
	}
	words := strings.Fields(c)
	if len(words) > 1 {
		all := true
		for _, w := range words {
			if _, ok := l.Subtype(k, w); !ok {
				all = false
			}
		}
		if all {
			return "", fmt.Errorf("%q is %d %s types; choose one, and only one", c, len(words), k)
		}
	}
	if kinds := l.KindsOf(c); len(kinds) > 0 {
		return "", fmt.Errorf("%q is a %s type, not a %s type", c, kinds[0], k)
	}
	if _, ok := l.CardType(c); ok {
		return "", fmt.Errorf("%q is a card type, not a %s type", c, k)
	}
	if _, ok := l.Supertype(c); ok {
		return "", fmt.Errorf("%q is a supertype, not a %s type", c, k)
	}
	return "", fmt.Errorf("%q is not a %s type%s", c, k, l.hint())
}
