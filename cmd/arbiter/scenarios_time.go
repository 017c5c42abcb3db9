package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/scenario"
)

// maxTimeRuns bounds --time so a typo can't keep the machine busy for hours.
const maxTimeRuns = 10000

// timeScenarios runs each scenario that applies to ed n times (after one
// run to warm up), strictly and without a budget, and prints the median, 90th
// percentile and maximum wall time of one run per scenario, then the same
// over the per-scenario medians, and for a whole pass over all scenarios
// (the sum of each pass's runs). Run it on a quiet machine: the numbers are
// wall time.
func timeScenarios(lib *scenario.Library, ed *engine.RulesEdition, n int, w, stderr io.Writer) int {
	if n < 1 || n > maxTimeRuns {
		fmt.Fprintf(stderr, "scenarios: --time takes a number of runs from 1 to %d, not %d\n", maxTimeRuns, n)
		return 2
	}
	var scs []*scenario.Scenario
	for _, sc := range lib.Scenarios {
		if sc.Applies(ed.Effective) {
			scs = append(scs, sc)
		}
	}
	if len(scs) == 0 {
		fmt.Fprintf(stderr, "scenarios: none applies to %s\n", ed.ID)
		return 1
	}
	opt := scenario.Options{Strict: true, Budget: -1}
	ctx := context.Background()
	times := make([][]time.Duration, len(scs)) // [scenario][pass]
	for i, sc := range scs {
		if tr := scenario.RunWith(ctx, sc, ed, opt); !tr.Passed() {
			fmt.Fprintf(stderr, "scenarios: %s fails under %s: %v\n", sc.Name, ed.ID, tr.Failures())
			return 1
		}
		times[i] = make([]time.Duration, n)
	}
	// Passes in the outer loop, so a burst of load on the machine spreads
	// over all scenarios rather than spoiling one.
	passes := make([]time.Duration, n)
	for p := range n {
		for i, sc := range scs {
			start := time.Now()
			scenario.RunWith(ctx, sc, ed, opt)
			d := time.Since(start)
			times[i][p] = d
			passes[p] += d
		}
	}
	fmt.Fprintf(w, "%d scenarios under %s, %d runs each (wall time of one run)\n", len(scs), ed.ID, n)
	fmt.Fprintf(w, "%-34s %10s %10s %10s\n", "scenario", "median", "p90", "max")
	medians := make([]time.Duration, len(scs))
	for i, sc := range scs {
		q := quantiles(times[i])
		medians[i] = q[0]
		fmt.Fprintf(w, "%-34s %10s %10s %10s\n", sc.Name, us(q[0]), us(q[1]), us(q[2]))
	}
	q := quantiles(medians)
	fmt.Fprintf(w, "%-34s %10s %10s %10s\n", "per-scenario medians", us(q[0]), us(q[1]), us(q[2]))
	q = quantiles(passes)
	fmt.Fprintf(w, "%-34s %10s %10s %10s\n", "all scenarios (one pass)", us(q[0]), us(q[1]), us(q[2]))
	return 0
}

// quantiles returns the median, the 90th percentile (nearest rank) and the
// maximum of ds, which it sorts.
func quantiles(ds []time.Duration) [3]time.Duration {
	slices.Sort(ds)
	n := len(ds)
	p90 := (9*n + 9) / 10 // ceil(0.9 n), a 1-based rank
	med := ds[(n-1)/2]
	if n%2 == 0 {
		med = (ds[n/2-1] + ds[n/2]) / 2
	}
	return [3]time.Duration{med, ds[p90-1], ds[n-1]}
}

// us prints a duration in microseconds with one decimal: "412.3µs".
func us(d time.Duration) string {
	return fmt.Sprintf("%.1fµs", float64(d)/float64(time.Microsecond))
}
