package scenario

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// A scenario's card is what its line says: the engine has no card
// database. A line naming a real card must then say what the card data
// says, or be marked invented, so that a judge trying the sandbox is not
// shown a 1/1 Elite Vanguard (issue 26). CheckRealCards compares each face
// a scenario declares with the face of that exact name in the card data.

// CardMismatch is a face a scenario declares under a real card's name, not
// marked invented, whose characteristics differ from the card data's.
type CardMismatch struct {
	Scenario string // file name
	Line     int    // the face's line
	Card     string // the face's name
	Diffs    []string
}

func (m CardMismatch) String() string {
	return fmt.Sprintf("%s:%d: card %s differs from the card data (mark it \"(invented)\" if that is meant): %s",
		m.Scenario, m.Line, m.Card, strings.Join(m.Diffs, "; "))
}

// RealCardCount is how many of a scenario's faces name a real card: all of
// them, and those marked invented.
type RealCardCount struct {
	Real, Invented int
}

// CheckRealCards compares each face of sc's cards that set has by its exact
// name with the data, unless the card is marked invented: mana cost, type
// line, power and toughness, loyalty, a vanguard's modifiers, and the rules
// text (the card line's keywords and text: lines against the Oracle text,
// each read as cardtext.NormalizeOracle has it).
func CheckRealCards(sc *Scenario, set *cards.Set) ([]CardMismatch, RealCardCount) {
	var out []CardMismatch
	var n RealCardCount
	for _, d := range sc.Cards {
		for _, f := range d.faces() {
			name := f.Name
			if f == d && d.split[0] != "" {
				name = d.split[0] // the card line is the first half
			}
			real := set.ByName(name)
			if real == nil {
				continue
			}
			n.Real++
			if d.FromData {
				continue // the data's own characteristics
			}
			if d.Invented {
				n.Invented++
				continue
			}
			if diffs := compareFace(f, name, real); len(diffs) > 0 {
				out = append(out, CardMismatch{Scenario: sc.Name, Line: f.Line, Card: name, Diffs: diffs})
			}
		}
	}
	return out, n
}

// compareFace lists how face f, declared under name, differs from real.
func compareFace(f *CardDecl, name string, real *cards.Card) []string {
	var diffs []string
	if got, want := f.Cost.String(), realCost(real.ManaCost); got != want {
		diffs = append(diffs, fmt.Sprintf("mana cost %s, the card's is %s", orNone(got), orNone(want)))
	}
	if normType(f.TypeLine) != normType(real.Type) {
		diffs = append(diffs, fmt.Sprintf("type line %q, the card's is %q", f.TypeLine, real.Type))
	}
	wantPT := ""
	if real.Power != "" || real.Toughness != "" {
		wantPT = string(real.Power) + "/" + string(real.Toughness)
	}
	if f.PT != wantPT {
		diffs = append(diffs, fmt.Sprintf("power/toughness %s, the card's is %s", orNone(f.PT), orNone(wantPT)))
	}
	got := ""
	if f.Loyalty != 0 {
		got = fmt.Sprint(f.Loyalty)
	}
	if got != string(real.Loyalty) {
		diffs = append(diffs, fmt.Sprintf("loyalty %s, the card's is %s", orNone(got), orNone(string(real.Loyalty))))
	}
	if real.Hand != "" || real.Life != "" || f.Modifiers {
		if got, want := fmt.Sprintf("hand %+d, life %+d", f.HandMod, f.LifeMod), fmt.Sprintf("hand %s, life %s", signed(real.Hand), signed(real.Life)); got != want {
			diffs = append(diffs, fmt.Sprintf("%s, the card's %s", got, want))
		}
	}
	return append(diffs, compareText(f, name, real.Text)...)
}

// compareText lists the abilities the scenario writes that the card
// doesn't have, and those the card has that the scenario leaves out.
func compareText(f *CardDecl, name, oracle string) []string {
	var written []string
	for _, k := range f.Keywords {
		written = append(written, NormalizeAbility(name, k))
	}
	for _, l := range f.Text {
		written = append(written, NormalizeAbility(name, l.Text))
	}
	var real []string
	for _, l := range OracleAbilities(name, oracle) {
		real = append(real, NormalizeAbility(name, l))
	}
	if strings.Join(written, ". ") == strings.Join(real, ". ") {
		return nil // the same sentences, some written on one line
	}
	var extra, missing []string
	left := slices.Clone(real)
	for _, w := range written {
		if i := slices.Index(left, w); i >= 0 {
			left = slices.Delete(left, i, i+1)
			continue
		}
		extra = append(extra, w)
	}
	missing = left
	var diffs []string
	if len(extra) > 0 {
		diffs = append(diffs, fmt.Sprintf("text the card doesn't have: %q", extra))
	}
	if len(missing) > 0 {
		diffs = append(diffs, fmt.Sprintf("the card's text it leaves out: %q", missing))
	}
	return diffs
}

