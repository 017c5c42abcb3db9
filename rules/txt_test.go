package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// miniCR is a small official text with the parts every edition has: title,
// date, introduction, contents, two sections, a glossary and credits.
const miniCR = `Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

Introduction

This document is the ultimate authority for _Magic: The Gathering_(tm) competitive play.

Contents

1. Game Concepts
100. General
101. The Magic Golden Rules

2. Parts of a Card
200. General

Glossary

Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.
Example: A game’s players are Alex and Rob.

100.2. To play, each player needs their own deck. See rule 100.1a.
     A second paragraph continues rule 100.2.
 Example: An example with a leading space.

101. The Magic Golden Rules

101.1. Whenever a card’s text directly contradicts these rules, the card takes precedence.

2. Parts of a Card

200. General

200.1. The parts of a card are name, mana cost {2}{W}, and so on.

Glossary

Abandon
To turn a face-up ongoing scheme card face down. See rule 701.54.

Ability
1. Text on an object that explains what that object does.
2. An activated or triggered ability on the stack.
Example: A second sense’s example.

Active Player, Nonactive Player Order
A system that determines the order of choices. See rule 101.4.

APNAP Order
See Active Player, Nonactive Player Order.

Ante (Obsolete)
Earlier versions of the Magic rules included an ante rule.

Banding, “Bands with Other”
Banding is a keyword ability.

You, Your
Words that refer to an object’s controller.

Credits

Magic: The Gathering Original Game Design: Richard Garfield

These rules are effective as of January 16, 2026.
`

// summary prints an edition's tree in a compact, comparable form.
func summary(e *rules.Edition) string {
	var b strings.Builder
	fmt.Fprintf(&b, "id=%s title=%q\n", e.ID, e.Title)
	for _, x := range e.Intro {
		fmt.Fprintf(&b, "intro %q %v\n", x.Text.S, x.Text.Spans)
	}
	for _, s := range e.Sections {
		fmt.Fprintf(&b, "section %d %q\n", s.Number, s.Title)
	}
	e.Walk(func(r *rules.Rule) bool {
		fmt.Fprintf(&b, "%s %q\n", r.Number, r.Title)
		for _, x := range r.Body {
			fmt.Fprintf(&b, "  %d %q\n", x.Kind, x.Text.S)
		}
		return true
	})
	for _, g := range e.Glossary {
		fmt.Fprintf(&b, "term %q obsolete=%v\n", g.Terms, g.Obsolete)
		for _, x := range g.Body {
			fmt.Fprintf(&b, "  %d/%d %q\n", x.Kind, x.Sense, x.Text.S)
		}
	}
	for _, x := range e.Credits {
		fmt.Fprintf(&b, "credit %q\n", x.Text.S)
	}
	return b.String()
}

func utf16Bytes(s string, bigEndian bool) []byte {
	u := utf16.Encode([]rune(s))
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, c := range u {
		if bigEndian {
			out = append(out, byte(c>>8), byte(c))
		} else {
			out = append(out, byte(c), byte(c>>8))
		}
	}
	return out
}

func cp1252Bytes(t *testing.T, s string) []byte {
	high := map[rune]byte{'’': 0x92, '“': 0x93, '”': 0x94, '—': 0x97, '™': 0x99}
	var out []byte
	for _, r := range s {
		switch {
		case r < 0x80:
			out = append(out, byte(r))
		case high[r] != 0:
			out = append(out, high[r])
		case r < 0x100:
			out = append(out, byte(r))
		default:
			t.Fatalf("no Windows-1252 byte for %q", r)
		}
	}
	return out
}

