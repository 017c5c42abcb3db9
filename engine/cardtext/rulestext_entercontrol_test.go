package cardtext

import (
	"strings"
	"testing"
)

// TestEnterControlRead: "If OBJECT would enter the battlefield under
// WHOSE control [this turn], it enters under your control instead." reads
// from its parts, on a spell (until the turn ends) or a permanent.
func TestEnterControlRead(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		whose Whose
		turn  bool
		err   string
	}{
		{text: "If a creature would enter the battlefield under an opponent's control this turn, it enters under your control instead.", spell: true, whose: Opponents, turn: true},
		{text: "If a creature would enter under an opponent's control, it enters under your control instead.", whose: Opponents},
		{text: "If an artifact would enter the battlefield under a player's control, it enters the battlefield under your control instead.", whose: AnyOnes},
		{text: "If a creature would enter the battlefield under your control, it enters under your control instead.", err: "whose control it would enter under"},
		{text: "If a creature would enter the battlefield under an opponent's control this turn, it enters under your control instead.", err: "without \"this turn\""},
	}
	for _, tt := range tests {
		abs, err := ParseAbilities("Test", tt.text, tt.spell, testLists)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want one containing %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil || len(abs) != 1 {
			t.Fatalf("%q: %v", tt.text, err)
		}
		a := abs[0]
		var m *RuleMod
		if tt.turn {
			if a.Kind != AbSpell || len(a.Effect) != 1 || a.Effect[0].Op != OpContinuous || a.Effect[0].Dur.Kind != DurEndOfTurn {
				t.Fatalf("%q: not an effect until end of turn: %+v", tt.text, a)
			}
			m = a.Effect[0].Cont.Rules
		} else {
			if a.Kind != AbStatic || len(a.Static) != 1 {
				t.Fatalf("%q: not a static ability: %+v", tt.text, a)
			}
			m = a.Static[0].Rules
		}
		if m == nil || m.Kind != RuleEnterControl || m.Who != tt.whose || m.Filter == nil {
			t.Errorf("%q: rule %+v, want RuleEnterControl of %v", tt.text, m, tt.whose)
		}
	}
}

// TestTurnedFaceUpRead: "When this creature is turned face up" triggers
// (708.8), and "a creature card with morph" names the keyword without its
// cost.
func TestTurnedFaceUpRead(t *testing.T) {
	abs, err := ParseAbilities("Dermoplasm", "When this creature is turned face up, you may put a creature card with morph from your hand onto the battlefield face up. If you do, return this creature to its owner's hand.", false, testLists)
	if err != nil {
		t.Fatal(err)
	}
	a := abs[0]
	if a.Kind != AbTriggered || a.Trigger == nil || a.Trigger.Event != TrigTurnedUp || !a.Trigger.What.Self {
		t.Fatalf("not a turned-face-up trigger: %+v", a.Trigger)
	}
	in := a.Effect[0]
	if in.Op != OpReturn || !in.Put || !in.May || in.What.Group == nil || len(in.What.Group.With) != 1 || in.What.Group.With[0] != "morph" || len(in.Then) != 1 {
		t.Fatalf("put: %+v", in)
	}
}
