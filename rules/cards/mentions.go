package cards

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
)

// Mention is a place where an edition of the rules names a card: a rule's
// text or example, or a glossary entry.
type Mention struct {
	Rule    *rules.Rule          // nil for a glossary entry
	Entry   *rules.GlossaryEntry // nil for a rule
	Example bool                 // in one of the rule's examples
}

// Mentions is every card an edition names, by face name.
type Mentions struct {
	byName  map[string][]Mention
	unnamed []Unnamed
}

// Of returns where the edition names the face called name, in document
// order, each place once.
func (m *Mentions) Of(name string) []Mention {
	if m == nil {
		return nil
	}
	return m.byName[name]
}

// Count is how many names the edition mentions.
func (m *Mentions) Count() int { return len(m.byName) }

// Namer finds card names in the rules' prose. It matches only exact,
// capitalised names ("Blood Moon", not "blood moon"), the longest at each
// place, and leaves out names that are also the rules' own words: glossary
// terms and keywords ("Flash", "Regenerate"), card types and subtypes
// written in chapter 205 ("Island", "Wall", "Plains"), and a one-word name
// starting a sentence, where any word is capitalised.
type Namer struct {
	names   map[string]string // a name as written → the face it names
	maxLen  int
	skipped map[string]bool
	types   map[string]bool // the type words of chapter 205
	lower   map[string]bool // the words the edition writes in lower case
	// termStarts are the glossary terms' first words ("Two-Headed Giant"
	// of "Two-Headed Giant Variant"); legends are the first parts of
	// legends' names, by which the rules call them ("Wort" of "Wort, the
	// Raidmother").
	termStarts, legends map[string]bool
}

// NewNamer is a Namer of s's faces for edition e's text.
func (s *Set) NewNamer(e *rules.Edition) *Namer {
	types, lower := typeWords(e), lowerWords(e)
	termStarts := map[string]bool{}
	n := &Namer{names: make(map[string]string, len(s.Cards)), skipped: map[string]bool{}, types: types, lower: lower,
		termStarts: termStarts, legends: map[string]bool{}}
	for _, g := range e.Glossary {
		for _, t := range g.Terms {
			for i := range len(t) {
				if t[i] == ' ' {
					termStarts[t[:i]] = true
				}
			}
		}
	}
	for i := range s.Cards {
		c := &s.Cards[i]
		r, _ := utf8.DecodeRuneInString(c.Name)
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			continue
		}
		if i := strings.Index(c.Name, ", "); i > 0 {
			n.legends[c.Name[:i]] = true
		}
		if e.Term(c.Name) != nil || termStarts[c.Name] || (oneWord(c.Name) && lower[strings.ToLower(c.Name)]) {
			n.skipped[c.Name] = true
			continue
		}
		// A split card by its whole name too ("Fire // Ice"), and with
		// the curly apostrophes the rules write (“Aladdin’s Lamp”) where
		// the Oracle's are straight.
		for _, name := range []string{c.Name, s.FullName(c)} {
			face := c.Name
			if name != c.Name {
				face = c.Names[0] // the whole card's page is its first face's
			}
			// Older editions write Æ where today's Oracle writes Ae.
			if ae := strings.ReplaceAll(name, "Ae", "Æ"); ae != name {
				n.names[ae] = face
			}
			curly := strings.ReplaceAll(name, "'", "’")
			n.names[name] = face
			n.names[curly] = face
			n.maxLen = max(n.maxLen, len(curly))
		}
	}
	return n
}

// typePhrase reports whether name, followed by after, is types of a
// creature or token rather than a card: "a 1/1 green Elf Warrior creature
// token", where every word of the name is a type word.
func (n *Namer) typePhrase(name, after string) bool {
	if !strings.HasPrefix(after, " creature") && !strings.HasPrefix(after, " token") {
		return false
	}
	types := n.types
	for _, w := range strings.Fields(name) {
		if !types[w] {
			return false
		}
	}
	return true
}

// Skipped reports whether name is a card the Namer never matches because
// it is a rules word.
func (n *Namer) Skipped(name string) bool { return n.skipped[name] }

// typeWords are the capitalised words of the rule on the type line (205
// today, 204 in 2009), card types and subtypes: "Island", "Wall",
// "Equipment".
func typeWords(e *rules.Edition) map[string]bool {
	words := map[string]bool{}
	typeLine := "205"
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			if strings.EqualFold(strings.TrimSpace(c.Title()), "Type Line") {
				typeLine = c.Number.String()
			}
		}
	}
	e.Walk(func(r *rules.Rule) bool {
		if r.Number.String() != typeLine && !strings.HasPrefix(r.Number.String(), typeLine+".") {
			return true
		}
		for _, b := range r.Body {
			for _, w := range strings.FieldsFunc(b.Text.S, func(r rune) bool {
				return !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-'
			}) {
				if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
					words[w] = true
				}
			}
		}
		return true
	})
	return words
}

// lowerWords are the words e writes in lower case anywhere.
func lowerWords(e *rules.Edition) map[string]bool {
	words := map[string]bool{}
	add := func(blocks []rules.Block) {
		for _, b := range blocks {
			for _, w := range strings.FieldsFunc(b.Text.S, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if r, _ := utf8.DecodeRuneInString(w); unicode.IsLower(r) {
					words[w] = true
				}
			}
		}
	}
	e.Walk(func(r *rules.Rule) bool { add(r.Body); return true })
	for _, g := range e.Glossary {
		add(g.Body)
	}
	return words
}

// Span is a card name found in text: text[Start:End] names Card.
type Span struct {
	Start, End int
	Card       string
}

