package views

import (
	"context"
	"io"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"sync"

	"github.com/a-h/templ"

	"github.com/arbiter-rules/arbiter/rules"
)

// Text renders a paragraph by walking its spans: references and glossary
// terms become links (class "x", which app.js previews), mana symbols are
// drawn with an accessible name, italics stay italic. ed is the edition the
// text belongs to; references always resolve within it.
func (p Paths) Text(ed *rules.Edition, t rules.Text) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(p.appendText(make([]byte, 0, len(t.S)+len(t.S)/2), ed, t, true))
		return err
	})
}

// CardText renders t as Text does, with the names of real cards in it
// linked to their pages too: for examples and glossary entries, where
// the rules name cards ("Blood Moon", "Urborg, Tomb of Yawgmoth").
func (p Paths) CardText(ed *rules.Edition, t rules.Text) templ.Component {
	return p.Text(ed, p.withCards(ed, t))
}

// withCards is t with the card names p.Cards finds in it as SpanCard
// spans, leaving out any that would overlap a span t has: a reference or
// a term already links there.
func (p Paths) withCards(ed *rules.Edition, t rules.Text) rules.Text {
	if p.Cards == nil || ed == nil {
		return t
	}
	found := p.Cards(ed, t.S)
	if len(found) == 0 {
		return t
	}
	spans := slices.Clone(t.Spans)
	for _, c := range found {
		free := true
		for _, sp := range t.Spans {
			if sp.Start < c.End && c.Start < sp.End {
				free = false
				break
			}
		}
		if free {
			spans = append(spans, c)
		}
	}
	sort.SliceStable(spans, func(i, j int) bool { return spanLess(spans[i], spans[j]) })
	return rules.Text{S: t.S, Spans: spans}
}

// PlainText renders t like Text but without links: for previews, which
// must not contain previews of their own.
func (p Paths) PlainText(t rules.Text) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(p.appendText(make([]byte, 0, len(t.S)+len(t.S)/2), nil, t, false))
		return err
	})
}

// appendText appends t as HTML to b. Spans are ordered by Start and nest
// without crossing; a malformed span is clipped rather than trusted, and a
// link inside a link is dropped, because HTML cannot nest anchors.
func (p Paths) appendText(b []byte, ed *rules.Edition, t rules.Text, withLinks bool) []byte {
	b, _ = p.appendTextWith(b, nil, ed, t, withLinks)
	return b
}

// openTag is a tag appendText has opened and will close at end.
type openTag struct {
	end   int
	close string
	link  bool
}

// appendTextWith is appendText with the stack of open tags given, and
// returned for the next paragraph: a page of thousands of paragraphs
// (AllPage) reuses one.
func (p Paths) appendTextWith(b []byte, stack []openTag, ed *rules.Edition, t rules.Text, withLinks bool) ([]byte, []openTag) {
	s := t.S
	spans := t.Spans
	if !spansSorted(spans) {
		spans = append([]rules.Span(nil), spans...)
		sort.SliceStable(spans, func(i, j int) bool { return spanLess(spans[i], spans[j]) })
	}
	type open = openTag
	stack = stack[:0]
	links := 0
	if !withLinks {
		links = 1 // as if inside a link: no anchors at all
	}
	pos := 0
	closeTo := func(limit int) {
		for len(stack) > 0 && stack[len(stack)-1].end <= limit {
			top := stack[len(stack)-1]
			b = appendEscaped(b, s[pos:top.end])
			pos = top.end
			b = append(b, top.close...)
			if top.link {
				links--
			}
			stack = stack[:len(stack)-1]
		}
	}
	for _, sp := range spans {
		start, end := int(sp.Start), int(sp.End)
		if start < pos || end > len(s) || start >= end {
			continue // overlaps what was written, or out of range
		}
		closeTo(start)
		if len(stack) > 0 && end > stack[len(stack)-1].end {
			end = stack[len(stack)-1].end // crossing span: clip to its parent
			if start >= end {
				continue
			}
		}
		b = appendEscaped(b, s[pos:start])
		pos = start
		switch sp.Kind {
		case rules.SpanMana:
			b = appendSymbol(b, s[start:end])
			pos = end
			continue
		case rules.SpanItalic:
			b = append(b, "<i>"...)
			stack = append(stack, open{end, "</i>", false})
			continue
		}
		if links == 0 {
			if nb, ok := p.appendLink(b, ed, sp); ok {
				b = nb
				stack = append(stack, open{end, "</a>", true})
				links++
				continue
			}
		}
		if links == 0 && sp.Kind == rules.SpanRef {
			b = append(b, `<span class="dangling" title="not in this edition">`...)
			stack = append(stack, open{end, "</span>", false})
			continue
		}
		stack = append(stack, open{end, "", false})
	}
	closeTo(len(s))
	return appendEscaped(b, s[pos:]), stack
}

