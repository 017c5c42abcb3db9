package rules

import (
	"fmt"
	"slices"
	"strings"
)

// diffEditionTrees compares what the Markdown dialect promises to keep of two
// editions and describes the first difference, or returns "". It compares
// the tree (numbers, titles, labels, the order of entries), every block's
// kind, sense and text, which characters are italic, links and references to
// labels, glossary terms, slugs and obsolete flags, topics, the
// introduction, credits and the metadata. Spans the linker derives from the
// text (mana, rule references, terms) are not compared: they follow from it.
func diffEditionTrees(a, b *Edition) string {
	switch {
	case a.ID != b.ID:
		return fmt.Sprintf("id: %q vs %q", a.ID, b.ID)
	case a.Title != b.Title:
		return fmt.Sprintf("title: %q vs %q", a.Title, b.Title)
	case a.EffectiveDate() != b.EffectiveDate():
		return fmt.Sprintf("effective: %q vs %q", a.EffectiveDate(), b.EffectiveDate())
	case a.Kind != b.Kind:
		return fmt.Sprintf("kind: %q vs %q", a.Kind, b.Kind)
	}
	if d := diffBlockLists("intro", a.Intro, b.Intro); d != "" {
		return d
	}
	if len(a.Topics) != len(b.Topics) {
		return fmt.Sprintf("topics: %d vs %d", len(a.Topics), len(b.Topics))
	}
	for i, t := range a.Topics {
		u := b.Topics[i]
		if t.Slug != u.Slug || t.Title != u.Title {
			return fmt.Sprintf("topic %d: %q %q vs %q %q", i, t.Slug, t.Title, u.Slug, u.Title)
		}
		if d := diffBlockLists("topic "+t.Slug, t.Body, u.Body); d != "" {
			return d
		}
	}
	if len(a.Sections) != len(b.Sections) {
		return fmt.Sprintf("sections: %d vs %d", len(a.Sections), len(b.Sections))
	}
	for i, s := range a.Sections {
		u := b.Sections[i]
		if s.Number != u.Number || s.Title != u.Title || s.Label != u.Label {
			return fmt.Sprintf("section %d: %d %q %q vs %d %q %q", i, s.Number, s.Title, s.Label, u.Number, u.Title, u.Label)
		}
		if d := diffRuleTrees(fmt.Sprintf("section %d", s.Number), a, b, s.Chapters, u.Chapters); d != "" {
			return d
		}
	}
	if len(a.Glossary) != len(b.Glossary) {
		return fmt.Sprintf("glossary: %d vs %d entries", len(a.Glossary), len(b.Glossary))
	}
	for i, g := range a.Glossary {
		h := b.Glossary[i]
		where := fmt.Sprintf("glossary %d %q", i, g.Term())
		switch {
		case !slices.Equal(g.Terms, h.Terms):
			return fmt.Sprintf("%s: terms %q vs %q", where, g.Terms, h.Terms)
		case g.Slug != h.Slug:
			return fmt.Sprintf("%s: slug %q vs %q", where, g.Slug, h.Slug)
		case g.Obsolete != h.Obsolete:
			return fmt.Sprintf("%s: obsolete %v vs %v", where, g.Obsolete, h.Obsolete)
		case a.LabelOf(g) != b.LabelOf(h):
			return fmt.Sprintf("%s: label %q vs %q", where, a.LabelOf(g), b.LabelOf(h))
		}
		if d := diffBlockLists(where, g.Body, h.Body); d != "" {
			return d
		}
	}
	return diffBlockLists("credits", a.Credits, b.Credits)
}

