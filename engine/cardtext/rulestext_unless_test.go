package cardtext

import "testing"

// TestUnlessPaysRead: "[do something] unless PLAYER pays COST" is that
// player's optional payment with the instruction as what happens if they
// don't (118.12a); "its controller" is the controller of the object the
// instruction is about, so it needs one.
func TestUnlessPaysRead(t *testing.T) {
	tests := []struct {
		text  string
		who   PRefKind
		spell bool
		want  string // an error containing it
	}{
		{text: "Counter target spell unless its controller pays {3}.", who: PControllerOf, spell: true},
		{text: "Counter target noncreature spell unless its controller pays {2}.", who: PControllerOf, spell: true},
		{text: "Counter target spell unless its controller pays {X}.", who: PControllerOf, spell: true},
		{text: "At the beginning of your upkeep, sacrifice ~ unless you pay {1}.", who: PYou},
		{text: "Counter target spell unless its controller pays 3 life.", spell: true, want: "unless its controller pay(s) a mana cost"},
		{text: "Draw a card unless its controller pays {1}.", spell: true, want: "the end of the sentence"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Mana Leak", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		in := abs[0].Effect[0]
		if in.Op != OpPayMana || !in.May || in.Who.Kind != tt.who || len(in.Else) != 1 {
			t.Errorf("%q: read as %+v", tt.text, in)
			continue
		}
		if tt.who == PControllerOf && (in.What.Kind != in.Else[0].What.Kind || in.What.Index != in.Else[0].What.Index) {
			t.Errorf("%q: pays for %+v, counters %+v", tt.text, in.What, in.Else[0].What)
		}
	}
}
