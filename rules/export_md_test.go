package rules

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// mdRoundTrip exports e as Markdown, parses the result and fails t at the
// first difference. It returns the Markdown and the edition read back.
func mdRoundTrip(t testing.TB, e *Edition) (string, *Edition) {
	t.Helper()
	var buf bytes.Buffer
	if err := ExportMarkdown(&buf, e); err != nil {
		t.Fatalf("ExportMarkdown(%s): %v", e.ID, err)
	}
	back := ParseMarkdown(Source{Name: e.ID + ".md", Data: buf.Bytes()})
	// The linker's warnings about the text (a "See X" with no entry X) come
	// back with the text; anything else is the dialect's and a failure.
	had := map[string]bool{}
	for _, d := range e.Diagnostics {
		had[d.Message] = true
	}
	for _, d := range back.Diagnostics {
		if d.Severity != SevInfo && !had[d.Message] {
			t.Errorf("re-parse of %s: %s", e.ID, d)
		}
	}
	if d := diffEditionTrees(e, back); d != "" {
		t.Fatalf("%s: round trip differs: %s\n--- Markdown:\n%s", e.ID, d, mdExcerptAround(buf.String(), d))
	}
	return buf.String(), back
}

// mdExcerptAround shows the part of md a difference message points at, or
// its start.
func mdExcerptAround(md, diff string) string {
	const n = 1500
	for _, f := range strings.Fields(diff) {
		f = strings.Trim(f, `":,()`)
		if len(f) < 4 {
			continue
		}
		if i := strings.Index(md, f); i >= 0 {
			return md[max(0, i-n/2):min(len(md), i+n/2)]
		}
	}
	return md[:min(len(md), n)]
}

func tText(s string) Text { return Text{S: s} }

func tItalic(s string, parts ...string) Text {
	t := Text{S: s}
	for _, p := range parts {
		i := strings.Index(s, p)
		t.Spans = append(t.Spans, Span{Start: int32(i), End: int32(i + len(p)), Kind: SpanItalic})
	}
	return t
}

func tPara(s string) Block    { return Block{Kind: BlockText, Text: tText(s)} }
func tExample(s string) Block { return Block{Kind: BlockExample, Text: tText(s)} }