func diffRuleTrees(where string, ea, eb *Edition, a, b []*Rule) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d vs %d entries (%s vs %s)", where, len(a), len(b), treeNumbers(a), treeNumbers(b))
	}
	for i, r := range a {
		s := b[i]
		if r.Number != s.Number {
			return fmt.Sprintf("%s: entry %d is %s vs %s", where, i, r.Number, s.Number)
		}
		if r.Title() != s.Title() || ea.LabelOf(r) != eb.LabelOf(s) {
			return fmt.Sprintf("%s: title %q label %q vs %q %q", r.Number, r.Title(), ea.LabelOf(r), s.Title(), eb.LabelOf(s))
		}
		if d := diffBlockLists(r.Number.String(), r.Body, s.Body); d != "" {
			return d
		}
		if d := diffRuleTrees(r.Number.String(), ea, eb, r.Children, s.Children); d != "" {
			return d
		}
	}
	return ""
}

func treeNumbers(rs []*Rule) string {
	var ns []string
	for _, r := range rs {
		ns = append(ns, r.Number.String())
	}
	return strings.Join(ns, " ")
}

func diffBlockLists(where string, a, b []Block) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d vs %d blocks: %s vs %s", where, len(a), len(b), treeBlockTexts(a), treeBlockTexts(b))
	}
	for i, x := range a {
		y := b[i]
		switch {
		case x.Kind != y.Kind:
			return fmt.Sprintf("%s block %d: kind %d vs %d (%q)", where, i, x.Kind, y.Kind, x.Text.S)
		case x.Sense != y.Sense:
			return fmt.Sprintf("%s block %d: sense %d vs %d (%q)", where, i, x.Sense, y.Sense, x.Text.S)
		case x.Text.S != y.Text.S:
			return fmt.Sprintf("%s block %d: text\n\t%q\nvs\t%q", where, i, x.Text.S, y.Text.S)
		}
		if d := diffTextMarkup(x.Text, y.Text); d != "" {
			return fmt.Sprintf("%s block %d (%q): %s", where, i, x.Text.S, d)
		}
	}
	return ""
}

func treeBlockTexts(bs []Block) string {
	var ss []string
	for _, b := range bs {
		ss = append(ss, fmt.Sprintf("%q", b.Text.S))
	}
	return "[" + strings.Join(ss, ", ") + "]"
}

// diffTextMarkup compares which bytes are italic and the links of two texts
// with the same S.
func diffTextMarkup(a, b Text) string {
	ia, ib := treeItalics(a), treeItalics(b)
	if !slices.Equal(ia, ib) {
		return fmt.Sprintf("italics %s vs %s", treeShowItalics(a.S, ia), treeShowItalics(b.S, ib))
	}
	la, lb := treeLinks(a), treeLinks(b)
	if !slices.Equal(la, lb) {
		return fmt.Sprintf("links %q vs %q", la, lb)
	}
	return ""
}

func treeItalics(t Text) []bool {
	m := make([]bool, len(t.S))
	for _, sp := range t.Spans {
		if sp.Kind == SpanItalic {
			for i := max(sp.Start, 0); i < min(sp.End, int32(len(t.S))); i++ {
				m[i] = true
			}
		}
	}
	return m
}

func treeShowItalics(s string, m []bool) string {
	var b strings.Builder
	in := false
	for i := 0; i <= len(s); i++ {
		on := i < len(s) && m[i]
		if on != in {
			b.WriteByte('_')
			in = on
		}
		if i < len(s) {
			b.WriteByte(s[i])
		}
	}
	return fmt.Sprintf("%q", b.String())
}

// treeLinks lists a text's links and its references to labels (which a
// parser states outright, so the linker cannot find them again).
func treeLinks(t Text) []string {
	var out []string
	for _, sp := range t.Spans {
		switch {
		case sp.Kind == SpanLink:
			out = append(out, fmt.Sprintf("%d-%d %s", sp.Start, sp.End, sp.Target))
		case sp.Kind == SpanRef && sp.Cited().Kind == RefLabel:
			out = append(out, fmt.Sprintf("%d-%d label %s", sp.Start, sp.End, sp.Cited().Label))
		}
	}
	return out
}
