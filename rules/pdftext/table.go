package pdftext

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// A table drawn with rulings (Word's tables: the MTR's appendices, the
// IPG's quick reference) is read by its rulings, not by the gaps in its
// lines: a cell's text may wrap onto several lines, set at another height
// than its neighbours' (a one-line cell is centred beside a three-line
// one), and PDFium's lines run across cells of several rows. Each cell is
// the text inside its borders, its lines joined, and each row of the grid
// is one row of text, its cells in order.

// grid is a table found in a page's rulings: its rows, each with the
// bounds of its cells.
type grid struct {
	x0, x1, top, bottom float64
	rows                []gridRow
}

type gridRow struct {
	top, bottom float64
	xs          []float64 // the cells' bounds, left to right: cell i is xs[i] to xs[i+1]
}

// Tolerances, in points: how far apart two pieces of one ruling may be,
// and how narrow a row or a cell may be.
const (
	ruleJoin = 2.5 // segments closer than this are one ruling; a ruling's end this close to another touches it
	minBand  = 4   // the least height of a row and width of a cell (Word draws a double border as two rulings 0.5 pt apart)
	maxLines = 2000
)

// seg is a ruling reduced to a line: at pos across, from a to b along.
type seg struct{ pos, a, b float64 }

// grids finds the tables drawn on a page: sets of horizontal and vertical
// rulings that cross, with at least two rows of which one has two cells or
// more (a box around a penalty or a paragraph is no table).
func grids(rulings []Ruling) []grid {
	var hs, vs []seg
	for _, r := range rulings {
		w, h := r.X1-r.X0, r.Bottom-r.Top
		switch {
		case h <= maxRuling && w > h:
			hs = append(hs, seg{(r.Top + r.Bottom) / 2, r.X0, r.X1})
		case w <= maxRuling && h > w:
			vs = append(vs, seg{(r.X0 + r.X1) / 2, r.Top, r.Bottom})
		}
	}
	hs, vs = joinSegs(hs), joinSegs(vs)
	if len(hs) < 2 || len(vs) < 2 || len(hs)+len(vs) > maxLines {
		return nil
	}
	// Rulings that cross or touch are one table's.
	parent := make([]int, len(hs)+len(vs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, h := range hs {
		for j, v := range vs {
			if v.pos >= h.a-ruleJoin && v.pos <= h.b+ruleJoin && h.pos >= v.a-ruleJoin && h.pos <= v.b+ruleJoin {
				parent[find(i)] = find(len(hs) + j)
			}
		}
	}
	groups := map[int][]int{}
	var roots []int
	for i := range parent {
		r := find(i)
		if _, ok := groups[r]; !ok {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], i)
	}
	var out []grid
	for _, r := range roots {
		var gh, gv []seg
		for _, i := range groups[r] {
			if i < len(hs) {
				gh = append(gh, hs[i])
			} else {
				gv = append(gv, vs[i-len(hs)])
			}
		}
		if g, ok := makeGrid(gh, gv); ok {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b grid) int { return cmp.Compare(a.top, b.top) })
	return out
}

// makeGrid makes a table of crossing rulings: a row between each two
// heights a horizontal ruling stands at, its cells between the vertical
// rulings that run through it.
func makeGrid(hs, vs []seg) (grid, bool) {
	var ys []float64
	for _, h := range hs {
		ys = append(ys, h.pos)
	}
	ys = distinct(ys)
	g := grid{x0: math.Inf(1), x1: math.Inf(-1), top: ys[0], bottom: ys[len(ys)-1]}
	wide := false
	for i := 1; i < len(ys); i++ {
		top, bottom := ys[i-1], ys[i]
		if bottom-top < minBand {
			continue
		}
		mid := (top + bottom) / 2
		var xs []float64
		for _, v := range vs {
			if v.a < mid && v.b > mid {
				xs = append(xs, v.pos)
			}
		}
		xs = distinct(xs)
		cells := xs[:0:0]
		for _, x := range xs {
			if len(cells) == 0 || x-cells[len(cells)-1] >= minBand {
				cells = append(cells, x)
			}
		}
		if len(cells) < 2 {
			continue
		}
		wide = wide || len(cells) > 2
		g.rows = append(g.rows, gridRow{top: top, bottom: bottom, xs: cells})
		g.x0, g.x1 = min(g.x0, cells[0]), max(g.x1, cells[len(cells)-1])
	}
	return g, wide && len(g.rows) >= 2
}

// joinSegs joins the pieces of each ruling (Word draws a table's border
// cell by cell): segments at one position, within ruleJoin, that touch.
func joinSegs(ss []seg) []seg {
	slices.SortFunc(ss, func(a, b seg) int {
		if c := cmp.Compare(a.pos, b.pos); c != 0 {
			return c
		}
		return cmp.Compare(a.a, b.a)
	})
	var out []seg
	for i := 0; i < len(ss); {
		j := i + 1
		for j < len(ss) && ss[j].pos-ss[i].pos <= ruleJoin/2 {
			j++
		}
		line := slices.Clone(ss[i:j])
		slices.SortFunc(line, func(a, b seg) int { return cmp.Compare(a.a, b.a) })
		cur := line[0]
		for _, s := range line[1:] {
			if s.a <= cur.b+ruleJoin {
				cur.b = max(cur.b, s.b)
				continue
			}
			out = append(out, cur)
			cur = s
		}
		out = append(out, cur)
		i = j
	}
	return out
}

// distinct sorts xs and keeps one of each run of values within ruleJoin
// of each other.
func distinct(xs []float64) []float64 {
	slices.Sort(xs)
	var out []float64
	for _, x := range xs {
		if len(out) == 0 || x-out[len(out)-1] > ruleJoin {
			out = append(out, x)
		}
	}
	return out
}

// cellAt finds the row and cell of g that the point (x, y) is in.
func (g *grid) cellAt(x, y float64) (row, cell int, ok bool) {
	if x < g.x0 || x > g.x1 || y < g.top || y > g.bottom {
		return 0, 0, false
	}
	for ri, r := range g.rows {
		if y < r.top || y > r.bottom {
			continue
		}
		for ci := 1; ci < len(r.xs); ci++ {
			if x >= r.xs[ci-1] && x <= r.xs[ci] {
				return ri, ci - 1, true
			}
		}
	}
	return 0, 0, false
}

// piece is a span of text inside a table's cell.
type piece struct {
	span Span
	size float64
}

// tableText gathers a page's tables: the pieces of text in each cell.
type tableText struct {
	g     grid
	cells [][][]piece // by row, then cell
	used  bool
}

func newTableText(g grid) *tableText {
	t := &tableText{g: g, cells: make([][][]piece, len(g.rows))}
	for i, r := range g.rows {
		t.cells[i] = make([][]piece, len(r.xs)-1)
	}
	return t
}

// take moves the spans of ln that stand in one of the tables into their
// cells, and returns the line with the rest, and the first table that
// took any (-1 if none).
func take(tables []*tableText, ln Line) (Line, int) {
	first := -1
	rest := ln.Spans[:0:0]
	for _, s := range ln.Spans {
		top, bottom := s.Top, s.Bottom
		if top == 0 && bottom == 0 {
			top, bottom = ln.Top, ln.Bottom
		}
		x, y := (s.X0+s.X1)/2, (top+bottom)/2
		placed := false
		for ti, t := range tables {
			if ri, ci, ok := t.g.cellAt(x, y); ok {
				s.Top, s.Bottom = top, bottom
				t.cells[ri][ci] = append(t.cells[ri][ci], piece{s, ln.Size})
				if first < 0 {
					first = ti
				}
				placed = true
				break
			}
		}
		if !placed {
			rest = append(rest, s)
		}
	}
	ln.Spans = rest
	return ln, first
}

// rows makes a table's rows, as lines of text: a row's cells in order,
// the empty ones left out.
func (t *tableText) rows(page, pageIndex int) []*tline {
	var out []*tline
	for ri, r := range t.g.rows {
		tl := &tline{page: page, pageIndex: pageIndex, row: true, top: r.top, bottom: r.bottom, x0: math.Inf(1), x1: math.Inf(-1), bold: true}
		for _, ps := range t.cells[ri] {
			text := cellText(ps)
			if text == "" {
				continue
			}
			tl.cells = append(tl.cells, text)
			for _, p := range ps {
				tl.x0, tl.x1 = min(tl.x0, p.span.X0), max(tl.x1, p.span.X1)
				tl.bold = tl.bold && p.span.Bold
				tl.size = max(tl.size, p.size)
			}
		}
		if len(tl.cells) == 0 {
			continue
		}
		tl.textX, tl.firstWord = tl.x0, tl.x0
		for _, c := range tl.cells {
			tl.runes += len([]rune(c))
		}
		out = append(out, tl)
	}
	return out
}

// cellText is a cell's text: its pieces line by line, top to bottom, left
// to right on a line, a line joined to the one before as a paragraph's
// are (a word hyphenated at the end of one is marked for resolveHyphens);
// a bullet, any glyph, is written "•".
func cellText(ps []piece) string {
	slices.SortStableFunc(ps, func(a, b piece) int { return cmp.Compare(a.span.Top, b.span.Top) })
	var lines [][]Span
	for _, p := range ps {
		if n := len(lines); n > 0 && sameLine(lines[n-1][0], p.span) {
			lines[n-1] = append(lines[n-1], p.span)
			continue
		}
		lines = append(lines, []Span{p.span})
	}
	var parts []string // the lines, each with what joins it to the next
	for _, l := range lines {
		slices.SortStableFunc(l, func(a, b Span) int { return cmp.Compare(a.X0, b.X0) })
		var words []string
		for _, s := range l {
			t := normalizeText(s.Text)
			if r, _ := utf8.DecodeRuneInString(t); strongBullet(r) {
				if rest, ok := cutBullet(t); ok {
					t = strings.TrimSpace("• " + rest) // not a dash: a cell's "-" says "none"
				}
			}
			if t != "" {
				words = append(words, t)
			}
		}
		if len(words) == 0 {
			continue
		}
		line := strings.Join(words, " ")
		if n := len(parts); n > 0 {
			joined := joinLines(parts[n-1], line)
			parts[n-1] = joined[:len(joined)-len(line)]
		}
		parts = append(parts, line)
	}
	return strings.Join(parts, "")
}

// sameLine says whether two pieces of a cell stand on one line: they
// overlap by half the height of the shorter.
func sameLine(a, b Span) bool {
	overlap := min(a.Bottom, b.Bottom) - max(a.Top, b.Top)
	return overlap > 0.5*min(a.Bottom-a.Top, b.Bottom-b.Top)
}
