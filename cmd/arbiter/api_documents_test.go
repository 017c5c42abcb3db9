package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// apiJudgeRule is a judge document's entry as a tool reads it.
type apiJudgeRule struct {
	Number   string
	Title    string
	Text     string
	Examples []string
	Subrules []apiJudgeRule
	Penalty  string
	Parts    []struct {
		Heading, Anchor, Text string
		Examples              []string
	}
	Refs []struct {
		Number, Document, Edition string
		Resolved                  bool
	}
	CitedBy   []string `json:"cited_by"`
	CitedFrom []struct {
		Document, Edition, Number, Topic, URL string
	} `json:"cited_from"`
}

// TestAPIDocuments reads the judge documents through the API: each
// document's editions, an IPG infraction's penalty and parts with their
// anchors, references into the MTR and the CR in force on the IPG's date,
// the entries of other documents citing one, topics, and a diff within the
// MTR.
func TestAPIDocuments(t *testing.T) {
	srv := newDocumentsServer(t)

	for doc, want := range map[string][]string{
		"":     {"2026-01-16", "2007-02-01", "classic"},
		"mtr/": {"mtr/2025-04-21", "mtr/2020-10-12"},
		"ipg/": {"ipg/2026-02-01"},
		"jar/": {"jar/2019-01-21"},
	} {
		var eds []struct{ ID, Document string }
		getJSON(t, srv, "/api/"+doc+"editions", 200, &eds)
		var ids []string
		for _, e := range eds {
			ids = append(ids, e.ID)
			if wantDoc := strings.TrimSuffix(doc, "/"); e.Document != wantDoc && !(doc == "" && e.Document == "cr") {
				t.Errorf("/api/%seditions: %s is of document %q", doc, e.ID, e.Document)
			}
		}
		if !slices.Equal(ids, want) {
			t.Errorf("/api/%seditions: %v, want %v", doc, ids, want)
		}
	}

	var r apiJudgeRule
	getJSON(t, srv, "/api/ipg/2026-02-01/rules/2.1", 200, &r)
	if r.Number != "2.1" || r.Title != "Game Play Error — Missed Trigger" || r.Penalty != "No Penalty" {
		t.Errorf("2.1: number %q, title %q, penalty %q", r.Number, r.Title, r.Penalty)
	}
	var heads []string
	for _, p := range r.Parts {
		heads = append(heads, p.Heading+"#"+p.Anchor)
	}
	if want := []string{"Definition#definition", "Examples#examples", "Philosophy#philosophy"}; !slices.Equal(heads, want) {
		t.Errorf("2.1's parts %v, want %v", heads, want)
	} else {
		if !strings.HasPrefix(r.Parts[0].Text, "A triggered ability triggers") || len(r.Parts[0].Examples) != 0 {
			t.Errorf("Definition: %+v", r.Parts[0])
		}
		if r.Parts[1].Text != "" || len(r.Parts[1].Examples) != 1 || !strings.Contains(r.Parts[1].Examples[0], "Knight of Infamy") {
			t.Errorf("Examples: %+v", r.Parts[1])
		}
		// A list's items are paragraphs of their part.
		if p := r.Parts[2].Text; !strings.HasPrefix(p, "Triggered abilities are common") || !strings.HasSuffix(p, "\n\nA triggered ability that affects the game state in non-visible ways.") {
			t.Errorf("Philosophy: %q", p)
		}
	}
	// The whole text has neither the penalty nor the headings.
	if strings.Contains(r.Text, "No Penalty") || strings.Contains(r.Text, "Definition") || !strings.Contains(r.Text, "non-visible") || len(r.Examples) != 1 {
		t.Errorf("2.1's text %q, examples %v", r.Text, r.Examples)
	}
	// References into other documents name the edition in force on the
	// IPG's date (2026-02-01): the MTR of 2025-04-21, the CR of 2026-01-16.
	var refs []string
	for _, x := range r.Refs {
		refs = append(refs, x.Document+" "+x.Number+" "+x.Edition+" "+map[bool]string{true: "resolved", false: "dangling"}[x.Resolved])
	}
	if want := []string{"mtr 4.3 mtr/2025-04-21 resolved", "cr 704.5j 2026-01-16 resolved"}; !slices.Equal(refs, want) {
		t.Errorf("2.1's refs %q, want %q", refs, want)
	}

	// A chapter holds its entries; an entry with no parts has none.
	getJSON(t, srv, "/api/ipg/latest/rules/3", 200, &r)
	if len(r.Subrules) != 1 || r.Subrules[0].Number != "3.4" || r.Subrules[0].Parts != nil {
		t.Errorf("IPG 3: %+v", r.Subrules)
	}

	// Cited from another document.
	getJSON(t, srv, "/api/mtr/2025-04-21/rules/4.3", 200, &r)
	if len(r.CitedFrom) != 1 || r.CitedFrom[0].Document != "ipg" || r.CitedFrom[0].Edition != "ipg/2026-02-01" ||
		r.CitedFrom[0].Number != "2.1" || r.CitedFrom[0].URL != "/ipg/2026-02-01/2.1" {
		t.Errorf("MTR 4.3's cited_from: %+v", r.CitedFrom)
	}
	getJSON(t, srv, "/api/latest/rules/704.5j", 200, &r)
	var citers []string
	for _, c := range r.CitedFrom {
		citers = append(citers, c.Edition+" "+c.Number)
	}
	if !slices.Contains(citers, "ipg/2026-02-01 2.1") || !slices.Contains(citers, "mtr/2025-04-21 4.3") {
		t.Errorf("CR 704.5j's cited_from: %v", citers)
	}

	// Topics: an appendix's table, a JAR section.
	var topic struct {
		Slug, Title, Text string
		Examples          []string
		CitedFrom         []any `json:"cited_from"`
	}
	getJSON(t, srv, "/api/mtr/2025-04-21/topics/appendix-b", 200, &topic)
	if topic.Title != "Appendix B—Time Limits" || topic.Text != "Competitive\t50 minutes\n\nRegular\t50 minutes" {
		t.Errorf("appendix B: %+v", topic)
	}
	getJSON(t, srv, "/api/jar/latest/topics/common-issues", 200, &topic)
	if topic.Slug != "common-issues" || topic.Title != "Common Issues" || !strings.Contains(topic.Text, "simple to fix") ||
		topic.Examples == nil || topic.CitedFrom == nil {
		t.Errorf("JAR's common issues: %+v", topic)
	}
	// A prose edition of the CR has topics too.
	getJSON(t, srv, "/api/classic/topics/tokens", 200, &topic)
	if topic.Title != "Tokens" || topic.Text != "A token that leaves play ceases to exist." {
		t.Errorf("classic's tokens: %+v", topic)
	}

	// A diff within the MTR, its editions named as the document's.
	var diff struct {
		From, To string
		Changes  []struct {
			Kind, Op string
			New      *struct{ Number, Title, URL string }
		}
	}
	getJSON(t, srv, "/api/mtr/diff/2020-10-12/2025-04-21", 200, &diff)
	if diff.From != "mtr/2020-10-12" || diff.To != "mtr/2025-04-21" || len(diff.Changes) != 1 ||
		diff.Changes[0].Op != "changed" || diff.Changes[0].New == nil || diff.Changes[0].New.Number != "2.3" ||
		diff.Changes[0].New.Title != "Pregame Procedures" || diff.Changes[0].New.URL != "/mtr/2025-04-21/2.3" {
		b, _ := json.Marshal(diff)
		t.Errorf("the MTR's diff: %s", b)
	}

	// Search of one document: words, and a number of its own.
	var found struct {
		Hits []struct{ Number, URL string }
		Jump *struct{ Edition, Number, URL string }
	}
	getJSON(t, srv, "/api/mtr/2025-04-21/search?q=shuffle", 200, &found)
	if len(found.Hits) == 0 || found.Hits[0].Number != "2.3" || found.Hits[0].URL != "/mtr/2025-04-21/2.3" {
		t.Errorf("shuffle in the MTR: %+v", found.Hits)
	}
	getJSON(t, srv, "/api/mtr/2025-04-21/search?q=2.3", 200, &found)
	if found.Jump == nil || found.Jump.Edition != "mtr/2025-04-21" || found.Jump.Number != "2.3" || found.Jump.URL != "/mtr/2025-04-21/2.3" {
		t.Errorf("2.3 in the MTR jumps to %+v", found.Jump)
	}

	// An entry's history within its document.
	var hist struct {
		Edition, Number string
		Current         struct{ Edition, Number string }
		Versions        []struct{ Edition, Number string }
		Events          []struct{ Edition, Op string }
	}
	getJSON(t, srv, "/api/mtr/history/2020-10-12/2.3", 200, &hist)
	if hist.Edition != "mtr/2020-10-12" || hist.Current.Edition != "mtr/2025-04-21" || hist.Current.Number != "2.3" ||
		len(hist.Versions) != 2 || len(hist.Events) != 1 || hist.Events[0].Edition != "mtr/2025-04-21" || hist.Events[0].Op != "changed" {
		t.Errorf("MTR 2.3's history: %+v", hist)
	}

	// A day between editions is the edition in force on it, of the same
	// document: the MTR's, though the CR has an edition of that date.
	if w := do(t, srv, "GET", "/api/mtr/diff/2020-10-12/2026-01-16"); w.Code != 302 || w.Header().Get("Location") != "/api/mtr/diff/2020-10-12/2025-04-21" {
		t.Errorf("a diff to a day of the MTR: %d to %q", w.Code, w.Header().Get("Location"))
	}

	for _, path := range []string{
		"/api/mtr/2025-04-21/rules/704.5j", // the CR's number, not the MTR's
		"/api/mtr/2025-04-21/rules/9.9",
		"/api/jar/2019-01-21/topics/nope",
		"/api/ipg/2026-02-01/glossary/trample", // the judge documents have no glossary
	} {
		var e map[string]string
		getJSON(t, srv, path, 404, &e)
		if e["error"] == "" {
			t.Errorf("%s: error body %v", path, e)
		}
	}
}
