package scenario

import (
	"strings"
	"testing"
)

// TestComposedCardTypesAmong: "the number of card types among OBJECTS"
// counts each card type once among the objects its noun phrase names:
// your graveyard's, not an opponent's.
func TestComposedCardTypesAmong(t *testing.T) {
	const cards = `card Graveyard Goyf (invented): {1}{G} Creature — Lhurgoyf */*
text: This creature's power and toughness are each equal to the number of card types among cards in your graveyard.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Shock: {R} Instant
text: Shock deals 2 damage to any target.
card Forest: Basic Land — Forest
card Bauble (invented): {0} Artifact
`
	const scn = "scenario \"g\"\n" + cards + "setup\n  A battlefield: Graveyard Goyf\n  A graveyard: Grizzly Bears, Shock, Forest\n  B graveyard: Bauble\nsteps\nexpect\n  Graveyard Goyf power = 3\n  Graveyard Goyf toughness = 3\n"
	tr := runText(t, "", scn)
	if !tr.Passed() {
		t.Errorf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
}
