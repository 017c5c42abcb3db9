package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestStepsLeaveEarlierStatesAlone: a state is a value (engine.Apply never
// changes the state it is given), so each step's state, as the sandbox
// shows it, is the same at the end of the run as when the step was done.
// Redirecting a spell once gave the spell its new targets in the states
// before too: they share the spell's stack item.
func TestStepsLeaveEarlierStatesAlone(t *testing.T) {
	ed := engine.Latest()
	for _, sc := range bundled(t) {
		if !sc.Applies(ed.Effective) {
			continue
		}
		var states []engine.State
		var prints []string
		opt := Options{Strict: true, Budget: -1, stepped: func(s engine.State) {
			states = append(states, s)
			prints = append(prints, statePrint(s))
		}}
		RunWith(t.Context(), sc, ed, opt)
		for i, s := range states {
			if got := statePrint(s); got != prints[i] {
				t.Errorf("%s: the state after step %d changed later:\n%s", sc.Name, i+1, firstDiff(prints[i], got))
				break
			}
		}
	}
}

// statePrint writes out a state, following its objects and their stack
// items, which states share.
func statePrint(s engine.State) string {
	var b strings.Builder
	for _, o := range s.Objects {
		fmt.Fprintf(&b, "%+v\n", *o)
		if o.Stack != nil {
			fmt.Fprintf(&b, "%+v\n", *o.Stack)
		}
	}
	if s.Combat != nil {
		fmt.Fprintf(&b, "%+v\n", *s.Combat)
	}
	s.Objects, s.Combat = nil, nil
	fmt.Fprintf(&b, "%+v", s)
	return b.String()
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return a[from:min(len(a), i+120)] + "\n  became\n" + b[from:min(len(b), i+120)]
}
