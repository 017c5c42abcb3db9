package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarioCardsAgainstData: scenarios --run fails a scenario that gives
// a real card other characteristics unless it marks the card invented.
func TestScenarioCardsAgainstData(t *testing.T) {
	t.Parallel()
	const body = `scenario "t" rule 302.6
card Elite Vanguard%s: {W} Creature — Human Soldier %s
setup
  A battlefield: Elite Vanguard
expect
  Elite Vanguard pt = %s
`
	for _, tc := range []struct {
		name, mark, pt string
		status         int
		want           string
	}{
		{"the real card", "", "2/1", 0, "1 scenarios name 1 real cards' faces (0 marked invented); 0 faces in 0 scenarios differ"},
		{"a 1/1 Elite Vanguard", "", "1/1", 1, "FAIL t.scn:2: card Elite Vanguard differs from the card data (mark it \"(invented)\" if that is meant): power/toughness 1/1, the card's is 2/1"},
		{"marked invented", " (invented)", "1/1", 0, "(1 marked invented); 0 faces in 0 scenarios differ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			text := strings.ReplaceAll(body, "%s", "\x00")
			for _, v := range []string{tc.mark, tc.pt, tc.pt} {
				text = strings.Replace(text, "\x00", v, 1)
			}
			if err := os.WriteFile(filepath.Join(dir, "t.scn"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			status := run([]string{"scenarios", "--run", "--edition", "latest", "--dir", dir}, &out, &errOut)
			got := out.String() + errOut.String()
			if status != tc.status || !strings.Contains(got, tc.want) {
				t.Errorf("status %d, want %d; output lacks %q:\n%s", status, tc.status, tc.want, got)
			}
		})
	}
}
