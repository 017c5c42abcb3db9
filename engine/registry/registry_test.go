package registry

import (
	"slices"
	"testing"
)

// TestKeysDistinct checks that no two constants share a key and that each
// key has one recognizer: a second would make the first rule matched
// depend on the order of the tables.
func TestKeysDistinct(t *testing.T) {
	seen := map[Key]bool{}
	for _, k := range Keys() {
		if seen[k] {
			t.Errorf("%s has more than one recognizer", k)
		}
		seen[k] = true
	}
	for _, k := range gated {
		if !seen[k] {
			t.Errorf("%s is gated but has no recognizer", k)
		}
	}
	if got := Gated(); len(got) == 0 || slices.ContainsFunc(got, func(k Key) bool { return !IsGated(k) }) {
		t.Errorf("Gated() = %d keys, not all gated", len(got))
	}
}

func TestFold(t *testing.T) {
	for _, tc := range []struct{ in, fold, straight, quotes string }{
		{"Don\u2019t  \u201CStop\u201D", `don't "stop"`, `Don't "Stop"`, `Don't  "Stop"`},
		{"  A\tB\n", "a b", "A B", "  A\tB\n"},
	} {
		if got := Fold(tc.in); got != tc.fold {
			t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.fold)
		}
		if got := Straighten(tc.in); got != tc.straight {
			t.Errorf("Straighten(%q) = %q, want %q", tc.in, got, tc.straight)
		}
		if got := StraightenQuotes(tc.in); got != tc.quotes {
			t.Errorf("StraightenQuotes(%q) = %q, want %q", tc.in, got, tc.quotes)
		}
	}
}
