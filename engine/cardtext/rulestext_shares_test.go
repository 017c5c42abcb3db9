package cardtext

import (
	"testing"
)

// TestSharesRead: "that shares a creature type / a color / a card type
// with OBJECT" is a relative clause read after a noun phrase, in a count
// ("+1/+1 for each other creature … that shares … with it") and in a
// reference ("each other creature that shares a color with it"), so the
// same relation worded on another card reads; a clause that doesn't fit
// errors at the word where it stopped.
func TestSharesRead(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		share Share
		count bool   // read as a count's filter (else as a RefShares)
		want  string // an error containing it
	}{
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type with it.", share: ShareCreatureType, count: true},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares a creature type with it.", share: ShareCreatureType, count: true},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares a color with it.", share: ShareColor, count: true},
		{text: "Creatures you control get +1/+0 for each other permanent you control that shares a card type with it.", share: ShareCardType, count: true},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield.", share: ShareNone, count: true},
		{text: "{T}: Prevent the next 1 damage that would be dealt to target creature and each other creature that shares a color with it this turn.", share: ShareColor},
		{text: "Prevent the next 2 damage that would be dealt to target creature and each other creature that shares at least one creature type with it this turn.", spell: true, share: ShareCreatureType},
		{text: "Destroy target artifact and each other permanent that shares a card type with it.", spell: true, share: ShareCardType},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares a flavor with it.", want: `at "flavor with it.": what is shared: a creature type, a color, a card type`},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares colors with it.", want: `at "colors with it.": "a" or "at least one"`},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares a color of it.", want: `at "of it.": "with"`},
		{text: "Each creature gets +1/+1 for each other creature on the battlefield that shares a color with target creature.", want: `at "target creature.": "it"`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Sharer", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		got, found := ShareNone, false
		for _, a := range abs {
			for _, s := range a.Static {
				if s.ModPT != nil && s.ModPT[0].Count != nil {
					got, found = s.ModPT[0].Count.SharesWithIt, tt.count
				}
			}
			for _, in := range a.Effect {
				for _, r := range refsOf(in) {
					if r.Kind == RefShares && r.Group != nil && r.Of != nil {
						got, found = r.Group.SharesWithIt, !tt.count
					}
				}
			}
		}
		if !found || got != tt.share {
			t.Errorf("%q: read share %v (found %v), want %v", tt.text, got, found, tt.share)
		}
	}
}

// refsOf is the object references an instruction acts on.
func refsOf(in *Instr) []ORef {
	rs := append([]ORef{in.What, in.Src, in.To.Obj}, in.Also...)
	if in.To2 != nil {
		rs = append(rs, in.To2.Obj)
	}
	return rs
}