// Find returns the card names in text, left to right, never overlapping.
func (n *Namer) Find(text string) []Span {
	var out []Span
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !(unicode.IsUpper(r) || unicode.IsDigit(r)) || (i > 0 && wordChar(lastRune(text[:i]))) {
			i += size
			continue
		}
		end := -1
		for k := i + size; k <= len(text) && k-i <= n.maxLen; {
			var next rune
			var w int
			if k < len(text) {
				next, w = utf8.DecodeRuneInString(text[k:])
			}
			if k == len(text) || !wordChar(next) {
				if _, ok := n.names[text[i:k]]; ok {
					end = k
				}
			}
			if k == len(text) {
				break
			}
			k += w
		}
		if end > 0 && !(oneWord(text[i:end]) && sentenceStart(text[:i])) && !n.partOfLonger(text[:i], text[end:]) && !n.typePhrase(text[i:end], text[end:]) {
			out = append(out, Span{Start: i, End: end, Card: n.names[text[i:end]]})
			i = end
			continue
		}
		i += size
	}
	return out
}

func wordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func oneWord(s string) bool { return !strings.ContainsAny(s, " -") }

// sentenceStart reports whether a word after before starts a sentence or
// the text.
func sentenceStart(before string) bool {
	before = strings.TrimRight(before, " \t\n\"“(")
	if before == "" {
		return true
	}
	return endsSentence(before)
}

// endsSentence reports whether w ends a sentence or a clause: "graveyard.",
// "it:", and a quotation or parenthesis closed after one ("target.”",
// "{B}{B}).").
func endsSentence(w string) bool {
	w = strings.TrimRight(w, "”\"’')")
	if w == "" {
		return false
	}
	switch w[len(w)-1] {
	case '.', ':', '!', '?', ';':
		return true
	}
	return false
}

// partOfLonger reports whether a name found between before and after is
// likely part of a longer name the card data lacks (a newer card): a
// capitalised word right before or after it ("Sorin’s Thirst", "Seeker of
// the Way", "Rune of Flight"), or a legend's epithet
// ("Jegantha, the Wellspring"). A comma between names ("Abu Ja’far,
// Aladdin, Aladdin’s Lamp") keeps them apart, and a capitalised word that
// only starts the sentence ("If Lightning Bolt …") is not a name's.
func (n *Namer) partOfLonger(before, after string) bool {
	// Three words and "of the" either side are all it reads: a window of
	// the text, cut at a space, keeps a paragraph's names from costing the
	// square of its length.
	const window = 120
	if len(after) > window {
		after = after[:window]
		after = after[:max(0, strings.LastIndexByte(after, ' '))]
	}
	if len(before) > window {
		before = before[len(before)-window:]
		before = before[strings.IndexByte(before, ' ')+1:]
	}
	// After: "’s Word", " Word", " of Word", " of the Word".
	a := strings.TrimPrefix(strings.TrimPrefix(after, "’s"), "'s")
	if strings.HasPrefix(a, " ") {
		words := strings.Fields(a)
		for k, w := range words {
			if k > 2 {
				break
			}
			if capitalised(w) {
				return true
			}
			if w != "of" && w != "the" {
				break
			}
		}
	}
	// Before: "Word ", "Word’s ", "Word of ", "Word of the ", "Word, the ".
	if strings.HasSuffix(before, " ") {
		words := strings.Fields(before)
		linked := false // an "of" or "the" between the word and the name
		for k := len(words) - 1; k >= 0 && k >= len(words)-3; k-- {
			w := words[k]
			if linked && strings.HasSuffix(w, ",") && capitalised(w) && words[len(words)-1] == "the" {
				return true // "Jegantha, the Wellspring"
			}
			if strings.IndexFunc(w, func(r rune) bool { return !wordChar(r) && r != '’' && r != '\'' }) >= 0 {
				break // punctuation: the end of a sentence, a clause or a list item
			}
			if capitalised(w) {
				// A sentence's first word is capitalised whatever it is:
				// part of the name only if joined to it by "of" or "the".
				starts := k == 0 || endsSentence(words[k-1])
				return !starts || linked
			}
			if w != "of" && w != "the" {
				break
			}
			linked = true
		}
	}
	return false
}

func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(w, "’'")) // “’Dane”
	return unicode.IsUpper(r)
}

// Mentions finds every card e's rules and glossary name.
func (n *Namer) Mentions(e *rules.Edition) *Mentions {
	m := &Mentions{byName: map[string][]Mention{}}
	add := func(name string, at Mention) {
		list := m.byName[name]
		if len(list) > 0 && list[len(list)-1].Rule == at.Rule && list[len(list)-1].Entry == at.Entry {
			list[len(list)-1].Example = list[len(list)-1].Example || at.Example
			return
		}
		m.byName[name] = append(list, at)
	}
	people := n.people(e)
	unnamed := map[string][]*rules.Rule{}
	e.Walk(func(r *rules.Rule) bool {
		for _, b := range r.Body {
			found := n.Find(b.Text.S)
			for _, sp := range found {
				add(sp.Card, Mention{Rule: r, Example: b.Kind == rules.BlockExample})
			}
			if b.Kind != rules.BlockExample {
				continue
			}
			for _, name := range n.namesIn(e, b.Text.S, found, people) {
				if rs := unnamed[name]; len(rs) == 0 || rs[len(rs)-1] != r {
					unnamed[name] = append(rs, r)
				}
			}
		}
		return true
	})
	m.unnamed = sortUnnamed(unnamed)
	for _, g := range e.Glossary {
		for _, b := range g.Body {
			for _, sp := range n.Find(b.Text.S) {
				add(sp.Card, Mention{Entry: g})
			}
		}
	}
	return m
}