// TestParseTextVariants parses the same document as it is found in the
// wild — every encoding, line end and indentation — and wants the same tree.
func TestParseTextVariants(t *testing.T) {
	want := rules.ParseText(rules.Source{Name: "mini.txt", Data: []byte(miniCR)})
	if want.Failed() {
		t.Fatalf("mini.txt: %v", want.Diagnostics)
	}
	reindent := func(s string) string {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			if l != "" {
				lines[i] = "   " + l
			}
		}
		return strings.Join(lines, "\n")
	}
	mixed := func(s string) string {
		var b strings.Builder
		for i, l := range strings.Split(s, "\n") {
			if i > 0 {
				b.WriteString([]string{"\r\n", "\r", "\n"}[i%3])
			}
			b.WriteString(l)
		}
		return b.String()
	}
	tests := []struct {
		name, enc string
		data      []byte
	}{
		{"utf-8", rules.EncUTF8, []byte(miniCR)},
		{"utf-8 with BOM", rules.EncUTF8BOM, append([]byte{0xEF, 0xBB, 0xBF}, miniCR...)},
		{"utf-16le", rules.EncUTF16LE, utf16Bytes(miniCR, false)},
		{"utf-16be", rules.EncUTF16BE, utf16Bytes(miniCR, true)},
		{"windows-1252", rules.EncWindows1252, cp1252Bytes(t, miniCR)},
		{"CRLF", rules.EncUTF8, []byte(strings.ReplaceAll(miniCR, "\n", "\r\n"))},
		{"CR", rules.EncUTF8, []byte(strings.ReplaceAll(miniCR, "\n", "\r"))},
		{"mixed line ends", rules.EncUTF8, []byte(mixed(miniCR))},
		{"re-indented", rules.EncUTF8, []byte(reindent(miniCR))},
		{"UTF-16 CRLF", rules.EncUTF16LE, utf16Bytes(strings.ReplaceAll(miniCR, "\n", "\r\n"), false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := rules.ParseText(rules.Source{Name: "mini.txt", Data: tt.data})
			if e.Encoding != tt.enc {
				t.Errorf("encoding %q, want %q", e.Encoding, tt.enc)
			}
			if got, w := summary(e), summary(want); got != w {
				t.Errorf("tree differs from the UTF-8 LF parse:\n%s\nwant:\n%s", got, w)
			}
			for _, d := range e.Diagnostics {
				if d.Severity != rules.SevInfo {
					t.Errorf("diagnostic: %s", d)
				}
			}
		})
	}
}

func TestParseTextMini(t *testing.T) {
	e := rules.ParseText(rules.Source{Name: "mini.txt", Data: []byte(miniCR)})
	if e.ID != "2026-01-16" || e.EffectiveDate() != "2026-01-16" || e.Kind != rules.KindFull || e.Format != rules.FormatText {
		t.Errorf("id %q, effective %q, kind %q, format %q", e.ID, e.EffectiveDate(), e.Kind, e.Format)
	}
	if e.Title != "Magic: The Gathering Comprehensive Rules" {
		t.Errorf("title %q", e.Title)
	}
	if len(e.Intro) != 1 {
		t.Fatalf("intro: %d blocks", len(e.Intro))
	}
	intro := e.Intro[0].Text
	if want := "This document is the ultimate authority for Magic: The Gathering™ competitive play."; intro.S != want {
		t.Errorf("intro %q, want %q", intro.S, want)
	}
	if len(intro.Spans) != 1 || intro.Spans[0].Kind != rules.SpanItalic || intro.S[intro.Spans[0].Start:intro.Spans[0].End] != "Magic: The Gathering" {
		t.Errorf("intro spans %v", intro.Spans)
	}
	if len(e.Sections) != 2 || e.Sections[0].Title != "Game Concepts" || e.Sections[1].Title != "Parts of a Card" {
		t.Fatalf("sections %v", e.Sections)
	}
	var nums []string
	e.Walk(func(r *rules.Rule) bool { nums = append(nums, r.Number.String()); return true })
	if got := strings.Join(nums, " "); got != "100 100.1 100.1a 100.2 101 101.1 200 200.1" {
		t.Errorf("numbers %s", got)
	}
	r := e.Rule(rules.Number{Chapter: 100, Rule: 2})
	if r == nil || len(r.Body) != 3 {
		t.Fatalf("100.2: %+v", r)
	}
	if r.Body[1].Kind != rules.BlockText || r.Body[1].Text.S != "A second paragraph continues rule 100.2." {
		t.Errorf("100.2 continuation %+v", r.Body[1])
	}
	if r.Body[2].Kind != rules.BlockExample || r.Body[2].Text.S != "An example with a leading space." {
		t.Errorf("100.2 example %+v", r.Body[2])
	}
	if r.Parent == nil || r.Parent.Number.Chapter != 100 || r.Section != e.Sections[0] {
		t.Errorf("100.2 parent/section wrong")
	}
	sub := e.Rule(rules.Number{Chapter: 100, Rule: 1, Sub: 'a'})
	if sub == nil || sub.Parent == nil || sub.Parent.Number.String() != "100.1" || len(sub.Examples()) != 1 {
		t.Errorf("100.1a: %+v", sub)
	}
	if c := e.Rule(rules.Number{Chapter: 101}); c == nil || c.Title != "The Magic Golden Rules" || len(c.Children) != 1 {
		t.Errorf("101: %+v", c)
	}

	terms := map[string]*rules.GlossaryEntry{}
	var names []string
	for _, g := range e.Glossary {
		terms[g.Term()] = g
		names = append(names, g.Term())
	}
	if got := strings.Join(names, "|"); got != "Abandon|Ability|Active Player, Nonactive Player Order|APNAP Order|Ante|Banding, Bands with Other|You, Your" {
		t.Errorf("terms %s", got)
	}
	if g := terms["Ability"]; g == nil || len(g.Body) != 3 || g.Body[0].Sense != 1 || g.Body[1].Sense != 2 || g.Body[2].Kind != rules.BlockExample || g.Body[2].Sense != 2 {
		t.Errorf("Ability senses: %+v", g)
	} else if g.Body[0].Text.S != "Text on an object that explains what that object does." {
		t.Errorf("sense text %q", g.Body[0].Text.S)
	}
	if g := terms["Ante"]; g == nil || !g.Obsolete || g.Slug != "ante" {
		t.Errorf("Ante: %+v", g)
	}
	if g := terms["You, Your"]; g == nil || len(g.Terms) != 2 || g.Terms[1] != "Your" {
		t.Errorf("You, Your: %+v", g)
	}
	if g := terms["Active Player, Nonactive Player Order"]; g == nil || len(g.Terms) != 1 {
		t.Errorf("a term cited whole must stay whole: %+v", g)
	}
	if g := terms["Banding, Bands with Other"]; g == nil || g.Terms[1] != "Bands with Other" {
		t.Errorf("quoted term: %+v", g)
	}
	if len(e.Credits) != 2 {
		t.Errorf("credits: %d blocks", len(e.Credits))
	}
}

