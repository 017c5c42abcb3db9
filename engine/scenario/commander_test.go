package scenario

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestCommanderDamageOutlivesItsObjects: the combat damage a commander has
// dealt a player is counted for the commander card over the game
// (903.10a): it stands when the commander goes to a graveyard, when its
// owner leaves the game and every object of it with them (800.4a), and
// "commander damage from" still reads it.
func TestCommanderDamageOutlivesItsObjects(t *testing.T) {
	text := `scenario "commander damage stays"
edition from 2019-06-12
players Alice Bob Carol
variant commander
life 40
card "Zurgo Helmsmasher" (invented): {2}{R}{W}{B} Legendary Creature — Orc Warrior 7/2, haste
setup
  Alice battlefield: Zurgo Helmsmasher (commander)
steps
  go to beginning of combat
  Alice attacks with Zurgo Helmsmasher attacking Bob
  go to end of combat
  move Zurgo Helmsmasher to graveyard
  Alice chooses no
  verify Bob commander damage from Zurgo Helmsmasher = 7
  Alice concedes
expect
  Zurgo Helmsmasher gone
  Bob commander damage from Zurgo Helmsmasher = 7
  Bob commander damage from Zurgo Helmsmasher#1 = 7
`
	if tr := Run(mustParse(t, text), engine.Latest(), true); !tr.Passed() {
		t.Error(tr.Failures())
	}
}
