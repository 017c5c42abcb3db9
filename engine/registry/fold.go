package registry

import (
	"strings"
	"unicode"
)

// Fold prepares rule text for recognizers and list parsing: lower case,
// straight quotes and apostrophes, single spaces.
func Fold(s string) string {
	return strings.ToLower(Straighten(s))
}

var quoteFolder = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201A", "'", "\u201B", "'", "\u2032", "'",
	"\u201C", `"`, "\u201D", `"`, "\u201E", `"`, "\u201F", `"`, "\u2033", `"`,
)

// Straighten turns curly quotes and apostrophes into straight ones and
// collapses runs of white space.
func Straighten(s string) string {
	return strings.Join(strings.Fields(quoteFolder.Replace(s)), " ")
}

// StraightenQuotes makes curly quotes and apostrophes straight and leaves
// white space as it is.
func StraightenQuotes(s string) string { return quoteFolder.Replace(s) }

// RestoreLostQuotes undoes a lossy conversion one published file (the CR of
// 2008-05-01) went through: every curly quote and apostrophe in it became
// "?". A "?" right before a letter or digit can't end a question: between
// letters it was an apostrophe ("player?s"), elsewhere an opening quote;
// a "?" after a word while such a quote is open closes it. Texts without
// lost quotes are returned as they are.
func RestoreLostQuotes(s string) string {
	if !strings.Contains(s, "?") {
		return s
	}
	b := []byte(s)
	open := false
	for i, c := range b {
		if c != '?' {
			continue
		}
		before := i > 0 && wordByte(b[i-1])
		after := i+1 < len(b) && wordByte(b[i+1])
		switch {
		case after && before:
			b[i] = '\''
		case after:
			b[i], open = '"', true
		case open && i > 0 && b[i-1] != ' ':
			b[i], open = '"', false
		}
	}
	return string(b)
}

// wordByte: an ASCII letter or digit (the damaged file is ASCII).
func wordByte(c byte) bool { return unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)) }
