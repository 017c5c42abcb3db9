package rules

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// mdParser is shared: goldmark parsers keep per-parse state in a context, so
// one parser serves concurrent calls.
var mdParser = goldmark.New(goldmark.WithExtensions(MarkdownExtension)).Parser()

// ParseMarkdown reads an edition written in Arbiter's Markdown dialect
// (content/README.md). The result is linked. Constructs outside the dialect
// give a diagnostic naming the file and line, and the parse goes on.
func ParseMarkdown(src Source) *Edition {
	e := &Edition{Format: FormatMarkdown, Files: []string{src.Name}}
	s, enc := Decode(src.Data)
	e.Encoding = enc
	b := &mdBuilder{e: e, d: &diags{file: src.Name}}
	if i := strings.IndexByte(s, 0); i >= 0 {
		b.d.errorf(1+strings.Count(s[:i], "\n"), "binary data (a NUL byte): not a Markdown file")
		e.Diagnostics = b.d.list
		Link(e)
		return e
	}
	b.src = mdNormalizeNewlines(s)
	b.frontMatter()
	b.lineStarts = mdLineStarts(b.src)
	doc := mdParser.Parse(text.NewReader(b.src))
	b.document(doc)
	if e.Kind == "" {
		e.Kind = KindFull
		if len(e.Topics) > 0 && len(e.Sections) == 0 {
			e.Kind = KindProse
		}
	}
	e.Diagnostics = b.d.list
	Link(e)
	return e
}

// mdNormalizeNewlines turns CRLF and lone CR into LF; line numbers stay put.
func mdNormalizeNewlines(s string) []byte {
	if strings.IndexByte(s, '\r') < 0 {
		return []byte(s)
	}
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' {
			if i+1 < len(s) && s[i+1] == '\n' {
				continue
			}
			c = '\n'
		}
		out = append(out, c)
	}
	return out
}

func mdLineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// mdMode is the part of the document the builder is in, set by level-1
// headings (and level-2 topic headings).
type mdMode uint8

const (
	mdInIntro    mdMode = iota // before any heading, or after "# Introduction"
	mdInRules                  // after "# 1. Game Concepts"
	mdInGlossary               // after "# Glossary"
	mdInCredits                // after "# Credits"
	mdInTopic                  // after an unnumbered "## Title"
	mdInSkip                   // after an unknown level-1 heading (reported once)
)

type mdBuilder struct {
	e          *Edition
	d          *diags
	src        []byte
	lineStarts []int

	mode    mdMode
	section *Section
	stack   []*Rule // open numbered entries: chapter, rule, subrule
	last    Number  // the last numbered entry, for order checks
	topic   *Topic
	entry   *GlossaryEntry
}

// frontMatter reads the "---" block at the top, if any, and blanks it out
// of src (keeping its newlines, so line numbers stay right).
func (b *mdBuilder) frontMatter() {
	if !bytes.HasPrefix(b.src, []byte("---")) || len(bytes.TrimRight(mdFirstLine(b.src), " \t")) != 3 {
		return
	}
	// Find the closing line before reading any key, so an unclosed block
	// reads as Markdown.
	var lines [][]byte
	n, closed := 0, false
	for rest := b.src; len(rest) > 0 && !closed; {
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l = rest[:i+1]
		}
		rest = rest[len(l):]
		n += len(l)
		lines = append(lines, l)
		if t := string(bytes.TrimRight(l, " \t\n")); len(lines) > 1 && (t == "---" || t == "...") {
			closed = true
		}
	}
	if !closed {
		b.d.errorf(1, "front matter opened with --- is never closed with ---")
		return
	}
	for i := 1; i < len(lines)-1; i++ {
		b.frontMatterLine(i+1, strings.TrimSpace(string(lines[i])))
	}
	for i := 0; i < n; i++ {
		if b.src[i] != '\n' {
			b.src[i] = ' '
		}
	}
}

func mdFirstLine(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i]
	}
	return b
}

func (b *mdBuilder) frontMatterLine(line int, s string) {
	if s == "" || s[0] == '#' {
		return
	}
	k, v, ok := strings.Cut(s, ":")
	if !ok {
		b.d.warnf(line, "front matter: want \"key: value\", got %q", s)
		return
	}
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	switch k {
	case "id":
		b.e.ID = v
	case "title":
		b.e.Title = v
	case "effective":
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			b.d.errorf(line, "front matter: effective: want YYYY-MM-DD, got %q", v)
			return
		}
		b.e.Effective = t
	case "kind":
		switch k := Kind(v); k {
		case KindFull, KindExcerpt, KindProse:
			b.e.Kind = k
		default:
			b.d.errorf(line, "front matter: kind: want full, excerpt or prose, got %q", v)
		}
	default:
		b.d.warnf(line, "front matter: unknown key %q (want id, title, effective or kind)", k)
	}
}

