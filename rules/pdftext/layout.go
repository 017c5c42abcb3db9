package pdftext

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Block is one line of format 1's body: a paragraph, heading, list item or
// table row, on the page where it starts.
type Block struct {
	Kind BlockKind
	Page int
	Text string // a row's cells (and a heading's or item's, where it has several) are separated by tabs
}

// BlockKind is what a Block is.
type BlockKind int

const (
	Paragraph BlockKind = iota
	Heading
	Item
	Row
	More // a further paragraph of the list item before it, set at its text
)

// Layout turns a document's positioned lines into blocks in reading order:
// page furniture and the table of contents left out, lines joined into
// paragraphs, headings, list items and table rows marked, words hyphenated
// across lines rejoined. It is a pure function of d.
func Layout(d *Document) []Block {
	lines := prepare(d)
	lines = dropContents(lines)
	blocks := assemble(lines, measure(lines))
	resolveHyphens(blocks)
	return blocks
}

// tline is a line as the layout sees it: its text normalized and split
// into a leading bullet or label and cells.
type tline struct {
	page        int
	pageIndex   int
	cells       []string // one, or a row's cells
	x0, x1      float64  // where its text (bullet or label included) starts and ends
	firstWord   float64  // where its first word ends
	textX       float64  // where the text after a bullet or label starts
	top, bottom float64
	size        float64
	bold        bool // all of it is bold
	bullet      bool // a list item's first line (the bullet is not in cells)
	numbered    bool // it starts with a section number set apart from its text ("1.1    Tournament Types")
	runes       int
	rightCell   float64 // where its last cell starts, as a fraction of the page's width (0 for one cell)
	rightEdge   float64 // the right edge of its page's text
	firstOnPage bool    // the page's first line of body text
	lastOnPage  bool    // and its last
	row         bool    // a row of a table drawn with rulings, its cells read by them
	alone       bool    // a paragraph of its own (Line.alone)
}

// text is the line's cells joined by tabs.
func (l *tline) text() string { return strings.Join(l.cells, "\t") }

// prepare normalizes every page's lines, drops the furniture, and turns
// each line into tlines: one, or several for lists set side by side.
func prepare(d *Document) []*tline {
	drop, numbered := furniture(d)
	var out []*tline
	var edges []float64 // each page's right edge
	for pi, p := range d.Pages {
		var page []*tline
		var right []*tline // the right column of lists set side by side, until they end
		rightX := math.NaN()
		flushRight := func() {
			page = append(page, right...)
			right, rightX = nil, math.NaN()
		}
		var tables []*tableText
		for _, g := range grids(p.Rulings) {
			tables = append(tables, newTableText(g))
		}
		order := pageOrder(p)
		lines := make([]Line, len(order))
		firstIn := make([]int, len(order)) // the table a line is the first to give text to, or -1
		for at, li := range order {
			ln := p.Lines[li]
			firstIn[at] = -1
			if drop[pi][li] {
				ln.Spans = nil
			} else if i, ok := numbered[[2]int{pi, li}]; ok {
				ln.Spans = slices.Delete(slices.Clone(ln.Spans), i, i+1)
				if i == 0 && ln.Spans[0].Size > 0 {
					ln.Size = ln.Spans[0].Size
				}
			}
			if len(tables) > 0 && len(ln.Spans) > 0 {
				var ti int
				if ln, ti = take(tables, ln); ti >= 0 && !tables[ti].used {
					tables[ti].used = true
					firstIn[at] = ti
				}
			}
			if len(ln.Spans) > 0 {
				ln = mergeNarrowGaps(normalizeLine(ln))
			}
			lines[at] = ln
		}
		lines, firstIn = listsInColumns(lines, firstIn)
		for at, ln := range lines {
			if ti := firstIn[at]; ti >= 0 {
				flushRight()
				page = append(page, tables[ti].rows(p.Number, pi)...)
			}
			if len(ln.Spans) == 0 {
				continue
			}
			parts := splitColumns(ln)
			if len(parts) == 1 && at+1 < len(lines) {
				parts = splitHeads(ln, lines[at+1])
			}
			if len(parts) == 1 && !math.IsNaN(rightX) && math.Abs(ln.X0()-rightX) > 3 {
				flushRight()
			}
			for i, part := range parts {
				t := newTline(p.Number, part)
				t.pageIndex = pi
				if len(t.cells) > 1 && p.Width > 0 {
					t.rightCell = part.Spans[len(part.Spans)-1].X0 / p.Width
				}
				switch {
				case i > 0:
					right = append(right, t)
					rightX = part.X0()
				case len(parts) == 1 && !math.IsNaN(rightX):
					right = append(right, t) // a line of the right column alone
				default:
					page = append(page, t)
				}
			}
		}
		flushRight()
		edges = append(edges, rightEdge(page))
		for i, t := range page {
			t.rightEdge = columnEdge(page, i)
			t.firstOnPage = i == 0
			t.lastOnPage = i == len(page)-1
		}
		out = append(out, page...)
	}
	for _, t := range out {
		edge := edges[t.pageIndex]
		if math.IsNaN(edge) {
			edge = docEdge(edges, d.Pages[t.pageIndex].Width)
		}
		t.rightEdge = min(t.rightEdge, edge)
	}
	return out
}

