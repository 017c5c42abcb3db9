package scenario

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestChooseDrawnCards: a choice about cards the paused action itself
// drew (Careful Study's discard) names them as they were asked; the state
// waiting for the answer still has them in the library, under other IDs.
func TestChooseDrawnCards(t *testing.T) {
	text := `scenario "draw, then discard"
card Careful Study: {U} Sorcery
text: Draw two cards, then discard two cards.
card Island: Basic Land — Island
card Forest: Basic Land — Forest
card Swamp: Basic Land — Swamp
setup
  A hand: Careful Study, Swamp
  A library: Forest, Island
  A mana {U}
steps
  A casts Careful Study
  resolve
`
	tr := Run(mustParse(t, text+"expect\n  no pending choice\n"), engine.Latest(), false)
	steps := tr.ChoiceSteps()
	if len(steps) != 3 || !strings.Contains(strings.Join(steps, "|"), "A chooses Forest#1") {
		t.Fatalf("offered %q", steps)
	}
	again := text + "  A chooses Island and Forest\nexpect\n  Island in A's graveyard\n  Forest in A's graveyard\n  A hand count Swamp = 1\n"
	if tr := Run(mustParse(t, again), engine.Latest(), true); !tr.Passed() {
		t.Error(tr.Failures())
	}
}

// TestDecidingForAnother: while Alice controls Bob (722.5), Bob's game
// actions and choices are hers to make, written "A for B …"; Bob's own are
// refused, but for those no rule calls for (722.5b) and conceding (722.6).
// Alice can't decide for a player she doesn't control.
func TestDecidingForAnother(t *testing.T) {
	const head = `scenario "Mindslaver"
card Mindslaver: {6} Legendary Artifact
text: {4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn.
card Island: Basic Land — Island
setup
  A battlefield: Mindslaver
  A mana {4}
  B battlefield: Island
  B library: Island
steps
  A activates Mindslaver targeting B
  resolve
`
	tests := []struct {
		name, steps string
		err         string // "" if the run passes
	}{
		{"before Bob's turn, Bob decides", "  A for B taps Island for mana\n", "doesn't make Bob's decisions"},
		{"during it, Alice does", "  go to B's upkeep\n  A for B taps Island for mana\n", ""},
		{"not Bob", "  go to B's upkeep\n  B taps Island for mana\n", "Alice controls Bob"},
		{"Bob concedes himself", "  go to B's upkeep\n  B concedes\n", ""},
		{"Alice can't concede for him", "  go to B's upkeep\n  A for B concedes\n", "can't make Bob concede"},
		{"control ends with the turn", "  go to B's upkeep\n  go to A's upkeep\n  B taps Island for mana\n", ""},
		{"Bob has no one to decide for", "  go to B's upkeep\n  B for A taps Island for mana\n", "doesn't make Alice's decisions"},
	}
	for _, tt := range tests {
		tr := Run(mustParse(t, head+tt.steps+"expect\n  no pending choice\n"), engine.Latest(), true)
		switch {
		case tt.err == "" && !tr.Passed():
			t.Errorf("%s: %v", tt.name, tr.Failures())
		case tt.err != "" && (tr.Err == nil || !strings.Contains(tr.Err.Error(), tt.err)):
			t.Errorf("%s: got %v, want an error with %q", tt.name, tr.Err, tt.err)
		}
	}
}
