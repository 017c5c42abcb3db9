package cards

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
)

// Unnamed is a name an edition's examples give that no card of the data
// has: a card printed after the data was made, or one made up for the
// example. A reader is told so instead of being left to wonder why the
// name is not a link.
type Unnamed struct {
	Name  string
	Rules []*rules.Rule // the rules whose examples give it, in order
}

// Unnamed lists the names e's examples give that are not cards of the
// data, by name.
func (m *Mentions) Unnamed() []Unnamed {
	if m == nil {
		return nil
	}
	return m.unnamed
}

// word is a word of a text: text[start:end], letters and digits with the
// apostrophes and hyphens inside names ("Ajani’s", "Two-Headed").
type word struct{ start, end int }

func splitWords(text string) []word {
	var out []word
	start := -1
	for i, r := range text {
		apostrophe := r == '\'' || r == '’'
		inside := wordChar(r) || (start >= 0 && (apostrophe || r == '-')) ||
			(start < 0 && apostrophe && (i == 0 || text[i-1] == ' ') && letterAt(text, i+utf8.RuneLen(r))) // an elision: “The Ever-Changing ’Dane”
		switch {
		case inside && start < 0:
			start = i
		case !inside && start >= 0:
			out = append(out, word{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, word{start, len(text)})
	}
	// A word does not end in an apostrophe or hyphen ("players’").
	for k := range out {
		w := &out[k]
		for w.end > w.start {
			r, size := utf8.DecodeLastRuneInString(text[w.start:w.end])
			if r != '\'' && r != '’' && r != '-' {
				break
			}
			w.end -= size
		}
	}
	return out
}

func letterAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return i < len(text) && unicode.IsLetter(r)
}

// namesIn finds the capitalised names in an example's text that are not
// cards of the data. known are the cards Find found there; people are the
// examples' players ("Alex", "Bianca"), whose names are not cards'.
//
// A name is a run of capitalised words, joined by single spaces, by "of"
// and "the" ("Fae of Mana Wishes"), by a possessive ("Lich’s Mirror") or by
// a comma before an epithet ("Minsc, Beloved Ranger"). A sentence's first
// words are left out while they are words the rules write in lower case
// ("If", "When", "The"). What is left must be two words or more (one
// capitalised word is too often something else), and not only the rules'
// own words ("Basic Land", "Human Token") or a glossary term's.
func (n *Namer) namesIn(e *rules.Edition, text string, known []Span, people map[string]bool) []string {
	ws := splitWords(text)
	masked := func(w word) bool {
		for _, sp := range known {
			if w.start < sp.End && sp.Start < w.end {
				return true
			}
		}
		return false
	}
	capWord := func(k int) bool {
		return k < len(ws) && capitalised(text[ws[k].start:ws[k].end]) && !masked(ws[k])
	}
	sep := func(k int) string { return text[ws[k].end:ws[k+1].start] } // between word k and k+1
	var out []string
	for i := 0; i < len(ws); i++ {
		if !capWord(i) {
			continue
		}
		run := []int{i}
		j := i
		for j+1 < len(ws) {
			w := text[ws[j].start:ws[j].end]
			s := sep(j)
			if s == " " && capWord(j+1) {
				if owner, ok := possessor(w); ok && (people[owner] || len(run) > 1 && people[text[ws[run[0]].start:ws[run[0]].end]]) {
					break // "Alex’s Runeclaw Bear": a player's card
				}
				j++
				run = append(run, j)
				continue
			}
			if _, ok := possessor(w); ok {
				break
			}
			// " of ", " of the ", ", the ", ", " before a capitalised word.
			k := j
			for k+1 < len(ws) && k-j < 2 {
				next := text[ws[k+1].start:ws[k+1].end]
				if (next == "of" || next == "the") && (sep(k) == " " || k == j && sep(k) == ", " && next == "the") {
					k++
					continue
				}
				break
			}
			if k > j && k+1 < len(ws) && sep(k) == " " && capWord(k+1) ||
				k == j && s == ", " && len(run) == 1 && capWord(j+1) && !people[text[ws[j+1].start:ws[j+1].end]] && !people[w] {
				for m := j + 1; m <= k+1; m++ {
					run = append(run, m)
				}
				j = k + 1
				continue
			}
			break
		}
		i = j
		// A sentence's first words, when they are the rules' ordinary
		// words, start the sentence, not the name.
		if opensSentence(text[:ws[run[0]].start]) {
			whole := run
			for len(run) > 0 && n.lower[strings.ToLower(text[ws[run[0]].start:ws[run[0]].end])] {
				run = run[1:]
			}
			if len(run) < len(whole) && n.startsWithCard(text, ws, whole) {
				continue // “It That Betrays Eldrazi”: a card's name, then more
			}
		}
		if len(run) == 0 || !capitalised(text[ws[run[0]].start:ws[run[0]].end]) {
			continue
		}
		name := text[ws[run[0]].start:ws[run[len(run)-1]].end]
		if owner, ok := possessor(name); ok {
			name = owner
		}
		if n.plausible(e, name, people) && !n.typesOnly(name, text[:ws[run[0]].start], text[ws[run[len(run)-1]].end:]) {
			out = append(out, name)
		}
	}
	return out
}

// opensSentence reports whether a word after before starts a sentence,
// one in quotation marks or parentheses too (“Whenever Obeka deals …”).
func opensSentence(before string) bool {
	b := strings.TrimRight(before, " ")
	return strings.HasSuffix(b, "“") || strings.HasSuffix(b, "(") || strings.HasSuffix(b, "\"") || sentenceStart(before)
}

// typesOnly reports whether name, between before and after, is a
// creature's types or a token's name rather than a card's name, which may
// be made of type words too ("Vampire Spawn", "Mystic Reflection"). A
// colour or a power and toughness before it, or "creature" or "token"
// after it, say so whatever its words ("a black and green Plant Zombie
// creature"); an article, a dash or a quotation mark before it only when
// every word is a type ("a Shapeshifter Rogue in addition to",
// "Creature — Human Soldier"). A token's name ends in "Token".
func (n *Namer) typesOnly(name, before, after string) bool {
	if strings.HasSuffix(name, " Token") {
		return true
	}
	var last, next string
	if b := strings.Fields(before); len(b) > 0 {
		last = strings.TrimRight(b[len(b)-1], ",")
	}
	if a := strings.Fields(after); len(a) > 0 {
		next = strings.Trim(a[0], ".,;:”\"'")
	}
	switch next {
	case "creature", "creatures", "token", "tokens":
		return true
	}
	if isColour(last) || strings.IndexFunc(last, unicode.IsDigit) >= 0 {
		return true
	}
	for _, w := range strings.Fields(name) {
		if !n.types[w] {
			return false
		}
	}
	switch next {
	case "in", "card", "cards", "spell", "spells", "permanent", "permanents":
		return true
	}
	return last == "a" || last == "an" || last == "—" || last == "--" || strings.HasSuffix(last, "“") || strings.HasSuffix(last, "\"")
}

func isColour(w string) bool {
	switch w {
	case "white", "blue", "black", "red", "green", "colorless":
		return true
	}
	return false
}

// startsWithCard reports whether the words run of ws start with a card's
// name.
func (n *Namer) startsWithCard(text string, ws []word, run []int) bool {
	for _, k := range run {
		if _, ok := n.names[text[ws[run[0]].start:ws[k].end]]; ok {
			return true
		}
	}
	return false
}

// possessor is w without its possessive ending, if it has one.
func possessor(w string) (string, bool) {
	for _, s := range []string{"’s", "'s"} {
		if strings.HasSuffix(w, s) && len(w) > len(s) {
			return w[:len(w)-len(s)], true
		}
	}
	return w, false
}

// plausible reports whether name could be a card's name the data lacks.
func (n *Namer) plausible(e *rules.Edition, name string, people map[string]bool) bool {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == ',' })
	capitals, ruleWords := 0, 0
	for _, w := range words {
		if strings.IndexFunc(w, unicode.IsDigit) >= 0 || utf8.RuneCountInString(w) < 2 {
			return false // "Team A", "A1": the rules' labels
		}
		if !capitalised(w) {
			continue
		}
		capitals++
		// Type words are not counted: "Vampire Spawn" is a card's name,
		// and typesOnly tells it from a creature's types.
		if bare, _ := possessor(w); n.lower[strings.ToLower(bare)] || e.Term(bare) != nil || people[bare] {
			ruleWords++
		}
	}
	if capitals < 2 || ruleWords == capitals || e.Term(name) != nil || n.termStarts[name] {
		return false
	}
	// A card of the data written otherwise: plural ("Runeclaw Bears"), one
	// the Namer leaves out as a rules word, or followed by a rules word
	// ("Doomed Dissenter Token", "a Wort Commander deck").
	variants := []string{name, strings.TrimSuffix(name, "s"), strings.TrimSuffix(name, "es")}
	for v := name; ; {
		i := strings.LastIndexByte(v, ' ')
		if i < 0 || !n.rulesWord(e, v[i+1:]) {
			break
		}
		v = v[:i]
		variants = append(variants, v)
	}
	for _, v := range variants {
		if _, ok := n.names[v]; ok || n.skipped[v] || n.legends[v] {
			return false
		}
	}
	return true
}

