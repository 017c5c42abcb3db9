package search

import (
	"strings"
	"testing"
)

// Every expansion in the slang table must find something in the newest
// edition: one that matches nothing is a typo or wording the rules no
// longer use, and only slows queries down.
func TestSlangExpansionsMatch(t *testing.T) {
	ix := corpusIndex(t)
	s := ix.scratch()
	defer ix.release(s)
	for i, e := range slangEntries {
		for j, to := range e.to {
			ids, ok := ix.termIDs(to)
			n := 0
			if ok {
				ix.matchDocs(clause{alts: []alt{{terms: ids, w: 1, bag: e.bag[j]}}}, s, func(int32, float32) { n++ })
			}
			if n == 0 {
				t.Errorf("slang %q: expansion %q matches no entry of %s", slangTable[i].from, slangTable[i].to[j], ix.Edition().ID)
			}
		}
	}
}

// Words that only frame a question weigh nothing beside the words it
// asks about, and everything when there is nothing else.
func TestQuestionWords(t *testing.T) {
	ix := corpusIndex(t)
	withWork := ix.Search(Parse("how does ward work"), Options{Limit: 3})
	alone := ix.Search(Parse("ward"), Options{Limit: 3})
	if strings.Join(ids(withWork), " ") != strings.Join(ids(alone), " ") {
		t.Errorf("how does ward work: %v; ward: %v", ids(withWork), ids(alone))
	}
	if r := ix.Search(Parse("what happens"), Options{Limit: 3}); len(r.Hits) == 0 {
		t.Errorf("what happens: no hits; question words alone must still search")
	}
}

func TestDefinedTerm(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"To counter a spell or ability means to cancel it, removing it from the stack.", "counter"},
		{"To destroy a permanent, move it from the battlefield to its owner’s graveyard.", "destroy"},
		{"The term dies means “is put into a graveyard from the battlefield.”", "dies"},
		{"The term historic refers to an object that has the legendary supertype", "historic"},
		{"Trample is a static ability that modifies the rules for assigning an attacking creature’s combat damage.", "Trample"},
		{"Ward is a triggered ability.", "Ward"},
		{"A permanent is a card or token on the battlefield.", "permanent"},
		{"To determine whether a player can play a land, compare the number of lands", ""},
		{"The term", ""},
		{"If a creature has toughness 0 or less, it’s put into its owner’s graveyard.", ""},
		{"It is a triggered ability.", ""},
		{"", ""},
	} {
		if got := definedTerm(tt.in); got != tt.want {
			t.Errorf("definedTerm(%.40q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
