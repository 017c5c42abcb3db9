package cardtext

import (
	"testing"
)

// TestForEachTargetRead: "Choose TARGETS. For each of them, …" is read
// from its parts: the targets, the loop, "the top card of your library",
// "that card's mana value" and "that permanent or player".
func TestForEachTargetRead(t *testing.T) {
	tests := []struct {
		text  string
		count int
		body  int // instructions followed for each
		err   string
	}{
		{text: "Choose any number of target creatures, planeswalkers, and/or players. For each of them, exile the top card of your library, then ~ deals damage equal to that card's mana value to that permanent or player.",
			count: 100, body: 2},
		{text: "Choose any number of target creatures and/or players. For each of them, ~ deals 1 damage to that permanent or player.", count: 100, body: 1},
		{text: "Choose target creature or player. For each of them, ~ deals 1 damage to that permanent or player.", count: 1, body: 1},
		{text: "For each of them, ~ deals 1 damage to that permanent or player.", err: "For each of them"},
		{text: "Choose any number of target creatures, planeswalkers, and/or players. ~ deals 1 damage to that permanent or player.", err: "can't read"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Soulfire Eruption", tt.text, true, tt.err)
		if !ok {
			continue
		}
		a := abs[0]
		if len(a.Targets) != 1 || a.Targets[0].Count != tt.count || !a.Targets[0].Players || len(a.Effect) != 1 {
			t.Errorf("%q: targets %+v, %d instructions", tt.text, a.Targets, len(a.Effect))
			continue
		}
		if in := a.Effect[0]; in.Op != OpForEachTarget || len(in.Each) != tt.body {
			t.Errorf("%q: %+v", tt.text, in)
		}
	}
}
