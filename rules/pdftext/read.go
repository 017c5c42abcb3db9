package pdftext

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/tetratelabs/wazero/api"
)

// spanGap is the smallest horizontal gap, in ems of the line's font size,
// that splits a line into spans. Word spacing, even in justified text, stays
// under half an em; table columns and the IPG's penalties stand further
// off than one.
const spanGap = 1.0

// PDFium's error codes (FPDF_GetLastError) for a document it cannot open.
const (
	errFile     = 2
	errFormat   = 3
	errPassword = 4
	errSecurity = 5
)

// maxPageChars bounds the characters of one page: a dense page of these
// documents has some 5,000; a PDF that claims far more is refused rather
// than laid out.
const maxPageChars = 200_000

// wideEm is a width per character, in ems, that no run of text reaches
// (a line of text averages half an em): a line that wide hides a gap.
const wideEm = 0.8

// maxLineGaps bounds the line length whose gaps are searched for cells.
const maxLineGaps = 2000

// errNoText is the error for a PDF with no text at all.
var errNoText = errors.New("has no text (a scanned or image-only PDF?)")

// reader reads one document with one PDFium instance.
type reader struct {
	l     *lib
	doc   uint64
	tp    uint64          // the text page being read
	fonts map[uint64]bool // the page's fonts (FPDF_FONT) → bold
}

// read opens data in the instance and reads every page's lines.
func read(ctx context.Context, mod api.Module, data []byte, lim Limits, memoryLimit int) (*Document, error) {
	l, err := newLib(ctx, mod, memoryLimit)
	if err != nil {
		return nil, err
	}
	defer l.stopOn(ctx)()
	ptr, err := l.malloc(len(data))
	if err != nil {
		return nil, err
	}
	defer l.free(ptr)
	if !l.mem.Write(ptr, data) {
		return nil, errors.New("cannot write the file into PDFium's memory")
	}
	doc, err := l.call(fnLoadMemDocument, uint64(ptr), uint64(len(data)), 0)
	if err != nil {
		return nil, err
	}
	if uint32(doc) == 0 {
		code, err := l.call32(fnGetLastError)
		if err != nil {
			return nil, err
		}
		return nil, openError(code)
	}
	defer l.call(fnCloseDocument, doc)
	r := &reader{l: l, doc: doc}

	count, err := l.call32(fnGetPageCount, doc)
	if err != nil {
		return nil, err
	}
	switch {
	case count <= 0:
		return nil, errors.New("has no pages")
	case int(count) > lim.MaxPages:
		return nil, fmt.Errorf("has %d pages, more than the %d allowed", count, lim.MaxPages)
	}
	d := &Document{Pages: make([]Page, 0, count)}
	if t, err := l.metaText(doc, "Title"); err != nil {
		return nil, err
	} else {
		d.Title = cleanTitle(t)
	}
	chars := 0
	for i := range int(count) {
		p, err := r.readPage(i)
		if err != nil {
			return nil, &Error{Page: i + 1, Err: err}
		}
		for _, ln := range p.Lines {
			for _, s := range ln.Spans {
				chars += len(s.Text)
			}
		}
		d.Pages = append(d.Pages, p)
	}
	if chars == 0 {
		return nil, errNoText
	}
	d.memory = int(l.mem.Size())
	return d, nil
}

// openError says why PDFium could not open a file.
func openError(code int32) error {
	switch code {
	case errPassword:
		return errors.New("is encrypted: it needs a password")
	case errSecurity:
		return errors.New("is encrypted with a security handler PDFium does not support")
	case errFile, errFormat:
		return errors.New("is not a PDF PDFium can read (damaged, truncated or another format)")
	}
	return fmt.Errorf("cannot be opened (PDFium error %d)", code)
}

// cleanTitle keeps a metadata title only if it is one plain line.
func cleanTitle(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\x00", "")), " ")
	if len(s) > 300 {
		return ""
	}
	return s
}

