package cardtext

import "testing"

// TestDiscardChosenRead: "that card" after a card is chosen from a revealed
// hand is the card discarded (701.9a); with no card chosen before it there
// is no "that card" to discard.
func TestDiscardChosenRead(t *testing.T) {
	tests := []struct {
		text string
		want string // an error containing it
	}{
		{text: "Target opponent reveals their hand. You choose a card from it. That player discards that card."},
		{text: "Target player reveals their hand. You choose a nonland card from it. That player discards that card."},
		{text: "Target player discards that card.", want: "discard N cards"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Coercion", tt.text, true, tt.want)
		if !ok {
			continue
		}
		eff := abs[0].Effect
		last := eff[len(eff)-1]
		if last.Op != OpDiscard || last.What.Kind != RefChosenObj {
			t.Errorf("%q: read as %+v", tt.text, last)
		}
	}
}
