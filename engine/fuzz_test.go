package engine

import (
	"strings"
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

// FuzzTypeLine: ParseTypeLine never panics; what it accepts prints back to a
// type line it accepts again with the same types.
//
//	go test ./engine -run '^$' -fuzz FuzzTypeLine -fuzztime 1m
func FuzzTypeLine(f *testing.F) {
	for _, s := range []string{"Legendary Creature — Dog", "Land Creature -- Forest Dryad", "Basic Land – Mountain", "Plane — Serra's Realm", "Creature — Time Lord", "—", ""} {
		f.Add(s)
	}
	l := Latest().Types
	f.Fuzz(func(t *testing.T, s string) {
		tl, err := cardtext.ParseTypeLine(s, l)
		if err != nil {
			return
		}
		again, err := cardtext.ParseTypeLine(tl.String(), l)
		if err != nil || again.String() != tl.String() {
			t.Fatalf("%q → %q → %q (%v)", s, tl, again, err)
		}
		if strings.TrimSpace(tl.String()) == "" {
			t.Fatalf("%q accepted with no types", s)
		}
	})
}
