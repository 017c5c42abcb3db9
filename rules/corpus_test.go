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
// The 55 files added with the 1999–2002 editions were checked the same way
// by a script that reads the decoded files, not the parser (a line per
// entry in the body; in the hard-wrapped files only lines after a blank
// line or shaped as a subrule; "EXAMPLE:" counted as "Example:"; the
// glossary as blocks up to "Index" or "Credits"). It agrees on every count
// but these, each read in the file: the glossaries of 2001-07-23,
// 2001-09-24, 2002-02-20 and 2002-10-07 hold the three expansion-table
// subheadings (like 2003-03-15) and 2003-05-26 two, so the blocks are 3 or
// 2 more than the entries; Floor Rules (2008-02-01, 2008-10-01), Concede
// (2020-08-07) and Affinity (2022-02-18, 2022-07-08) lost their blank line
// (one entry more than the blocks); and the numbered lines the script's
// pattern misses are misprints the parser reads: "305.3.The" (1999-04-23,
// 1999-11-01), "408.f" and "408.g" (1999-11-01), "306.b" (2008-10-01) and
// "901.4.In" (2022-11-18 to 2025-02-07). 1999-04-23 has no "Example:" but
// 36 "EXAMPLE:" lines; 2009-07-11 has 8 sections (section 9, Casual
// Variants, came in 2009-09-04).
//
// 2026-01-16 and 2022-04-29 are also the counts the project was given
// (3,260/276/725 and 2,788/265/621; 622 with Affinity). A naive count of the blank-separated
// blocks from the "Glossary" heading to "Credits" in 2026-01-16 gives 726:
// the heading line is a block of its own; the entries are 725.
var corpusCounts = []struct {
	file string
	want counts
}{
	{"1999-04-23.txt", counts{5, 410, 36, 175}},
	{"1999-11-01.txt", counts{5, 419, 37, 188}},
	{"2001-07-23.txt", counts{5, 540, 62, 202}},
	{"2001-09-24.txt", counts{5, 547, 62, 204}},
	{"2002-02-20.txt", counts{5, 550, 62, 206}},
	{"2002-10-07.txt", counts{5, 566, 61, 211}},
	{"2003-03-15.txt", counts{5, 580, 61, 211}},
	{"2003-05-26.txt", counts{5, 580, 62, 212}},
	{"2003-07-01.txt", counts{5, 715, 82, 290}},
	{"2003-10-01.txt", counts{5, 755, 89, 299}},
	{"2003-12-01.txt", counts{5, 757, 94, 301}},
	{"2004-02-01.txt", counts{5, 760, 94, 304}},
	{"2004-10-01.txt", counts{5, 799, 103, 319}},
	{"2005-02-01.txt", counts{5, 808, 104, 323}},
	{"2005-08-01.txt", counts{6, 961, 136, 339}},
	{"2005-10-01.txt", counts{6, 981, 142, 342}},
	{"2006-02-01.txt", counts{6, 998, 145, 345}},
	{"2006-05-01.txt", counts{6, 1016, 150, 349}},
	{"2006-06-01.txt", counts{5, 767, 95, 307}},
	{"2006-07-15.txt", counts{6, 1029, 152, 351}},
	{"2006-10-01.txt", counts{6, 1057, 155, 357}},
	{"2007-02-01.txt", counts{6, 1067, 155, 358}},
	{"2007-05-01.txt", counts{6, 1157, 164, 373}},
	{"2007-07-13.txt", counts{6, 1161, 164, 375}},
	{"2007-09-07.txt", counts{6, 1161, 164, 375}},
	{"2007-10-01.txt", counts{6, 1208, 162, 386}},
	{"2008-02-01.txt", counts{6, 1217, 162, 388}},
	{"2008-05-01.txt", counts{6, 1233, 164, 393}},
	{"2008-07-15.txt", counts{6, 1246, 162, 396}},
	{"2008-10-01.txt", counts{6, 1259, 165, 399}},
	{"2009-02-01.txt", counts{6, 1268, 166, 402}},
	{"2009-05-01.txt", counts{6, 1274, 166, 403}},
	{"2009-07-11.txt", counts{8, 1576, 189, 408}},
	{"2009-09-04.txt", counts{9, 1656, 189, 419}},
	{"2009-10-01.txt", counts{9, 1714, 195, 424}},
	{"2010-02-01.txt", counts{9, 1751, 200, 425}},
	{"2010-04-23.txt", counts{9, 1791, 201, 431}},
	{"2010-06-18.txt", counts{9, 1848, 201, 441}},
	{"2010-07-16.txt", counts{9, 1871, 203, 442}},
	{"2010-10-01.txt", counts{9, 1890, 204, 444}},
	{"2011-02-04.txt", counts{9, 1901, 207, 449}},
	{"2011-04-01.txt", counts{9, 1908, 207, 449}},
	{"2011-05-01.txt", counts{9, 1937, 212, 452}},
	{"2011-06-17.txt", counts{9, 1946, 212, 454}},
	{"2011-07-15.txt", counts{9, 1945, 212, 454}},
	{"2011-09-30.txt", counts{9, 1988, 217, 460}},
	{"2012-02-01.txt", counts{9, 1993, 218, 461}},
	{"2012-05-01.txt", counts{9, 2004, 218, 463}},
	{"2012-06-01.txt", counts{9, 2015, 218, 465}},
	{"2012-07-01.txt", counts{9, 2017, 219, 465}},
	{"2012-10-01.txt", counts{9, 2032, 220, 470}},
	{"2013-02-01.txt", counts{9, 2046, 220, 30}},
	{"2013-04-29.txt", counts{9, 2054, 223, 476}},
	{"2013-07-11.txt", counts{9, 2065, 222, 478}},
	{"2013-09-27.txt", counts{9, 2075, 222, 483}},
	{"2013-11-01.txt", counts{9, 2076, 222, 483}},
	{"2014-02-01.txt", counts{9, 2082, 222, 484}},
	{"2014-05-01.txt", counts{9, 2082, 222, 484}},
	{"2014-06-01.txt", counts{9, 2126, 223, 493}},
	{"2014-07-18.txt", counts{9, 2129, 223, 494}},
	{"2014-09-26.txt", counts{9, 2134, 223, 496}},
	{"2015-01-23.txt", counts{9, 2152, 223, 500}},
	{"2015-03-27.txt", counts{9, 2157, 225, 502}},
	{"2015-07-17.txt", counts{9, 2166, 226, 503}},
	{"2015-09-26.txt", counts{9, 2175, 226, 506}},
	{"2015-11-13.txt", counts{9, 2180, 226, 507}},
	{"2016-01-16.txt", counts{9, 2184, 226, 509}},
	{"2016-04-08.txt", counts{9, 2197, 229, 511}},
	{"2016-07-22.txt", counts{9, 2245, 238, 516}},
	{"2016-08-26.txt", counts{9, 2261, 238, 519}},
	{"2016-09-30.txt", counts{9, 2282, 241, 524}},
	{"2016-11-11.txt", counts{9, 2299, 241, 526}},
	{"2017-01-19.txt", counts{9, 2306, 242, 527}},
	{"2017-04-28.txt", counts{9, 2329, 243, 531}},
	{"2017-06-05.txt", counts{9, 2339, 243, 531}},
	{"2017-07-07.txt", counts{9, 2345, 244, 533}},
	{"2017-08-25.txt", counts{9, 2359, 244, 533}},
	{"2017-09-25.txt", counts{9, 2367, 244, 534}},
	{"2018-01-19.txt", counts{9, 2377, 244, 538}},
	{"2018-04-27.txt", counts{9, 2407, 242, 542}},
	{"2018-06-08.txt", counts{9, 2414, 243, 543}},
	{"2018-07-13.txt", counts{9, 2430, 243, 544}},
	{"2018-08-10.txt", counts{9, 2433, 243, 547}},
	{"2018-10-05.txt", counts{9, 2447, 243, 550}},
	{"2019-01-25.txt", counts{9, 2458, 243, 554}},
	{"2019-05-03.txt", counts{9, 2463, 243, 555}},
	{"2019-06-12.txt", counts{9, 2468, 244, 555}},
	{"2019-07-12.txt", counts{9, 2476, 244, 559}},
	{"2019-08-23.txt", counts{9, 2498, 245, 560}},
	{"2019-10-04.txt", counts{9, 2518, 248, 562}},
	{"2020-01-22.txt", counts{9, 2524, 249, 563}},
	{"2020-04-17.txt", counts{9, 2567, 250, 571}},
	{"2020-06-01.txt", counts{9, 2568, 250, 571}},
	{"2020-07-03.txt", counts{9, 2584, 251, 572}},
	{"2020-08-07.txt", counts{9, 2590, 251, 572}},
	{"2020-09-25.txt", counts{9, 2609, 252, 576}},
	{"2020-11-20.txt", counts{9, 2626, 254, 578}},
	{"2021-02-02.txt", counts{9, 2647, 257, 585}},
	{"2021-02-24.txt", counts{9, 2647, 258, 585}},
	{"2021-04-19.txt", counts{9, 2654, 258, 589}},
	{"2021-06-09.txt", counts{9, 2663, 260, 591}},
	{"2021-07-12.txt", counts{9, 2715, 260, 601}},
	{"2021-11-15.txt", counts{9, 2754, 265, 613}},
	{"2022-02-18.txt", counts{9, 2763, 265, 617}},
	{"2022-04-29.txt", counts{9, 2788, 265, 622}},
	{"2022-06-10.txt", counts{9, 2806, 266, 626}},
	{"2022-07-08.txt", counts{9, 2807, 266, 626}},
	{"2022-09-08.txt", counts{9, 2818, 266, 630}},
	{"2022-10-07.txt", counts{9, 2900, 270, 642}},
	{"2022-11-18.txt", counts{9, 2932, 271, 647}},
	{"2023-04-14.txt", counts{9, 2984, 274, 656}},
	{"2023-10-13.txt", counts{9, 3030, 276, 664}},
	{"2023-11-17.txt", counts{9, 3041, 276, 668}},
	{"2024-02-06.txt", counts{9, 3080, 276, 673}},
	{"2024-03-08.txt", counts{9, 3085, 276, 675}},
	{"2024-04-12.txt", counts{9, 3106, 277, 681}},
	{"2024-06-07.txt", counts{9, 3111, 278, 683}},
	{"2024-08-02.txt", counts{9, 3137, 279, 690}},
	{"2024-11-08.txt", counts{9, 3151, 272, 698}},
	{"2025-02-07.txt", counts{9, 3166, 274, 703}},
	{"2025-04-04.txt", counts{9, 3192, 275, 708}},
	{"2025-06-06.txt", counts{9, 3204, 275, 711}},
	{"2025-07-25.txt", counts{9, 3225, 276, 715}},
	{"2025-09-19.txt", counts{9, 3239, 275, 721}},
	{"2025-11-14.txt", counts{9, 3255, 276, 725}},
	{"2026-01-16.txt", counts{9, 3260, 276, 725}},
	{"2026-02-27.txt", counts{9, 3266, 276, 726}},
	{"2026-04-17.txt", counts{9, 3285, 277, 730}},
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
			if c.Parent != nil || c.Section() != s || c.Number.Level() != rules.LevelChapter || c.Number.Section() != s.Number {
				t.Errorf("chapter %s in section %d is misplaced", c.Number, s.Number)
			}
			for _, r := range c.Children {
				if r.Parent != c || r.Number.Parent() != c.Number || r.Section() != s {
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
			if b.Text.S == "" || b.Pos.Line() == 0 {
				t.Errorf("%s: empty paragraph or no position", r.Number)
			}
		}
		return true
	})
	for _, g := range e.Glossary {
		if len(g.Terms) == 0 || g.Terms[0] == "" || g.Slug == "" {
			t.Errorf("glossary entry at line %d has no term", g.Pos.Line())
		}
	}
}