// pageOrder is the order the page's lines are read in: PDFium's (the
// content stream's) for the lines in sequence (those of the longest run of
// growing heights), and the lines a program wrote out of their place put
// where a reader meets them. Those are taken in runs, lines that follow one
// another in the stream and down the page, and a run goes:
//
//   - into a gap between two lines of the text around it, where it fits
//     one (a logo or a table row written first or last);
//   - after the lines it stands beside, on their right, or before them
//     where it stands on their left: a column of a list written after the
//     other is read down each column, as a person reads it (the MTR's banned
//     lists), and the text that resumes below both columns comes after both;
//     the IPG's penalty box, set right of an infraction's title or its
//     "Definition" and written at the end of the page, comes after that line;
//   - otherwise where its top puts it: after the lines that start above it
//     or level with it.
func pageOrder(p Page) []int {
	n := len(p.Lines)
	order := make([]int, 0, n)
	keep := inSequence(p.Lines)
	var moved []int
	for i := range n {
		if keep[i] {
			order = append(order, i)
		} else {
			moved = append(moved, i)
		}
	}
	if len(moved) > maxMoved {
		// A page that far from its stream's order is read as written.
		order = order[:0]
		for i := range n {
			order = append(order, i)
		}
		return order
	}
	runs := movedRuns(p.Lines, moved)
	inRun := make(map[int]bool, len(moved))
	for _, r := range runs {
		for _, i := range r {
			inRun[i] = true
		}
	}
	order = slices.DeleteFunc(order, func(i int) bool { return inRun[i] })
	for _, run := range runs {
		order = slices.Insert(order, placeRun(p.Lines, order, run), run...)
	}
	return order
}

// movedRuns splits the moved lines (in stream order) into runs: lines next
// to each other in the stream, each below the one before, close to it (a
// blank line or two between them at most) and overlapping it across the
// page. A run takes in the lines in sequence that go on its column just
// before or after it in the stream: the longest run of growing heights may
// have cut a column (the start of the left one, the right one, then the end
// of the left one), which is read whole.
func movedRuns(lines []Line, moved []int) [][]int {
	follows := func(a, b int) bool { // line b goes on line a's column
		la, lb := lines[a], lines[b]
		return b == a+1 && lb.Top >= la.Top-1 && lb.Top-la.Bottom <= 2.5*max(la.Size, 1) && overlapX(la, lb)
	}
	isMoved := make(map[int]bool, len(moved))
	for _, m := range moved {
		isMoved[m] = true
	}
	var runs [][]int
	for i, m := range moved {
		if i > 0 && follows(moved[i-1], m) {
			runs[len(runs)-1] = append(runs[len(runs)-1], m)
			continue
		}
		runs = append(runs, []int{m})
	}
	taken := map[int]bool{}
	for k, run := range runs {
		for f := run[0] - 1; f >= 0 && !isMoved[f] && !taken[f] && follows(f, run[0]); f-- {
			run = slices.Insert(run, 0, f)
			taken[f] = true
		}
		for l := run[len(run)-1] + 1; l < len(lines) && !isMoved[l] && !taken[l] && follows(run[len(run)-1], l); l++ {
			run = append(run, l)
			taken[l] = true
		}
		runs[k] = run
	}
	return runs
}

// extent is the rectangle a run of lines covers, as a line.
func extent(lines []Line, run []int) Line {
	e := lines[run[0]]
	x0, x1 := e.X0(), e.X1()
	for _, i := range run[1:] {
		l := lines[i]
		e.Top, e.Bottom = min(e.Top, l.Top), max(e.Bottom, l.Bottom)
		x0, x1 = min(x0, l.X0()), max(x1, l.X1())
	}
	e.Spans = []Span{{X0: x0, X1: x1}}
	return e
}

