package scenario

import (
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/rules"
)

// TestContentEditions loads the default editions with the real parsers and
// checks what the web app will see: which printed examples have scenarios,
// and that each edition's own rules run them.
func TestContentEditions(t *testing.T) {
	eds, err := rules.Load(content.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	lib, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		covered int    // at least this many examples have a scenario
		legend  string // the legend rule's number the engine cites
		full    bool   // the creature types come from the edition's own text
		builtin string // the built-in edition whose switches it plays by
	}{
		"2007-02-01": {3, "420.5e", false, "2007-02-01"},
		"2011-07-15": {8, "704.5k", true, "2011-07-15"},
		"classic":    {1, "420.5e", false, "1999-04-23"},
	}
	seen := 0
	for _, e := range eds {
		w, ok := want[e.ID]
		if !ok {
			continue
		}
		seen++
		covered := 0
		var examples []rules.Text
		e.Walk(func(r *rules.Rule) bool { examples = append(examples, r.Examples()...); return true })
		for _, tp := range e.Topics {
			for _, b := range tp.Body {
				if b.Kind == rules.BlockExample {
					examples = append(examples, b.Text)
				}
			}
		}
		ed := EditionFor(e)
		sameSwitches(t, e.ID, SwitchesFor(e), ed, w.builtin)
		for _, ex := range examples {
			for _, sc := range lib.ForExample(ex.S) {
				covered++
				if !sc.Applies(ed.Effective) {
					continue
				}
				if tr := RunWith(t.Context(), sc, ed, Options{Strict: true, Budget: -1}); !tr.Passed() {
					t.Errorf("%s under %s's own rules: %v", sc.Name, e.ID, tr.Failures())
				}
			}
		}
		if covered < w.covered {
			t.Errorf("%s: %d examples with scenarios, want at least %d", e.ID, covered, w.covered)
		}
		if got := ed.Cite(registry.SBALegend); got != w.legend {
			t.Errorf("%s: legend rule %s, want %s", e.ID, got, w.legend)
		}
		if ed.Types.Complete != w.full {
			t.Errorf("%s: full type lists %v, want %v (%v)", e.ID, ed.Types.Complete, w.full, ed.Notes)
		}
		if w.full {
			if _, err := ed.Types.CheckSubtypeChoice(cardtext.CreatureType, "Assembly-Worker"); err != nil {
				t.Errorf("%s: the edition's own list: %v", e.ID, err)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d default editions", seen, len(want))
	}
}
