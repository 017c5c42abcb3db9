package rules

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// parseRSTFiles parses name/content pairs as one project.
func parseRSTFiles(tb testing.TB, pairs ...string) *Edition {
	tb.Helper()
	var srcs []Source
	for i := 0; i+1 < len(pairs); i += 2 {
		srcs = append(srcs, Source{Name: pairs[i], Data: []byte(pairs[i+1])})
	}
	e := ParseRST(srcs)
	checkEdition(tb, e)
	return e
}

// outline renders an edition compactly for table tests: one line per
// section, entry and block, with spans marked inside the text (see render).
func outline(e *Edition) string {
	var b strings.Builder
	for _, x := range e.Intro {
		fmt.Fprintf(&b, "I%s: %s\n", kindTag(x), render(x.Text))
	}
	for _, s := range e.Sections {
		fmt.Fprintf(&b, "§%d %s%s\n", s.Number, s.Title, labelTag(s.Label))
		for _, c := range s.Chapters {
			walkRule(c, func(r *Rule) bool {
				fmt.Fprintf(&b, "%s", r.Number)
				if r.Title() != "" {
					fmt.Fprintf(&b, " %s", r.Title())
				}
				fmt.Fprintf(&b, "%s\n", labelTag(e.LabelOf(r)))
				for _, x := range r.Body {
					fmt.Fprintf(&b, "%s%s: %s\n", r.Number, kindTag(x), render(x.Text))
				}
				return true
			})
		}
	}
	for _, g := range e.Glossary {
		fmt.Fprintf(&b, "G %s", strings.Join(g.Terms, " | "))
		if g.Obsolete {
			b.WriteString(" (obsolete)")
		}
		fmt.Fprintf(&b, "%s\n", labelTag(e.LabelOf(g)))
		for _, x := range g.Body {
			sense := ""
			if x.Sense > 0 {
				sense = fmt.Sprintf(" s%d", x.Sense)
			}
			fmt.Fprintf(&b, "G%s%s: %s\n", sense, kindTag(x), render(x.Text))
		}
	}
	for _, x := range e.Credits {
		fmt.Fprintf(&b, "C%s: %s\n", kindTag(x), render(x.Text))
	}
	return b.String()
}

func kindTag(x Block) string {
	switch x.Kind {
	case BlockExample:
		return " ex"
	case BlockSeeAlso:
		return " see"
	}
	return ""
}

func labelTag(l string) string {
	if l == "" {
		return ""
	}
	return " [" + l + "]"
}

// render writes t.S with its spans marked: *italic*, <text|url>,
// [text→label] for a label ref and [text→term:X] for a glossary ref.
func render(t Text) string {
	opens := map[int32][]string{}
	closes := map[int32][]string{}
	for _, sp := range t.Spans {
		switch sp.Kind {
		case SpanItalic:
			opens[sp.Start] = append(opens[sp.Start], "*")
			closes[sp.End] = append(closes[sp.End], "*")
		case SpanLink:
			opens[sp.Start] = append(opens[sp.Start], "<")
			closes[sp.End] = append(closes[sp.End], "|"+sp.Target+">")
		case SpanRef:
			opens[sp.Start] = append(opens[sp.Start], "[")
			switch c := sp.Cited(); c.Kind {
			case RefLabel:
				closes[sp.End] = append(closes[sp.End], "→"+c.Label+"]")
			case RefGlossary:
				closes[sp.End] = append(closes[sp.End], "→term:"+c.Term+"]")
			default:
				closes[sp.End] = append(closes[sp.End], "→?]")
			}
		}
	}
	var b strings.Builder
	for i := 0; i <= len(t.S); i++ {
		for _, c := range closes[int32(i)] {
			b.WriteString(c)
		}
		for _, o := range opens[int32(i)] {
			b.WriteString(o)
		}
		if i < len(t.S) {
			b.WriteByte(t.S[i])
		}
	}
	return b.String()
}

