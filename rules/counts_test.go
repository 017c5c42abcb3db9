package rules

import (
	"testing"

	"github.com/arbiter-rules/arbiter/content"
)

func TestCounts(t *testing.T) {
	eds, err := Load(content.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	// Counted by hand from the sources: classic.md has five "## " topics and
	// four blockquotes (The Hive, Bottomless Vault, Mishra's Factory,
	// Brothers of Fire).
	want := map[string]Counts{
		"classic": {Topics: 5, Examples: 4},
	}
	found := 0
	for _, e := range eds {
		w, ok := want[e.ID]
		if !ok {
			continue
		}
		found++
		got := e.Counts()
		got.Refs, got.Dangling = 0, 0 // what the linker finds is tested elsewhere
		if got != w {
			t.Errorf("%s: counts %+v, want %+v", e.ID, got, w)
		}
	}
	if found != len(want) {
		t.Fatalf("found %d of %d editions", found, len(want))
	}
	// The 2026 rules: the figures.
	e := parseCR(t, "2026-01-16.txt")
	if c := e.Counts(); c.Numbered != 3260 || c.Examples != 276 || c.Glossary != 725 || c.Topics != 0 {
		t.Errorf("2026-01-16: counts %+v, want 3,260 numbered, 276 examples, 725 glossary, 0 topics", c)
	}
}
