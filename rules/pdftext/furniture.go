package pdftext

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Page furniture is what a page repeats around its text: running headers
// and footers, and page numbers. It lies in the top or bottom band of the
// page; body text rarely does.
const (
	bandTop    = 0.12 // a line ending above this fraction of the height is in the top band
	bandBottom = 0.88 // one starting below this, in the bottom band
)

// pageNumber matches what a page number line says: "3", "- 3 -", "iv",
// "Page 3 of 40", "3/40", and a section range as a footer ("100.-104.").
var pageNumber = regexp.MustCompile(`(?i)^(page\s*)?[-–—\s]*([0-9]+|[ivxlc]+)[-–—\s]*((of|/)\s*[0-9]+)?$|^[0-9][0-9.\-–—\s]*$`)

// furniture marks, for every page, the lines that are furniture: a page
// number among the two lines nearest the page's top or bottom edge, and a
// line in a band whose text (digits aside) recurs at the same height on at
// least half of the pages (three at least). It also lists the edge lines
// that end or start with a page number set apart (by page and line index:
// the index of that span, which is furniture).
func furniture(d *Document) (drop [][]bool, numbered map[[2]int]int) {
	drop = make([][]bool, len(d.Pages))
	numbered = map[[2]int]int{}
	type slot struct {
		key  string
		band byte
	}
	type place struct {
		page, line int
		at         float64 // the line's top, as a fraction of the page's height
	}
	seen := map[slot][]place{}
	var order []slot // first-seen order, so the result never depends on map order
	for pi, p := range d.Pages {
		drop[pi] = make([]bool, len(p.Lines))
		if p.Height <= 0 {
			continue
		}
		edges := edgeLines(p)
		for li, ln := range p.Lines {
			band := lineBand(p, ln)
			if band == 0 {
				continue
			}
			text := strings.TrimSpace(ln.Text())
			if edges[li] && pageNumber.MatchString(text) {
				drop[pi][li] = true
				continue
			}
			if n := len(ln.Spans); edges[li] && n > 1 {
				// "Updated June 1, 2000" and, far right, "120.-126." (or, on
				// a left-hand page, "126.-127." first): the number goes, the
				// rest is kept.
				switch {
				case pageNumber.MatchString(strings.TrimSpace(ln.Spans[n-1].Text)):
					numbered[[2]int{pi, li}] = n - 1
				case pageNumber.MatchString(strings.TrimSpace(ln.Spans[0].Text)) && !isLabel(strings.TrimSpace(ln.Spans[0].Text)):
					numbered[[2]int{pi, li}] = 0 // not a heading's number ("110." before its title)
				}
			}
			k := slot{furnitureKey(text), band}
			if _, ok := seen[k]; !ok {
				order = append(order, k)
			}
			seen[k] = append(seen[k], place{pi, li, ln.Top / p.Height})
		}
	}
	need := max(3, (len(d.Pages)+1)/2)
	for _, k := range order {
		places := seen[k]
		if len(places) < need {
			continue
		}
		// The pages that have it within a hundredth of the page's height
		// of one height: a window slid over the places sorted by height.
		slices.SortStableFunc(places, func(a, b place) int { return cmp.Compare(a.at, b.at) })
		pages := map[int]int{}
		lo := 0
		for hi, q := range places {
			pages[q.page]++
			for places[lo].at < q.at-0.02 {
				if pages[places[lo].page]--; pages[places[lo].page] == 0 {
					delete(pages, places[lo].page)
				}
				lo++
			}
			if len(pages) >= need {
				for _, r := range places[lo : hi+1] {
					drop[r.page][r.line] = true
				}
			}
		}
	}
	return drop, numbered
}

// lineBand says which band a line is in: 't', 'b', or 0 for neither.
func lineBand(p Page, ln Line) byte {
	switch {
	case ln.Bottom <= bandTop*p.Height:
		return 't'
	case ln.Top >= bandBottom*p.Height:
		return 'b'
	}
	return 0
}

// edgeLines marks the two lines nearest the top edge and the two nearest
// the bottom edge of a page.
func edgeLines(p Page) []bool {
	edge := make([]bool, len(p.Lines))
	idx := make([]int, len(p.Lines))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(p.Lines[a].Top, p.Lines[b].Top) })
	for _, i := range idx[:min(2, len(idx))] {
		edge[i] = true
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(p.Lines[b].Bottom, p.Lines[a].Bottom) })
	for _, i := range idx[:min(2, len(idx))] {
		edge[i] = true
	}
	return edge
}

// furnitureKey is a line's text with its digits masked and its letters
// lowercased: a running footer "Page 3" and "Page 4" are one.
func furnitureKey(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return '#'
		}
		return unicode.ToLower(r)
	}, s)
}

