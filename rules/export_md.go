package rules

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ExportMarkdown writes e in Arbiter's Markdown dialect (content/README.md).
// ParseMarkdown of the output gives back the same tree: section, chapter and
// rule numbers and titles, every paragraph's text (Text.S) and italics and
// links, examples, glossary entries with their terms, senses and obsolete
// flag, topics with their slugs, the introduction and credits. Text that
// would read as Markdown syntax is escaped. What the dialect cannot hold is
// not written: RST labels, spans the linker derives from the text (mana,
// references, terms), Recovered flags and source positions. A judge
// document's entries (MTR, IPG, JAR) are written to be read: their titles
// and parts as headings, penalties, list items and tables in Markdown's
// own forms (judgeBlock), which the dialect does not read back.
func ExportMarkdown(w io.Writer, e *Edition) error {
	x := &mdWriter{w: bufio.NewWriter(w), e: e}
	x.frontMatter(e)
	if len(e.Intro) > 0 {
		if e.Kind != KindProse {
			x.line("# Introduction")
			x.blank()
		}
		x.blocks(e.Intro)
	}
	for _, t := range e.Topics {
		x.str("## ")
		x.text(Text{S: t.Title}, mdTextOpts{lineStart: true, heading: true})
		if t.Slug != Slug(t.Title) && mdSlugOK(t.Slug) {
			x.str(" {#" + t.Slug + "}")
		}
		x.nl()
		x.blank()
		x.blocks(t.Body)
	}
	for _, s := range e.Sections {
		x.str("# " + itoa(s.Number) + ".")
		if s.Title != "" {
			x.str(" ")
			x.text(Text{S: s.Title}, mdTextOpts{heading: true})
		}
		x.label(s.Label)
		x.nl()
		x.blank()
		for _, c := range s.Chapters {
			x.entry(c)
		}
	}
	if len(e.Glossary) > 0 {
		x.line("# Glossary")
		x.blank()
		for _, g := range e.Glossary {
			if err := x.glossaryEntry(g); err != nil {
				return err
			}
		}
	}
	if len(e.Credits) > 0 {
		x.line("# Credits")
		x.blank()
		x.blocks(e.Credits)
	}
	return x.w.Flush()
}

// mdWriter writes the dialect. bufio.Writer keeps the first error, which
// Flush returns.
type mdWriter struct {
	w     *bufio.Writer
	e     *Edition // the edition written: its entries' labels
	plan  []mdOut  // scratch for text
	marks []mdMark // scratch for text
}

func (x *mdWriter) str(s string)  { x.w.WriteString(s) }
func (x *mdWriter) nl()           { x.w.WriteByte('\n') }
func (x *mdWriter) blank()        { x.w.WriteByte('\n') }
func (x *mdWriter) line(s string) { x.str(s); x.nl() }

func (x *mdWriter) frontMatter(e *Edition) {
	fields := [][2]string{{"id", e.ID}, {"title", e.Title}, {"effective", e.EffectiveDate()}, {"kind", string(e.Kind)}}
	any := false
	for _, f := range fields {
		any = any || f[1] != ""
	}
	if !any {
		return
	}
	x.line("---")
	for _, f := range fields {
		if f[1] != "" {
			x.line(f[0] + ": " + strings.TrimSpace(strings.ReplaceAll(f[1], "\n", " ")))
		}
	}
	x.line("---")
	x.blank()
}

// blocks writes paragraphs and examples, each followed by a blank line. A
// judge document's blocks take Markdown's own forms (judgeBlock); the rows
// of a table are one table, with no blank line between them.
func (x *mdWriter) blocks(body []Block) {
	for i := 0; i < len(body); i++ {
		b := body[i]
		switch b.Kind {
		case BlockRow:
			j := i
			for j < len(body) && body[j].Kind == BlockRow {
				j++
			}
			x.table(body[i:j])
			i = j - 1
		case BlockHeading, BlockPenalty, BlockItem:
			x.judgeBlock(b)
		default:
			x.block(b, "", "")
		}
		x.nl()
		x.blank()
	}
}

// judgeBlock writes a judge document's part heading as a heading below
// its entry's, its penalty in bold, a list item as one. The dialect's
// parser reads these back as paragraphs: a judge document is written to
// be read, not parsed again (its model comes from its PDF).
func (x *mdWriter) judgeBlock(b Block) {
	switch b.Kind {
	case BlockHeading:
		x.str("#### ")
		x.text(b.Text, mdTextOpts{heading: true})
	case BlockPenalty:
		x.str("**Penalty:** ")
		x.text(b.Text, mdTextOpts{})
	case BlockItem:
		x.str("- ")
		x.text(b.Text, mdTextOpts{cont: "  "})
	}
}