// TestParseTextQuirks feeds single body lines that real files misprint.
func TestParseTextQuirks(t *testing.T) {
	head := "Title\n\nThese rules are effective as of May 1, 2005.\n\n1. Game Concepts\n\n100. General\n\n100.1. First rule.\n\n"
	tail := "\nGlossary\n\nTerm\nDefinition.\n\nCredits\n\nSomeone\n"
	tests := []struct {
		name    string
		body    string
		numbers string // every number in order
		diag    string // a diagnostic that must be present ("" for none beyond info)
		text    string // "N=text" the body text wanted for one entry
	}{
		{"rule without period", "100.2 Second rule.\n", "100 100.1 100.2", "info: rule number 100.2 has no period", "100.2=Second rule."},
		{"subrule with period", "100.1a. Sub.\n", "100 100.1 100.1a", "info: subrule number 100.1a has a period", "100.1a=Sub."},
		{"no space after number", "100.2.All of it.\n", "100 100.1 100.2", "info: no space after rule number 100.2", "100.2=All of it."},
		{"broken subrule number", "100.1a Sub.\n\n100. 1b Broken.\n", "100 100.1 100.1a 100.1b", "read as 100.1b", "100.1b=Broken."},
		{"double example label", "Example:Example: Twice.\n", "100 100.1", "info: the label \"Example:\" is printed twice", ""},
		{"stray fragment", "f\n100.2. Next.\n", "100 100.1 100.2", "warning: stray text \"f\" after 100.1 dropped", ""},
		{"unindented continuation", "More about the first rule.\n", "100 100.1", "warning: unindented paragraph read as more of 100.1", "100.1=More about the first rule."},
		{"transposed chapter", "100.1a A.\n\n010.1b B.\n\n100.1b B.\n", "100 100.1 100.1a 100.1b", "", ""},
		{"misprinted subrule", "100.1a A.\n\n101.1b B.\n\n100.2. C.\n", "100 100.1 100.1a 100.1b 100.2", "warning: subrule printed as 101.1b after 100.1a; read as 100.1b", "100.1b=B."},
		{"duplicate subrule", "100.1a A.\n\n100.1a B.\n\n100.2. C.\n", "100 100.1 100.1a 100.1b 100.2", "warning: subrule 100.1a printed twice; the second is read as 100.1b", "100.1b=B."},
		{"misprinted rule", "100.2. B.\n\n100.34. C.\n\n100.3a D.\n", "100 100.1 100.2 100.3 100.3a", "warning: rule printed as 100.34 is followed by 100.3a; read as 100.3", "100.3=C."},
		{"chapter without title", "101. This chapter is now empty. See rule 100.1.\n", "100 100.1 101", "info: chapter 101 has no title", "101=This chapter is now empty. See rule 100.1."},
		{"missing chapter heading", "101.1. Orphan.\n", "100 100.1 101 101.1", "warning: rule 101.1 has no chapter heading before it", ""},
		{"out of order", "100.3. Three.\n\n100.2. Two.\n", "100 100.1 100.3 100.2", "warning: rule 100.2 is out of order after 100.3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := rules.ParseText(rules.Source{Name: "q.txt", Data: []byte(head + tt.body + tail)})
			var nums []string
			e.Walk(func(r *rules.Rule) bool { nums = append(nums, r.Number.String()); return true })
			if got := strings.Join(nums, " "); got != tt.numbers {
				t.Errorf("numbers %q, want %q", got, tt.numbers)
			}
			var ds []string
			for _, d := range e.Diagnostics {
				ds = append(ds, d.String())
				if d.Severity == rules.SevError {
					t.Errorf("error: %s", d)
				}
			}
			if tt.diag != "" && !strings.Contains(strings.Join(ds, "\n"), tt.diag) {
				t.Errorf("want a diagnostic containing %q, got:\n%s", tt.diag, strings.Join(ds, "\n"))
			}
			if tt.text != "" {
				n, want, _ := strings.Cut(tt.text, "=")
				num, err := rules.ParseNumber(n)
				if err != nil {
					t.Fatal(err)
				}
				r := e.Rule(num)
				found := false
				for _, b := range r.Body {
					found = found || b.Text.S == want
				}
				if !found {
					t.Errorf("%s has no paragraph %q: %+v", n, want, r.Body)
				}
			}
		})
	}
}

