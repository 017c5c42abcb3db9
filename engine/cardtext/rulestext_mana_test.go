package cardtext

import (
	"slices"
	"testing"
)

// TestCouldProduceRead: "one mana of any color that LANDS could produce"
// (106.7) is read from its parts — the lands a filter names — so Fellwar
// Stone's and Exotic Orchard's "a land an opponent controls" and other
// cards' lands read alike; what the engine can't follow is an error.
func TestCouldProduceRead(t *testing.T) {
	tests := []struct {
		text string
		ctrl Whose
		err  string
	}{
		{text: "{T}: Add one mana of any color that a land an opponent controls could produce.", ctrl: Opponents},
		{text: "{T}: Add one mana of any color that a land you control could produce.", ctrl: Yours},
		{text: "{T}: Add one mana of any color that lands you control could produce.", ctrl: Yours},
		{text: "{T}: Add one mana of any color that a land could produce.", ctrl: AnyOnes},
		{text: "{T}: Add one mana of any color.", ctrl: AnyOnes},
		// What the grammar can't read, or the engine doesn't follow.
		{text: "{T}: Add one mana of any color that a creature an opponent controls could produce.", err: `at "could produce.": "OBJECT produced" or "that LANDS could produce"`},
		{text: "{T}: Add one mana of any color that a land an opponent controls produced.", err: `at "produced.": "OBJECT produced" or "that LANDS could produce"`},
		{text: "{T}: Add one mana of any type that a land you control could produce.", err: `at "that a land you control …": "OBJECT produced": that land produced`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Fellwar Stone", tt.text, false, tt.err)
		if !ok {
			continue
		}
		in := abs[0].Effect[0]
		if in.Op != OpAddMana || in.Mana == nil {
			t.Errorf("%q: read as %+v", tt.text, in)
			continue
		}
		f := in.Mana.CouldProduce
		if tt.text == "{T}: Add one mana of any color." {
			if f != nil || in.Mana.ColorOf == nil {
				t.Errorf("%q: read as %+v", tt.text, in.Mana)
			}
			continue
		}
		if f == nil || !slices.Equal(f.AnyOf, []string{"land"}) || f.Control != tt.ctrl {
			t.Errorf("%q: lands %+v", tt.text, f)
		}
	}
}
