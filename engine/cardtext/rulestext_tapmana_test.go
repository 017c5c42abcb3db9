package cardtext

import (
	"slices"
	"testing"
)

// TestTapForManaRead: "PLAYER taps PERMANENT for mana" (106.12) is a part
// that reads in a trigger ("Whenever a player taps a land for mana, …",
// 106.12a) and a replacement ("If you tap a permanent for mana, it
// produces twice as much of that mana instead.", Mana Reflection, 106.12b).
func TestTapForManaRead(t *testing.T) {
	tests := []struct {
		text  string
		trig  bool
		who   Whose
		types []string // the permanent's types (nil: any permanent)
		subs  int      // its subtypes
		n     int      // the replacement's multiple
		// produced: the trigger adds mana of a type (1) or a color (2)
		// the permanent produced.
		produced int
		err      string
	}{
		{text: "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.", trig: true, who: AnyOnes, types: []string{"land"}},
		{text: "Whenever you tap a Forest for mana, add an additional {G}.", trig: true, who: Yours, subs: 1},
		{text: "Whenever an opponent taps a land for mana, that player adds one mana of any type that land produced.", trig: true, who: Opponents, types: []string{"land"}},
		{text: "If you tap a permanent for mana, it produces twice as much of that mana instead.", who: Yours, n: 2},
		{text: "If you tap a permanent for mana, it produces three times as much of that mana instead.", who: Yours, n: 3},
		{text: "If a player taps a land for mana, it produces twice as much of that mana instead.", who: AnyOnes, types: []string{"land"}, n: 2},
		{text: "If an opponent taps a creature for mana, it produces twice as much of that mana instead.", who: Opponents, types: []string{"creature"}, n: 2},
		{text: "Whenever a player taps a land for mana, that player adds one mana of any color that land produced.", trig: true, who: AnyOnes, types: []string{"land"}, produced: 2},
		{text: "Whenever you tap a creature for mana, add an additional one mana of any type that creature produced.", trig: true, who: Yours, types: []string{"creature"}, produced: 1},
		{text: "Whenever you tap a permanent for mana, add one mana of any type that permanent produced.", trig: true, who: Yours, produced: 1},
		{text: "Whenever you tap a Forest for mana, add one mana of any type it produced.", trig: true, who: Yours, subs: 1, produced: 1},
		// What the grammar can't read.
		{text: "Whenever a player taps a land for mana, that player adds one mana of any type this land produced.", err: `at "this land produced.": the permanent the trigger is about`},
		{text: "Whenever a player taps a land for mana, that player adds one mana of any type that land made.", err: `at "that land made.": "OBJECT produced"`},
		{text: "Whenever a player taps a land for mana, that player adds one mana of any type.", err: `"OBJECT produced": that land produced`},
		{text: "Whenever a player taps a land for mana, that player adds one mana of any color that land made.", err: `at "made.": "OBJECT produced" or "that LANDS could produce"`},
		{text: "If you tap a permanent for mana, it produces four times as much of that mana instead.", err: `at "four times as much of th…": how much`},
		{text: "If you tap a permanent for mana, it produces twice as much mana instead.", err: `at "as much mana instead.": "as much of that mana"`},
		{text: "If you tap a permanent for mana, add {G} instead.", err: `at "add {G} instead.": what happens instead`},
		{text: "If you tap two lands for mana, it produces twice as much of that mana instead.", err: `at "two lands for mana, it p…": what is tapped for mana`},
		{text: "If you tap a permanent for mana, it produces twice as much of that mana.", err: `"instead"`},
		{text: "Whenever you tap a land, you gain 1 life.", err: `what is tapped for mana: a land, a permanent, a kind of permanent, then "for mana"`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Mana Reflection", tt.text, false, tt.err)
		if !ok {
			continue
		}
		a := abs[0]
		var who Whose
		var f *Filter
		if tt.trig {
			if a.Trigger == nil || a.Trigger.Event != TrigTapForMana || !a.Mana {
				t.Errorf("%q: read as %+v", tt.text, a)
				continue
			}
			who, f = a.Trigger.Who, a.Trigger.What
			if tt.produced > 0 {
				ms := a.Effect[0].Mana
				if ms == nil || !ms.Produced || ms.ProducedColor != (tt.produced == 2) {
					t.Errorf("%q: adds %+v", tt.text, ms)
				}
			}
		} else {
			if len(a.Static) != 1 || a.Static[0].Rules == nil || a.Static[0].Rules.Kind != RuleManaTimes || a.Static[0].Rules.N != tt.n {
				t.Errorf("%q: read as %+v", tt.text, a)
				continue
			}
			who, f = a.Static[0].Rules.Who, a.Static[0].Rules.Filter
		}
		if who != tt.who || f == nil || !slices.Equal(f.AnyOf, tt.types) || len(f.Subtypes) != tt.subs {
			t.Errorf("%q: by %v of %+v", tt.text, who, f)
		}
	}
}
