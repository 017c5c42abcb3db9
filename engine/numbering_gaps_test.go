package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// TestKeysFoundWithoutGaps: a rule the engine implements, once an edition
// states it, is stated in every later edition until the CR drops it for
// good. A key found, then missed in some editions, then found again means
// its recognizer didn't follow a renumbering or a rewording in between
// (Adventures are 716 in the 2021–2022 texts and 715 after), and those
// editions silently play without the rule.
func TestKeysFoundWithoutGaps(t *testing.T) {
	// The rules really said something else in these editions.
	changed := map[registry.Key]string{
		// 101.5b of 2006-10-01 and 2007-02-01: the starting team's secondary player draws
		// instead (draw.first.secondary).
		registry.TeamFirstSkips: "2006-10-01, 2007-02-01",
	}
	files := slices.Clone(readCorpus(t))
	slices.SortStableFunc(files, func(a, b corpusFile) int { return a.stated.Compare(b.stated) })
	found := make([]map[registry.Key][]registry.RuleText, len(files))
	for i, f := range files {
		found[i] = registry.FindKeys(f.texts)
	}
	for _, k := range registry.Keys() {
		var missed []string
		first, last := -1, -1
		for i := range files {
			if len(found[i][k]) > 0 {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		for i := first + 1; first >= 0 && i < last; i++ {
			if len(found[i][k]) == 0 {
				missed = append(missed, files[i].name)
			}
		}
		if len(missed) > 0 && strings.Join(missed, ", ") != changed[k] {
			t.Errorf("%s is found in %s and %s but not in %s", k, files[first].name, files[last].name, strings.Join(missed, ", "))
		}
	}
}
