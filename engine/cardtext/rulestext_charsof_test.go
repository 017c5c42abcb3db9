package cardtext

import (
	"testing"
)

// TestCharacteristicsOfRead: "~ has the CHARACTERISTICS of OBJECT" reads
// a list of power, toughness and creature types in any order and
// grouping, not only Duplicant's; what doesn't fit errors at its word.
func TestCharacteristicsOfRead(t *testing.T) {
	const cond = "As long as a card exiled with ~ is a creature card, "
	tests := []struct {
		text      string
		pt, types bool
		still     string // a subtype it keeps
		want      string // an error containing it
	}{
		{text: cond + "~ has the power, toughness, and creature types of the last creature card exiled with ~. It's still a Shapeshifter.", pt: true, types: true, still: "Shapeshifter"},
		{text: cond + "~ has the power and toughness of the last creature card exiled with ~.", pt: true},
		{text: cond + "this creature has the creature types of the last creature card exiled with this creature.", types: true},
		{text: cond + "~ has the creature types, power, and toughness of the last creature card exiled with ~.", pt: true, types: true},
		{text: cond + "~ has the power of the last creature card exiled with ~.", want: `"power and toughness" together`},
		{text: cond + "~ has the power, toughness, and colors of the last creature card exiled with ~.", want: `at "colors of the last creat…": a characteristic`},
		{text: cond + "~ has the power and toughness of the first creature card exiled with ~.", want: `at "the first creature card …": the object`},
		{text: cond + "~ has the power and toughness of the last land card exiled with ~.", want: `at "land card exiled with ~.": "creature card"`},
		{text: cond + "~ has the power and toughness of the last creature card exiled with target creature.", want: `at "target creature.": "~": exiled with this object`},
		{text: cond + "~ has the power and toughness of the last creature card exiled with ~. It's still a Frobnitz.", want: `at "Frobnitz.": a subtype it still has`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Duplicant", tt.text, false, tt.want)
		if !ok {
			continue
		}
		if len(abs) != 1 || len(abs[0].Static) != 1 {
			t.Errorf("%q: read as %+v", tt.text, abs)
			continue
		}
		sp := abs[0].Static[0]
		pt := sp.SetPT != nil && sp.SetPT[0].PowerOf != nil && sp.SetPT[0].PowerOf.Kind == RefLastExiled && sp.SetPT[1].ToughOf != nil
		types := sp.TypesOf != nil && sp.TypesOf.Kind == RefLastExiled
		still := ""
		if len(sp.AddSubs) == 1 {
			still = sp.AddSubs[0].Name
		}
		if pt != tt.pt || types != tt.types || still != tt.still {
			t.Errorf("%q: pt %v types %v still %q", tt.text, pt, types, still)
		}
	}
}
