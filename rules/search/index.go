package search

import (
	"sort"
	"strings"
	"sync"

	"github.com/arbiter-rules/arbiter/rules"
)

// Index answers queries over one edition. Code that searches depends on this
// interface only, so another backend could replace the in-memory one.
type Index interface {
	Edition() *rules.Edition
	Search(q *Query, opt Options) *Results
}

// Field weights: a word in a heading (a chapter title, a keyword's rule such
// as "702.19. Trample", a glossary term) counts three times a word of rule
// text; a word in an example a little less than one in the rule; a word of
// the context (the chapter title and keyword heading above a rule, which the
// rule's own text often leaves implicit) a fraction.
type field uint8

const (
	fieldHeading field = iota
	fieldText
	fieldExample
	fieldContext
)

// fieldWeight is in tenths, as the index stores frequencies (see tfScale).
var fieldWeight = [...]uint16{fieldHeading: 30, fieldText: 10, fieldExample: 4, fieldContext: 3}

// tfScale: postings store a term's weighted frequency in a document in
// tenths, as a uint16, to keep the index small.
const tfScale = 10

// position is a word's position in its document. Positions past the
// largest (no rule or glossary entry comes near) share it: phrases there
// may match loosely, nothing breaks.
type position = uint16

const maxPosition = 1<<16 - 1

// blockGap separates paragraphs' positions, so phrases never span two.
const blockGap = 16

type docKind uint8

const (
	docRule docKind = iota + 1
	docGlossary
	docTopic
)

// doc is one searchable entry: a numbered rule (with its examples), a
// glossary entry or a prose topic. Its lists (docLists) are packed in
// MemIndex.lists, so that a document costs some 60 bytes and no
// allocations of its own: the index of every edition holds 18,000.
type doc struct {
	rule   *rules.Rule
	entry  *rules.GlossaryEntry
	topic  *rules.Topic
	title  string  // heading shown with the hit: its own (chapter title, keyword, term), else the nearest above
	lists  int32   // where its lists start in MemIndex.lists
	ownEnd int32   // the position after its own paragraphs, where context starts
	length float32 // weighted token count of everything that scores: heading, text, examples
	kind   docKind
	head   bool // a rule that is only a heading: a chapter's title, a keyword's rule ("702.19. Trample")
	list   bool // a rule whose text introduces its subrules as a list: "704.5. The state-based actions are as follows:"
	inList bool // a subrule of such a rule: 704.5a
}

// docLists are what ranking and snippets need of a document besides its
// postings.
type docLists struct {
	blocks []int32 // first position of each of the entry's own paragraphs (doc.paragraphs)
	quotes []int32 // first and last positions of each short quoted phrase: “legend rule”
	cites  []int32 // glossary entries: the rules the definition cites ("See rule 704.5j")
	defs   []int32 // rules: the term the rule defines ("To counter a spell … means", "Trample is a static ability"), stopwords left out
	heads  []int32 // term IDs of each heading variant (glossary entries can have two terms), stopwords left out, each after its length
}

// packLists appends l to the packed lists, each after its length.
func packLists(dst []int32, l *docLists) []int32 {
	for _, s := range [...][]int32{l.blocks, l.quotes, l.cites, l.defs, l.heads} {
		dst = append(dst, int32(len(s)))
		dst = append(dst, s...)
	}
	return dst
}

// docLists unpacks document d's lists; they share the index's memory.
func (ix *MemIndex) docLists(d int32) docLists {
	p := ix.lists[ix.docs[d].lists:]
	next := func() []int32 {
		n := p[0]
		s := p[1 : 1+n : 1+n]
		p = p[1+n:]
		return s
	}
	return docLists{blocks: next(), quotes: next(), cites: next(), defs: next(), heads: next()}
}

// eachHead calls fn with each heading variant of packed heads.
func eachHead(heads []int32, fn func(h []int32)) {
	for i := 0; i < len(heads); {
		n := heads[i]
		fn(heads[i+1 : i+1+int(n)])
		i += 1 + int(n)
	}
}

// MemIndex is an in-memory inverted index of one edition. It is read-only
// after Build and safe for concurrent searches.
type MemIndex struct {
	ed  *rules.Edition
	doc rules.Doc // the document its editions are of
	// byNumber, in the index of every edition, finds the newest edition's
	// entry of a number (MemIndex.numbered).
	byNumber map[rules.Number][]int32
	docs     []doc // rules in document order, then glossary entries, then topics
	nRules   int
	avgLen   float32
	pool     sync.Pool // *scratch
	lists    []int32   // every document's docLists, packed

	lexicon

	// Postings of term t are entries off[t] … off[t+1]-1; entry i is
	// document pDoc[i] with weighted frequency pTF[i] (in tenths) and
	// positions pos[pPos[i]:pPos[i+1]].
	off  []int32
	pDoc []int32
	pTF  []uint16
	pPos []int32
	pos  []position
}

// lexicon numbers the words of an index.
type lexicon struct {
	terms    map[string]int32 // key → term ID
	keys     []string         // term ID → key
	stop     []bool           // term ID → is a stopword
	surfaces map[string]int32 // folded surface form → term ID
	vocab    []surface        // every word surface, sorted by fold, for prefixes and typos
}

