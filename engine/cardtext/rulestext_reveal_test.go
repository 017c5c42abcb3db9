package cardtext

import "testing"

// TestLinkedParagraphRead: a static ability and the triggered abilities
// written after it in its paragraph are read as abilities of their own,
// the trigger linked to it by "this way" (603.11).
func TestLinkedParagraphRead(t *testing.T) {
	tests := []struct {
		text    string
		n       int  // abilities read
		thisWay bool // the trigger's "this way"
		err     string
	}{
		{text: "Reveal the first card you draw each turn. Whenever you reveal a basic land card this way, draw a card.", n: 2, thisWay: true},
		{text: "Reveal the first card you draw each turn. Whenever you reveal a creature card this way, you gain 1 life.", n: 2, thisWay: true},
		{text: "Reveal the first card you draw each turn.", n: 1},
		{text: "Whenever you reveal a basic land card, draw a card.", n: 1},
		{text: "Reveal the first card you draw each turn. Draw a card.", err: "a triggered ability linked to the static ability"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Lens", tt.text, false, tt.err)
		if !ok {
			continue
		}
		if len(abs) != tt.n {
			t.Errorf("%q: %d abilities, want %d", tt.text, len(abs), tt.n)
			continue
		}
		last := abs[len(abs)-1]
		if tr := last.Trigger; tt.n == 2 || tr != nil {
			if tr == nil || tr.Event != TrigReveal || tr.ThisWay != tt.thisWay {
				t.Errorf("%q: trigger %+v", tt.text, tr)
			}
		}
	}
}
