package cardtext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word, number, symbol or punctuation mark of rules text.
type token struct {
	w          string // lower case; "'s" split off words; quotes straightened
	start, end int    // byte offsets in the text
}

// lexRules splits rules text into tokens: words (with internal hyphens and
// apostrophes: "can't", "non-wall"), "'s" as its own token, mana symbols in
// braces ("{2}"), power/toughness ("+2/+2", "1/1", "x/x"), the name marker
// "~", and punctuation.
func lexRules(s string) []token {
	var out []token
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
		case r == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				out = append(out, token{"{", i, i + 1})
				i++
				continue
			}
			out = append(out, token{strings.ToLower(s[i : i+j+1]), i, i + j + 1})
			i += j + 1
		case r == '"' || r == '\u201C' || r == '\u201D':
			out = append(out, token{`"`, i, i + size})
			i += size
		case r == '\'' || r == '\u2018' || r == '\u2019':
			// An apostrophe starting a word is a quote inside a quote.
			if i+size < len(s) && (s[i+size] == 's' || s[i+size] == 'S') && (i+size+1 == len(s) || !IsWordByte(s[i+size+1])) && len(out) > 0 && out[len(out)-1].end == i {
				out = append(out, token{"'s", i, i + size + 1})
				i += size + 1
				continue
			}
			out = append(out, token{"'", i, i + size})
			i += size
		case r == '~':
			out = append(out, token{"~", i, i + 1})
			i++
		case r == '+' || r == '-' || r == '\u2212' || unicode.IsDigit(r) || ((r == 'x' || r == 'X') && i+1 < len(s) && s[i+1] == '/'):
			// A number, or power/toughness like +2/+2, -1/-0, 1/1, X/X.
			j := i
			for j < len(s) {
				c, n := utf8.DecodeRuneInString(s[j:])
				if c == '+' || c == '-' || c == '\u2212' || c == '/' || unicode.IsDigit(c) || c == 'x' || c == 'X' || c == '*' {
					j += n
					continue
				}
				break
			}
			if j == i+size && (r == '+' || r == '-' || r == '\u2212') {
				// A lone sign or dash.
				if r == '-' && j < len(s) && s[j] == '-' {
					out = append(out, token{"—", i, i + 2})
					i += 2
					continue
				}
				out = append(out, token{string(r), i, j})
				i = j
				continue
			}
			w := strings.ToLower(strings.ReplaceAll(s[i:j], "\u2212", "-"))
			out = append(out, token{w, i, j})
			i = j
		case r == '\u2014' || r == '\u2013':
			out = append(out, token{"—", i, i + size})
			i += size
		case unicode.IsLetter(r):
			j := i
			for j < len(s) {
				c, n := utf8.DecodeRuneInString(s[j:])
				if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '-' {
					j += n
					continue
				}
				if (c == '\'' || c == '\u2019') && j+n < len(s) && IsWordByte(s[j+n]) {
					// "can't", "don't", "Urza's" (split below when 's)
					if (s[j+n] == 's' || s[j+n] == 'S') && (j+n+1 == len(s) || !IsWordByte(s[j+n+1])) {
						break
					}
					j += n
					continue
				}
				break
			}
			w := strings.ToLower(strings.ReplaceAll(s[i:j], "\u2019", "'"))
			out = append(out, token{w, i, j})
			i = j
		default:
			out = append(out, token{string(r), i, i + size})
			i += size
		}
	}
	return out
}

// IsWordByte reports whether b can be part of a word (a name or a keyword).
func IsWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// tcur reads tokens left to right. Methods that recognise something
// consume it and report true; on failure they consume nothing.
type tcur struct {
	toks []token
	i    int
	src  string
}

func (c *tcur) end() bool { return c.i >= len(c.toks) }

// multiplier reads "twice" or "three times", as in "creates twice that
// many of those tokens" or "produces three times as much of that mana".
func (c *tcur) multiplier() (int, bool) {
	switch {
	case c.eat("twice"):
		return 2, true
	case c.eat("three", "times"):
		return 3, true
	}
	return 0, false
}

// upTo is a cursor at c's place that ends before token end: a part of the
// sentence (a condition before its comma, a cost before "rather") read by
// itself, so its reader stops where the part does.
func (c *tcur) upTo(end int) *tcur { return &tcur{toks: c.toks[:end], src: c.src, i: c.i} }

func (c *tcur) peek() string {
	if c.end() {
		return ""
	}
	return c.toks[c.i].w
}

func (c *tcur) peekAt(n int) string {
	if c.i+n >= len(c.toks) {
		return ""
	}
	return c.toks[c.i+n].w
}

func (c *tcur) next() string {
	if c.end() {
		return ""
	}
	c.i++
	return c.toks[c.i-1].w
}

// eat consumes the words in order, or nothing.
func (c *tcur) eat(words ...string) bool {
	if c.i+len(words) > len(c.toks) {
		return false
	}
	for k, w := range words {
		if c.toks[c.i+k].w != w {
			return false
		}
	}
	c.i += len(words)
	return true
}

// eatS consumes a phrase written as one string, lexed like the text.
func (c *tcur) eatS(phrase string) bool { return c.eat(phraseWords(phrase)...) }

// phraseWords lexes a phrase into the words eat compares.
func phraseWords(phrase string) []string {
	toks := lexRules(phrase)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.w
	}
	return out
}

// eatAny consumes the first phrase that matches and returns it.
func (c *tcur) eatAny(phrases ...string) (string, bool) {
	for _, p := range phrases {
		if c.eatS(p) {
			return p, true
		}
	}
	return "", false
}

// rest is the source text from the cursor to the end.
func (c *tcur) rest() string {
	if c.end() {
		return ""
	}
	return c.src[c.toks[c.i].start:]
}

// restUntil is the source text from the cursor up to token j (exclusive).
func (c *tcur) textBetween(i, j int) string {
	if i >= len(c.toks) || i >= j {
		return ""
	}
	end := c.toks[len(c.toks)-1].end
	if j < len(c.toks) {
		end = c.toks[j].start
	}
	return strings.TrimSpace(c.src[c.toks[i].start:end])
}

// numberWords are the number words rules text uses.
var numberWords = map[string]int{
	"zero": 0, "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "forty": 40, "fifty": 50,
}

// num consumes a number written in digits or words ("two", "a").
func (c *tcur) num() (int, bool) {
	w := c.peek()
	if n, ok := numberWords[w]; ok {
		c.i++
		return n, true
	}
	if n, ok := number(w); ok && n <= 1000000 {
		c.i++
		return n, true
	}
	return 0, false
}

// Signed parses a number with its sign, "+1" or "-2", as loyalty costs and
// power/toughness changes print it.
func Signed(s string) (int, bool) {
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	n, ok := number(s[1:])
	if !ok || n > 1000 {
		return 0, false
	}
	if s[0] == '-' {
		n = -n
	}
	return n, true
}
