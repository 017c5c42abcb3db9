package cardtext

import "strings"

// Color is a set of the five colors (105.1 in current rules; 203.2c in 2007).
// The zero Color is colorless.
type Color uint8

const (
	White Color = 1 << iota
	Blue
	Black
	Red
	Green
)

// AllColors lists the colors in the rules' order: white, blue, black, red, green.
var AllColors = [5]Color{White, Blue, Black, Red, Green}

var colorNames = map[Color]string{White: "white", Blue: "blue", Black: "black", Red: "red", Green: "green"}

var colorLetters = map[byte]Color{'W': White, 'U': Blue, 'B': Black, 'R': Red, 'G': Green}

// Has reports whether c includes every color of d.
func (c Color) Has(d Color) bool { return c&d == d }

// Count is the number of colors in c.
func (c Color) Count() int {
	n := 0
	for _, x := range AllColors {
		if c.Has(x) {
			n++
		}
	}
	return n
}

// Names lists c's colors in the rules' order; a colorless c gives none.
func (c Color) Names() []string {
	var out []string
	for _, x := range AllColors {
		if c.Has(x) {
			out = append(out, colorNames[x])
		}
	}
	return out
}

// String is "white and black", or "colorless".
func (c Color) String() string {
	n := c.Names()
	switch len(n) {
	case 0:
		return "colorless"
	case 1:
		return n[0]
	}
	return strings.Join(n[:len(n)-1], ", ") + " and " + n[len(n)-1]
}

// ParseColor reads one color word ("white") or letter ("W"), case-insensitively.
func ParseColor(s string) (Color, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for c, n := range colorNames {
		if s == n {
			return c, true
		}
	}
	if len(s) == 1 {
		c, ok := colorLetters[strings.ToUpper(s)[0]]
		return c, ok
	}
	return 0, false
}
