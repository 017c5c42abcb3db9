package views

import (
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// symbol describes how to draw one braced symbol ("{W}", "{2/B}", "{T}"):
// CSS classes for its colors, the short mark painted on the disc, and the
// name a screen reader says. Text.S always writes symbols in braces.
type symbol struct {
	class, mark, name string
}

// colorClass is the CSS class of each color's disc.
var colorClass = map[string]string{
	"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c",
}

// drawSymbol describes the symbol written as sym, braces included. Its name
// is rules.SymbolName's, so every page reads a symbol the same way.
func drawSymbol(sym string) symbol {
	in := strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(sym, "{"), "}"))
	d := symbol{class: "ms c small", mark: in, name: rules.SymbolName(sym)}
	switch {
	case in == "T":
		d.class, d.mark = "ms t", ""
	case in == "Q":
		d.class, d.mark = "ms q", ""
	case colorClass[in] != "":
		d.class = "ms " + colorClass[in]
	case len(in) <= 2 && (isNumber(in) || in == "X" || in == "Y" || in == "Z" || in == "S" || in == "E"):
		d.class = "ms c"
	}
	parts := strings.Split(in, "/")
	if len(parts) > 1 && parts[len(parts)-1] == "P" {
		// Phyrexian: the color's disc with a phi.
		parts = parts[:len(parts)-1]
		d.mark = "φ"
		if len(parts) == 1 && colorClass[parts[0]] != "" {
			d.class = "ms " + colorClass[parts[0]]
		}
	}
	if len(parts) == 2 {
		// Hybrid: a disc split between the two halves' colors.
		a, b := colorClass[parts[0]], colorClass[parts[1]]
		if a == "" && isNumber(parts[0]) {
			a = "c"
		}
		if a != "" && b != "" {
			d.class = "ms small " + a + " " + b + "2"
			if d.mark != "φ" {
				d.mark = parts[0] + parts[1]
			}
		}
	}
	return d
}

func isNumber(s string) bool {
	if s == "" || len(s) > 7 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