// line is the 1-based line where n starts.
func (b *mdBuilder) line(n ast.Node) int {
	if off := mdFirstOffset(n); off >= 0 {
		return sort.SearchInts(b.lineStarts, off+1)
	}
	// A node with no text of its own (a thematic break): the first
	// non-blank line after the previous sibling's text.
	if n.Type() == ast.TypeInline && n.Parent() != nil {
		return b.line(n.Parent())
	}
	off := 0
	for p := n.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		if o := mdLastOffset(p); o >= 0 {
			off = o
			for off < len(b.src) && b.src[off] != '\n' {
				off++
			}
			break
		}
	}
	for off < len(b.src) && (b.src[off] == '\n' || b.src[off] == ' ' || b.src[off] == '\t') {
		off++
	}
	return sort.SearchInts(b.lineStarts, off+1)
}

// mdLastOffset is the source offset of the last text n holds, or -1.
func mdLastOffset(n ast.Node) int {
	last := -1
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		last = n.Lines().At(n.Lines().Len() - 1).Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		last = max(last, mdLastOffset(c))
	}
	if t, ok := n.(*ast.Text); ok {
		last = max(last, t.Segment.Start)
	}
	return last
}

// mdFirstOffset is the source offset of the first text n holds, or -1.
func mdFirstOffset(n ast.Node) int {
	switch n := n.(type) {
	case *ast.Text:
		return n.Segment.Start
	case *ManaNode:
		return n.Segment.Start
	case *RuleRefNode:
		return n.Segment.Start
	case *RuleNumberNode:
		return n.Segment.Start
	case *ast.RawHTML:
		if n.Segments.Len() > 0 {
			return n.Segments.At(0).Start
		}
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if off := mdFirstOffset(c); off >= 0 {
			return off
		}
	}
	return -1
}

func (b *mdBuilder) pos(n ast.Node) Pos { return b.d.at(b.line(n)) }

func (b *mdBuilder) document(doc ast.Node) {
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		b.block(c)
	}
}

func (b *mdBuilder) block(n ast.Node) {
	if b.mode == mdInSkip {
		if h, ok := n.(*ast.Heading); !ok || h.Level != 1 {
			return
		}
	}
	switch n := n.(type) {
	case *ast.Heading:
		b.heading(n)
	case *ast.Paragraph:
		b.paragraph(n)
	case *ast.Blockquote:
		for _, t := range b.quote(n) {
			b.add(n, Block{Kind: t.kind, Text: t.text, Pos: t.pos})
		}
	case *east.DefinitionList:
		if b.mode != mdInGlossary {
			b.d.warnf(b.line(n), "a definition list outside \"# Glossary\": read as glossary entries")
		}
		b.definitions(n)
	case *ast.List:
		b.d.warnf(b.line(n), "a list is not part of the dialect: its items are read as paragraphs (write \"1\\.\" to start a paragraph with a number)")
		for _, p := range b.listItems(n) {
			b.add(n, Block{Kind: BlockText, Text: p.text, Pos: p.pos})
		}
	case *ast.ThematicBreak:
		b.d.infof(b.line(n), "a thematic break (---, ***) means nothing in the dialect: ignored")
	case *ast.CodeBlock, *ast.FencedCodeBlock:
		b.d.warnf(b.line(n), "a code block is not part of the dialect: read as a paragraph")
		if t := b.rawLines(n); t.S != "" {
			b.add(n, Block{Kind: BlockText, Text: t, Pos: b.pos(n)})
		}
	case *ast.HTMLBlock:
		if n.HTMLBlockType != ast.HTMLBlockType2 {
			b.d.warnf(b.line(n), "HTML is not part of the dialect: ignored")
		}
	default:
		b.d.warnf(b.line(n), "%s is not part of the dialect: ignored", n.Kind())
	}
}

// rawLines is a code block's text, its lines joined by newlines.
func (b *mdBuilder) rawLines(n ast.Node) Text {
	var lines []string
	for i := 0; i < n.Lines().Len(); i++ {
		lines = append(lines, strings.TrimRight(string(b.lineValue(n, i)), " \t\n"))
	}
	return Text{S: strings.TrimSpace(strings.Join(lines, "\n"))}
}

// heading switches mode: "# 1. Title" opens a section, "## 100. Title" a
// chapter, "# Introduction" / "# Glossary" / "# Credits" their parts, and
// any other "## Title" a prose topic.
func (b *mdBuilder) heading(h *ast.Heading) {
	raw, rawLast := b.headingRaw(h)
	t := b.inlineText(h)
	t.S = strings.ReplaceAll(t.S, "\n", " ") // a title is one line, even a setext one with a hard break
	switch h.Level {
	case 1:
		if n, size := mdSectionPrefix(raw); n > 0 {
			title, label := mdLabelSuffix(rawLast, mdCutText(t, size).S)
			b.openSection(h, n, title, label)
			return
		}
		switch strings.ToLower(strings.TrimSpace(t.S)) {
		case "introduction":
			b.mode = mdInIntro
		case "glossary":
			b.mode = mdInGlossary
			b.entry = nil
		case "credits":
			b.mode = mdInCredits
		default:
			b.d.warnf(b.line(h), "unknown level-1 heading %q: want \"# 1. Title\", \"# Introduction\", \"# Glossary\" or \"# Credits\"; what follows up to the next level-1 heading is ignored", t.S)
			b.mode = mdInSkip
		}
	case 2:
		if n, size := mdChapterPrefix(raw); !n.IsZero() {
			title, label := mdLabelSuffix(rawLast, mdCutText(t, size).S)
			b.openChapter(h, n, title, label)
			return
		}
		b.openTopic(h, rawLast, t.S)
	default:
		b.d.warnf(b.line(h), "a level-%d heading is not part of the dialect: read as a paragraph", h.Level)
		if t.S != "" {
			b.add(h, Block{Kind: BlockText, Text: t, Pos: b.pos(h)})
		}
	}
}

