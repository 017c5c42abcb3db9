// Package search finds rules, examples and glossary entries in an edition
// the way a judge asks for them: ranked by BM25 with headings and exact
// phrases first, forgiving of typos and slang, and quick.
//
// An Index searches one edition; MemIndex, built in memory by Build, is the
// implementation. A Searcher holds an index per edition of a library, builds
// them when first used and searches across editions (edition:all).
package search

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

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
var fieldWeight = [...]uint16{fieldHeading: 30, fieldText: 10, fieldExample: 6, fieldContext: 3}

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
// glossary entry or a prose topic.
type doc struct {
	kind   docKind
	rule   *rules.Rule
	entry  *rules.GlossaryEntry
	topic  *rules.Topic
	title  string    // heading shown with the hit: its own (chapter title, keyword, term), else the nearest above
	heads  [][]int32 // term IDs of each heading variant (glossary entries can have two terms), stopwords left out
	cites  []int32   // glossary entries: the rules the definition cites ("See rule 704.5j")
	quotes []int32   // first and last positions of each short quoted phrase: “legend rule”
	blocks []int32   // first position of each of the entry's own paragraphs (doc.paragraphs)
	ownEnd int32     // the position after them, where context starts
	length float32   // weighted token count of heading and text: long examples do not make a rule "long"
}

