package rules

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Glossary recovery. A glossary fragment whose term lines are lost is a run
// of definition paragraphs: some start an entry, the rest continue the one
// before. Each paragraph yields candidate terms with a weight of evidence:
//
//	3  the text names its subject: This is called “mana burn.”, The term
//	   “main phase” …, The “main game” is …
//	2  the first sentence's subject: Mana is …, A mana ability is …, The mana
//	   cost of a card is … (1.5 if plural: The mana symbols are …)
//	   or the quoted old wording of an obsolete term (Some older cards were
//	   printed with the type “mana source.”)
//	1  a later sentence's subject, a quoted phrase, a term cited elsewhere
//	   ("See also Mana Burn.")
//	½  each repeat of a two- or three-word phrase ("loses the game" twice)
//
// The glossary is in alphabetical order, so the entries chosen must have
// strictly increasing terms. Among the segmentations that keep that order,
// the one with the most evidence wins, each new entry costing one unit (so a
// paragraph only starts an entry on real evidence). The first paragraph
// always belongs to an entry: if it starts mid-sentence it is the tail of
// one whose beginning is lost.

// recoverGlossary splits glossary paragraphs whose term lines are lost into
// entries and infers each entry's term. Every entry is marked Recovered and
// gets a warning naming the term chosen, since it is a guess.
func recoverGlossary(lines []tline, file string, d *diags) []*GlossaryEntry {
	if len(lines) == 0 {
		return nil
	}
	paras := make([]recPara, len(lines))
	cited := citedTerms(lines)
	for i, l := range lines {
		paras[i] = recPara{line: l, tail: i == 0 && startsMidSentence(l.s)}
		if i > 0 && startsMidSentence(l.s) {
			continue // a broken line of the paragraph before; never an entry
		}
		paras[i].cands = termCandidates(l.s, cited)
	}
	starts := chooseStarts(paras)

	var out []*GlossaryEntry
	var g *GlossaryEntry
	sense := 0
	fid := fileOf(file)
	for i, p := range paras {
		pos := fid.at(int(p.line.n))
		if c, ok := starts[i]; ok {
			found := c.term != ""
			if !found {
				c.term = firstWords(p.line.s)
			}
			g = &GlossaryEntry{Terms: []string{c.term}, Slug: Slug(c.term), Recovered: true, Pos: pos}
			g.Obsolete = soundsObsolete(p.line.s)
			out = append(out, g)
			sense = 0
			switch {
			case !found:
				d.warnf(pos.Line(), "glossary entry without a term line and no term in its text; named after its first words %q", c.term)
			case p.tail:
				d.warnf(pos.Line(), "glossary text starts mid-entry; only the tail of an entry survives, its term recovered as %q", c.term)
			default:
				d.warnf(pos.Line(), "glossary entry without a term line; term recovered as %q from its text", c.term)
			}
			if g.Obsolete {
				d.warnf(pos.Line(), "glossary entry %q marked obsolete from its text", c.term)
			}
		}
		k, s := BlockText, p.line.s
		if strings.HasPrefix(s, "Example:") {
			k, s = BlockExample, trimSpace(s[len("Example:"):])
		} else if n, rest := senseNumber(s); n > 0 {
			sense, s = n, rest
		}
		g.Body = append(g.Body, Block{Kind: k, Sense: senseOf(sense), Text: normText(s), Pos: pos})
	}
	return out
}

type recPara struct {
	line  tline
	tail  bool // the first paragraph, starting mid-sentence
	cands []termCand
}

type termCand struct {
	term  string  // as a glossary headword: "Lose the Game"
	key   string  // its alphabetical sort key
	score float64 // evidence
}