// headingRaw returns the source of a heading's first and last lines (a
// setext heading may have several).
func (b *mdBuilder) headingRaw(h *ast.Heading) (first, last []byte) {
	n := h.Lines().Len()
	if n == 0 {
		return nil, nil
	}
	return bytes.TrimRight(b.lineValue(h, 0), " \t\n"), bytes.TrimRight(b.lineValue(h, n-1), " \t\n")
}

// mdSectionPrefix reads "1. " (a digit 1–9, a dot, spaces or the end) at the
// start of a heading and returns the section number and the prefix length.
func mdSectionPrefix(raw []byte) (int, int) {
	if len(raw) < 2 || raw[0] < '1' || raw[0] > '9' || raw[1] != '.' {
		return 0, 0
	}
	i := 2
	if i < len(raw) && raw[i] != ' ' && raw[i] != '\t' {
		return 0, 0
	}
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t') {
		i++
	}
	return int(raw[0] - '0'), i
}

// mdChapterPrefix reads "100. " at the start of a heading.
func mdChapterPrefix(raw []byte) (Number, int) {
	head := raw
	if len(head) > 8 {
		head = head[:8]
	}
	n, rest := ScanNumber(string(head))
	if n.Level() != LevelChapter || !strings.HasPrefix(rest, ".") {
		return Number{}, 0
	}
	i := len(head) - len(rest) + 1
	if i < len(raw) && raw[i] != ' ' && raw[i] != '\t' {
		return Number{}, 0
	}
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t') {
		i++
	}
	return n, i
}

func (b *mdBuilder) openSection(h ast.Node, n int, title, label string) {
	if len(b.e.Sections) > 0 && b.e.Sections[len(b.e.Sections)-1].Number >= n {
		b.d.warnf(b.line(h), "section %d comes after section %d", n, b.e.Sections[len(b.e.Sections)-1].Number)
	}
	s := &Section{Number: n, Title: title, Label: label, Pos: b.pos(h)}
	b.e.Sections = append(b.e.Sections, s)
	b.section = s
	b.stack = b.stack[:0]
	b.mode = mdInRules
}

func (b *mdBuilder) openChapter(h ast.Node, n Number, title, label string) {
	if b.mode != mdInRules || b.section == nil || b.section.Number != n.Section() {
		b.d.warnf(b.line(h), "chapter %s is not under a \"# %d. …\" section heading", n, n.Section())
		b.impliedSection(h, n)
	}
	b.checkOrder(h, n)
	c := &Rule{Number: n, Pos: b.pos(h)}
	c.setHead(b.section, title)
	b.e.SetLabel(c, label)
	b.section.Chapters = append(b.section.Chapters, c)
	b.stack = append(b.stack[:0], c)
	b.mode = mdInRules
}

// impliedSection opens an untitled section for an entry that appears
// without one.
func (b *mdBuilder) impliedSection(at ast.Node, n Number) {
	s := &Section{Number: n.Section(), Pos: b.pos(at)}
	b.e.Sections = append(b.e.Sections, s)
	b.section = s
	b.stack = b.stack[:0]
	b.mode = mdInRules
}

func (b *mdBuilder) checkOrder(at ast.Node, n Number) {
	if !b.last.IsZero() && n.Compare(b.last) <= 0 {
		if n == b.last {
			b.d.warnf(b.line(at), "%s appears twice", n)
		} else {
			b.d.warnf(b.line(at), "%s comes after %s", n, b.last)
		}
	}
	if n.Sub != 0 && !ValidLetter(n.Sub) {
		b.d.warnf(b.line(at), "subrule %s uses the letter %q, which the rules skip", n, n.Sub)
	}
	b.last = n
}

// mdLabel reads "{#label}" at the end of a line's source and returns the
// label and the length of the suffix.
func mdLabel(raw []byte) (label string, size int) {
	if !bytes.HasSuffix(raw, []byte("}")) {
		return "", 0
	}
	i := bytes.LastIndex(raw, []byte("{#"))
	if i < 0 || (i > 0 && raw[i-1] == '\\') {
		return "", 0
	}
	s := raw[i+2 : len(raw)-1]
	if !mdSlugOK(string(s)) {
		return "", 0
	}
	return string(s), len(raw) - i
}

