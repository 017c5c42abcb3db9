package pdftext

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Format writes blocks as format 1, for source (the name in %source).
func Format(source string, d *Document, blocks []Block) []byte {
	var b bytes.Buffer
	b.WriteString("%arbiter-extract 1\n")
	fmt.Fprintf(&b, "%%source: %s\n", oneLine(source))
	fmt.Fprintf(&b, "%%pages: %d\n", len(d.Pages))
	if d.Title != "" {
		fmt.Fprintf(&b, "%%title: %s\n", oneLine(d.Title))
	}
	page := 0
	for _, bl := range blocks {
		if bl.Page != page {
			fmt.Fprintf(&b, "%%page %d\n", bl.Page)
			page = bl.Page
		}
		text := oneLine(bl.Text)
		if bl.Kind == Paragraph || bl.Kind == More {
			text = strings.ReplaceAll(text, "\t", " ")
		}
		switch bl.Kind {
		case Heading:
			b.WriteString("# ")
		case Item:
			b.WriteString("• ")
		case More:
			b.WriteString("  ") // indented under the item it goes on
		case Row:
			if !strings.Contains(text, "\t") {
				b.WriteByte('\t') // a row of one cell: a cell that spans the table
			} else if needsEscape(text) {
				b.WriteByte('\\')
			}
		default:
			if needsEscape(text) {
				b.WriteByte('\\')
			}
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// needsEscape says whether a paragraph's text would read as markup.
func needsEscape(s string) bool {
	return strings.HasPrefix(s, "%") || strings.HasPrefix(s, "# ") || strings.HasPrefix(s, "• ") || strings.HasPrefix(s, "\\")
}

// oneLine replaces line breaks with spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// Engine names what reads PDFs, for a manifest's "made" column: the text
// of a PDF depends on PDFium's version and on this package's layout
// (format 1). TestEngineVersion keeps the go-pdfium version true.
const Engine = "pdftext format 1, PDFium (go-pdfium v1.21.5, WebAssembly)"

// FormatParagraphs writes text that is already one paragraph a line (a
// Word document converted by antiword) as format 1: blank lines dropped,
// indentation trimmed, a bullet and the tab after it written "• ", a
// leading number or letter and its tab ("112.<TAB>Deck Problem") joined by
// a space, other runs of tabs (a table's cells) one tab each. A table
// antiword draws with bars ("|Regular |Competitive |") is rows of cells
// as well: a row of one cell starts with a tab, and a row whose cells all
// go on in lower case ("|prize |" under "|Disqualification without |")
// is the rest of the row above.
func FormatParagraphs(source string, text []byte) []byte {
	var b bytes.Buffer
	b.WriteString("%arbiter-extract 1\n")
	fmt.Fprintf(&b, "%%source: %s\n", oneLine(source))
	var row []string // the table row being read, written when the next line is not its rest
	rowLen := 0      // its length, bounded so that a million rests are not joined in quadratic time
	flushRow := func() {
		switch len(row) {
		case 0:
			return
		case 1:
			b.WriteByte('\t')
		}
		b.WriteString(strings.Join(row, "\t"))
		b.WriteByte('\n')
		row = nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n") {
		line = strings.Trim(normalizeParagraph(line), " \t")
		if line == "" {
			continue
		}
		if cells, ok := barRow(line); ok {
			if len(cells) == len(row) && allLower(cells) && rowLen < maxRowJoin {
				for i := range row {
					row[i] += " " + cells[i]
					rowLen += 1 + len(cells[i])
				}
				continue
			}
			flushRow()
			row, rowLen = cells, len(line)
			continue
		}
		flushRow()
		item := false
		if rest, ok := cutBullet(strings.Replace(line, "\t", " ", 1)); ok && rest != "" {
			line, item = rest, true
		} else if label, rest, ok := strings.Cut(line, "\t"); ok && isLabel(label) {
			line = label + " " + strings.TrimLeft(rest, "\t ")
		}
		line = collapseTabs(line)
		switch {
		case item:
			b.WriteString("• ")
		case needsEscape(line):
			b.WriteByte('\\')
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	flushRow()
	return b.Bytes()
}

// maxRowJoin bounds a table row that rests are joined to.
const maxRowJoin = 4 << 10

// barRow reads a table row antiword draws with bars, "|Caution |Warning
// |": its cells, the empty ones left out (a cell spanning columns).
func barRow(s string) ([]string, bool) {
	if len(s) < 3 || s[0] != '|' || s[len(s)-1] != '|' {
		return nil, false
	}
	var cells []string
	for _, c := range strings.Split(s[1:len(s)-1], "|") {
		if c = strings.Join(strings.Fields(c), " "); c != "" {
			cells = append(cells, c)
		}
	}
	return cells, len(cells) > 0
}

// allLower says whether every cell starts with a lower-case letter.
func allLower(cells []string) bool {
	for _, c := range cells {
		if r, _ := utf8.DecodeRuneInString(c); !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// normalizeParagraph cleans a line as normalizeText does, keeping tabs.
func normalizeParagraph(s string) string {
	cells := strings.Split(s, "\t")
	for i, c := range cells {
		cells[i] = strings.ReplaceAll(normalizeText(c), string(hyphenMark), "")
	}
	return strings.Join(cells, "\t")
}

// collapseTabs makes every run of tabs (and the spaces around it) one tab.
func collapseTabs(s string) string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '\t' })
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), "\t")
}
