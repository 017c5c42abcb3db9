package engine

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// FuzzManaCost: ParseManaCost never panics, and what it accepts prints and
// reads back the same, with a mana value no smaller than its symbol count
// minus variables and zeros.
//
//	go test ./engine -run '^$' -fuzz FuzzManaCost -fuzztime 1m
func FuzzManaCost(f *testing.F) {
	for _, s := range []string{"{2}{W}", "{1}{W/U}{W/U}", "{2/B}", "{W/U/P}", "{X}{C}{S}", "{T}", "{", "{10}{G/P}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := cardtext.ParseManaCost(s)
		if err != nil {
			return
		}
		again, err := cardtext.ParseManaCost(c.String())
		if err != nil || again.String() != c.String() || manaValue(again, 2, nil) != manaValue(c, 2, nil) {
			t.Fatalf("%q → %q → %q (%v)", s, c, again, err)
		}
		if manaValue(c, 0, nil) < 0 {
			t.Fatalf("%q: negative mana value", s)
		}
	})
}

// FuzzTypeLine: ParseTypeLine never panics; what it accepts prints back to a
// type line it accepts again with the same types.
//
//	go test ./engine -run '^$' -fuzz FuzzTypeLine -fuzztime 1m
func FuzzTypeLine(f *testing.F) {
	for _, s := range []string{"Legendary Creature — Dog", "Land Creature -- Forest Dryad", "Basic Land – Mountain", "Plane — Serra's Realm", "Creature — Time Lord", "—", ""} {
		f.Add(s)
	}
	l := Latest().Types
	f.Fuzz(func(t *testing.T, s string) {
		tl, err := cardtext.ParseTypeLine(s, l)
		if err != nil {
			return
		}
		again, err := cardtext.ParseTypeLine(tl.String(), l)
		if err != nil || again.String() != tl.String() {
			t.Fatalf("%q → %q → %q (%v)", s, tl, again, err)
		}
		if strings.TrimSpace(tl.String()) == "" {
			t.Fatalf("%q accepted with no types", s)
		}
	})
}

// FuzzAbilities: ParseAbilities never panics, and what it accepts reads the
// same again: each ability's Text, parsed on its own, gives one ability of
// the same kind with the same Text (keyword lines may split into several).
//
//	go test ./engine -run '^$' -fuzz FuzzAbilities -fuzztime 1m
func FuzzAbilities(f *testing.F) {
	for _, s := range []string{
		"Flying, first strike, protection from white, toxic 2",
		"{2}, {T}: You gain 1 life.",
		"{T}: Add {G}.",
		"Whenever a creature dies, you gain 1 life.",
		"White creatures you control get +1/+1.",
		"Target creature gets +2/+2 until end of turn. Destroy that creature at the beginning of the next end step.",
		"Lightning Bolt deals 3 damage to any target.",
		"As an additional cost to cast this spell, sacrifice a creature.",
		"Kicker {1}{G}",
		"Splice onto Arcane {1}{R}",
		"~'s power and toughness are each equal to the number of creatures you control.",
		"Enchanted creature has \"{T}: This creature deals 1 damage to any target.\"",
		"At the beginning of your upkeep, if you control no creatures, you lose 1 life.",
		"Copy target instant or sorcery spell, except that the copy is red. You may choose new targets for the copy.",
		"You gain X life if {G} was spent to cast this spell and X life if {W} was spent to cast it.",
		"As long as your devotion to red is less than five, ~ isn't a creature.",
		"Your devotion to each color and each combination of colors is increased by one.",
		"You may choose new targets for target spell.",
		"Creatures you control enter as a copy of this creature.",
		"If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead.",
		"If this creature would die, put it on top of its owner's library instead.",
		"If you would gain life, you gain twice that much life instead.",
		"If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you own into your library, then draw seven cards and your life total becomes 20.",
		"\"", ":", "{", "Whenever", "",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	l := Latest().Types
	f.Fuzz(func(t *testing.T, s string, spell bool) {
		abs, err := cardtext.ParseAbilities("Fuzzy Bear", s, spell, l)
		if err != nil {
			return
		}
		for _, a := range abs {
			if a == nil {
				t.Fatalf("%q: a nil ability", s)
			}
			if a.Kind == cardtext.AbKeyword {
				continue
			}
			again, err := cardtext.ParseAbilities("Fuzzy Bear", a.Text, spell, l)
			if err != nil || len(again) != 1 || again[0].Kind != a.Kind || again[0].Text != a.Text {
				t.Fatalf("%q: ability %q reads again as %v (%v)", s, a.Text, again, err)
			}
		}
	})
}
