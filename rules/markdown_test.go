package rules

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// dumpEdition prints the parts of an edition a dialect test checks, one
// line per item, italics marked _like this_ and links as [text](url).
func dumpEdition(e *Edition) string {
	var b strings.Builder
	if e.ID != "" || e.Title != "" || !e.Effective.IsZero() {
		fmt.Fprintf(&b, "meta %q %q %s\n", e.ID, e.Title, e.EffectiveDate())
	}
	fmt.Fprintf(&b, "kind %s\n", e.Kind)
	blocks := func(indent string, bs []Block) {
		for _, bl := range bs {
			kind := [...]string{BlockText: "text", BlockExample: "example", BlockSeeAlso: "see-also"}[bl.Kind]
			if bl.Sense > 0 {
				kind = fmt.Sprintf("%d. %s", bl.Sense, kind)
			}
			fmt.Fprintf(&b, "%s%s %s\n", indent, kind, showMarkup(bl.Text))
		}
	}
	if len(e.Intro) > 0 {
		b.WriteString("intro\n")
		blocks("  ", e.Intro)
	}
	for _, t := range e.Topics {
		fmt.Fprintf(&b, "topic %s %q\n", t.Slug, t.Title)
		blocks("  ", t.Body)
	}
	for _, s := range e.Sections {
		fmt.Fprintf(&b, "section %d %q\n", s.Number, s.Title)
		for _, c := range s.Chapters {
			walkRule(c, func(r *Rule) bool {
				parent := "-"
				if r.Parent != nil {
					parent = r.Parent.Number.String()
				}
				fmt.Fprintf(&b, "  %s in %s", r.Number, parent)
				if r.Title() != "" {
					fmt.Fprintf(&b, " %q", r.Title())
				}
				b.WriteString("\n")
				blocks("    ", r.Body)
				return true
			})
		}
	}
	for _, g := range e.Glossary {
		fmt.Fprintf(&b, "term %q %s", g.Terms, g.Slug)
		if g.Obsolete {
			b.WriteString(" obsolete")
		}
		b.WriteString("\n")
		blocks("  ", g.Body)
	}
	if len(e.Credits) > 0 {
		b.WriteString("credits\n")
		blocks("  ", e.Credits)
	}
	return b.String()
}

// showMarkup quotes t.S with its italics as _…_ and links as [text](url).
func showMarkup(t Text) string {
	var b strings.Builder
	for i := 0; i <= len(t.S); i++ {
		for _, sp := range t.Spans {
			if int(sp.End) == i && sp.Start != sp.End {
				switch sp.Kind {
				case SpanItalic:
					b.WriteByte('_')
				case SpanLink:
					b.WriteString("](" + sp.Target + ")")
				}
			}
		}
		for _, sp := range t.Spans {
			if int(sp.Start) == i {
				switch sp.Kind {
				case SpanItalic:
					b.WriteByte('_')
				case SpanLink:
					b.WriteByte('[')
				}
			}
		}
		if i < len(t.S) {
			b.WriteByte(t.S[i])
		}
	}
	return fmt.Sprintf("%q", b.String())
}

func diagStrings(e *Edition) []string {
	var out []string
	for _, d := range e.Diagnostics {
		out = append(out, d.String())
	}
	return out
}

