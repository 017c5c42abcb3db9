package cardtext

import (
	"testing"
)

// TestSpentToCastRead: the mana spent to cast an object is an amount —
// "for each color of mana spent to cast OBJECT", "the number of colors of
// mana spent to cast OBJECT", "the amount of mana spent to cast OBJECT" —
// read wherever an amount is, not only in sunburst's sentence; wordings
// that don't fit error at the word where reading stopped.
func TestSpentToCastRead(t *testing.T) {
	tests := []struct {
		text   string
		spell  bool
		colors bool   // counts colors (else the total)
		enters bool   // read as an enters-with replacement
		want   string // an error containing it
	}{
		{text: "This creature enters with a +1/+1 counter on it for each color of mana spent to cast it.", colors: true, enters: true},
		{text: "~ enters with a charge counter on it for each color of mana spent to cast it.", colors: true, enters: true},
		{text: "~ enters with a charge counter on it for each color of mana spent to cast ~.", colors: true, enters: true},
		{text: "Draw a card for each color of mana spent to cast this spell.", spell: true, colors: true},
		{text: "When ~ enters, put a +1/+1 counter on target creature for each color of mana spent to cast ~.", colors: true},
		{text: "~ deals damage equal to the number of colors of mana spent to cast this spell to any target.", spell: true, colors: true},
		{text: "You gain life equal to the amount of mana spent to cast this spell.", spell: true},
		{text: "Draw a card for each color of mana spent to frob this spell.", spell: true, want: `at "frob this spell.": "to cast"`},
		{text: "Draw a card for each color of mana spent to cast frob.", spell: true, want: `at "frob.": the object cast`},
		{text: "~ deals damage equal to the amount of mana spent to frob this spell to any target.", spell: true, want: `at "frob this spell to any t…": damage equal to what`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Spender", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		if tt.enters {
			if r := abs[0].Replace; r == nil || r.Kind != ReplEntersWith || !r.PerColor {
				t.Errorf("%q: read as %+v", tt.text, abs[0].Replace)
			}
			continue
		}
		var got *Amount
		for _, a := range abs {
			for _, in := range a.Effect {
				if in.N.SpentToCast != nil {
					got = &in.N
				}
			}
		}
		if got == nil || got.SpentColors != tt.colors || got.SpentToCast.Kind != RefSelf {
			t.Errorf("%q: amount %+v, want the mana spent to cast it (colors %v)", tt.text, got, tt.colors)
		}
	}
}
