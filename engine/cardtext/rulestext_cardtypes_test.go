package cardtext

import "testing"

// TestCardTypesAmongRead: "the number of card types among OBJECTS" is an
// amount whose objects are a noun phrase, so Tarmogoyf's "cards in all
// graveyards" and other cards' "cards in your graveyard" or "permanents
// you control" read alike.
func TestCardTypesAmongRead(t *testing.T) {
	tests := []struct {
		text string
		zone Zone
		ctrl Whose
		err  string
	}{
		{text: "~'s power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.", zone: Graveyard},
		{text: "~'s power and toughness are each equal to the number of card types among cards in your graveyard.", zone: Graveyard, ctrl: Yours},
		{text: "~'s power and toughness are each equal to the number of card types among permanents you control.", ctrl: Yours},
		{text: "~'s power and toughness are each equal to the number of card types among a card in your graveyard.", err: `equal to what`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Tarmogoyf", tt.text, false, tt.err)
		if !ok {
			continue
		}
		a := abs[0]
		if len(a.Static) != 1 || a.Static[0].CDAPT == nil || a.Static[0].CDAPT[0].CardTypesAmong == nil {
			t.Errorf("%q: read as %+v", tt.text, a)
			continue
		}
		f := a.Static[0].CDAPT[0].CardTypesAmong
		if f.Zone != tt.zone || f.Control != tt.ctrl {
			t.Errorf("%q: among %+v", tt.text, f)
		}
	}
}
