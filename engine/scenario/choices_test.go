package scenario

import (
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestChoicesDuringGoTo: choices the turn's actions ask for while a "go
// to" moves on (514.1's discards in two cleanup steps), each answered in
// turn, in the main game and in a Shahrazad subgame (728), one of whose
// players then loses it, so the main game resumes and Shahrazad finishes
// (728.5). An answer after which the moving on waits for another choice
// is told in its step's events, not lost.
func TestChoicesDuringGoTo(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		told       string // an answer whose step's events must tell it
	}{
		{"main game", `scenario "two discards"
card Forest: Basic Land — Forest
card Island: Basic Land — Island
setup
  turn 3 B
  A hand: 7 x Forest
  B hand: 8 x Island
  A library: 3 x Forest
  B library: 3 x Island
steps
  go to B's precombat main phase
  B chooses Island#1
  A chooses Forest#1
expect
  B hand count = 8
  A hand count = 7
  Island#1 in B's graveyard
  Forest#1 in A's graveyard
`, "Bob chooses Island#1"},
		{"subgame", `scenario "discards in a subgame"
card Shahrazad: {W}{W} Sorcery
text: Players play a Magic subgame, using their libraries as their decks. Each player who doesn't win the subgame loses half their life, rounded up.
card Forest: Basic Land — Forest
card Island: Basic Land — Island
setup
  A hand: Shahrazad
  A mana {W}{W}
  A library: 12 x Forest
  B library: 9 x Island
steps
  A casts Shahrazad
  resolve
  verify in a subgame
  go to B's precombat main phase
  A chooses Forest#2
  go to B's precombat main phase
  B chooses Island#8
  A chooses Forest#9
  verify in a subgame
  go to B's precombat main phase
  B chooses Island#3
  A chooses Forest#12
expect
  in the main game
  A life = 20
  B life = 10
  A library count = 12
  B library count = 9
`, "Bob chooses Island#8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := Run(mustParse(t, tc.text), engine.Latest(), true)
			if !tr.Passed() {
				t.Fatal(tr.Failures())
			}
			told := slices.ContainsFunc(tr.Steps, func(s StepResult) bool {
				return slices.ContainsFunc(s.Events, func(e engine.Event) bool { return e.Text == tc.told })
			})
			if !told {
				t.Errorf("no step tells %q", tc.told)
			}
		})
	}
}

// TestSubgameSharedLife: a Two-Headed Giant game's subgame (728) is played
// by the same variant: each team begins it with its shared starting life
// total (103.4a, 810.4), whatever the main game's totals are, and its life
// changes are the team's (810.9).
func TestSubgameSharedLife(t *testing.T) {
	text := `scenario "2HG subgame"
edition from 2013-09-27
players Alex Bianca Carissa Dana
team Alex, Bianca
team Carissa, Dana
variant two-headed giant
card Shahrazad: {W}{W} Sorcery
text: Players play a Magic subgame, using their libraries as their decks. Each player who doesn't win the subgame loses half their life, rounded up.
card Forest: Basic Land — Forest
setup
  Alex hand: Shahrazad
  Alex mana {W}{W}
  Alex team life 12
  Carissa team life 9
  Alex library: 8 x Forest
  Bianca library: 8 x Forest
  Carissa library: 8 x Forest
  Dana library: 8 x Forest
steps
  Alex casts Shahrazad
  resolve
  verify in a subgame
  Dana loses 4 life
expect
  in a subgame
  Alex team life = 30
  Carissa team life = 26
`
	if tr := Run(mustParse(t, text), engine.Latest(), true); !tr.Passed() {
		t.Error(tr.Failures())
	}
}