// chooseStarts picks which paragraphs start entries, and with which term:
// the chain of (paragraph, candidate) with strictly increasing keys and the
// most evidence. A Fenwick tree over the sorted keys gives the best chain
// ending below any key, so this is O(n log n) for n candidates.
func chooseStarts(paras []recPara) map[int]termCand {
	const cost = 1.0
	type state struct {
		para, cand int // cand -1: a start with no term
		total      float64
		prev       int // index into states, -1 for the first
	}
	var keys []string
	for _, p := range paras {
		for _, c := range p.cands {
			keys = append(keys, c.key)
		}
	}
	sort.Strings(keys)
	keys = compactStrings(keys)
	// Position 0 is for a start with no term; a key of rank r sits at r+1.
	pos := func(c termCand) int { return sort.SearchStrings(keys, c.key) + 1 }
	tree := newMaxTree(len(keys) + 1)
	var states []state
	insert := func(from int) {
		for si := from; si < len(states); si++ {
			s := states[si]
			p := 0
			if s.cand >= 0 {
				p = pos(paras[s.para].cands[s.cand])
			}
			tree.set(p, s.total, si)
		}
	}
	// Paragraph 0 always starts an entry.
	first := paras[0]
	if len(first.cands) == 0 {
		states = append(states, state{para: 0, cand: -1, prev: -1})
	}
	for ci, c := range first.cands {
		states = append(states, state{para: 0, cand: ci, total: c.score, prev: -1})
	}
	insert(0)
	for i := 1; i < len(paras); i++ {
		from := len(states)
		for ci, c := range paras[i].cands {
			v, prev := tree.max(pos(c)) // the best chain ending strictly below c
			if prev < 0 {
				continue
			}
			states = append(states, state{para: i, cand: ci, total: v + c.score - cost, prev: prev})
		}
		insert(from)
	}
	out := map[int]termCand{}
	_, best := tree.max(len(keys) + 1)
	for si := best; si >= 0; si = states[si].prev {
		if s := states[si]; s.cand >= 0 {
			out[s.para] = paras[s.para].cands[s.cand]
		} else {
			out[s.para] = termCand{}
		}
	}
	return out
}

// maxTree is a Fenwick tree of prefix maxima with the index that holds each.
type maxTree struct {
	v  []float64
	at []int
}

func newMaxTree(n int) *maxTree {
	t := &maxTree{v: make([]float64, n+1), at: make([]int, n+1)}
	for i := range t.at {
		t.at[i] = -1
	}
	return t
}

// set records value v (from state s) at position p, 0 ≤ p < n.
func (t *maxTree) set(p int, v float64, s int) {
	for i := p + 1; i < len(t.v); i += i & -i {
		if t.at[i] < 0 || v > t.v[i] {
			t.v[i], t.at[i] = v, s
		}
	}
}

// max returns the best value at positions < p, and its state (-1 if none).
func (t *maxTree) max(p int) (float64, int) {
	best, at := 0.0, -1
	for i := min(p, len(t.v)-1); i > 0; i -= i & -i {
		if t.at[i] >= 0 && (at < 0 || t.v[i] > best) {
			best, at = t.v[i], t.at[i]
		}
	}
	return best, at
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// startsMidSentence reports whether a paragraph begins in the middle of a
// sentence: lower case, or punctuation other than a quote.
func startsMidSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLower(r) || r == ')' || r == ',' || r == ';' || r == '.'
}

// soundsObsolete recognises the glossary's wording for obsolete terms.
func soundsObsolete(s string) bool {
	first := strings.ToLower(firstSentence(s))
	return strings.Contains(first, "older") && strings.Contains(first, "cards") ||
		strings.Contains(first, "obsolete") || strings.HasPrefix(first, "a term that meant")
}

// citedTerms collects the glossary terms the paragraphs refer to: "See Mana
// Burn." and "See also Mana Burn." (but not "See rule …").
func citedTerms(lines []tline) map[string]bool {
	out := map[string]bool{}
	for _, l := range lines {
		s := l.s
		for {
			i := strings.Index(s, "See ")
			if i < 0 {
				break
			}
			s = strings.TrimPrefix(s[i+4:], "also ")
			if strings.HasPrefix(s, "rule") || strings.HasPrefix(s, "section") {
				continue
			}
			if j := strings.IndexAny(s, ".,;"); j > 0 {
				out[termKey(s[:j])] = true
			}
		}
	}
	return out
}