// table writes rows (cells separated by tabs) as a pipe table, the first
// row its head.
func (x *mdWriter) table(rows []Block) {
	width := 0
	for _, r := range rows {
		width = max(width, strings.Count(r.Text.S, "\t")+1)
	}
	for i, r := range rows {
		cells := strings.Split(r.Text.S, "\t")
		for len(cells) < width {
			cells = append(cells, "")
		}
		x.str("|")
		for _, c := range cells {
			x.str(" " + x.cell(c) + " |")
		}
		if i < len(rows)-1 {
			x.nl()
		}
		if i == 0 {
			x.str(strings.Repeat("| --- ", width) + "|")
			if len(rows) > 1 {
				x.nl()
			}
		}
	}
}

// cell is a table cell's text as inline Markdown on one line, its
// syntax escaped as a paragraph's is, and its pipes too.
func (x *mdWriter) cell(s string) string {
	var b strings.Builder
	w := x.w
	x.w = bufio.NewWriter(&b)
	x.text(Text{S: strings.Join(strings.Fields(s), " ")}, mdTextOpts{})
	x.w.Flush()
	x.w = w
	return strings.ReplaceAll(b.String(), "|", "\\|")
}

// block writes one paragraph or example. lead is written first (": ",
// "1. "); cont starts every further line (the indentation of lead).
func (x *mdWriter) block(b Block, lead, cont string) {
	x.str(lead)
	for _, l := range mdQuoteLabels {
		if b.Kind == l.kind {
			x.str("> " + l.label + " ")
			x.text(b.Text, mdTextOpts{cont: cont + "> "})
			return
		}
	}
	x.text(b.Text, mdTextOpts{lineStart: true, cont: cont})
}

// entry writes a chapter, rule or subrule and everything under it.
func (x *mdWriter) entry(r *Rule) {
	body := r.Body
	switch r.Number.Level() {
	case LevelChapter:
		x.str("## " + r.Number.String() + ".")
		if r.Title() != "" {
			x.str(" ")
			x.text(Text{S: r.Title()}, mdTextOpts{heading: true})
		}
		x.label(x.e.LabelOf(r))
		x.nl()
		x.blank()
	default:
		if r.Title() != "" {
			// A judge document's entry: "2.1 Game Play Error — Missed
			// Trigger" is a heading.
			x.str("### " + r.Number.String() + " ")
			x.text(Text{S: r.Title()}, mdTextOpts{heading: true})
			x.label(x.e.LabelOf(r))
			x.nl()
			x.blank()
			break
		}
		x.str(r.Number.String())
		if r.Number.Level() == LevelRule {
			x.str(".")
		}
		x.label(x.e.LabelOf(r))
		if len(body) > 0 && body[0].Kind == BlockText && body[0].Text.S != "" {
			x.str(" ")
			x.text(body[0].Text, mdTextOpts{afterNumber: true})
			body = body[1:]
		}
		x.nl()
		x.blank()
	}
	x.blocks(body)
	for _, c := range r.Children {
		x.entry(c)
	}
}

// glossaryEntry writes a definition-list item: one line per term, then
// one ": " description per paragraph, "1. " for a numbered sense.
func (x *mdWriter) glossaryEntry(g *GlossaryEntry) error {
	if len(g.Terms) == 0 {
		return fmt.Errorf("%s:%d: glossary entry has no term", g.Pos.File(), g.Pos.Line())
	}
	for i, t := range g.Terms {
		x.text(Text{S: t}, mdTextOpts{lineStart: true, term: true})
		if i == len(g.Terms)-1 {
			if g.Obsolete {
				x.str(" " + mdObsoleteMark)
			}
			x.label(x.e.LabelOf(g))
		}
		x.nl()
	}
	for _, b := range g.Body {
		lead := ": "
		if b.Sense > 0 {
			lead += itoa(int(b.Sense)) + ". "
		}
		x.block(b, lead, strings.Repeat(" ", len(lead)))
		x.nl()
	}
	x.blank()
	return nil
}

// label writes " {#label}" if there is a label the dialect can hold.
func (x *mdWriter) label(l string) {
	if mdSlugOK(l) {
		x.str(" {#" + l + "}")
	}
}

