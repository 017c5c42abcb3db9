package search

import "strings"

// Judges and players say things the rules never print: "ETB", "CMC",
// "fizzle", "damage wears off", "comes into play", "board wipe". Each
// entry maps such words to the rules' own wording; a query word matching
// an entry also matches its expansions (slightly below the word itself).
// An expansion is a phrase, or with a leading "&" words that must all be
// in a rule but anywhere. The table is general vocabulary, not tuned to
// any test query: every entry is slang in common use at events, the
// rules' older wording, or the plain words for a rule's term ("everyone"
// for all players, "at the same time" for simultaneously).
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
	{"summoning sick", []string{"summoning sickness", "& control continuously since recent turn"}},
	{"summoning sickness", []string{"& control continuously since recent turn"}},
	{"infinite", []string{"loop", "indefinitely"}},
	{"lifegain", []string{"gain life", "gains life"}},
	{"cantrip", []string{"draw a card"}},

	// Dying, leaving and changing zones.
	{"dies", []string{"put into a graveyard from the battlefield"}},
	{"kill", []string{"destroy", "dies", "put into a graveyard"}},
	{"leave the battlefield", []string{"zone other than the battlefield", "leaves the battlefield"}},
	{"leave play", []string{"leaves the battlefield", "zone other than the battlefield"}},
	{"leave the stack", []string{"zone other than the stack"}},
	{"change zones", []string{"moves from one zone to another", "zone-change"}},
	{"board wipe", []string{"destroy all", "& destroy all creatures"}},
	{"wrath", []string{"destroy all creatures"}},
	{"sweeper", []string{"destroy all"}},
	{"bounce", []string{"return to its owner's hand", "& return owner hand"}},
	{"blink", []string{"& exile return battlefield"}},
	{"flicker", []string{"& exile return battlefield"}},
	{"removed from the game", []string{"exiled", "exile"}},

	// The rules' older wording.
	{"come into play", []string{"enters", "enters the battlefield", "onto the battlefield"}},
	{"into play", []string{"onto the battlefield"}},
	{"in play", []string{"on the battlefield"}},

	// Priority and the stack.
	{"get priority", []string{"receive priority", "receives priority"}},
	{"respond", []string{"in response to", "responded to", "receive priority"}},
	{"in response", []string{"in response to", "receive priority"}},
	{"go on the stack", []string{"put on the stack", "puts it on the stack", "goes on the stack"}},
	{"after", []string{"afterward"}},

	// The game and its players.
	{"opening hand", []string{"starting hand", "initial hand"}},
	{"mull", []string{"mulligan"}},
	{"empty library", []string{"library with no cards"}},
	{"deck", []string{"library"}},
	{"everyone", []string{"all players", "each player"}},
	{"everybody", []string{"all players", "each player"}},
	{"same time", []string{"simultaneously"}},
	{"at once", []string{"simultaneously"}},

	// Combat.
	{"tapped", []string{"untapped"}},
	{"first strike damage", []string{"& first strike combat damage step"}},
	{"double strike damage", []string{"& double strike combat damage step"}},
	{"trampler", []string{"creature with trample", "trample"}},
	{"flyer", []string{"creature with flying", "flying"}},
	{"flier", []string{"creature with flying", "flying"}},
	{"blocker", []string{"blocking creature"}},
	{"attacker", []string{"attacking creature"}},

	// Symbols typed as letters.
	{"x", []string{"{x}"}},
}

// questionWords hold a question together without saying what it is about:
// "what happens when …", "how does trample work", "how many …". In a
// query they count as stopwords do (index.go), only when the query has
// nothing else.
var questionWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`happen happens mean means work works much many
		exactly really ever anything something someone somebody`) {
		m[string(stem(nil, []byte(w)))] = true
	}
	return m
}()

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