// termCandidates lists the terms a paragraph could define, with evidence.
func termCandidates(s string, cited map[string]bool) []termCand {
	found := map[string]*termCand{}
	add := func(phrase string, score float64) {
		t := headword(phrase)
		if t == "" {
			return
		}
		k := termKey(t)
		if k == "" {
			return
		}
		if c := found[k]; c != nil {
			c.score += score
			return
		}
		found[k] = &termCand{term: t, key: k, score: score}
	}
	// 3: the text names its subject.
	for _, p := range []string{"This is called ", "this is called ", "The term ", "the term ", "known as "} {
		for _, q := range quotedAfter(s, p) {
			add(q, 3)
		}
	}
	for _, q := range quotedSubjects(s) {
		add(q, 3)
	}
	// 2 and 1: sentence subjects.
	for i, sent := range sentences(s) {
		subj, plural := subjectOf(sent)
		if subj == "" {
			continue
		}
		switch {
		case i > 0:
			add(subj, 1)
		case plural:
			add(subj, 1.5)
		default:
			add(subj, 2)
		}
	}
	// 2: the quoted old wording in "Some older cards were printed with the
	// type “mana source.”"
	if soundsObsolete(s) {
		for _, q := range quoted(firstSentence(s)) {
			add(q, 2)
		}
	}
	// 1: quoted phrases.
	for _, q := range quoted(s) {
		if len(strings.Fields(q)) <= 4 {
			add(q, 1)
		}
	}
	// ½ per repeat of a short phrase.
	for phrase, n := range repeatedPhrases(s) {
		add(phrase, 0.5*float64(n))
	}
	out := make([]termCand, 0, len(found))
	for _, c := range found {
		if cited[c.key] {
			c.score++
		}
		out = append(out, *c)
	}
	// Keep the strongest few, in a stable order.
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].key < out[j].key
	})
	if len(out) > 6 {
		out = out[:6]
	}
	return out
}

