package search

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// titledEdition is an IPG-like edition: a chapter holding an infraction
// with a title, a penalty and headed parts, and a chapter with no body.
func titledEdition() *rules.Edition {
	text := func(k rules.BlockKind, s string) rules.Block { return rules.Block{Kind: k, Text: rules.Text{S: s}} }
	sec := &rules.Section{Number: 2, Title: "Game Play Errors"}
	ch := (&rules.Rule{Number: rules.Number{Chapter: 2}}).Heading(sec, "Game Play Errors")
	mt := (&rules.Rule{Number: rules.Number{Chapter: 2, Rule: 1}, Parent: ch, Body: []rules.Block{
		text(rules.BlockPenalty, "No Penalty"),
		text(rules.BlockHeading, "Definition"),
		text(rules.BlockText, "A triggered ability triggers, but the player controlling it doesn’t demonstrate awareness of it."),
		text(rules.BlockHeading, "Philosophy"),
		text(rules.BlockText, "Players should not be harshly penalized for forgetting one."),
	}}).Heading(sec, "Game Play Error — Missed Trigger")
	ch.Children = []*rules.Rule{mt}
	sec.Chapters = []*rules.Rule{ch}
	return &rules.Edition{ID: "ipg/2024-09-23", Doc: rules.DocIPG, Kind: rules.KindFull, Sections: []*rules.Section{sec}}
}

// A judge document's entry is found by its title and its text; its hit
// shows the title, so the snippet quotes the text: the paragraph that
// matches, else the first, never the title again.
func TestSnippetOfTitledEntry(t *testing.T) {
	ix := Build(titledEdition())
	for _, tc := range []struct{ q, want string }{
		{"harshly penalized", "Players should not be [harshly penalized] for forgetting one."},
		// The title alone matches: the text's first paragraph, not the
		// penalty or a heading.
		{"missed", "A triggered ability triggers, but the player controlling it doesn’t demonstrate awareness of it."},
		{"philosophy", "A triggered ability triggers, but the player controlling it doesn’t demonstrate awareness of it."},
		{"awareness", "A triggered ability triggers, but the player controlling it doesn’t demonstrate [awareness] of it."},
	} {
		r := ix.Search(Parse(tc.q), Options{Limit: 5})
		if len(r.Hits) == 0 || hitID(r.Hits[0]) != "2.1" {
			t.Errorf("%q: hits %v, want 2.1 first", tc.q, ids(r))
			continue
		}
		if got := r.Hits[0].Snippet.Marked(); got != tc.want {
			t.Errorf("%q: snippet %q, want %q", tc.q, got, tc.want)
		}
	}
	// A chapter with no body of its own: its title is all there is.
	r := ix.Search(Parse("game play errors"), Options{Limit: 5})
	for _, h := range r.Hits {
		if hitID(h) == "2" && !strings.Contains(h.Snippet.Marked(), "[Game Play Errors]") {
			t.Errorf("chapter 2's snippet %q", h.Snippet.Marked())
		}
	}
}

// A hit the query named by number has the start of its text as snippet:
// past a judge entry's title, penalty and headings.
func TestPlainSnippetOfTitledEntry(t *testing.T) {
	e := titledEdition()
	ch := e.Sections[0].Chapters[0]
	for _, tc := range []struct {
		r    *rules.Rule
		want string
	}{
		{ch.Children[0], "A triggered ability triggers, but the player controlling it doesn’t demonstrate awareness of it."},
		{ch, "Game Play Errors"}, // a chapter with no text: its title
	} {
		if got := plainSnippet(Hit{Kind: HitRule, Rule: tc.r}).String(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.r.Number, got, tc.want)
		}
	}
}

// The stop list's words are not marked beside the words that matched: a
// question's "a", "and", "the" would otherwise light up every line.
func TestSnippetLeavesStopwords(t *testing.T) {
	ix := Build(titledEdition())
	for _, tc := range []struct{ q, want string }{
		{"a player and awareness", "A triggered ability triggers, but the [player] controlling it doesn’t demonstrate [awareness] of it."},
		{"can a player forget a trigger", "A [triggered] ability [triggers], but the [player] controlling it doesn’t demonstrate awareness of it."},
	} {
		r := ix.Search(Parse(tc.q), Options{Limit: 5})
		if len(r.Hits) == 0 {
			t.Errorf("%q: no hits", tc.q)
			continue
		}
		if got := r.Hits[0].Snippet.Marked(); got != tc.want {
			t.Errorf("%q: snippet %q, want %q", tc.q, got, tc.want)
		}
	}
}
