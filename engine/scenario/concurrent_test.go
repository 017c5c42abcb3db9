package scenario

import (
	"sync"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestRunsConcurrently runs every bundled scenario in several goroutines
// at once, as the server runs posted ones: what runs share (the edition,
// parsed scenarios, the engine's package-level tables) is only read. Run it
// with -race to check that.
func TestRunsConcurrently(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every scenario 3 times")
	}
	ed := engine.Latest()
	scs := bundled(t)
	var wg sync.WaitGroup
	for g := range 3 {
		wg.Go(func() {
			for i := range scs {
				sc := scs[(i+g*len(scs)/3)%len(scs)]
				if !sc.Applies(ed.Effective) {
					continue
				}
				if tr := RunWith(t.Context(), sc, ed, Options{Strict: true, Budget: -1}); !tr.Passed() {
					t.Errorf("%s: %v", sc.Name, tr.Failures())
				}
			}
		})
	}
	wg.Wait()
}