// mdLabelSuffix cuts a "{#label}" that ends a heading's (last) source line
// from its text: "Type Line {#type-line}" gives "Type Line", "type-line".
func mdLabelSuffix(rawLast []byte, text string) (string, string) {
	label, size := mdLabel(rawLast)
	if size == 0 || !strings.HasSuffix(text, string(rawLast[len(rawLast)-size:])) {
		return text, ""
	}
	return strings.TrimRight(text[:len(text)-size], " \t"), label
}

// mdSlugOK reports whether slug can be written as a "{#slug}" (a topic's
// slug, an RST label) or a "#slug" link: letters, digits and "-", ".", ":"
// only, so it reads the same in the source and in the text.
func mdSlugOK(slug string) bool {
	if slug == "" {
		return false
	}
	for i := 0; i < len(slug); i++ {
		c := slug[i]
		if !(isLetter(c) || isDigit(c) || c == '-' || c == '.' || c == ':' || c >= utf8.RuneSelf) {
			return false
		}
	}
	return true
}

func (b *mdBuilder) openTopic(h ast.Node, raw []byte, title string) {
	title, slug := mdLabelSuffix(raw, title)
	if slug == "" {
		slug = Slug(title)
	}
	if b.mode == mdInRules && b.section != nil {
		b.d.warnf(b.line(h), "heading %q in section %d has no chapter number: read as a prose topic", title, b.section.Number)
	}
	for _, t := range b.e.Topics {
		if t.Slug == slug {
			b.d.warnf(b.line(h), "topic %q has the same slug %q as the topic at line %d; add {#another-slug} to the heading", title, slug, t.Pos.Line())
			break
		}
	}
	t := &Topic{Slug: slug, Title: title, Pos: b.pos(h)}
	b.e.Topics = append(b.e.Topics, t)
	b.topic = t
	b.mode = mdInTopic
}

// paragraph adds a top-level paragraph: a new rule if it opens with a rule
// number, else a paragraph of whatever is open.
func (b *mdBuilder) paragraph(p *ast.Paragraph) {
	if num, ok := p.FirstChild().(*RuleNumberNode); ok && (b.mode == mdInIntro || b.mode == mdInRules) {
		b.rule(p, num.Number, num.Label)
		return
	}
	if b.mode == mdInGlossary {
		t := b.inlineText(p)
		// One line is a term without a definition (a truncated source has
		// one); several lines are more likely a definition missing its ": ".
		note := b.d.infof
		if p.Lines().Len() > 1 {
			note = b.d.warnf
		}
		note(b.line(p), "glossary term %q has no definition (write \": definition\" on the next line)", strings.ReplaceAll(t.S, "\n", " "))
		// Each line is a term, as in a definition list.
		var terms []string
		lines := b.inlineLines(p)
		obsolete, label := false, ""
		for i, l := range lines {
			if i == len(lines)-1 {
				l, obsolete, label = b.termMarks(p, l)
			}
			if l != "" {
				terms = append(terms, l)
			}
		}
		if len(terms) > 0 {
			b.entry = b.newEntry(p, terms, obsolete)
			b.e.SetLabel(b.entry, label)
		}
		return
	}
	t := b.inlineText(p)
	if t.S == "" {
		// Nothing to read: "*![]()*" is emphasis around an image without
		// alt text; its spans are empty and the export could not write it.
		return
	}
	b.add(p, Block{Kind: BlockText, Text: t, Pos: b.pos(p)})
}

// rule opens the numbered entry n under its parent: the nearest open entry
// whose number is n's parent, or failing that an open ancestor, or the
// section itself. It never invents entries, so an excerpt that starts at
// 104.3h reads back as it was written.
func (b *mdBuilder) rule(p *ast.Paragraph, n Number, label string) {
	if b.mode != mdInRules || b.section == nil {
		b.d.warnf(b.line(p), "rule %s comes before any \"# %d. …\" section heading", n, n.Section())
		b.impliedSection(p, n)
	}
	if b.section.Number != n.Section() {
		b.d.warnf(b.line(p), "rule %s is in section %d", n, b.section.Number)
	}
	b.checkOrder(p, n)
	r := &Rule{Number: n, Pos: b.pos(p)}
	r.SetSection(b.section)
	b.e.SetLabel(r, label)
	for len(b.stack) > 0 && !mdIsAncestor(b.stack[len(b.stack)-1].Number, n) {
		b.stack = b.stack[:len(b.stack)-1]
	}
	// An excerpt may start mid-chapter; elsewhere a missing parent is a slip.
	missing := b.d.warnf
	if b.e.Kind == KindExcerpt {
		missing = b.d.infof
	}
	if len(b.stack) == 0 {
		missing(b.line(p), "rule %s has no chapter %d above it", n, n.Chapter)
		b.section.Chapters = append(b.section.Chapters, r)
	} else {
		parent := b.stack[len(b.stack)-1]
		if parent.Number != n.Parent() {
			missing(b.line(p), "%s is not under %s", n, n.Parent())
		}
		r.Parent = parent
		parent.Children = append(parent.Children, r)
	}
	b.stack = append(b.stack, r)
	t := b.ruleText(p)
	if t.S != "" || len(t.Spans) > 0 {
		r.Body = append(r.Body, Block{Kind: BlockText, Text: t, Pos: r.Pos})
	}
}

