package scenario

import (
	"strings"
	"testing"
)

// TestComposedPrevention: "Prevent all … damage" read from its parts
// prevents what it reads: only combat damage, only damage to you, only
// damage to creatures you control, or all damage.
func TestComposedPrevention(t *testing.T) {
	const cards = `card Fog (invented): {W} Instant
text: Prevent all combat damage that would be dealt this turn.
card Shelter (invented): {W} Instant
text: Prevent all combat damage that would be dealt to you this turn.
card Bulwark (invented): {W} Instant
text: Prevent all damage that would be dealt to creatures you control this turn.
card Calm (invented): {W} Instant
text: Prevent all damage that would be dealt this turn.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Hill Giant: {3}{R} Creature — Giant 3/3
card Plains: Basic Land — Plains
card Mountain: Basic Land — Mountain
card Shock: {R} Instant
text: Shock deals 2 damage to any target.
`
	const setup = "  turn B\n  A hand: Fog, Shelter, Bulwark, Calm\n  A battlefield: Grizzly Bears, Plains\n  B battlefield: Hill Giant, Grizzly Bears, Mountain\n  B hand: Shock\n"
	const fight = "  B attacks with Hill Giant, Grizzly Bears#2\n  A blocks Hill Giant with Grizzly Bears#1\n  A taps Plains for {W}\n"
	const shock = "  B taps Mountain for {R}\n  B casts Shock targeting A\n  resolve\n"
	tests := []struct{ name, steps, expect string }{
		{"to you: the unblocked creature's damage only", fight + "  A casts Shelter\n  resolve\n  go to end of combat\n",
			"  A life = 20\n  Grizzly Bears#1 in A's graveyard\n"},
		{"to creatures you control: the blocker lives, you are dealt damage", fight + "  A casts Bulwark\n  resolve\n  go to end of combat\n",
			"  A life = 18\n  Grizzly Bears#1 on the battlefield\n"},
		{"combat damage only: Shock still deals its damage", "  A taps Plains for {W}\n  A casts Fog\n  resolve\n" + shock,
			"  A life = 18\n"},
		{"all damage: Shock's too", "  A taps Plains for {W}\n  A casts Calm\n  resolve\n" + shock,
			"  A life = 20\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", "scenario \"p\"\n"+cards+"setup\n"+setup+"steps\n"+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
