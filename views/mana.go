package views

import (
	"strings"
)

// symbol describes how to draw one braced symbol ("{W}", "{2/B}", "{T}"):
// CSS classes for its colors, the short mark painted on the disc, and the
// name a screen reader says. Text.S always writes symbols in braces.
type symbol struct {
	class, mark, name string
}

var colorNames = map[string]string{
	"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless",
}

// drawSymbol describes the symbol written as sym, braces included.
func drawSymbol(sym string) symbol {
	in := strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(sym, "{"), "}"))
	switch in {
	case "T":
		return symbol{"ms t", "", "tap symbol"}
	case "Q":
		return symbol{"ms q", "", "untap symbol"}
	case "S":
		return symbol{"ms c", "S", "snow mana"}
	case "E":
		return symbol{"ms c", "E", "energy symbol"}
	case "X", "Y", "Z":
		return symbol{"ms c", in, in + " generic mana"}
	case "C":
		return symbol{"ms c", "C", "colorless mana"}
	}
	if c, ok := colorNames[in]; ok {
		return symbol{"ms " + strings.ToLower(in), in, c + " mana"}
	}
	if isNumber(in) {
		cls := "ms c"
		if len(in) > 2 {
			cls += " small"
		}
		return symbol{cls, in, in + " generic mana"}
	}
	parts := strings.Split(in, "/")
	phyrexian := len(parts) > 1 && parts[len(parts)-1] == "P"
	if phyrexian {
		parts = parts[:len(parts)-1]
	}
	if len(parts) == 1 && phyrexian {
		if c, ok := colorNames[parts[0]]; ok {
			return symbol{"ms " + strings.ToLower(parts[0]), "φ", "Phyrexian " + c + " mana"}
		}
	}
	if len(parts) == 2 {
		a, b := parts[0], parts[1]
		ca, oka := colorNames[a]
		cb, okb := colorNames[b]
		mark := a + b
		name := ca + "-" + cb + " hybrid mana"
		if phyrexian {
			mark = "φ"
			name = "Phyrexian " + name
		}
		switch {
		case oka && okb:
			return symbol{"ms small " + strings.ToLower(a) + " " + strings.ToLower(b) + "2", mark, name}
		case isNumber(a) && okb:
			return symbol{"ms small c " + strings.ToLower(b) + "2", a + b, "hybrid mana: " + a + " generic or " + cb}
		}
	}
	// Anything else ({CHAOS}, {PW}, {H}, {TK}, half mana …): a plain disc
	// with its letters, named by its letters.
	return symbol{"ms c small", in, "symbol " + in}
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
