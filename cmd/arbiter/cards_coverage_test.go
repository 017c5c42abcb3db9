package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

var coverageCards = sync.OnceValues(func() (*cards.Set, error) { return cards.Embedded() })

// TestCardsCoverageRead reads a handful of real cards whose fate is known:
// a vanilla creature, a basic land (only reminder text), a spell and a
// mana ability the grammar reads, and cards it can't: a keyword it lacks,
// Unhinged's half mana.
func TestCardsCoverageRead(t *testing.T) {
	set, err := coverageCards()
	if err != nil {
		t.Fatal(err)
	}
	lists := engine.Latest().Types
	for _, tc := range []struct {
		name string
		ok   bool
		stop string
	}{
		{"Grizzly Bears", true, ""},
		{"Island", true, ""},
		{"Lightning Bolt", true, ""},
		{"Llanowar Elves", true, ""},
		{"Glorious Anthem", true, ""},
		{"Monastery Swiftspear", true, ""}, // prowess, a keyword the grammar reads from its rule's meaning
		{"Silverblade Paladin", false, "Soulbond"},
		{"Little Girl", false, "mana cost {hw}"},
		{"Elvish Hunter", false, "{1}{G}, {T}: Target creature doesn't untap during its controller's next untap step."},
		{"Abbey Gargoyles", true, ""},
		{"Thunderscape Battlemage", true, ""}, // kicker with two costs,
	} {
		c := set.ByName(tc.name)
		if c == nil {
			t.Errorf("%s: not in the card data", tc.name)
			continue
		}
		r := readCard(c, lists, true)
		if r.OK != tc.ok || r.Stop != tc.stop {
			t.Errorf("%s: read %v, stopped on %q; want %v, %q", tc.name, r.OK, r.Stop, tc.ok, tc.stop)
		}
	}
}

func TestCardsCoverageStopSentence(t *testing.T) {
	lists := engine.Latest().Types
	c := &cards.Card{Name: "Test Golem", Type: "Artifact Creature — Golem", Text: "Flying\nWhenever Test Golem attacks, you gain 1 life. Test Golem frobnicates target creature. Draw a card."}
	r := readCard(c, lists, true)
	if r.OK || r.Stop != "~ frobnicates target creature." {
		t.Errorf("read %v, stopped on %q", r.OK, r.Stop)
	}
}

func TestCardsCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := run([]string{"cards"}, &out, &errOut); status != 2 || !strings.Contains(errOut.String(), "usage: arbiter cards --coverage") {
		t.Errorf("no flag: status %d\n%s", status, errOut.String())
	}
}

// BenchmarkCardsCoverage reads every face of the card data once per op
// (the grammar's work in cards --coverage); BenchmarkCardsRead one
// ordinary read card.
func BenchmarkCardsCoverage(b *testing.B) {
	set, err := coverageCards()
	if err != nil {
		b.Fatal(err)
	}
	lists := engine.Latest().Types
	b.ResetTimer()
	for range b.N {
		cv := coverCards(set, lists, true)
		b.ReportMetric(float64(cv.all.read), "read")
	}
}

func BenchmarkCardsRead(b *testing.B) {
	set, err := coverageCards()
	if err != nil {
		b.Fatal(err)
	}
	lists := engine.Latest().Types
	for _, name := range []string{"Llanowar Elves", "Serra Angel", "Abbey Gargoyles"} {
		c := set.ByName(name)
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			for range b.N {
				if r := readCard(c, lists, true); !r.OK {
					b.Fatal(r.Stop)
				}
			}
		})
	}
}
