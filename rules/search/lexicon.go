package search

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// Judges and players say things the documents never print: "ETB", "CMC",
// "fizzle", "am I dead", "look through", "GRV", "Blood Moon". The lexicon
// (lexicon.tsv, data to review rather than code) maps such words to the
// documents' own: a query that says them also finds what they mean,
// slightly below the words themselves. See lexicon.tsv for its format.
//
//go:embed lexicon.tsv
var lexiconData string

// lexEntry is one line of the lexicon, its words as index keys.
type lexEntry struct {
	docs  uint8    // documents it applies in, a bit per rules.Doc; all if 0
	from  []string // keys of the words people type
	means []lexMeaning
	line  int
}

// lexMeaning is one way the documents say it.
type lexMeaning struct {
	words  []string     // keys: a phrase, or with bag the words anywhere
	bag    bool         // the words anywhere in an entry, not as a phrase
	number rules.Number // else the entry of this number …
	anchor []string     // … if its text holds these keys
}

// lexiconTable is the parsed lexicon, by the key of each entry's first word.
type lexiconTable struct {
	first map[string][]int
	all   []lexEntry
	words map[string]bool // every key the lexicon's left side holds: never "corrected"
}

var lexTable, lexiconErr = parseLexicon("lexicon.tsv", lexiconData)

// parseLexicon reads the lexicon's lines. A line it cannot read is left
// out, and the first such is the error, naming the file and line.
func parseLexicon(name, data string) (*lexiconTable, error) {
	t := &lexiconTable{first: map[string][]int{}, words: map[string]bool{}}
	var first error
	fail := func(n int, format string, args ...any) {
		if first == nil {
			first = fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(format, args...))
		}
	}
	for n, line := range strings.Split(data, "\n") {
		n++
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			fail(n, "want doc, words and meaning separated by tabs, got %d fields", len(f))
			continue
		}
		e := lexEntry{line: n, from: textKeys(f[1])}
		if len(e.from) == 0 || len(e.from) > maxClauses {
			fail(n, "%q: no words to match", f[1])
			continue
		}
		ok := true
		if f[0] != "*" {
			for _, s := range strings.Split(f[0], ",") {
				d, found := rules.DocBySlug(strings.TrimSpace(s))
				if !found {
					fail(n, "no document %q", s)
					ok = false
					break
				}
				e.docs |= 1 << d
			}
		}
		for _, m := range strings.Split(f[2], "|") {
			lm, err := parseMeaning(strings.TrimSpace(m))
			if err != nil {
				fail(n, "%v", err)
				ok = false
				break
			}
			e.means = append(e.means, lm)
		}
		if !ok {
			continue
		}
		t.first[e.from[0]] = append(t.first[e.from[0]], len(t.all))
		t.all = append(t.all, e)
		for _, k := range e.from {
			t.words[k] = true
		}
	}
	return t, first
}

// parseMeaning reads one alternative of a lexicon line's meaning.
func parseMeaning(m string) (lexMeaning, error) {
	switch {
	case strings.HasPrefix(m, "="):
		num, anchor, _ := strings.Cut(m[1:], " ")
		n, _ := rules.ScanDocNumber(num)
		if n.IsZero() || n.String() != num {
			return lexMeaning{}, fmt.Errorf("%q: not an entry number", num)
		}
		return lexMeaning{number: n, anchor: textKeys(anchor)}, nil
	case strings.HasPrefix(m, "&"):
		lm := lexMeaning{words: textKeys(m[1:]), bag: true}
		if len(lm.words) == 0 {
			return lexMeaning{}, fmt.Errorf("%q: no words", m)
		}
		return lm, nil
	}
	lm := lexMeaning{words: textKeys(m)}
	if len(lm.words) == 0 {
		return lexMeaning{}, fmt.Errorf("%q: no words", m)
	}
	return lm, nil
}

// textKeys are the index keys of s's words, hyphenated words as their parts.
func textKeys(s string) []string {
	var out []string
	for _, t := range Tokenize(s) {
		if t.Kind != TokCompound {
			out = append(out, t.Key)
		}
	}
	return out
}

// lexiconWord reports whether the lexicon knows the key k: such a word is
// meant as typed, never read as another.
func lexiconWord(k string) bool { return lexTable.words[k] }

// questionWords hold a question together without saying what it is about:
// "what happens when …", "how does trample work", "how many …", and
// the words that ask for a comparison ("a spell vs a card", "difference
// between game loss and match loss": "vs" found Team vs. Team), and
// "between" after one of them (plan.go), though not alone ("swap cards
// between games"). In a
// query they count as stopwords do (index.go), only when the query has
// nothing else.
var questionWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`happen happens mean means work works much many
		exactly really ever anything something someone somebody
		vs versus difference`) {
		m[string(stem(nil, []byte(w)))] = true
	}
	return m
}()

