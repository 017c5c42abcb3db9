package cardtext

import (
	"testing"
)

// TestControlSinceRead: echo's condition is "OBJECT came under your
// control since the beginning of your last upkeep" (702.30a) with any
// object the trigger names, not only "this permanent"; a moment or owner
// the game doesn't keep errors at the word where reading stopped.
func TestControlSinceRead(t *testing.T) {
	tests := []struct {
		text string
		ref  ORefKind
		want string // an error containing it
	}{
		{text: "At the beginning of your upkeep, if this permanent came under your control since the beginning of your last upkeep, sacrifice it unless you pay {2}.", ref: RefSelf},
		{text: "At the beginning of your upkeep, if ~ came under your control since the beginning of your last upkeep, you gain 2 life.", ref: RefSelf},
		{text: "At the beginning of your upkeep, if it came under your control since the beginning of your last upkeep, draw a card.", ref: RefSelf},
		{text: "Whenever a creature you control becomes tapped, if that creature came under your control since the beginning of your last upkeep, you gain 1 life.", ref: RefTriggered},
		{text: "At the beginning of your upkeep, if this permanent came under your control since the beginning of your last turn, draw a card.", want: `at "turn, draw a card.": the step whose beginning: "upkeep"`},
		{text: "At the beginning of your upkeep, if this permanent came under your control since the beginning of your first upkeep, draw a card.", want: `at "first upkeep, draw a car…": which of your upkeeps: "last"`},
		{text: "At the beginning of your upkeep, if this permanent came under an opponent's control since the beginning of your last upkeep, draw a card.", want: `at "an opponent's control si…": whose control`},
		{text: "At the beginning of your upkeep, if this permanent came under your control during your last upkeep, draw a card.", want: `at "during your last upkeep,…": "control since MOMENT"`},
		{text: "At the beginning of your upkeep, if this permanent came under your control since your last upkeep, draw a card.", want: `at "your last upkeep, draw a…": the moment`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Echoer", tt.text, false, tt.want)
		if !ok {
			continue
		}
		if cd := abs[0].If; cd == nil || cd.Kind != CondControlSince || cd.Ref.Kind != tt.ref {
			t.Errorf("%q: read as %+v", tt.text, abs[0].If)
		}
	}
}
