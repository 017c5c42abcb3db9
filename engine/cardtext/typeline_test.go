package cardtext

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestTypeListFromSeed reads the creature types out of the 2011 RST seed's
// 204.3k, the list the server hands the engine for that edition.
func TestTypeListFromSeed(t *testing.T) {
	b := corpustest.ReadFile(t, "seeds", "004_2d6522ad4a7b1298.txt")
	var line string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "k. Creatures and tribals") {
			line = l
		}
	}
	got := ParseTypeList(line)
	if len(got) < 200 || got[0] != "Advisor" || got[len(got)-1] != "Zubera" {
		t.Fatalf("ParseTypeList(204.3k) = %d items, %v…", len(got), got[:min(3, len(got))])
	}
	for _, w := range []string{"Merfolk", "Wizard", "Dryad", "Assembly-Worker"} {
		if !slices.Contains(got, w) {
			t.Errorf("204.3k lacks %s", w)
		}
	}
	for _, w := range []string{"Truck", "and Zubera", "Creatures", ""} {
		if slices.Contains(got, w) {
			t.Errorf("204.3k list contains %q", w)
		}
	}
}

func TestParseTypeList(t *testing.T) {
	tests := []struct{ text, want string }{
		{"The spell types are Arcane and Trap.", "Arcane|Trap"},
		{"Enchantments have their own unique set of subtypes; these subtypes are called enchantment types. The enchantment types are Aura (see rule 303.4), and Shrine.", "Aura|Shrine"},
		{"A card’s supertypes are printed directly before its card types. The supertypes are basic, legendary, ongoing, snow, and world.", "basic|legendary|ongoing|snow|world"},
		{"One creature type is two words long: Time Lord. All other creature types are one word long: Advisor, Aetherborn, and Zubera.", "Time Lord|Advisor|Aetherborn|Zubera"},
		{"That dungeon type is Undercity.", "Undercity"},
		{"Artifact subtypes are also called artifact types. If an artifact land has subtypes, those types are land types.\n The list of artifact types, updated through the Time Spiral set, is as follows: Equipment.", "Equipment"},
		{"The land types are Desert, Forest, and Urza’s. Of that list, Forest is a basic land type.", "Desert|Forest|Urza's"},
		{"No list here.", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(ParseTypeList(tt.text), "|"); got != tt.want {
			t.Errorf("ParseTypeList(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// FuzzTypeLine: ParseTypeLine never panics; what it accepts prints back to a
// type line it accepts again with the same types.
//
//	go test ./engine/cardtext -run '^$' -fuzz FuzzTypeLine -fuzztime 1m
func FuzzTypeLine(f *testing.F) {
	for _, s := range []string{"Legendary Creature — Dog", "Land Creature -- Forest Dryad", "Basic Land – Mountain", "Plane — Serra's Realm", "Creature — Time Lord", "—", ""} {
		f.Add(s)
	}
	l := testLists
	f.Fuzz(func(t *testing.T, s string) {
		tl, err := ParseTypeLine(s, l)
		if err != nil {
			return
		}
		again, err := ParseTypeLine(tl.String(), l)
		if err != nil || again.String() != tl.String() {
			t.Fatalf("%q → %q → %q (%v)", s, tl, again, err)
		}
		if strings.TrimSpace(tl.String()) == "" {
			t.Fatalf("%q accepted with no types", s)
		}
	})
}
