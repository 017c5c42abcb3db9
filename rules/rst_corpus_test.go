package rules

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// counts tallies an edition's entries by level and its blocks by kind.
type rstCounts struct {
	chapters, rules, subrules, examples, seeAlso int
}

func countRST(e *Edition) rstCounts {
	var c rstCounts
	e.Walk(func(r *Rule) bool {
		switch r.Number.Level() {
		case LevelChapter:
			c.chapters++
		case LevelRule:
			c.rules++
		case LevelSubrule:
			c.subrules++
		}
		for _, b := range r.Body {
			switch b.Kind {
			case BlockExample:
				c.examples++
			case BlockSeeAlso:
				c.seeAlso++
			}
		}
		return true
	})
	return c
}

func mustRule(t *testing.T, e *Edition, num string) *Rule {
	t.Helper()
	n, err := ParseNumber(num)
	if err != nil {
		t.Fatal(err)
	}
	r := e.Rule(n)
	if r == nil {
		t.Fatalf("rule %s missing", num)
	}
	return r
}

func noWarnings(t *testing.T, e *Edition) {
	t.Helper()
	for _, d := range e.Diagnostics {
		if d.Severity != SevInfo {
			t.Errorf("unexpected %s", d)
		}
	}
}

// TestRSTSeed reads seed 004 (section 2 of the 2011 Sphinx CR) through its
// manifest, as the server does. The counts were taken by hand from the
// file: 12 "===" chapter titles, 34 rule titles over "-----", 47 "a."
// items at indent 4, 17 example admonitions.
func TestRSTSeed(t *testing.T) {
	eds, err := Load(os.DirFS("../content"), "rst-2011")
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 1 {
		t.Fatalf("got %d editions", len(eds))
	}
	e := eds[0]
	checkEdition(t, e)
	noWarnings(t, e)
	if e.ID != "2011-07-15" || e.Format != FormatRST || e.Kind != KindExcerpt || e.EffectiveDate() != "2011-07-15" || e.Encoding != EncUTF8 {
		t.Errorf("edition %q %s %s %s %s", e.ID, e.Format, e.Kind, e.EffectiveDate(), e.Encoding)
	}
	if len(e.Sections) != 1 || e.Sections[0].Number != 2 || e.Sections[0].Title != "Parts of a Card" || e.Sections[0].Label != "card-parts" {
		t.Fatalf("sections: %+v", e.Sections)
	}
	var chapters []string
	for _, c := range e.Sections[0].Chapters {
		chapters = append(chapters, c.Number.String()+" "+c.Title())
	}
	want := "200 General|201 Name|202 Mana Cost and Color|203 Illustration|204 Type Line|205 Expansion Symbol|206 Text Box|" +
		"207 Power/Toughness|208 Loyalty|209 Hand Modifier|210 Life Modifier|211 Information Below the Text Box"
	if got := strings.Join(chapters, "|"); got != want {
		t.Errorf("chapters\n got %s\nwant %s", got, want)
	}
	if c := countRST(e); c != (rstCounts{chapters: 12, rules: 34, subrules: 47, examples: 17, seeAlso: 1}) {
		t.Errorf("counts %+v", c)
	}

	for _, tc := range []struct {
		num      string
		examples int
		children int
	}{
		{"201.4", 0, 3}, {"201.4a", 1, 0}, {"201.4b", 3, 0}, {"201.4c", 0, 0}, {"201.5", 1, 0},
		{"202.2a", 1, 0}, {"202.3", 1, 4}, {"202.3c", 2, 0}, {"202.3d", 1, 0}, {"204.3", 0, 13}, {"204.1b", 2, 0},
	} {
		r := mustRule(t, e, tc.num)
		if n := len(r.Examples()); n != tc.examples {
			t.Errorf("%s has %d examples, want %d", tc.num, n, tc.examples)
		}
		if n := len(r.Children); n != tc.children {
			t.Errorf("%s has %d children, want %d", tc.num, n, tc.children)
		}
	}
	if got := mustRule(t, e, "202.2a").Examples()[0].S; got != "An object with a mana cost of {2}{W} is white, an object with a mana cost of {2} is colorless, and one with a mana cost of {2}{W}{B} is both white and black." {
		t.Errorf("202.2a example: %q", got)
	}
	if got := mustRule(t, e, "202.3").Examples()[0].S; got != "A mana cost of {3}{U}{U} translates to a converted mana cost of 5." {
		t.Errorf("202.3 example: %q", got)
	}
	if got := mustRule(t, e, "201.4b").Examples()[2].S; !strings.HasPrefix(got, `Dimir Doppelganger says "{1}{U}{B}: Exile target creature card`) {
		t.Errorf("201.4b third example: %q", got)
	}
	if got := mustRule(t, e, "202.3c").Examples()[1].S; got != "The converted mana cost of a card with mana cost {2/B}{2/B}{2/B} is 6." {
		t.Errorf("202.3c second example: %q", got)
	}
	if got := mustRule(t, e, "202.3d").Examples()[0].S; !strings.Contains(got, "{1}{W/P}{W/P}") {
		t.Errorf("202.3d example: %q", got)
	}

	// 204.2a: "The card types are …" then a (misspelt) seealso to card-types.
	r := mustRule(t, e, "204.2a")
	if len(r.Body) != 2 || r.Body[1].Kind != BlockSeeAlso {
		t.Fatalf("204.2a body: %+v", r.Body)
	}
	if sp := r.Body[1].Text.Spans; len(sp) != 1 || sp[0].Cited().Kind != RefLabel || sp[0].Cited().Label != "card-types" || refAt(e, Citer{Rule: r}, &r.Body[1].Text, sp[0].Start).From().Rule != r {
		t.Errorf("204.2a seealso spans: %+v", sp)
	}
	if p := mustRule(t, e, "204.2").Paragraphs(); len(p) != 1 || p[0].S != "Card Types" {
		t.Errorf("204.2 paragraphs: %+v", p)
	}
	if l := e.LabelOf(mustRule(t, e, "206.2")); l != "no-func-text-box" {
		t.Errorf("206.2 label %q", l)
	}
	if l := e.LabelOf(mustRule(t, e, "201")); l != "name" {
		t.Errorf("201 label %q", l)
	}
	if got := render(mustRule(t, e, "202.1").Body[0].Text); !strings.Contains(got, "the *Future Sight* set") {
		t.Errorf("202.1 italics: %s", got)
	}
	if got := render(mustRule(t, e, "205.5").Body[0].Text); !strings.Contains(got, "in the <Magic Products section|http://www.wizards.com/Magic/TCG/Article.aspx?x=mtg/tcg/products/allproducts)> of") {
		t.Errorf("205.5 link: %s", got)
	}
	// The URL stays text; the two mentions of the Tournament Rules are
	// references to the document, the first beside its italic.
	if got := mustRule(t, e, "205.4").Body[0].Text; describe(e, &got) != "i[Magic] ref[Tournament Rules]=doc:MTR ref[Magic Tournament Rules]=doc:MTR" ||
		!strings.Contains(got.S, "Rules <http://www.wizards.com/wpn/Events/Rules.aspx> for") {
		t.Errorf("205.4 bare URL: %q %s", got.S, describe(e, &got))
	}
	if got := mustRule(t, e, "206.4").Body[0].Text.S; !strings.HasPrefix(got, "The chaos symbol {CHAOS} appears") {
		t.Errorf("206.4: %q", got)
	}
	if got := mustRule(t, e, "205.2").Body[0].Text.S; !strings.Contains(got, "only the Time Spiral® \"timeshifted\" cards") {
		t.Errorf("205.2 escaped space: %q", got)
	}
	if got := mustRule(t, e, "207.2").Body[0].Text; got.S != "Rather than a fixed number, some creature cards have power and/or toughness that includes a star (*)." || len(got.Spans) != 0 {
		t.Errorf("207.2 star: %q %+v", got.S, got.Spans)
	}
	if p := mustRule(t, e, "201.4a").Pos; p.Line() != 54 || !strings.HasSuffix(p.File(), "004_2d6522ad4a7b1298.txt") {
		t.Errorf("201.4a pos %+v", p)
	}
	if p := mustRule(t, e, "201.4").Pos; p.Line() != 49 {
		t.Errorf("201.4 pos %+v", p)
	}
}