// mdIsAncestor reports whether a's number is a strict prefix of n's (704 and
// 704.5 are ancestors of 704.5k).
func mdIsAncestor(a, n Number) bool {
	return a.Level() < n.Level() && (a == n.Parent() || a == n.Parent().Parent())
}

// add appends a block to whatever part of the document is open.
func (b *mdBuilder) add(at ast.Node, blk Block) {
	switch b.mode {
	case mdInIntro:
		b.e.Intro = append(b.e.Intro, blk)
	case mdInCredits:
		b.e.Credits = append(b.e.Credits, blk)
	case mdInTopic:
		b.topic.Body = append(b.topic.Body, blk)
	case mdInGlossary:
		if b.entry == nil {
			b.d.warnf(b.line(at), "text in the glossary before any term: ignored")
			return
		}
		b.entry.Body = append(b.entry.Body, blk)
	case mdInRules:
		if len(b.stack) == 0 {
			b.d.warnf(b.line(at), "text in section %d before any chapter or rule: ignored", b.section.Number)
			return
		}
		r := b.stack[len(b.stack)-1]
		r.Body = append(r.Body, blk)
	}
}

// mdPara is a paragraph's text, where it starts, and its kind (BlockText
// unless read from a blockquote).
type mdPara struct {
	text Text
	pos  Pos
	kind BlockKind
	lead []byte // the source of the paragraph's first line, if text starts with it
}

// quote reads a blockquote, one block per paragraph: an example, or a
// see-also note if it starts "See also:". The label is dropped.
func (b *mdBuilder) quote(q ast.Node) []mdPara {
	var out []mdPara
	for _, p := range b.flatten(q, "") {
		kind, n := mdQuoteLabel(p.lead)
		p.kind, p.text = kind, mdCutText(p.text, n)
		if p.text.S != "" || len(p.text.Spans) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// mdQuoteLabels are the labels a blockquote paragraph may start with.
var mdQuoteLabels = []struct {
	kind  BlockKind
	label string
}{{BlockExample, "Example:"}, {BlockSeeAlso, "See also:"}}

// mdQuoteLabel reads the label at the start of a blockquote paragraph's
// source: the block's kind, and the length of the label and the spaces
// after it (written spaces, not references), which is also their length in
// the text. With no label the paragraph is an example.
func mdQuoteLabel(s []byte) (BlockKind, int) {
	for _, l := range mdQuoteLabels {
		if bytes.HasPrefix(s, []byte(l.label)) {
			i := len(l.label)
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			return l.kind, i
		}
	}
	return BlockExample, 0
}

// flatten reads the paragraphs inside a container. Anything but paragraphs
// (and the blockquotes a quote may nest) is reported and read as text; list
// items keep their marker so nothing is lost.
func (b *mdBuilder) flatten(n ast.Node, marker string) []mdPara {
	var out []mdPara
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		ps := b.flattenNode(c, marker, n.Kind() == ast.KindListItem)
		if len(ps) > 0 {
			marker = ""
		}
		out = append(out, ps...)
	}
	return out
}

// flattenNode reads one block as paragraphs, marker before the first. A
// list inside a list is not reported again (quiet).
func (b *mdBuilder) flattenNode(c ast.Node, marker string, quiet bool) []mdPara {
	switch c := c.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		t := b.inlineText(c)
		var lead []byte
		if marker != "" {
			t = mdPrependText(marker, t)
		} else if c.Lines().Len() > 0 {
			lead = b.lineValue(c, 0)
		}
		if t.S != "" || len(t.Spans) > 0 {
			return []mdPara{{text: t, pos: b.pos(c), lead: lead}}
		}
	case *ast.Blockquote:
		return b.flatten(c, marker)
	case *ast.List:
		if !quiet {
			b.d.warnf(b.line(c), "a list is not part of the dialect here: its items are read as paragraphs")
		}
		return b.listItems(c)
	case *ast.Heading:
		b.d.warnf(b.line(c), "a heading is not part of the dialect here: read as a paragraph")
		if t := b.inlineText(c); t.S != "" {
			return []mdPara{{text: mdPrependText(marker, t), pos: b.pos(c)}}
		}
	case *ast.CodeBlock, *ast.FencedCodeBlock:
		b.d.warnf(b.line(c), "a code block is not part of the dialect: read as a paragraph")
		if t := b.rawLines(c); t.S != "" {
			return []mdPara{{text: mdPrependText(marker, t), pos: b.pos(c)}}
		}
	case *ast.HTMLBlock:
		if c.HTMLBlockType != ast.HTMLBlockType2 {
			b.d.warnf(b.line(c), "HTML is not part of the dialect: ignored")
		}
	default:
		b.d.warnf(b.line(c), "%s is not part of the dialect here: ignored", c.Kind())
	}
	return nil
}

