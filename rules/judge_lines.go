package rules

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The judge documents reach the parser in four forms, each read by its own
// reader into the same list of paragraphs (jline), which judge_tree.go
// builds into an edition:
//
//   - extracted text, format 1 (the PDF reader's output;
//     rules/pdftext/FORMAT.md): one paragraph per line, "# " headings,
//     "• " items (an item's further paragraphs indented by two spaces),
//     tab-separated table rows, "%page N" markers;
//   - Word's "save as text": one paragraph per line, tabs, • bullets, in
//     Windows-1252;
//   - hard-wrapped plain text (the 1994 newsgroup post, antiword's output
//     of a .doc): paragraphs wrapped at a fixed width, "|" table rows;
//   - HTML (judge_html.go).

// jkind is what a paragraph is, as its reader saw it.
type jkind uint8

const (
	jText    jkind = iota
	jHeading       // set apart by the source: format 1's "# ", HTML's h1–h6 or a bold paragraph
	jItem          // a bulleted list item, its bullet removed
	jRow           // a table row: cells separated by tabs
)

// jline is one paragraph of a judge document.
type jline struct {
	kind  jkind
	s     string
	n     int32  // 1-based line of the source where it starts
	alone bool   // wrapped text: a blank line before and after (a heading's look)
	gap   bool   // wrapped text: a blank line before
	level uint8  // HTML: a heading's rank, 1–6 for h1–h6, 9 for a bold paragraph; 0 elsewhere
	links []Span // HTML: hyperlinks over s
}

// extractMagic is the first line of extracted text, format 1.
const extractMagic = "%arbiter-extract"

// jsource is a judge document read into paragraphs.
type jsource struct {
	lines   []jline
	title   string // the extraction's %title header or HTML <title>, if any
	source  string // the extraction's %source header: the file it was made from
	plain   bool   // read from text with no markup for headings: they are inferred
	wrapped bool   // hard-wrapped text: a heading stands alone between blank lines
}

