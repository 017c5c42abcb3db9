package locate

import (
	"iter"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// Judges name the IPG's infractions by their initials and their short
// names: "GRV", "a HCE", "USC minor", "missed trigger", "slow play".
// Titled reads such words against an edition's own titles
// ("Game Play Error — Game Rule Violation"), so the entry found is the
// one that edition numbers so, whatever the number: Deck Problem is 3.5
// in 2024 and was 3.9 before; Missed Trigger was 3.1 in 2010.

// abbreviations are the initials judges write, each spelled out as the
// IPG's titles spell the name, in the words titles are read into
// (titleWords: lower case, singular).
var abbreviations = map[string]string{
	"gpe":   "game play error",
	"mt":    "missed trigger",
	"lec":   "looking at extra card",
	"hce":   "hidden card error",
	"mpe":   "mulligan procedure error",
	"grv":   "game rule violation",
	"fmgs":  "failure to maintain game state",
	"ftmgs": "failure to maintain game state",
	"dec":   "drawing extra card",
	"te":    "tournament error",
	"ddlp":  "deck decklist problem",
	"dlp":   "decklist problem",
	"lpv":   "limited procedure violation",
	"cpv":   "communication policy violation",
	"usc":   "unsporting conduct",
	"idw":   "improperly determining a winner",
	"uc":    "unsporting conduct",
}

// renamed pairs the names one infraction has had, each finding the other
// in an edition that lacks it: the 2024 IPG has no Drawing Extra Cards,
// which a Hidden Card Error now covers; before 2015 there was no Decklist
// Problem, only Deck/Decklist Problem. A name is tried as typed first.
var renamed = [][2]string{
	{"drawing extra card", "hidden card error"},
	{"decklist problem", "deck decklist problem"},
	{"deck problem", "deck decklist problem"},
	{"communication policy violation", "player communication violation"},
	{"mulligan procedure error", "improper drawing at start of game"},
	{"limited procedure violation", "draft procedure violation"},
	{"insufficient shuffling", "insufficient randomization"},
	{"bribery", "bribery and wagering"},
	{"wagering", "bribery and wagering"},
}

// gradeNames are infraction names that only say how serious their
// category's infraction is ("Unsporting Conduct — Minor"): alone
// ("minor") they name nothing.
var gradeNames = map[string]bool{"minor": true, "major": true}

// Titled finds the entry of e that words name by its title. An entry
// whose title names a category and an infraction ("Tournament Error —
// Slow Play") answers to the whole title or to the infraction's name
// ("slow play"); any other to its whole title ("Game Play Errors",
// "Taking Notes"). Judges' initials ("GRV", "USC minor") and older or
// newer names of an infraction find it too. Words may end with the name
// of one of the entry's parts ("GRV philosophy"), which part returns.
// It returns nil when words name no entry of e.
func Titled(e *rules.Edition, words string) (r *rules.Rule, part string) {
	return find(e, words, false)
}

// Infraction is Titled for the words of a search not made in e's own
// document: only infractions and their categories answer ("missed
// trigger", "GRV", "unsporting conduct"), not the IPG's other entries,
// whose titles are ordinary words ("Sets", "Backing Up").
func Infraction(e *rules.Edition, words string) (r *rules.Rule, part string) {
	return find(e, words, true)
}

func find(e *rules.Edition, words string, infractions bool) (*rules.Rule, string) {
	ws := titleWords(words, true)
	for len(ws) > 0 && (ws[0] == "a" || ws[0] == "an" || ws[0] == "the") {
		ws = ws[1:]
	}
	if len(ws) == 0 || len(ws) > 12 {
		return nil, ""
	}
	if r := named(e, ws, infractions); r != nil {
		return r, ""
	}
	// Words ending with a part's name: "grv philosophy", "missed trigger
	// additional remedy".
	for k := 1; k <= 2 && k < len(ws); k++ {
		if r := named(e, ws[:len(ws)-k], infractions); r != nil {
			if h, ok := PartOf(r, strings.Join(ws[len(ws)-k:], " ")); ok {
				return r, h
			}
		}
	}
	return nil, ""
}

// renamedWords are renamed's names as words.
var renamedWords = func() [][2][]string {
	out := make([][2][]string, len(renamed))
	for i, p := range renamed {
		out[i] = [2][]string{strings.Fields(p[0]), strings.Fields(p[1])}
	}
	return out
}()

// named finds the first entry of e that ws names, or one of its other
// names.
func named(e *rules.Edition, ws []string, infractions bool) *rules.Rule {
	if r := titledAs(e, ws, infractions); r != nil {
		return r
	}
	for _, p := range renamedWords {
		for i, n := range p {
			if slices.Equal(n, ws) {
				if r := titledAs(e, p[1-i], infractions); r != nil {
					return r
				}
			}
		}
	}
	return nil
}

// titledAs finds the first entry of e, in document order, whose title or
// infraction name reads as ws; with infractions, only an infraction or a
// chapter (a category of them). It allocates nothing: the search page
// asks on every query.
func titledAs(e *rules.Edition, ws []string, infractions bool) *rules.Rule {
	grade := len(ws) == 1 && gradeNames[ws[0]]
	var found *rules.Rule
	e.Walk(func(r *rules.Rule) bool {
		if r.Title() == "" {
			return true
		}
		cat, inf := splitTitle(r.Title())
		if infractions && cat == "" && r.Parent != nil {
			return true
		}
		if sameWords(r.Title(), ws) {
			found = r
			return false
		}
		if cat == "" || grade {
			return true
		}
		// The infraction's name, and the name of a kind of it split
		// further ("Marked Cards - No Pattern" in 2009).
		kind, _ := splitTitle(inf)
		if sameWords(inf, ws) || sameWords(kind, ws) {
			found = r
			return false
		}
		return true
	})
	return found
}

// splitTitle splits an infraction's title at its dash: "Game Play Error
// — Missed Trigger" is "Game Play Error" and "Missed Trigger". A title
// with no dash between spaces is all name.
func splitTitle(t string) (category, name string) {
	for _, d := range []string{" — ", " – ", " - ", "—"} {
		if c, n, ok := strings.Cut(t, d); ok && strings.TrimSpace(c) != "" && strings.TrimSpace(n) != "" {
			return strings.TrimSpace(c), strings.TrimSpace(n)
		}
	}
	return "", t
}

// PartOf finds the heading of the part of r that words name: "philosophy"
// is "Philosophy", "remedy" and "additional remedy" are "Additional
// Remedy", "example" is "Examples".
func PartOf(r *rules.Rule, words string) (string, bool) {
	want := titleWords(words, false)
	if len(want) == 0 {
		return "", false
	}
	for _, b := range r.Body {
		if b.Kind != rules.BlockHeading {
			continue
		}
		have := titleWords(b.Text.S, false)
		if len(have) >= len(want) && strings.Join(have[len(have)-len(want):], " ") == strings.Join(want, " ") {
			return b.Text.S, true
		}
	}
	return "", false
}

// Appendix finds e's appendix with letter ("b"): the topic titled
// "Appendix B — Time Limits".
func Appendix(e *rules.Edition, letter string) *rules.Topic {
	for _, t := range e.Topics {
		ws := titleWords(t.Title, false)
		if len(ws) >= 2 && ws[0] == "appendix" && ws[1] == letter {
			return t
		}
	}
	return nil
}

// titleWords reads s as the words of a title: lower case, ASCII letters
// and digits only ("Deck/Decklist" is two words), each singular ("Cards"
// is "card"); with expand, judges' initials spelled out.
func titleWords(s string, expand bool) []string {
	var out []string
	for w := range wordsOf(s) {
		w = strings.ToLower(w)
		if x, ok := abbreviations[w]; ok && expand {
			out = append(out, strings.Fields(x)...)
			continue
		}
		out = append(out, singular(w))
	}
	return out
}

// sameWords reports whether s reads as ws (titleWords(s, false)),
// without allocating.
func sameWords(s string, ws []string) bool {
	i := 0
	for w := range wordsOf(s) {
		if i == len(ws) || !strings.EqualFold(singular(w), ws[i]) {
			return false
		}
		i++
	}
	return i == len(ws)
}

// wordsOf yields the runs of ASCII letters and digits of s.
func wordsOf(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i <= len(s); i++ {
			if i < len(s) && isAlnum(s[i]) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 && !yield(s[start:i]) {
				return
			}
			start = -1
		}
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// singular is a word without its plural "s": "cards" → "card", "errors"
// → "error"; "tardiness", "bus" and short words are left alone. Any case.
func singular(w string) string {
	n := len(w)
	if n > 3 && (w[n-1] == 's' || w[n-1] == 'S') && !strings.ContainsRune("sSuU", rune(w[n-2])) {
		return w[:n-1]
	}
	return w
}