// mdTextOpts says where a text is written.
type mdTextOpts struct {
	lineStart bool   // the text starts a line, so block syntax there is escaped
	heading   bool   // a heading: "#" and a trailing "{#slug}" are escaped; one line
	term      bool   // a glossary term line: a trailing "(Obsolete)" is escaped; one line
	cont      string // written after each hard line break
	// afterNumber: the text follows a rule number, where "{#" would start
	// a label.
	afterNumber bool
}

// text writes t as inline Markdown: its italics as *…* and links as
// [text](<url>), every character that Markdown would read as syntax
// escaped, and leading or trailing spaces (which Markdown trims) written as
// character references.
func (x *mdWriter) text(t Text, o mdTextOpts) {
	s := t.S
	if o.heading || o.term {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	x.plan = mdPlanText(x.plan[:0], s, o)
	out := x.plan
	marks := x.marks[:0]
	if len(t.Spans) > 0 {
		links := mdLinkSpans(t.Spans, len(s))
		for _, l := range links {
			if l.Start > 0 && s[l.Start-1] == '!' { // "![" would open an image
				out[l.Start-1] = outEsc
			}
			for k := l.Start; k < l.End; k++ { // a bracket in link text would end or nest it
				if s[k] == '[' || s[k] == ']' {
					out[k] = outEsc
				}
			}
			dest := "](<" + mdEscapeURL(l.Target) + ">)"
			if l.Start == l.End { // an empty link: write it whole where it opens
				marks = append(marks, mdMark{int(l.Start), markEmptyLink, "[" + dest})
				continue
			}
			marks = append(marks, mdMark{int(l.Start), markOpenLink, "["}, mdMark{int(l.End), markCloseLink, dest})
		}
		for _, r := range mdItalicRuns(t.Spans, links, len(s)) {
			if mdEmphasize(s, out, links, r) {
				marks = append(marks, mdMark{r[0], markOpenItalic, "*"}, mdMark{r[1], markCloseItalic, "*"})
			}
		}
		sort.SliceStable(marks, func(i, j int) bool {
			if marks[i].pos != marks[j].pos {
				return marks[i].pos < marks[j].pos
			}
			return marks[i].order < marks[j].order
		})
	}
	x.marks = marks
	plain := 0 // start of the run of bytes written as themselves
	for i := 0; i <= len(s); i++ {
		if i < len(s) && out[i] <= outSkip && (len(marks) == 0 || marks[0].pos != i) {
			continue
		}
		x.str(s[plain:i])
		for len(marks) > 0 && marks[0].pos == i {
			x.str(marks[0].text)
			marks = marks[1:]
		}
		plain = i
		if i == len(s) {
			break
		}
		switch out[i] {
		case outEsc:
			x.w.WriteByte('\\')
			x.w.WriteByte(s[i])
		case outRef:
			r, _ := utf8.DecodeRuneInString(s[i:])
			x.str("&#" + itoa(int(r)) + ";")
		case outBreak:
			x.str("\\\n" + o.cont)
		default:
			continue
		}
		plain = i + 1
		for plain < len(s) && out[plain] == outSkip {
			plain++
		}
	}
}

// mdMark is markup written before the character at pos, in order.
type mdMark struct {
	pos   int
	order uint8
	text  string
}

// The order of markup at one position: what closes before what opens, an
// empty link before a link that opens there, a link outside an italic.
const (
	markCloseItalic uint8 = iota
	markCloseLink
	markEmptyLink
	markOpenLink
	markOpenItalic
)

// mdOut is how one byte of a text is written.
type mdOut uint8

const (
	outPlain mdOut = iota // as itself (a multi-byte rune: its first byte, and…)
	outSkip               // …its other bytes
	outEsc                // backslash-escaped
	outRef                // the rune starting here as a numeric character reference
	outBreak              // a newline: a hard line break
)

// mdOutChars returns the first and last characters written for s[k].
func mdOutChars(s string, out []mdOut, k int) (first, last rune) {
	switch out[k] {
	case outEsc:
		return '\\', rune(s[k])
	case outRef:
		return '&', ';'
	case outBreak:
		return '\\', '\n'
	}
	r, _ := utf8.DecodeRuneInString(s[k:])
	return r, r
}

// mdSpecial marks the bytes that may need escaping in mid-line; others are
// always written as themselves.
var mdSpecial = func() (t [256]bool) {
	for c := 0; c < ' '; c++ {
		t[c] = true
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = true // the first byte of a rune marks the rest outSkip
	}
	for _, c := range "\x7f\\*_`<[]&#{!(" {
		t[c] = true
	}
	return t
}()

// mdLineStartSyntax marks the bytes that start block syntax at a line start.
var mdLineStartSyntax = func() (t [256]bool) {
	for _, c := range "#>-+=:~|" {
		t[c] = true
	}
	return t
}()

// mdPlanText decides how each byte of s is written, appending to out.
func mdPlanText(out []mdOut, s string, o mdTextOpts) []mdOut {
	out = slices.Grow(out, len(s))[:len(s)]
	lineStart, leading := o.lineStart, true
	trail := len(s)
	for trail > 0 && (s[trail-1] == ' ' || s[trail-1] == '\t') {
		trail--
	}
	obsolete := -1
	if o.term && len(s) >= len(mdObsoleteMark) && strings.EqualFold(s[len(s)-len(mdObsoleteMark):], mdObsoleteMark) {
		obsolete = len(s) - len(mdObsoleteMark)
	}
	for i := 0; i < len(s); {
		c := s[i]
		if !lineStart && !leading && i < trail && !mdSpecial[c] {
			out[i] = outPlain // the common case: a letter in mid-line
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			_, size := utf8.DecodeRuneInString(s[i:])
			out[i] = outPlain
			for j := 1; j < size; j++ {
				out[i+j] = outSkip
			}
			i += size
			lineStart, leading = false, false
			continue
		}
		out[i] = outPlain
		switch {
		case c == '\n' && i == len(s)-1:
			out[i] = outRef // a hard break cannot end a paragraph
		case c == '\n':
			out[i] = outBreak
			lineStart, leading = true, true
			i++
			continue
		case (c == ' ' || c == '\t') && (leading || i >= trail):
			// Markdown trims the spaces around a line (and after a rule
			// number or a label): write them as references.
			out[i] = outRef
			i++
			continue // still leading: the next space is leading too
		case c == '\\':
			out[i] = outEsc
			if i+1 < len(s) && s[i+1] == '\n' || i+1 == len(s) {
				out[i] = outRef // "\\" before a line end would not read as a hard break
			}
		case c < ' ' && c != '\t' || c == 0x7f:
			out[i] = outRef // a CR would end the line; other controls read as spaces
		case c == '*' || c == '_' || c == '`' || c == '<':
			out[i] = outEsc
		case c == '[' && lineStart:
			out[i] = outEsc // "[x]: y" would be a link reference definition
		case c == ']' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '['):
			out[i] = outEsc // "[x](y)" and "[x][y]" would be links; "[Cost]" alone is text
		case c == '&' && i+1 < len(s) && (isLetter(s[i+1]) || isDigit(s[i+1]) || s[i+1] == '#'):
			out[i] = outEsc
		case o.heading && c == '#', (o.heading || o.term || o.afterNumber && i == 0) && c == '{' && i+1 < len(s) && s[i+1] == '#':
			out[i] = outEsc
		case i == obsolete:
			out[i] = outEsc
		case lineStart && mdLineStartSyntax[c]:
			out[i] = outEsc
		case lineStart && isDigit(c):
			// "1. " starts a list and "100.1. " a rule: escape the dot.
			j := i
			for j < len(s) && isDigit(s[j]) {
				out[j] = outPlain
				j++
			}
			if j < len(s) && (s[j] == '.' || s[j] == ')') {
				out[j] = outEsc
				j++
			}
			i = j
			lineStart, leading = false, false
			continue
		}
		lineStart, leading = false, false
		i++
	}
	return out
}