// readExtract reads extracted text, format 1.
func readExtract(text string, d *diags) jsource {
	var src jsource
	lr := newLineReader(text)
	header := true
	for n := int32(1); ; n++ {
		raw, ok := lr.next()
		if !ok {
			break
		}
		if n == 1 {
			if v := strings.TrimSpace(strings.TrimPrefix(raw, extractMagic)); v != "1" {
				d.warnf(1, "extracted text of format %q; this reader knows format 1 and reads it as that", v)
			}
			continue
		}
		if header {
			if k, v, ok := headerLine(raw); ok {
				switch k {
				case "title":
					src.title = v
				case "source":
					src.source = v
				}
				continue
			}
			header = false
		}
		s := strings.TrimRight(raw, " \t\r")
		switch {
		case s == "":
			continue
		case strings.HasPrefix(s, "  "):
			// A further paragraph of the list item above it, which keeps
			// it after a line break.
			p := cleanPara(s)
			if k := len(src.lines); k > 0 && src.lines[k-1].kind == jItem && len(src.lines[k-1].s) < maxJoined {
				src.lines[k-1].s += "\n" + p
				continue
			}
			src.lines = append(src.lines, jline{kind: jText, s: p, n: n})
		case s[0] == '%':
			// A directive: "%page N" is the only one format 1 writes in the
			// body, and a reader ignores what it does not know.
			continue
		case strings.HasPrefix(s, "# "):
			src.lines = append(src.lines, jline{kind: jHeading, s: cleanPara(s[2:]), n: n})
		case strings.HasPrefix(s, "• "):
			src.lines = append(src.lines, jline{kind: jItem, s: cleanPara(s[len("• "):]), n: n})
		default:
			if cells, ok := pipeRow(s); ok {
				// A table as antiword draws it ("|Regular |Competitive |"),
				// left so by the text made from a Word file.
				if !continueRow(&src, cells) {
					src.lines = append(src.lines, jline{kind: jRow, s: cleanPara(strings.Join(cells, "\t")), n: n})
				}
				continue
			}
			s = strings.TrimPrefix(s, `\`)
			k := jText
			if strings.Contains(s, "\t") {
				k = jRow
			}
			src.lines = append(src.lines, jline{kind: k, s: cleanPara(s), n: n})
		}
	}
	// Text made from a Word file (antiword's, a paragraph a line) marks no
	// headings: they are found by their look, as in plain text.
	src.plain = true
	for _, l := range src.lines {
		if l.kind == jHeading {
			src.plain = false
			break
		}
	}
	return src
}

// headerLine reads a "%key: value" header line of extracted text.
func headerLine(s string) (key, value string, ok bool) {
	if !strings.HasPrefix(s, "%") {
		return "", "", false
	}
	k, v, ok := strings.Cut(s[1:], ":")
	if !ok || k == "" || strings.ContainsAny(k, " \t") {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
}

// cleanPara tidies a paragraph's text: no control characters but tabs,
// no zero-width characters or soft hyphens, every run of spaces (of any
// width) one space, no space around tabs, nothing blank at its ends.
func cleanPara(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space, tab := false, false
	for _, r := range s {
		switch runeClass(r) {
		case rcDrop:
			continue
		case rcTab:
			tab = b.Len() > 0
			continue
		case rcSpace:
			space = b.Len() > 0
			continue
		}
		if tab {
			b.WriteByte('\t')
		} else if space {
			b.WriteByte(' ')
		}
		space, tab = false, false
		b.WriteRune(r)
	}
	if out := b.String(); out != s {
		return out
	}
	return s // unchanged: the caller's string, not a copy

}

// A rune's class for cleanPara.
const (
	rcKeep = iota
	rcDrop
	rcSpace
	rcTab
)

func runeClass(r rune) int {
	switch {
	case r == '\t':
		return rcTab
	case r == ' ' || r < ' ' || r == '\u00a0' || r >= '\u2000' && r <= '\u200a' || r == '\u202f' || r == '\u2028' || r == '\u2029' || r == '\u205f' || r == '\u3000' || r == utf8.RuneError:
		return rcSpace
	case r == '\u00ad' || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\ufeff' || r == '\u2060':
		return rcDrop
	}
	return rcKeep
}

// bullets are the glyphs sources put before a list item (Word's • in
// Windows-1252 is 0x95; Symbol-font bullets decode to private-use code
// points).
var bullets = []string{"•", "·", "▪", "◦", "●", "○", "■", "□", "\uf0b7", "\uf0a7", "\uf0d8", "\uf076", "\uf0fc"}

// cutBullet removes a bullet and the space after it from the start of s.
func cutBullet(s string) (string, bool) {
	for _, b := range bullets {
		if rest, ok := strings.CutPrefix(s, b); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.TrimLeft(rest, " \t"), true
		}
	}
	// Word's "o" and "-" bullets are followed by a tab, never a space.
	if len(s) > 1 && (s[0] == 'o' || s[0] == '-') && s[1] == '\t' {
		return strings.TrimLeft(s[2:], " \t"), true
	}
	return s, false
}

// readParagraphs reads text with one paragraph per line (Word's "save as
// text").
func readParagraphs(lines []string) jsource {
	src := jsource{plain: true}
	for i, raw := range lines {
		s := strings.TrimSpace(strings.Trim(raw, " \t\u00a0"))
		if s == "" {
			continue
		}
		k := jText
		if rest, ok := cutBullet(s); ok {
			k, s = jItem, rest
		} else if n, rest := ScanDocNumber(s); !n.IsZero() && strings.HasPrefix(strings.TrimPrefix(rest, "."), "\t") {
			// "101.\tFormat and Ratings Categories": the tab after a
			// number is the heading's indent, not a column.
			s = s[:len(s)-len(rest)] + strings.Replace(rest, "\t", " ", 1)
		}
		if k == jText && strings.Contains(s, "\t") {
			k = jRow
		}
		if s = cleanPara(s); s != "" {
			src.lines = append(src.lines, jline{kind: k, s: s, n: int32(i + 1)})
		}
	}
	return src
}

// judgeWrapped reports whether text was wrapped at a fixed width rather
// than written a paragraph a line: no line is much longer than a printed
// line, and lines often go on in lower case on the next line (a
// paragraph of Word's "save as text" never does).
func judgeWrapped(lines []string) bool {
	var lens []int
	goesOn, nonblank := 0, 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		nonblank++
		if !strings.HasPrefix(t, "|") {
			lens = append(lens, utf8.RuneCountInString(strings.TrimRight(l, " \t")))
		}
		if i+1 < len(lines) {
			next := strings.TrimSpace(lines[i+1])
			if r, _ := utf8.DecodeRuneInString(next); unicode.IsLower(r) {
				goesOn++
			}
		}
	}
	if len(lens) == 0 {
		return false
	}
	sort.Ints(lens)
	return lens[len(lens)*97/100] <= 110 && goesOn >= 2 && goesOn*20 >= nonblank
}

// judgeWrapWidth estimates the width a text was wrapped at from its sorted line
// lengths: the length most full lines reach (a few longer lines, such as
// mail headers or rules of "=", do not count).
func judgeWrapWidth(sorted []int) int {
	return sorted[len(sorted)*9/10]
}

// readWrapped reads hard-wrapped text: a paragraph ends at a blank line,
// or where a line stops well short of the wrap width (the next word would
// have fitted), or where the next line starts a list item or a table row.
func readWrapped(lines []string) jsource {
	src := jsource{plain: true, wrapped: true}
	var lens []int
	for _, l := range lines {
		if n := utf8.RuneCountInString(strings.TrimRight(l, " \t")); n > 0 {
			lens = append(lens, n)
		}
	}
	sort.Ints(lens)
	width := 80
	if len(lens) > 0 {
		width = judgeWrapWidth(lens)
	}
	var cur []string
	var start int32
	kind := jText
	gapBefore := true
	flush := func(gapAfter bool) {
		if len(cur) == 0 {
			return
		}
		s := cleanPara(joinWrapped(cur))
		if s != "" {
			src.lines = append(src.lines, jline{kind: kind, s: s, n: start, gap: gapBefore, alone: gapBefore && gapAfter && len(cur) == 1})
		}
		cur, kind, gapBefore = cur[:0], jText, false
	}
	prev := ""
	for i, raw := range lines {
		s := strings.TrimRight(raw, " \t\u00a0")
		t := strings.TrimLeft(s, " \t")
		if t == "" {
			flush(true)
			gapBefore, prev = true, ""
			continue
		}
		if cells, ok := pipeRow(t); ok {
			flush(false)
			if !continueRow(&src, cells) {
				src.lines = append(src.lines, jline{kind: jRow, s: cleanPara(strings.Join(cells, "\t")), n: int32(i + 1)})
			}
			prev = ""
			continue
		}
		if furniture(t) && !allDigits(t, 3) {
			// A rule of "=" or "-" between parts of a post.
			flush(true)
			gapBefore, prev = true, ""
			continue
		}
		t = pageColumn(t)
		rest, bullet := cutBullet(t)
		newPara := len(cur) == 0 || bullet || startsLabel(t) || !fullLine(prev, t, width) || headingLook(prev)
		if newPara {
			flush(false)
			start = int32(i + 1)
			if bullet {
				kind, t = jItem, rest
			}
		}
		cur = append(cur, t)
		prev = s
	}
	flush(true)
	return src
}

// pipeRow reads a table row drawn with bars, "|Caution |Warning |": its
// cells, the empty ones left out.
func pipeRow(s string) ([]string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 3 || s[0] != '|' || s[len(s)-1] != '|' {
		return nil, false
	}
	var cells []string
	for _, c := range strings.Split(s[1:len(s)-1], "|") {
		if c = strings.TrimSpace(c); c != "" {
			cells = append(cells, c)
		}
	}
	return cells, len(cells) > 0
}

// continueRow joins a table line whose cells go on with the row before
// (antiword wraps a cell "Disqualification without" / "prize") to that
// row, and reports whether it did.
func continueRow(src *jsource, cells []string) bool {
	n := len(src.lines)
	if n == 0 || src.lines[n-1].kind != jRow {
		return false
	}
	if len(src.lines[n-1].s) > maxJoined {
		return false
	}
	prev := strings.Split(src.lines[n-1].s, "\t")
	if len(prev) != len(cells) {
		return false
	}
	for _, c := range cells {
		if r, _ := utf8.DecodeRuneInString(c); !unicode.IsLower(r) {
			return false
		}
	}
	for i := range prev {
		prev[i] += " " + cells[i]
	}
	src.lines[n-1].s = strings.Join(prev, "\t")
	return true
}

// pageColumn turns the gap before a page number at the end of a contents
// line ("Appendix A — Penalty Quick Reference    36") into a tab, as a
// table's column.
func pageColumn(s string) string {
	i := strings.LastIndexByte(s, ' ')
	if i < 2 || s[i-1] != ' ' || !allDigits(s[i+1:], 3) {
		return s
	}
	return strings.TrimRight(s[:i], " ") + "\t" + s[i+1:]
}

// headingLook reports whether a line of wrapped text is a numbered heading
// on a line of its own ("127.  Type 1 Format Deck Construction"): the text
// after it is a paragraph of its own, however long the heading.
func headingLook(s string) bool {
	s = strings.TrimSpace(s)
	_, title, _, ok := headingNumber(s)
	return ok && title != "" && titleLike(title) && capitalised(title)
}

// fullLine reports whether prev ran to the wrap width: the first word of
// next would not have fitted after it.
func fullLine(prev, next string, width int) bool {
	w := next
	if i := strings.IndexByte(w, ' '); i >= 0 {
		w = w[:i]
	}
	n := utf8.RuneCountInString(prev)
	return n >= width/2 && n+1+utf8.RuneCountInString(w) > width-2
}

// startsLabel reports whether s starts with a list label: "1. ", "A. ",
// "(A) ", "a) ".
func startsLabel(s string) bool {
	i := 0
	if strings.HasPrefix(s, "(") {
		i++
	}
	j := i
	for j < len(s) && j-i < 3 && isDigit(s[j]) {
		j++
	}
	if j == i && j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
		j++
	}
	if j == i || j+1 >= len(s) {
		return false
	}
	if s[j] == '.' || s[j] == ')' {
		return s[j+1] == ' ' || s[j+1] == '\t'
	}
	return false
}

// joinWrapped joins the lines of a wrapped paragraph with spaces. A line
// that ends in a hyphen joins the next without one: the wrapped sources
// (a newsgroup post typed by hand, antiword's output) break lines only at
// spaces, so such a hyphen belongs to a compound ("two-" "player").
func joinWrapped(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			prev := parts[i-1]
			if n := len(prev); !(n > 1 && prev[n-1] == '-' && prev[n-2] != ' ' && prev[n-2] != '-') {
				b.WriteByte(' ')
			}
		}
		b.WriteString(p)
	}
	return b.String()
}
