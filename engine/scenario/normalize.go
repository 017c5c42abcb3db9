package scenario

import "strings"

// typography folds the differences between editions' typesetting that don't
// change meaning: curly and straight quotes and apostrophes, the long dash
// printed as an em dash, an en dash or two hyphens.
var typography = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201A", "'", "\u201B", "'", "\u2032", "'",
	"\u201C", `"`, "\u201D", `"`, "\u201E", `"`, "\u201F", `"`, "\u2033", `"`,
	"\u2013", "\u2014", "--", "\u2014",
	"\u00A0", " ",
)

// Normalize prepares an example's text for matching a scenario to it:
// quotes and apostrophes become straight, every long dash (—, –, --, and a
// hyphen between spaces) one em dash, runs of white space one space, and a leading "Example:" label goes.
// Case, wording ("in play" against "onto the battlefield") and mana symbols
// (already written in braces by every parser) are kept: an example reworded
// is a different example, and needs its own scenario line.
func Normalize(s string) string {
	s = strings.Join(strings.Fields(typography.Replace(s)), " ")
	s = strings.ReplaceAll(s, " - ", " — ") // 2007's "Basic Land - Mountain"
	s = strings.TrimPrefix(s, "Example: ")
	return strings.TrimSpace(s)
}