// OracleAbilities splits a face's Oracle text into abilities: one per
// line, a line of keywords ("Flying, first strike") one per keyword, and
// reminder text (207.2) left out, so a line that is only reminder text
// (a basic land's mana ability) is none.
func OracleAbilities(name, text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = dropReminder(l)
		if l == "" {
			continue
		}
		if parts := splitProtection(strings.Split(l, ", ")); len(parts) > 1 && allKeywords(parts) {
			out = append(out, parts...)
			continue
		}
		if parts := splitProtection(strings.Split(l, "; ")); len(parts) > 1 && allKeywords(parts) {
			out = append(out, parts...) // "Protection from black; flanking" (older keyword lines)
			continue
		}
		out = append(out, splitProtection([]string{l})...)
	}
	return out
}

// dropReminder drops a line's reminder text (207.2): a parenthesised
// passage at its end, which may hold quotes and parentheses of its own
// (Dryad Arbor's), or the whole line.
func dropReminder(l string) string {
	l = strings.TrimSpace(l)
	for strings.HasSuffix(l, ")") {
		depth := 0
		i := len(l) - 1
		for ; i >= 0; i-- {
			if l[i] == ')' {
				depth++
			} else if l[i] == '(' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if i < 0 || strings.Count(l[:i], "\"")%2 == 1 || strings.Count(l[:i], "“") > strings.Count(l[:i], "”") {
			break // inside a quoted ability: not reminder text
		}
		l = strings.TrimSpace(l[:i])
	}
	return l
}

// splitProtection writes "protection from black and from red" as the two
// keywords it is (702.16).
func splitProtection(parts []string) []string {
	var out []string
	for _, p := range parts {
		head, rest, ok := strings.Cut(p, " and from ")
		if !ok || !strings.HasPrefix(strings.ToLower(head), "protection from ") {
			out = append(out, p)
			continue
		}
		out = append(out, head)
		for _, q := range strings.Split(rest, " and from ") {
			out = append(out, "protection from "+q)
		}
	}
	return out
}

func allKeywords(parts []string) bool {
	for _, p := range parts {
		if !cardtext.IsKeyword(strings.ToLower(strings.TrimSpace(p))) && !keywordLike(p) {
			return false
		}
	}
	return true
}

// keywordLike is a keyword the engine doesn't list but a keyword line
// holds: one to three words, or a keyword with a cost or number.
func keywordLike(p string) bool {
	f := strings.Fields(p)
	return len(f) >= 1 && len(f) <= 4 && !strings.ContainsAny(p, ".:\"")
}

// wordings rewrites the wording that changed between the card data's
// Oracle text (2018) and the scenarios' (today's Oracle, written in the
// engine's dialect), so that only a difference of substance counts.
var wordings = strings.NewReplacer(
	"enters the battlefield", "enters",
	"enter the battlefield", "enter",
	"activate this ability only", "activate only",
	"converted mana cost", "mana value",
	// 2020: "then shuffle" replaced "Then shuffle your library".
	". then shuffle your library", ", then shuffle",
	". then shuffle their library", ", then shuffle",
	"then that player shuffles their library", "then that player shuffles",
	", reveal it, and put it into your hand", ", reveal it, put it into your hand",
	// 2024: "a creature you control enters" replaced "enters under your control".
	"creature enters the battlefield under your control", "creature you control enters",
	"’", "'", "“", "\"", "”", "\"",
	" — ", "—", " – ", "—", " -- ", "—",
	"−", "-",
)

// selfRe is what a card's text calls the card itself besides its name
// (201.5a, and today's Oracle wording "this creature").
var selfRe = regexp.MustCompile(`\bthis (creature|permanent|spell|artifact|enchantment|land|planeswalker|card|aura|equipment|vehicle)\b`)

// NormalizeAbility is an ability's wording as compared: reminder text
// dropped, the card's name and "this creature" written ~, the wording
// changes since 2018 undone, case, spacing and the final period ignored.
func NormalizeAbility(name, s string) string {
	s = wordings.Replace(strings.ToLower(dropReminder(s))) // the wordings are lower case: "Activate this ability only" starts a sentence
	if name != "" {
		s = strings.ReplaceAll(s, strings.ToLower(name), "~")
		// A legendary card's short name ("Isamaru" for "Isamaru, Hound of
		// Konda") means the card too (201.5b).
		if short, _, ok := strings.Cut(strings.ToLower(name), ","); ok {
			s = regexp.MustCompile(`\b`+regexp.QuoteMeta(short)+`\b`).ReplaceAllString(s, "~")
		}
	}
	s = selfRe.ReplaceAllString(s, "~")
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimSuffix(s, ".")
}

// realCost is the data's mana cost as the engine writes it, or as written
// when the engine can't read it (Unhinged's half mana).
func realCost(s string) string {
	if s == "" {
		return ""
	}
	c, err := cardtext.ParseManaCost(s)
	if err != nil {
		return s
	}
	return c.String()
}

// normType is a type line as compared: the dash and spacing as any, case
// ignored.
func normType(s string) string {
	s = wordings.Replace(s)
	s = strings.ReplaceAll(s, "—", " — ")
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func signed(s cards.Stat) string {
	if s == "" {
		return "+0"
	}
	if !strings.HasPrefix(string(s), "-") && !strings.HasPrefix(string(s), "+") {
		return "+" + string(s)
	}
	return string(s)
}
