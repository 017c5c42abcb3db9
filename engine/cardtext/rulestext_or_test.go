package cardtext

import "testing"

// TestOtherKindRead: "or" between kinds of objects in different zones
// reads a second filter (a spell or a permanent, a permanent or a card in
// a graveyard); kinds in one zone stay one filter's list of types; what
// isn't a kind of object errors at its word.
func TestOtherKindRead(t *testing.T) {
	tests := []struct {
		text      string
		first, or Zone // the kinds' zones (0: no second kind)
		want      string
	}{
		{text: "Return target spell or permanent to its owner's hand.", first: Stack, or: Battlefield},
		{text: "Exile up to two target spells or permanents.", first: Stack, or: Battlefield},
		{text: "Return target permanent or spell to its owner's hand.", first: Battlefield, or: Stack},
		{text: "Target spell or permanent becomes the color of your choice until end of turn.", first: Stack, or: Battlefield},
		{text: "Return target creature card in a graveyard or creature to its owner's hand.", first: Graveyard, or: Battlefield},
		{text: "Destroy target artifact or enchantment.", first: Battlefield},
		{text: "Return target spell or ability to its owner's hand.", want: `at "or ability to its owner'…"`},
		{text: "Return target spell or player to its owner's hand.", want: `at "or player to its owner's…"`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Kinds", tt.text, true, tt.want)
		if !ok {
			continue
		}
		ts := abs[0].Targets
		if len(ts) != 1 {
			t.Errorf("%q: targets %+v", tt.text, ts)
			continue
		}
		f := ts[0].Filter
		if kindZone(&f) != tt.first || (f.Or == nil) != (tt.or == 0) || f.Or != nil && kindZone(f.Or) != tt.or {
			t.Errorf("%q: read as %+v or %+v", tt.text, f, f.Or)
		}
	}
}
