package scenario

import (
	"context"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine"
)

func bundled(t testing.TB) []*Scenario {
	t.Helper()
	scs, err := LoadFS(content.Scenarios, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	if len(scs) == 0 {
		t.Fatal("no bundled scenarios")
	}
	return scs
}

// TestBundledScenarios runs every scenario in content/scenarios, strictly,
// under every built-in edition it applies to.
func TestBundledScenarios(t *testing.T) {
	for _, sc := range bundled(t) {
		ran := 0
		for _, ed := range engine.Editions() {
			if !sc.Applies(ed.Effective) {
				continue
			}
			ran++
			// No time budget: a loaded test machine isn't the sandbox.
			tr := RunWith(context.Background(), sc, ed, Options{Strict: true, Budget: -1})
			if fs := tr.Failures(); len(fs) > 0 || !tr.Passed() {
				t.Errorf("%s under %s: %s", sc.Name, ed.ID, strings.Join(fs, "\n\t"))
				break // one edition's failure is enough to read
			}
		}
		if ran == 0 {
			t.Errorf("%s applies to no built-in edition", sc.Name)
		}
	}
}
