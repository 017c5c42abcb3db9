package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

const (
	cutBody = histBody1 + `
7. Additional Rules
702. Keyword Abilities
702.1. Trample
702.1a Trample is a static ability that modifies the rules for assigning an attacking creature's combat damage.
`
	cutGloss = `
Active Player
The player whose turn it is. See rule 101.1.

Banding
A keyword ability that modifies the rules for declaring attackers.

Trample
A keyword ability that modifies how a creature assigns combat damage. See rule 702.1.
`
)

// cutServer serves three editions whose middle one's file stops at the
// glossary headword "Banding", with no definition after it.
func cutServer(t *testing.T) (*Server, *rules.Edition) {
	t.Helper()
	src := textSource("February 1, 2020", cutBody, cutGloss)
	cut := parseTextEdition(t, "February 1, 2020", src[:strings.Index(src, "\n\nBanding")+len("\n\nBanding")])
	if cut.Truncated == nil || cut.Truncated.Dropped != "Banding" {
		t.Fatalf("the middle edition is not cut at Banding: %+v", cut.Truncated)
	}
	lib := rules.NewLibrary([]*rules.Edition{
		textEdition(t, "January 1, 2020", cutBody, cutGloss),
		cut,
		textEdition(t, "March 1, 2020", cutBody, cutGloss),
	})
	return NewServer(lib, Options{}), cut
}

// TestIncompleteBanner: every page of the cut edition says where its file
// stops; a whole edition's pages do not; the home page and /diagnostics
// flag it.
func TestIncompleteBanner(t *testing.T) {
	srv, cut := cutServer(t)
	where := cut.Truncated.Where()
	for _, path := range []string{"/2020-02-01", "/2020-02-01/section/1", "/2020-02-01/100.2", "/2020-02-01/glossary",
		"/2020-02-01/glossary/active-player", "/2020-02-01/keywords"} {
		w := do(t, srv, "GET", path)
		if w.Code != 200 {
			t.Errorf("%s: status %d", path, w.Code)
			continue
		}
		got := parse(t, w).Find("main p.incomplete").Text()
		for _, want := range []string{"source file is incomplete", "the glossary headword “Banding”", where, "missing from this file, not from the rules"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: banner %q lacks %q", path, got, want)
			}
		}
	}
	for _, path := range []string{"/2020-01-01", "/2020-01-01/100.2", "/2020-03-01/glossary", "/"} {
		if n := parse(t, do(t, srv, "GET", path)).Find(".incomplete").Length(); n != 0 {
			t.Errorf("%s: a whole edition's page has the banner", path)
		}
	}
	home := parse(t, do(t, srv, "GET", "/"))
	if flags := home.Find("dl.years .flag"); flags.Length() != 1 || !strings.Contains(flags.Parent().Find("a").First().Text(), "2020-02-01") {
		t.Errorf("home: %d flags, want one beside CR 2020-02-01", flags.Length())
	}
	diag := parse(t, do(t, srv, "GET", "/diagnostics"))
	if got := diag.Find("ul.editions li .flag").Text(); !strings.Contains(got, "stops at the glossary headword “Banding”") || !strings.Contains(got, where) {
		t.Errorf("diagnostics flag %q", got)
	}
}

