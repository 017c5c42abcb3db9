package registry

import "testing"

func TestRestoreLostQuotes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`the ?Active Player, Nonactive Player (APNAP) order? rule.`, `the "Active Player, Nonactive Player (APNAP) order" rule.`},
		{`the player?s turn`, `the player's turn`},
		{`is said to ?depend on? another`, `is said to "depend on" another`},
		// A question mark that ends a sentence, with no quote open, stays.
		{`Who chooses? The active player.`, `Who chooses? The active player.`},
		{`no marks at all`, `no marks at all`},
	} {
		if got := RestoreLostQuotes(c.in); got != c.want {
			t.Errorf("RestoreLostQuotes(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
