package rules

import "strings"

// Inline conventions of the plain-text sources, turned into the model's:
// "_Magic_" italics become an Italic span, "(tm)" and "(r)" become ™ and ®,
// and the 2004–2006 mana spelling "{oW}" becomes "{W}".

// normText converts one paragraph. Text without any of those conventions
// (nearly all of it) is returned as is, without allocating.
func normText(s string) Text { return normTextIn(s, 0) }

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
// absent.
func normTextIn(s string, absent conventions) Text {
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
	return italics(string(buf))
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

// italics turns "_Magic_" into "Magic" with an Italic span. An underscore
// opens only at the start of a word and closes only at the end of one;
// others (a stray "Coast_(R)") stay as printed.
func italics(s string) Text {
	var spans []Span
	var buf []byte
	last := 0 // s[last:] is not yet copied to buf
	for i := 0; i < len(s); i++ {
		if s[i] != '_' || i > 0 && wordByte(s[i-1]) || i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '_' {
			continue
		}
		j := i + 2
		for j < len(s) && !(s[j] == '_' && s[j-1] != ' ' && (j+1 == len(s) || !wordByte(s[j+1]))) {
			j++
		}
		if j >= len(s) {
			break
		}
		if buf == nil {
			buf = make([]byte, 0, len(s))
		}
		buf = append(buf, s[last:i]...)
		start := len(buf)
		buf = append(buf, s[i+1:j]...)
		spans = append(spans, Span{Start: int32(start), End: int32(len(buf)), Kind: SpanItalic})
		last = j + 1
		i = j
	}
	if buf == nil {
		return Text{S: s}
	}
	buf = append(buf, s[last:]...)
	return Text{S: string(buf), Spans: spans}
}

func wordByte(c byte) bool { return isLetter(c) || isDigit(c) }
