package search

import (
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// TestRankingSignals checks the signals of rank.go one query each, on
// queries that are in no evaluation set: where each must put an entry.
func TestRankingSignals(t *testing.T) {
	ix := corpusIndex(t)
	for _, tt := range []struct {
		q, want string
		within  int
		why     string
	}{
		{"does my opponent's wall stop my flier from attacking", "702.3b", 2,
			"the glossary's Wall (See Defender) is one word of a long question, and its rule still follows it (citeHead, citeOwn)"},
		{"can my opponent concede in the middle of my combat", "104.3a", 1,
			"Concede cites rule 104, whose subrule that says \"concede\" answers (citedRule)"},
		{"what are the turn based actions", "703.4", 1,
			"703.4 \"The turn-based actions are as follows:\" lists them, its subrules each matching a little (parentShare)"},
		{"can i look at my opponent's graveyard", "404.2", 1,
			"404.2 says any graveyard: the possessive weighs less (ownerWeight)"},
		{"what special actions are there", "116.2", 1,
			"116.2 \"There are twelve special actions:\" lists them (parentShare)"},
	} {
		r := ix.Search(Parse(tt.q), Options{Limit: tt.within, NoSnippets: true})
		if got := ids(r); !found(r, []string{tt.want}) {
			t.Errorf("%q: want %s among the first %d (%s), got %v", tt.q, tt.want, tt.within, tt.why, got)
		}
	}
}

// TestNamedHeadingSubrulesFollow checks that the hits after a title the
// query names are its own subrules.
func TestNamedHeadingSubrulesFollow(t *testing.T) {
	ix := corpusIndex(t)
	r := ix.Search(Parse("what happens in the cleanup step"), Options{Limit: 3, NoSnippets: true})
	head := rules.Number{}
	for i, h := range r.Hits {
		if i == 0 {
			if h.Kind != HitRule || h.Number.String() != "514" {
				t.Fatalf("first hit %s, want 514 (Cleanup Step)", hitID(h))
			}
			head = h.Number
			continue
		}
		if h.Kind != HitRule || !below(head, h.Number) {
			t.Errorf("hit %d is %s, want a subrule of 514; got %v", i+1, hitID(h), ids(r))
		}
	}
}

// TestUnnamedKeywordsGiveWay checks that a keyword's subrules, whose
// definitions share everyday words, do not answer a question that does
// not name the keyword.
func TestUnnamedKeywordsGiveWay(t *testing.T) {
	ix := corpusIndex(t)
	r := ix.Search(Parse("who shuffles my library after i search it"), Options{Limit: 3, NoSnippets: true})
	if !found(r, []string{"701.23h"}) {
		t.Errorf("want 701.23h (search: then shuffle) in the top 3, got %v", ids(r))
	}
	for _, h := range r.Hits {
		if h.Kind == HitRule && h.Number.Chapter == 702 {
			t.Errorf("%s, a keyword ability's rule the question does not name, is in the top 3: %v", hitID(h), ids(r))
		}
	}
}

// TestUnnamedVariantsGiveWay checks that the rules of a variant (sections
// 8 and 9, Archenemy, Vanguard, Two-Headed Giant) do not answer a question
// that does not name the variant.
func TestUnnamedVariantsGiveWay(t *testing.T) {
	ix := corpusIndex(t)
	for _, tt := range []struct{ q, want string }{
		{"who takes the first turn", "103.1"},
		{"how much life do players start with", "119.1"},
		{"when does a player lose with poison counters", "704.5c"},
	} {
		r := ix.Search(Parse(tt.q), Options{Limit: 3, NoSnippets: true})
		if !found(r, []string{tt.want}) {
			t.Errorf("%q: want %s in the top 3, got %v", tt.q, tt.want, ids(r))
		}
		for _, h := range r.Hits {
			if h.Kind == HitRule && h.Number.Section() >= 8 && h.Number.Chapter%100 != 0 {
				t.Errorf("%q: %s, a variant's rule the question does not name, is in the top 3: %v", tt.q, hitID(h), ids(r))
			}
		}
	}
}

// TestUnnamedGlossaryGivesWay checks that a glossary entry whose term the
// question does not name, sharing its words only ("Crime": targeting
// "cards in an opponent's graveyard"), is not the first hit, the one the
// search page shows whole as the answer.
func TestUnnamedGlossaryGivesWay(t *testing.T) {
	ix := corpusIndex(t)
	for _, q := range []string{
		"can i look through my opponents graveyard",
		"do i get to look at my opponent's graveyard",
	} {
		r := ix.Search(Parse(q), Options{Limit: 3, NoSnippets: true})
		if len(r.Hits) == 0 || r.Hits[0].Kind != HitRule {
			t.Errorf("%q: want a rule first, got %v", q, ids(r))
		}
	}
}
