package engine

import (
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// countPast counts the objects a count names by what they did earlier this
// turn ("for each creature you attacked with this turn", "the number of
// creatures that died this turn"): those the turn's history records that
// the rest of f describes.
func countPast(s *State, f *cardtext.Filter, src *Object, ctrl PlayerID, chOf func(*Object) *Chars) int {
	var log []Snapshot
	switch f.Past {
	case cardtext.PastAttacked:
		log = s.Log.Attacked
	case cardtext.PastDied:
		log = s.Log.Died
	}
	g := *f
	g.Past = cardtext.PastNone
	n := 0
	for i := range log {
		o, ch := &log[i].Obj, &log[i].Chars
		if !s.applies(registry.LookBackInfo) {
			// Without 608.2i ("some effects look back in time"), only
			// the current information counts: what is still on the
			// battlefield and fits the description now (608.2h).
			if o = s.Object(log[i].ID); o == nil || o.Zone != cardtext.Battlefield {
				continue
			}
			ch = chOf(o)
		}
		if matchFilter(s, &g, o, ch, src, ctrl) {
			n++
		}
	}
	return n
}
