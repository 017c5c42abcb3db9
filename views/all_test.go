package views

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// TestAllJudgeBlocks: the one-page edition shows a judge document's parts,
// penalties, lists and tables as their own pages do, and a CR rule's
// paragraphs and examples as before.
func TestAllJudgeBlocks(t *testing.T) {
	src := "%arbiter-extract 1\n%source: ipg/t.pdf\n# MAGIC INFRACTION PROCEDURE GUIDE\nEffective September 23, 2024\n" +
		"# 2. GAME PLAY ERRORS\n# 2.1. Game Play Error — Missed Trigger\tNo Penalty\n# Definition\nA triggered ability triggers.\n" +
		"• A choice\n  made later.\n• A change\n# Examples\nA. Knight of Infamy attacks alone.\n" +
		"# APPENDIX A — PENALTY QUICK REFERENCE\nInfraction\tPenalty\n\tGame Play Errors\nMissed Trigger\tNone\nAfter <the> table.\n"
	e := rules.ParseJudge(rules.Source{Name: "ipg/t.pdf", Data: []byte(src)})
	if e.Failed() {
		t.Fatal(e.Diagnostics)
	}
	var buf bytes.Buffer
	a := &allWriter{p: AllPage{Page: Page{Edition: e}}, w: &buf}
	a.sectionOpen(e.Sections[0])
	for _, c := range e.Sections[0].Chapters {
		a.entry(c)
	}
	for _, tp := range e.Topics {
		a.topic(tp)
	}
	a.write()
	got := buf.String()
	for _, want := range []string{
		`<p class="penalty"><span class="meta">Penalty</span> <strong>No Penalty</strong></p>`,
		`<h5 class="part">Definition</h5><p>A triggered ability triggers.</p>`,
		"<ul class=\"items\"><li>A choice\nmade later.</li><li>A change</li></ul>",
		`<div class="ex"><p>A. Knight of Infamy attacks alone.</p></div>`,
		`<div class="rows"><table><tr><td>Infraction</td><td>Penalty</td></tr><tr><td>Game Play Errors</td></tr><tr><td>Missed Trigger</td><td>None</td></tr></table></div><p>After &lt;the&gt; table.</p>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s\nin %s", want, got)
		}
	}
	if strings.Contains(got, "<b>Example:</b>") {
		t.Errorf("a judge example got the CR's label: %s", got)
	}

	cr := rules.ParseText(rules.Source{Name: "cr.txt", Data: []byte("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game.\n\nExample: A game.\n\nGlossary\n\nCredits\n")})
	buf.Reset()
	a = &allWriter{p: AllPage{Page: Page{Edition: cr}}, w: &buf}
	a.entry(cr.Sections[0].Chapters[0])
	a.write()
	if got := buf.String(); !strings.Contains(got, `<div class="ex"><p><b>Example:</b> A game.</p></div>`) || !strings.Contains(got, `These Magic rules apply to any Magic game.</p>`) {
		t.Errorf("a CR rule's blocks: %s", got)
	}
}