// overlapX says whether two lines share some of the page's width.
func overlapX(a, b Line) bool { return a.X0() < b.X1() && b.X0() < a.X1() }

// placeRun finds where in order a run goes (see pageOrder).
func placeRun(lines []Line, order []int, run []int) int {
	e := extent(lines, run)
	if at := fitGap(lines, order, e); at >= 0 {
		return at
	}
	first, last := -1, -1 // the lines beside the run
	count := 0
	for at, i := range order {
		l := lines[i]
		if min(l.Bottom, e.Bottom)-max(l.Top, e.Top) > 1 && !overlapX(l, e) {
			if first < 0 {
				first = at
			}
			last = at
			count++
		}
	}
	if count > 0 {
		if e.X0() < lines[order[first]].X0() {
			return first
		}
		// A column beside (two lines or more) may go on below the run.
		for count > 1 && last+1 < len(order) {
			a, b := lines[order[last]], lines[order[last+1]]
			indent := b.X0() - lines[order[first]].X0() // an item's second line is indented; text below is not
			if b.Top < a.Top-1 || b.Top-a.Bottom > 2.5*max(a.Size, 1) || !overlapX(a, b) || overlapX(b, e) || indent < -3 || indent > 3*max(a.Size, 1) {
				break
			}
			last++
		}
		return last + 1
	}
	for at, i := range order {
		if lines[i].Top > e.Top+2 {
			return at
		}
	}
	return len(order)
}

// maxMoved bounds the lines pageOrder moves on a page (each costs a pass
// over the page).
const maxMoved = 64

// inSequence marks the lines of the longest subsequence, in stream order,
// whose tops do not go up the page (rounded to a point: lines of one row
// written one after the other stay in it).
func inSequence(lines []Line) []bool {
	keep := make([]bool, len(lines))
	var tails []int // tails[k]: the line ending the best run of length k+1
	prev := make([]int, len(lines))
	top := func(i int) float64 { return math.Round(lines[i].Top) }
	for i := range lines {
		k, _ := slices.BinarySearchFunc(tails, top(i), func(j int, t float64) int {
			if top(j) <= t {
				return -1
			}
			return 1
		})
		prev[i] = -1
		if k > 0 {
			prev[i] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
			keep[i] = true
		}
	}
	return keep
}

// fitGap finds where in order a line (or a run's extent) fits: between two
// lines one above the other with room for it, beside it on the page (their
// spans overlap its span), or above the first or below the last of them. -1
// if nowhere.
func fitGap(lines []Line, order []int, ln Line) int {
	beside := func(o Line) bool { return overlapX(o, ln) }
	for at := 0; at <= len(order); at++ {
		var above, below *Line
		if at > 0 {
			above = &lines[order[at-1]]
		}
		if at < len(order) {
			below = &lines[order[at]]
		}
		switch {
		case above != nil && (above.Bottom > ln.Top+1 || !beside(*above)):
		case below != nil && (ln.Bottom > below.Top+1 || !beside(*below)):
		case above == nil && below == nil:
		default:
			return at
		}
	}
	return -1
}

// rightEdge is where a page's full lines end: the 90th percentile of the
// ends of its longer lines (a stray long URL does not move it), or NaN
// where it has fewer than three.
func rightEdge(page []*tline) float64 {
	var ends []float64
	for _, t := range page {
		if t.runes >= 30 && len(t.cells) == 1 {
			ends = append(ends, t.x1)
		}
	}
	if len(ends) < 3 {
		return math.NaN()
	}
	slices.Sort(ends)
	return ends[(len(ends)*9)/10]
}

// docEdge is the right edge for pages with too few full lines to tell
// theirs: the median of the other pages' (pages of one document share
// their margins), or, in a document with none, 88% of the page's width.
func docEdge(edges []float64, width float64) float64 {
	var known []float64
	for _, e := range edges {
		if !math.IsNaN(e) {
			known = append(known, e)
		}
	}
	if len(known) == 0 {
		return 0.88 * width
	}
	slices.Sort(known)
	return known[len(known)/2]
}

