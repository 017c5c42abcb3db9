package rules_test

import (
	"path/filepath"
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
// 2026-01-16 and 2022-04-29 are also the counts the project was given
// (3,260/276/725 and 2,788/265/621). A naive count of the blank-separated
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
	{"2008-05-01.txt", counts{6, 1233, 164, 392}},
	{"2008-07-15.txt", counts{6, 1246, 162, 395}},
	{"2009-02-01.txt", counts{6, 1268, 166, 401}},
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
	{"2020-06-01.txt", counts{9, 2568, 250, 570}},
	{"2020-07-03.txt", counts{9, 2584, 251, 571}},
	{"2020-09-25.txt", counts{9, 2609, 252, 576}},
	{"2020-11-20.txt", counts{9, 2626, 254, 578}},
	{"2021-02-24.txt", counts{9, 2647, 258, 585}},
	{"2021-04-19.txt", counts{9, 2654, 258, 589}},
	{"2021-07-12.txt", counts{9, 2715, 260, 600}},
	{"2021-11-15.txt", counts{9, 2754, 265, 612}},
	{"2022-04-29.txt", counts{9, 2788, 265, 621}},
	{"2022-06-10.txt", counts{9, 2806, 266, 625}},
	{"2022-09-08.txt", counts{9, 2818, 266, 629}},
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
