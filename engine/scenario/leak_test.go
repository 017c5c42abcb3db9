package scenario

import (
	"runtime"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestRunsKeepNothing: parsing and running scenarios over and over, as
// the sandbox does for every posted one, leaves the heap where it was —
// nothing the engine derives from a run's cards outlives the run.
func TestRunsKeepNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every scenario 8 times")
	}
	ed := engine.Latest()
	texts := bundled(t)
	pass := func() uint64 {
		for _, s := range texts {
			sc, err := Parse(s.Name, s.Text)
			if err != nil {
				t.Fatal(err)
			}
			if sc.Applies(ed.Effective) {
				RunWith(t.Context(), sc, ed, Options{Strict: true, Budget: -1})
			}
		}
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	pass()
	before := pass()
	var after uint64
	for range 6 {
		after = pass()
	}
	// A pass of every scenario kept about 1.7 MB when the engine cached
	// what it derived from cards for the whole process; allow noise far
	// below that.
	if grew := int64(after) - int64(before); grew > 1<<20 {
		t.Errorf("six passes of every scenario grew the heap by %d KB (from %d KB)", grew>>10, before>>10)
	}
}