// mdLinkSpans returns t's links that Markdown can write: not nested in or
// crossing an earlier one. An empty link cannot cross anything; it is kept
// unless it sits strictly inside another link.
func mdLinkSpans(spans []Span, n int) []Span {
	var out, empty []Span
	for _, sp := range spans {
		if c := sp.Cited(); sp.Kind == SpanRef && c.Kind == RefLabel && mdSlugOK(c.Label) {
			sp = Span{Start: sp.Start, End: sp.End, Kind: SpanLink, Target: "#" + c.Label}
		}
		if sp.Kind != SpanLink || sp.Start < 0 || sp.End > int32(n) || sp.Start > sp.End {
			continue
		}
		if sp.Start == sp.End {
			empty = append(empty, sp)
			continue
		}
		if len(out) > 0 && sp.Start < out[len(out)-1].End {
			continue
		}
		out = append(out, sp)
	}
	for _, e := range empty {
		inside := false
		for _, l := range out {
			inside = inside || l.Start < e.Start && e.Start < l.End
		}
		if !inside {
			out = append(out, e)
		}
	}
	// Empty links first: at a position where a link also opens, the empty
	// one came before it.
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start == out[i].End && out[j].Start != out[j].End })
	return out
}

// mdItalicRuns merges the italic spans into maximal runs (nested or touching
// italics read the same), split where a link starts or ends inside them.
func mdItalicRuns(spans []Span, links []Span, n int) [][2]int {
	mark := make([]bool, n)
	any := false
	for _, sp := range spans {
		if sp.Kind != SpanItalic {
			continue
		}
		for i := max(int(sp.Start), 0); i < min(int(sp.End), n); i++ {
			mark[i] = true
			any = true
		}
	}
	if !any {
		return nil
	}
	cut := make([]bool, n+1)
	for _, l := range links {
		cut[l.Start], cut[l.End] = true, true
	}
	var runs [][2]int
	for i := 0; i < n; {
		if !mark[i] {
			i++
			continue
		}
		j := i + 1
		for j < n && mark[j] && !cut[j] {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	return runs
}

// mdEmphasize reports whether "*" around run r of text s (planned as out)
// reads back as emphasis: the opening "*" must be left-flanking and the
// closing one right-flanking (CommonMark's rules, as goldmark applies them).
// Where a run's edge is punctuation or a space next to a letter, it writes
// the character on one side as a numeric reference (which reads as
// punctuation) so the delimiter flanks; it reports false if even that fails.
func mdEmphasize(s string, out []mdOut, links []Span, r [2]int) bool {
	// before returns the character written just before position p's
	// markup, and its index in s (-1 for markup or the start of the line).
	before := func(p int) (rune, int) {
		for _, l := range links {
			if int(l.Start) == p {
				return '[', -1
			}
		}
		for _, l := range links {
			if int(l.End) == p {
				return ')', -1
			}
		}
		for k := p - 1; k >= 0; k-- {
			if out[k] != outSkip {
				_, last := mdOutChars(s, out, k)
				return last, k
			}
		}
		return ' ', -1
	}
	// after returns the character written just after position p's closing
	// markup, and its index in s.
	after := func(p int) (rune, int) {
		for _, l := range links {
			if int(l.End) == p || int(l.Start) == p {
				return '[', -1
			}
		}
		if p < len(out) {
			first, _ := mdOutChars(s, out, p)
			return first, p
		}
		return ' ', -1
	}
	inside := func(from, to, step int) (rune, int) {
		for k := from; k != to; k += step {
			if out[k] != outSkip {
				first, last := mdOutChars(s, out, k)
				if step > 0 {
					return first, k
				}
				return last, k
			}
		}
		return ' ', -1
	}
	asRef := func(k int) bool { // write s[k] as a numeric reference
		if k < 0 || s[k] == '\n' {
			return false
		}
		out[k] = outRef
		return true
	}
	flanks := func(outside, in rune, ko, ki int) bool {
		if mdFlanking(outside, in) {
			return true
		}
		if unicode.IsSpace(in) || mdIsPunct(in) {
			if !asRef(ki) {
				return false
			}
			in = '&'
		}
		if !mdFlanking(outside, in) && asRef(ko) {
			outside = '&'
		}
		return mdFlanking(outside, in)
	}
	b, kb := before(r[0])
	f, kf := inside(r[0], r[1], 1)
	if !flanks(b, f, kb, kf) {
		return false
	}
	a, ka := after(r[1])
	l, kl := inside(r[1]-1, r[0]-1, -1)
	return flanks(a, l, ka, kl)
}

// mdFlanking reports whether a "*" between outside and inside (the character
// on the far side and the one inside the emphasis) can open or close it.
func mdFlanking(outside, inside rune) bool {
	if unicode.IsSpace(inside) || inside == '\n' {
		return false
	}
	return !mdIsPunct(inside) || unicode.IsSpace(outside) || mdIsPunct(outside)
}

func mdIsPunct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// mdEscapeURL escapes a link destination for the <…> form.
func mdEscapeURL(u string) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c == '\\' || c == '<' || c == '>':
			b.WriteByte('\\')
		case c == '&' && i+1 < len(u) && (isLetter(u[i+1]) || isDigit(u[i+1]) || u[i+1] == '#'):
			b.WriteByte('\\')
		case c < ' ' || c == 0x7f:
			b.WriteString("&#" + itoa(int(c)) + ";")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
