package rules

import (
	"strings"
	"unicode/utf8"
)

// Mana and other symbols are written in braces in Text.S whatever the source
// spelling: "{2}{W/P}", "{T}", "{CHAOS}". Link marks each with a SpanMana;
// the web app draws them and the engine reads costs with ManaSymbols.

// maxSymbol bounds the text between the braces: the longest real symbol is
// "{LEVEL N1-N2}" (107.8a); a longer brace pair is prose, not a symbol.
const maxSymbol = 16

// symbolAt reports whether a symbol starts at s[i] (which must be '{') and
// returns the index just past its closing brace.
func symbolAt(s string, i int) (int, bool) {
	j := i + 1
	for ; j < len(s) && j-i-1 <= maxSymbol; j++ {
		c := s[j]
		switch {
		case c == '}':
			if j == i+1 || s[i+1] == ' ' || s[j-1] == ' ' {
				return 0, false
			}
			return j + 1, true
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9',
			c == '/', c == '+', c == '-', c == ' ':
		case c >= utf8.RuneSelf:
			// Only ½ and ∞ are symbols outside ASCII.
			if strings.HasPrefix(s[j:], "½") {
				j += len("½") - 1
			} else if strings.HasPrefix(s[j:], "∞") {
				j += len("∞") - 1
			} else {
				return 0, false
			}
		default:
			return 0, false
		}
	}
	return 0, false
}

// ManaSymbols returns the brace symbols in s in order: "{2}{W}, {T}" gives
// "{2}", "{W}", "{T}". Braces that do not hold a symbol are skipped.
func ManaSymbols(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		if end, ok := symbolAt(s, i); ok {
			out = append(out, s[i:end])
			i = end - 1
		}
	}
	return out
}

// IsSymbol reports whether s is exactly one brace symbol, "{W/U}".
func IsSymbol(s string) bool {
	if len(s) < 3 || s[0] != '{' {
		return false
	}
	end, ok := symbolAt(s, 0)
	return ok && end == len(s)
}

var colorNames = map[string]string{
	"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless",
}

// otherSymbols are the symbols that are not mana, or mana with a name of
// its own. Meanings are today's: {C} was the chaos symbol and {P} the
// planeswalker symbol in some older editions, but the modern reading is the
// one screen readers should give.
var otherSymbols = map[string]string{
	"T":     "tap",
	"Q":     "untap",
	"S":     "snow mana",
	"E":     "energy",
	"P":     "pawprint",
	"PW":    "planeswalker",
	"CHAOS": "chaos",
	"TK":    "ticket",
	"H":     "Phyrexian mana",
	"½":     "half a generic mana",
	"∞":     "infinite generic mana",
	"N+":    "level N or more",
}

var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
	"eighteen", "nineteen", "twenty"}

// SymbolName gives accessible text for a symbol, for screen readers and
// tooltips: "{W}" → "white mana", "{2/B}" → "two generic or one black mana",
// "{W/U/P}" → "Phyrexian white or blue mana", "{T}" → "tap". The braces are
// optional. The old Oracle spelling with an "o" ("{oT}", "{o2}") reads like
// the modern one. An unknown symbol reads as its text without braces.
func SymbolName(sym string) string {
	c := strings.TrimSuffix(strings.TrimPrefix(sym, "{"), "}")
	if len(c) > 1 && c[0] == 'o' {
		c = c[1:]
	}
	if n, ok := otherSymbols[c]; ok {
		return n
	}
	if n, ok := colorNames[c]; ok {
		return n + " mana"
	}
	if n, ok := numberName(c); ok {
		if n == "zero" {
			return "zero mana"
		}
		return n + " generic mana"
	}
	switch c {
	case "X", "Y", "Z":
		return c + " generic mana"
	}
	if strings.HasPrefix(c, "LEVEL ") {
		return "level " + c[len("LEVEL "):]
	}
	if len(c) > 1 && c[0] == 'r' && c[1] == 'N' {
		return "chapter " + c[1:] // {rN}, {rN1}: Saga chapter symbols (107.15)
	}
	parts := strings.Split(c, "/")
	phyrexian := len(parts) > 1 && parts[len(parts)-1] == "P"
	if phyrexian {
		parts = parts[:len(parts)-1]
	}
	if (parts[0] == "H" && len(parts) == 2) || (len(parts) == 1 && len(c) == 2 && c[0] == 'H') {
		// Half mana from the Un-sets: {HW}, also written {H/W}.
		col := parts[len(parts)-1]
		if len(parts) == 1 {
			col = c[1:]
		}
		if n, ok := colorNames[col]; ok {
			return "half a " + n + " mana"
		}
	}
	var names []string
	for i, p := range parts {
		if n, ok := colorNames[p]; ok {
			if i > 0 && len(names) > 0 && strings.HasSuffix(names[0], "generic") {
				n = "one " + n
			}
			names = append(names, n)
			continue
		}
		if n, ok := numberName(p); ok && i == 0 && len(parts) > 1 {
			names = append(names, n+" generic")
			continue
		}
		return c
	}
	s := strings.Join(names, " or ") + " mana"
	if phyrexian {
		s = "Phyrexian " + s
	}
	return s
}

// numberName spells a generic mana amount: "2" → "two", "100" → "100".
func numberName(s string) (string, bool) {
	if s == "" || len(s) > 9 {
		return "", false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return "", false
		}
		n = n*10 + int(s[i]-'0')
	}
	if n < len(numberWords) {
		return numberWords[n], true
	}
	return s, true
}