// TestRSTZonesGlossary loads corpus/rst as a directory: zones.rst and
// glossary.rst are one edition, rules first. Counts by hand from the files:
// zones.rst has 9 chapter titles, 50 rule titles and 19 "a." items;
// glossary.rst has 454 terms (lines at indent 4), 26 of them "(Obsolete)",
// 48 numbered senses, 174 seealso directives holding 196 paragraphs, 198
// :ref: and 11 :term: roles (two written :Term:).
func TestRSTZonesGlossary(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "rst")
	eds, err := Load(os.DirFS(dir), ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 1 {
		t.Fatalf("got %d editions", len(eds))
	}
	e := eds[0]
	checkEdition(t, e)
	noWarnings(t, e)
	if got := strings.Join(e.Files, " "); got != "zones.rst glossary.rst" {
		t.Errorf("files %s", got)
	}
	if e.Title != "Zones" || e.Kind != KindExcerpt || len(e.Sections) != 1 || e.Sections[0].Number != 4 || e.Sections[0].Label != "zones" {
		t.Errorf("edition %q %s %+v", e.Title, e.Kind, e.Sections)
	}
	if c := countRST(e); c != (rstCounts{chapters: 9, rules: 50, subrules: 19}) {
		t.Errorf("counts %+v", c)
	}
	if n := len(mustRule(t, e, "405.6").Children); n != 8 {
		t.Errorf("405.6 has %d subrules", n)
	}

	// The broken roles are words again, and nothing reads ":ref:".
	for num, want := range map[string]string{
		"403.5": "or the like are referring to the battlefield.",
		"406.5": "and another ability that refers either to",
		"406.7": "have received errata in the Oracle card reference.",
	} {
		if got := mustRule(t, e, num).Body[0].Text.S; !strings.Contains(got, want) {
			t.Errorf("%s: %q lacks %q", num, got, want)
		}
	}
	restored := 0
	for _, d := range e.Diagnostics {
		if strings.Contains(d.Message, "broken role") {
			restored++
		}
	}
	if restored != 3 {
		t.Errorf("%d broken roles reported, want 3", restored)
	}
	e.visitTexts(func(tx *Text, _ Citer) {
		if strings.Contains(tx.S, ":ref:") || strings.Contains(tx.S, ":term:") {
			t.Errorf("role left in text: %q", tx.S)
		}
	})
	// Link reads "section 9" too; this excerpt lacks it, so it dangles.
	if got := render(mustRule(t, e, "408.3").Body[0].Text); !strings.HasSuffix(got, "See [section 9→?], [casual→casual].") {
		t.Errorf("408.3: %s", got)
	}

	// The glossary.
	var obsolete, senses, seeAlso, labelRefs, termRefs int
	for _, g := range e.Glossary {
		if g.Obsolete {
			obsolete++
		}
		for _, b := range g.Body {
			if b.Kind == BlockText && b.Sense > 0 {
				senses++
			}
			if b.Kind == BlockSeeAlso {
				seeAlso++
			}
			for _, sp := range b.Text.Spans {
				if sp.Kind == SpanRef && sp.Cited().Kind == RefLabel {
					labelRefs++
				}
				if sp.Kind == SpanRef && sp.Cited().Kind == RefGlossary {
					termRefs++
				}
			}
		}
	}
	// 11 glossary references come from :term: roles, 40 more from plain
	// "See Typecycling." prose that Link reads.
	if len(e.Glossary) != 454 || obsolete != 26 || senses != 48 || seeAlso != 196 || labelRefs != 198 || termRefs != 51 {
		t.Errorf("glossary: %d entries, %d obsolete, %d senses, %d seealso, %d :ref:, %d :term:", len(e.Glossary), obsolete, senses, seeAlso, labelRefs, termRefs)
	}
	g := e.Term("Basic Landcycling")
	if g == nil {
		t.Fatal("no Basic Landcycling")
	}
	if got := render(g.Body[0].Text); got != "See [Typecycling→term:Typecycling]." {
		t.Errorf("Basic Landcycling: %s", got)
	}
	if r := refAt(e, Citer{Entry: g}, &g.Body[0].Text, g.Body[0].Text.Spans[0].Start); r == nil || r.From().Entry != g || r.Cited().Kind != RefGlossary {
		t.Errorf("Basic Landcycling ref: %+v", r)
	}
	// :ref:`ante` shows the title of what it labels, chapter 407 "Ante".
	ante := e.Term("Ante")
	if b := ante.Body[len(ante.Body)-1]; b.Kind != BlockSeeAlso || b.Sense != 2 || render(b.Text) != "[Ante→ante]" {
		t.Errorf("Ante seealso: %+v", b)
	}
	for term, want := range map[string]string{
		"You": "You|Your", "Your": "You|Your", "Active Player, Nonactive Player Order": "Active Player, Nonactive Player Order",
		"Bands with Other": `Banding|Bands with Other`, "Removed": "Remove from the Game|Removed|Removed-from-the-Game Zone",
		"Nontraditional Magic Card": "Nontraditional Magic Card",
	} {
		g := e.Term(term)
		if g == nil {
			t.Errorf("no entry for %q", term)
			continue
		}
		if got := strings.Join(g.Terms, "|"); got != want {
			t.Errorf("terms of %q: %s, want %s", term, got, want)
		}
	}
	if g := e.Term("Mana Burn"); g == nil || !g.Obsolete || g.Slug != "mana-burn" {
		t.Errorf("Mana Burn: %+v", g)
	}
	if g := e.Term("Ability"); len(g.Body) != 4 || g.Body[0].Sense != 1 || g.Body[1].Sense != 2 || g.Body[2].Kind != BlockSeeAlso || render(g.Body[2].Text) != "[Abilities→abilities]" {
		t.Errorf("Ability: %+v", g.Body)
	}
}

