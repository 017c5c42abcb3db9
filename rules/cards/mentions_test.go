package cards

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// newestCR is the newest embedded Comprehensive Rules, parsed.
var newestCR = sync.OnceValues(func() (*rules.Edition, error) {
	r, err := content.OpenCorpus()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	f, data, err := r.Next()
	if err != nil {
		return nil, err
	}
	return rules.Parse(rules.Source{Name: f.Name, Data: data}), nil
})

func namer(t testing.TB) (*Namer, *rules.Edition) {
	t.Helper()
	e, err := newestCR()
	if err != nil {
		t.Fatal(err)
	}
	return set(t).NewNamer(e), e
}

func TestNamerFind(t *testing.T) {
	n, _ := namer(t)
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"Example: Blood Moon reads, “Nonbasic lands are Mountains.”", []string{"Blood Moon"}},
		{"A player casts Assassin's Trophy targeting Fog.", []string{"Assassin's Trophy", "Fog"}},
		{"You control Bruna, the Fading Light and Gisela, the Broken Blade.", []string{"Bruna, the Fading Light", "Gisela, the Broken Blade"}},
		{"An Island is a land; a Wall can't attack.", nil}, // subtypes
		{"Flash lets you cast it at instant speed.", nil},  // a keyword
		{"the blood moon rises", nil},                                    // not capitalised
		{"Opt. Fog is a card.", nil},                                     // one word starting a sentence
		{"Example: Ice is cast.", nil},                                   // one word starting the example
		{"The Blood Moonish effect", nil},                                // not a whole word
		{"Kill Lightning Bolt's controller", []string{"Lightning Bolt"}}, // possessive
		{"Those names are Abu Ja’far, Aladdin, Aladdin’s Lamp.", []string{"Abu Ja’far", "Aladdin", "Aladdin’s Lamp"}}, // curly apostrophes
		{"A player casts Sorin’s Thirst.", []string{"Sorin’s Thirst"}},
		{"If Lightning Bolt resolves", []string{"Lightning Bolt"}}, // after a sentence's first word
		{"on Bianca’s Assault Griffin", nil},                       // part of a newer card's name
		{"attaches Rune of Flight to it", nil},                     // likewise
		{"Example: Rune of Flight is an Aura", nil},                // starting a sentence too
		{"Example: Inscription of Abundance is a modal spell", nil},
		{"an effect such as that of Jegantha, the Wellspring sees", nil},  // a legend's epithet
		{"the Two-Headed Giant multiplayer variant", nil},                 // the start of a glossary term
		{"Create a 1/1 green Elf Warrior creature token", nil},            // creature types
		{"Alex casts Fog (“Prevent all combat damage”)", []string{"Fog"}}, // still a card
		{"controls a creature and Worship, an enchantment", []string{"Worship"}},
		{"Alex controls Blood Moon", []string{"Blood Moon"}}, // type words, but no creature's
		{"Kill Lightning Bolt's controller", []string{"Lightning Bolt"}},
	} {
		var got []string
		for _, sp := range n.Find(tt.text) {
			got = append(got, tt.text[sp.Start:sp.End])
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Find(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	for _, name := range []string{"Island", "Flash", "Plains", "Forest"} {
		if !n.Skipped(name) {
			t.Errorf("%s is not skipped as a rules word", name)
		}
	}
}

func TestMentionsNewestCR(t *testing.T) {
	n, e := namer(t)
	m := n.Mentions(e)
	t.Logf("%s names %d cards", e.ID, m.Count())
	if m.Count() < 100 {
		t.Errorf("only %d cards named in %s; the examples name hundreds", m.Count(), e.ID)
	}
	// Cards the newest CR's examples name (grep "^Example: Exotic Orchard").
	for _, name := range []string{"Exotic Orchard", "Chameleon Colossus", "Insectile Aberration", "Mimic Vat"} {
		ms := m.Of(name)
		if !slices.ContainsFunc(ms, func(x Mention) bool { return x.Rule != nil && x.Example }) {
			t.Errorf("%s: not found in an example of %s (%d mentions)", name, e.ID, len(ms))
		}
	}
	for _, word := range []string{"Island", "Wall", "Flash", "Forest"} {
		if len(m.Of(word)) > 0 {
			t.Errorf("%s, a rules word, is counted as a card %d times", word, len(m.Of(word)))
		}
	}
}

// TestUnnamedNewestCR: the names the newest CR's examples give that the
// card data lacks (cards printed after 2018-11-07, and names an example
// makes up) are listed; players, the rules' own words, labels, sentence
// openers and cards of the data written otherwise are not.
func TestUnnamedNewestCR(t *testing.T) {
	n, e := namer(t)
	got := map[string]int{}
	for _, u := range n.Mentions(e).Unnamed() {
		got[u.Name] = len(u.Rules)
		if len(u.Rules) == 0 {
			t.Errorf("%s is listed with no rule", u.Name)
		}
		if _, known := n.names[u.Name]; known {
			t.Errorf("%s is a card of the data, listed as not", u.Name)
		}
	}
	for _, name := range []string{
		"Glasspool Mimic", "Encouraging Aviator", "Giant Killer", "Chop Down", // one example's adventurer
		"Minsc, Beloved Ranger", "Obeka, Splitter of Seconds", "Loot, the Pathfinder", // legends with epithets
		"Mystic Reflection", "Vampire Spawn", // names made of type words
		"Witness Protection", "Fae of Wishes", "Rune of Flight", "Invasion of Kylem",
	} {
		if got[name] == 0 {
			t.Errorf("%s is not listed", name)
		}
	}
	for _, name := range []string{
		"If Alex", "Alex", "The Clone", "Two-Headed Giant", "Team A", "Basic Land", "Human Soldier",
		"Shapeshifter Rogue", "Plant Zombie", "Doomed Dissenter Token", "Wort Commander", "Alternating Teams",
		"Runeclaw Bears", "Whenever Obeka", "Suppose Glacial Ray", "Betrays Eldrazi", "Merfolk Wizard",
	} {
		if got[name] > 0 {
			t.Errorf("%s is listed", name)
		}
	}
	if len(got) < 30 {
		t.Errorf("%d names listed, want the 30 and more the 2026 examples give", len(got))
	}
}

func TestNamesIn(t *testing.T) {
	n, e := namer(t)
	people := map[string]bool{"Alex": true, "Bianca": true}
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"Alex casts Glasspool Mimic targeting Runeclaw Bear.", []string{"Glasspool Mimic"}},
		{"If Glasspool Mimic enters, Alex wins.", []string{"Glasspool Mimic"}}, // "If" starts the sentence
		{"Alex’s Glasspool Mimic attacks.", []string{"Glasspool Mimic"}},       // a player's card
		{"It reads “Whenever Obeka deals damage.”", nil},                       // one word after the opener
		{"Bianca controls Minsc, Beloved Ranger, and Alex controls Fog.", []string{"Minsc, Beloved Ranger"}},
		{"Alex controls Fae of Wishes and Lich’s Ghost Mirror.", []string{"Fae of Wishes", "Lich’s Ghost Mirror"}},
		{"It’s a Shapeshifter Rogue in addition to its other types.", nil},
		{"Create a 2/1 Human Soldier creature token.", nil},
		{"Alex casts Mystic Reflection targeting it.", []string{"Mystic Reflection"}},
		{"Team A and Team B play in the Two-Headed Giant variant.", nil},
		{"The Ever-Changing ’Dane becomes a copy.", []string{"Ever-Changing ’Dane"}}, // "The" starts the sentence
	} {
		var got []string
		got = append(got, n.namesIn(e, tt.text, n.Find(tt.text), people)...)
		if !slices.Equal(got, tt.want) {
			t.Errorf("namesIn(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// FuzzNamesIn reads any text as an example's: the names it finds are
// pieces of the text, never cards of the data, and nothing panics.
func FuzzNamesIn(f *testing.F) {
	for _, s := range []string{
		"Alex casts Glasspool Mimic targeting Runeclaw Bear.",
		"It reads “Whenever Obeka deals damage.” The Ever-Changing ’Dane becomes a copy.",
		"Minsc, Beloved Ranger, and Fae of Wishes; Lich’s Mirror’s. ’ ’A , , of the",
	} {
		f.Add(s)
	}
	n, e := namer(f)
	people := map[string]bool{"Alex": true}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range n.namesIn(e, text, n.Find(text), people) {
			if !strings.Contains(text, name) {
				t.Fatalf("%q is not in %q", name, text)
			}
			if _, known := n.names[name]; known {
				t.Fatalf("%q is a card of the data", name)
			}
		}
	})
}
