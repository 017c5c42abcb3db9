package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
)

func TestQuantiles(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var out []time.Duration
		for _, n := range ns {
			out = append(out, time.Duration(n)*time.Millisecond)
		}
		return out
	}
	for _, tc := range []struct {
		in            []time.Duration
		med, p90, max time.Duration
	}{
		{ms(5), 5 * time.Millisecond, 5 * time.Millisecond, 5 * time.Millisecond},
		{ms(3, 1, 2), 2 * time.Millisecond, 3 * time.Millisecond, 3 * time.Millisecond},
		{ms(4, 1, 3, 2), 2500 * time.Microsecond, 4 * time.Millisecond, 4 * time.Millisecond},
		{ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 100), 6 * time.Millisecond, 10 * time.Millisecond, 100 * time.Millisecond},
	} {
		q := quantiles(tc.in)
		if q != [3]time.Duration{tc.med, tc.p90, tc.max} {
			t.Errorf("%v: got %v, want %v %v %v", tc.in, q, tc.med, tc.p90, tc.max)
		}
	}
}

// TestTimeScenarios: --time prints a line per scenario that applies and the
// two summary lines, and refuses a silly run count.
func TestTimeScenarios(t *testing.T) {
	lib := testScenarios(t, `scenario "Gain"
expect
  A life = 20
`)
	var out, errs bytes.Buffer
	if rc := timeScenarios(lib, engine.Latest(), 2, &out, &errs); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs.String())
	}
	for _, want := range []string{"1 scenarios under 2026-04-17, 2 runs each", "per-scenario medians", "all scenarios (one pass)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if rc := timeScenarios(lib, engine.Latest(), maxTimeRuns+1, &out, &errs); rc != 2 {
		t.Errorf("a run count over the bound: rc %d", rc)
	}
}