// readPage reads page index (0-based).
func (r *reader) readPage(index int) (pg Page, err error) {
	l := r.l
	pg.Number = index + 1
	page, err := l.call(fnLoadPage, r.doc, uint64(index))
	if err != nil {
		return pg, err
	}
	if uint32(page) == 0 {
		return pg, errors.New("cannot be loaded")
	}
	defer func() {
		if _, cerr := l.call(fnClosePage, page); err == nil {
			err = cerr
		}
	}()
	w, err := l.call(fnGetPageWidthF, page)
	if err != nil {
		return pg, err
	}
	h, err := l.call(fnGetPageHeightF, page)
	if err != nil {
		return pg, err
	}
	pg.Width, pg.Height = float64(api32(w)), float64(api32(h))
	tp, err := l.call(fnTextLoadPage, page)
	if err != nil {
		return pg, err
	}
	if uint32(tp) == 0 {
		return pg, errors.New("its text cannot be read")
	}
	defer func() {
		if _, cerr := l.call(fnTextClosePage, tp); err == nil {
			err = cerr
		}
	}()
	r.tp = tp
	r.fonts = map[uint64]bool{}
	if pg.Rulings, err = r.rulings(page, pg.Height); err != nil {
		return pg, err
	}
	n, err := l.call32(fnTextCountChars, tp)
	if err != nil || n <= 0 {
		return pg, err
	}
	if n > maxPageChars {
		return pg, fmt.Errorf("has %d characters, more than the %d a page may have", n, maxPageChars)
	}
	buf, err := l.buffer(2 * (int(n) + 1))
	if err != nil {
		return pg, err
	}
	written, err := l.call32(fnTextGetText, tp, 0, uint64(n), uint64(buf))
	if err != nil {
		return pg, err
	}
	if written <= 1 {
		return pg, nil
	}
	units, err := l.utf16At(buf, int(written)-1) // written counts the terminating NUL
	if err != nil {
		return pg, err
	}
	vertical := verticalRulings(pg.Rulings)
	for _, seg := range lineSegments(units) {
		ln, ok, err := r.readLine(seg, pg.Height, vertical)
		if err != nil {
			return pg, err
		}
		if ok {
			pg.Lines = append(pg.Lines, ln)
		}
	}
	if err := r.splitHiddenGaps(&pg); err != nil {
		return pg, err
	}
	for i := range pg.Lines {
		if err := r.spanBold(&pg.Lines[i]); err != nil {
			return pg, err
		}
		pg.Lines[i].seg = segment{}
	}
	return pg, nil
}

// api32 reads a float result.
func api32(bits uint64) float32 { return math.Float32frombits(uint32(bits)) }

// segment is one line of a page's text: its runes and the index of PDFium's
// character for each (PDFium counts UTF-16 units: one per character, two
// for a character outside the BMP).
type segment struct {
	text  []rune
	index []int
}

// lineSegments splits a page's text at its line breaks (CR LF, which PDFium
// generates, or a lone CR or LF), dropping the spaces around each line.
func lineSegments(units []uint16) []segment {
	var segs []segment
	var cur segment
	flush := func() {
		s, e := 0, len(cur.text)
		for s < e && isSpace(cur.text[s]) {
			s++
		}
		for e > s && isSpace(cur.text[e-1]) {
			e--
		}
		if e > s {
			segs = append(segs, segment{text: cur.text[s:e], index: cur.index[s:e]})
		}
		cur = segment{}
	}
	for i := 0; i < len(units); i++ {
		c, at := rune(units[i]), i
		if utf16.IsSurrogate(c) && i+1 < len(units) {
			if d := utf16.DecodeRune(c, rune(units[i+1])); d != '\uFFFD' {
				c = d
				i++
			}
		}
		if c == '\r' || c == '\n' {
			flush()
			continue
		}
		cur.text = append(cur.text, c)
		cur.index = append(cur.index, at)
	}
	flush()
	return segs
}

func isSpace(c rune) bool {
	return c == ' ' || c == '\t' || c == '\u00a0' || c == 0
}

// box is a rectangle in page coordinates turned top-down.
type box struct{ x0, x1, top, bottom float64 }

// rect reads the rectangle FPDFText_GetRect or FPDFText_GetCharBox left in
// the scratch area (left, top, right, bottom for GetRect; left, right,
// bottom, top for GetCharBox).
func (r *reader) charBox(index int, pageHeight float64) (box, error) {
	s := uint64(r.l.scratch)
	ok, err := r.l.call32(fnTextGetCharBox, r.tp, uint64(index), s, s+8, s+16, s+24)
	if err != nil || ok == 0 {
		return box{}, err
	}
	return box{r.l.f64(0), r.l.f64(8), pageHeight - r.l.f64(24), pageHeight - r.l.f64(16)}, nil
}

