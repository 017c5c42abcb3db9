package rules_test

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// counts are what a test expects of one parsed edition.
type counts struct {
	sections, numbered, examples, glossary int
}

func countOf(e *rules.Edition) counts {
	c := counts{sections: len(e.Sections), glossary: len(e.Glossary)}
	e.Walk(func(r *rules.Rule) bool {
		c.numbered++
		c.examples += len(r.Examples())
		return true
	})
	return c
}

func parseCorpus(t testing.TB, name string) *rules.Edition {
	t.Helper()
	b := corpustest.ReadFile(t, "corpus", "cr", name)
	return rules.ParseText(rules.Source{Name: filepath.Join("cr", name), Data: b})
}

// corpusCounts is what each file in ../shared/corpus/cr must parse to:
// sections, numbered entries (chapters + rules + subrules), examples and
// glossary entries.
//
// Checked by hand against the source (grep/awk over the decoded files, body
// from the second "100. " line to the last "Glossary" line, glossary as the
// blank-separated blocks between "Glossary" and "Credits" whose first line
// is not indented):
//   - numbered/examples/sections: 2003-03-15, 2003-10-01 and 2003-12-01
//     (hard-wrapped: only rule lines after a blank line), 2005-10-01,
//     2007-02-01, 2009-09-04, 2010-06-18, 2013-04-29 (UTF-16BE),
//     2016-08-26 (UTF-16LE), 2021-11-15, 2022-04-29, 2026-01-16: all equal.
//   - glossary: 2003-10-01 299, 2007-02-01 358, 2009-09-04 419, 2013-02-01
//     30 (the file is truncated in the glossary: its 31st block is the
//     headword "Attack Multiple Players" with no definition, where the file
//     stops, which is not kept as an entry), 2013-04-29 476, 2016-08-26
//     519, 2022-04-29 621, 2026-01-16 725: equal; 2003-03-15 has 214 such
//     blocks, three of which are subheadings of the table of expansion
//     symbols inside "Expansion Symbol", so 211 entries.
//
// Ten files lost the blank line before one term, which the blocks count
// misses: Floor Rules (2008-05-01, 2008-07-15, 2009-02-01), Concede
// (2020-06-01, 2020-07-03) and Affinity (2021-07-12 to 2022-09-08) each
// follow the previous definition directly (grep -B1 '^Affinity$'), so
// those glossaries hold one entry more than their blocks.
//
// 2026-01-16 and 2022-04-29 are also the counts the project was given
// (3,260/276/725 and 2,788/265/621; 622 with Affinity). A naive count of the blank-separated
// blocks from the "Glossary" heading to "Credits" in 2026-01-16 gives 726:
// the heading line is a block of its own; the entries are 725.
var corpusCounts = []struct {
	file string
	want counts
}{
	{"2003-03-15.txt", counts{5, 580, 61, 211}},
	{"2003-10-01.txt", counts{5, 755, 89, 299}},
	{"2003-12-01.txt", counts{5, 757, 94, 301}},
	{"2004-10-01.txt", counts{5, 799, 103, 319}},
	{"2005-02-01.txt", counts{5, 808, 104, 323}},
	{"2005-10-01.txt", counts{6, 981, 142, 342}},
	{"2006-02-01.txt", counts{6, 998, 145, 345}},
	{"2006-06-01.txt", counts{5, 767, 95, 307}},
	{"2006-07-15.txt", counts{6, 1029, 152, 351}},
	{"2007-02-01.txt", counts{6, 1067, 155, 358}},
	{"2007-05-01.txt", counts{6, 1157, 164, 373}},
	{"2007-09-07.txt", counts{6, 1161, 164, 375}},
	{"2007-10-01.txt", counts{6, 1208, 162, 386}},
	{"2008-05-01.txt", counts{6, 1233, 164, 393}},
	{"2008-07-15.txt", counts{6, 1246, 162, 396}},
	{"2009-02-01.txt", counts{6, 1268, 166, 402}},
	{"2009-05-01.txt", counts{6, 1274, 166, 403}},
	{"2009-09-04.txt", counts{9, 1656, 189, 419}},
	{"2009-10-01.txt", counts{9, 1714, 195, 424}},
	{"2010-04-23.txt", counts{9, 1791, 201, 431}},
	{"2010-06-18.txt", counts{9, 1848, 201, 441}},
	{"2010-10-01.txt", counts{9, 1890, 204, 444}},
	{"2011-02-04.txt", counts{9, 1901, 207, 449}},
	{"2011-05-01.txt", counts{9, 1937, 212, 452}},
	{"2011-06-17.txt", counts{9, 1946, 212, 454}},
	{"2011-09-30.txt", counts{9, 1988, 217, 460}},
	{"2012-02-01.txt", counts{9, 1993, 218, 461}},
	{"2012-06-01.txt", counts{9, 2015, 218, 465}},
	{"2012-07-01.txt", counts{9, 2017, 219, 465}},
	{"2013-02-01.txt", counts{9, 2046, 220, 30}},
	{"2013-04-29.txt", counts{9, 2054, 223, 476}},
	{"2013-09-27.txt", counts{9, 2075, 222, 483}},
	{"2013-11-01.txt", counts{9, 2076, 222, 483}},
	{"2014-09-26.txt", counts{9, 2134, 223, 496}},
	{"2015-01-23.txt", counts{9, 2152, 223, 500}},
	{"2015-07-17.txt", counts{9, 2166, 226, 503}},
	{"2015-09-26.txt", counts{9, 2175, 226, 506}},
	{"2016-07-22.txt", counts{9, 2245, 238, 516}},
	{"2016-08-26.txt", counts{9, 2261, 238, 519}},
	{"2016-11-11.txt", counts{9, 2299, 241, 526}},
	{"2017-01-19.txt", counts{9, 2306, 242, 527}},
	{"2017-06-05.txt", counts{9, 2339, 243, 531}},
	{"2017-07-07.txt", counts{9, 2345, 244, 533}},
	{"2017-09-25.txt", counts{9, 2367, 244, 534}},
	{"2018-07-13.txt", counts{9, 2430, 243, 544}},
	{"2018-10-05.txt", counts{9, 2447, 243, 550}},
	{"2019-01-25.txt", counts{9, 2458, 243, 554}},
	{"2019-06-12.txt", counts{9, 2468, 244, 555}},
	{"2019-07-12.txt", counts{9, 2476, 244, 559}},
	{"2019-10-04.txt", counts{9, 2518, 248, 562}},
	{"2020-01-22.txt", counts{9, 2524, 249, 563}},
	{"2020-06-01.txt", counts{9, 2568, 250, 571}},
	{"2020-07-03.txt", counts{9, 2584, 251, 572}},
	{"2020-09-25.txt", counts{9, 2609, 252, 576}},
	{"2020-11-20.txt", counts{9, 2626, 254, 578}},
	{"2021-02-24.txt", counts{9, 2647, 258, 585}},
	{"2021-04-19.txt", counts{9, 2654, 258, 589}},
	{"2021-07-12.txt", counts{9, 2715, 260, 601}},
	{"2021-11-15.txt", counts{9, 2754, 265, 613}},
	{"2022-04-29.txt", counts{9, 2788, 265, 622}},
	{"2022-06-10.txt", counts{9, 2806, 266, 626}},
	{"2022-09-08.txt", counts{9, 2818, 266, 630}},
	{"2022-10-07.txt", counts{9, 2900, 270, 642}},
	{"2023-04-14.txt", counts{9, 2984, 274, 656}},
	{"2023-10-13.txt", counts{9, 3030, 276, 664}},
	{"2024-02-06.txt", counts{9, 3080, 276, 673}},
	{"2024-03-08.txt", counts{9, 3085, 276, 675}},
	{"2024-08-02.txt", counts{9, 3137, 279, 690}},
	{"2024-11-08.txt", counts{9, 3151, 272, 698}},
	{"2025-04-04.txt", counts{9, 3192, 275, 708}},
	{"2025-06-06.txt", counts{9, 3204, 275, 711}},
	{"2025-09-19.txt", counts{9, 3239, 275, 721}},
	{"2026-01-16.txt", counts{9, 3260, 276, 725}},
}