// spansSorted reports whether spans are in spanLess order, as the parsers
// leave them (sort.SliceIsSorted would make garbage on every paragraph).
func spansSorted(spans []rules.Span) bool {
	for i := 1; i < len(spans); i++ {
		if spanLess(spans[i], spans[i-1]) {
			return false
		}
	}
	return true
}

func spanLess(a, b rules.Span) bool {
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	return a.End > b.End // the outer span first
}

// appendLink appends the opening tag of the link a span makes, and reports
// whether it makes one: class "x" for links into the rules (previewed on
// hover), "x t" for glossary term mentions (styled quietly, so that
// references stand out), none for outside links. A reference that did not
// resolve, or a URL that is not http(s), makes no link. The common links,
// to rules and terms, are appended piece by piece, with no string made
// for them: the one-page edition (OnePage) renders thousands.
func (p Paths) appendLink(b []byte, ed *rules.Edition, sp rules.Span) ([]byte, bool) {
	switch sp.Kind {
	case rules.SpanRef:
		c := sp.Cited()
		t, ok := ed.Resolve(c)
		if !ok {
			return b, false
		}
		if c.Kind == rules.RefDocument && t.Edition == nil {
			t.Edition = ed // its own document, named in its text: its contents
		}
		if t.Edition != nil {
			// In another document (its edition in force on ed's date), or
			// this one as a whole.
			href := p.TOCURL(t.Edition.ID)
			switch {
			case t.Rule != nil:
				href = p.RuleURL(t.Edition.ID, t.Rule.Number)
			case t.Topic != nil:
				href = p.TopicURL(t.Edition.ID, t.Topic.Slug)
			case t.Sect != nil:
				href = p.SectionURL(t.Edition.ID, t.Sect.Number)
			}
			b = append(b, `<a class="x" href="`...)
			b = appendEscaped(b, href)
			return append(b, `">`...), true
		}
		if t.Rule != nil {
			b = append(b, `<a class="x" href="`...)
			b = p.appendRuleURL(b, ed.ID, t.Rule.Number)
			return append(b, `">`...), true
		}
		if t.Entry != nil && t.Entry.Slug != "" {
			return p.appendTermLink(b, ed.ID, t.Entry.Slug, `<a class="x" href="`), true
		}
		href := p.TargetURL(ed.ID, t)
		if href == "" {
			return b, false
		}
		if ed.ID == p.OnePage {
			switch {
			case t.Sect != nil:
				href = "#" + SectionAnchor(t.Sect.Number)
			case t.Topic != nil:
				href = "#" + TopicAnchor(t.Topic.Slug)
			}
		}
		b = append(b, `<a class="x" href="`...)
		b = appendEscaped(b, href)
		return append(b, `">`...), true
	case rules.SpanTerm:
		if sp.Target == "" {
			return b, false
		}
		return p.appendTermLink(b, ed.ID, sp.Target, `<a class="x t" href="`), true
	case rules.SpanCard:
		if p.Cards == nil || sp.Target == "" {
			return b, false
		}
		b = append(b, `<a class="card" href="`...)
		b = appendEscaped(b, p.CardURL(sp.Target))
		return append(b, `">`...), true
	case rules.SpanLink:
		u, err := url.Parse(sp.Target)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return b, false
		}
		b = append(b, `<a href="`...)
		b = appendEscaped(b, u.String())
		return append(b, `">`...), true
	}
	return b, false
}

