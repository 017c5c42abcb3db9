package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

func TestParseTypeLine(t *testing.T) {
	l := Latest().Types
	tests := []struct {
		line     string
		super    string
		types    string
		subtypes string // "Name:kind …"
	}{
		{"Legendary Creature — Dog", "Legendary", "Creature", "Dog:creature"},
		{"Basic Land — Mountain", "Basic", "Land", "Mountain:land"},  // 205.3b
		{"Basic Land – Mountain", "Basic", "Land", "Mountain:land"},  // en dash (2007 seed)
		{"Basic Land -- Mountain", "Basic", "Land", "Mountain:land"}, // two hyphens (2011 RST)
		{"Basic Land - Mountain", "Basic", "Land", "Mountain:land"},  // 2007 text
		{"Creature — Goblin Wizard", "", "Creature", "Goblin:creature Wizard:creature"},
		{"Artifact — Equipment", "", "Artifact", "Equipment:artifact"},
		{"Land Creature — Forest Dryad", "", "Land Creature", "Forest:land Dryad:creature"}, // 205.3c Dryad Arbor
		{"Artifact Creature — Golem", "", "Artifact Creature", "Golem:creature"},
		{"land creature — forest dryad", "", "Land Creature", "Forest:land Dryad:creature"}, // case-insensitive
		{"World Enchantment", "World", "Enchantment", ""},
		{"Tribal Instant — Goblin", "", "Tribal Instant", ""}, // before 2024: tribal
		{"Instant — Arcane", "", "Instant", "Arcane:spell"},
		{"Legendary Snow Artifact", "Legendary Snow", "Artifact", ""},
	}
	for _, tt := range tests {
		lists := l
		if strings.Contains(tt.line, "Tribal") {
			lists = EditionAt(date("2020-01-24")).Types
			tt.subtypes = "Goblin:creature"
		}
		tl, err := cardtext.ParseTypeLine(tt.line, lists)
		if err != nil {
			t.Errorf("ParseTypeLine(%q): %v", tt.line, err)
			continue
		}
		var subs []string
		for _, s := range tl.Subtypes {
			subs = append(subs, s.Name+":"+string(s.Kind))
		}
		if g := strings.Join(tl.Supertypes, " "); g != tt.super {
			t.Errorf("%q supertypes %q, want %q", tt.line, g, tt.super)
		}
		if g := strings.Join(tl.CardTypes, " "); g != tt.types {
			t.Errorf("%q card types %q, want %q", tt.line, g, tt.types)
		}
		if g := strings.Join(subs, " "); g != tt.subtypes {
			t.Errorf("%q subtypes %q, want %q", tt.line, g, tt.subtypes)
		}
	}
}

func TestParseTypeLineErrors(t *testing.T) {
	l := Latest().Types
	for _, s := range []string{
		"Creature — Truck",         // not a creature type
		"Creature — Forest",        // a land type on a creature
		"Land — Goblin",            // a creature type on a land
		"Legendary — Dog",          // no card type
		"Creature Legendary — Dog", // supertype after the card type
		"Sorcery — Equipment",      // artifact type on a sorcery
		"Enchantment — ",           // fine? no: empty subtypes are allowed; see below
		"Widget",                   // not a type
		"Kindred Instant — Goblin", // kindred is 2024; latest has it, so see the tribal check below
	} {
		_, err := cardtext.ParseTypeLine(s, l)
		switch s {
		case "Enchantment — ", "Kindred Instant — Goblin":
			if err != nil {
				t.Errorf("ParseTypeLine(%q): %v", s, err)
			}
		default:
			if err == nil {
				t.Errorf("ParseTypeLine(%q): want an error", s)
			}
		}
	}
	// Tribal became kindred in 2024: each edition knows its own card types.
	if _, err := cardtext.ParseTypeLine("Tribal Instant — Goblin", l); err == nil {
		t.Error("tribal should not be a card type in the 2026 rules")
	}
	if _, err := cardtext.ParseTypeLine("Kindred Instant — Goblin", EditionAt(date("2020-01-24")).Types); err == nil {
		t.Error("kindred should not be a card type in the 2020 rules")
	}
	if _, err := cardtext.ParseTypeLine("Planeswalker — Jace", EditionAt(date("2007-02-01")).Types); err == nil {
		t.Error("planeswalker should not be a card type before Lorwyn")
	}
}