// TestRSTNothingLost checks every word of the corpus's prose lines against
// the parsed edition: each must appear in some title, term, paragraph or
// diagnostic.
func TestRSTNothingLost(t *testing.T) {
	files := []string{
		"../content/rst-2011/004_2d6522ad4a7b1298.txt",
		corpustest.Path(t, "corpus", "rst", "zones.rst"),
		corpustest.Path(t, "corpus", "rst", "glossary.rst"),
	}
	var srcs []Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, Source{Name: filepath.Base(f), Data: b})
	}
	e := ParseRST(srcs)
	var all strings.Builder
	all.WriteString(e.Title + "\n")
	e.visitTexts(func(tx *Text, _ Citer) { all.WriteString(tx.S + "\n") })
	for _, s := range e.Sections {
		all.WriteString(s.Title + "\n")
	}
	e.Walk(func(r *Rule) bool { all.WriteString(r.Title() + "\n"); return true })
	for _, g := range e.Glossary {
		all.WriteString(strings.Join(g.Terms, "\n") + "\n")
	}
	for _, d := range e.Diagnostics {
		all.WriteString(d.Message + "\n")
	}
	have := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(all.String()), -1) {
		have[w] = true
	}
	markup := regexp.MustCompile("(:[A-Za-z]+:)|(<[^<>` ]*>`)")
	checked := 0
	for _, s := range srcs {
		sc := bufio.NewScanner(bytes.NewReader(s.Data))
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "..") || isAdornment(line) {
				continue
			}
			if _, _, ok := fieldMarker(line); ok {
				continue
			}
			for _, w := range wordRE.FindAllString(strings.ToLower(markup.ReplaceAllString(line, " ")), -1) {
				checked++
				if !have[w] {
					t.Errorf("%s:%d: word %q lost", s.Name, n, w)
				}
			}
		}
	}
	if checked < 13000 {
		t.Errorf("only %d words checked", checked)
	}
}