// columnEdge is where the lines around page[i] that start where it starts
// end: the right edge of a narrow column (the MTR's banned lists are set in
// two) or, where there are too few such lines to tell, +Inf.
func columnEdge(page []*tline, i int) float64 {
	const near, tol = 10, 3
	t := page[i]
	var ends []float64
	for j := max(0, i-near); j < min(len(page), i+near+1); j++ {
		u := page[j]
		same := math.Abs(u.x0-t.x0) <= tol || math.Abs(u.textX-t.textX) <= tol || math.Abs(u.x0-t.textX) <= tol
		if same && u.runes >= 20 && len(u.cells) == 1 {
			ends = append(ends, u.x1)
		}
	}
	if len(ends) < 3 {
		return math.Inf(1)
	}
	return slices.Max(ends)
}

// newTline classifies a line's spans: a leading bullet, a leading label
// (a number, a letter, a term and its colon) joined to the text after it,
// and the cells that remain.
func newTline(page int, ln Line) *tline {
	t := &tline{page: page, x0: ln.X0(), x1: ln.X1(), firstWord: ln.FirstWord, top: ln.Top, bottom: ln.Bottom, size: ln.Size, alone: ln.alone}
	spans := ln.Spans
	t.textX = spans[0].X0
	if rest, ok := cutBullet(spans[0].Text); ok && (rest != "" || len(spans) > 1) {
		t.bullet = true
		if rest == "" && len(spans) > 1 {
			spans = spans[1:]
			t.textX = spans[0].X0
		} else {
			spans = append([]Span{{Text: rest, X0: spans[0].X0, X1: spans[0].X1, Bold: spans[0].Bold}}, spans[1:]...)
		}
	}
	// Bold is the text's weight: a list's number or bullet may be set in
	// another font than the heading it numbers.
	t.bold = true
	for i, s := range spans {
		if i > 0 || len(spans) == 1 || !isLabel(s.Text) {
			t.bold = t.bold && s.Bold
		}
	}
	var cells []string
	for i := 0; i < len(spans); i++ {
		s := spans[i]
		if i == 0 && len(spans) > 1 && isLabel(s.Text) {
			// "2.1." and "Game Play Error — …" set apart are one text.
			cells = append(cells, s.Text+" "+spans[1].Text)
			if !t.bullet {
				t.textX = spans[1].X0
				t.numbered = sectionNumber.MatchString(s.Text)
			}
			i++
			continue
		}
		cells = append(cells, s.Text)
	}
	t.cells = cells
	for _, c := range cells {
		t.runes += utf8.RuneCountInString(c)
	}
	if t.bullet {
		t.runes += 2
	}
	return t
}

// listsInColumns reads a list set in columns without bullets down each
// column: lines of as many cells each, the cells aligned one under the
// other and all alike, each starting with the same word ("Player 1B—card
// 1", "Player 1A—card 6", "Player 1C—card 11" over "Player 1C—card 2", …:
// the MTR's draft order, card 1 to 15 down three columns). A table's
// columns hold different things (a name, a date), so its cells do not all
// start alike. firstIn goes with lines (see prepare).
func listsInColumns(lines []Line, firstIn []int) ([]Line, []int) {
	const minRows, tol = 3, 3
	alike := func(a, b Line) bool {
		if len(a.Spans) != len(b.Spans) || len(a.Spans) < 2 {
			return false
		}
		for i := range a.Spans {
			if math.Abs(a.Spans[i].X0-b.Spans[i].X0) > tol {
				return false
			}
		}
		return true
	}
	var out []Line
	var outFirst []int
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && firstIn[j] < 0 && alike(lines[i], lines[j]) {
			j++
		}
		if j-i < minRows || !sameFirstWord(lines[i:j]) {
			out, outFirst = append(out, lines[i]), append(outFirst, firstIn[i])
			i++
			continue
		}
		for c := range lines[i].Spans {
			for k := i; k < j; k++ {
				ln := lines[k]
				ln.Spans = []Span{ln.Spans[c]}
				ln.Bold, ln.alone = ln.Spans[0].Bold, true
				first := -1
				if c == 0 && k == i {
					first = firstIn[i]
				}
				out, outFirst = append(out, ln), append(outFirst, first)
			}
		}
		i = j
	}
	return out, outFirst
}

// sameFirstWord says whether every cell of lines starts with one word,
// and none is bold (a table's header) or a bullet.
func sameFirstWord(lines []Line) bool {
	word := ""
	for _, ln := range lines {
		for _, s := range ln.Spans {
			w, _, _ := strings.Cut(s.Text, " ")
			if s.Bold || isBulletGlyph(w) || isLabel(w) {
				return false
			}
			if word == "" {
				word = w
			}
			if w != word {
				return false
			}
		}
	}
	return word != ""
}