// TestSubtypeChoice is 205.3e's example, against the built-in lists and
// against lists read from the corpus's own text in three eras.
func TestSubtypeChoice(t *testing.T) {
	lists := map[string]*cardtext.TypeLists{"built-in": Latest().Types}
	for _, f := range readCorpus(t) {
		switch f.name {
		case "2007-02-01", "2011-06-17", "2026-01-16":
			ed := FromRules(f.name, f.stated, f.texts)
			if !ed.Types.Complete {
				t.Errorf("%s: no full creature type list found: %v", f.name, ed.Notes)
			}
			lists[f.name] = ed.Types
		}
	}
	for name, l := range lists {
		for _, ok := range []string{"Merfolk", "Wizard", "merfolk"} {
			if got, err := l.CheckSubtypeChoice(cardtext.CreatureType, ok); err != nil || !strings.EqualFold(got, ok) {
				t.Errorf("%s: choosing %q: %q, %v", name, ok, got, err)
			}
		}
		for _, bad := range []string{"Merfolk Wizard", "artifact", "opponent", "Swamp", "truck", ""} {
			if _, err := l.CheckSubtypeChoice(cardtext.CreatureType, bad); err == nil {
				t.Errorf("%s: choosing %q as a creature type should be rejected", name, bad)
			}
		}
		if _, err := l.CheckSubtypeChoice(cardtext.LandType, "Swamp"); err != nil {
			t.Errorf("%s: Swamp is a land type: %v", name, err)
		}
	}
	if l := lists["2026-01-16"]; l != nil {
		if _, err := l.CheckSubtypeChoice(cardtext.CreatureType, "Time Lord"); err != nil {
			t.Errorf("Time Lord is a two-word creature type in 2026: %v", err)
		}
		tl, err := cardtext.ParseTypeLine("Legendary Creature — Time Lord Doctor", l)
		if err != nil || len(tl.Subtypes) != 2 || tl.Subtypes[0].Name != "Time Lord" {
			t.Errorf("Time Lord Doctor: %+v, %v", tl, err)
		}
		if !slices.Contains(l.Subtypes[cardtext.PlanarType], "Bolas's Meditation Realm") {
			t.Errorf("planar types: %v", l.Subtypes[cardtext.PlanarType])
		}
	}
}

// TestListsReadFromOldText: editions whose text lists some subtypes but not
// others still know the basic land types (read from the rule that defines
// them) and read "The only spell type at this time is Arcane." (2009).
func TestListsReadFromOldText(t *testing.T) {
	seen := 0
	for _, f := range readCorpus(t) {
		ed := FromRules(f.name, f.stated, f.texts)
		switch f.name {
		case "2003-12-01", "2006-06-01": // the latter states 2004-06-01
			seen++
			for _, lt := range []string{"Island", "Forest", "Plains", "Swamp", "Mountain", "Urza's"} {
				if _, err := ed.Types.CheckSubtypeChoice(cardtext.LandType, lt); err != nil {
					t.Errorf("%s: %v", f.name, err)
				}
			}
			if _, err := ed.Types.CheckSubtypeChoice(cardtext.LandType, "Merfolk"); err == nil {
				t.Errorf("%s: Merfolk accepted as a land type", f.name)
			}
			if got := ed.Rule(registry.BasicLandTypes).String(); got != "212.6d" {
				t.Errorf("%s: basic land types from %q, want 212.6d", f.name, got)
			}
		case "2009-09-04":
			seen++
			if l := ed.Types.Subtypes[cardtext.SpellType]; len(l) != 1 || l[0] != "Arcane" {
				t.Errorf("%s: spell types %q, want [Arcane]", f.name, l)
			}
		}
	}
	if seen != 3 {
		t.Errorf("saw %d of the 3 files", seen)
	}
}