func TestCorpus(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(corpusCounts) {
		t.Errorf("%d files in the corpus, %d in the table", len(files), len(corpusCounts))
	}
	for _, c := range corpusCounts {
		t.Run(c.file, func(t *testing.T) {
			e := parseCorpus(t, c.file)
			if got := countOf(e); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			for _, d := range e.Diagnostics {
				if d.Severity == rules.SevError {
					t.Errorf("%s", d)
				}
			}
			if e.EffectiveDate() == "" || e.ID != e.EffectiveDate() || e.Title == "" || len(e.Intro) == 0 {
				t.Errorf("id %q, effective %q, title %q, %d intro paragraphs", e.ID, e.EffectiveDate(), e.Title, len(e.Intro))
			}
			checkTree(t, e)
		})
	}
}

// checkTree checks the tree's invariants: parents, sections and numbers
// agree, and no entry or paragraph is empty where it must not be.
func checkTree(t *testing.T, e *rules.Edition) {
	t.Helper()
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			if c.Parent != nil || c.Section != s || c.Number.Level() != rules.LevelChapter || c.Number.Section() != s.Number {
				t.Errorf("chapter %s in section %d is misplaced", c.Number, s.Number)
			}
			for _, r := range c.Children {
				if r.Parent != c || r.Number.Parent() != c.Number || r.Section != s {
					t.Errorf("rule %s under %s is misplaced", r.Number, c.Number)
				}
				for _, sub := range r.Children {
					if sub.Parent != r || sub.Number.Parent() != r.Number || len(sub.Children) != 0 {
						t.Errorf("subrule %s under %s is misplaced", sub.Number, r.Number)
					}
				}
			}
		}
	}
	e.Walk(func(r *rules.Rule) bool {
		for _, b := range r.Body {
			if b.Text.S == "" || b.Pos.Line == 0 {
				t.Errorf("%s: empty paragraph or no position", r.Number)
			}
		}
		return true
	})
	for _, g := range e.Glossary {
		if len(g.Terms) == 0 || g.Terms[0] == "" || g.Slug == "" {
			t.Errorf("glossary entry at line %d has no term", g.Pos.Line)
		}
	}
}

