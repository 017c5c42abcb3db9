package views

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/arbiter-rules/arbiter/rules"
)

func render(t testing.TB, p Paths, ed *rules.Edition, tx rules.Text) string {
	t.Helper()
	var b strings.Builder
	if err := p.Text(ed, tx).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// textEdition is an edition "ed" with section 7, rule 704.5k and the
// glossary entry Trample, for references to resolve in.
func textEdition() *rules.Edition {
	k := &rules.Rule{Number: rules.Number{Chapter: 704, Rule: 5, Sub: 'k'}}
	r := &rules.Rule{Number: rules.Number{Chapter: 704, Rule: 5}, Children: []*rules.Rule{k}}
	c := (&rules.Rule{Number: rules.Number{Chapter: 704}, Children: []*rules.Rule{r}}).Heading(nil, "State-Based Actions")
	e := &rules.Edition{ID: "ed", Sections: []*rules.Section{{Number: 7, Chapters: []*rules.Rule{c}}},
		Glossary: []*rules.GlossaryEntry{{Terms: []string{"Trample"}, Slug: "trample"}}}
	e.Reindex()
	return e
}

func TestText(t *testing.T) {
	ed := textEdition()
	refSpan := func(start, end int32, c rules.Cite) []rules.Span { return []rules.Span{rules.RefSpan(start, end, c)} }
	rule := rules.Cite{Kind: rules.RefRule, Number: rules.Number{Chapter: 704, Rule: 5, Sub: 'k'}}
	dangling := rules.Cite{Kind: rules.RefRule, Number: rules.Number{Chapter: 999, Rule: 9}}
	sect := rules.Cite{Kind: rules.RefSection, Section: 7}
	tests := []struct {
		name string
		text rules.Text
		base string
		want string
	}{
		{"plain escaped", rules.Text{S: `a < b & "c" 'd'`}, "", `a &lt; b &amp; &#34;c&#34; &#39;d&#39;`},
		{"ref", rules.Text{S: "See rule 704.5k.", Spans: refSpan(4, 15, rule)},
			"", `See <a class="x" href="/ed/704.5k">rule 704.5k</a>.`},
		{"base", rules.Text{S: "rule 704.5k", Spans: refSpan(0, 11, rule)},
			"/arbiter", `<a class="x" href="/arbiter/ed/704.5k">rule 704.5k</a>`},
		{"section", rules.Text{S: "section 7", Spans: refSpan(0, 9, sect)},
			"", `<a class="x" href="/ed/section/7">section 7</a>`},
		// A document naming itself links to its edition's contents.
		{"own document", rules.Text{S: "these Comprehensive Rules", Spans: refSpan(6, 25, rules.Cite{Kind: rules.RefDocument, Doc: rules.DocCR})},
			"", `these <a class="x" href="/ed">Comprehensive Rules</a>`},
		{"dangling", rules.Text{S: "rule 999.9", Spans: refSpan(0, 10, dangling)},
			"", `<span class="dangling" title="not in this edition">rule 999.9</span>`},
		{"term", rules.Text{S: "has trample", Spans: []rules.Span{{Start: 4, End: 11, Kind: rules.SpanTerm, Target: "trample"}}},
			"", `has <a class="x t" href="/ed/glossary/trample">trample</a>`},
		{"italic", rules.Text{S: "the Magic game", Spans: []rules.Span{{Start: 4, End: 9, Kind: rules.SpanItalic}}},
			"", `the <i>Magic</i> game`},
		{"mana", rules.Text{S: "{T}: Add {W}.", Spans: []rules.Span{{Start: 0, End: 3, Kind: rules.SpanMana}, {Start: 9, End: 12, Kind: rules.SpanMana}}},
			"", `<abbr class="ms t" data-m="" title="tap" role="img" aria-label="tap">{T}</abbr>: Add <abbr class="ms w" data-m="W" title="white mana" role="img" aria-label="white mana">{W}</abbr>.`},
		{"mana in italic", rules.Text{S: "pay {2} now", Spans: []rules.Span{{Start: 0, End: 11, Kind: rules.SpanItalic}, {Start: 4, End: 7, Kind: rules.SpanMana}}},
			"", `<i>pay <abbr class="ms c" data-m="2" title="two generic mana" role="img" aria-label="two generic mana">{2}</abbr> now</i>`},
		{"term inside ref is not a nested link", rules.Text{S: "rule 704.5k trample", Spans: append(refSpan(0, 19, rule), rules.Span{Start: 12, End: 19, Kind: rules.SpanTerm, Target: "trample"})},
			"", `<a class="x" href="/ed/704.5k">rule 704.5k trample</a>`},
		{"unsorted spans", rules.Text{S: "ab cd", Spans: []rules.Span{{Start: 3, End: 5, Kind: rules.SpanItalic}, {Start: 0, End: 2, Kind: rules.SpanItalic}}},
			"", `<i>ab</i> <i>cd</i>`},
		{"crossing span is clipped", rules.Text{S: "abcdef", Spans: []rules.Span{{Start: 0, End: 4, Kind: rules.SpanItalic}, {Start: 2, End: 6, Kind: rules.SpanItalic}}},
			"", `<i>ab<i>cd</i></i>ef`},
		{"out of range span ignored", rules.Text{S: "abc", Spans: []rules.Span{{Start: 1, End: 9, Kind: rules.SpanItalic}, {Start: 2, End: 1, Kind: rules.SpanItalic}}},
			"", `abc`},
		{"safe link", rules.Text{S: "Magic.Wizards.com/Rules", Spans: []rules.Span{{Start: 0, End: 23, Kind: rules.SpanLink, Target: "https://magic.wizards.com/rules"}}},
			"", `<a href="https://magic.wizards.com/rules">Magic.Wizards.com/Rules</a>`},
		{"unsafe link is text", rules.Text{S: "click", Spans: []rules.Span{{Start: 0, End: 5, Kind: rules.SpanLink, Target: "javascript:alert(1)"}}},
			"", `click`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := render(t, Paths{Base: tt.base}, ed, tt.text); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestSymbols(t *testing.T) {
	tests := []struct{ sym, class, mark, name string }{
		{"{W}", "ms w", "W", "white mana"},
		{"{U}", "ms u", "U", "blue mana"},
		{"{C}", "ms c", "C", "colorless mana"},
		{"{10}", "ms c", "10", "ten generic mana"},
		{"{100}", "ms c small", "100", "100 generic mana"},
		{"{X}", "ms c", "X", "X generic mana"},
		{"{T}", "ms t", "", "tap"},
		{"{Q}", "ms q", "", "untap"},
		{"{S}", "ms c", "S", "snow mana"},
		{"{W/U}", "ms small w u2", "WU", "white or blue mana"},
		{"{2/B}", "ms small c b2", "2B", "two generic or one black mana"},
		{"{W/P}", "ms w", "φ", "Phyrexian white mana"},
		{"{G/U/P}", "ms small g u2", "φ", "Phyrexian green or blue mana"},
		{"{CHAOS}", "ms c small", "CHAOS", "chaos"},
	}
	for _, tt := range tests {
		got := drawSymbol(tt.sym)
		if got != (symbol{tt.class, tt.mark, tt.name}) {
			t.Errorf("%s: %+v, want %+v", tt.sym, got, symbol{tt.class, tt.mark, tt.name})
		}
	}
}

// FuzzText checks that any text and spans render without panicking into
// HTML whose text content is the original string.
func FuzzText(f *testing.F) {
	f.Add("See rule 704.5k and {W}.", int32(4), int32(15), int32(20), int32(23), uint8(3))
	f.Add("<&>", int32(0), int32(3), int32(1), int32(2), uint8(1))
	f.Fuzz(func(t *testing.T, s string, a, b, c, d int32, kind uint8) {
		ref := rules.RefSpan(0, 0, rules.Cite{Kind: rules.RefRule, Number: rules.Number{Chapter: 704, Rule: 5, Sub: 'k'}}).Cite
		k1 := rules.SpanKind(kind%5 + 1)
		k2 := rules.SpanKind((kind/5)%5 + 1)
		tx := rules.Text{S: s, Spans: []rules.Span{
			{Start: a, End: b, Kind: k1, Cite: ref, Target: "https://example.org/"},
			{Start: c, End: d, Kind: k2, Cite: ref, Target: "trample"},
		}}
		out := render(t, Paths{}, textEdition(), tx)
		node, err := html.Parse(strings.NewReader("<p>" + out))
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.TextNode {
				text.WriteString(n.Data)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(node)
		if !strings.ContainsRune(s, 0) && strings.ToValidUTF8(s, "\uFFFD") == s && !strings.ContainsRune(s, '\r') && text.String() != s {
			t.Errorf("text content %q, want %q (html %s)", text.String(), s, out)
		}
	})
}