// TestCorpusNothingLost: every non-blank line from the first section heading
// to the end of the file is the start of something in the tree (a heading,
// entry, paragraph, example, glossary entry or credit) or has a diagnostic.
// The hard-wrapped files (1999-04-23, 2001–2002, 2003-10-01 to 2004-02-01)
// join lines into paragraphs, so only the first line of each is a
// position: there, the lines after a blank line are checked, and the
// counts check the rest. Rules of dashes drawn under headings (1999) are
// not text, and the printed index (1999) is left out with a note that
// names its lines.
func TestCorpusNothingLost(t *testing.T) {
	for _, c := range corpusCounts {
		e := parseCorpus(t, c.file)
		if len(e.Sections) == 0 {
			t.Errorf("%s: no sections", c.file)
			continue
		}
		seen := map[int]bool{}
		blocks := func(bs []rules.Block) {
			for _, b := range bs {
				seen[b.Pos.Line()] = true
			}
		}
		for _, s := range e.Sections {
			seen[s.Pos.Line()] = true
		}
		e.Walk(func(r *rules.Rule) bool {
			seen[r.Pos.Line()] = true
			blocks(r.Body)
			return true
		})
		for _, g := range e.Glossary {
			seen[g.Pos.Line()] = true
			blocks(g.Body)
		}
		blocks(e.Credits)
		var left [2]int // the lines of the index left out
		for _, d := range e.Diagnostics {
			seen[d.Line] = true
			fmt.Sscanf(d.Message, "the printed index (lines %d–%d)", &left[0], &left[1])
		}
		text, _ := rules.Decode(corpustest.ReadFile(t, "corpus", "cr", c.file))
		lines := rules.Lines(text)
		long := 0
		for _, l := range lines {
			if len(l) > 160 {
				long++
			}
		}
		wrapped := long*100 < len(lines)
		blank := func(i int) bool {
			s := strings.Trim(lines[i], " \t")
			return s == "" || strings.Trim(s, "-") == "" || strings.Trim(s, "=") == ""
		}
		lost := 0
		for i := e.Sections[0].Pos.Line() - 1; i < len(lines); i++ {
			if blank(i) || seen[i+1] || wrapped && !blank(i-1) || left[0] <= i+1 && i+1 <= left[1] {
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
		"2006-07-15.txt": rules.EncCP437, "2007-05-01.txt": rules.EncCP437, "2013-07-11.txt": rules.EncCP437,
		"2013-09-27.txt": rules.EncCP437, "2013-11-01.txt": rules.EncCP437, "2019-01-25.txt": rules.EncCP437,
		"2004-02-01.txt": rules.EncMacRoman, "2006-10-01.txt": rules.EncMacRoman, "2007-02-01.txt": rules.EncMacRoman,
		"2007-07-13.txt": rules.EncMacRoman, "2007-09-07.txt": rules.EncMacRoman,
	}
	for _, f := range []string{"2003-10-01", "2003-12-01", "2005-10-01", "2010-02-01", "2014-02-01", "2014-09-26",
		"2015-01-23", "2015-03-27", "2015-07-17", "2015-09-26", "2015-11-13", "2016-01-16", "2016-04-08", "2016-07-22",
		"2016-11-11", "2017-01-19", "2017-04-28", "2017-06-05", "2017-07-07", "2017-08-25", "2017-09-25", "2018-07-13",
		"2018-08-10", "2018-10-05", "2022-10-07"} {
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
				check(fmt.Sprintf("%s (line %d)", where, b.Pos.Line()), b.Text.S)
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
			check(r.Number.String(), r.Title())
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
