package rules

import "strings"

// Inline conventions of the plain-text sources, turned into the model's:
// "_Magic_" italics become an Italic span, "(tm)" and "(r)" become ™ and ®,
// and the 2004–2006 mana spelling "{oW}" becomes "{W}".

// normText converts one paragraph. Text without any of those conventions
// (nearly all of it) is returned as is, without allocating.
func normText(s string) Text { return normTextIn(s, 0, nil, 0) }

// conventions is a set of the inline conventions.
type conventions uint8

const (
	convItalic  conventions = 1 << iota // an underscore
	convMark                            // "(tm)", "(r)"
	convOldMana                         // "{oW}"
	convAll     = convItalic | convMark | convOldMana
)

// absentConventions returns the conventions that text has nowhere. A
// paragraph of that text (a substring, or lines of it joined at a space or
// a hyphen, which join no convention) has none of them either, so
// normTextIn need not look for them in each: most files use one or none.
func absentConventions(text string) conventions {
	return convAll &^ foundConventions(text, convAll)
}

// normTextIn is normText for a paragraph known to lack the conventions in
// absent. An underscore it drops for want of a partner is reported on d
// (if not nil) at line.
func normTextIn(s string, absent conventions, d *diags, line int) Text {
	if foundConventions(s, convAll&^absent) == 0 {
		return Text{S: s}
	}
	buf := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '(':
			if mark, n := tradeMark(s[i:]); n > 0 && markable(buf, s[i+1] == 'R' || s[i+1] == 'T') {
				if len(buf) > 1 && buf[len(buf)-1] == ' ' && buf[len(buf)-2] != ' ' {
					buf = buf[:len(buf)-1] // "_Ravnica_ (R)" → "Ravnica®"
				}
				buf = append(buf, mark...)
				i += n - 1
				continue
			}
		case '{':
			if n := oldMana(s[i:]); n > 0 {
				buf = append(buf, '{')
				buf = append(buf, s[i+2:i+n]...)
				i += n - 1
				continue
			}
		}
		buf = append(buf, c)
	}
	t, strays, at := italics(string(buf))
	switch {
	case strays == 0 || d == nil:
	case strays == 1:
		d.warnf(line, "underscore with no partner dropped: %q", around(string(buf), at))
	default:
		d.warnf(line, "%d underscores with no partner dropped, the first: %q", strays, around(string(buf), at))
	}
	return t
}

// around quotes s around byte offset at, for a diagnostic.
func around(s string, at int) string {
	i, j := max(at-30, 0), min(at+12, len(s))
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	for j < len(s) && s[j]&0xC0 == 0x80 {
		j++
	}
	return s[i:j]
}

// foundConventions returns which of the conventions in want s holds (at
// least the first found). It scans with strings.IndexByte, which is
// vectorised: this runs over every paragraph of every file.
func foundConventions(s string, want conventions) conventions {
	var found conventions
	if want&convItalic != 0 && strings.IndexByte(s, '_') >= 0 {
		found |= convItalic
	}
	if want&convMark != 0 && startsAnywhere(s, '(', func(t string) bool { _, n := tradeMark(t); return n > 0 }) {
		found |= convMark
	}
	if want&convOldMana != 0 && startsAnywhere(s, '{', func(t string) bool { return oldMana(t) > 0 }) {
		found |= convOldMana
	}
	return found
}

