package rules

import (
	"bytes"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// looksLikeHTML reports whether b is an HTML page: a tag near its start (a
// saved page may carry a line of its own before the doctype).
func looksLikeHTML(b []byte) bool {
	head := b[:min(len(b), 512)]
	head = bytes.ToLower(head)
	return bytes.Contains(head, []byte("<html")) || bytes.Contains(head, []byte("<!doctype html"))
}

// readHTML reads an HTML page (Judging at Regular REL as served on the
// web) into paragraphs: h1–h6 are headings, and so is a paragraph whose
// text is all bold; li is a list item, tr a table row; text outside any
// block (a converter's page of bare text between empty paragraphs) is a
// paragraph of its own. Links are kept as spans.
func readHTML(text string, d *diags) jsource {
	var src jsource
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(text))
	if err != nil {
		d.errorf(1, "cannot read as HTML: %v", err)
		return src
	}
	src.title = strings.TrimSpace(doc.Find("head title").First().Text())
	r := &htmlReader{src: &src, text: text, line: 1}
	for _, n := range doc.Find("body").Nodes {
		r.block(n)
	}
	if len(doc.Find("body").Nodes) == 0 {
		for _, n := range doc.Nodes {
			r.block(n)
		}
	}
	r.flush()
	// A page with no headings marked (a converter's bare text) has them
	// found as in plain text.
	src.plain = true
	for _, l := range src.lines {
		if l.kind == jHeading {
			src.plain = false
			break
		}
	}
	return src
}

// htmlReader gathers the inline text of the block being read.
type htmlReader struct {
	src     *jsource
	text    string // the page's source, to find where a paragraph starts
	pos     int    // how far the source has been matched
	line    int32
	b       strings.Builder
	links   []Span
	kind    jkind
	level   uint8
	flushes int // paragraphs ended so far
	bold    int // bytes of the paragraph inside <b> or <strong>
}

// blockAtoms are the elements that end the paragraph before them.
var blockAtoms = map[atom.Atom]jkind{
	atom.P: jText, atom.Div: jText, atom.Blockquote: jText, atom.Header: jText, atom.Section: jText, atom.Article: jText,
	atom.Ul: jText, atom.Ol: jText, atom.Table: jText, atom.Tbody: jText, atom.Thead: jText, atom.Dl: jText, atom.Dd: jText, atom.Dt: jText,
	atom.H1: jHeading, atom.H2: jHeading, atom.H3: jHeading, atom.H4: jHeading, atom.H5: jHeading, atom.H6: jHeading,
	atom.Li: jItem, atom.Tr: jRow, atom.Hr: jText, atom.Main: jText, atom.Footer: jText, atom.Nav: jText,
}

func (r *htmlReader) block(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		r.inline(n)
		return
	case html.ElementNode:
	case html.DocumentNode:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			r.block(c)
		}
		return
	default:
		return
	}
	if skipped(n) {
		return
	}
	k, isBlock := blockAtoms[n.DataAtom]
	if !isBlock {
		r.inline(n)
		return
	}
	r.flush()
	switch n.DataAtom {
	case atom.Tr:
		var cells []string
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && (c.DataAtom == atom.Td || c.DataAtom == atom.Th) {
				cells = append(cells, strings.ReplaceAll(cleanPara(nodeText(c)), "\t", " "))
			}
		}
		r.emit(jRow, 0, strings.Join(cells, "\t"), nil)
		return
	case atom.Hr:
		return
	}
	r.kind = k
	if k == jHeading {
		r.level = uint8(n.Data[1] - '0')
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.block(c)
	}
	r.flush()
}

// skipped reports whether n holds no text of the page: a script, a style
// sheet, the head (which a stray line before the doctype can push into
// the body).
func skipped(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Head, atom.Title, atom.Noscript, atom.Template:
		return true
	}
	return false
}

// lineBreak stands for a <br> in a paragraph's text until flush: one is a
// space, two in a row end a paragraph.
const lineBreak = '\u2028'