// checkEdition asserts what every parsed edition must satisfy, whatever
// the input: diagnostics name a file and line, spans lie inside their text
// in order, every reference span is bound to its Ref, and the tree's
// numbers and pointers agree.
func checkEdition(tb testing.TB, e *Edition) {
	tb.Helper()
	if e.Format != FormatRST {
		tb.Errorf("format %q", e.Format)
	}
	for _, d := range e.Diagnostics {
		if d.File == "" || d.Line < 1 || d.Message == "" || d.Severity == "" {
			tb.Errorf("diagnostic without file, line, severity or message: %+v", d)
		}
	}
	e.visitTexts(func(t *Text, from Citer) {
		prev := int32(0)
		for _, sp := range t.Spans {
			if sp.Start < prev || sp.Start > sp.End || int(sp.End) > len(t.S) {
				tb.Errorf("span %d–%d out of order or bounds in %q", sp.Start, sp.End, t.S)
				return
			}
			prev = sp.Start
			if sp.Kind == SpanRef {
				r := refAt(e, from, t, sp.Start)
				switch {
				case r == nil:
					tb.Errorf("ref span without a Ref in %q", t.S)
				case r.End != sp.End || r.Cite != sp.Cite:
					tb.Errorf("Ref %+v not bound to its span %d–%d of %q", r, sp.Start, sp.End, t.S)
				case r.From() != from:
					tb.Errorf("Ref in %q has From %+v, want %+v", t.S, r.From(), from)
				}
			}
		}
	})
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			if c.Number.Level() != LevelChapter || c.Section() != s || c.Parent != nil {
				tb.Errorf("chapter %s (%q): bad number, section or parent", c.Number, c.Title())
			}
			walkRule(c, func(r *Rule) bool {
				for _, k := range r.Children {
					if k.Parent != r || k.Number.Parent() != r.Number || k.Section() != s {
						tb.Errorf("%s under %s: bad parent or section", k.Number, r.Number)
					}
				}
				return true
			})
		}
	}
	for _, g := range e.Glossary {
		if len(g.Terms) == 0 || g.Slug == "" && Slug(g.Terms[0]) != "" {
			tb.Errorf("glossary entry %+v without terms or slug", g.Terms)
		}
	}
}

// wantDiags checks that each want ("line:severity:substring") matches a
// diagnostic, and that every warning or error is wanted.
func wantDiags(t *testing.T, e *Edition, wants []string) {
	t.Helper()
	used := map[int]bool{}
	for _, w := range wants {
		parts := strings.SplitN(w, ":", 3)
		if len(parts) != 3 {
			t.Fatalf("bad want %q", w)
		}
		found := false
		for i, d := range e.Diagnostics {
			if fmt.Sprint(d.Line) == parts[0] && string(d.Severity) == parts[1] && strings.Contains(d.Message, parts[2]) {
				found, used[i] = true, true
			}
		}
		if !found {
			t.Errorf("no diagnostic %q in:\n%s", w, diagText(e.Diagnostics))
		}
	}
	for i, d := range e.Diagnostics {
		if !used[i] && d.Severity != SevInfo {
			t.Errorf("unexpected diagnostic %s", d)
		}
	}
}