// TestCorpusNothingLost: every non-blank line from the first section heading
// to the end of the file is the start of something in the tree (a heading,
// entry, paragraph, example, glossary entry or credit) or has a diagnostic.
// The two hard-wrapped 2003 files join lines into paragraphs, so only the
// first line of each is a position; they are checked by their counts.
func TestCorpusNothingLost(t *testing.T) {
	for _, c := range corpusCounts {
		if c.file == "2003-10-01.txt" || c.file == "2003-12-01.txt" {
			continue
		}
		e := parseCorpus(t, c.file)
		if len(e.Sections) == 0 {
			t.Errorf("%s: no sections", c.file)
			continue
		}
		seen := map[int]bool{}
		blocks := func(bs []rules.Block) {
			for _, b := range bs {
				seen[b.Pos.Line] = true
			}
		}
		for _, s := range e.Sections {
			seen[s.Pos.Line] = true
		}
		e.Walk(func(r *rules.Rule) bool {
			seen[r.Pos.Line] = true
			blocks(r.Body)
			return true
		})
		for _, g := range e.Glossary {
			seen[g.Pos.Line] = true
			blocks(g.Body)
		}
		blocks(e.Credits)
		for _, d := range e.Diagnostics {
			seen[d.Line] = true
		}
		text, _ := rules.Decode(corpustest.ReadFile(t, "corpus", "cr", c.file))
		lines := rules.Lines(text)
		lost := 0
		for i := e.Sections[0].Pos.Line - 1; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == "" || seen[i+1] {
				continue
			}
			if lines[i] == "Glossary" || lines[i] == "Credits" {
				continue // the headings themselves
			}
			if lost++; lost <= 3 {
				t.Errorf("%s:%d: line not in the tree: %q", c.file, i+1, lines[i])
			}
		}
	}
}