var wordRE = regexp.MustCompile(`[a-z]{3,}`)

// TestRSTSubstitutionTable checks the built-in table against the list of
// the 2011 project's substitutions.
func TestRSTSubstitutionTable(t *testing.T) {
	b := corpustest.ReadFile(t, "corpus", "rst", "substitutions.tsv")
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		name, _, _ := strings.Cut(line, "\t")
		name = strings.Trim(name, "|")
		n++
		sym, ok := rstSymbols[name]
		if !ok {
			t.Errorf("substitution |%s| missing from rstSymbols", name)
			continue
		}
		want := "{" + name + "}"
		switch name {
		case "C":
			want = "{CHAOS}"
		}
		if sym != want {
			t.Errorf("|%s| → %s, want %s", name, sym, want)
		}
	}
	if n != 49 || len(rstSymbols) != n {
		t.Errorf("%d substitutions listed, %d in the table", n, len(rstSymbols))
	}
}

// TestRSTProject loads testdata/rst-project: an index whose toctree names
// the other files (one by "Title <name>", one missing) and a file no
// toctree names.
func TestRSTProject(t *testing.T) {
	eds, err := Load(os.DirFS("testdata"), "rst-project")
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 1 {
		t.Fatalf("got %d editions", len(eds))
	}
	e := eds[0]
	checkEdition(t, e)
	want := "rst-project/index.rst rst-project/concepts.rst rst-project/turn.rst rst-project/glossary.rst rst-project/orphan.rst"
	if got := strings.Join(e.Files, " "); got != want {
		t.Errorf("files\n got %s\nwant %s", got, want)
	}
	if e.Title != "Magic: The Gathering Comprehensive Rules" || !e.Effective.Equal(time.Date(2011, 7, 15, 0, 0, 0, 0, time.UTC)) || e.ID != "2011-07-15" {
		t.Errorf("edition %q %s %q", e.Title, e.EffectiveDate(), e.ID)
	}
	wantOutline := `I: These rules are a small test project in the shape of the 2011 Sphinx rendering: an index whose toctree names the other files.
I: This paragraph follows the toctree and belongs to the introduction.
§1 Game Concepts [game-concepts]
100 General [general]
100.1
100.1: These Magic rules apply to any Magic game with two or more players.
100.1a
100.1a: A two-player game is a game that begins with only two players.
100.1b
100.1b: A multiplayer game is a game that begins with more than two players. See [Turn Structure→turn-structure].
100.1b ex: Four players sit around a table.
§5 Turn Structure [turn-structure]
500 Turn Structure General
500.1
500.1: A turn consists of five phases, in this order: beginning, precombat main, combat, postcombat main, and ending. Each of these phases takes place every turn, even if nothing happens during the phase. See [Concepts→game-concepts] and [Untap Step→term:Untap Step].
500.1 see: [General→general]
G Untap Step
G: Part of the turn. This step is the first step of the beginning phase. {Q} untaps.
C: Rules Manager: A. Tester
`
	if got := outline(e); got != wantOutline {
		t.Errorf("got\n%s\nwant\n%s", got, wantOutline)
	}
	wantDiags(t, e, []string{
		"17:warning:toctree names \"missing\"",
		"1:warning:no toctree names this file",
		"6:info:label \"index\" names",
	})
	for _, d := range e.Diagnostics {
		if strings.Contains(d.Message, "toctree names \"missing\"") && d.File != "rst-project/index.rst" {
			t.Errorf("diagnostic names %s", d.File)
		}
	}
}

