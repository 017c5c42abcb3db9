package pdftext

// Document is a PDF's text as the reader finds it: what the layout reads.
// It holds no PDFium handles, so the layout is a pure function of it and
// tests can write one by hand.
type Document struct {
	Title string // the PDF's metadata title, if any
	Pages []Page

	memory int // the bytes of WebAssembly memory PDFium had grown to, for the benchmarks
}

// Page is one page's lines in the order PDFium reads them (the content
// stream's order, with lines it recognizes as such put together).
type Page struct {
	Number        int     // 1-based
	Width, Height float64 // in points
	Lines         []Line
	Rulings       []Ruling // the lines drawn on it, which may border a table's cells
}

// Line is one line of text. Coordinates are in points from the page's top
// left corner, y growing downward. A line's spans are its parts separated
// by a gap wider than the text's word spacing (table cells, a penalty set
// to the right of a heading); most lines have one.
type Line struct {
	Spans       []Span
	Top, Bottom float64 // the line's extent (the fonts' ascent and descent)
	Size        float64 // font size of the first character, in points
	FirstWord   float64 // where the line's first word ends (the paragraph joining asks whether it would have fit on the line before)
	Bold        bool    // every span is bold

	seg   segment // the reader's characters, while it reads the page
	alone bool    // the layout's: a paragraph of its own (a cell of a list set in columns)
}

// Span is a run of a line's text and where it starts and ends.
type Span struct {
	Text        string
	X0, X1      float64
	Top, Bottom float64 // its own extent (a line may join text set at several heights, a table's cells); both 0 where unknown: the line's
	Size        float64 // the font size of its first character; 0 where unknown: the line's
	Bold        bool    // its first and last characters are in a bold font
}

// X0 is where the line starts.
func (l Line) X0() float64 {
	if len(l.Spans) == 0 {
		return 0
	}
	return l.Spans[0].X0
}

// X1 is where the line ends.
func (l Line) X1() float64 {
	if len(l.Spans) == 0 {
		return 0
	}
	return l.Spans[len(l.Spans)-1].X1
}

// Text is the line's text, its spans joined by a space.
func (l Line) Text() string {
	switch len(l.Spans) {
	case 0:
		return ""
	case 1:
		return l.Spans[0].Text
	}
	n := 0
	for _, s := range l.Spans {
		n += len(s.Text) + 1
	}
	b := make([]byte, 0, n)
	for i, s := range l.Spans {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s.Text...)
	}
	return string(b)
}

// Ruling is a line drawn on a page (a table's border, an underline), in
// the page's coordinates turned top-down: a thin rectangle.
type Ruling struct {
	X0, X1, Top, Bottom float64
}
