package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// counts are what a test expects of one parsed edition.
type counts struct {
	sections, numbered, examples, glossary int
}

func countOf(e *rules.Edition) counts {
	c := counts{sections: len(e.Sections), glossary: len(e.Glossary)}
	e.Walk(func(r *rules.Rule) bool {
		c.numbered++
		c.examples += len(r.Examples())
		return true
	})
	return c
}

func parseCorpus(t testing.TB, name string) *rules.Edition {
	t.Helper()
	b := corpustest.ReadFile(t, "corpus", "cr", name)
	return rules.ParseText(rules.Source{Name: filepath.Join("cr", name), Data: b})
}

func TestCorpusRequiredCounts(t *testing.T) {
	for name, want := range map[string]counts{
		"2026-01-16.txt": {9, 3260, 276, 725},
		"2022-04-29.txt": {9, 2788, 265, 621},
	} {
		e := parseCorpus(t, name)
		if got := countOf(e); got != want {
			t.Errorf("%s: got %+v, want %+v", name, got, want)
		}
		for _, d := range e.Diagnostics {
			if d.Severity == rules.SevError {
				t.Errorf("%s: %s", name, d)
			}
		}
	}
}
