package cardtext

import "testing"

// TestCountedPastRead: what a count counts is an object description like
// any other, which may end in a relative clause naming what the objects
// did earlier this turn; one the engine has no history for errors at its
// word, and so does that clause where nothing is counted.
func TestCountedPastRead(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		past  Past
		ctrl  Whose
		types []string
		want  string // an error containing it
	}{
		{text: "This spell costs {1} less to cast for each creature you attacked with this turn.", spell: true, past: PastAttacked, ctrl: Yours, types: []string{"creature"}},
		{text: "This spell costs {1} less to cast for each Knight you attacked with this turn.", spell: true, past: PastAttacked, ctrl: Yours},
		{text: "This spell costs {1} less to cast for each creature you control.", spell: true, ctrl: Yours, types: []string{"creature"}},
		{text: "Draw a card for each creature that died this turn.", spell: true, past: PastDied, types: []string{"creature"}},
		{text: "Draw a card for each nontoken creature that died under your control this turn.", spell: true, past: PastDied, ctrl: Yours, types: []string{"creature"}},
		{text: "Draw a card for each creature that attacked this turn.", spell: true, past: PastAttacked, types: []string{"creature"}},
		{text: "This creature gets +1/+1 for each creature that died this turn.", past: PastDied, types: []string{"creature"}},
		{text: "You gain life equal to the number of creatures that died this turn.", spell: true, past: PastDied, types: []string{"creature"}},
		{text: "This spell costs {1} less to cast for each creature you attacked with.", spell: true, want: `at "you attacked with.": the end of the sentence`},
		{text: "This spell costs {1} less to cast for each time you attacked this turn.", spell: true, want: `at "time you attacked this t…": for each what`},
		{text: "Draw a card for each creature that blocked this turn.", spell: true, want: `at "that blocked this turn.`},
		{text: "Draw a card for each creature that died last turn.", spell: true, want: `at "that died last turn.`},
		{text: "Draw a card for each creature you attacked with.", spell: true, want: `at "you attacked with.`},
		// Outside a count, nothing answers what an object did earlier.
		{text: "Destroy target creature that attacked this turn.", spell: true, want: `at "that attacked this turn.`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Count", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		var f *Filter
		switch a := abs[0]; {
		case len(a.Static) > 0 && a.Static[0].Rules != nil:
			f = a.Static[0].Rules.Per
		case len(a.Static) > 0 && a.Static[0].ModPT != nil:
			f = a.Static[0].ModPT[0].Count
		case len(a.Effect) > 0:
			f = a.Effect[0].N.Count
		}
		if f == nil || f.Past != tt.past || f.Control != tt.ctrl || tt.types != nil && (len(f.AnyOf) != 1 || f.AnyOf[0] != tt.types[0]) {
			t.Errorf("%q: counts %+v", tt.text, f)
		}
	}
}
