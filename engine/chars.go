package engine

import (
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Chars is what an object looks like now: its printed characteristics with
// every continuous effect applied, layer by layer (613), recomputed from
// the printed ones each time. Notes say which layer and effect set each
// characteristic, for the sandbox.
type Chars struct {
	Name      string
	Cost      cardtext.ManaCost
	Colors    cardtext.Color
	Types     cardtext.TypeLine
	Power     int
	Toughness int
	HasPT     bool
	Keywords  []string            // plain keyword abilities, lower case
	Abilities []*cardtext.Ability // every ability, keywords included, in order
	// Controller is the result of layer 2 for a permanent; for other
	// objects, their owner or the player who put them on the stack.
	Controller PlayerID
	Notes      []LayerNote
	// rules is the edition they were computed under (State.Under), for
	// the rules asked later, such as mana value's.
	rules *RulesEdition
	// mvCost, when mvSet, is the mana cost its mana value is calculated
	// from instead of its own: a back face's front face's (202.3b), a
	// melded permanent's front faces' (202.3c).
	mvCost cardtext.ManaCost
	mvSet  bool
}

// LayerNote records one continuous effect (or counter) that changed a
// characteristic: "7b: power/toughness set to 0/1 by Humility#1".
type LayerNote struct {
	Layer string // "1", "2", "4", "7c", …
	Char  string // "power/toughness", "color", "types", "abilities", "controller", "copy"
	What  string // "+2/+2", "set to 1/1", "white", "gains flying"
	By    string // the effect's source: "Giant Growth#1", "2 +1/+1 counters"
}

func (n LayerNote) String() string {
	s := n.Layer + ": " + n.What
	if n.By != "" {
		s += " (" + n.By + ")"
	}
	return s
}

// Chars computes o's current characteristics.
func (s *State) Chars(o *Object) Chars {
	if o == nil {
		return Chars{}
	}
	v := s.computeView()
	if ch := v.charsOf(o.ID); ch != nil {
		return *ch
	}
	// An object not in the state (a printed card shown on its own): its
	// printed characteristics and characteristic-defining abilities.
	tmp := *s
	tmp.Objects = append(append([]*Object(nil), s.Objects...), o)
	if ch := tmp.computeView().charsOf(o.ID); ch != nil {
		return *ch
	}
	return Chars{}
}

// HasKeyword reports whether the object has keyword k now.
func (ch Chars) HasKeyword(k string) bool {
	for _, x := range ch.Keywords {
		if x == k {
			return true
		}
	}
	for _, a := range ch.Abilities {
		if a.Keyword == k {
			return true
		}
	}
	return false
}

// ProtectedFrom reports whether the object has protection from a source
// with characteristics src (702.16).
func (ch Chars) ProtectedFrom(src Chars) bool {
	for _, a := range ch.Abilities {
		if a.Kind != cardtext.AbKeyword || a.Keyword != "protection" {
			continue
		}
		switch a.Param {
		case "everything":
			return true
		case "creatures":
			if src.Types.Is("creature") {
				return true
			}
		case "artifacts":
			if src.Types.Is("artifact") {
				return true
			}
		default:
			if col, ok := cardtext.ParseColor(a.Param); ok && src.Colors&col != 0 {
				return true
			}
			// "protection from Demons and from Dragons": creature types
			// (702.16a: a quality).
			for _, st := range strings.Split(a.Param, "|") {
				if st != "" && src.Types.HasSubtype(st) {
					return true
				}
			}
		}
	}
	return false
}

// ManaValue is the object's mana value (202.3); X counts 0 off the stack.
func (ch Chars) ManaValue() int { return ch.manaValue(0) }

// ManaValueCost is the mana cost its mana value is calculated from, and
// whether that isn't its own: a back face's front face's (202.3b).
func (ch Chars) ManaValueCost() (cardtext.ManaCost, bool) {
	if ch.mvSet {
		return ch.mvCost, true
	}
	return ch.Cost, false
}

// manaValue is its mana value with X as x (202.3e).
func (ch Chars) manaValue(x int) int {
	if ch.mvSet {
		return manaValue(ch.mvCost, x, ch.rules)
	}
	return manaValue(ch.Cost, x, ch.rules)
}

// AbilityTexts lists the object's abilities as they read on it now, its
// own name in place of "~" (201.5b).
func (ch Chars) AbilityTexts() []string {
	var out []string
	for _, a := range ch.Abilities {
		name := ch.Name
		if a.ByName && a.Origin != "" && !ch.rules.applies(registry.NameSelf) {
			// Without 201.5b, a gained ability's name for its object
			// still names the object it was read from.
			name = a.Origin
		}
		out = append(out, a.Display(name))
	}
	return out
}

// HasAbilityText reports whether one of the object's abilities reads text
// (case-insensitively, typography folded), its name in place of "~".
func (ch Chars) HasAbilityText(text string) bool {
	want := strings.ToLower(registry.Straighten(text))
	for _, t := range ch.AbilityTexts() {
		if strings.ToLower(registry.Straighten(t)) == want {
			return true
		}
	}
	return false
}

// NotesFor lists the notes about one characteristic ("power/toughness").
func (ch Chars) NotesFor(char string) []LayerNote {
	var out []LayerNote
	for _, n := range ch.Notes {
		if n.Char == char {
			out = append(out, n)
		}
	}
	return out
}

// ptCounter reads a power/toughness counter kind: "+1/+1" → 1, 1; "-1/-1" →
// -1, -1; "+1/+0" → 1, 0.
func ptCounter(kind string) (p, t int, ok bool) {
	var slash int
	for slash = 0; slash < len(kind) && kind[slash] != '/'; slash++ {
	}
	if slash == len(kind) {
		return 0, 0, false
	}
	p, ok1 := cardtext.Signed(kind[:slash])
	t, ok2 := cardtext.Signed(kind[slash+1:])
	return p, t, ok1 && ok2
}

// readTypeLine is a printed type line as the rules about type lines make
// it mean what it says: each word after the dash a separate subtype (205.3b),
// each correlated to its card type (205.3c), creature and land types among
// them (302.3, 305.5). Without one of those rules, the words after the dash
// would say less.
func (s *State) readTypeLine(t cardtext.TypeLine) cardtext.TypeLine {
	if !t.Dashed || len(t.Subtypes) == 0 {
		return t
	}
	if s.applies(registry.CreatureSubtypes) && s.applies(registry.LandSubtypes) && s.applies(registry.Subtypes) && s.applies(registry.Correlated) {
		// Every word is the subtype it says: the printed line, shared
		// (whatever changes a type line changes a copy of it).
		return t
	}
	out := t
	out.Subtypes = slices.DeleteFunc(slices.Clone(t.Subtypes), func(x cardtext.Subtype) bool {
		return x.Kind == cardtext.CreatureType && !s.applies(registry.CreatureSubtypes) || x.Kind == cardtext.LandType && !s.applies(registry.LandSubtypes)
	})
	if len(out.Subtypes) > 1 && !s.applies(registry.Subtypes) && out.Subtypes[0].Kind != cardtext.PlanarType {
		// One subtype of all the words.
		out.Subtypes = []cardtext.Subtype{{Name: strings.Join(out.SubtypeNames(), " "), Kind: out.Subtypes[0].Kind}}
	}
	if len(t.CardTypes) > 1 && !s.applies(registry.Correlated) {
		for i := range out.Subtypes {
			out.Subtypes[i].Kind = "" // no card type to belong to
		}
	}
	return out
}