// TestCorpusLegacyEncodings: the files that are not UTF-8 are read in the
// code page they were saved in, which their Arabian Nights card names show
// (see decode_legacy.go); every other file is UTF-8 or UTF-16. Across the
// corpus, those names then read as printed: no "Dandƒn", "El-Hajj‰j".
func TestCorpusLegacyEncodings(t *testing.T) {
	legacy := map[string]string{
		"2006-07-15.txt": rules.EncCP437, "2007-05-01.txt": rules.EncCP437, "2013-09-27.txt": rules.EncCP437,
		"2013-11-01.txt": rules.EncCP437, "2019-01-25.txt": rules.EncCP437,
		"2007-02-01.txt": rules.EncMacRoman, "2007-09-07.txt": rules.EncMacRoman,
	}
	for _, f := range []string{"2003-10-01", "2003-12-01", "2005-10-01", "2014-09-26", "2015-01-23", "2015-07-17",
		"2015-09-26", "2016-07-22", "2016-11-11", "2017-01-19", "2017-06-05", "2017-07-07", "2017-09-25",
		"2018-07-13", "2018-10-05", "2022-10-07"} {
		legacy[f+".txt"] = rules.EncWindows1252
	}
	// Each name as printed, by what it starts with.
	names := map[string][]string{"Dand": {"Dandân", "Dandan"}, "El-Hajj": {"El-Hajjâj", "El-Hajjaj"}, "Juz": {"Juzám"},
		"Ma'r": {"Ma'rûf"}, "Ma’r": {"Ma’rûf"}, "Jun": {"Junún Efreet", "June", "Jund", "Junk"}, "Ghazb": {"Ghazbán"}, "Khab": {"Khabál"}}
	dir := corpustest.Path(t, "corpus", "cr")
	for _, c := range corpusCounts {
		b, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		text, enc := rules.Decode(b)
		want, ok := legacy[c.file]
		if !ok && !strings.HasPrefix(enc, "utf-") || ok && enc != want {
			t.Errorf("%s: encoding %s, want %s", c.file, enc, cmp.Or(want, "utf-*"))
		}
		for lead, want := range names {
			for rest := text; ; {
				i := strings.Index(rest, lead)
				if i < 0 {
					break
				}
				rest = rest[i:]
				if !slices.ContainsFunc(want, func(w string) bool { return strings.HasPrefix(rest, w) }) {
					t.Errorf("%s: %q", c.file, rest[:min(len(rest), len(lead)+4)])
				}
				rest = rest[len(lead):]
			}
		}
	}
}

// TestCorpusNoUnderscoreEmphasis: the older files mark italics with
// underscores ("Traditional _Magic_ Card", "_Ice Age_"); none may be left
// in any headword, title or paragraph of any edition. An underscore inside
// a word (a URL's "UTR_Intro") or a run of three or more (the blank in
// "Wolf in ________ Clothing") is text. Before this was checked, 34
// glossary headwords, 19 chapter titles ("The _Magic_ Golden Rules"), 14
// rule paragraphs, 2 glossary paragraphs and 9 introductions across 19
// editions (2008-07-15 to 2013-11-01) showed underscores: the titles and
// headwords were not read for markup at all, and a lone closing underscore
// ("Oracle_(TM)", "Wizards of the Coast_(R)") or a doubled pair
// ("__Magic: The Gathering__") was left as printed.
func TestCorpusNoUnderscoreEmphasis(t *testing.T) {
	italics := 0
	for _, c := range corpusCounts {
		e := parseCorpus(t, c.file)
		check := func(where, s string) {
			if i := underscoreMark(s); i >= 0 {
				t.Errorf("%s: %s: underscore left in %q", c.file, where, s[max(i-30, 0):min(i+10, len(s))])
			}
		}
		blocks := func(where string, bs []rules.Block) {
			for _, b := range bs {
				check(fmt.Sprintf("%s (line %d)", where, b.Pos.Line), b.Text.S)
				for _, sp := range b.Text.Spans {
					if sp.Kind == rules.SpanItalic {
						italics++
					}
				}
			}
		}
		check("title", e.Title)
		blocks("introduction", e.Intro)
		for _, s := range e.Sections {
			check(fmt.Sprintf("section %d", s.Number), s.Title)
		}
		e.Walk(func(r *rules.Rule) bool {
			check(r.Number.String(), r.Title)
			blocks(r.Number.String(), r.Body)
			return true
		})
		for _, g := range e.Glossary {
			for _, term := range g.Terms {
				check("headword", term)
			}
			blocks(g.Term(), g.Body)
		}
		blocks("credits", e.Credits)
	}
	t.Logf("%d italic spans", italics)
}

// underscoreMark returns where s has an underscore left from emphasis (a
// run of one or two glued to a word on one side only), or -1.
func underscoreMark(s string) int {
	word := func(i int) bool {
		return i >= 0 && i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9')
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '_' {
			continue
		}
		k := 1
		for i+k < len(s) && s[i+k] == '_' {
			k++
		}
		if k <= 2 && word(i-1) != word(i+k) {
			return i
		}
		i += k - 1
	}
	return -1
}