// listItems reads a list's items as paragraphs, each starting with its
// marker ("- ", "3. ").
func (b *mdBuilder) listItems(l *ast.List) []mdPara {
	var out []mdPara
	for i, item := 0, l.FirstChild(); item != nil; i, item = i+1, item.NextSibling() {
		m := string(l.Marker) + " "
		if l.IsOrdered() {
			m = itoa(l.Start+i) + string(l.Marker) + " "
		}
		out = append(out, b.flatten(item, m)...)
	}
	return out
}

// definitions reads a definition list as glossary entries: each run of term
// lines starts an entry; each ": " description adds paragraphs, an ordered
// list gives numbered senses, a blockquote an example.
func (b *mdBuilder) definitions(dl ast.Node) {
	var cur *GlossaryEntry
	described := false
	for c := dl.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *east.DefinitionTerm:
			term, obsolete, label := b.term(c)
			terms := splitHeadword(term)
			if len(terms) == 0 {
				b.d.warnf(b.line(c), "an empty glossary term: ignored")
				continue
			}
			if cur == nil || described {
				cur = b.newEntry(c, nil, false)
				described = false
			}
			cur.Terms = append(cur.Terms, terms...)
			cur.Obsolete = cur.Obsolete || obsolete
			if label != "" {
				b.e.SetLabel(cur, label)
			}
			if cur.Slug == "" && len(cur.Terms) > 0 {
				cur.Slug = Slug(cur.Terms[0])
			}
		case *east.DefinitionDescription:
			described = true
			if cur == nil {
				b.d.warnf(b.line(c), "a definition with no term: ignored")
				continue
			}
			b.description(cur, c)
		}
	}
	b.entry = cur
}

func (b *mdBuilder) newEntry(at ast.Node, terms []string, obsolete bool) *GlossaryEntry {
	g := &GlossaryEntry{Terms: terms, Obsolete: obsolete, Pos: b.pos(at)}
	if len(terms) > 0 {
		g.Slug = Slug(terms[0])
	}
	b.e.Glossary = append(b.e.Glossary, g)
	return g
}

// mdObsoleteMark ends a term line that marks its entry obsolete. Written
// escaped, "\(Obsolete)", it is part of the term instead.
const mdObsoleteMark = "(Obsolete)"

// term reads one term line and whether it carries the obsolete mark.
func (b *mdBuilder) term(t *east.DefinitionTerm) (string, bool, string) {
	return b.termMarks(t, b.inlineText(t).S)
}

// termMarks reads the marks that may end the last source line of n (a term
// line, or a term-only paragraph): "(Obsolete)" and then "{#label}". It
// returns the term without them.
func (b *mdBuilder) termMarks(n ast.Node, s string) (term string, obsolete bool, label string) {
	if n.Lines().Len() == 0 {
		return s, false, ""
	}
	raw := bytes.TrimRight(b.lineValue(n, n.Lines().Len()-1), " \t\n")
	if l, size := mdLabel(raw); size > 0 && strings.HasSuffix(s, string(raw[len(raw)-size:])) {
		label = l
		raw = bytes.TrimRight(raw[:len(raw)-size], " \t")
		s = strings.TrimRight(s[:len(s)-size], " \t")
	}
	m := len(mdObsoleteMark)
	if len(raw) < m || !strings.EqualFold(string(raw[len(raw)-m:]), mdObsoleteMark) || (len(raw) > m && raw[len(raw)-m-1] == '\\') {
		return s, false, label
	}
	if len(s) >= m {
		s = strings.TrimRight(s[:len(s)-m], " \t")
	}
	return s, true, label
}