// rulesWord reports whether w is a word of the rules' own: a type, a
// glossary term, or a word they write in lower case.
func (n *Namer) rulesWord(e *rules.Edition, w string) bool {
	return n.types[w] || n.lower[strings.ToLower(w)] || e.Term(w) != nil
}

// people are the examples' players: a capitalised word standing alone in
// the middle of a sentence, not a card, type or term, at least three times
// ("Alex", "Bianca", "Carissa").
func (n *Namer) people(e *rules.Edition) map[string]bool {
	count := map[string]int{}
	e.Walk(func(r *rules.Rule) bool {
		for _, b := range r.Body {
			if b.Kind != rules.BlockExample {
				continue
			}
			text := b.Text.S
			ws := splitWords(text)
			for k, w := range ws {
				s := text[w.start:w.end]
				s, _ = possessor(s)
				if !capitalised(s) || sentenceStart(text[:w.start]) {
					continue
				}
				if k > 0 && capitalised(text[ws[k-1].start:ws[k-1].end]) && text[ws[k-1].end:w.start] == " " ||
					k+1 < len(ws) && capitalised(text[ws[k+1].start:ws[k+1].end]) && text[w.end:ws[k+1].start] == " " {
					continue // part of a longer name
				}
				if _, card := n.names[s]; card || n.types[s] || e.Term(s) != nil {
					continue
				}
				count[s]++
			}
		}
		return true
	})
	people := map[string]bool{}
	for s, c := range count {
		if c >= 3 {
			people[s] = true
		}
	}
	return people
}

// sortUnnamed orders the names found and merges each one's rules.
func sortUnnamed(byName map[string][]*rules.Rule) []Unnamed {
	out := make([]Unnamed, 0, len(byName))
	for name, rs := range byName {
		out = append(out, Unnamed{Name: name, Rules: rs})
	}
	slices.SortFunc(out, func(a, b Unnamed) int { return strings.Compare(a.Name, b.Name) })
	return out
}