// splitColumns splits a line that holds two lists side by side (a bullet
// glyph in the middle of its spans) into one line per list.
func splitColumns(ln Line) []Line {
	var parts []Line
	start := 0
	for i := 1; i < len(ln.Spans); i++ {
		r, _ := utf8.DecodeRuneInString(ln.Spans[i].Text)
		if _, ok := cutBullet(ln.Spans[i].Text); ok && strongBullet(r) && !isBulletGlyph(ln.Spans[i-1].Text) {
			parts = append(parts, withSpans(ln, ln.Spans[start:i]))
			start = i
		}
	}
	return append(parts, withSpans(ln, ln.Spans[start:]))
}

// splitHeads splits a line of two spans that heads two lists set side by
// side (the 2000 MTR's "Constructed Formats:" beside "The DCI produces the
// following ratings categories."): the next line holds the lists' first
// items, each starting where a span of this line does.
func splitHeads(ln, next Line) []Line {
	const tol = 3
	if len(ln.Spans) != 2 || isBulletGlyph(strings.Fields(ln.Spans[1].Text + " x")[0]) {
		return []Line{ln}
	}
	parts := splitColumns(next)
	if len(parts) != 2 || math.Abs(parts[0].X0()-ln.Spans[0].X0) > tol || math.Abs(parts[1].X0()-ln.Spans[1].X0) > tol {
		return []Line{ln}
	}
	return []Line{withSpans(ln, ln.Spans[:1]), withSpans(ln, ln.Spans[1:])}
}

func withSpans(ln Line, spans []Span) Line {
	ln.Spans = spans
	ln.Bold = true
	for _, s := range spans {
		ln.Bold = ln.Bold && s.Bold
	}
	return ln
}

// isBulletGlyph says whether s is one bullet glyph standing alone.
func isBulletGlyph(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == len(s) && (strongBullet(r) || weakBullet(r))
}

// cutBullet says whether s starts with a bullet and returns the text after
// it: a bullet glyph (•, ◦, ▪, the Symbol font's private-use bullets…)
// before a space or standing alone; a letter o or a dash only alone (as a
// span of its own).
func cutBullet(s string) (string, bool) {
	r, n := utf8.DecodeRuneInString(s)
	if n == len(s) {
		return "", strongBullet(r) || weakBullet(r)
	}
	if strongBullet(r) && isSpaceByte(s[n]) {
		return strings.TrimLeft(s[n:], " "), true
	}
	return s, false
}

func isSpaceByte(b byte) bool { return b == ' ' || b == '\t' }

// strongBullet is a glyph that is a bullet wherever it starts a line.
func strongBullet(r rune) bool {
	switch r {
	case '•', '◦', '▪', '▫', '■', '□', '●', '○', '◆', '◇', '►', '▶', '➢', '➤', '✓', '✔', '∙', '·', '\u0083', '\u0095':
		return true
	}
	return r >= 0xF000 && r <= 0xF0FF // Symbol and Wingdings glyphs in the private use area
}

// weakBullet is a glyph that is a bullet only as a span of its own.
func weakBullet(r rune) bool {
	switch r {
	case 'o', '-', '–', '—', '*', '§', 'Ø', 'ü', 'q', 'n', 'l', 'v':
		return true
	}
	return false
}

// isLabel says whether a span set apart before the text is its label: a
// number ("2.1.", "100."), a letter ("A."), a parenthesized one, or a
// short term and its colon ("Warning:").
func isLabel(s string) bool {
	if s == "" || utf8.RuneCountInString(s) > 24 {
		return false
	}
	if strings.HasSuffix(s, ":") && !strings.Contains(s, ". ") {
		return true
	}
	t := strings.TrimSuffix(strings.TrimSuffix(s, "."), ")")
	t = strings.TrimPrefix(t, "(")
	if t == "" {
		return false
	}
	if r, n := utf8.DecodeRuneInString(t); n == len(t) && unicode.IsLetter(r) {
		return s != t // "A." or "(a)", not a lone letter
	}
	for _, part := range strings.Split(t, ".") {
		if part == "" || strings.Trim(part, "0123456789") != "" {
			return false
		}
	}
	return true
}

// sectionNumber matches a section's number: "2.", "2.1", "2.1.", "100.".
var sectionNumber = regexp.MustCompile(`^\d+(\.\d+)*\.?$`)

