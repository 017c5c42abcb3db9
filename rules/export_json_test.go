package rules

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestExportJSON(t *testing.T) {
	e := ParseMarkdown(Source{Name: "j.md", Data: []byte("---\nid: j\ntitle: J\neffective: 2026-01-16\n---\n" +
		"# 1. Game Concepts\n\n## 100. General\n\n100.1. Pay {W} and see rule 100.1a or [the site](https://x.org).\n\n100.1a *Sub*.\n\n> Example: An example.\n\n" +
		"# Glossary\n\nAbility (Obsolete)\n: 1. One.\n: See rule 100.1.\n\n## Tokens\n\nTopic text.\n\n# Credits\n\nSomeone\n")})
	if e.Failed() {
		t.Fatal(e.Diagnostics)
	}
	var buf bytes.Buffer
	if err := ExportJSON(&buf, e); err != nil {
		t.Fatal(err)
	}
	var j JSONEdition
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j.ID != "j" || j.Title != "J" || j.EffectiveDate != "2026-01-16" || j.Format != FormatMarkdown || j.Kind != KindFull || len(j.Files) != 1 {
		t.Errorf("metadata: %+v", j)
	}
	if len(j.Sections) != 1 || j.Sections[0].Number != 1 || len(j.Sections[0].Chapters) != 1 {
		t.Fatalf("sections: %+v", j.Sections)
	}
	r := j.Sections[0].Chapters[0].Rules[0]
	if r.Number.String() != "100.1" || len(r.Subrules) != 1 || r.Subrules[0].Body[1].Kind != "example" {
		t.Fatalf("rule: %+v", r)
	}
	kinds := map[string]string{}
	for _, sp := range r.Body[0].Spans {
		kinds[sp.Kind] = r.Body[0].Text[sp.Start:sp.End]
		if sp.Kind == "ref" && (sp.Ref == nil || sp.Ref.Kind != "rule" || sp.Ref.Number.String() != "100.1a" || !sp.Ref.Resolved) {
			t.Errorf("ref span: %+v %+v", sp, sp.Ref)
		}
		if sp.Kind == "link" && sp.Target != "https://x.org" {
			t.Errorf("link span: %+v", sp)
		}
	}
	if kinds["mana"] != "{W}" || kinds["ref"] != "rule 100.1a" || kinds["link"] != "the site" {
		t.Errorf("spans of %q: %v", r.Body[0].Text, kinds)
	}
	if g := j.Glossary; len(g) != 1 || !g[0].Obsolete || g[0].Slug != "ability" || g[0].Body[0].Sense != 1 || g[0].Body[1].Sense != 0 {
		t.Errorf("glossary: %+v", g)
	}
	if len(j.Topics) != 1 || j.Topics[0].Slug != "tokens" || len(j.Credits) != 1 {
		t.Errorf("topics %+v credits %+v", j.Topics, j.Credits)
	}
	// Empty parts are left out; numbers are strings as the rules cite them.
	out := buf.String()
	for _, want := range []string{`"number": "100.1a"`, `"effective_date": "2026-01-16"`, `"kind": "italic"`, `"resolved": true`} {
		if !strings.Contains(out, want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
	if strings.Contains(out, `"intro"`) || strings.Contains(out, `"recovered"`) {
		t.Errorf("JSON has empty fields:\n%s", out)
	}
}

// A judge document's blocks keep their kinds in JSON: an IPG infraction's
// part headings (with the anchors its page has), its penalty, and a table's
// rows with their cells.
func TestExportJSONJudgeBlocks(t *testing.T) {
	e := Parse(Source{Name: "ipg.txt", Data: []byte("%arbiter-extract 1\n%source: x.pdf\n%title: MAGIC INFRACTION PROCEDURE GUIDE\n%page 1\n" +
		"# MAGIC INFRACTION PROCEDURE GUIDE\nEffective September 23, 2024\n# 1. GENERAL PHILOSOPHY\nJudges apply this.\n" +
		"# 2. GAME PLAY ERRORS\n# 2.1. Game Play Error — Missed Trigger\tNo Penalty\n# Definition\nA triggered ability triggers.\n" +
		"# Additional Remedy\nPut it on the stack.\n# 2.2. Game Play Error — Looking at Extra Cards\tWarning\n# Definition\nA player sees cards.\n" +
		"# 3. TOURNAMENT ERRORS\n# 3.1. Tournament Error — Tardiness\tGame Loss\nLate.\nRound\tPenalty\nFirst\tGame Loss\n")})
	if e.Failed() || e.Document() != DocIPG {
		t.Fatalf("not read as the IPG: %v", e.Diagnostics)
	}
	var buf bytes.Buffer
	if err := ExportJSON(&buf, e); err != nil {
		t.Fatal(err)
	}
	var j JSONEdition
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	byNumber := map[string]JSONRule{}
	var walk func([]JSONRule)
	walk = func(rs []JSONRule) {
		for _, r := range rs {
			byNumber[r.Number.String()] = r
			walk(r.Rules)
			walk(r.Subrules)
		}
	}
	for _, s := range j.Sections {
		walk(s.Chapters)
	}
	mt, ok := byNumber["2.1"]
	if !ok {
		t.Fatalf("no entry 2.1 in %s", buf.String())
	}
	var got []string
	for _, b := range mt.Body {
		got = append(got, b.Kind+":"+b.Anchor)
	}
	want := "penalty: heading:definition text: heading:additional-remedy text:"
	if strings.Join(got, " ") != want {
		t.Errorf("2.1's blocks are %q, want %q", strings.Join(got, " "), want)
	}
	rows := 0
	for _, b := range byNumber["3.1"].Body {
		if b.Kind == "row" {
			rows++
			if len(b.Cells) != 2 || strings.Join(b.Cells, "\t") != b.Text {
				t.Errorf("row %q has cells %q", b.Text, b.Cells)
			}
		}
	}
	if rows == 0 {
		t.Errorf("3.1 has no table rows: %+v", byNumber["3.1"].Body)
	}
}