// TestIncompleteDiffs: the entries after the cut are listed as missing,
// folded, on the diff pages and in the API, not as removed or added.
func TestIncompleteDiffs(t *testing.T) {
	srv, _ := cutServer(t)
	for _, tt := range []struct{ path, summary, link string }{
		{"/diff/2020-01-01/2020-02-01", "Missing from CR 2020-02-01’s file: 2 glossary entries", "/2020-01-01/glossary/banding"},
		{"/diff/2020-02-01/2020-03-01", "Missing from CR 2020-02-01’s file: 2 glossary entries", "/2020-03-01/glossary/trample"},
	} {
		doc := parse(t, do(t, srv, "GET", tt.path))
		if got := doc.Find("details.missing summary").Text(); got != tt.summary {
			t.Errorf("%s: summary %q, want %q", tt.path, got, tt.summary)
		}
		if doc.Find("details.missing a[href='"+tt.link+"']").Length() != 1 {
			t.Errorf("%s: no link to %s in the missing list", tt.path, tt.link)
		}
		if n := doc.Find(".change .op.del, .change .op.add").Length(); n != 0 {
			t.Errorf("%s: %d additions or removals", tt.path, n)
		}
	}
	if n := parse(t, do(t, srv, "GET", "/diff/2020-01-01/2020-03-01")).Find("details.missing").Length(); n != 0 {
		t.Errorf("across the cut: %d missing lists", n)
	}

	var d struct {
		Counts  map[string]map[string]int `json:"counts"`
		Changes []json.RawMessage         `json:"changes"`
		Missing []struct {
			Kind string          `json:"kind"`
			Op   string          `json:"op"`
			Old  *apiSide        `json:"old"`
			New  json.RawMessage `json:"new"`
			Text string          `json:"text"`
		} `json:"missing"`
		ToTruncated   *rules.JSONTruncation `json:"to_truncated"`
		FromTruncated *rules.JSONTruncation `json:"from_truncated"`
	}
	getJSON(t, srv, "/api/diff/2020-01-01/2020-02-01", 200, &d)
	if c := d.Counts["term"]; c["removed"] != 0 || c["added"] != 0 || c["missing"] != 2 {
		t.Errorf("term counts %v, want 2 missing", c)
	}
	if len(d.Missing) != 2 || d.Missing[0].Op != "missing" || d.Missing[0].Old == nil || d.Missing[0].Old.Term != "Banding" ||
		string(d.Missing[0].New) != "null" || !strings.Contains(d.Missing[0].Text, "declaring attackers") {
		t.Errorf("missing: %+v", d.Missing)
	}
	if d.ToTruncated == nil || d.ToTruncated.Part != rules.TruncGlossary || d.ToTruncated.Dropped != "Banding" || d.FromTruncated != nil {
		t.Errorf("truncation: from %+v to %+v", d.FromTruncated, d.ToTruncated)
	}

	var eds []struct {
		ID        string                `json:"id"`
		Truncated *rules.JSONTruncation `json:"truncated"`
	}
	getJSON(t, srv, "/api/editions", 200, &eds)
	for _, e := range eds {
		if (e.Truncated != nil) != (e.ID == "2020-02-01") {
			t.Errorf("/api/editions: %s truncated %+v", e.ID, e.Truncated)
		}
	}
}

// TestIncompleteRuleHistory: a file cut in the rules. A rule it lacks has
// one history across it, the API and the rule page say which file lacks
// it; a rule last seen before a cut newest edition is not "removed".
func TestIncompleteRuleHistory(t *testing.T) {
	src := textSource("February 1, 2020", cutBody, cutGloss)
	const stop = "life totals.\n\nExample:"
	cut := parseTextEdition(t, "February 1, 2020", src[:strings.Index(src, stop)+len("life totals.")])
	lib := rules.NewLibrary([]*rules.Edition{textEdition(t, "January 1, 2020", cutBody, cutGloss), cut, textEdition(t, "March 1, 2020", cutBody, cutGloss)})
	srv := NewServer(lib, Options{})
	var h struct {
		Versions []apiPlace       `json:"versions"`
		Events   []map[string]any `json:"events"`
		Missing  []string         `json:"missing"`
	}
	getJSON(t, srv, "/api/history/2020-01-01/101.1", 200, &h)
	if len(h.Versions) != 2 || h.Versions[1].Edition != "2020-03-01" || len(h.Events) != 0 || strings.Join(h.Missing, " ") != "2020-02-01" {
		t.Errorf("history of 101.1: %+v", h)
	}
	page := parse(t, do(t, srv, "GET", "/2020-03-01/101.1"))
	if got := page.Find(".history").Text(); !strings.Contains(got, "Not in the source file of CR 2020-02-01") {
		t.Errorf("rule page history: %q", got)
	}

	// The cut edition as the newest: 101.1 is not in it, and was not removed.
	newest := NewServer(rules.NewLibrary([]*rules.Edition{textEdition(t, "January 1, 2020", cutBody, cutGloss), cut}), Options{})
	w := do(t, newest, "GET", "/2020-01-01/101.1/now")
	if w.Code != 404 || !strings.Contains(w.Body.String(), "not in the source file of CR 2020-02-01") {
		t.Errorf("/now of a rule the cut newest lacks: %d %s", w.Code, w.Body.String())
	}
}

// TestCheckIncomplete: arbiter check says where a cut file stops, in text
// and JSON.
func TestCheckIncomplete(t *testing.T) {
	src := textSource("February 1, 2020", cutBody, cutGloss)
	dir := writeFiles(t, map[string]string{"cr/cut.txt": src[:strings.Index(src, "\n\nBanding")+len("\n\nBanding")]})
	var out, errOut bytes.Buffer
	if code := run([]string{"check", filepath.Join(dir, "cr")}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if want := "INCOMPLETE: the source file stops at the glossary headword “Banding”, which has no definition (cr/cut.txt:"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
	out.Reset()
	run([]string{"check", "--json", filepath.Join(dir, "cr")}, &out, &errOut)
	var reps []checkReport
	if err := json.Unmarshal(out.Bytes(), &reps); err != nil || len(reps) != 1 || reps[0].Truncated == nil || reps[0].Truncated.File != "cr/cut.txt" {
		t.Errorf("JSON: %v %+v", err, reps)
	}
}