// startsAnywhere reports whether match accepts s from some occurrence of b.
func startsAnywhere(s string, b byte, match func(string) bool) bool {
	for i := strings.IndexByte(s, b); i >= 0; {
		if match(s[i:]) {
			return true
		}
		j := strings.IndexByte(s[i+1:], b)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// tradeMark reads "(tm)", "(TM)", "(r)" or "(R)" at the start of s.
func tradeMark(s string) (string, int) {
	if len(s) >= 3 && (s[1] == 'r' || s[1] == 'R') && s[2] == ')' {
		return "®", 3
	}
	if len(s) >= 4 && (s[1] == 't' && s[2] == 'm' || s[1] == 'T' && s[2] == 'M') && s[3] == ')' {
		return "™", 4
	}
	return "", 0
}

// markable reports whether a trademark sign may follow what buf ends with: a
// word or an italic, or for the upper-case "(R)" and "(TM)" one space after
// it. "(r)" anywhere else is a list item, not a mark.
func markable(buf []byte, upper bool) bool {
	n := len(buf)
	if upper && n > 0 && buf[n-1] == ' ' {
		n--
	}
	if n == 0 {
		return false
	}
	c := buf[n-1]
	return c == '_' || isLetter(c) || isDigit(c) || c >= 0x80
}

// oldMana reads "{oW}", "{o2}", "{oT}" at the start of s and returns its
// length, or 0.
func oldMana(s string) int {
	if len(s) < 4 || s[1] != 'o' {
		return 0
	}
	for i := 2; i < len(s) && i < 6; i++ {
		c := s[i]
		switch {
		case c == '}':
			if i == 2 {
				return 0
			}
			return i + 1
		case isDigit(c) || c >= 'A' && c <= 'Z' || c == '/':
		default:
			return 0
		}
	}
	return 0
}

// italics turns "_Magic_" (and the doubled "__Magic: The Gathering__" of
// 2010-10-01) into "Magic" with an Italic span. An underscore opens only
// at the start of a word and closes only at the end of one. One glued to a
// word on one side only with no partner is a stray mark ("Oracle_(TM)",
// its opening underscore lost; 2008–2012 print it in 108.1): it is dropped
// and counted, so the caller can report it. Underscores inside a word
// ("x=UTR_Intro") and runs of three or more (the blank in "Wolf in
// ________ Clothing") are text. It returns the number of strays and where
// the first is in s.
func italics(s string) (t Text, strays, first int) {
	var spans []Span
	var buf []byte
	last := 0 // s[last:] is not yet copied to buf
	for i := 0; i < len(s); i++ {
		if s[i] != '_' {
			continue
		}
		k := underscores(s, i)
		before, after := byteAt(s, i-1), byteAt(s, i+k)
		opens := !wordByte(before) && after != ' ' && after != 0
		switch {
		case k > 2, wordByte(before) && wordByte(after):
			i += k - 1 // text
			continue
		case !opens && (before == ' ' || before == 0):
			i += k - 1 // glued to nothing: text
			continue
		}
		if buf == nil {
			buf = make([]byte, 0, len(s))
		}
		buf = append(buf, s[last:i]...)
		last = i + k
		if opens {
			if j, kk := closing(s, i+k); j > 0 {
				start := len(buf)
				buf = append(buf, s[i+k:j]...)
				spans = append(spans, Span{Start: int32(start), End: int32(len(buf)), Kind: SpanItalic})
				last = j + kk
				i = last - 1
				continue
			}
		}
		if strays == 0 {
			first = i
		}
		strays++ // dropped: s[i:i+k] is not copied
		i += k - 1
	}
	if buf == nil {
		return Text{S: s}, 0, 0
	}
	buf = append(buf, s[last:]...)
	return Text{S: string(buf), Spans: spans}, strays, first
}

// closing finds the underscores that close an italic opened just before
// s[from:]: one or two, after a character that is not a space, at the end
// of a word. It returns where they start and how many they are, or 0, 0.
//
// Italics do not nest: an underscore that opens another before one closes
// this means this one has lost its partner ("the _Magic: The Gathering
// basic rulebook … the _Magic_ rules website", 2008-10-01), and there is
// no closing.
func closing(s string, from int) (int, int) {
	for j := from + 1; j < len(s); j++ {
		if s[j] != '_' {
			continue
		}
		k := underscores(s, j)
		if k <= 2 && s[j-1] != ' ' && !wordByte(byteAt(s, j+k)) {
			return j, k
		}
		if k <= 2 && s[j-1] == ' ' && wordByte(byteAt(s, j+k)) {
			return 0, 0
		}
		j += k - 1
	}
	return 0, 0
}

// underscores counts the underscores starting at s[i].
func underscores(s string, i int) int {
	k := 0
	for i+k < len(s) && s[i+k] == '_' {
		k++
	}
	return k
}

// byteAt is s[i], or 0 outside s.
func byteAt(s string, i int) byte {
	if i < 0 || i >= len(s) {
		return 0
	}
	return s[i]
}

func wordByte(c byte) bool { return isLetter(c) || isDigit(c) }