func TestParseMarkdownDialect(t *testing.T) {
	for _, tc := range []struct {
		name, md, want string
		diags          []string // every diagnostic, in order, as file:line: message prefixes
	}{{
		name: "front matter and intro",
		md: "---\nid: 2026-01-16\ntitle: Magic: The Gathering Comprehensive Rules\neffective: 2026-01-16\nkind: full\n# a comment\n---\n\n" +
			"# Introduction\n\nThis document is the *ultimate* authority.\n",
		want: "meta \"2026-01-16\" \"Magic: The Gathering Comprehensive Rules\" 2026-01-16\nkind full\nintro\n  text \"This document is the _ultimate_ authority.\"\n",
	}, {
		name: "text before any heading is the introduction",
		md:   "A page header\n\n# 1. Game Concepts\n",
		want: "kind full\nintro\n  text \"A page header\"\nsection 1 \"Game Concepts\"\n",
	}, {
		name: "sections, chapters, rules, subrules, continuation, examples",
		md: "# 1. Game Concepts\n\n## 100. General\n\n100.1. These Magic rules apply.\n\n100.1a A two-player game\nis a game.\n\n" +
			"> Example: An example.\n\nA continuation paragraph.\n\n> See also: rule 100.2.\n\n> A second example, without the label.\n> Example: A third in the same quote.\n>\n> Example: A fourth.\n\n" +
			"100.2.\n\n100.2a Under 100.2.\n\n# 2. Parts of a Card\n\n## 200. General\n",
		want: "kind full\nsection 1 \"Game Concepts\"\n  100 in - \"General\"\n  100.1 in 100\n    text \"These Magic rules apply.\"\n" +
			"  100.1a in 100.1\n    text \"A two-player game is a game.\"\n    example \"An example.\"\n    text \"A continuation paragraph.\"\n    see-also \"rule 100.2.\"\n" +
			"    example \"A second example, without the label. Example: A third in the same quote.\"\n    example \"A fourth.\"\n" +
			"  100.2 in 100\n  100.2a in 100.2\n    text \"Under 100.2.\"\nsection 2 \"Parts of a Card\"\n  200 in - \"General\"\n",
	}, {
		name: "a rule number alone on its line, text on the next",
		md:   "# 1. A\n\n## 100. B\n\n100.1.\nText on the next line.\n\n100.1b\n",
		want: "kind full\nsection 1 \"A\"\n  100 in - \"B\"\n  100.1 in 100\n    text \"Text on the next line.\"\n  100.1b in 100.1\n",
	}, {
		name: "escaped numbers start continuation paragraphs",
		md:   "# 1. A\n\n## 100. B\n\n100.1. Rule.\n\n100\\.2. is not a rule.\n\n1\\. is not a list.\n",
		want: "kind full\nsection 1 \"A\"\n  100 in - \"B\"\n  100.1 in 100\n    text \"Rule.\"\n    text \"100.2. is not a rule.\"\n    text \"1. is not a list.\"\n",
	}, {
		name:  "an excerpt that starts at a subrule",
		md:    "---\nkind: excerpt\n---\n# 1.\n\n104.3h A subrule.\n\n104.4. A rule.\n\n## 105. Colors\n",
		want:  "kind excerpt\nsection 1 \"\"\n  104.3h in -\n    text \"A subrule.\"\n  104.4 in -\n    text \"A rule.\"\n  105 in - \"Colors\"\n",
		diags: []string{"in.md:6: info: rule 104.3h has no chapter 104", "in.md:8: info: rule 104.4 has no chapter 104"},
	}, {
		name: "glossary: terms, senses, examples, obsolete",
		md: "# Glossary\n\nAbility\n: 1. Text on an object.\n: 2. An ability on the stack.\n: 2. > Example: An example of sense 2.\n: See rule 113.\n\n" +
			"You\nYour\n: Words that refer to a controller.\n: > Example: An example.\n\nMana Burn (Obsolete)\n: Gone.\n\nNot Obsolete \\(Obsolete)\n: Here.\n\n" +
			"Multiple\n: 1. One.\n   2. Two, in one list.\n",
		want: "kind full\nterm [\"Ability\"] ability\n  1. text \"Text on an object.\"\n  2. text \"An ability on the stack.\"\n  2. example \"An example of sense 2.\"\n  text \"See rule 113.\"\n" +
			"term [\"You\" \"Your\"] you\n  text \"Words that refer to a controller.\"\n  example \"An example.\"\n" +
			"term [\"Mana Burn\"] mana-burn obsolete\n  text \"Gone.\"\nterm [\"Not Obsolete (Obsolete)\"] not-obsolete-obsolete\n  text \"Here.\"\n" +
			"term [\"Multiple\"] multiple\n  1. text \"One.\"\n  2. text \"Two, in one list.\"\n",
	}, {
		name: "topics",
		md:   "---\nkind: prose\n---\nHeader\n\n## Ownership\n\nEach player owns cards.\n\n## Sources of Effects {#sources}\n\nText.\n\n> Bob uses his Brothers of Fire.\n\n## 100\\. Not a chapter\n",
		want: "kind prose\nintro\n  text \"Header\"\ntopic ownership \"Ownership\"\n  text \"Each player owns cards.\"\ntopic sources \"Sources of Effects\"\n  text \"Text.\"\n  example \"Bob uses his Brothers of Fire.\"\ntopic 100-not-a-chapter \"100. Not a chapter\"\n",
	}, {
		name: "labels and references to them",
		md: "# 2. Parts of a Card {#card-parts}\n\n## 204. Type Line {#type-line}\n\n204.2. {#card-types} The card types.\n\n204.2a {#x.y:z} Sub.\n\n" +
			"> See also: [card types](#card-types), [a site](https://x.org) and [a page](#not a label)\n\n# Glossary\n\nAnte (Obsolete) {#ante}\n: Gone.\n",
		want: "kind full\nsection 2 \"Parts of a Card\"\n  204 in - \"Type Line\"\n  204.2 in 204\n    text \"The card types.\"\n  204.2a in 204.2\n    text \"Sub.\"\n" +
			"    see-also \"card types, [a site](https://x.org) and [a page](#not a label)\"\nterm [\"Ante\"] ante obsolete\n  text \"Gone.\"\n",
	}, {
		name: "kind defaults to prose for topics only",
		md:   "## A\n\nx\n",
		want: "kind prose\ntopic a \"A\"\n  text \"x\"\n",
	}, {
		name: "inline: italics, links, mana, references, escapes, entities, breaks",
		md: "# Credits\n\n_Magic_ and *The Gathering* cost {2}{W/P}: *{W}{U}* see rule 704.5k, rules 903.6–903.11 and [the site](https://magic.wizards.com/rules).\n\n" +
			"\\*not italic\\* &amp; &#35; &copy; <https://example.com>\n\nline one\\\nline two  \nline three\n",
		want: "kind full\ncredits\n  text \"_Magic_ and _The Gathering_ cost {2}{W/P}: _{W}{U}_ see rule 704.5k, rules 903.6–903.11 and [the site](https://magic.wizards.com/rules).\"\n" +
			"  text \"*not italic* & # © [https://example.com](https://example.com)\"\n  text \"line one\\nline two\\nline three\"\n",
	}, {
		name: "CRLF, CR and a byte order mark",
		md:   "\ufeff---\r\nid: x\r\n---\r# 1. A\r\n\r\n## 100. B\r\r100.1. Text\rmore.\r\n",
		want: "meta \"x\" \"\" \nkind full\nsection 1 \"A\"\n  100 in - \"B\"\n  100.1 in 100\n    text \"Text more.\"\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			e := ParseMarkdown(Source{Name: "in.md", Data: []byte(tc.md)})
			if got := dumpEdition(e); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			got := diagStrings(e)
			if len(got) != len(tc.diags) {
				t.Fatalf("diagnostics %q, want %q", got, tc.diags)
			}
			for i, d := range got {
				if !strings.HasPrefix(d, tc.diags[i]) {
					t.Errorf("diagnostic %d: %q, want prefix %q", i, d, tc.diags[i])
				}
			}
		})
	}
}

