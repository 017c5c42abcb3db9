package cardtext

import "testing"

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "first", 2: "second", 4: "fourth", 12: "twelfth", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 102: "102nd", 111: "111th", 112: "112th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
