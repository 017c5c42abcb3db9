package views

import (
	"context"
	"io"
	"net/url"
	"sort"

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
	s := t.S
	spans := t.Spans
	if !sort.SliceIsSorted(spans, func(i, j int) bool { return spanLess(spans[i], spans[j]) }) {
		spans = append([]rules.Span(nil), spans...)
		sort.SliceStable(spans, func(i, j int) bool { return spanLess(spans[i], spans[j]) })
	}
	type open struct {
		end   int
		close string
		link  bool
	}
	var stack []open
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
		var href, class string
		if links == 0 {
			href, class = p.spanTarget(ed, sp)
		}
		switch {
		case links > 0:
			// Already inside a link: render the text only.
		case href != "":
			b = append(b, `<a`...)
			if class != "" {
				b = append(b, ` class="`...)
				b = append(b, class...)
				b = append(b, '"')
			}
			b = append(b, ` href="`...)
			b = appendEscaped(b, href)
			b = append(b, `">`...)
			stack = append(stack, open{end, "</a>", true})
			links++
			continue
		case sp.Kind == rules.SpanRef && withLinks:
			b = append(b, `<span class="dangling" title="not in this edition">`...)
			stack = append(stack, open{end, "</span>", false})
			continue
		}
		stack = append(stack, open{end, "", false})
	}
	closeTo(len(s))
	return appendEscaped(b, s[pos:])
}

func spanLess(a, b rules.Span) bool {
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	return a.End > b.End // the outer span first
}

// spanTarget is the URL a link span leads to and its class: "x" for links
// into the rules (previewed on hover), "x t" for glossary term mentions
// (styled quietly, so that references stand out), "" for outside links. It returns ""
// for a reference that did not resolve or a URL that is not http(s).
func (p Paths) spanTarget(ed *rules.Edition, sp rules.Span) (href, class string) {
	switch sp.Kind {
	case rules.SpanRef:
		t, ok := ed.Resolve(sp.Cited())
		if !ok {
			return "", ""
		}
		return p.TargetURL(ed.ID, t), "x"
	case rules.SpanTerm:
		if sp.Target == "" {
			return "", ""
		}
		return p.TermURL(ed.ID, sp.Target), "x t"
	case rules.SpanLink:
		u, err := url.Parse(sp.Target)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return "", ""
		}
		return u.String(), ""
	}
	return "", ""
}

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

func appendSymbol(b []byte, sym string) []byte {
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
