package rules

import (
	"fmt"
	"strconv"
)

// Number is a Comprehensive Rules number: a chapter ("704"), a rule
// ("704.5") or a subrule ("704.5k"). The zero Number is "no number".
// Numbers are comparable and usable as map keys; Compare orders them as the
// document does.
type Number struct {
	Chapter uint16 // 100–999
	Rule    uint16 // 0 for a chapter
	Sub     byte   // subrule letter 'a'…'z' (never 'l' or 'o'), 0 if none
}

// Level says what kind of entry a Number names.
type Level uint8

const (
	LevelNone Level = iota
	LevelChapter
	LevelRule
	LevelSubrule
)

// Level reports whether n names a chapter, a rule or a subrule.
func (n Number) Level() Level {
	switch {
	case n.Chapter == 0:
		return LevelNone
	case n.Rule == 0:
		return LevelChapter
	case n.Sub == 0:
		return LevelRule
	}
	return LevelSubrule
}

// IsZero reports whether n is the zero Number.
func (n Number) IsZero() bool { return n == Number{} }

// Section is the section digit of n's chapter (704 → 7).
func (n Number) Section() int { return int(n.Chapter) / 100 }

// Parent is the number one level up: 704.5k → 704.5 → 704 → zero.
func (n Number) Parent() Number {
	switch n.Level() {
	case LevelSubrule:
		return Number{Chapter: n.Chapter, Rule: n.Rule}
	case LevelRule:
		return Number{Chapter: n.Chapter}
	}
	return Number{}
}

// String formats n the way the rules cite it: "704", "704.5", "704.5k".
func (n Number) String() string {
	if n.Chapter == 0 {
		return ""
	}
	b := make([]byte, 0, 10)
	return string(n.Append(b))
}

// Append appends n's String form to b without allocating a string.
func (n Number) Append(b []byte) []byte {
	if n.Chapter == 0 {
		return b
	}
	b = strconv.AppendUint(b, uint64(n.Chapter), 10)
	if n.Rule != 0 {
		b = append(b, '.')
		b = strconv.AppendUint(b, uint64(n.Rule), 10)
		if n.Sub != 0 {
			b = append(b, n.Sub)
		}
	}
	return b
}

