package rules

import (
	"strings"
	"time"
)

// The layouts of the oldest text files, 1999–2004, which the line splitter
// and the front matter reader bring to the shape of the later ones.
//
// The first edition (1999-04-23) is a plain-text conversion of the Word
// document: a banner of "=" lines, headings framed or underlined with "-"
// lines, lines wrapped at 78 columns, glossary definitions indented under
// their terms, a printed index after the glossary, and no "effective as
// of" line until the copyright notice at the very end (its banner reads
// "04/23/99"). The 2001–2002 files are wrapped at about 100 columns of a
// proportional font, with no space at the end of a wrapped line; 2003's
// are wrapped the same way with one. Newer files write "blank" lines as a
// no-break space.

// blankLine reports whether a physical line whose first ind bytes are
// spaces or tabs reads as blank: nothing else, only no-break spaces, or a
// rule of dashes or equals signs drawn under or around a heading.
func blankLine(raw string, ind int) bool {
	s := raw[ind:]
	if s == "" {
		return true
	}
	switch s[0] {
	case ' ', '\t', 0xC2, '-', '=':
	default:
		return false
	}
	s = trimSpace(s)
	if s == "" {
		return true
	}
	if s[0] == 0xC2 {
		for s != "" {
			if strings.HasPrefix(s, "\u00a0") {
				s = s[2:]
			} else if s[0] == ' ' || s[0] == '\t' {
				s = s[1:]
			} else {
				return false
			}
		}
		return true
	}
	return decoration(s)
}

// decoration reports whether s is a rule of four or more dashes or of
// equals signs, as the 1999 conversion draws under and around headings.
func decoration(s string) bool {
	if len(s) < 4 || s[0] != '-' && s[0] != '=' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] != s[0] {
			return false
		}
	}
	return true
}

// wrapping says whether and how a file's paragraphs were broken into lines.
type wrapping struct {
	on bool
	// bare: the wrapped lines do not end in a space (1999–2002), so a
	// line runs on when the next line's first word would not have fitted
	// on it: when the two are at least fill long together. Otherwise (2003)
	// a wrapped line ends in a space or a hyphen (see continues).
	bare bool
	fill int
}

// longLine is a line length no hard-wrapped file reaches: they are wrapped
// at 78 to about 115 columns, while a file with a line per paragraph has
// hundreds of lines longer than this.
const longLine = 160

// maybeBareWrapped reports, from counts taken while splitting, whether a
// file could be hard-wrapped without trailing spaces: it is long enough to
// tell, and nearly none of its lines are long.
func maybeBareWrapped(nonblank, long int) bool {
	return nonblank >= 200 && long*100 < nonblank
}

// wrapOf finds how phys was wrapped. A file with trailing spaces is the
// 2003 kind (hardWrapped). Otherwise, where nearly every line is short,
// the lines that surely run on (the next starts in lower case, which no
// paragraph, rule or term does) show the width: in 95% of them the line
// and the next one's first word are at least fill long together, and a
// line runs on when that holds, less a margin for a proportional font.
func wrapOf(phys []string) wrapping {
	if hardWrapped(phys) {
		return wrapping{on: true}
	}
	nonblank, long := 0, 0
	for _, s := range phys {
		if !blankLine(s, indentOf(s)) {
			nonblank++
			if len(s) > longLine {
				long++
			}
		}
	}
	if !maybeBareWrapped(nonblank, long) {
		return wrapping{}
	}
	var fills [longLine + 64]int
	n := 0
	for i := 0; i+1 < len(phys); i++ {
		a, b := phys[i], phys[i+1]
		if blankLine(a, indentOf(a)) || blankLine(b, indentOf(b)) {
			continue
		}
		t := trimSpace(b)
		if t[0] < 'a' || t[0] > 'z' {
			continue
		}
		fills[min(len(trimSpace(a))+indentOf(a)+1+firstWord(t), len(fills)-1)]++
		n++
	}
	if n < 50 || n*10 < nonblank {
		return wrapping{}
	}
	fill, seen := 0, 0
	for f, c := range fills {
		if seen += c; seen*20 >= n {
			fill = f
			break
		}
	}
	return wrapping{on: true, bare: true, fill: fill * 17 / 20}
}

// firstWord is the length of s's first word.
func firstWord(s string) int {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return i
	}
	return len(s)
}

// continues reports whether line b carries on the paragraph of line a in a
// file wrapped as w.
func (w wrapping) continues(a, b string) bool {
	if !w.bare {
		return continues(a, b)
	}
	ta, tb := trimSpace(a), trimSpace(b)
	if ta == "" || tb == "" || blankLine(b, indentOf(b)) || indentOf(b) > indentOf(a) && indentOf(b) > 1 || exampleLabel(tb) > 0 {
		return false
	}
	return len(ta)+indentOf(a)+1+firstWord(tb) >= w.fill
}

// joiner is what goes between a wrapped line and the next: a space, unless
// the line broke after a hyphen or a dash (in a bare-wrapped file) or had
// no trailing space (in a 2003 one).
func (w wrapping) joiner(a string) string {
	if !w.bare {
		if c := a[len(a)-1]; c == ' ' || c == '\t' {
			return " "
		}
		return ""
	}
	if t := trimSpace(a); strings.HasSuffix(t, "-") && !strings.HasSuffix(t, " -") || strings.HasSuffix(t, "—") || strings.HasSuffix(t, "–") {
		return ""
	}
	return " "
}

// exampleLabel returns the length of the label an example starts with:
// "Example:", or "EXAMPLE:" as the 1999 files print it; 0 if s has none.
func exampleLabel(s string) int {
	if len(s) < 8 || s[0] != 'E' {
		return 0
	}
	if strings.HasPrefix(s, "Example:") || strings.HasPrefix(s, "EXAMPLE:") {
		return 8
	}
	return 0
}

// leaders cuts a contents line's dot leaders and page number: "100.
// General.......2" is "100. General".
func leaders(s string) string {
	i := strings.Index(s, "...")
	if i < 0 {
		return s
	}
	rest := strings.TrimLeft(s[i:], ". ")
	for _, c := range []byte(rest) {
		if !isDigit(c) {
			return s
		}
	}
	return trimSpace(s[:i])
}

// bannerDate reads a date written "04/23/99" at the end of a title line,
// as the first edition's banner has it, and returns the line without it.
func bannerDate(s string) (string, time.Time, bool) {
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return s, time.Time{}, false
	}
	t, err := time.Parse("01/02/06", s[i+1:])
	if err != nil {
		return s, time.Time{}, false
	}
	return trimSpace(s[:i]), t, true
}

// titleCase writes a title printed in capitals ("COMPREHENSIVE RULES") in
// capitals and small letters, as the later files print it.
func titleCase(s string) string {
	if strings.ToUpper(s) != s || strings.ToLower(s) == s {
		return s
	}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// runsOn reports whether a line of front or back matter carries on the
// paragraph before it, which lost its line end in a file that is otherwise
// a paragraph per line (1999-11-01's notice after its contents): the
// paragraph stops mid-sentence and the line starts in lower case.
func runsOn(prev, s string) bool {
	return prev != "" && s != "" && s[0] >= 'a' && s[0] <= 'z' && !endsSentence(prev) && !strings.HasSuffix(prev, ":")
}

// indexEntry reports whether s reads like a line of a printed index:
// "Abilities, 402", "Zone, 217, 402.3, 406.2d".
func indexEntry(s string) bool {
	i := strings.Index(s, ", ")
	return i > 0 && i+2 < len(s) && isDigit(s[i+2])
}
