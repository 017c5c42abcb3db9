package locate

import (
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// scanNumber reads an entry number of document d from the start of s
// (lower case), however a reader writes it: between chapter and rule a
// dot, a comma, a dash, a colon, an underscore or spaces ("704 5j",
// "704,5j", "704-5j"); the subrule letter glued on, or apart ("704.5 j",
// "704.5-j", "704.5(j)"). It returns the number and what follows it.
// Two chapters joined by a dash ("704-705") are a range, not a rule.
func scanNumber(s string, d rules.Doc) (rules.Number, string, bool) {
	a, s := digits(s)
	cr := d == rules.DocCR
	if a == "" || a[0] == '0' || cr && len(a) != 3 || len(a) > 3 {
		return rules.Number{}, "", false
	}
	canon := a
	if b, sep, after, ok := rulePart(s); ok && !(sep == '-' && len(a) == 3 && len(b) == 3) {
		canon += "." + b
		s = after
		if len(a) == 3 {
			if c, after, ok := letterPart(s); ok {
				canon += string(c)
				s = after
			}
		}
	}
	s = strings.TrimPrefix(s, ".")
	if s != "" && isWordByte(s[0]) {
		return rules.Number{}, "", false // "704abc", "704.5kk"
	}
	n, err := rules.ParseNumberIn(d, canon)
	if err != nil {
		return rules.Number{}, "", false
	}
	return n, s, true
}

// digits splits the leading run of ASCII digits from s, at most five:
// no entry number is longer.
func digits(s string) (string, string) {
	i := 0
	for i < len(s) && i <= 5 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

// rulePart reads a separator and a rule's digits: ".5", " 5", ",5",
// " - 5". sep is the separator's character (' ' for spaces alone).
func rulePart(s string) (b string, sep byte, rest string, ok bool) {
	t := strings.TrimLeft(s, " ")
	spaced := len(t) < len(s)
	if t != "" && strings.IndexByte(".,-_:", t[0]) >= 0 {
		sep = t[0]
		t = strings.TrimLeft(t[1:], " ")
	} else if spaced {
		sep = ' '
	} else {
		return "", 0, s, false
	}
	b, t = digits(t)
	if b == "" || b[0] == '0' || len(b) > 4 {
		return "", 0, s, false
	}
	return b, sep, t, true
}

// letterPart reads a subrule letter after a rule's digits: "j", " j",
// ".j", "-j", "(j)". A letter starting a word ("704.5 is") is none.
func letterPart(s string) (byte, string, bool) {
	t := strings.TrimLeft(s, " ")
	paren := false
	switch {
	case t == "":
		return 0, s, false
	case t[0] == '.' || t[0] == '-':
		t = strings.TrimLeft(t[1:], " ")
	case t[0] == '(':
		paren = true
		t = t[1:]
	}
	if t == "" || t[0] < 'a' || t[0] > 'z' {
		return 0, s, false
	}
	c, t := t[0], t[1:]
	if paren {
		var ok bool
		if t, ok = strings.CutPrefix(t, ")"); !ok {
			return 0, s, false
		}
	}
	if t != "" && isWordByte(t[0]) {
		return 0, s, false
	}
	return c, t, true
}
