package search

import (
	"strings"
	"unicode"
)

// The rule that defines a term answers a question about it best: 701.6a
// "To counter a spell or ability means to cancel it" for "what happens
// when a spell is countered", 700.4 "The term dies means …". A rule
// defines a term when its first paragraph opens as the rules phrase
// definitions:
//
//	To counter a spell or ability means …   (a keyword action; "To determine …" is not)
//	The term dies means …
//	Trample is a static ability …           (a keyword ability)
//	A permanent is a card or token …

// definition is a rule document and the term it defines.
type definition struct {
	doc  int32
	term string
}

// notDefined are verbs that open instructions, not definitions: "To
// determine whether a player can play a land, compare …".
var notDefined = map[string]bool{"determine": true, "calculate": true, "find": true, "see": true, "propose": true, "choose": true}

// pronouns open sentences about something named before.
var pronouns = map[string]bool{"It": true, "This": true, "That": true, "Each": true, "Such": true}

// definedTerm returns the term paragraph s defines, or "".
func definedTerm(s string) string {
	w, n := firstWords(s)
	if n < 3 {
		return ""
	}
	word := func(i int) string {
		return strings.TrimFunc(w[i], func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	}
	switch {
	case w[0] == "To" && !notDefined[word(1)]:
		return word(1)
	case w[0] == "The" && w[1] == "term":
		if next := word(3); next == "means" || next == "refers" || next == "is" {
			return word(2)
		}
		return ""
	case (w[0] == "A" || w[0] == "An") && w[2] == "is" && (w[3] == "a" || w[3] == "an"):
		return word(1)
	case w[1] == "is" && (w[2] == "a" || w[2] == "an") && (strings.HasPrefix(w[3], "abilit") || strings.HasPrefix(w[4], "abilit") || strings.HasPrefix(w[5], "abilit")) &&
		unicode.IsUpper([]rune(w[0])[0]) && !pronouns[w[0]]:
		return word(0)
	}
	return namedTerm(s)
}

// maxTermWords bounds the words of a term a sentence defines.
const maxTermWords = 4

// namedTerm returns the term of several words that one of the first two
// sentences of s defines, as the rules do for the terms without a rule
// of their own: "A player’s range of influence is the maximum distance
// …", "Some spells … have additional costs. An additional cost is a cost
// listed …", or "".
func namedTerm(s string) string {
	for i := 0; i < 2 && s != ""; i++ {
		sent, rest, _ := strings.Cut(s, ". ")
		s = rest
		w := strings.Fields(sent)
		if len(w) < 4 || w[0] != "A" && w[0] != "An" && w[0] != "The" {
			continue
		}
		w = w[1:]
		if strings.HasSuffix(w[0], "’s") && len(w) > 3 {
			w = w[1:] // "A player’s range of influence"
		}
		for n := 2; n <= maxTermWords && n+1 < len(w); n++ {
			if (w[n] == "is" || w[n] == "are") && (w[n+1] == "a" || w[n+1] == "an" || w[n+1] == "the") {
				term := strings.Join(w[:n], " ")
				if strings.IndexFunc(term, func(r rune) bool { return !unicode.IsLower(r) && r != ' ' && r != '-' }) < 0 {
					return term
				}
				break
			}
		}
	}
	return ""
}

// firstWords returns the first six words of s ("" past its end) and how
// many it has, without splitting the rest.
func firstWords(s string) (w [6]string, n int) {
	for n < len(w) {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			break
		}
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			i = len(s)
		}
		w[n], s = s[:i], s[i:]
		n++
	}
	return w, n
}

// bareKind reports whether s only says what kind of ability a keyword is
// ("Deathtouch is a static ability."): such a rule answers nothing about
// the keyword, and is read as a heading for the subrules after it.
func bareKind(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, " ability.") || strings.Count(s, " ") > 6 {
		return false
	}
	w, n := firstWords(s)
	return n >= 4 && w[1] == "is" && (w[2] == "a" || w[2] == "an") && !pronouns[w[0]]
}
