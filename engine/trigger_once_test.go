package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestOneOrMoreTriggersRead: a trigger condition about "one or more"
// objects is about the event as a whole (603.2c), one about "a" creature
// about each object in it.
func TestOneOrMoreTriggersRead(t *testing.T) {
	tests := []struct {
		text      string
		event     cardtext.TrigEvent
		oneOrMore bool
	}{
		{"Whenever one or more creatures you control die, you gain 1 life.", cardtext.TrigDies, true},
		{"Whenever one or more creature cards are put into your graveyard from anywhere, you gain 1 life.", cardtext.TrigToGraveyard, true},
		{"Whenever one or more other creatures enter, you gain 1 life.", cardtext.TrigEnters, true},
		{"Whenever a creature you control dies, you gain 1 life.", cardtext.TrigDies, false},
		{"Whenever another creature enters, you gain 1 life.", cardtext.TrigEnters, false},
	}
	for _, tt := range tests {
		abs, err := cardtext.ParseAbilities("Keeper", tt.text, false, Latest().Types)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		tr := abs[0].Trigger
		if tr == nil || tr.Event != tt.event || tr.OneOrMore != tt.oneOrMore {
			t.Errorf("%q: got %+v, want event %v, one or more %v", tt.text, tr, tt.event, tt.oneOrMore)
		}
	}
}