func diagText(ds []Diagnostic) string {
	var lines []string
	for _, d := range ds {
		lines = append(lines, "\t"+d.String())
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

const part2 = "*******\nSection\n*******\n\n"

func TestRSTConstructs(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		want  string
		diags []string
	}{{
		name: "chapter, rule and lettered subrules",
		src: part2 + `Name
====

201.1
-----

Text one,
on two lines.

    a. Sub a.
    b. Sub b,
       continued.
`,
		want: `§2 Section
201 Name
201.1
201.1: Text one, on two lines.
201.1a
201.1a: Sub a.
201.1b
201.1b: Sub b, continued.
`,
	}, {
		name: "plain paragraph before the lettered list",
		src: part2 + `Type Line
=========

204.2
-----

Card Types

    a. The card types are artifact and land.

        .. _seealso::

            :ref:` + "`card-types`" + `

    b. Some objects have more than one card type.
`,
		want: `§2 Section
204 Type Line
204.2
204.2: Card Types
204.2a
204.2a: The card types are artifact and land.
204.2a see: [card-types→card-types]
204.2b
204.2b: Some objects have more than one card type.
`,
	}, {
		name: "examples belong to the entry they are nested under",
		src: part2 + `Costs
=====

202.3
-----

Rule text.

    .. admonition:: Example

        Rule example before the subrules.

    a. Sub a.

        .. admonition:: Example

            First of a.

        .. admonition:: Example

            Second of a.

    b. Sub b.

.. admonition:: Example

    Top-level example after the subrules: still the rule's.

202.4
-----

Example: written as a paragraph.
`,
		want: `§2 Section
202 Costs
202.3
202.3: Rule text.
202.3 ex: Rule example before the subrules.
202.3 ex: Top-level example after the subrules: still the rule's.
202.3a
202.3a: Sub a.
202.3a ex: First of a.
202.3a ex: Second of a.
202.3b
202.3b: Sub b.
202.4
202.4 ex: written as a paragraph.
`,
	}, {
		name: "example nested deep inside a subrule",
		src: part2 + `C
=

300.1
-----

    a. Sub.

        Second paragraph of a.

            .. admonition:: Example

                .. admonition:: Example

                    Nested example.
`,
		want: `§3 Section
300 C
300.1
300.1a
300.1a: Sub.
300.1a: Second paragraph of a.
300.1a ex: Nested example.
`,
	}, {
		name: "labels before sections, chapters, rules and terms",
		src: `.. _sec:

****
Part
****

.. _chap:

Chapter
=======

.. _r1:

100.1
-----

See :ref:` + "`chap`" + `, :ref:` + "`r1`" + `, :ref:` + "`Part <sec>`" + `, :ref:` + "`term-x`" + ` and :ref:` + "`nowhere`" + `.

.. glossary::

    .. _term-x:

    X
        A thing.
`,
		want: `§1 Part [sec]
100 Chapter [chap]
100.1 [r1]
100.1: See [Chapter→chap], [100.1→r1], [Part→sec], [X→term-x] and [nowhere→nowhere].
G X [term-x]
G: A thing.
`,
	}, {
		name: "seealso with labels, titles, terms and prose",
		src: part2 + `.. glossary::

    Ability
        1. Text on an object.
        2. An ability on the stack.

            .. seealso::

                :ref:` + "`Abilities <abilities>`" + `

                :Term:` + "`Dependency`" + `

    Enchant
        A keyword.

        .. seealso::
            :ref:` + "`enchantments`" + ` and rule 702.5, "Enchant."

    Basic Landcycling
        See :term:` + "`Typecycling`" + `.
`,
		want: `G Ability
G s1: Text on an object.
G s2: An ability on the stack.
G s2 see: [Abilities→abilities]
G s2 see: [Dependency→term:Dependency]
G Enchant
G: A keyword.
G see: [enchantments→enchantments] and [rule 702.5, "Enchant."→?]
G Basic Landcycling
G: See [Typecycling→term:Typecycling].
`,
	}, {
		name: "glossary terms: lists, obsolete, markup",
		src: `********
Glossary
********

.. glossary::

    You, Your
        Words.

    Active Player, Nonactive Player Order
        A system.

    Banding, "Bands with Other"
        A keyword.

    Mana Burn (Obsolete)
        Old.

    Nontraditional *Magic* Card
        Big.
`,
		want: `G You | Your
G: Words.
G Active Player, Nonactive Player Order
G: A system.
G Banding | Bands with Other
G: A keyword.
G Mana Burn (obsolete)
G: Old.
G Nontraditional Magic Card
G: Big.
`,
	}, {
		name: "substitutions become brace notation",
		src: part2 + `M
=

202.2
-----

|W| |U| |B| |R| |G| |T| |Q| |X| |S| |C| |PW| |2/W| |W/P| |W/U| |16|; |2|\ |W|\ |B| and "|T|: Add |G|." |P|.
`,
		want: `§2 Section
202 M
202.2
202.2: {W} {U} {B} {R} {G} {T} {Q} {X} {S} {CHAOS} {PW} {2/W} {W/P} {W/U} {16}; {2}{W}{B} and "{T}: Add {G}." {P}.
`,
	}, {
		name: "italics, links, bare URLs and stars",
		src: part2 + `E
=

205.5
-----

The *Future Sight* set, the *Time Spiral*\ ® cards, a star (*), 1+*, the ` + "`Magic Products section <http://example.com/x)>`_" + ` and the Rules <http://example.com/rules>.
`,
		want: `§2 Section
205 E
205.5
205.5: The *Future Sight* set, the *Time Spiral*® cards, a star (*), 1+*, the <Magic Products section|http://example.com/x)> and the Rules <http://example.com/rules>.
`,
	}, {
		name: "broken :ref: roles are words",
		src: part2 + `Z
=

406.5
-----

It :ref:ers to cards, is :ref:erring to and the Oracle card :ref:erence.
`,
		want: `§4 Section
406 Z
406.5
406.5: It refers to cards, is referring to and the Oracle card reference.
`,
	}, {
		name: "fields, introduction, credits",
		src: `:tocdepth: 2
:Date: July 15, 2011
:Author: Someone

*****
Rules
*****

These rules are effective as of July 15, 2011.

*****
Zones
*****

Library
=======

401.1
-----

Text.

*******
Credits
*******

Rules Manager: Someone.
`,
		want: `I: These rules are effective as of July 15, 2011.
§4 Zones
401 Library
401.1
401.1: Text.
C: Rules Manager: Someone.
`,
		diags: []string{"3:info:field :Author:"},
	}, {
		name: "numbered titles and rules without chapter titles",
		src: `*******************
2. Parts of a Card
*******************

201. Name
=========

201.1
-----

One.

202.1
-----

Two.
`,
		want: `§2 Parts of a Card
201 Name
201.1
201.1: One.
202
202.1
202.1: Two.
`,
		diags: []string{"13:warning:rule 202.1 is under chapter 201"},
	}, {
		name: "chapters and sections without rules are numbered after their neighbours",
		src: `*****
First
*****

Alpha
=====

Intro text of a chapter that has no rules.

Beta
====

301.1
-----

One.
`,
		want: `§3 First
300 Alpha
300: Intro text of a chapter that has no rules.
301 Beta
301.1
301.1: One.
`,
		diags: []string{"5:warning:chapter \"Alpha\" holds no rules"},
	}, {
		name: "other admonitions, bullets and unknown directives keep their text",
		src: part2 + `N
=

100.1
-----

.. note::

   Mind this.

- A bullet.

.. image:: card.png

.. frobnicate:: arg

   Frobnicated text.
`,
		want: `§1 Section
100 N
100.1
100.1: Note: Mind this.
100.1: A bullet.
100.1: Frobnicated text.
`,
		diags: []string{"17:warning:unknown directive \"image\" (card.png)", "19:warning:unknown directive \"frobnicate\" (arg)"},
	}, {
		name: "numbering problems are reported, not fatal",
		src: part2 + `N
=

100.2
-----

    a. One.
    c. Skips b.
    l. Never used.

100.1
-----

100.1
-----
`,
		want: `§1 Section
100 N
100.2
100.2a
100.2a: One.
100.2c
100.2c: Skips b.
100.2l
100.2l: Never used.
100.1
100.1
`,
		diags: []string{"12:warning:subrule 100.2c follows 100.2a", "13:warning:letters skip l and o", "13:warning:subrule 100.2l follows 100.2c",
			"15:warning:rule 100.1 comes after 100.2", "18:warning:100.1 appears again (first at t.rst:15)"},
	}, {
		name: "text between a section title and its first chapter is reported",
		src: part2 + `Stray words.

N
=

100.1
-----

x
`,
		want: `§1 Section
100 N
100.1
100.1: x
`,
		diags: []string{"5:warning:text outside any rule, chapter or glossary entry: \"Stray words.\""},
	}, {
		// 603.2 of the 2011 rendering: the example of 603.2c goes on with
		// the lettered items d–f at the example's depth.
		name: "subrules written inside an example block are subrules",
		src: part2 + `Handling Triggered Abilities
============================

603.2
-----

Whenever a game event or game state matches a triggered ability's trigger event, that ability automatically triggers.

    a. Because they aren't cast or activated, triggered abilities can trigger even when it isn't legal to cast spells.

    b. When a phase or step begins, all abilities that trigger "at the beginning of" that phase or step trigger.

    c. An ability triggers only once each time its trigger event occurs.

        .. admonition:: Example

            A permanent has an ability whose trigger condition reads, "Whenever a land is put into a graveyard from the battlefield, . . ."

            d. Some trigger events use the word "becomes" (for example, "becomes attached" or "becomes blocked").

            e. Some triggered abilities trigger on a game state rather than on an event.

            f. An ability may state that it triggers on an event that doesn't happen.

                .. admonition:: Example

                    An example of f.

    g. An ability triggers only if its trigger event actually occurs.
`,
		want: `§6 Section
603 Handling Triggered Abilities
603.2
603.2: Whenever a game event or game state matches a triggered ability's trigger event, that ability automatically triggers.
603.2a
603.2a: Because they aren't cast or activated, triggered abilities can trigger even when it isn't legal to cast spells.
603.2b
603.2b: When a phase or step begins, all abilities that trigger "at the beginning of" that phase or step trigger.
603.2c
603.2c: An ability triggers only once each time its trigger event occurs.
603.2c ex: A permanent has an ability whose trigger condition reads, "Whenever a land is put into a graveyard from the battlefield, . . ."
603.2d
603.2d: Some trigger events use the word "becomes" (for example, "becomes attached" or "becomes blocked").
603.2e
603.2e: Some triggered abilities trigger on a game state rather than on an event.
603.2f
603.2f: An ability may state that it triggers on an event that doesn't happen.
603.2f ex: An example of f.
603.2g
603.2g: An ability triggers only if its trigger event actually occurs.
`,
		diags: []string{
			"23:warning:list item \"d\" inside the example of 603.2c is the next subrule: read as 603.2d",
			"25:warning:list item \"e\" inside the example of 603.2c is the next subrule: read as 603.2e",
			"27:warning:list item \"f\" inside the example of 603.2c is the next subrule: read as 603.2f",
		},
	}, {
		name: "a lettered item inside an example that is not the next subrule stays example text",
		src: part2 + `N
=

100.1
-----

    a. Sub a.

        .. admonition:: Example

            Choose one:

            c. Not the letter after a.
`,
		want: `§1 Section
100 N
100.1
100.1a
100.1a: Sub a.
100.1a ex: Choose one:
100.1a ex: c. Not the letter after a.
`,
		diags: []string{"17:warning:list item \"c\" in 100.1a is not a subrule or sense"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := parseRSTFiles(t, "t.rst", tc.src)
			if got := outline(e); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			wantDiags(t, e, tc.diags)
		})
	}
}

func TestRSTInline(t *testing.T) {
	tests := []struct {
		in, want string
		diag     string // substring of a diagnostic that must be reported
	}{
		{"*Magic* cards", "*Magic* cards", ""},
		{"a star (*) and 1+* and 2*3", "a star (*) and 1+* and 2*3", ""},
		{"**bold** text", "bold text", ""},
		{"``literal *x*``", "literal *x*", ""},
		{`|2|\ |W|`, "{2}{W}", ""},
		{`"|U|: Draw."`, `"{U}: Draw."`, ""},
		{"|C| and |PW|", "{CHAOS} and {PW}", ""},
		{"|w|", "{W}", ""},
		{"`Products <http://x.test/a)>`_ site", "<Products|http://x.test/a)> site", ""},
		{"`<http://x.test>`__", "<http://x.test|http://x.test>", ""},
		{"`http://x.test`__", "http://x.test", "named target"},
		{"see <http://x.test> now", "see <http://x.test> now", ""},
		{":ref:`card-types`", "[card-types→card-types]", ""},
		{":ref:`Card Types <Card-Types>`", "[Card Types→card-types]", ""},
		{":term:`Typecycling`.", "[Typecycling→term:Typecycling].", ""},
		{":term:`cycles <Cycling>`", "[cycles→term:Cycling]", ""},
		{":Term:`Dependency`", "[Dependency→term:Dependency]", ""},
		{"(:ref:`x`)", "([x→x])", ""},
		{"it :ref:erred to", "it referred to", "broken role"},
		{":ref:`unclosed role", ":ref:`unclosed role", "no closing"},
		{"x *unclosed", "x *unclosed", "without a closing"},
		{"|ZZ| symbol", "|ZZ| symbol", "unknown substitution |ZZ|"},
		{`a\*b\\c`, `a*b\c`, ""},
		{`*Time Spiral*\ ®`, "*Time Spiral*®", ""},
		{"line one\nline two", "line one line two", ""},
		{"`default role`", "*default role*", ""},
		{":foo:`bar`", "bar", "unknown role :foo:"},
		{"`named`_", "named", "named target"},
		{":doc:`Intro <intro>`", "Intro", ":doc:"},
		{"a: b:c :: d", "a: b:c :: d", ""},
		{"trailing \\", "trailing \\", ""},
		{"*a* *b*", "*a* *b*", ""},
		{"**", "**", ""},
		{"|", "|", ""},
		{"`", "`", ""},
	}
	for _, tc := range tests {
		p := &rstParser{e: &Edition{}, doc: &rstDoc{src: Source{Name: "t.rst"}}}
		p.d.file = "t.rst"
		got := p.inline(tc.in, 1)
		if r := render(got); r != tc.want {
			t.Errorf("inline(%q) = %q, want %q", tc.in, r, tc.want)
		}
		found := tc.diag == ""
		for _, d := range p.d.list {
			if strings.Contains(d.Message, tc.diag) {
				found = true
			}
			if d.Line != 1 {
				t.Errorf("inline(%q): diagnostic on line %d: %s", tc.in, d.Line, d)
			}
		}
		if !found {
			t.Errorf("inline(%q): no diagnostic %q in %v", tc.in, tc.diag, p.d.list)
		}
	}
}

func TestRSTInlineLines(t *testing.T) {
	// A diagnostic names the line of the paragraph it is on.
	e := parseRSTFiles(t, "t.rst", part2+"N\n=\n\n100.1\n-----\n\nFirst line,\nsecond :bad:`role`,\nthird |QQ|.\n")
	wantDiags(t, e, []string{"12:warning:unknown role :bad:", "13:warning:unknown substitution |QQ|"})
}

// TestRSTEpilog: customer_service.rst, the epilog of the 2011 project
// (the customer service contacts that end the official text after the
// credits), is read into the credits, whether a toctree names it after the
// rules or the files are read in their own order. Its headings used to be
// read as chapters of a section numbered after the one before: a second
// section 9 with chapters 900–902 after the casual variants, or a section 1
// when it was read first. A file of another name whose first title is
// "Customer Service Information" is the epilog too.
func TestRSTEpilog(t *testing.T) {
	variants := `******************
9. Casual Variants
******************

Planechase
==========

901.1
-----

Planechase text.

Vanguard
========

902.1
-----

Vanguard text.
`
	credits := "*******\nCredits\n*******\n\nMagic: The Gathering Original Game Design: Richard Garfield\n"
	epilog := `Contact the office nearest you.

****************************
Customer Service Information
****************************

U.S., Canada, Asia Pacific & Latin America
==========================================

www.wizards.com/customerservice

U.K., Eire & South Africa
=========================

Wizards of the Coast LLC c/o Hasbro UK Ltd.
`
	want := `§9 Casual Variants
901 Planechase
901.1
901.1: Planechase text.
902 Vanguard
902.1
902.1: Vanguard text.
C: Magic: The Gathering Original Game Design: Richard Garfield
C: Contact the office nearest you.
C: Customer Service Information
C: U.S., Canada, Asia Pacific & Latin America
C: www.wizards.com/customerservice
C: U.K., Eire & South Africa
C: Wizards of the Coast LLC c/o Hasbro UK Ltd.
`
	index := ".. toctree::\n\n   variants\n   credits\n   customer_service\n"
	tests := []struct {
		name  string
		files []string
	}{
		{"named by a toctree after the rules", []string{"index.rst", index, "variants.rst", variants, "credits.rst", credits, "customer_service.rst", epilog}},
		{"no toctree: read in the files' own order", []string{"customer_service.rst", epilog, "variants.rst", variants, "credits.rst", credits}},
		{"a part so titled in a file of another name", []string{"variants.rst", variants, "credits.rst", credits, "contacts.rst", epilog}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := parseRSTFiles(t, tt.files...)
			if got := outline(e); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
			wantDiags(t, e, []string{"4:info:the epilog \"Customer Service Information\" (customer service contacts) is read into the credits"})
		})
	}
}