// hasDotLeader reports whether s is a table-of-contents line: dot leaders
// to a page number (four dots or two ellipses, spaced or not), or long
// leaders alone (twelve dots) where the numbers are set in a column of
// their own (the 2009 IPG). It reads s from its end, once: the regular
// expression it replaces (dotLeaderPattern in the tests, its oracle) was
// a twentieth of a document's extraction, tried at every position of
// every line.
func hasDotLeader(s string) bool {
	s = trimRightSpace(s)
	t := strings.TrimRight(s, "0123456789")
	if len(t) == len(s) {
		return trailing(s, ".") >= 12
	}
	t = trimRightSpace(t)
	return trailing(t, ".") >= 4 || trailing(t, "…") >= 2
}

// reSpace is what \s matches in Go's regular expressions.
const reSpace = "\t\n\f\r "

func trimRightSpace(s string) string { return strings.TrimRight(s, reSpace) }

// trailing counts the marks at the end of s, spaces between them allowed.
func trailing(s, mark string) int {
	n := 0
	for {
		s = trimRightSpace(s)
		if !strings.HasSuffix(s, mark) {
			return n
		}
		s = s[:len(s)-len(mark)]
		n++
	}
}

// numbersOnly matches a line of page numbers alone: a contents' column.
var numbersOnly = regexp.MustCompile(`^\d+(\s+\d+)*$`)

var endsInNumber = regexp.MustCompile(`\s\d+$`)

// contentsTitle matches the heading of a table of contents.
var contentsTitle = regexp.MustCompile(`(?i)^(table of )?contents$`)

// dropContents leaves out the table of contents: every line with dot
// leaders, and the "Contents" heading before them. A contents list
// without leaders (the 2001 penalty guidelines list their sections after
// "CONTENTS") goes too when most of its entries come back later as the
// text's own lines.
func dropContents(lines []*tline) []*tline {
	drop := make([]bool, len(lines))
	leader := make([]bool, len(lines))
	for i, t := range lines {
		leader[i] = hasDotLeader(t.text())
		drop[i] = len(t.cells) >= 1 && leader[i]
	}
	// An entry whose leader is lost ("Byes 52") between two that have one.
	for i := 1; i+1 < len(lines); i++ {
		if !drop[i] && drop[i-1] && drop[i+1] && endsInNumber.MatchString(lines[i].text()) {
			drop[i] = true
		}
	}
	// The page numbers set in a column of their own, next to the entries.
	for i, t := range lines {
		for j := i - 1; j <= i+1; j += 2 {
			if j >= 0 && j < len(lines) && leader[j] && numbersOnly.MatchString(t.text()) {
				drop[i] = true
			}
		}
	}

	titles := 0
	for i, t := range lines {
		if !contentsTitle.MatchString(strings.TrimSpace(t.text())) || titles == 3 {
			continue
		}
		titles++ // a document has one contents; a few bound the work a hostile one can ask
		if i+1 < len(lines) && drop[i+1] {
			drop[i] = true
			continue
		}
		// A list without leaders ends where the text begins: at the first
		// line that repeats one of its entries.
		seen := map[string]bool{}
		end := i + 1
		for end < len(lines) && !seen[entryKey(lines[end].text())] && !drop[end] {
			seen[entryKey(lines[end].text())] = true
			end++
		}
		later := map[string]bool{}
		for _, u := range lines[end:] {
			later[entryKey(u.text())] = true
		}
		found := 0
		for _, u := range lines[i+1 : end] {
			if later[entryKey(u.text())] {
				found++
			}
		}
		if n := end - i - 1; n >= 3 && 2*found >= n {
			for j := i; j < end; j++ {
				drop[j] = true
			}
		}
	}
	for i := len(lines) - 1; i >= 0; i-- { // a run of them
		if !drop[i] && numbersOnly.MatchString(lines[i].text()) && (i > 0 && drop[i-1] || i+1 < len(lines) && drop[i+1]) {
			drop[i] = true
		}
	}
	out := lines[:0:0]
	for i, t := range lines {
		if !drop[i] {
			out = append(out, t)
		}
	}
	// The lines kept keep their page flags only if still first or last.
	for i, t := range out {
		t.firstOnPage = i == 0 || out[i-1].page != t.page
		t.lastOnPage = i == len(out)-1 || out[i+1].page != t.page
	}
	return out
}

// entryKey is a contents entry or heading reduced to its letters and
// digits, lowercased: "10 Format of Infractions" and "10. FORMAT OF
// INFRACTIONS" are one.
func entryKey(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}