// Constructs outside the dialect give a diagnostic naming the file and line,
// and the parse goes on with what it can keep.
func TestParseMarkdownDiagnostics(t *testing.T) {
	for _, tc := range []struct {
		name, md string
		diags    []string // prefixes, in order
		want     string   // a line dumpEdition must contain, if set
	}{
		{"unclosed front matter", "---\nid: x\n\n# 1. A\n", []string{"doc.md:1: front matter opened with --- is never closed", "doc.md:1: info: a thematic break"}, "section 1 \"A\""},
		{"bad front matter values", "---\neffective: 16 January 2026\nkind: huge\ncolour: red\nnonsense\n---\n", []string{"doc.md:2: front matter: effective: want YYYY-MM-DD", "doc.md:3: front matter: kind: want full", "doc.md:4: warning: front matter: unknown key \"colour\"", "doc.md:5: warning: front matter: want \"key: value\""}, ""},
		{"unknown level-1 heading", "# Contents\n\nskipped\n\n# 1. A\n\n## 100. B\n", []string{"doc.md:1: warning: unknown level-1 heading \"Contents\""}, "100 in - \"B\""},
		{"chapter without section", "## 100. General\n\n100.1. Text.\n", []string{"doc.md:1: warning: chapter 100 is not under"}, "100.1 in 100"},
		{"rule before any section", "100.1. Text.\n", []string{"doc.md:1: warning: rule 100.1 comes before any", "doc.md:1: warning: rule 100.1 has no chapter 100"}, "100.1 in -"},
		{"out of order and letters l, o", "# 1. A\n\n## 100. B\n\n100.2. x\n\n100.1. y\n\n100.1l z\n\n100.1l w\n", []string{"doc.md:7: warning: 100.1 comes after 100.2", "doc.md:9: warning: subrule 100.1l uses the letter 'l'", "doc.md:11: warning: 100.1l appears twice", "doc.md:11: warning: subrule 100.1l"}, ""},
		{"subrule under the wrong rule", "# 1. A\n\n## 100. B\n\n100.1. x\n\n100.2a y\n", []string{"doc.md:7: warning: 100.2a is not under 100.2"}, "100.2a in 100"},
		{"text before any chapter", "# 1. A\n\nstray text\n", []string{"doc.md:3: warning: text in section 1 before any chapter or rule: ignored"}, ""},
		{"lists, code, level-3 headings", "# 1. A\n\n## 100. B\n\n100.1. x\n\n- a bullet\n- another\n\n```\ncode\n```\n\n### Small\n\n---\n\n3. three\n   - nested\n", []string{"doc.md:7: warning: a list is not part of the dialect", "doc.md:11: warning: a code block", "doc.md:14: warning: a level-3 heading", "doc.md:16: info: a thematic break", "doc.md:18: warning: a list"}, "text \"3. three\"\n    text \"- nested\"\n"},
		{"bold, code, images, HTML", "# Credits\n\n**bold** `code` ![alt](x.png) <b>raw</b>\n\n<div>\nblock\n</div>\n\n<!-- a comment -->\n", []string{"doc.md:3: warning: bold", "doc.md:3: warning: code", "doc.md:3: warning: images", "doc.md:3: warning: HTML", "doc.md:3: warning: HTML", "doc.md:5: warning: HTML is not part of the dialect: ignored"}, "text \"bold code alt <b>raw</b>\""},
		{"definition list outside the glossary", "# Credits\n\nTerm\n: def\n", []string{"doc.md:3: warning: a definition list outside"}, "term [\"Term\"] term"},
		{"glossary oddities", "# Glossary\n\nstray\nparagraph\n\n> a quote before any term\n\nTerm\n: - bullet\n", []string{"doc.md:3: warning: glossary term \"stray paragraph\" has no definition", "doc.md:9: warning: a bulleted list in a definition"}, "text \"- bullet\""},
		{"duplicate topic slugs", "## Tokens\n\n## tokens\n", []string{"doc.md:3: warning: topic \"tokens\" has the same slug \"tokens\" as the topic at line 1"}, ""},
		{"topic inside a section", "# 1. A\n\n## Ownership\n", []string{"doc.md:3: warning: heading \"Ownership\" in section 1 has no chapter number"}, "topic ownership"},
		{"binary", "# 1. A\n\x00\x01", []string{"doc.md:2: binary data"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := ParseMarkdown(Source{Name: "doc.md", Data: []byte(tc.md)})
			got := diagStrings(e)
			if len(got) != len(tc.diags) {
				t.Fatalf("diagnostics:\n%s\nwant prefixes:\n%s", strings.Join(got, "\n"), strings.Join(tc.diags, "\n"))
			}
			for i, d := range got {
				if !strings.HasPrefix(d, tc.diags[i]) {
					t.Errorf("diagnostic %d: %q, want prefix %q", i, d, tc.diags[i])
				}
			}
			if tc.want != "" && !strings.Contains(dumpEdition(e), tc.want) {
				t.Errorf("edition lacks %q:\n%s", tc.want, dumpEdition(e))
			}
		})
	}
}