// TestRSTProjectTree reads a project with documents in a subdirectory, a
// :glob: toctree, a nested toctree, a toctree that names the index again,
// and nine sections, so the edition is a full one.
func TestRSTProjectTree(t *testing.T) {
	pairs := []string{"p/index.rst", ".. toctree::\n   :glob:\n\n   rules/*\n   glossary\n"}
	for s := 1; s <= 9; s++ {
		body := "****\nS" + string(rune('0'+s)) + "\n****\n\nC\n=\n\n" + string(rune('0'+s)) + "00.1\n-----\n\nText.\n"
		if s == 1 {
			body += "\n.. toctree::\n\n   ../index\n   zz-extra\n"
		}
		pairs = append(pairs, "p/rules/s"+string(rune('0'+s))+".rst", body)
	}
	pairs = append(pairs, "p/rules/zz-extra.rst", "Extra paragraph.\n", "p/glossary.rst", ".. glossary::\n\n    Term\n        Def.\n")
	e := parseRSTFiles(t, pairs...)
	if e.Kind != KindFull || len(e.Sections) != 9 || len(e.Glossary) != 1 {
		t.Fatalf("kind %s, %d sections, %d entries\n%s", e.Kind, len(e.Sections), len(e.Glossary), diagText(e.Diagnostics))
	}
	want := "p/index.rst p/rules/s1.rst p/rules/zz-extra.rst p/rules/s2.rst p/rules/s3.rst p/rules/s4.rst p/rules/s5.rst p/rules/s6.rst p/rules/s7.rst p/rules/s8.rst p/rules/s9.rst p/glossary.rst"
	if got := strings.Join(e.Files, " "); got != want {
		t.Errorf("files\n got %s\nwant %s", got, want)
	}
	// zz-extra.rst has no title: its paragraph continues rule 100.1.
	if got := outline(e); !strings.Contains(got, "100.1: Text.\n100.1: Extra paragraph.\n§2 S2") {
		t.Errorf("outline:\n%s", got)
	}
	wantDiags(t, e, []string{"13:info:toctree names p/index.rst, already read"})
}

