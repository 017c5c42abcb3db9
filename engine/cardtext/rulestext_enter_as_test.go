package cardtext

import (
	"testing"
)

// TestAsEntersRead: "As ~ enters, …" is a choice linked to the permanent
// (607.2a) or instructions followed as it enters (614.1c), read by the
// same grammar as any effect; what it can't read is an error.
func TestAsEntersRead(t *testing.T) {
	tests := []struct {
		text   string
		linked bool
		op     Op
		ref    ORefKind
		err    string
	}{
		{text: "As this creature enters, choose a color.", linked: true},
		{text: "As this creature enters, exile any number of creature cards from your graveyard.", op: OpExile, ref: RefChooseAny},
		{text: "As this creature enters, exile a creature card from your graveyard.", op: OpExile, ref: RefChooseOne},
		{text: "As this creature enters, choose a color and draw a card.", err: "choose a color / an opponent / a creature type"},
		{text: "As this creature enters, exile any number of creatures from the moon.", err: "at"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Ghoul", tt.text, false, tt.err)
		if !ok {
			continue
		}
		a := abs[0]
		if tt.linked {
			if a.Linked == nil {
				t.Errorf("%q: not a linked choice: %+v", tt.text, a)
			}
			continue
		}
		if a.Replace == nil || a.Replace.Kind != ReplAsEnters || len(a.Replace.As) != 1 {
			t.Errorf("%q: not instructions as it enters: %+v", tt.text, a)
			continue
		}
		if in := a.Replace.As[0]; in.Op != tt.op || in.What.Kind != tt.ref {
			t.Errorf("%q: read as op %d on %+v", tt.text, in.Op, in.What)
		}
	}
}
