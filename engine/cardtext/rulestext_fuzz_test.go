package cardtext

import (
	"testing"
)

// FuzzAbilities: ParseAbilities never panics, and what it accepts reads the
// same again: each ability's Text, parsed on its own, gives one ability of
// the same kind with the same Text (keyword lines may split into several).
//
//	go test ./engine/cardtext -run '^$' -fuzz FuzzAbilities -fuzztime 1m
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
	l := testLists
	f.Fuzz(func(t *testing.T, s string, spell bool) {
		abs, err := ParseAbilities("Fuzzy Bear", s, spell, l)
		if err != nil {
			return
		}
		for _, a := range abs {
			if a == nil {
				t.Fatalf("%q: a nil ability", s)
			}
			if a.Kind == AbKeyword {
				continue
			}
			again, err := ParseAbilities("Fuzzy Bear", a.Text, spell, l)
			if err != nil || len(again) != 1 || again[0].Kind != a.Kind || again[0].Text != a.Text {
				t.Fatalf("%q: ability %q reads again as %v (%v)", s, a.Text, again, err)
			}
		}
	})
}