// TestParseTextInline checks the inline conventions of the older files.
func TestParseTextInline(t *testing.T) {
	tests := []struct {
		in, want string
		italics  []string
	}{
		{"the _Magic: The Gathering_(R) game", "the Magic: The Gathering® game", []string{"Magic: The Gathering"}},
		{"many _Ravnica_ (R) cards and _Odyssey_ (TM) ones", "many Ravnica® cards and Odyssey™ ones", []string{"Ravnica", "Odyssey"}},
		{"the Magic(tm) game and Wizards(r)", "the Magic™ game and Wizards®", nil},
		{"pay {o2}{oB} or {oT}", "pay {2}{B} or {T}", nil},
		{"choices (a), (b), or (c) and (r)", "choices (a), (b), or (c) and (r)", nil},
		{"Wizards of the Coast_(R) _Magic_ rules", "Wizards of the Coast_® Magic rules", []string{"Magic"}},
		{"snake_case_word stays", "snake_case_word stays", nil},
		{"_unclosed italics", "_unclosed italics", nil},
	}
	for _, tt := range tests {
		doc := "T\n\nThese rules are effective as of May 1, 2005.\n\n1. S\n\n100. General\n\n100.1. " + tt.in + "\n"
		e := rules.ParseText(rules.Source{Name: "i.txt", Data: []byte(doc)})
		r := e.Rule(rules.Number{Chapter: 100, Rule: 1})
		if r == nil || len(r.Body) != 1 {
			t.Fatalf("%q: no rule", tt.in)
		}
		x := r.Body[0].Text
		if x.S != tt.want {
			t.Errorf("%q → %q, want %q", tt.in, x.S, tt.want)
		}
		var it []string
		for _, s := range x.Spans {
			if s.Kind == rules.SpanItalic {
				it = append(it, x.S[s.Start:s.End])
			}
		}
		if strings.Join(it, "|") != strings.Join(tt.italics, "|") {
			t.Errorf("%q: italics %q, want %q", tt.in, it, tt.italics)
		}
	}
}