func (b *mdBuilder) description(g *GlossaryEntry, dd ast.Node) {
	for c := dd.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			if t := b.inlineText(c); t.S != "" || len(t.Spans) > 0 {
				g.Body = append(g.Body, Block{Kind: BlockText, Text: t, Pos: b.pos(c)})
			}
		case *ast.Blockquote:
			for _, p := range b.quote(c) {
				g.Body = append(g.Body, Block{Kind: p.kind, Text: p.text, Pos: p.pos})
			}
		case *ast.List:
			if !c.IsOrdered() {
				b.d.warnf(b.line(c), "a bulleted list in a definition: read as paragraphs (number senses \"1. …\")")
				for _, p := range b.listItems(c) {
					g.Body = append(g.Body, Block{Kind: BlockText, Text: p.text, Pos: p.pos})
				}
				continue
			}
			for i, item := 0, c.FirstChild(); item != nil; i, item = i+1, item.NextSibling() {
				sense := c.Start + i
				for ic := item.FirstChild(); ic != nil; ic = ic.NextSibling() {
					var ps []mdPara
					switch ic.(type) {
					case *ast.Paragraph, *ast.TextBlock:
						if t := b.inlineText(ic); t.S != "" || len(t.Spans) > 0 {
							ps = []mdPara{{text: t, pos: b.pos(ic)}}
						}
					case *ast.Blockquote:
						ps = b.quote(ic)
					default:
						b.d.warnf(b.line(ic), "%s in a numbered sense: read as text", ic.Kind())
						ps = b.flattenNode(ic, "", true)
					}
					for _, p := range ps {
						g.Body = append(g.Body, Block{Kind: p.kind, Sense: senseOf(sense), Text: p.text, Pos: p.pos})
					}
				}
			}
		default:
			b.d.warnf(b.line(c), "%s in a definition is not part of the dialect: read as text", c.Kind())
			for _, p := range b.flattenNode(c, "", true) {
				g.Body = append(g.Body, Block{Kind: BlockText, Text: p.text, Pos: p.pos})
			}
		}
	}
}

// mdTextBuilder accumulates a paragraph's plain text and spans.
type mdTextBuilder struct {
	buf   []byte
	spans []Span
}

// inlineText reads n's inline children as a Text: escapes and entities
// resolved, soft line breaks as spaces, hard ones as newlines, *italics* as
// Italic spans and links as Link spans.
func (b *mdBuilder) inlineText(n ast.Node) Text { return b.inlineFrom(n.FirstChild()) }

// inlineLines is n's text line by line: split at its soft line breaks,
// hard breaks read as spaces.
func (b *mdBuilder) inlineLines(n ast.Node) []string {
	var lines []string
	var tb mdTextBuilder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || !t.SoftLineBreak() && !t.HardLineBreak() {
			b.inline(&tb, c)
			continue
		}
		v := t.Segment.Value(b.src)
		if t.IsRaw() {
			tb.buf = append(tb.buf, v...)
		} else {
			tb.buf = mdUnescape(tb.buf, v)
		}
		lines = append(lines, strings.ReplaceAll(string(tb.buf), "\n", " "))
		tb.buf = tb.buf[:0]
	}
	return append(lines, strings.ReplaceAll(string(tb.buf), "\n", " "))
}

// ruleText is a rule paragraph's text: all but its RuleNumberNode.
func (b *mdBuilder) ruleText(p ast.Node) Text { return b.inlineFrom(p.FirstChild().NextSibling()) }

func (b *mdBuilder) inlineFrom(first ast.Node) Text {
	var tb mdTextBuilder
	for c := first; c != nil; c = c.NextSibling() {
		b.inline(&tb, c)
	}
	sort.SliceStable(tb.spans, func(i, j int) bool {
		if tb.spans[i].Start != tb.spans[j].Start {
			return tb.spans[i].Start < tb.spans[j].Start
		}
		return tb.spans[i].End > tb.spans[j].End
	})
	return Text{S: string(tb.buf), Spans: tb.spans}
}

func (b *mdBuilder) inline(tb *mdTextBuilder, n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		v := n.Segment.Value(b.src)
		if n.IsRaw() {
			tb.buf = append(tb.buf, v...)
		} else {
			tb.buf = mdUnescape(tb.buf, v)
		}
		if n.HardLineBreak() {
			tb.buf = append(tb.buf, '\n')
		} else if n.SoftLineBreak() {
			tb.buf = append(tb.buf, ' ')
		}
	case *ast.String:
		tb.buf = append(tb.buf, n.Value...)
	case *ManaNode:
		tb.buf = append(tb.buf, n.Segment.Value(b.src)...)
	case *RuleRefNode:
		tb.buf = append(tb.buf, n.Segment.Value(b.src)...)
	case *RuleNumberNode:
		tb.buf = append(tb.buf, n.Segment.Value(b.src)...)
	case *ast.Emphasis:
		start := len(tb.buf)
		b.children(tb, n)
		if n.Level == 1 {
			tb.spans = append(tb.spans, Span{Start: int32(start), End: int32(len(tb.buf)), Kind: SpanItalic})
		} else {
			b.d.warnf(b.line(n), "bold (**…**) is not part of the dialect: read as plain text")
		}
	case *ast.Link:
		start, inner := len(tb.buf), len(tb.spans)
		b.children(tb, n)
		if mdHasLink(tb.spans[inner:]) {
			// An autolink inside the link's text: as CommonMark has it for
			// nested links, the inner one wins (and is all an export writes).
			break
		}
		dest := string(mdUnescape(nil, n.Destination))
		sp := Span{Start: int32(start), End: int32(len(tb.buf)), Kind: SpanLink, Target: dest}
		if label, ok := strings.CutPrefix(dest, "#"); ok && mdSlugOK(label) {
			// A link within the document cites a label; Link resolves it.
			c := Cite{Kind: RefLabel, Label: label}
			if shown := string(tb.buf[start:]); shown != label {
				c.Shown = shown
			}
			sp = RefSpan(sp.Start, sp.End, c)
		}
		tb.spans = append(tb.spans, sp)
		if len(n.Title) > 0 {
			b.d.infof(b.line(n), "link titles are not kept")
		}
	case *ast.AutoLink:
		start := len(tb.buf)
		tb.buf = append(tb.buf, n.Label(b.src)...)
		url := string(n.URL(b.src))
		if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(url), "mailto:") {
			url = "mailto:" + url
		}
		tb.spans = append(tb.spans, Span{Start: int32(start), End: int32(len(tb.buf)), Kind: SpanLink, Target: url})
	case *ast.CodeSpan:
		b.d.warnf(b.line(n), "code (`…`) is not part of the dialect: read as plain text")
		start := len(tb.buf)
		b.children(tb, n)
		// A line ending inside a code span is a space (CommonMark 6.1); kept
		// as a line break it would come back from an export as a hard break.
		code := strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(string(tb.buf[start:]))
		tb.buf = append(tb.buf[:start], code...)
	case *ast.Image:
		b.d.warnf(b.line(n), "images are not part of the dialect: only the description is kept")
		b.children(tb, n)
	case *ast.RawHTML:
		b.d.warnf(b.line(n), "HTML is not part of the dialect: kept as plain text")
		for i := 0; i < n.Segments.Len(); i++ {
			tb.buf = append(tb.buf, mdSegValue(n.Segments.At(i), b.src)...)
		}
	default:
		b.children(tb, n)
	}
}

