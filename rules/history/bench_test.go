package history

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime reports the CPU time the process used per iteration beside the
// wall time: the machine the numbers come from is shared, and wall time
// there measures the neighbours as much as the code.
func cpuTime(b *testing.B) func() {
	used := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := used()
	return func() {
		b.ReportMetric(float64(used()-start)/float64(b.N), "cpu-ns/op")
	}
}

// The benchmarks read ../shared/corpus/cr (all 128 editions, loaded once).
// Run them with: go test ./rules/history -run '^$' -bench . -count 1

// BenchmarkDiffAdjacent diffs 2025-09-19 with 2026-01-16 from nothing
// cached: both editions are cut into units, matched and compared, and every
// change's word diff is computed.
func BenchmarkDiffAdjacent(b *testing.B) {
	lib := corpus(b)
	from, to := lib.Edition("2025-09-19"), lib.Edition("2026-01-16")
	defer cpuTime(b)()
	for b.Loop() {
		us := newUnits()
		d := match(prepare(from, us), prepare(to, us)).diff()
		for i := range d.Changes {
			d.Changes[i].Words()
		}
	}
}

// BenchmarkDiffAdjacentMatched is the same diff once the chain has matched
// the editions: composing one matching and listing the changes.
func BenchmarkDiffAdjacentMatched(b *testing.B) {
	c := warmChain(b)
	lib := corpus(b)
	from, to := lib.Edition("2025-09-19"), lib.Edition("2026-01-16")
	defer cpuTime(b)()
	for b.Loop() {
		d := c.Diff(from, to)
		for i := range d.Changes {
			d.Changes[i].Words()
		}
	}
}

// BenchmarkMatch2009 matches the two editions either side of the 2009
// renumbering, the hardest pair: about 1000 rules moved.
func BenchmarkMatch2009(b *testing.B) {
	lib := corpus(b)
	from, to := lib.Edition("2009-05-01"), lib.Edition("2009-09-04")
	defer cpuTime(b)()
	for b.Loop() {
		us := newUnits()
		match(prepare(from, us), prepare(to, us))
	}
}

// BenchmarkHistory follows the legend rule (704.5j of 2026-01-16) back to
// 2003 once every neighbouring pair is matched, word diffs included.
func BenchmarkHistory(b *testing.B) {
	c := warmChain(b)
	e := corpus(b).Edition("2026-01-16")
	r := e.Rule(num(b, "704.5j"))
	defer cpuTime(b)()
	for b.Loop() {
		h := c.History(e, r)
		for i := range h.Events {
			h.Events[i].Words()
		}
	}
}

// BenchmarkHistoryCold is the same history from a new chain: it matches all
// 72 neighbouring pairs first (Warm, on every core), then follows the rule.
func BenchmarkHistoryCold(b *testing.B) {
	lib := corpus(b)
	e := lib.Edition("2026-01-16")
	r := e.Rule(num(b, "704.5j"))
	defer cpuTime(b)()
	for b.Loop() {
		c := NewChain(lib)
		c.Warm()
		c.History(e, r)
	}
}

// BenchmarkBridge matches 2012-07-01 with 2013-05-01 across the cut
// 2013-02-01, from the chain's matchings of neighbours (warm): what Warm
// adds for each cut edition.
func BenchmarkBridge(b *testing.B) {
	lib := corpus(b)
	c := warmChain(b)
	k := c.Index(lib.Edition("2013-02-01"))
	defer cpuTime(b)()
	for b.Loop() {
		c.bridges[k] = lazy[*Matching]{}
		c.bridge(k)
	}
}