// readLine finds where a line of text stands: the rectangles PDFium gives
// for its characters (one per text object), and the size and weight of its
// first and last characters. A gap between rectangles wider than spanGap,
// or one a vertical ruling stands in (a table's cells), splits it into
// spans, at the space whose next character starts the next rectangle.
func (r *reader) readLine(seg segment, pageHeight float64, vertical []Ruling) (Line, bool, error) {
	l := r.l
	first, last := seg.index[0], seg.index[len(seg.index)-1]
	n, err := l.call32(fnTextCountRects, r.tp, uint64(first), uint64(last-first+1))
	if err != nil || n <= 0 {
		return Line{}, false, err // no visible character (PDFium skips empty boxes)
	}
	boxes := make([]box, 0, n)
	s := uint64(l.scratch)
	for i := range int(n) {
		if _, err := l.call(fnTextGetRect, r.tp, uint64(i), s, s+8, s+16, s+24); err != nil {
			return Line{}, false, err
		}
		boxes = append(boxes, box{l.f64(0), l.f64(16), pageHeight - l.f64(8), pageHeight - l.f64(24)})
	}
	ln := Line{Top: boxes[0].top, Bottom: boxes[0].bottom}
	for _, b := range boxes[1:] {
		ln.Top = min(ln.Top, b.top)
		ln.Bottom = max(ln.Bottom, b.bottom)
	}
	if ln.Size, err = r.size(first); err != nil {
		return Line{}, false, err
	}
	ln.FirstWord = boxes[len(boxes)-1].x1
	if sp := slices.IndexFunc(seg.text, isSpace); sp > 0 {
		b, err := r.charBox(seg.index[sp-1], pageHeight)
		if err != nil {
			return Line{}, false, err
		}
		if b.x1 > boxes[0].x0 {
			ln.FirstWord = b.x1
		}
	}

	// Split at wide gaps, and at a table's ruling between two cells, however
	// narrow the gap: boxes are in text order; a gap is where one box ends
	// before the next begins.
	type part struct {
		start, end          int // in seg.text
		x0, x1, top, bottom float64
	}
	var parts []part
	cur := part{0, len(seg.text), boxes[0].x0, boxes[0].x1, boxes[0].top, boxes[0].bottom}
	gap := spanGap * max(ln.Size, 1)
	if len(seg.text) > maxLineGaps {
		boxes = boxes[:1]
	}
	for _, b := range boxes[1:] {
		if b.x0-cur.x1 >= gap || b.x0 > cur.x1 && ruledBetween(vertical, cur.x1, b.x0, max(cur.top, b.top), min(cur.bottom, b.bottom)) {
			cut, err := r.cutBefore(seg, cur.start, b.x0, pageHeight)
			if err != nil {
				return Line{}, false, err
			}
			if cut > cur.start && cut < len(seg.text) {
				cur.end = cut
				parts = append(parts, cur)
				cur = part{cut, len(seg.text), b.x0, b.x1, b.top, b.bottom}
			}
		}
		cur.x1 = max(cur.x1, b.x1)
		cur.top, cur.bottom = min(cur.top, b.top), max(cur.bottom, b.bottom)
	}
	parts = append(parts, cur)
	// A text object may run across a ruling (one object for a table's two
	// cells): such a part is cut at the first word that starts past it.
	for i := 0; i < len(parts) && len(vertical) > 0 && len(parts) < maxLineGaps; i++ {
		p := parts[i]
		x, ok := ruledInside(vertical, p.x0, p.x1, p.top, p.bottom)
		if !ok {
			continue
		}
		cut, err := r.cutBefore(seg, p.start, x, pageHeight)
		if err != nil {
			return Line{}, false, err
		}
		if cut <= p.start || cut >= p.end {
			continue
		}
		b, err := r.charBox(seg.index[cut], pageHeight)
		if err != nil {
			return Line{}, false, err
		}
		left, right := p, p
		left.end, left.x1 = cut, x
		right.start, right.x0 = cut, max(b.x0, x)
		parts = slices.Insert(slices.Delete(parts, i, i+1), i, left, right)
	}
	for i, p := range parts {
		text := trimSpaces(seg.text[p.start:p.end])
		if text == "" {
			continue
		}
		size := ln.Size
		if i > 0 {
			at := p.start
			for at < p.end-1 && isSpace(seg.text[at]) {
				at++
			}
			if size, err = r.size(seg.index[at]); err != nil {
				return Line{}, false, err
			}
		}
		ln.Spans = append(ln.Spans, Span{Text: text, X0: p.x0, X1: p.x1, Top: p.top, Bottom: p.bottom, Size: size})
	}
	ln.seg = seg
	return ln, len(ln.Spans) > 0, nil
}

