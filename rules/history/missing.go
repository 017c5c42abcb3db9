package history

import "github.com/arbiter-rules/arbiter/rules"

// An edition whose source file is cut short (rules.Edition.Truncated) lacks
// everything after the point where its file stops: the 2013-02-01 file
// has the glossary only up to "Attack Left Option". What it lacks was not
// removed from the rules, and is not added back by the next edition. A
// matching with such an edition marks the other side's entries past that
// point missing rather than unpaired, and the chain bridges the gap: the
// editions either side of a cut file are matched with each other for what
// the cut file lacks, so a rule or term present before and after is one
// history.

// missing marks, in a matching's index arrays, what has no partner because
// the other edition's file stops before it. Unpaired entries are -1.
const missing int32 = -2

// markMissing marks the entries, examples and terms of each side that the
// other side's file lacks because it is cut short.
func (m *Matching) markMissing() {
	if t := m.b.e.Truncated; t != nil {
		markPast(t, m.a, m.b, m.entry, m.entryBack, m.example, m.term, m.termBack)
	}
	if t := m.a.e.Truncated; t != nil {
		markPast(t, m.b, m.a, m.entryBack, m.entry, m.exampleBack, m.termBack, m.term)
	}
}

// markPast marks whole's unpaired entries, examples and terms that come
// after the point where cut's file stops. That point in whole is the
// partner of the last entry (or term) of cut that has one: what whole has
// before it and cut lacks was removed; what comes after, cut's file does
// not reach. toCut maps whole's items to cut's, fromCut the reverse.
func markPast(t *rules.Truncation, whole, cut *prepared, entryToCut, entryFromCut, exampleToCut, termToCut, termFromCut []int32) {
	if t.LacksRules() {
		at, lastPaired := lastPartner(entryFromCut)
		markAfter(entryToCut, at)
		for x, y := range exampleToCut {
			// The examples of the entry the file stops in may be cut off too.
			if o := int(whole.examples[x].owner); y == -1 && (o > at || o == at && lastPaired) {
				exampleToCut[x] = missing
			}
		}
	}
	if t.LacksGlossary() {
		at, _ := lastPartner(termFromCut)
		markAfter(termToCut, at)
	}
}

// lastPartner returns the partner of the last item of the cut edition
// that has one, or -1 if none does, and whether that item is the cut
// edition's very last.
func lastPartner(fromCut []int32) (int, bool) {
	for j := len(fromCut) - 1; j >= 0; j-- {
		if i := fromCut[j]; i >= 0 {
			return int(i), j == len(fromCut)-1
		}
	}
	return -1, false
}

// markAfter marks every unpaired item after index at missing.
func markAfter(toCut []int32, at int) {
	for i := at + 1; i < len(toCut); i++ {
		if toCut[i] == -1 {
			toCut[i] = missing
		}
	}
}

// bridgeable reports whether eds[k] is a cut edition whose neighbours are
// both whole, so that they can be matched across it. Two cut editions side
// by side are not bridged: what both lack stays missing.
func (c *Chain) bridgeable(k int) bool {
	return k > 0 && k+1 < len(c.eds) && c.eds[k].Truncated != nil &&
		c.eds[k-1].Truncated == nil && c.eds[k+1].Truncated == nil
}

// bridge matches eds[k-1] with eds[k+1] across the cut edition eds[k]:
// the two steps composed for what eds[k] has, and for what it lacks, the
// two editions matched with each other directly. What eds[k] lacks and
// the direct matching does not pair was removed (or added) in eds[k] or
// eds[k+1]: it is unpaired, not missing, between two whole editions.
func (c *Chain) bridge(k int) *Matching {
	return c.bridges[k].get(func() *Matching {
		a, b := c.prepared(k-1), c.prepared(k+1)
		m := c.steps(k-1, k+1, false)
		direct := match(a, b)
		fill := func(fwd, back, dfwd []int32) {
			for x, y := range fwd {
				if y == missing {
					if z := dfwd[x]; z >= 0 && back[z] == missing {
						fwd[x], back[z] = z, int32(x)
					}
				}
			}
			unmark(fwd)
			unmark(back)
		}
		fill(m.entry, m.entryBack, direct.entry)
		fill(m.example, m.exampleBack, direct.example)
		fill(m.term, m.termBack, direct.term)
		return m
	})
}

func unmark(s []int32) {
	for i, v := range s {
		if v == missing {
			s[i] = -1
		}
	}
}
