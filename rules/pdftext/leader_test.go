package pdftext

import (
	"regexp"
	"testing"
)

// dotLeaderPattern is what hasDotLeader decides, as a regular expression:
// the oracle its tests compare it with.
var dotLeaderPattern = regexp.MustCompile(`(\.\s*){4,}\s*\d+\s*$|(…\s*){2,}\s*\d+\s*$|(\.\s*){12,}$`)

func TestHasDotLeader(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"2.3 Pregame Procedures ........ 14", true},
		{"2.3 Pregame Procedures . . . . 14 ", true},
		{"Byes …… 52", true},
		{"Byes … 52", false},
		{"Byes ... 52", false},
		{"Tardiness ....................", true},
		{"Tardiness ...........", false},
		{"See section 2.3.", false},
		{"1.....2", true},
		{"", false},
		{"14", false},
		{"a....\t7\n", true},
	} {
		if got := hasDotLeader(tc.s); got != tc.want {
			t.Errorf("hasDotLeader(%q) = %v, want %v", tc.s, got, tc.want)
		}
		if oracle := dotLeaderPattern.MatchString(tc.s); oracle != tc.want {
			t.Errorf("the pattern says %v for %q: the table is wrong", oracle, tc.s)
		}
	}
}

// FuzzDotLeader checks the scanner against the pattern on any line.
func FuzzDotLeader(f *testing.F) {
	for _, s := range []string{"x .... 4", "… … 12", ". . . . . . . . . . . .", "..\v..1", "1. 2. 3. 4. 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasDotLeader(s), dotLeaderPattern.MatchString(s); got != want {
			t.Errorf("hasDotLeader(%q) = %v, the pattern says %v", s, got, want)
		}
	})
}