// mdHasLink reports whether spans hold a link or a label reference.
func mdHasLink(spans []Span) bool {
	for _, sp := range spans {
		if sp.Kind == SpanLink || sp.Kind == SpanRef && sp.Cited().Kind == RefLabel {
			return true
		}
	}
	return false
}

func (b *mdBuilder) children(tb *mdTextBuilder, n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b.inline(tb, c)
	}
}

// mdCutText drops the first n bytes of t, moving its spans.
func mdCutText(t Text, n int) Text {
	if n <= 0 {
		return t
	}
	if n > len(t.S) {
		n = len(t.S)
	}
	out := Text{S: t.S[n:]}
	for _, sp := range t.Spans {
		sp.Start -= int32(n)
		sp.End -= int32(n)
		if sp.End < 0 || (sp.End == 0 && sp.Start < 0) {
			continue
		}
		sp.Start = max(sp.Start, 0)
		out.Spans = append(out.Spans, sp)
	}
	return out
}

// mdPrependText puts s before t, moving its spans.
func mdPrependText(s string, t Text) Text {
	out := Text{S: s + t.S}
	for _, sp := range t.Spans {
		sp.Start += int32(len(s))
		sp.End += int32(len(s))
		out.Spans = append(out.Spans, sp)
	}
	return out
}

// mdUnescape appends v with backslash escapes and entity references
// resolved, as goldmark's HTML writer reads text.
func mdUnescape(dst, v []byte) []byte {
	if bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '&') < 0 {
		return append(dst, v...)
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && i+1 < len(v) && util.IsPunct(v[i+1]):
			dst = append(dst, v[i+1])
			i++
			continue
		case c == '&':
			if r, size := mdEntityAt(v[i:]); size > 0 {
				dst = append(dst, r...)
				i += size - 1
				continue
			}
		}
		dst = append(dst, c)
	}
	return dst
}

// mdEntityAt reads an entity or numeric character reference at the start of
// v ("&amp;", "&#35;", "&#x23;") and returns its text and length.
func mdEntityAt(v []byte) ([]byte, int) {
	if len(v) < 3 || v[0] != '&' {
		return nil, 0
	}
	if v[1] == '#' {
		i, hex := 2, false
		if i < len(v) && (v[i] == 'x' || v[i] == 'X') {
			i, hex = 3, true
		}
		start := i
		for i < len(v) && (isDigit(v[i]) || hex && util.IsHexDecimal(v[i])) {
			i++
		}
		max := 7
		if hex {
			max = 6
		}
		if i == start || i-start > max || i >= len(v) || v[i] != ';' {
			return nil, 0
		}
		base := 10
		if hex {
			base = 16
		}
		n, err := strconv.ParseUint(string(v[start:i]), base, 32)
		if err != nil {
			return nil, 0
		}
		return utf8.AppendRune(nil, util.ToValidRune(rune(n))), i + 1
	}
	i := 1
	for i < len(v) && util.IsAlphaNumeric(v[i]) {
		i++
	}
	if i == 1 || i >= len(v) || v[i] != ';' {
		return nil, 0
	}
	e, ok := util.LookUpHTML5EntityByName(string(v[1:i]))
	if !ok {
		return nil, 0
	}
	return e.Characters, i + 1
}

func mdSegValue(s text.Segment, src []byte) []byte { return s.Value(src) }

func (b *mdBuilder) lineValue(n ast.Node, i int) []byte { return mdSegValue(n.Lines().At(i), b.src) }