// cellGap is the smallest gap, in ems, between two cells of a row. The
// reader splits lines at a smaller one (an em), which sets a list's
// number or bullet apart from its text; elsewhere in a line a gap that
// small is a picture in the text (the 2017 MTR's expansion symbol), so
// the spans around it are joined again.
const cellGap = 2.5

// mergeNarrowGaps joins spans separated by less than cellGap, but for a
// label or bullet and the text after it.
func mergeNarrowGaps(ln Line) Line {
	if len(ln.Spans) < 2 {
		return ln
	}
	spans := []Span{ln.Spans[0]}
	for i, s := range ln.Spans[1:] {
		last := &spans[len(spans)-1]
		lead := i == 0 && (isLabel(last.Text) || isBulletGlyph(last.Text))
		if !lead && s.X0-last.X1 < cellGap*max(ln.Size, 1) {
			last.Text += " " + s.Text
			last.X1 = s.X1
			last.Bold = last.Bold && s.Bold
			continue
		}
		spans = append(spans, s)
	}
	ln.Spans = spans
	return ln
}

// normalizeLine cleans a line's text: no-break spaces become spaces,
// control characters go (but U+0083, an old bullet), runs of spaces become
// one; a span left empty goes.
func normalizeLine(ln Line) Line {
	spans := make([]Span, 0, len(ln.Spans))
	for _, s := range ln.Spans {
		s.Text = normalizeText(s.Text)
		if s.Text != "" {
			spans = append(spans, s)
		}
	}
	ln.Spans = spans
	return ln
}

func normalizeText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == '\u00a0' || r == '\t' || r == '\u2002' || r == '\u2003' || r == '\u2009' || r == ' ':
			space = true
			continue
		case r == '\u00ad':
			r = '\uFFFE' // a soft hyphen: a line-end hyphen, resolved like PDFium's
		case r == utf8.RuneError && !strings.ContainsRune(s, utf8.RuneError):
			continue
		case r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0 && r != 0x83 && r != 0x95):
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// stats are the document's measures the paragraph joining compares with.
type stats struct {
	bodySize float64 // the most common font size, by characters
	lineGap  float64 // the usual gap between two lines of a paragraph
	charEm   float64 // the usual character width, in ems of the font size
	margin   float64 // where most body text starts
}

// measure finds the body size and the usual line gap.
func measure(lines []*tline) stats {
	sizes := map[float64]int{}
	for _, t := range lines {
		sizes[math.Round(t.size*2)/2] += t.runes
	}
	st := stats{bodySize: 10}
	best := -1
	for s, n := range sizes {
		if n > best || n == best && s < st.bodySize {
			st.bodySize, best = s, n
		}
	}
	var gaps []float64
	for i := 1; i < len(lines); i++ {
		a, b := lines[i-1], lines[i]
		if a.page == b.page && math.Abs(a.x0-b.x0) < 2 && math.Abs(a.size-st.bodySize) < 0.6 && math.Abs(b.size-st.bodySize) < 0.6 {
			if g := b.top - a.bottom; g > -a.size && g < 3*a.size {
				gaps = append(gaps, g)
			}
		}
	}
	if len(gaps) > 0 {
		slices.Sort(gaps)
		st.lineGap = gaps[len(gaps)/10] // the smaller gaps are those between a paragraph's lines
	}
	starts := map[float64]int{}
	for _, t := range lines {
		if !t.bullet && len(t.cells) == 1 && math.Abs(t.size-st.bodySize) < 0.6 {
			starts[math.Round(t.x0)] += t.runes
		}
	}
	// The margin is the leftmost start that holds a good share of the
	// text (an indented list may hold more than any one paragraph start).
	total := 0
	for _, n := range starts {
		total += n
	}
	st.margin = math.Inf(1)
	for x, n := range starts {
		if 100*n >= 15*total && x < st.margin {
			st.margin = x
		}
	}
	// The usual width of a character, from lines of one visual line (PDFium
	// writes a line and the next as one where it rejoins a hyphenated word).
	var ems []float64
	for _, t := range lines {
		if t.runes >= 30 && t.size > 0 && t.bottom-t.top < 1.8*t.size {
			ems = append(ems, (t.x1-t.x0)/float64(t.runes)/t.size)
		}
	}
	st.charEm = 0.45
	if len(ems) > 0 {
		slices.Sort(ems)
		st.charEm = ems[len(ems)/2]
	}
	return st
}