// MemIndex is an in-memory inverted index of one edition. It is read-only
// after Build and safe for concurrent searches.
type MemIndex struct {
	ed     *rules.Edition
	docs   []doc // rules in document order, then glossary entries, then topics
	nRules int
	avgLen float32
	pool   sync.Pool // *scratch

	terms    map[string]int32 // key → term ID
	keys     []string         // term ID → key
	stop     []bool           // term ID → is a stopword
	surfaces map[string]int32 // folded surface form → term ID
	vocab    []surface        // every word surface, sorted by fold, for prefixes and typos

	// Postings of term t are entries off[t] … off[t+1]-1; entry i is
	// document pDoc[i] with weighted frequency pTF[i] (in tenths) and
	// positions pos[pPos[i]:pPos[i+1]].
	off  []int32
	pDoc []int32
	pTF  []uint16
	pPos []int32
	pos  []position
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

// occurrence is one token of one document while building. Documents are
// indexed one after another and each from its first position to its last,
// so every term's occurrences come in document and position order.
type occurrence struct {
	term int32
	doc  int32
	pos  position
	w    uint16
}

// builder accumulates occurrences document by document.
type builder struct {
	ix       *MemIndex
	occ      []occurrence
	sc       scanner
	key      []byte
	pos      int32 // next position in the current document
	doc      int32
	byNumber map[rules.Number]int32 // rule documents by number, for glossary citations
	len      float32
	head     []int32

	// Paragraphs tokenized so far (analyse).
	paras     map[string]para
	pTerm     []int32
	pRel      []position
	pCompound []bool
	pQuote    []int32
}

// Build indexes every numbered entry of e (its text and examples), every
// glossary entry and every topic.
func Build(e *rules.Edition) *MemIndex {
	b := newBuilder(e, estimateTokens(e))
	ix := b.ix
	for _, r := range e.Entries() {
		b.addRule(r)
	}
	ix.nRules = len(ix.docs)
	for _, g := range e.Glossary {
		b.addEntry(g)
	}
	for _, t := range e.Topics {
		b.addTopic(t)
	}
	b.finish()
	return ix
}

// newBuilder starts an index of e (nil for the index of every edition)
// with room for about tokens occurrences.
func newBuilder(e *rules.Edition, tokens int) *builder {
	ix := &MemIndex{
		ed:       e,
		terms:    make(map[string]int32, 8192),
		surfaces: make(map[string]int32, 12288),
	}
	return &builder{ix: ix, occ: make([]occurrence, 0, tokens), byNumber: map[rules.Number]int32{}, paras: map[string]para{}}
}

// estimateTokens guesses how many tokens e holds (a token per six bytes of
// text, and a little more), so the occurrence list is allocated once.
func estimateTokens(e *rules.Edition) int {
	n := 0
	for _, r := range e.Entries() {
		n += len(r.Title)
		for _, b := range r.Body {
			n += len(b.Text.S)
		}
	}
	for _, g := range e.Glossary {
		for _, b := range g.Body {
			n += len(b.Text.S)
		}
	}
	for _, t := range e.Topics {
		for _, b := range t.Body {
			n += len(b.Text.S)
		}
	}
	return n/5 + 1024
}

func (b *builder) start(d doc) {
	b.ix.docs = append(b.ix.docs, d)
	b.doc = int32(len(b.ix.docs) - 1)
	b.pos = 0
	b.len = 0
}

func (b *builder) end() {
	b.ix.docs[b.doc].length = b.len
}

// own indexes one of the entry's own paragraphs (those a snippet shows) and
// records where it starts.
func (b *builder) own(s string, f field) {
	b.ix.docs[b.doc].blocks = append(b.ix.docs[b.doc].blocks, b.pos)
	b.add(s, f)
	b.ix.docs[b.doc].ownEnd = b.pos
}

// add indexes one paragraph of the current document as field f. A heading
// paragraph's words are also recorded as a heading variant.
func (b *builder) add(s string, f field) {
	pa := b.analyse(s)
	heading := f == fieldHeading
	w := fieldWeight[f]
	base := b.pos
	b.head = b.head[:0]
	for i := pa.from; i < pa.to; i++ {
		id := b.pTerm[i]
		p := base + int32(b.pRel[i])
		b.occ = append(b.occ, occurrence{term: id, doc: b.doc, pos: position(min(p, maxPosition)), w: w})
		if f == fieldHeading || f == fieldText {
			b.len += float32(w) / tfScale
		}
		if heading && !b.pCompound[i] && !b.ix.stop[id] {
			b.head = append(b.head, id)
		}
	}
	if pa.qFrom < pa.qTo {
		d := &b.ix.docs[b.doc]
		for _, q := range b.pQuote[pa.qFrom:pa.qTo] {
			d.quotes = append(d.quotes, base+q)
		}
	}
	if pa.last >= 0 {
		b.pos = base + pa.last + 1 + blockGap
	}
	if heading && len(b.head) > 0 {
		d := &b.ix.docs[b.doc]
		d.heads = append(d.heads, sortedSet(b.head))
	}
}

// para is a paragraph tokenized: its tokens are pTerm[from:to] at
// positions pRel[from:to] from its first, and the first and last position
// of each short quotation in it are pQuote[qFrom:qTo].
type para struct {
	from, to, qFrom, qTo int32
	last                 int32 // the last token's position; -1 if none
}

// analyse tokenizes s once per build: the same text comes back in many
// entries (the chapter title above each of its rules) and, across
// editions, in many versions of one entry.
func (b *builder) analyse(s string) para {
	if pa, ok := b.paras[s]; ok {
		return pa
	}
	pa := para{from: int32(len(b.pTerm)), qFrom: int32(len(b.pQuote)), last: -1}
	quotes := quotedSpans(s)
	qi, qFirst, qLast := 0, int32(-1), int32(-1)
	endQuote := func() {
		if qFirst >= 0 {
			b.pQuote = append(b.pQuote, qFirst, qLast)
		}
		qi++
		qFirst, qLast = -1, -1
	}
	b.sc.scan(s, func(t *rawToken) {
		p := int32(min(t.pos, maxPosition))
		for qi < len(quotes) && t.start >= quotes[qi][1] {
			endQuote()
		}
		if qi < len(quotes) && t.start >= quotes[qi][0] {
			if qFirst < 0 {
				qFirst = p
			}
			qLast = p
		}
		b.pTerm = append(b.pTerm, b.term(t))
		b.pRel = append(b.pRel, position(p))
		b.pCompound = append(b.pCompound, t.kind == TokCompound)
		pa.last = p
	})
	for qi < len(quotes) {
		endQuote()
	}
	pa.to, pa.qTo = int32(len(b.pTerm)), int32(len(b.pQuote))
	b.paras[s] = pa
	return pa
}

// term returns the term ID of a token, adding its surface and key if new.
func (b *builder) term(t *rawToken) int32 {
	ix := b.ix
	if id, ok := ix.surfaces[string(t.fold)]; ok {
		return id
	}
	b.key = appendKey(b.key[:0], t.kind, t.fold)
	id, ok := ix.terms[string(b.key)]
	if !ok {
		id = int32(len(ix.keys))
		k := string(b.key)
		ix.terms[k] = id
		ix.keys = append(ix.keys, k)
		ix.stop = append(ix.stop, t.kind == TokWord && stopwords[k])
	}
	f := string(t.fold)
	ix.surfaces[f] = id
	if t.kind == TokWord {
		ix.vocab = append(ix.vocab, surface{fold: f, term: id, mask: letterMask(f), runes: uint8(min(utf8.RuneCountInString(f), 255))})
	}
	return id
}

func (b *builder) addRule(r *rules.Rule) {
	keyword := keywordHeading(r)
	ctx := contextOf(r)
	b.start(doc{kind: docRule, rule: r, title: ruleTitle(r, keyword, ctx)})
	b.byNumber[r.Number] = b.doc
	if r.Title != "" {
		b.own(r.Title, fieldHeading)
	}
	for _, bl := range r.Body {
		switch {
		case keyword != "":
			b.own(bl.Text.S, fieldHeading)
		case bl.Kind == rules.BlockExample:
			b.own(bl.Text.S, fieldExample)
		default:
			b.own(bl.Text.S, fieldText)
		}
	}
	for _, c := range ctx {
		b.add(c, fieldContext)
	}
	b.end()
}

// ruleTitle is the heading shown with a rule's hit: its own title, the
// keyword it names, else the keyword heading above it (not the chapter's
// title, which the hit shows anyway).
func ruleTitle(r *rules.Rule, keyword string, ctx []string) string {
	switch {
	case r.Title != "":
		return r.Title
	case keyword != "":
		return keyword
	case len(ctx) > 0 && ctx[0] != chapterOf(r).Title:
		return ctx[0]
	}
	return ""
}

func (b *builder) addEntry(g *rules.GlossaryEntry) {
	b.start(doc{kind: docGlossary, entry: g, title: g.Term()})
	for _, t := range g.Terms {
		b.add(t, fieldHeading)
	}
	for _, bl := range g.Body {
		b.own(bl.Text.S, fieldText)
		b.sc.scan(bl.Text.S, func(t *rawToken) {
			if t.kind != TokNumber {
				return
			}
			if n, err := rules.ParseNumber(string(t.fold)); err == nil {
				if d, ok := b.byNumber[n]; ok {
					b.ix.docs[b.doc].cites = append(b.ix.docs[b.doc].cites, d)
				}
			}
		})
	}
	b.end()
}

func (b *builder) addTopic(t *rules.Topic) {
	b.start(doc{kind: docTopic, topic: t, title: t.Title})
	b.add(t.Title, fieldHeading)
	for _, bl := range t.Body {
		f := fieldText
		if bl.Kind == rules.BlockExample {
			f = fieldExample
		}
		b.own(bl.Text.S, f)
	}
	b.end()
}

// finish turns the occurrences into postings. As each term's occurrences
// already come in document and position order, counting them per term
// places every posting and position without sorting.
func (b *builder) finish() {
	ix := b.ix
	nt := len(ix.keys)
	occOff := make([]int32, nt+1) // term t's positions are pos[occOff[t]:occOff[t+1]]
	ix.off = make([]int32, nt+1)
	last := make([]int32, nt) // the document of term t's latest posting
	for t := range last {
		last[t] = -1
	}
	for _, o := range b.occ {
		occOff[o.term+1]++
		if last[o.term] != o.doc {
			last[o.term] = o.doc
			ix.off[o.term+1]++
		}
	}
	for t := 1; t <= nt; t++ {
		occOff[t] += occOff[t-1]
		ix.off[t] += ix.off[t-1]
	}
	postings := ix.off[nt]
	ix.pos = make([]position, len(b.occ))
	ix.pDoc = make([]int32, postings)
	ix.pTF = make([]uint16, postings)
	ix.pPos = make([]int32, postings+1)
	nextPos := occOff[:nt]                // reused as each term's next free position
	nextPost := slices.Clone(ix.off[:nt]) // each term's next free posting
	for t := range last {
		last[t] = -1
	}
	for _, o := range b.occ {
		t := o.term
		if last[t] != o.doc {
			last[t] = o.doc
			i := nextPost[t]
			nextPost[t]++
			ix.pDoc[i] = o.doc
			ix.pPos[i] = nextPos[t]
		}
		i := nextPost[t] - 1
		ix.pTF[i] = uint16(min(int(ix.pTF[i])+int(o.w), 1<<16-1))
		ix.pos[nextPos[t]] = o.pos
		nextPos[t]++
	}
	ix.pPos[postings] = int32(len(b.occ))
	b.occ, b.paras, b.pTerm, b.pRel, b.pCompound, b.pQuote = nil, nil, nil, nil, nil, nil

	var total float64
	for _, d := range ix.docs {
		total += float64(d.length)
	}
	if len(ix.docs) > 0 {
		ix.avgLen = float32(total / float64(len(ix.docs)))
	}
	for i := range ix.vocab {
		ix.vocab[i].df = ix.off[ix.vocab[i].term+1] - ix.off[ix.vocab[i].term]
	}
	sort.Slice(ix.vocab, func(i, j int) bool { return ix.vocab[i].fold < ix.vocab[j].fold })
}

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
		if p.Title != "" {
			out = append(out, p.Title)
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
