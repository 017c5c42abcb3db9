package history

import "testing"

// TestCandidates: matchSimilar scores only the candidates for a pair
// elsewhere; none that reaches minElsewhere may be missing from them.
// Across the 2009 renumbering, every tenth rule of 2009-05-01 against
// every rule of 2009-09-04, all of them (paired or not).
func TestCandidates(t *testing.T) {
	lib := corpus(t)
	c := warmChain(t)
	a, b := c.prepared(c.Index(lib.Edition("2009-05-01"))), c.prepared(c.Index(lib.Edition("2009-09-04")))
	ws := weightsOf(a, b)
	var wa, wb []weighted
	for i := range a.entries {
		if !a.isChapter(i) && len(a.text[i].bag()) > 0 {
			wa = append(wa, ws.of(a.text[i]))
		}
	}
	for j := range b.entries {
		if !b.isChapter(j) && len(b.text[j].bag()) > 0 {
			wb = append(wb, ws.of(b.text[j]))
		}
	}
	cand := candidates(wa, wb)
	reached := 0
	for x := 0; x < len(wa); x += 10 {
		in := map[int32]bool{}
		for _, y := range cand[x] {
			in[y] = true
		}
		for y := range wb {
			if weightedSimilarity(wa[x], wb[y]) >= minElsewhere {
				reached++
				if !in[int32(y)] {
					t.Errorf("rule %d of 2009-05-01 and %d of 2009-09-04 are %.2f alike, and not candidates", x, y, weightedSimilarity(wa[x], wb[y]))
				}
			}
		}
	}
	if reached < 100 {
		t.Errorf("only %d pairs reach minElsewhere: the test checks little", reached)
	}
}
