package scenario

import (
	"strings"
	"testing"
)

// TestStepFormsListed checks the list of step forms against the reader:
// the forms it tries include the ones the sandbox's help was missing,
// every form has an example, and every example is read as a step.
func TestStepFormsListed(t *testing.T) {
	forms := AllStepForms()
	have := map[string]bool{}
	for _, f := range forms {
		have[f.String()] = true
	}
	for _, want := range []string{"check", "go to", "A casts", "A attacks with", "A blocks", "A activates", "A passes", "N damage to …"} {
		if !have[want] {
			t.Errorf("the step forms lack %q", want)
		}
	}
	// The cards the examples name (stepExamples).
	const head = `scenario "forms" rule 100.1
card Isamaru: {W} Legendary Creature — Dog 2/2
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Forest: Basic Land — Forest
card Shock: {R} Instant
text: Shock deals 2 damage to any target.
card Wasp: Artifact Creature — Insect 1/1, flying
card Wall of Wood: {G} Creature — Wall 0/3, defender
card Prodigal Sorcerer: {2}{U} Creature — Human Wizard 1/1
text: {T}: Prodigal Sorcerer deals 1 damage to any target.
card Mage-Ring Network: Land
card Huntmaster of the Fells (invented): {2}{R}{G} Creature — Human Werewolf 2/2
back Ravager of the Fells: Creature — Werewolf 4/4, red, green, trample
card Jushi Apprentice (invented): {1}{U} Creature — Human Wizard 1/2
flip Tomoya the Revealer: Legendary Creature — Human Wizard 2/3
card Grinning Demon: {2}{B}{B} Creature — Demon 6/6, morph {2}{B}{B}
card Spirit Blink (invented): {R} Creature — Spirit 2/2, haste
setup
  A battlefield: Grizzly Bears
steps
  `
	for _, f := range forms {
		ex := StepExample(f)
		if ex == "" {
			t.Errorf("step form %q has no example (stepExamples)", f)
			continue
		}
		if _, err := Parse("", head+ex+"\nexpect\n  A life = 20\n"); err != nil {
			t.Errorf("the example of %q, %q, does not read: %v", f, ex, err)
		}
	}
	if n := len(stepExamples); n != len(forms) {
		t.Errorf("%d examples for %d forms: an example names a form the reader no longer tries", n, len(forms))
	}
}

// TestStepErrorListsForms: a step the reader can't read is answered with
// every form there is.
func TestStepErrorListsForms(t *testing.T) {
	_, err := Parse("", "scenario \"x\" rule 100.1\nsteps\n  A frobs Bears\nexpect\n  A life = 20\n")
	if err == nil {
		t.Fatal("A frobs Bears was read")
	}
	for _, f := range AllStepForms() {
		if !strings.Contains(err.Error(), f.String()) {
			t.Errorf("the error lacks %q: %v", f, err)
		}
	}
}
