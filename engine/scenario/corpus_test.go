package scenario

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestScenariosUnderCorpusEditions runs every bundled scenario, strictly,
// under every edition of the corpus it applies to, as the web app builds that
// edition from its own text (EditionFor: numbers, type lists and symbols read
// from the rules, not the built-in table). Type lists are where editions
// differ most: 2003-12-01 and 2004-06-01 print a creature type list but no
// land type list, and Islands must still be Islands there.
func TestScenariosUnderCorpusEditions(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus files in %s: %v", dir, err)
	}
	scs := bundled(t)
	runs := 0
	for _, n := range names {
		e := loadCorpusEdition(t, n)
		ed := EditionFor(e)
		sameSwitches(t, e.ID, SwitchesFor(e), ed, "")
		for _, sc := range scs {
			if !sc.Applies(ed.Effective) {
				continue
			}
			runs++
			tr := RunWith(context.Background(), sc, ed, Options{Strict: true, Budget: -1})
			if fs := tr.Failures(); len(fs) > 0 || !tr.Passed() {
				t.Errorf("%s under %s (%s): %s", sc.Name, filepath.Base(n), e.ID, strings.Join(fs, "\n\t"))
			}
		}
	}
	if runs < len(names)*len(scs)/2 {
		t.Errorf("only %d runs for %d editions and %d scenarios", runs, len(names), len(scs))
	}
}

// sameSwitches checks that SwitchesFor, which reads only the switches,
// says what EditionFor's whole reading plays by, and names builtin as the
// source of every switch the edition's text doesn't state.
func sameSwitches(t *testing.T, id string, got []EditionSwitch, ed *engine.RulesEdition, builtin string) {
	t.Helper()
	for i, w := range ed.Switches() {
		g := got[i]
		if g.Switch != w.Switch || g.State != w.State || g.Rule != w.Rule {
			t.Errorf("%s: %s: SwitchesFor says %s (%s), EditionFor %s (%s)", id, w.Switch.ID, g.Info().ID, g.Rule, w.Info().ID, w.Rule)
		}
		if want := builtin; g.Stated && g.Builtin != "" || !g.Stated && g.Builtin != want {
			t.Errorf("%s: %s: stated %v, from the built-in %q; want %q", id, w.Switch.ID, g.Stated, g.Builtin, want)
		}
	}
}

func loadCorpusEdition(t *testing.T, path string) *rules.Edition {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	e := rules.Parse(rules.Source{Name: filepath.Base(path), Data: b})
	for _, d := range e.Diagnostics {
		if d.Severity == rules.SevError {
			t.Fatalf("%s: %v", path, d)
		}
	}
	return e
}