// TestParseTextMalformed wants an error naming file and line, never a panic.
func TestParseTextMalformed(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string // the first error, as "file:line: message" prefix
	}{
		{"empty", nil, "bad.txt:1: empty file"},
		{"blank", []byte("\n\n   \r\n"), "bad.txt:1: blank file"},
		{"binary", []byte("Magic\n\x00\x01\x02garbage"), "bad.txt:2: binary data"},
		{"prose", []byte("Hello.\n\nThis is not the rules.\n"), "bad.txt:1: no numbered rules found"},
		{"only a contents", []byte("Contents\n\n1. Game Concepts\n100. General\n"), "bad.txt:1: no numbered rules found"},
		{"utf-16 odd length", []byte{0xFF, 0xFE, 'a', 0, 'b'}, "bad.txt:1: no numbered rules found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := rules.ParseText(rules.Source{Name: "bad.txt", Data: tt.data})
			if !e.Failed() {
				t.Fatalf("no error; diagnostics %v", e.Diagnostics)
			}
			var first string
			for _, d := range e.Diagnostics {
				if d.Severity == rules.SevError {
					first = d.String()
					break
				}
			}
			if !strings.HasPrefix(first, tt.want) {
				t.Errorf("error %q, want prefix %q", first, tt.want)
			}
		})
	}
}

// TestParseTextTruncated: a file cut off in the glossary still parses, with
// warnings that say so.
func TestParseTextTruncated(t *testing.T) {
	cut := miniCR[:strings.Index(miniCR, "Ante (Obsolete)")+len("Ante (Obsolete)")]
	e := rules.ParseText(rules.Source{Name: "cut.txt", Data: []byte(cut)})
	if e.Failed() {
		t.Fatalf("failed: %v", e.Diagnostics)
	}
	var ds []string
	for _, d := range e.Diagnostics {
		ds = append(ds, d.String())
	}
	all := strings.Join(ds, "\n")
	for _, want := range []string{`warning: glossary entry "Ante" has no definition`, `warning: the file is cut short: it stops at the glossary headword “Ante”`} {
		if !strings.Contains(all, want) {
			t.Errorf("want %q in:\n%s", want, all)
		}
	}
	// "Ante", a headword with nothing after it, is where the file stops,
	// not an entry.
	if len(e.Glossary) != 4 {
		t.Errorf("glossary: %d entries, want 4", len(e.Glossary))
	}
}

// TestSplitTextCorpus checks the one-pass line splitter against the simple
// one (Lines, then logicalLines) on every corpus file.
func TestSplitTextCorpus(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := rules.Decode(b)
		for _, v := range []string{text, text + "\n", strings.ReplaceAll(text, "\r", "\r\n")} {
			if ok, why := rules.SplitSame(v); !ok {
				t.Errorf("%s: splitters disagree: %q", filepath.Base(f), why)
			}
		}
	}
}

// TestGlossarySlugs: every slug is what Slug makes of the first term.
func TestGlossarySlugs(t *testing.T) {
	for _, name := range []string{"2003-10-01.txt", "2016-08-26.txt", "2026-01-16.txt"} {
		e := parseCorpus(t, name)
		for _, g := range e.Glossary {
			if want := rules.Slug(g.Terms[0]); g.Slug != want {
				t.Errorf("%s: %q slug %q, want %q", name, g.Terms[0], g.Slug, want)
			}
		}
	}
}

// TestDecodeUTF16 compares the decoder with the standard library's on
// surrogate pairs, lone surrogates and an odd trailing byte.
func TestDecodeUTF16(t *testing.T) {
	for _, s := range []string{"", "plain", "“quotes” — ™ é", "emoji 🂡 and 𝄞", "\x00a"} {
		for _, be := range []bool{false, true} {
			got, enc := rules.Decode(utf16Bytes(s, be))
			if got != s || (enc == rules.EncUTF16BE) != be {
				t.Errorf("%q (big-endian %v): got %q %s", s, be, got, enc)
			}
		}
	}
	// A lone high surrogate, a lone low one, and an odd byte at the end.
	got, _ := rules.Decode([]byte{0xFF, 0xFE, 0x00, 0xD8, 'a', 0, 0x00, 0xDC, 'b'})
	if want := "\uFFFDa\uFFFD\uFFFD"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