// newLexicon makes a lexicon for about docs documents. A whole CR has some
// 8,000 terms and 12,000 surfaces; a judge document's index, kept beside
// the CR's, has a fraction of that, and maps made for the CR's would keep
// their room.
func newLexicon(docs int) lexicon {
	terms := min(8192, 64+2*docs)
	return lexicon{terms: make(map[string]int32, terms), surfaces: make(map[string]int32, terms*3/2)}
}

// surface is one folded word as written in the edition.
type surface struct {
	fold  string
	term  int32
	mask  uint64 // letters it holds, to rule out typo candidates quickly
	df    int32  // documents its term is in
	runes uint8  // length in characters
}

// Edition returns the indexed edition.
func (ix *MemIndex) Edition() *rules.Edition { return ix.ed }

// postings returns the range of term t's postings.
func (ix *MemIndex) postings(t int32) (lo, hi int32) { return ix.off[t], ix.off[t+1] }

// df is the number of documents holding term t.
func (ix *MemIndex) df(t int32) int32 { return ix.off[t+1] - ix.off[t] }

// positions returns where term t occurs in document d, or nil.
func (ix *MemIndex) positions(t, d int32) []position {
	lo, hi := ix.postings(t)
	i := lo + int32(sort.Search(int(hi-lo), func(i int) bool { return ix.pDoc[lo+int32(i)] >= d }))
	if i == hi || ix.pDoc[i] != d {
		return nil
	}
	return ix.pos[ix.pPos[i]:ix.pPos[i+1]]
}

// maxQuoted is the most words a quoted phrase may have to count as a term
// the text names: "This is called the “legend rule.”"
const maxQuoted = 6

// quotedSpans returns the byte spans inside short quotations of s, leaving
// out the titles that follow a cited number ("See rule 709, “Split Cards.”").
func quotedSpans(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		open, n := nextQuote(s, i, "“")
		if open < 0 {
			break
		}
		from := open + n
		close, m := nextQuote(s, from, "”")
		if close < 0 {
			break
		}
		if fieldsAtMost(s[from:close], maxQuoted) && !citedTitle(s[:open]) {
			out = append(out, [2]int{from, close})
		}
		i = close + m
	}
	return out
}

// fieldsAtMost reports whether s has at most n words separated by spaces.
func fieldsAtMost(s string, n int) bool {
	words, in := 0, false
	for i := 0; i < len(s); i++ {
		sp := s[i] == ' ' || s[i] == '\t' || s[i] == '\n'
		if !sp && !in {
			words++
		}
		in = !sp
	}
	return words <= n
}

// nextQuote finds the next straight double quote, or curly quote q, in s
// from i, and returns where it is and its length; -1 if there is none.
func nextQuote(s string, i int, q string) (int, int) {
	for ; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i, 1
		case q[0]:
			if strings.HasPrefix(s[i:], q) {
				return i, len(q)
			}
		}
	}
	return -1, 0
}

// citedTitle reports whether text before a quotation ends with a cited
// number and a comma: "rule 709, ", "section 6, ".
func citedTitle(before string) bool {
	t := strings.TrimRight(before, " ")
	if !strings.HasSuffix(t, ",") {
		return false
	}
	t = t[:len(t)-1]
	i := len(t)
	for i > 0 && (isDigit(t[i-1]) || t[i-1] == '.' || t[i-1] >= 'a' && t[i-1] <= 'z') {
		i--
	}
	return i < len(t) && isDigit(t[i])
}

// keywordHeading returns the text of a rule that only names a keyword or
// topic for the subrules below it ("702.19. Trample", "701.6. Counter"), or
// "".
func keywordHeading(r *rules.Rule) string {
	if r.Parent == nil || len(r.Children) == 0 || len(r.Body) != 1 || r.Body[0].Kind != rules.BlockText {
		return ""
	}
	s := strings.TrimSpace(r.Body[0].Text.S)
	if s == "" || len(s) > 60 || strings.ContainsAny(s[len(s)-1:], ".:;,") {
		return ""
	}
	return s
}

// contextOf lists the headings above r, nearest first: a keyword heading
// and the chapter title.
func contextOf(r *rules.Rule) []string {
	var out []string
	for p := r.Parent; p != nil; p = p.Parent {
		if p.Title() != "" {
			out = append(out, p.Title())
		} else if h := keywordHeading(p); h != "" {
			out = append(out, h)
		}
	}
	return out
}

func chapterOf(r *rules.Rule) *rules.Rule {
	for r.Parent != nil {
		r = r.Parent
	}
	return r
}

// sortedSet returns the distinct values of ids, sorted, in a new slice.
func sortedSet(ids []int32) []int32 {
	out := append([]int32(nil), ids...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	n := 0
	for i, v := range out {
		if i == 0 || v != out[n-1] {
			out[n] = v
			n++
		}
	}
	return out[:n]
}

// letterMask has one bit per letter or digit a word holds.
func letterMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << (s[i] & 63)
	}
	return m
}

// stopwords are too common to rank by; they still count in phrases.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are as at be been but by for from had has
		have if in into is it its of on or so such that the their then there these
		they this those to was were will with what when where which who how does do
		i me my we our us can may would should about`) {
		m[string(stem(nil, []byte(w)))] = true
	}
	return m
}()
