package scenario

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// BenchmarkScenario runs each bundled scenario once per iteration under the
// newest rules (parsed once): the sandbox's cost of one run. Goal: ≤ 1 ms.
//
//	go test ./engine/scenario -run '^$' -bench Scenario -benchmem
func BenchmarkScenario(b *testing.B) {
	ed := engine.Latest()
	for _, sc := range bundled(b) {
		if !sc.Applies(ed.Effective) {
			continue
		}
		b.Run(sc.Name, func(b *testing.B) {
			for b.Loop() {
				if tr := RunWith(b.Context(), sc, ed, Options{Strict: true, Budget: -1}); !tr.Passed() {
					b.Fatal(tr.Failures())
				}
			}
		})
	}
}

// BenchmarkAllScenarios parses and runs every bundled scenario under the
// newest rules. Goal: ≤ 200 ms.
func BenchmarkAllScenarios(b *testing.B) {
	ed := engine.Latest()
	texts := bundled(b)
	for b.Loop() {
		for _, s := range texts {
			sc, err := Parse(s.Name, s.Text)
			if err != nil {
				b.Fatal(err)
			}
			if sc.Applies(ed.Effective) {
				if tr := RunWith(b.Context(), sc, ed, Options{Strict: true, Budget: -1}); !tr.Passed() {
					b.Fatal(tr.Failures())
				}
			}
		}
	}
}

// BenchmarkAllScenariosAllEditions runs every bundled scenario under every
// built-in edition it applies to: what TestBundledScenarios does.
func BenchmarkAllScenariosAllEditions(b *testing.B) {
	scs := bundled(b)
	eds := engine.Editions()
	runs := 0
	for b.Loop() {
		runs = 0
		for _, sc := range scs {
			for _, ed := range eds {
				if sc.Applies(ed.Effective) {
					runs++
					if tr := RunWith(b.Context(), sc, ed, Options{Strict: true, Budget: -1}); !tr.Passed() {
						b.Fatal(tr.Failures())
					}
				}
			}
		}
	}
	b.ReportMetric(float64(runs), "runs/op")
}

// BenchmarkParse parses every bundled scenario.
func BenchmarkParse(b *testing.B) {
	scs := bundled(b)
	for b.Loop() {
		for _, s := range scs {
			if _, err := Parse(s.Name, s.Text); err != nil {
				b.Fatal(err)
			}
		}
	}
}
