package engine

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestAsEntersRead: "As ~ enters, …" is a choice linked to the permanent
// (607.2a) or instructions followed as it enters (614.1c), read by the
// same grammar as any effect; what it can't read is an error.
func TestAsEntersRead(t *testing.T) {
	tests := []struct {
		text   string
		linked bool
		op     cardtext.Op
		ref    cardtext.ORefKind
		err    string
	}{
		{text: "As this creature enters, choose a color.", linked: true},
		{text: "As this creature enters, exile any number of creature cards from your graveyard.", op: cardtext.OpExile, ref: cardtext.RefChooseAny},
		{text: "As this creature enters, exile a creature card from your graveyard.", op: cardtext.OpExile, ref: cardtext.RefChooseOne},
		{text: "As this creature enters, choose a color and draw a card.", err: "choose a color / an opponent / a creature type"},
		{text: "As this creature enters, exile any number of creatures from the moon.", err: "at"},
	}
	for _, tt := range tests {
		abs, err := cardtext.ParseAbilities("Ghoul", tt.text, false, Latest().Types)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: got %v, want an error with %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		a := abs[0]
		if tt.linked {
			if a.Linked == nil {
				t.Errorf("%q: not a linked choice: %+v", tt.text, a)
			}
			continue
		}
		if a.Replace == nil || a.Replace.Kind != cardtext.ReplAsEnters || len(a.Replace.As) != 1 {
			t.Errorf("%q: not instructions as it enters: %+v", tt.text, a)
			continue
		}
		if in := a.Replace.As[0]; in.Op != tt.op || in.What.Kind != tt.ref {
			t.Errorf("%q: read as op %d on %+v", tt.text, in.Op, in.What)
		}
	}
}
