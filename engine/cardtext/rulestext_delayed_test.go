package cardtext

import "testing"

// TestDelayedStepRead: a trailing "at the beginning of the next end step"
// or "… of the next turn's upkeep" makes the instruction before it a
// delayed triggered ability (603.7); only the upkeep's waits for the next
// turn.
func TestDelayedStepRead(t *testing.T) {
	tests := []struct {
		text     string
		spell    bool
		step     Step
		nextTurn bool
		want     string // an error containing it
	}{
		{text: "Draw a card at the beginning of the next turn's upkeep.", spell: true, step: StepUpkeep, nextTurn: true},
		{text: "When ~ enters, draw a card at the beginning of the next turn's upkeep.", step: StepUpkeep, nextTurn: true},
		{text: "Destroy target creature at the beginning of the next end step.", spell: true, step: StepEnd},
		{text: "Draw a card at the beginning of the next turn's draw step.", spell: true, want: "the end of the sentence"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Blessed Wine", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		in := abs[0].Effect[0]
		if in.Op != OpDelayed || in.Delay == nil || in.Delay.Trigger.Step != tt.step || in.Delay.Trigger.NextTurn != tt.nextTurn {
			t.Errorf("%q: read as %+v", tt.text, in)
		}
	}
}
