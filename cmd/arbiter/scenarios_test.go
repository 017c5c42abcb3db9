package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScenariosCommand(t *testing.T) {
	t.Parallel()
	// Two scenarios for --ablate, so that it runs in a moment.
	ablateDir := t.TempDir()
	for _, n := range []string{"summoning-sickness.scn", "protection-noncombat.scn"} {
		b, err := os.ReadFile(filepath.Join("../../content/scenarios", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(ablateDir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// One scenario with only the newest wording of its example, for
	// --suggest to carry over to 2024-08-02's.
	suggestDir := t.TempDir()
	b, err := os.ReadFile("../../content/scenarios/viridian-joiner.scn")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, "equal to Viridian Joiner’s power") {
			kept = append(kept, l)
		}
	}
	if err := os.WriteFile(filepath.Join(suggestDir, "viridian-joiner.scn"), []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		status int
		want   []string
	}{
		{[]string{"scenarios"}, 0, []string{"legend-rule.scn", "mana-burn.scn", "scenarios\n"}},
		{[]string{"scenarios", "--run"}, 0, []string{"ok   mana-burn.scn (128 editions)", ", 0 failed"}},
		{[]string{"scenarios", "--run", "--edition", "2007-02-01"}, 0, []string{"skip legend-rule.scn", "ok   legend-rule-2004.scn (1 edition)"}},
		{[]string{"scenarios", "--trace", "mana-burn", "--edition", "2007-02-01"}, 0, []string{"mana burn: Alice loses 3 life: life 17 (300.3)", "passed in"}},
		{[]string{"scenarios", "--trace", "mana-burn"}, 0, []string{"Alice's mana pool empties ({R}{R}{G} lost) (500.5)"}},
		{[]string{"scenarios", "--coverage", "../../content/rst-2011"}, 0, []string{"2011-07-15", "17 of 17 examples have a scenario", "section 2", "by an outcome a scenario states", "by outcome"}},
		{[]string{"scenarios", "--coverage", "../../content/cr-2007-excerpt"}, 0, []string{"2007-02-01", "5 of 6 examples have a scenario", "uncovered 205.4b: Note that cards printed"}},
		{[]string{"scenarios", "--ablate", "--dir", ablateDir}, 0, []string{"ablation under 2026-04-17", "2 scenarios that pass",
			"302.6    combat.sick                              breaks   1: summoning-sickness.scn",
			"702.16e  protection.damage                        breaks   1: protection-noncombat.scn",
			"704.5j   sba.legend                               breaks   0", "0 of 0 covered examples"}},
		{[]string{"scenarios", "--suggest", "2024-08-02", "--dir", suggestDir}, 0, []string{
			"107.1b #2: Viridian Joiner is a 1/2 creature with the ability “{T}: Add an amount of {G} equal to Viridian Joiner’s power.”",
			"2026-04-17 107.1b #2: Viridian Joiner is a 1/2 creature with the ability “{T}: Add an amount of {G} equal to this creature’s power.”",
			"add this wording to viridian-joiner.scn (passes)",
			"510.1c #2: The damage assignment order of an attacking Vastwood Gorger", "not in 2026-04-17: write a scenario for this edition's rules",
			"examples of 2024-08-02 without a scenario that runs: 1 to carry over from 2026-04-17"}},
		{[]string{"scenarios", "--suggest", "latest"}, 2, []string{"2026-04-17 is the newest official edition"}},
		{[]string{"scenarios", "--trace", "nope"}, 2, []string{`no scenario "nope"`}},
		{[]string{"scenarios", "--edition", "someday", "--run"}, 2, []string{"unknown edition"}},
		{[]string{"scenarios", "--dir", t.TempDir()}, 1, []string{"no .scn files"}},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		status := run(tt.args, &out, &errOut)
		got := out.String() + errOut.String()
		if status != tt.status {
			t.Errorf("%v: status %d, want %d\n%s", tt.args, status, tt.status, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, got)
			}
		}
	}
}
