package scenario

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestTriggerOrder: a player puts the triggered abilities they control on
// the stack in any order they choose (603.3b); the engine put them in the
// order they triggered and asked nothing. Unscripted, the order is a choice
// a strict run fails on.
func TestTriggerOrder(t *testing.T) {
	const head = `scenario "order"
life 10
card Soul Net (invented): {1} Artifact
text: Whenever a creature dies, you gain 1 life.
card Life Bond (invented): {2}{W} Enchantment
text: Whenever a creature dies, your life total becomes 20.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
setup
  A battlefield: Soul Net, Life Bond
  B battlefield: Grizzly Bears, Soul Net
steps
  destroy Grizzly Bears
`
	tests := []struct{ name, steps, expect, err string }{
		{"Soul Net's last: it resolves first", "  A orders triggers: Life Bond, Soul Net\n  resolve all\n", "  A life = 20\n  B life = 11\n", ""},
		{"Life Bond's last", "  A orders triggers: Soul Net, Life Bond\n  resolve all\n", "  A life = 21\n", ""},
		{"labels and \"and\"", "  A orders triggers: Soul Net#1 and Life Bond#1\n  resolve all\n", "  A life = 21\n", ""},
		{"B's own ability resolves first (APNAP)", "  A orders triggers: Life Bond, Soul Net\n  resolve\n", "  B life = 11\n  A life = 10\n", ""},
		{"unscripted", "  resolve all\n", "  A life = 20\n", "add a step like: A orders triggers: Soul Net#1, Life Bond#1"},
		{"one named twice", "  A orders triggers: Soul Net, Soul Net\n", "  A life = 20\n", `"Soul Net" isn't one of them, or is named twice`},
		{"one left out", "  A orders triggers: Soul Net, Grizzly Bears\n", "  A life = 20\n", "isn't one of them"},
	}
	for _, tt := range tests {
		tr := runText(t, "", head+tt.steps+"expect\n"+tt.expect)
		switch {
		case tt.err == "" && !tr.Passed():
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		case tt.err != "" && (tr.Err == nil || !strings.Contains(tr.Err.Error(), tt.err)):
			t.Errorf("%s: got %v, want an error with %q", tt.name, tr.Err, tt.err)
		}
	}
	// The sandbox offers both orders.
	tr := Run(mustParse(t, head+"expect\n  A life = 20\n"), engine.Latest(), false)
	steps := tr.ChoiceSteps()
	if tr.Pending == nil || len(steps) != 2 || steps[0] != "A orders triggers: Soul Net#1, Life Bond#1" || steps[1] != "A orders triggers: Life Bond#1, Soul Net#1" {
		t.Errorf("sandbox: pending %+v, steps %q", tr.Pending, steps)
	}
}

// TestTriggerNames: a source's several triggered abilities are named by
// their place among them, keyword triggers by their keyword.
func TestTriggerNames(t *testing.T) {
	tr := runText(t, "", `scenario "golem"
card Sparring Golem (invented): {3} Artifact Creature — Golem 2/2
text: Whenever this creature becomes blocked, you gain 1 life.
text: Whenever this creature becomes blocked by a creature, you gain 10 life.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
setup
  A battlefield: Sparring Golem
  B battlefield: Grizzly Bears
steps
  A attacks with Sparring Golem
  B blocks Sparring Golem with Grizzly Bears
  A orders triggers: Sparring Golem's first ability, Sparring Golem's second ability
  resolve
expect
  A life = 30
`)
	if !tr.Passed() {
		t.Errorf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
	old, _ := engine.EditionByID("2007-05-01")
	tr = Run(mustParse(t, `scenario "nighthawk"
card Vampire Nighthawk: {1}{B}{B} Creature — Vampire Shaman 2/3, flying, deathtouch, lifelink
card Craw Wurm: {4}{G}{G} Creature — Wurm 6/4
setup
  A battlefield: Vampire Nighthawk
  B battlefield: Craw Wurm
steps
  Vampire Nighthawk deals 2 damage to Craw Wurm
  A orders triggers: Vampire Nighthawk's deathtouch, Vampire Nighthawk's lifelink
  resolve
expect
  A life = 22
  Craw Wurm on the battlefield
`), old, true)
	if !tr.Passed() {
		t.Errorf("2007: %v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
}