// trickyEdition is a hand-built edition whose texts look like Markdown
// syntax in every way we could think of.
func trickyEdition() *Edition {
	e := &Edition{ID: "tricky", Title: "Tricky: *not* a title", Kind: KindFull,
		Effective: time.Date(2026, 1, 16, 0, 0, 0, 0, time.UTC)}
	e.Intro = []Block{
		tPara("This document is the ultimate authority for Magic: The Gathering® play."),
		tPara("# not a heading"),
		tPara("> not a quote"),
		tPara("1. not a list"),
		tPara("2) not a list either"),
		tPara("- not a bullet"),
		tPara("+ nor this"),
		tPara("* nor this"),
		tPara("---"),
		tPara("==="),
		tPara(": not a definition"),
		tPara("~~~ not a fence"),
		tPara("```not code```"),
		tPara("    indented four spaces"),
		tPara("trailing spaces  "),
		tPara("<div>not html</div> & &amp; &#35; &copy"),
		tPara("[not a link](http://example.com) and [Cost]: [Effect.]"),
		tPara(`back\slash \*star\* and a final backslash\`),
		tPara("a_b_c *x* __y__ `z` ~w~"),
		tPara("line one\nline two\n\nafter a blank line\n# still text"),
		tPara("100.1. looks like a rule"),
		tPara("100.1a looks like a subrule"),
		tPara("Example: looks like an example label"),
		tPara("{W}{U/P}{2/B} and {not mana} and {#slug}"),
		{Kind: BlockText, Text: tItalic("The *Magic* game: italic at the end", "Magic", "at the end")},
		{Kind: BlockText, Text: tItalic("italic at the start", "italic")},
		{Kind: BlockText, Text: tItalic(`"quoted" italics`, `"quoted"`)},
		{Kind: BlockText, Text: Text{S: "a link to rules", Spans: []Span{{Start: 10, End: 15, Kind: SpanLink, Target: "https://example.com/a b<c>&amp;"}}}},
	}
	s1 := &Section{Number: 1, Title: "Game Concepts #1", Label: "concepts"}
	ch := (&Rule{Number: Number{Chapter: 100}}).Heading(s1, "General")
	e.SetLabel(ch, "general")
	r1 := (&Rule{Number: Number{Chapter: 100, Rule: 1}, Parent: ch, Body: []Block{
		{Kind: BlockText, Text: tItalic("These Magic rules apply to any Magic game.", "Magic game")},
		tExample("A rule that cites rule 100.1a and rules 903.6–903.11."),
		tExample("Example: an example whose text starts with the label."),
		tPara("100.2. A continuation paragraph that starts with a number."),
		tPara("A plain continuation paragraph."),
	}}).Heading(s1, "")
	r1a := (&Rule{Number: Number{Chapter: 100, Rule: 1, Sub: 'a'}, Parent: r1, Body: []Block{
		tPara("# A subrule whose text starts with a hash."),
		{Kind: BlockSeeAlso, Text: Text{S: "General and {#not-a-label}", Spans: []Span{RefSpan(0, 7, Cite{Kind: RefLabel, Label: "general"})}}},
	}}).Heading(s1, "")
	r1.Children = []*Rule{r1a}
	e.SetLabel(r1a, "two-player")
	r2 := (&Rule{Number: Number{Chapter: 100, Rule: 2}, Parent: ch, Body: []Block{tExample("A rule with only an example.")}}).Heading(s1, "")
	r3 := (&Rule{Number: Number{Chapter: 100, Rule: 3}, Parent: ch}).Heading(s1, "")
	e.SetLabel(r3, "r3")
	r4 := (&Rule{Number: Number{Chapter: 100, Rule: 4}, Parent: ch, Body: []Block{tPara("{#text} that looks like a label")}}).Heading(s1, "")
	ch.Children = []*Rule{r1, r2, r3, r4}
	s1.Chapters = []*Rule{ch}
	s2 := &Section{Number: 2}
	ch2 := (&Rule{Number: Number{Chapter: 200}, Body: []Block{tPara("Chapter text.")}}).Heading(s2, "")
	s2.Chapters = []*Rule{ch2}
	e.Sections = []*Section{s1, s2}
	e.Glossary = []*GlossaryEntry{
		{Terms: []string{"Ability"}, Slug: "ability", Body: []Block{
			{Kind: BlockText, Sense: 1, Text: tText("Text on an object that explains what that object does or can do.")},
			{Kind: BlockText, Sense: 2, Text: tText("1. A sense whose text starts with a number.")},
			{Kind: BlockExample, Sense: 2, Text: tText("An example of sense 2.")},
			{Kind: BlockSeeAlso, Sense: 2, Text: tText("Ante")},
			tPara("See rule 113, \"Abilities.\""),
		}},
		{Terms: []string{"You", "Your"}, Slug: "you", Body: []Block{tPara("Words that refer to an object's controller.")}},
		{Terms: []string{"At End of Turn"}, Slug: "at-end-of-turn", Obsolete: true, Body: []Block{tPara("An obsolete trigger condition.")}},
		{Terms: []string{"Labelled {#no}"}, Slug: "labelled-no", Body: []Block{tPara("A term that ends like a label.")}},
		{Terms: []string{"Not Obsolete (Obsolete)"}, Slug: "not-obsolete-obsolete", Body: []Block{tPara("A term that only looks obsolete.")}},
		{Terms: []string{"1996 World Champion"}, Slug: "1996-world-champion", Body: []Block{tPara(": a definition that starts with a colon"), tExample("an example in a definition")}},
		{Terms: []string{"Venture into [Quality]"}, Slug: "venture-into-quality", Body: []Block{tPara("[Cost]: [Effect.]")}},
	}
	e.SetLabel(e.Glossary[2], "eot")
	e.SetLabel(e.Glossary[3], "yes")
	e.Credits = []Block{tPara("Rules Manager: *someone*"), tPara("2026 Wizards of the Coast LLC")}
	return e
}

func TestExportMarkdownRoundTripTricky(t *testing.T) {
	md, _ := mdRoundTrip(t, trickyEdition())
	for _, want := range []string{"# 1. Game Concepts \\#1 {#concepts}\n", "## 100. General {#general}\n", "100.1. These Magic rules apply to any *Magic game*.\n",
		"100.1a {#two-player} # A subrule", "> See also: [General](<#general>) and {#not-a-label}\n", "100.3. {#r3}\n", "100.4. \\{#text} that looks",
		"At End of Turn (Obsolete) {#eot}\n", "Labelled \\{#no} {#yes}\n", "Not Obsolete \\(Obsolete)\n", ": 2. 1\\. A sense"} {
		if !strings.Contains(md, want) {
			t.Errorf("export lacks %q", want)
		}
	}
}

func TestExportMarkdownRoundTripTopics(t *testing.T) {
	e := &Edition{ID: "prose", Title: "Prose", Kind: KindProse,
		Intro: []Block{tPara("A page title")},
		Topics: []*Topic{
			{Slug: "ownership", Title: "Ownership", Body: []Block{tPara("Each player owns the cards.")}},
			{Slug: "sources", Title: "Sources of Effects", Body: []Block{tPara("Text."), tExample("An example without a label.")}},
			{Slug: "100-numbers", Title: "100. Numbers", Body: []Block{tPara("A topic whose title looks like a chapter.")}},
			{Slug: "braces", Title: "Ends in {#braces}", Body: []Block{tPara("x")}},
		}}
	mdRoundTrip(t, e)
}

// An excerpt that starts mid-chapter reads back without invented entries.
func TestExportMarkdownRoundTripExcerpt(t *testing.T) {
	s := &Section{Number: 1}
	sub := (&Rule{Number: Number{Chapter: 104, Rule: 3, Sub: 'h'}, Body: []Block{tPara("A subrule with no rule above it.")}}).Heading(s, "")
	ch := (&Rule{Number: Number{Chapter: 105}}).Heading(s, "Colors")
	s.Chapters = []*Rule{sub, ch}
	e := &Edition{ID: "excerpt", Kind: KindExcerpt, Sections: []*Section{s}}
	mdRoundTrip(t, e)
}

// Every official text in the corpus exports to Markdown that reads back to
// the same tree.
func TestExportMarkdownRoundTripCorpus(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 128 {
		t.Errorf("corpus/cr holds %d files, want 128", len(names))
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			e := ParseText(Source{Name: filepath.Base(name), Data: b})
			if e.Failed() {
				t.Fatalf("ParseText: %v", e.Diagnostics)
			}
			if e.ID == "" {
				e.ID = e.EffectiveDate()
			}
			_, back := mdRoundTrip(t, e)
			// The linker finds the same references in the Markdown.
			if len(back.Refs) != len(e.Refs) || len(back.Dangling) != len(e.Dangling) {
				t.Errorf("references: %d (%d dangling) from the text, %d (%d) from the Markdown", len(e.Refs), len(e.Dangling), len(back.Refs), len(back.Dangling))
			}
		})
	}
}

// The default editions (the 2007 excerpt, the RST chapter, classic) round
// trip too.
func TestExportMarkdownRoundTripContent(t *testing.T) {
	eds, err := Load(content.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 3 {
		t.Errorf("content holds %d editions, want 3", len(eds))
	}
	for _, e := range eds {
		if e.Failed() {
			t.Errorf("%s: %v", e.Files, e.Diagnostics)
			continue
		}
		mdRoundTrip(t, e)
	}
}

// The reStructuredText corpus (a multi-file Sphinx edition) round trips,
// labels and label references included.
func TestExportMarkdownRoundTripRST(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "rst")
	eds, err := Load(os.DirFS(filepath.Dir(dir)), filepath.Base(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 1 || eds[0].Failed() {
		t.Fatalf("corpus/rst: %d editions", len(eds))
	}
	e := eds[0]
	labels := 0
	e.Walk(func(r *Rule) bool {
		if e.LabelOf(r) != "" {
			labels++
		}
		return true
	})
	if labels == 0 {
		t.Fatal("corpus/rst has no labelled entries: the test checks nothing about labels")
	}
	mdRoundTrip(t, e)
}

// A judge document is written to be read: an entry's title is a heading,
// its parts are headings below it, its penalty is in bold, a table is a
// pipe table whose cells are escaped.
func TestExportMarkdownJudge(t *testing.T) {
	e := Parse(Source{Name: "ipg.txt", Data: []byte("%arbiter-extract 1\n%source: x.pdf\n%title: MAGIC INFRACTION PROCEDURE GUIDE\n%page 1\n" +
		"# MAGIC INFRACTION PROCEDURE GUIDE\nEffective September 23, 2024\n# 1. GENERAL PHILOSOPHY\nJudges apply this.\n" +
		"# 2. GAME PLAY ERRORS\n# 2.1. Game Play Error — Missed Trigger\tNo Penalty\n# Definition\nA triggered ability triggers.\n" +
		"# 3. TOURNAMENT ERRORS\n# 3.1. Tournament Error — Tardiness\tGame Loss\nLate.\nRound\tPenalty\nFirst | late\tGame *Loss*\n")})
	if e.Failed() {
		t.Fatal(e.Diagnostics)
	}
	var buf bytes.Buffer
	if err := ExportMarkdown(&buf, e); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{
		"### 2.1 Game Play Error — Missed Trigger\n\n**Penalty:** No Penalty\n\n#### Definition\n\nA triggered ability triggers.\n",
		"| Round | Penalty |\n| --- | --- |\n| First \\| late | Game \\*Loss\\* |\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, md)
		}
	}
}
