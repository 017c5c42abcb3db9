package search

import "testing"

func TestDistance(t *testing.T) {
	var e editBuf
	for _, tc := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"trample", "trample", 2, 0},
		{"tramlpe", "trample", 2, 1}, // a swap counts once
		{"deathtuch", "deathtouch", 2, 1},
		{"indestructable", "indestructible", 2, 1},
		{"hexprof", "hexproof", 2, 1},
		{"flahsback", "flashback", 2, 1},
		{"comander", "commander", 2, 1},
		{"dandân", "dandan", 2, 1},
		{"abc", "xyz", 2, 3}, // over the limit: limit+1
		{"trample", "tr", 2, 3},
		{"", "ab", 2, 2},
	} {
		if got := e.distance(tc.a, tc.b, tc.limit); got != tc.want {
			t.Errorf("distance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.limit, got, tc.want)
		}
	}
}

func TestMaxEdits(t *testing.T) {
	for n, want := range map[int]int{1: 0, 3: 0, 4: 1, 7: 1, 8: 2, 14: 2} {
		if got := maxEdits(n); got != want {
			t.Errorf("maxEdits(%d) = %d, want %d", n, got, want)
		}
	}
}