// The extension puts mana symbols, references and rule numbers into
// goldmark's own tree, and renders them.
func TestMarkdownExtensionAST(t *testing.T) {
	src := []byte("100.1a Pay {2}{W/P} or *{W}{U}*: see rule 704.5k, rules 903.6–903.11 (and 103.2a–e), rule 903, not 903 or 2.5.\n")
	md := goldmark.New(goldmark.WithExtensions(&MarkdownDialect{RuleURL: func(n Number) string { return "/rules/" + n.String() }}))
	doc := md.Parser().Parse(text.NewReader(src))
	var got []string
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ManaNode:
			in := ""
			if n.Parent().Kind() == ast.KindEmphasis {
				in = " in emphasis"
			}
			got = append(got, "mana "+n.Symbol(src)+in)
		case *RuleRefNode:
			s := "ref " + n.Number.String()
			if !n.Last.IsZero() {
				s += "-" + n.Last.String()
			}
			got = append(got, s)
		case *RuleNumberNode:
			got = append(got, "number "+n.Number.String())
		}
		return ast.WalkContinue, nil
	})
	want := []string{"number 100.1a", "mana 2", "mana W/P", "mana W in emphasis", "mana U in emphasis", "ref 704.5k", "ref 903.6-903.11", "ref 103.2a-103.2e", "ref 903"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var html bytes.Buffer
	if err := md.Convert(src, &html); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		`<p><a class="rule-number" href="/rules/100.1a">100.1a</a> Pay `,
		`<abbr class="mana" title="Phyrexian white mana">{W/P}</abbr>`,
		`<em><abbr class="mana" title="white mana">{W}</abbr>`,
		`see rule <a class="rule-ref" href="/rules/704.5k">704.5k</a>,`,
		`(and <a class="rule-ref" href="/rules/103.2a">103.2a–e</a>)`,
	} {
		if !strings.Contains(html.String(), w) {
			t.Errorf("HTML lacks %s:\n%s", w, html.String())
		}
	}
	// The glossary renders as a definition list.
	html.Reset()
	if err := goldmark.New(goldmark.WithExtensions(MarkdownExtension)).Convert([]byte("Term\n: Definition.\n"), &html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "<dl>\n<dt>Term</dt>\n<dd>Definition.</dd>") {
		t.Errorf("definition list: %s", html.String())
	}
}