// TestLoadRSTProjectSubdirectories loads a Sphinx project from a directory
// tree: index.rst's toctree names documents in subdirectories ("rules/a",
// "rules/deep/b"), which join the project's edition instead of being read
// as editions of their own. _build is no source; a subdirectory with its
// own edition.txt and other files in subdirectories are still loaded as
// editions.
func TestLoadRSTProjectSubdirectories(t *testing.T) {
	rule := func(sect int, title string) string {
		n := fmt.Sprint(sect)
		return "****\n" + title + "\n****\n\nC\n=\n\n" + n + "00.1\n-----\n\n" + title + " text.\n"
	}
	fsys := fstest.MapFS{
		"cr/index.rst":             {Data: []byte(":Date: July 15, 2011\n\n.. toctree::\n\n   rules/a\n   rules/deep/b\n   glossary/terms\n")},
		"cr/rules/a.rst":           {Data: []byte(rule(1, "Game Concepts"))},
		"cr/rules/deep/b.rst":      {Data: []byte(rule(5, "Turn Structure"))},
		"cr/glossary/terms.rst":    {Data: []byte(".. glossary::\n\n    Term\n        Def.\n")},
		"cr/_build/text/a.rst":     {Data: []byte("not a source\n")},
		"cr/old/edition.txt":       {Data: []byte("id: old\nformat: md\nfiles: old.md\n")},
		"cr/old/old.md":            {Data: []byte("# 1. Game Concepts\n\n## 100. General\n\n100.1. Old text.\n")},
		"cr/notes/2026-01-16.txt":  {Data: []byte("not rules at all\n")},
		"cr/notes/stray/other.rst": {Data: []byte(rule(2, "Parts of a Card"))},
	}
	eds, err := Load(fsys, "cr")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*Edition{}
	var ids []string
	for _, e := range eds {
		byID[e.ID] = e
		ids = append(ids, e.ID)
	}
	e := byID["2011-07-15"]
	if len(eds) != 3 || e == nil || byID["old"] == nil {
		t.Fatalf("editions %q, want the project 2011-07-15, old and the notes file", ids)
	}
	want := "cr/index.rst cr/rules/a.rst cr/rules/deep/b.rst cr/glossary/terms.rst cr/notes/stray/other.rst"
	if got := strings.Join(e.Files, " "); got != want {
		t.Errorf("files\n got %s\nwant %s", got, want)
	}
	if len(e.Sections) != 3 || e.Rule(Number{Chapter: 500, Rule: 1}) == nil || len(e.Glossary) != 1 {
		t.Errorf("%d sections, 500.1 %v, %d glossary entries\n%s", len(e.Sections), e.Rule(Number{Chapter: 500, Rule: 1}), len(e.Glossary), diagText(e.Diagnostics))
	}
	// Every document the toctree names was read; one no toctree names is
	// read after the others, as in the project's own directory.
	orphan := false
	for _, d := range e.Diagnostics {
		if strings.Contains(d.Message, "not among the files read") {
			t.Errorf("unexpected: %s", d)
		}
		orphan = orphan || d.File == "cr/notes/stray/other.rst" && strings.Contains(d.Message, "no toctree names this file")
	}
	if !orphan {
		t.Errorf("no warning for the document no toctree names:\n%s", diagText(e.Diagnostics))
	}
}
