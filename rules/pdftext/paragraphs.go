package pdftext

import (
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hyphenMark stands where a word was hyphenated at a line's end, until
// resolveHyphens decides whether the hyphen stays. PDFium writes it
// (U+FFFE) where it joined such a line itself.
const hyphenMark = '\uFFFE'

// block is a Block being built from lines.
type block struct {
	Block
	first, last *tline
	contX       float64 // where its continuation lines start; NaN until a second line
	open        int     // parentheses opened in its text and not closed
}

// assemble joins lines into blocks.
func assemble(lines []*tline, st stats) []Block {
	var out []Block
	var cur *block
	flush := func() {
		if cur != nil {
			out = append(out, cur.Block)
			cur = nil
		}
	}
	itemX := math.NaN() // where the text of the list item just read starts, while paragraphs may go on with it
	for _, t := range lines {
		if cur != nil && continues(cur, t, st) {
			cur.Text = joinLines(cur.Text, t.text())
			cur.open += parens(t.text())
			if math.IsNaN(cur.contX) {
				cur.contX = t.x0
			}
			cur.last = t
			continue
		}
		flush()
		kind := kindOf(t, st)
		switch {
		case kind == Item:
			itemX = t.textX
			if itemX < st.margin+0.5*t.size || itemX < t.x0+0.5*t.size {
				// An item's text at the margin (what follows there is the
				// body's), or where it is not known (a bullet and its text
				// in one span).
				itemX = math.NaN()
			}
		case kind == Paragraph && math.Abs(t.x0-itemX) <= 3:
			kind = More
		default:
			itemX = math.NaN()
		}
		cur = &block{Block: Block{Kind: kind, Page: t.page, Text: t.text()}, first: t, last: t, contX: math.NaN(), open: parens(t.text())}
	}
	flush()
	return out
}

// kindOf is what a line starts.
func kindOf(t *tline, st stats) BlockKind {
	switch {
	case t.row:
		return Row
	case t.bullet:
		return Item
	case isHeading(t, st):
		return Heading
	case len(t.cells) > 1:
		return Row
	}
	return Paragraph
}

// isHeading says whether a line is a heading: bold or larger than the
// body, or a section number set apart from a short title (the 2025 MTR
// sets "1.1    Tournament Types" in the body's font); not long, not a
// lead-in ending in a colon. A heading may have a second cell far to its
// right (the IPG's penalty, "Warning"), but a line of three cells or more
// is a table's row.
func isHeading(t *tline, st stats) bool {
	if len(t.cells) > 2 || t.runes > 160 {
		return false
	}
	first := strings.TrimSpace(t.cells[0])
	if strings.HasSuffix(first, ":") || first == "" {
		return false
	}
	big := t.size >= st.bodySize*1.15
	if len(t.cells) == 2 && (t.rightCell < 0.6 || len(strings.Fields(t.cells[1])) > 3 || !big && !sectionStart.MatchString(first)) {
		return false // a row of two cells (a table's header), not a heading and its penalty
	}
	// A number set apart is a section's where it has levels ("1.1") or
	// stands at the margin; an indented "1." is a list's.
	titled := t.numbered && t.runes <= 90 && !strings.ContainsAny(first[len(first)-1:], ".,;") &&
		(multiLevel.MatchString(first) || t.x0 <= st.margin+3)
	if !t.bold && !big && !titled {
		return false
	}
	r, _ := utf8.DecodeRuneInString(first)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || !unicode.IsLetter(r)
}

var multiLevel = regexp.MustCompile(`^\d+\.\d+`)

// sectionStart matches a heading's leading section number ("2.1. ", "101. ").
var sectionStart = regexp.MustCompile(`^\d+(\.\d+)*\.? `)

// continues says whether line t continues block b.
func continues(b *block, t *tline, st stats) bool {
	prev := b.last
	switch {
	case t.bullet || len(t.cells) > 1 || b.Kind == Row || t.row || b.first.row || t.alone || b.last.alone:
		return false
	case math.Abs(t.size-prev.size) > 0.15*max(prev.size, 1):
		return false
	}
	if b.Kind == Heading {
		// A heading wrapped onto a second line: another heading line, close
		// below a line that was full.
		return isHeading(t, st) && t.page == prev.page && t.top-prev.bottom <= min(st.lineGap+0.35*prev.size, 0.9*prev.size) &&
			!short(prev, t, st) && len(b.first.cells) == 1
	}
	if isHeading(t, st) || nextItem(b, prev, t) {
		return false
	}
	if t.page != prev.page {
		// Across a page break: the last line of one page and the first of
		// the next, the first not indented differently.
		return prev.lastOnPage && t.firstOnPage && !short(prev, t, st) && aligned(b, t)
	}
	// A gap wider than the usual one between lines, or than most of an em
	// whatever the usual one, is a paragraph's end.
	if gap := t.top - prev.bottom; gap > min(st.lineGap+max(2, 0.35*prev.size), 0.9*prev.size) || gap < -0.5*(prev.bottom-prev.top) {
		return false
	}
	// A paragraph does not end inside parentheses: a line that closes them
	// goes on, however short the one before (an item of a narrow column,
	// "Chrome Mox (unrestricted, effective Sept. 20," over "2008)").
	return aligned(b, t) && (b.open > 0 && parens(t.text()) < 0 || !short(prev, t, st))
}

// parens is how many more parentheses s opens than it closes.
func parens(s string) int {
	return strings.Count(s, "(") - strings.Count(s, ")")
}

// nextItem says whether t starts the next item of a lettered or numbered
// list: it starts with a label ("B.", "2.", "(c)") where the block started
// with one, or after a line that ended a sentence.
func nextItem(b *block, prev, t *tline) bool {
	if !startsWithLabel(t.cells[0]) {
		return false
	}
	if startsWithLabel(b.first.cells[0]) && math.Abs(t.x0-b.first.x0) <= 3 {
		return true
	}
	end := strings.TrimRight(prev.text(), "”\"')")
	return strings.HasSuffix(end, ".") || strings.HasSuffix(end, ":") || strings.HasSuffix(end, ";")
}

// startsWithLabel says whether text starts with a list label and a space:
// "A. ", "1. ", "(a) ", "Game Loss: ".
func startsWithLabel(text string) bool {
	if i := strings.Index(text, ": "); i > 0 && i < 24 && !strings.ContainsAny(text[:i], ".,;") {
		return true // "Game Loss: …"
	}
	label, _, ok := strings.Cut(text, " ")
	return ok && isLabel(label)
}

// aligned says whether t starts where b's continuation lines start: at its
// known continuation, or, for its second line, left of or at its first
// line's start (a first-line indent), or a little right of it (a hanging
// indent: "A. Knight of …" over
// its continuation at the text, "World Championships (…): The World" over
// "are the culminating …"); whether the first line was full is short's.
func aligned(b *block, t *tline) bool {
	const tol = 3
	if !math.IsNaN(b.contX) {
		return math.Abs(t.x0-b.contX) <= tol
	}
	f := b.first
	switch {
	case math.Abs(t.x0-f.textX) <= tol:
		return true
	case t.x0 <= f.x0+tol:
		return t.x0 >= f.x0-4*f.size
	}
	reach := 5.0
	if startsWithLabel(f.cells[0]) {
		reach = 12 // a term and its colon over text set at a tab ("Caution: This is …")
	}
	return t.x0 <= f.x0+reach*f.size
}

// short says whether prev ended before its line was full: the first word
// of t would have fit in the room left at prev's end (with a space before
// it), so the break was the writer's, not the wrapping's.
func short(prev, t *tline, st stats) bool {
	text := prev.text()
	if strings.HasSuffix(text, "-") || strings.HasSuffix(text, string(hyphenMark)) {
		return false
	}
	room := prev.rightEdge - prev.x1
	word := t.firstWord - t.x0
	if word <= 0 || word > t.x1-t.x0 {
		word = st.charEm * t.size * 4
	}
	return room > word+0.6*prev.size
}

// joinLines joins a line to the text before it: with a space, or with the
// hyphen mark where the text ends in a hyphen after a letter or a digit (a
// compound broken at its hyphen: "8-" over "player") and the line starts
// with a lowercase letter, or with nothing where it ends in a dash set
// close after a word ("left–right–" over "left", "Card Drawing—" over
// "Looking": Word breaks a line after such a dash, and sets no space).
func joinLines(text, line string) string {
	if strings.HasSuffix(text, string(hyphenMark)) {
		return text + line
	}
	for _, dash := range []string{"–", "—"} {
		if before, ok := strings.CutSuffix(text, dash); ok && before != "" {
			if r, _ := utf8.DecodeLastRuneInString(before); !unicode.IsSpace(r) && r != '-' && !strings.HasSuffix(before, dash) {
				return text + line
			}
		}
	}
	if before, ok := strings.CutSuffix(text, "-"); ok {
		r, _ := utf8.DecodeLastRuneInString(before)
		n, _ := utf8.DecodeRuneInString(line)
		if (unicode.IsLetter(r) || unicode.IsDigit(r)) && unicode.IsLower(n) {
			return before + string(hyphenMark) + line
		}
	}
	return text + " " + line
}
