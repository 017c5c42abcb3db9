package scenario

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestRestartFollowsStartingTheGame: a restarted game's new game begins
// as rule 103 says (726.1): a commander in the command zone (103.2c), not
// its owner's library, with no commander damage or tax carried over; each
// player's starting life total and hand size as their vanguard card makes
// them (103.4b, 103.5a), the vanguard staying in the command zone; a
// Two-Headed Giant team's shared life total anew (810.4).
func TestRestartFollowsStartingTheGame(t *testing.T) {
	karn := `card Karn Liberated (invented): {7} Legendary Planeswalker — Karn, loyalty 6
text: −14: Restart the game.
card Forest: Basic Land — Forest
`
	for _, tc := range []struct{ name, text string }{
		{"commander", `scenario "restart: commander"
edition from 2019-06-12
variant commander
life 40
` + karn + `card "Zurgo Helmsmasher" (invented): {2}{R}{W}{B} Legendary Creature — Orc Warrior 7/2, haste
setup
  A battlefield: Karn Liberated (14 loyalty counters), Zurgo Helmsmasher (commander)
  A library: 10 x Forest
  B library: 10 x Forest
  B life 12
steps
  go to beginning of combat
  A attacks with Zurgo Helmsmasher
  go to end of combat
  go to postcombat main phase
  verify B commander damage from Zurgo Helmsmasher = 7
  A activates Karn Liberated
  resolve
expect
  Zurgo Helmsmasher in the command zone
  Zurgo Helmsmasher is a commander
  B commander damage from Zurgo Helmsmasher = 0
  A life = 40
  B life = 40
  A hand count = 7
`},
		{"vanguard", `scenario "restart: vanguard"
edition from 2019-06-12
variant vanguard
` + karn + `card Eladamri (invented): Vanguard, hand +1, life -3
setup
  A vanguard: Eladamri
  A battlefield: Karn Liberated (14 loyalty counters)
  A library: 10 x Forest
  B library: 10 x Forest
steps
  A loses 5 life
  A activates Karn Liberated
  resolve
expect
  Eladamri in the command zone
  A life = 17
  B life = 20
  A hand count = 8
  B hand count = 7
`},
		{"two-headed giant", `scenario "restart: 2HG"
edition from 2013-09-27
players Alex Bianca Carissa Dana
team Alex, Bianca
team Carissa, Dana
variant two-headed giant
` + karn + `setup
  Alex battlefield: Karn Liberated (14 loyalty counters)
  Alex team life 12
  Carissa team life 9
  Alex library: 8 x Forest
  Bianca library: 8 x Forest
  Carissa library: 8 x Forest
  Dana library: 8 x Forest
steps
  Alex activates Karn Liberated
  resolve
expect
  Alex team life = 30
  Carissa team life = 30
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tr := Run(mustParse(t, tc.text), engine.Latest(), true); !tr.Passed() {
				t.Error(tr.Failures())
			}
		})
	}
}
