package scenario

import (
	"strings"
	"testing"
)

// TestComposedTextChange: "one basic land type with another" changes the
// word in the land's type line (a text-changing effect changes the text
// box and the type line): a Swamp made an Island taps for {U} (305.6).
func TestComposedTextChange(t *testing.T) {
	const scn = `scenario "t"
card Hack (invented): {U} Instant
text: Change the text of target land by replacing all instances of one basic land type with another.
card Swamp: Basic Land — Swamp
setup
  A battlefield: Swamp
  A hand: Hack
  A mana {U}
steps
  A casts Hack targeting Swamp
  resolve
  A chooses swamp
  A chooses island
  A taps Swamp for mana
expect
  A mana pool = {U}
`
	tr := runText(t, "", scn)
	if !tr.Passed() {
		t.Errorf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
}