// termKey is the glossary's sort key: letters and digits only, lower case
// ("Characteristic-Defining Ability" → "characteristicdefiningability").
func termKey(s string) string {
	var b strings.Builder
	for _, r := range FoldTerm(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// headword turns a phrase from running text into a glossary headword:
// singular, verbs in the base form, title case ("loses the game" → "Lose
// the Game", "mana symbols" → "Mana Symbol").
func headword(phrase string) string {
	phrase = strings.Trim(phrase, " .,;:“”\"'‘’")
	words := strings.Fields(phrase)
	if len(words) == 0 || len(words) > 5 {
		return ""
	}
	for _, w := range words {
		for _, r := range w {
			if unicode.IsDigit(r) || r == '{' || r == '[' || r == '(' {
				return ""
			}
		}
	}
	if len(words) > 1 && isDeterminer(words[1]) {
		words[0] = baseVerb(words[0])
	}
	words[len(words)-1] = singular(words[len(words)-1])
	for i, w := range words {
		lw := strings.ToLower(w)
		if i > 0 && minorWord[lw] {
			words[i] = lw
			continue
		}
		r, n := utf8.DecodeRuneInString(w)
		words[i] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(words, " ")
}

// minorWord are the words a headword keeps in lower case after its first.
var minorWord = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "and": true, "or": true, "to": true,
	"in": true, "on": true, "for": true, "with": true, "as": true, "at": true, "by": true, "from": true,
}

func isDeterminer(w string) bool {
	switch strings.ToLower(w) {
	case "the", "a", "an", "its", "their", "that", "this", "his", "her":
		return true
	}
	return false
}

// baseVerb undoes a third-person -s: "loses" → "lose", "passes" → "pass".
func baseVerb(w string) string {
	for _, suf := range []string{"sses", "shes", "ches", "xes", "zzes"} {
		if strings.HasSuffix(w, suf) {
			return w[:len(w)-2]
		}
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3 {
		return w[:len(w)-1]
	}
	return w
}

// singular undoes a regular plural: "symbols" → "symbol", "abilities" →
// "ability".
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"), len(w) <= 3:
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// sentences splits a paragraph at ". " (outside parentheses and quotes are
// not tracked: definitions are simple enough).
func sentences(s string) []string {
	var out []string
	for {
		i := strings.Index(s, ". ")
		if i < 0 {
			out = append(out, s)
			return out
		}
		out = append(out, s[:i+1])
		s = s[i+2:]
	}
}

func firstSentence(s string) string { return sentences(s)[0] }

// subjectOf finds the subject of a defining sentence "X is …" / "X are …":
// a short noun phrase, with its article, parentheticals and trailing
// prepositional phrase dropped. It reports whether the subject is plural.
func subjectOf(sent string) (string, bool) {
	i := strings.Index(sent, " is ")
	plural := false
	if j := strings.Index(sent, " are "); j >= 0 && (i < 0 || j < i) {
		i, plural = j, true
	}
	if i <= 0 {
		return "", false
	}
	subj := dropParens(sent[:i])
	if strings.ContainsAny(subj, ",;:“”\"") {
		return "", false
	}
	words := strings.Fields(subj)
	if len(words) == 0 {
		return "", false
	}
	switch strings.ToLower(words[0]) {
	case "a", "an", "the":
		words = words[1:]
	case "it", "this", "that", "these", "those", "there", "each", "some", "any", "when", "if", "its", "their", "one", "all", "no", "such", "what", "which", "whenever", "as":
		return "", false
	}
	for k, w := range words {
		switch w {
		case "of", "that", "in", "on", "with", "from", "for", "who", "which":
			words = words[:k]
		}
		if len(words) <= k {
			break
		}
	}
	if len(words) == 0 || len(words) > 4 {
		return "", false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) {
			return "", false
		}
	}
	return strings.Join(words, " "), plural
}

// dropParens removes parenthesised asides (an unclosed one runs to the end).
func dropParens(s string) string {
	if strings.IndexByte(s, '(') < 0 {
		return s
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// quoted returns the phrases in “curly” or "straight" quotes.
func quoted(s string) []string {
	var out []string
	for {
		open, close := "“", "”"
		i := strings.Index(s, open)
		if j := strings.IndexByte(s, '"'); j >= 0 && (i < 0 || j < i) {
			i, open, close = j, `"`, `"`
		}
		if i < 0 {
			return out
		}
		s = s[i+len(open):]
		j := strings.Index(s, close)
		if j < 0 {
			return out
		}
		out = append(out, s[:j])
		s = s[j+len(close):]
	}
}

// quotedAfter returns quoted phrases that directly follow prefix.
func quotedAfter(s, prefix string) []string {
	var out []string
	for {
		i := strings.Index(s, prefix)
		if i < 0 {
			return out
		}
		s = s[i+len(prefix):]
		if q, ok := leadingQuote(s); ok {
			out = append(out, q)
		}
	}
}

// leadingQuote reads the quoted phrase s starts with, if it starts with a
// quote. The closing quote is looked for in the next 100 bytes only, so a
// stray quote cannot make a scan run over the whole paragraph each time.
func leadingQuote(s string) (string, bool) {
	open, close := "“", "”"
	switch {
	case strings.HasPrefix(s, "“"):
	case strings.HasPrefix(s, `"`):
		open, close = `"`, `"`
	default:
		return "", false
	}
	s = s[len(open):]
	j := strings.Index(s[:min(len(s), 100)], close)
	if j < 0 {
		return "", false
	}
	return s[:j], true
}

// quotedSubjects finds “X” is / “X” are / “X” means: a quoted phrase being
// defined.
func quotedSubjects(s string) []string {
	var out []string
	open := -1 // where the quote that is open starts, -1 if none
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "“"):
			open = i + len("“")
			i += len("“") - 1
		case strings.HasPrefix(s[i:], "”") || s[i] == '"' && open >= 0:
			n := 1
			if s[i] != '"' {
				n = len("”")
			}
			after := s[i+n:]
			if open >= 0 && (strings.HasPrefix(after, " is ") || strings.HasPrefix(after, " are ") || strings.HasPrefix(after, " means ")) {
				if q := s[open:i]; q != "" && len(q) < 100 && !strings.ContainsAny(q, ".,") {
					out = append(out, q)
				}
			}
			open = -1
			i += n - 1
		case s[i] == '"':
			open = i + 1
		}
	}
	return out
}

// repeatedPhrases counts the two- and three-word phrases that occur more
// than once and neither start nor end with a function word.
func repeatedPhrases(s string) map[string]int {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || r == '\'' || r == '’' || r == '-')
	})
	counts := map[string]int{}
	for n := 2; n <= 3; n++ {
		for i := 0; i+n <= len(words); i++ {
			if stopWord[words[i]] || stopWord[words[i+n-1]] {
				continue
			}
			counts[strings.Join(words[i:i+n], " ")]++
		}
	}
	for k, n := range counts {
		if n < 2 {
			delete(counts, k)
		}
	}
	return counts
}

var stopWord = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of and or to in on for with as at by from is are be been was were
		it its it's this that these those he she his her him they them their there then than if when whenever
		would could can can't may might must will shall should do does doesn't don't not no any each all some
		such only also see rule rules which who whom what while however other another one two same`) {
		stopWord[w] = true
	}
}

// firstWords names an entry whose term cannot be found: its first three
// words, or "Entry" if it has none.
func firstWords(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) > 3 {
		words = words[:3]
	}
	if len(words) == 0 {
		return "Entry"
	}
	return strings.Join(words, " ")
}