// lexWeight is how much a meaning counts against the words themselves.
const lexWeight = 0.8

// ruleWeight is the weighted frequency a lexicon entry's numbered entry
// counts as having the words: a card's name stands for the rule it
// turns on as strongly as a word in that rule's heading would.
const ruleWeight = 3

// lexMatch matches the longest lexicon entry (for ix's document) at the
// start of toks and returns how many tokens it used and the clause
// standing for them, or 0. Entries of the same words (one for every
// document, one for this one) are merged.
func (ix *MemIndex) lexMatch(toks []qtoken) (int, clause) {
	if len(toks) == 0 || toks[0].kind == TokCompound {
		return 0, clause{}
	}
	best := 0
	var hits []int
	for _, i := range lexTable.first[toks[0].key] {
		e := &lexTable.all[i]
		if e.docs != 0 && e.docs&(1<<ix.doc) == 0 || len(e.from) < best {
			continue
		}
		if !matchesAt(toks, e.from) {
			continue
		}
		if len(e.from) > best {
			best, hits = len(e.from), hits[:0]
		}
		hits = append(hits, i)
	}
	if best == 0 {
		return 0, clause{}
	}
	var c clause
	if ids, ok := ix.termIDs(lexTable.all[hits[0]].from); ok {
		c.alts = append(c.alts, alt{terms: ids, w: 1})
	}
	for _, i := range hits {
		for _, m := range lexTable.all[i].means {
			if a, ok := ix.meaning(m); ok {
				c.alts = append(c.alts, a)
			}
		}
	}
	if len(c.alts) == 0 {
		return 0, clause{}
	}
	return best, c
}

// meaning resolves a lexicon meaning against ix: false if the index does
// not hold its words, or its entry (with the anchor words).
func (ix *MemIndex) meaning(m lexMeaning) (alt, bool) {
	if m.number.IsZero() {
		ids, ok := ix.termIDs(m.words)
		return alt{terms: ids, w: lexWeight, bag: m.bag}, ok
	}
	anchor, ok := ix.termIDs(m.anchor)
	if !ok {
		return alt{}, false
	}
	var docs []int32
	for _, d := range ix.numbered(m.number) {
		if ix.holdsAll(d, anchor) {
			docs = append(docs, d)
		}
	}
	return alt{docs: docs, w: ruleWeight}, len(docs) > 0
}

// holdsAll reports whether document d holds every term.
func (ix *MemIndex) holdsAll(d int32, terms []int32) bool {
	for _, t := range terms {
		if ix.positions(t, d) == nil {
			return false
		}
	}
	return true
}

// termIDs looks up keys; ok is false if any is not in the index.
func (ix *MemIndex) termIDs(keys []string) ([]int32, bool) {
	ids := make([]int32, len(keys))
	for i, k := range keys {
		id, ok := ix.terms[k]
		if !ok {
			return nil, false
		}
		ids[i] = id
	}
	return ids, true
}

// numbered returns the documents of the entry numbered n: the rule of
// that number in an edition's index; in the index of every edition, the
// newest edition's.
func (ix *MemIndex) numbered(n rules.Number) []int32 {
	if ix.byNumber != nil {
		return ix.byNumber[n]
	}
	i := sort.Search(ix.nRules, func(i int) bool { return ix.docs[i].rule.Number.Compare(n) >= 0 })
	if i < ix.nRules && ix.docs[i].rule.Number == n {
		return []int32{int32(i)}
	}
	return nil
}

// Documents lists the documents the lexicon says a query's words belong
// to, in rules.Docs order: those whose own lines (not the lines for every
// document) the words match — "grv" is the IPG's, "fnm" the MTR's, "blood
// moon" the CR's. A page can offer those documents' results first; nil
// when no such line matches.
func Documents(query string) []rules.Doc {
	var toks []qtoken
	for i, c := range Parse(query).Clauses {
		if !c.Exclude {
			toks = append(toks, queryTokens(c.Text, i, 0)...)
		}
	}
	var bits uint8
	for i := range toks {
		if toks[i].kind == TokCompound {
			continue
		}
		for _, x := range lexTable.first[toks[i].key] {
			e := &lexTable.all[x]
			if e.docs != 0 && matchesAt(toks[i:], e.from) {
				bits |= e.docs
			}
		}
	}
	var out []rules.Doc
	for _, d := range rules.Docs {
		if bits&(1<<d) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// matchesAt reports whether toks start with the words keys; a
// hyphenated word whole among them does not match.
func matchesAt(toks []qtoken, keys []string) bool {
	if len(keys) > len(toks) {
		return false
	}
	for j, k := range keys {
		if toks[j].kind == TokCompound || toks[j].key != k {
			return false
		}
	}
	return true
}