// appendRuleURL appends RuleURL(ed, n), or on the page of edition ed
// whole the rule's anchor there.
func (p Paths) appendRuleURL(b []byte, ed string, n rules.Number) []byte {
	if ed == p.OnePage {
		return n.Append(append(b, '#'))
	}
	b = appendEscaped(b, p.Base)
	b = append(b, '/')
	b = appendEscaped(b, ed)
	b = append(b, '/')
	b = n.Append(b)
	if p.Static {
		b = append(b, ".html"...)
	}
	return b
}

// appendTermLink appends open, then TermURL(ed, slug) or on the page of
// edition ed whole the term's anchor there, and closes the tag.
func (p Paths) appendTermLink(b []byte, ed, slug, open string) []byte {
	b = append(b, open...)
	if ed == p.OnePage {
		b = append(b, '#')
		b = append(b, termAnchorPrefix...)
	} else {
		b = appendEscaped(b, p.Base)
		b = append(b, '/')
		b = appendEscaped(b, ed)
		b = append(b, "/glossary/"...)
	}
	b = appendEscaped(b, slug)
	if p.Static && ed != p.OnePage {
		b = append(b, ".html"...)
	}
	return append(b, `">`...)
}

// Anchors of the one-page edition (/{edition}/all): a rule's is its number
// ("704.5k"); these name the rest.
const termAnchorPrefix = "glossary-"

// TermAnchor is a glossary entry's anchor: "glossary-trample".
func TermAnchor(slug string) string { return termAnchorPrefix + slug }

// SectionAnchor is a section's anchor: "section-7".
func SectionAnchor(n int) string { return "section-" + strconv.Itoa(n) }

// TopicAnchor is a prose topic's anchor: "topic-poison".
func TopicAnchor(slug string) string { return "topic-" + slug }

// TargetURL is the page a resolved reference leads to, or "" if it names
// nothing.
func (p Paths) TargetURL(ed string, r rules.Target) string {
	switch {
	case r.Rule != nil:
		return p.RuleURL(ed, r.Rule.Number)
	case r.Sect != nil:
		return p.SectionURL(ed, r.Sect.Number)
	case r.Entry != nil && r.Entry.Slug != "":
		return p.TermURL(ed, r.Entry.Slug)
	case r.Topic != nil:
		return p.TopicURL(ed, r.Topic.Slug)
	}
	return ""
}

// symbols holds each symbol's HTML once drawn: a page may show hundreds,
// of a few dozen kinds. It stops growing at maxSymbols kinds, which no
// edition comes near, so odd braces in a user's file cannot fill memory.
// A map under a lock rather than a sync.Map, whose Load boxes its string
// key: 24 KB of garbage for the symbols of one edition on one page.
var symbols = struct {
	sync.RWMutex
	html map[string][]byte
}{html: make(map[string][]byte)}

const maxSymbols = 512

func appendSymbol(b []byte, sym string) []byte {
	symbols.RLock()
	h, ok := symbols.html[sym]
	symbols.RUnlock()
	if ok {
		return append(b, h...)
	}
	h = drawSymbolHTML(nil, sym)
	symbols.Lock()
	if len(symbols.html) < maxSymbols {
		symbols.html[sym] = h
	}
	symbols.Unlock()
	return append(b, h...)
}

func drawSymbolHTML(b []byte, sym string) []byte {
	d := drawSymbol(sym)
	b = append(b, `<abbr class="`...)
	b = append(b, d.class...)
	b = append(b, `" data-m="`...)
	b = appendEscaped(b, d.mark)
	b = append(b, `" title="`...)
	b = appendEscaped(b, d.name)
	b = append(b, `" role="img" aria-label="`...)
	b = appendEscaped(b, d.name)
	b = append(b, `">`...)
	b = appendEscaped(b, sym)
	return append(b, "</abbr>"...)
}

// appendEscaped appends s with HTML's five special characters escaped.
func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		default:
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, esc...)
		last = i + 1
	}
	return append(b, s[last:]...)
}
