package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
		fmt.Fprintf(&b, "%s %q\n", r.Number, r.Title())
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
	if r.Parent == nil || r.Parent.Number.Chapter != 100 || r.Section() != e.Sections[0] {
		t.Errorf("100.2 parent/section wrong")
	}
	sub := e.Rule(rules.Number{Chapter: 100, Rule: 1, Sub: 'a'})
	if sub == nil || sub.Parent == nil || sub.Parent.Number.String() != "100.1" || len(sub.Examples()) != 1 {
		t.Errorf("100.1a: %+v", sub)
	}
	if c := e.Rule(rules.Number{Chapter: 101}); c == nil || c.Title() != "The Magic Golden Rules" || len(c.Children) != 1 {
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
		{"snake_case_word stays", "snake_case_word stays", nil},
		// 2010-10-01 112.6k doubles the underscores.
		{"also the __Magic: The Gathering__ Tournament Rules", "also the Magic: The Gathering Tournament Rules", []string{"Magic: The Gathering"}},
		// A lone underscore glued to a word has lost its partner: 2008-07-15
		// 200.2, 2009-02-01 100.5 and the 2009 introductions.
		{"Use the Oracle_(TM) card reference", "Use the Oracle™ card reference", nil},
		{"the most current _Magic: The Gathering_ DCI_(R) Floor Rules", "the most current Magic: The Gathering DCI® Floor Rules", []string{"Magic: The Gathering"}},
		{"Wizards of the Coast_(R) _Magic_ rules", "Wizards of the Coast® Magic rules", []string{"Magic"}},
		{"_unclosed italics", "unclosed italics", nil},
		// Text, not markup: a blank to fill in (2022-10-07 123.6a), a URL,
		// an underscore glued to nothing.
		{"such as the one in “Wolf in ________ Clothing,” are", "such as the one in “Wolf in ________ Clothing,” are", nil},
		{"found at www.wizards.com/DCI/main.asp?x=UTR_Intro.", "found at www.wizards.com/DCI/main.asp?x=UTR_Intro.", nil},
		{"a _ b", "a _ b", nil},
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
		// Every underscore dropped for want of a partner is a warning on
		// the paragraph's line.
		stray := strings.Count(tt.in, "_") - strings.Count(tt.want, "_") - 2*len(tt.italics)
		if strings.Contains(tt.in, "__Magic") {
			stray -= 2
		}
		warned := false
		for _, d := range e.Diagnostics {
			warned = warned || d.Severity == rules.SevWarning && d.Line == 9 && strings.Contains(d.Message, "with no partner dropped")
		}
		if warned != (stray > 0) {
			t.Errorf("%q: %d stray underscores, warned %v: %v", tt.in, stray, warned, e.Diagnostics)
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

// TestParseTextPlainHeadings: headings and headwords are plain strings in
// the model, so the underscores the older files put around _Magic_ are
// read as emphasis there too and dropped (real lines: 2010-10-01 chapter
// 101, 2009-09-04 and 2013-04-29 glossary). The slugs stay what they were
// when the underscores were kept (users have linked them).
func TestParseTextPlainHeadings(t *testing.T) {
	doc := `Magic: The Gathering Comprehensive Rules

These rules are effective as of October 1, 2010.

Contents

1. Game Concepts
100. General
101. The _Magic_ Golden Rules

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.

101. The _Magic_ Golden Rules

101.1. Whenever a card's text directly contradicts these rules, the card takes precedence. The card overrides only the rule that applies to that specific situation.

Glossary

Planar _Magic_
A casual variant in which plane cards add additional abilities and randomness to the game. See rule 901, "Planar Magic."

Traditional _Magic_ Card
A _Magic_ card that measures approximately 2.5 inches (6.3 centimeters) by 3.5 inches (8.8 centimeters). See rule 108.2.

Credits

Someone
`
	e := rules.ParseText(rules.Source{Name: "h.txt", Data: []byte(doc)})
	for _, d := range e.Diagnostics {
		if d.Severity != rules.SevInfo || strings.Contains(d.Message, "contents call") {
			t.Errorf("diagnostic: %s", d)
		}
	}
	if c := e.Rule(rules.Number{Chapter: 101}); c == nil || c.Title() != "The Magic Golden Rules" {
		t.Errorf("chapter 101: %+v", c)
	}
	tests := []struct{ term, printed, slug, italic string }{
		{"Planar Magic", "Planar _Magic_", "planar-magic", ""},
		{"Traditional Magic Card", "Traditional _Magic_ Card", "traditional-magic-card", "Magic"},
	}
	if len(e.Glossary) != len(tests) {
		t.Fatalf("%d glossary entries", len(e.Glossary))
	}
	for i, tt := range tests {
		g := e.Glossary[i]
		if g.Term() != tt.term || g.Slug != tt.slug || rules.Slug(tt.printed) != tt.slug {
			t.Errorf("entry %q slug %q; want %q slug %q (the printed headword's slug %q)", g.Term(), g.Slug, tt.term, tt.slug, rules.Slug(tt.printed))
		}
		var it []string
		for _, sp := range g.Body[0].Text.Spans {
			if sp.Kind == rules.SpanItalic {
				it = append(it, g.Body[0].Text.S[sp.Start:sp.End])
			}
		}
		if strings.Join(it, "|") != tt.italic {
			t.Errorf("%s: italics %q, want %q", tt.term, it, tt.italic)
		}
	}
	for _, name := range []string{"planar-magic", "Traditional Magic Card", "traditional magic card"} {
		if e.Term(name) == nil {
			t.Errorf("no entry found as %q", name)
		}
	}
}

// TestParseTextGlossaryQuirks feeds glossaries with the term lines real
// files misprint, and glossaries that must stay as they are.
func TestParseTextGlossaryQuirks(t *testing.T) {
	head := "Title\n\nThese rules are effective as of May 1, 2005.\n\n1. Game Concepts\n\n100. General\n\n100.1. First rule.\n\nGlossary\n\n"
	tail := "\nCredits\n\nSomeone\n"
	tests := []struct {
		name     string
		glossary string
		terms    string // every entry: terms, then "/" and each paragraph's sense
		diag     string // a warning that must be present ("" for none)
	}{{
		name: "term glued to its first sense (the lines quoted in the brief)",
		glossary: `Abandon
To turn a face-up ongoing scheme card face down. See rule 701.54.

Ability1. Text on an object that explains what that object does or can do.
2. An activated or triggered ability on the stack. This kind of ability is an object. See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”

Absorb
A keyword ability that prevents damage. See rule 702.64, “Absorb.”
`,
		terms: "Abandon/0 Ability/1,2 Absorb/0",
		diag:  `warning: glossary term "Ability" is glued to its first sense`,
	}, {
		name: "no blank line before Floor Rules (2008-05-01)",
		glossary: `Flip Cards
Flip cards have a two-part card frame on a single card. The text that appears right side up on the card defines the card?s normal characteristics. Additional alternative characteristics appear upside down on the card. The back of a flip card is the normal Magic: The Gathering card back. See rule 508, ?Flip Cards.?
     Flipping a permanent is a one-way process. Once a permanent is flipped, it?s impossible for it to become unflipped. However, if flipped permanent leaves play, it retains no memory of its status.
     If an effect tells you to name a card, you may name a flip card?s alternative name.
Floor Rules
The current DCI Magic: The Gathering Floor Rules can be found at www.wizards.com/default.asp?x=dci/doccenter/home.

Flying
Flying is an evasion ability. A creature with flying can?t be blocked except by creatures with flying and/or reach. See rule 502.4.
`,
		terms: "Flip Cards/0,0,0 Floor Rules/0 Flying/0",
		diag:  `warning: glossary term "Floor Rules" follows the definition of "Flip Cards" with no blank line`,
	}, {
		name: "no blank line before Concede (2020-06-01)",
		glossary: `Companion
A keyword ability that allows a player to choose one creature card from outside the game as a companion if the restriction of that card’s companion ability is met. Once a player has chosen a companion, that player may pay {3} to put it into their hand once during the game. See rule 702.138, “Companion.”
Concede
To quit the game. Conceding a game immediately causes that player to leave that game and lose that game. See rule 104, “Ending the Game.”

Conspiracy
A card type used in Limited formats such as Conspiracy Draft. A conspiracy card is not a permanent. See rule 313, “Conspiracies.”
`,
		terms: "Companion/0 Concede/0 Conspiracy/0",
		diag:  `warning: glossary term "Concede" follows the definition of "Companion"`,
	}, {
		name: "no blank line before Affinity (2021-07-12)",
		glossary: `Adventurer Card
Cards with a two-part card frame (one part of which is inset on the left) on a single card. See rule 716, “Adventurer Cards.”
Affinity
A keyword ability that reduces how much mana you need to spend to cast a spell. See rule 702.41, “Affinity.”

Afflict
A keyword ability that makes the defending player lose life for blocking. See rule 702.130, “Afflict.”
`,
		terms: "Adventurer Card/0 Affinity/0 Afflict/0",
		diag:  `warning: glossary term "Affinity" follows the definition of "Adventurer Card"`,
	}, {
		name: "numbered senses and examples stay in their entry",
		glossary: `Ability
1. Text on an object that explains what that object does or can do.
2. An activated or triggered ability on the stack.
Example: A second sense’s example.

Absorb
A keyword ability that prevents damage.
`,
		terms: "Ability/1,2,2 Absorb/0",
	}, {
		name: "a short capitalised line out of alphabetical order is part of the definition",
		glossary: `Mana Ability
An ability that adds mana. It can be one of two kinds:
Activated Ability
An activated mana ability has no target.

Mana Burn
Obsolete.
`,
		terms: "Mana Ability/0,0,0 Mana Burn/0",
	}, {
		name: "a capitalised line before an indented list is part of the definition",
		glossary: `Creature Type
Creature subtypes are always a single word. The list of creature types is as follows.
Types Listed
     Advisor, Ally, Angel.

Cycling
A keyword ability.
`,
		terms: "Creature Type/0,0,0 Cycling/0",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := rules.ParseText(rules.Source{Name: "g.txt", Data: []byte(head + tt.glossary + tail)})
			var got []string
			for _, g := range e.Glossary {
				var senses []string
				for _, b := range g.Body {
					senses = append(senses, fmt.Sprint(b.Sense))
				}
				got = append(got, g.Term()+"/"+strings.Join(senses, ","))
			}
			if strings.Join(got, " ") != tt.terms {
				t.Errorf("entries %q, want %q", strings.Join(got, " "), tt.terms)
			}
			var warnings []string
			for _, d := range e.Diagnostics {
				if d.Severity != rules.SevInfo {
					warnings = append(warnings, d.String())
				}
			}
			all := strings.Join(warnings, "\n")
			if tt.diag == "" && all != "" || tt.diag != "" && !strings.Contains(all, tt.diag) {
				t.Errorf("warnings:\n%s\nwant %q", all, tt.diag)
			}
		})
	}
}

// TestParseTextRepairs: a rule number that breaks the sequence where its
// neighbours make the intended number plain is read as that number, with
// a warning naming both; quirks that are already read right stay so; and
// where the intent is not plain nothing is invented. Each row lists every
// warning the body gets. The lines are real: 306.3 from 2009-02-01 and
// 510 from 2009-10-01 (with the misprints as reported in a file not in
// the corpus), 606.8 from 2005-10-01, 901.4 from 2022-10-07.
func TestParseTextRepairs(t *testing.T) {
	head := "Title\n\nThese rules are effective as of May 1, 2005.\n\n1. Game Concepts\n\n100. General\n\n100.1. First rule.\n\n"
	tail := "\nGlossary\n\nTerm\nDefinition.\n\nCredits\n\nSomeone\n"
	combat := "3. Turn Structure\n\n306. Combat Phase\n\n306.3. Only a creature can attack or block. Only a player or a planeswalker can be attacked.\n\n" +
		"306.3a If an effect would put a noncreature permanent into play attacking or blocking, the permanent does come into play but it's never considered to be an attacking or blocking permanent.\n\n"
	damage := "5. Turn Structure\n\n510. Combat Damage Step\n\n" +
		"510.1. First, the active player announces how each attacking creature assigns its combat damage, then the defending player announces how each blocking creature assigns its combat damage. This turn-based action doesn't use the stack. A player assigns a creature's combat damage according to the following rules:\n\n" +
		"510.1e Each creature's damage must be assigned fully before another creature's damage may be assigned.\n\n"
	tests := []struct {
		name     string
		body     string
		numbers  string   // every number in order
		warnings []string // every warning, in order, as substrings
		text     string   // "N=text": a paragraph wanted in entry N
	}{{
		name: "subrule without its rule index, then one with the wrong index",
		body: combat +
			"306.b If an effect would put a creature into play attacking under the control of any player except an attacking player, that creature does come into play, but it's never considered to be an attacking creature.\n\n" +
			"306.1c If an effect would put a creature into play blocking but the creature it would block isn't attacking either the first creature's controller or a planeswalker that player controls, that creature does come into play, but it's never considered to be a blocking creature.\n\n" +
			"306.4. A permanent is removed from combat if it leaves play.\n",
		numbers: "100 100.1 306 306.3 306.3a 306.3b 306.3c 306.4",
		warnings: []string{
			"subrule printed as 306.b (no rule number) after 306.3a; read as 306.3b",
			"subrule printed as 306.1c after 306.3b; read as 306.3c",
		},
		text: "306.3b=If an effect would put a creature into play attacking under the control of any player except an attacking player, that creature does come into play, but it's never considered to be an attacking creature.",
	}, {
		name:     "subrule without its rule index whose letter is not the next: read as text, as before",
		body:     combat + "306.d A stray line.\n",
		numbers:  "100 100.1 306 306.3 306.3a",
		warnings: []string{"unindented paragraph read as more of 306.3a"},
		text:     "306.3a=306.d A stray line.",
	}, {
		name: "rules whose chapter number has two digits swapped",
		body: damage +
			"501.2. Second, all combat damage that's been assigned is dealt simultaneously. This turn-based action doesn't use the stack.\n\n" +
			"501.3. Third, any abilities that triggered on damage being assigned or dealt go on the stack. (See rule 603, \"Handling Triggered Abilities.\")\n\n" +
			"501.4. Fourth, the active player gets priority. Players may cast spells and activate abilities.\n\n" +
			"511. End of Combat Step\n\n511.1. First, all \"at end of combat\" abilities trigger and go on the stack. (See rule 603, \"Handling Triggered Abilities.\")\n",
		numbers: "100 100.1 510 510.1 510.1e 510.2 510.3 510.4 511 511.1",
		warnings: []string{
			"rule printed as 501.2 after 510.1e; read as 510.2 (chapter 501 is behind)",
			"rule printed as 501.3 after 510.2; read as 510.3",
			"rule printed as 501.4 after 510.3; read as 510.4",
		},
		text: "510.4=Fourth, the active player gets priority. Players may cast spells and activate abilities.",
	}, {
		name:     "an earlier chapter whose rule is not the one expected: kept, with today's warnings",
		body:     damage + "501.7. A rule out of place.\n",
		numbers:  "100 100.1 510 510.1 510.1e 501 501.7",
		warnings: []string{"rule 501 is out of order after 510.1e", "rule 501.7 has no chapter heading before it"},
	}, {
		name:     "a later chapter is a missing heading, not a typo",
		body:     damage + "520.2. A rule of a chapter whose heading is missing.\n",
		numbers:  "100 100.1 510 510.1 510.1e 520 520.2",
		warnings: []string{"rule 520.2 has no chapter heading before it"},
	}, {
		name:     "no space after the rule number (2022-10-07)",
		body:     "9. Casual Variants\n\n901. Planechase\n\n901.4.All plane and phenomenon cards remain in the command zone throughout the game, both while they’re part of a planar deck and while they’re face up.\n",
		numbers:  "100 100.1 901 901.4",
		warnings: nil,
		text:     "901.4=All plane and phenomenon cards remain in the command zone throughout the game, both while they’re part of a planar deck and while they’re face up.",
	}, {
		name: "subrule number broken by a space (2005-10-01)",
		body: "6. Multiplayer Rules\n\n606. Two-Headed Giant Variant\n\n606.8. The Two-Headed Giant variant uses the normal rules for winning or losing the game (see rule 102), with the following additions.\n\n" +
			"606.8a If a team’s life total is 0 or less, the team loses the game the next time a team would receive priority. (This is a state-based effect. See rule 420.\n\n" +
			"606. 8b Players win and lose the game only as a team, not as individuals. If either player on a team loses the game, the team loses the game.\n" +
			"Example: In a Two-Headed Giant game, a player attempts to draw a card while there are no cards in that player’s library. That player loses the game, so that player’s entire team loses the game.\n\n" +
			"606.8c If a player concedes, his or her team loses the game.\n",
		numbers:  "100 100.1 606 606.8 606.8a 606.8b 606.8c",
		warnings: nil,
		text:     "606.8b=Players win and lose the game only as a team, not as individuals. If either player on a team loses the game, the team loses the game.",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := rules.ParseText(rules.Source{Name: "r.txt", Data: []byte(head + tt.body + tail)})
			var nums []string
			e.Walk(func(r *rules.Rule) bool { nums = append(nums, r.Number.String()); return true })
			if got := strings.Join(nums, " "); got != tt.numbers {
				t.Errorf("numbers %q, want %q", got, tt.numbers)
			}
			var warnings []string
			for _, d := range e.Diagnostics {
				if d.Severity != rules.SevInfo {
					warnings = append(warnings, d.String())
				}
			}
			ok := len(warnings) == len(tt.warnings)
			for i := 0; ok && i < len(warnings); i++ {
				ok = strings.Contains(warnings[i], tt.warnings[i])
			}
			if !ok {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(tt.warnings, "\n"))
			}
			if tt.text != "" {
				n, want, _ := strings.Cut(tt.text, "=")
				num, err := rules.ParseNumber(n)
				if err != nil {
					t.Fatal(err)
				}
				r := e.Rule(num)
				if r == nil || !slices.ContainsFunc(r.Body, func(b rules.Block) bool { return b.Text.S == want }) {
					t.Errorf("%s has no paragraph %q: %+v", n, want, r)
				}
			}
		})
	}
}

// TestCorpusHardWrappedNumber: in the hard-wrapped 2003-10-01 file a line
// that starts with a number can continue the sentence before it ("See rule
// \n103.4. If a player must make more than one choice…", lines 1911–1912):
// it is part of 413.2d, not a second rule 103.4.
func TestCorpusHardWrappedNumber(t *testing.T) {
	e := parseCorpus(t, "2003-10-01.txt")
	r := e.Rule(rules.Number{Chapter: 413, Rule: 2, Sub: 'd'})
	if r == nil || len(r.Body) == 0 || !strings.Contains(r.Body[0].Text.S, "See rule 103.4. If a player must make more than one choice at a time") {
		t.Fatalf("413.2d: %+v", r)
	}
	n := 0
	e.Walk(func(r *rules.Rule) bool {
		if r.Number == (rules.Number{Chapter: 103, Rule: 4}) {
			n++
			if r.Pos.Line() != 209 {
				t.Errorf("103.4 read at line %d", r.Pos.Line())
			}
		}
		return true
	})
	if n != 1 {
		t.Errorf("%d rules 103.4", n)
	}
}
