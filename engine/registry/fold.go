package registry

import "strings"

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