// spanBold sets each span's Bold and the line's from the fonts of each
// span's first and last characters, found by position in seg.
func (r *reader) spanBold(ln *Line) error {
	ln.Bold = true
	at := 0 // where the next span's text is searched in seg
	for i := range ln.Spans {
		sp := &ln.Spans[i]
		first := indexFrom(ln.seg.text, []rune(sp.Text), at)
		if first < 0 {
			ln.Bold = false
			continue
		}
		last := first + len([]rune(sp.Text)) - 1
		at = last + 1
		b, err := r.bold(ln.seg.index[first])
		if err == nil && b && last != first {
			b, err = r.bold(ln.seg.index[last])
		}
		if err != nil {
			return err
		}
		sp.Bold = b
		ln.Bold = ln.Bold && b
	}
	return nil
}

// indexFrom finds sub in s at or after from.
func indexFrom(s, sub []rune, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if slices.Equal(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// size is the font size of character index as it shows on the page: Word
// and others set a unit size and scale the text matrix, so it is the font
// size times the matrix's scale.
func (r *reader) size(index int) (float64, error) {
	bits, err := r.l.call(fnTextGetFontSize, r.tp, uint64(index))
	if err != nil {
		return 0, err
	}
	size := math.Float64frombits(bits)
	ok, err := r.l.call32(fnTextGetMatrix, r.tp, uint64(index), uint64(r.l.scratch))
	if err != nil || ok == 0 {
		return size, err
	}
	a, b, c, d := float64(r.l.f32(0)), float64(r.l.f32(4)), float64(r.l.f32(8)), float64(r.l.f32(12))
	if det := math.Abs(a*d - b*c); det > 0 && !math.IsInf(det, 0) {
		size *= math.Sqrt(det)
	}
	if math.IsNaN(size) || math.IsInf(size, 0) || size < 0 {
		return 0, nil
	}
	return size, nil
}

// cutBefore finds, after from, the first space whose next character
// starts at or after x: the space between two spans. It searches the
// spaces by halving, since their positions grow along the line. It returns
// len(seg.text) if no space qualifies (the gap was inside a word, which is
// not split).
func (r *reader) cutBefore(seg segment, from int, x, pageHeight float64) (int, error) {
	var starts []int // the first character after each run of spaces
	for i := from + 1; i < len(seg.text); i++ {
		if !isSpace(seg.text[i]) && isSpace(seg.text[i-1]) {
			starts = append(starts, i)
		}
	}
	lo, hi := 0, len(starts)
	for lo < hi {
		mid := (lo + hi) / 2
		b, err := r.charBox(seg.index[starts[mid]], pageHeight)
		if err != nil {
			return 0, err
		}
		if b.x0 >= x-0.5 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo == len(starts) {
		return len(seg.text), nil
	}
	return starts[lo], nil
}

func trimSpaces(rs []rune) string {
	s, e := 0, len(rs)
	for s < e && isSpace(rs[s]) {
		s++
	}
	for e > s && isSpace(rs[e-1]) {
		e--
	}
	return string(rs[s:e])
}

// bold says whether character index is in a bold font: by the font's
// weight, its descriptor's ForceBold flag, or its name (subset fonts of
// Word and Distiller name the weight: "ABCDEF+Calibri-Bold", "Arial,Bold").
// A page's fonts are few, so each is asked once.
func (r *reader) bold(index int) (bool, error) {
	obj, err := r.l.call(fnTextGetTextObject, r.tp, uint64(index))
	if err != nil || uint32(obj) == 0 {
		return false, err
	}
	font, err := r.l.call(fnTextObjGetFont, obj)
	if err != nil || uint32(font) == 0 {
		return false, err
	}
	if b, ok := r.fonts[font]; ok {
		return b, nil
	}
	b, err := r.fontBold(font)
	if err != nil {
		return false, err
	}
	r.fonts[font] = b
	return b, nil
}

func (r *reader) fontBold(font uint64) (bool, error) {
	weight, err := r.l.call32(fnFontGetWeight, font)
	if err != nil {
		return false, err
	}
	if weight >= 600 {
		return true, nil
	}
	flags, err := r.l.call32(fnFontGetFlags, font)
	if err != nil {
		return false, err
	}
	const forceBold = 1 << 18
	if flags != -1 && flags&forceBold != 0 {
		return true, nil
	}
	buf := r.l.scratch + scratchName
	n, err := r.l.call(fnFontGetBaseFontName, font, uint64(buf), scratchSize-scratchName)
	if err != nil || n == 0 || n > scratchSize-scratchName {
		return false, err
	}
	name, err := r.l.read(buf, int(n)-1)
	if err != nil {
		return false, err
	}
	return boldName(string(name)), nil
}

// boldName says whether a font's name names a bold weight.
func boldName(name string) bool {
	n := strings.ToLower(name)
	if i := strings.IndexByte(n, '+'); i >= 0 {
		n = n[i+1:]
	}
	for _, w := range []string{"bold", "black", "heavy", "semibold", "demi"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// splitHiddenGaps finds gaps that one text object hides: a QuarkXPress or
// PDFWriter line holding two columns is one object, so its rectangle spans
// both. Such a line is wider than its characters need: much wider per
// character than the page's usual lines, or than any text is (wideEm; a
// page of two-column lists, the 2000 MTR's, has few usual lines). Only
// those lines are measured, character by character around their spaces.
func (r *reader) splitHiddenGaps(pg *Page) error {
	var perChar []float64
	for _, ln := range pg.Lines {
		if len(ln.Spans) == 1 && len(ln.seg.text) >= 20 {
			perChar = append(perChar, (ln.X1()-ln.X0())/float64(len(ln.seg.text)))
		}
	}
	usual := math.Inf(1)
	if len(perChar) >= 3 {
		slices.Sort(perChar)
		usual = perChar[len(perChar)/2]
	}
	for i := range pg.Lines {
		ln := &pg.Lines[i]
		if len(ln.Spans) != 1 || len(ln.seg.text) < 4 || len(ln.seg.text) > maxLineGaps {
			continue
		}
		if w := (ln.X1() - ln.X0()) / float64(len(ln.seg.text)); w < 1.35*usual && w < wideEm*max(ln.Size, 1) {
			continue
		}
		spans, err := r.measureGaps(ln.seg, ln.Size, pg.Height)
		if err != nil {
			return err
		}
		if len(spans) > 1 {
			ln.Spans = spans
		}
	}
	return nil
}

// measureGaps splits a line's text at every space run where the characters
// around it stand more than spanGap apart.
func (r *reader) measureGaps(seg segment, size, pageHeight float64) ([]Span, error) {
	var spans []Span
	start := 0
	prev, err := r.charBox(seg.index[0], pageHeight)
	if err != nil {
		return nil, err
	}
	x0 := prev.x0
	top, bottom := prev.top, prev.bottom
	for i := 1; i < len(seg.text); i++ {
		if isSpace(seg.text[i]) || !isSpace(seg.text[i-1]) {
			continue
		}
		// seg.text[i] starts a word after spaces; the word before ends at j.
		j := i - 1
		for j > 0 && isSpace(seg.text[j]) {
			j--
		}
		before, err := r.charBox(seg.index[j], pageHeight)
		if err != nil {
			return nil, err
		}
		after, err := r.charBox(seg.index[i], pageHeight)
		if err != nil {
			return nil, err
		}
		if after.x0-before.x1 >= spanGap*max(size, 1) {
			spans = append(spans, Span{Text: trimSpaces(seg.text[start:i]), X0: x0, X1: before.x1, Top: top, Bottom: bottom})
			start, x0 = i, after.x0
			top, bottom = after.top, after.bottom
		}
		top, bottom = min(top, before.top, after.top), max(bottom, before.bottom, after.bottom)
		prev = after
	}
	last, err := r.charBox(seg.index[len(seg.index)-1], pageHeight)
	if err != nil {
		return nil, err
	}
	spans = append(spans, Span{Text: trimSpaces(seg.text[start:]), X0: x0, X1: max(last.x1, prev.x1), Top: min(top, last.top), Bottom: max(bottom, last.bottom)})
	return spans, nil
}

// PDFium's page object type of a path (FPDF_PAGEOBJ_PATH).
const objPath = 2

// Rulings: a path no thicker than maxRuling (in points) and at least
// minRuling long is a line drawn on the page; a page's first maxRulings
// are read (a table of a few hundred cells draws some 1,000).
const (
	maxRuling  = 2.5
	minRuling  = 3
	maxRulings = 20_000
	maxObjects = 200_000 // the page objects looked at for them
)

// rulings reads a page's rulings: the bounds of its thin path objects.
// Paths inside form objects are not read (their bounds are in the form's
// space; these documents draw their tables on the page).
func (r *reader) rulings(page uint64, pageHeight float64) ([]Ruling, error) {
	l := r.l
	n, err := l.call32(fnPageCountObjects, page)
	if err != nil || n <= 0 {
		return nil, err
	}
	var out []Ruling
	for i := range min(n, maxObjects) {
		obj, err := l.call(fnPageGetObject, page, uint64(i))
		if err != nil {
			return nil, err
		}
		if uint32(obj) == 0 {
			continue
		}
		typ, err := l.call32(fnPageObjGetType, obj)
		if err != nil {
			return nil, err
		}
		if typ != objPath {
			continue
		}
		s := uint64(l.scratch)
		ok, err := l.call32(fnPageObjGetBounds, obj, s, s+4, s+8, s+12)
		if err != nil {
			return nil, err
		}
		if ok == 0 {
			continue
		}
		left, bottom, right, top := float64(l.f32(0)), float64(l.f32(4)), float64(l.f32(8)), float64(l.f32(12))
		w, h := right-left, top-bottom
		if math.IsNaN(w) || math.IsNaN(h) || min(w, h) > maxRuling || max(w, h) < minRuling {
			continue
		}
		out = append(out, Ruling{X0: left, X1: right, Top: pageHeight - top, Bottom: pageHeight - bottom})
		if len(out) == maxRulings {
			break
		}
	}
	return out, nil
}

// ruledBetween says whether a vertical ruling stands between x0 and x1
// beside the extent from top to bottom: a table's cells, however close.
// vertical is sorted by X0.
func ruledBetween(vertical []Ruling, x0, x1, top, bottom float64) bool {
	i, _ := slices.BinarySearchFunc(vertical, x0, func(r Ruling, x float64) int { return cmp.Compare(r.X0, x) })
	for ; i < len(vertical) && vertical[i].X0 < x1; i++ {
		r := vertical[i]
		if r.X1 <= x1 && r.Top < bottom && r.Bottom > top {
			return true
		}
	}
	return false
}

// ruledInside finds a vertical ruling well inside x0 to x1, beside the
// extent from top to bottom.
func ruledInside(vertical []Ruling, x0, x1, top, bottom float64) (float64, bool) {
	const margin = 1
	i, _ := slices.BinarySearchFunc(vertical, x0+margin, func(r Ruling, x float64) int { return cmp.Compare(r.X0, x) })
	for ; i < len(vertical) && vertical[i].X1 < x1-margin; i++ {
		if r := vertical[i]; r.Top < bottom && r.Bottom > top {
			return (r.X0 + r.X1) / 2, true
		}
	}
	return 0, false
}

// verticalRulings are the rulings that stand upright, sorted by X0.
func verticalRulings(rulings []Ruling) []Ruling {
	var out []Ruling
	for _, r := range rulings {
		if r.Bottom-r.Top > r.X1-r.X0 {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b Ruling) int { return cmp.Compare(a.X0, b.X0) })
	return out
}