// Compare orders numbers as the Comprehensive Rules do: by chapter, then rule,
// then subrule letter, a parent before its children.
func (n Number) Compare(m Number) int {
	switch {
	case n.Chapter != m.Chapter:
		return cmpInt(int(n.Chapter), int(m.Chapter))
	case n.Rule != m.Rule:
		return cmpInt(int(n.Rule), int(m.Rule))
	}
	return cmpInt(int(n.Sub), int(m.Sub))
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Subrule letters run a…z but skip l and o, which read too much like 1 and 0.

// NextLetter returns the subrule letter after c, skipping l and o, and false
// after z.
func NextLetter(c byte) (byte, bool) {
	if c < 'a' || c >= 'z' {
		return 0, false
	}
	c++
	if c == 'l' || c == 'o' {
		c++
	}
	return c, true
}

// ValidLetter reports whether c can be a subrule letter.
func ValidLetter(c byte) bool { return c >= 'a' && c <= 'z' && c != 'l' && c != 'o' }

// LetterIndex is the 1-based position of a subrule letter in the sequence that
// skips l and o (a=1, k=11, m=12, z=24), or 0 if c is not a subrule letter.
func LetterIndex(c byte) int {
	if !ValidLetter(c) {
		return 0
	}
	i := int(c-'a') + 1
	if c > 'l' {
		i--
	}
	if c > 'o' {
		i--
	}
	return i
}

// Next returns the number of the following sibling: 704.5k → 704.5m,
// 704.5 → 704.6, 704 → 705. It returns false past subrule z.
func (n Number) Next() (Number, bool) {
	switch n.Level() {
	case LevelSubrule:
		c, ok := NextLetter(n.Sub)
		if !ok {
			return Number{}, false
		}
		n.Sub = c
		return n, true
	case LevelRule:
		n.Rule++
		return n, true
	case LevelChapter:
		if n.Chapter >= 999 {
			return Number{}, false
		}
		n.Chapter++
		return n, true
	}
	return Number{}, false
}

// ParseNumber parses a rule number such as "704", "704.5", "704.5." or
// "704.5k". Case is significant: subrule letters are lower case. It accepts
// the letters l and o (a source may print them by mistake); callers that
// build a tree report them with ValidLetter.
func ParseNumber(s string) (Number, error) {
	n, rest := ScanNumber(s)
	if n.IsZero() || (rest != "" && rest != ".") {
		return Number{}, fmt.Errorf("%q is not a rule number", s)
	}
	return n, nil
}

// ScanNumber reads a rule number from the start of s and returns it with the
// unread rest of s. A chapter needs exactly three digits 100–999; a rule
// index 1–9999. A trailing "." is left in rest. It returns the zero Number
// and s unchanged if s does not start with a number.
func ScanNumber(s string) (Number, string) {
	if len(s) < 3 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) || s[0] == '0' {
		return Number{}, s
	}
	if len(s) > 3 && isDigit(s[3]) {
		return Number{}, s
	}
	n := Number{Chapter: uint16(s[0]-'0')*100 + uint16(s[1]-'0')*10 + uint16(s[2]-'0')}
	i := 3
	if r, j, ok := scanIndex(s, i, 4); !ok {
		return Number{}, s
	} else if j > i {
		n.Rule = r
		i = j
		if i < len(s) && s[i] >= 'a' && s[i] <= 'z' && (i+1 == len(s) || !isLetter(s[i+1])) {
			n.Sub = s[i]
			i++
		}
	}
	return n, s[i:]
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// MarshalText lets a Number appear as "704.5k" in JSON.
func (n Number) MarshalText() ([]byte, error) { return n.Append(nil), nil }

// UnmarshalText parses the form MarshalText writes, a judge document's
// entry number ("2", "2.3") as well as a CR rule's.
func (n *Number) UnmarshalText(b []byte) error {
	m, err := ParseNumber(string(b))
	if err != nil {
		if m, err = ParseNumberIn(DocMTR, string(b)); err != nil {
			return fmt.Errorf("%q is not a rule or entry number", b)
		}
	}
	*n = m
	return nil
}

// ScanDocNumber reads a judge document's entry number from the start of s:
// a section or chapter of one to three digits ("2", "10", "101") and an
// entry within it ("2.3", "10.4"), as the MTR, the IPG and their
// forerunners print them. A trailing "." is left in rest. Comprehensive
// Rules numbers read the same as with ScanNumber, subrule letter and all.
// It returns the zero Number and s unchanged if s does not start with one.
func ScanDocNumber(s string) (Number, string) {
	i := 0
	for i < len(s) && isDigit(s[i]) && i < 4 {
		i++
	}
	if i == 0 || i > 3 || s[0] == '0' {
		return Number{}, s
	}
	if i == 3 {
		return ScanNumber(s)
	}
	c := 0
	for _, d := range s[:i] {
		c = c*10 + int(d-'0')
	}
	n := Number{Chapter: uint16(c)}
	if r, j, ok := scanIndex(s, i, 3); !ok {
		return Number{}, s
	} else if j > i {
		n.Rule = r
		i = j
	}
	return n, s[i:]
}

// scanIndex reads the rule or entry index after a chapter that ends at
// s[i]: a "." and 1 to max digits, the first not 0. It returns the index
// and where it ends, or j == i if s[i:] holds none. A run of more than max
// digits is no number at all (ok false), so "100.12345" is not 100.1234.
func scanIndex(s string, i, max int) (r uint16, j int, ok bool) {
	if i+1 >= len(s) || s[i] != '.' || !isDigit(s[i+1]) || s[i+1] == '0' {
		return 0, i, true
	}
	j = i + 1
	v := 0
	for j < len(s) && isDigit(s[j]) && j-i <= max {
		v = v*10 + int(s[j]-'0')
		j++
	}
	if j < len(s) && isDigit(s[j]) {
		return 0, i, false
	}
	return uint16(v), j, true
}

// ParseNumberIn parses an entry number of document d as a reader types it
// into a URL or the jump box: a Comprehensive Rules number ("704.5k")
// for the CR, a judge document's ("2.3", "101") for the others.
func ParseNumberIn(d Doc, s string) (Number, error) {
	if d == DocCR || d == 0 {
		return ParseNumber(s)
	}
	n, rest := ScanDocNumber(s)
	if n.IsZero() || (rest != "" && rest != ".") {
		return Number{}, fmt.Errorf("%q is not an entry number of the %s", s, d.Short())
	}
	return n, nil
}