// Labels land on the entries they follow and "#label" links become label
// references that Link resolves.
func TestParseMarkdownLabels(t *testing.T) {
	e := ParseMarkdown(Source{Name: "l.md", Data: []byte("# 2. Parts {#card-parts}\n\n## 204. Type Line {#type-line}\n\n204.2. {#card-types} The card types.\n\n" +
		"> See also: [card types](#card-types) and [parts](#card-parts)\n\n# Glossary\n\nAnte {#ante}\n: See [type line](#type-line).\n")})
	if len(e.Diagnostics) > 0 {
		t.Fatal(e.Diagnostics)
	}
	r := e.Rule(Number{Chapter: 204, Rule: 2})
	if e.Sections[0].Label != "card-parts" || e.LabelOf(e.Rule(Number{Chapter: 204})) != "type-line" || e.LabelOf(r) != "card-types" || e.LabelOf(e.Glossary[0]) != "ante" {
		t.Fatalf("labels: %q %q %q %q", e.Sections[0].Label, e.LabelOf(e.Rule(Number{Chapter: 204})), e.LabelOf(r), e.LabelOf(e.Glossary[0]))
	}
	if e.Label("card-types") != r {
		t.Errorf("Label(card-types) = %v", e.Label("card-types"))
	}
	var refs []string
	for _, r := range e.Refs {
		if ref := flat(e, r); ref.Kind == RefLabel {
			target := "?"
			switch {
			case ref.Rule != nil:
				target = ref.Rule.Number.String()
			case ref.Sect != nil:
				target = "section " + itoa(ref.Sect.Number)
			}
			refs = append(refs, fmt.Sprintf("%s→%s %v", ref.Label, target, ref.Resolved))
		}
	}
	if want := "card-types→204.2 true,card-parts→section 2 true,type-line→204 true"; strings.Join(refs, ",") != want {
		t.Errorf("label refs %q, want %q", strings.Join(refs, ","), want)
	}
}