// inline adds n's text to the paragraph, marking links and counting bold.
func (r *htmlReader) inline(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		r.b.WriteString(n.Data)
		return
	case html.ElementNode:
	default:
		return
	}
	if skipped(n) {
		return
	}
	if n.DataAtom == atom.Br {
		r.b.WriteRune(lineBreak)
		return
	}
	if _, isBlock := blockAtoms[n.DataAtom]; isBlock {
		r.block(n)
		return
	}
	start, flushes := r.b.Len(), r.flushes
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.inline(c)
	}
	if r.flushes != flushes {
		return // a block inside ended the paragraph this began in
	}
	switch n.DataAtom {
	case atom.B, atom.Strong:
		r.bold += len(strings.TrimSpace(r.b.String()[start:]))
	case atom.A:
		for _, a := range n.Attr {
			if a.Key == "href" && a.Val != "" && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Val)), "javascript:") {
				r.links = append(r.links, Span{Start: int32(start), End: int32(r.b.Len()), Kind: SpanLink, Target: a.Val})
			}
		}
	}
}

// flush ends the paragraph being gathered.
func (r *htmlReader) flush() {
	r.flushes++
	raw := r.b.String()
	kind, level, links, bold := r.kind, r.level, r.links, r.bold
	r.b.Reset()
	r.links, r.kind, r.level, r.bold = nil, jText, 0, 0
	if len(links) == 0 && kind == jText {
		// Paragraphs parted by <br><br> (links stay in one paragraph).
		if parts := splitBreaks(raw); len(parts) > 1 {
			for _, p := range parts {
				r.emit(jText, 0, cleanPara(p), nil)
			}
			return
		}
	}
	s, spans := cleanSpans(raw, links)
	if s == "" {
		return
	}
	if kind == jText && bold > 0 && bold >= len(strings.Join(strings.Fields(raw), " "))-2 {
		kind, level = jHeading, 9
	}
	r.emit(kind, level, s, spans)
}

func (r *htmlReader) emit(k jkind, level uint8, s string, links []Span) {
	if s == "" {
		return
	}
	r.src.lines = append(r.src.lines, jline{kind: k, level: level, s: s, n: r.lineOf(s), links: links})
}

// lineOf finds the line where paragraph s starts in the page's source, by
// its first word, searching on from the last paragraph found.
func (r *htmlReader) lineOf(s string) int32 {
	w := s
	for i, c := range s {
		if !(isLetter(byte(c)) || isDigit(byte(c))) || c >= 0x80 {
			w = s[:i]
			break
		}
	}
	if len(w) >= 2 {
		if i := strings.Index(r.text[r.pos:], w); i >= 0 {
			r.line += int32(strings.Count(r.text[r.pos:r.pos+i], "\n"))
			r.pos += i
		}
	}
	return r.line
}

// nodeText is the text inside n.
func nodeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// cleanSpans is cleanPara for text with spans over it (tabs read as
// spaces): each span moves with the text it covers.
func cleanSpans(s string, spans []Span) (string, []Span) {
	if len(spans) == 0 {
		return cleanPara(strings.ReplaceAll(s, "\t", " ")), nil
	}
	at := make([]int32, len(s)+1) // byte offset in s → offset in the result
	var b strings.Builder
	pending := false
	for i, r := range s {
		at[i] = int32(b.Len())
		switch runeClass(r) {
		case rcDrop:
			continue
		case rcSpace, rcTab:
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte(' ')
			pending = false
			at[i] = int32(b.Len())
		}
		b.WriteRune(r)
	}
	at[len(s)] = int32(b.Len())
	res := b.String()
	var kept []Span
	for _, sp := range spans {
		if sp.Start < 0 || sp.End > int32(len(s)) || sp.Start > sp.End {
			continue
		}
		st, en := at[sp.Start], at[sp.End]
		for st < en && res[st] == ' ' {
			st++
		}
		for en > st && res[en-1] == ' ' {
			en--
		}
		if en > st {
			sp.Start, sp.End = st, en
			kept = append(kept, sp)
		}
	}
	return res, kept
}

// splitBreaks splits s at runs of two or more line breaks, white space
// between them aside.
func splitBreaks(s string) []string {
	if strings.Count(s, string(lineBreak)) < 2 {
		return nil
	}
	var parts []string
	start, breaks, last := 0, 0, 0
	for i, r := range s {
		switch {
		case r == lineBreak:
			if breaks == 0 {
				last = i
			}
			breaks++
		case isSpaceByte(byte(r)) && r < 0x80:
		default:
			if breaks >= 2 {
				parts = append(parts, s[start:last])
				start = i
			}
			breaks = 0
		}
	}
	return append(parts, s[start:])
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }
