package search

import (
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
)

// Building an index takes four steps, so that each distinct paragraph is
// tokenized once however many entries (a chapter's title heads each of
// its rules) and editions (most rules read alike for years) hold it:
//
//  1. plan: every document is listed with its paragraphs (segments), and
//     each distinct paragraph text is numbered;
//  2. analyse: each distinct paragraph is tokenized, its words numbered
//     as terms;
//  3. place: each document's paragraphs get their positions, and its
//     headings, quotations, length and citations are recorded;
//  4. post: postings and positions are counted, then filled, term by term
//     in document order; no occurrence list is ever materialised.

// segment is one paragraph of a document: which, as what field, whether
// it is one of the entry's own (which snippets show), and where its
// positions start.
type segment struct {
	para  int32
	field field
	own   bool
	base  int32
}

// para is a distinct paragraph tokenized: its tokens are pTerm[from:to],
// of kinds pKind[from:to], at positions pRel[from:to] from its first; the
// first and last position of each short quotation in it are
// pQuote[qFrom:qTo].
type para struct {
	from, to, qFrom, qTo int32
	last                 int32 // the last token's position; -1 if none
}

type builder struct {
	ix *MemIndex

	segs   []segment
	segOff []int32 // document d's paragraphs are segs[segOff[d]:segOff[d+1]]
	doc    int32   // the document being planned

	paraOf map[string]int32 // distinct paragraph texts, numbered in first use
	texts  []string
	analysed
	head []int32

	defined  []definition // rules that define a term, found while planning
	seeCites []seeCite    // rules glossary entries cite through another entry, in document order

	// cite returns the rule document numbered n that glossary document g
	// cites ("See rule 704.5j"), if its edition has one. Build looks in
	// byNumber; the index of every edition in the edition g comes from.
	cite     func(g int32, n rules.Number) (int32, bool)
	byNumber map[rules.Number]int32
}

// Build indexes every numbered entry of e (its text and examples), every
// glossary entry and every topic.
func Build(e *rules.Edition) *MemIndex {
	b := newBuilder(e, len(e.Entries())+len(e.Glossary)+len(e.Topics))
	for _, r := range e.Entries() {
		b.addRule(r)
		b.byNumber[r.Number] = b.doc
	}
	b.ix.nRules = len(b.ix.docs)
	for _, g := range e.Glossary {
		b.addEntry(g, e)
	}
	for _, t := range e.Topics {
		b.addTopic(t)
	}
	b.finish()
	return b.ix
}

// newBuilder starts an index of e (nil for the index of every edition)
// of about docs documents.
func newBuilder(e *rules.Edition, docs int) *builder {
	ix := &MemIndex{ed: e, lexicon: newLexicon(docs), docs: make([]doc, 0, docs)}
	if e != nil {
		ix.doc = e.Document()
	}
	b := &builder{ix: ix, paraOf: make(map[string]int32, docs*2), byNumber: map[rules.Number]int32{},
		segs: make([]segment, 0, docs*3), segOff: make([]int32, 0, docs+1), texts: make([]string, 0, docs*2)}
	b.cite = func(_ int32, n rules.Number) (int32, bool) {
		d, ok := b.byNumber[n]
		return d, ok
	}
	return b
}

// Step 1: plan.

func (b *builder) start(d doc) {
	b.ix.docs = append(b.ix.docs, d)
	b.doc = int32(len(b.ix.docs) - 1)
	b.segOff = append(b.segOff, int32(len(b.segs)))
}

// add lists paragraph s as the current document's next, as field f; own
// if it is one of the entry's own paragraphs.
func (b *builder) add(s string, f field, own bool) {
	p, ok := b.paraOf[s]
	if !ok {
		p = int32(len(b.texts))
		b.paraOf[s] = p
		b.texts = append(b.texts, s)
	}
	b.segs = append(b.segs, segment{para: p, field: f, own: own})
}

func (b *builder) addRule(r *rules.Rule) {
	keyword := keywordHeading(r)
	ctx := contextOf(r)
	bare := len(r.Body) == 1 && bareKind(r.Body[0].Text.S)
	b.start(doc{kind: docRule, rule: r, title: ruleTitle(r, keyword, ctx), head: keyword != "" || len(r.Body) == 0 || bare, list: introducesList(r),
		inList: r.Number.Sub != 0 && r.Parent != nil && introducesList(r.Parent)})
	if len(r.Body) > 0 && keyword == "" && !bare {
		if t := definedTerm(r.Body[0].Text.S); t != "" {
			b.defined = append(b.defined, definition{doc: b.doc, term: t})
		}
	}
	if r.Title() != "" {
		// An IPG infraction's title names its category first ("Game Play
		// Error — Hidden Card Error"), which its section's title says
		// already: the heading is the infraction's own name.
		if c, name, ok := strings.Cut(r.Title(), " — "); ok && name != "" {
			b.add(name, fieldHeading, true)
			ctx = append(ctx, c)
		} else {
			b.add(r.Title(), fieldHeading, true)
		}
	}
	for _, bl := range r.Body {
		switch {
		case keyword != "":
			b.add(bl.Text.S, fieldHeading, true)
		case bl.Kind == rules.BlockExample:
			b.add(bl.Text.S, fieldExample, true)
		default:
			b.add(bl.Text.S, fieldText, true)
		}
	}
	for _, c := range ctx {
		b.add(c, fieldContext, false)
	}
}

// introducesList reports whether r's text ends by introducing the
// subrules below it ("The state-based actions are as follows:", "There
// are twelve special actions:").
func introducesList(r *rules.Rule) bool {
	for i := len(r.Body) - 1; i >= 0; i-- {
		if r.Body[i].Kind != rules.BlockExample {
			return strings.HasSuffix(strings.TrimSpace(r.Body[i].Text.S), ":")
		}
	}
	return false
}

// ruleTitle is the heading shown with a rule's hit: its own title, the
// keyword it names, else the keyword heading above it (not the chapter's
// title, which the hit shows anyway).
func ruleTitle(r *rules.Rule, keyword string, ctx []string) string {
	switch {
	case r.Title() != "":
		return r.Title()
	case keyword != "":
		return keyword
	case len(ctx) > 0 && ctx[0] != chapterOf(r).Title():
		return ctx[0]
	}
	return ""
}

func (b *builder) addEntry(g *rules.GlossaryEntry, e *rules.Edition) {
	b.start(doc{kind: docGlossary, entry: g, title: g.Term()})
	// An entry that only sends the reader to another ("Wall … See
	// Defender.") cites what that one cites: a question about walls
	// attacking is answered by 702.3b, which Defender cites.
	for _, bl := range g.Body {
		for _, sp := range bl.Text.Spans {
			if c := sp.Cited(); c.Kind == rules.RefGlossary {
				if to := e.Term(c.Term); to != nil && to != g {
					b.seeCites = append(b.seeCites, seeCite{doc: b.doc, nums: citedRules(to)})
				}
			}
		}
	}
	for _, t := range g.Terms {
		b.add(t, fieldHeading, false)
	}
	for _, bl := range g.Body {
		b.add(bl.Text.S, fieldText, true)
	}
}

func (b *builder) addTopic(t *rules.Topic) {
	b.start(doc{kind: docTopic, topic: t, title: t.Title})
	b.add(t.Title, fieldHeading, false)
	for _, bl := range t.Body {
		f := fieldText
		if bl.Kind == rules.BlockExample {
			f = fieldExample
		}
		b.add(bl.Text.S, f, true)
	}
}

// finish runs steps 2 to 4.
func (b *builder) finish() {
	b.segOff = append(b.segOff, int32(len(b.segs)))
	b.analyseAll()
	b.place()
	b.post()
	*b = builder{ix: b.ix}
}

// Step 2: analyse.

// analysed is the distinct paragraphs tokenized: paragraph i is paras[i].
type analysed struct {
	paras  []para
	pTerm  []int32
	pRel   []position
	pKind  []TokenKind
	pQuote []int32
}

// analyser tokenizes paragraphs, numbering their words in lex.
type analyser struct {
	analysed
	lex *lexicon
	sc  scanner
	key []byte
}

// parallelBytes is the text above which paragraphs are tokenized on every
// core, each numbering words on its own, then merged: the index of every
// edition, not one edition's.
const parallelBytes = 2 << 20

func (b *builder) analyseAll() {
	n := 0
	for _, s := range b.texts {
		n += len(s)
	}
	workers := 1
	if n > parallelBytes {
		workers = min(runtime.GOMAXPROCS(0), 4)
	}
	// Contiguous runs of about equal text, so the merged paragraphs keep
	// their numbers.
	parts := make([]*analyser, workers)
	var wg sync.WaitGroup
	from := 0
	for w := range parts {
		to, size := from, 0
		for to < len(b.texts) && (size < n/workers || w == workers-1) {
			size += len(b.texts[to])
			to++
		}
		a := &analyser{lex: &b.ix.lexicon}
		if w > 0 {
			lex := newLexicon(to - from)
			a.lex = &lex
		}
		parts[w] = a
		wg.Add(1)
		// The first analyser's arrays take the others' tokens after them
		// (merge), so they have room for all.
		room, paras := size, to-from
		if w == 0 {
			room, paras = n, len(b.texts)
		}
		go func(texts []string) {
			defer wg.Done()
			a.analyseAll(texts, room, paras)
		}(b.texts[from:to])
		from = to
	}
	wg.Wait()
	b.merge(parts)
}

// analyseAll tokenizes texts, with room for size bytes of text in paras
// paragraphs.
func (a *analyser) analyseAll(texts []string, size, paras int) {
	a.paras = make([]para, 0, paras)
	// A token per four to five bytes of text.
	a.pTerm = make([]int32, 0, size/4+64)
	a.pRel = make([]position, 0, size/4+64)
	a.pKind = make([]TokenKind, 0, size/4+64)
	for _, s := range texts {
		a.paras = append(a.paras, a.analyse(s))
	}
}

// merge appends what the other analysers tokenized to the first's, in
// order, renumbering their words as b's lexicon (the first's) numbers
// them.
func (b *builder) merge(parts []*analyser) {
	m := parts[0].analysed
	for _, a := range parts[1:] {
		terms, quotes := int32(len(m.pTerm)), int32(len(m.pQuote))
		for _, pa := range a.paras {
			pa.from, pa.to, pa.qFrom, pa.qTo = pa.from+terms, pa.to+terms, pa.qFrom+quotes, pa.qTo+quotes
			m.paras = append(m.paras, pa)
		}
		ids := b.mergeLexicon(a.lex)
		for _, t := range a.pTerm {
			m.pTerm = append(m.pTerm, ids[t])
		}
		m.pRel = append(m.pRel, a.pRel...)
		m.pKind = append(m.pKind, a.pKind...)
		m.pQuote = append(m.pQuote, a.pQuote...)
	}
	b.analysed = m
}

// mergeLexicon adds lex's words to the index's and returns the index's
// term ID of each of lex's.
func (b *builder) mergeLexicon(lex *lexicon) []int32 {
	into := &b.ix.lexicon
	ids := make([]int32, len(lex.keys))
	for i, k := range lex.keys {
		id, ok := into.terms[k]
		if !ok {
			id = int32(len(into.keys))
			into.terms[k] = id
			into.keys = append(into.keys, k)
			into.stop = append(into.stop, lex.stop[i])
		}
		ids[i] = id
	}
	for _, v := range lex.vocab {
		if _, ok := into.surfaces[v.fold]; !ok {
			v.term = ids[v.term]
			into.vocab = append(into.vocab, v)
		}
	}
	for f, id := range lex.surfaces {
		if _, ok := into.surfaces[f]; !ok {
			into.surfaces[f] = ids[id]
		}
	}
	return ids
}

// analyse tokenizes s.
func (a *analyser) analyse(s string) para {
	pa := para{from: int32(len(a.pTerm)), qFrom: int32(len(a.pQuote)), last: -1}
	quotes := quotedSpans(s)
	qi, qFirst, qLast := 0, int32(-1), int32(-1)
	endQuote := func() {
		if qFirst >= 0 {
			a.pQuote = append(a.pQuote, qFirst, qLast)
		}
		qi++
		qFirst, qLast = -1, -1
	}
	a.sc.scan(s, func(t *rawToken) {
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
		a.pTerm = append(a.pTerm, a.term(t))
		a.pRel = append(a.pRel, position(p))
		a.pKind = append(a.pKind, t.kind)
		pa.last = p
	})
	for qi < len(quotes) {
		endQuote()
	}
	pa.to, pa.qTo = int32(len(a.pTerm)), int32(len(a.pQuote))
	return pa
}

// term returns the term ID of a token, adding its surface and key if new.
func (a *analyser) term(t *rawToken) int32 {
	lex := a.lex
	if id, ok := lex.surfaces[string(t.fold)]; ok {
		return id
	}
	a.key = appendKey(a.key[:0], t.kind, t.fold)
	id, ok := lex.terms[string(a.key)]
	if !ok {
		id = int32(len(lex.keys))
		k := string(a.key)
		lex.terms[k] = id
		lex.keys = append(lex.keys, k)
		lex.stop = append(lex.stop, t.kind == TokWord && stopwords[k])
	}
	f := string(t.fold)
	lex.surfaces[f] = id
	if t.kind == TokWord {
		lex.vocab = append(lex.vocab, surface{fold: f, term: id, mask: letterMask(f), runes: uint8(min(utf8.RuneCountInString(f), 255))})
	}
	return id
}

// lengthWeight is what a word of an example adds to a document's length,
// in tenths: as much as a word of the rule, though it scores less
// (fieldWeight). A long example adds words that may match, so it must
// lengthen the entry as much: counted at its lower weight, long examples
// (120.4d's) made their rules look short for all the words they matched.
// Tuning half of the table questions: top 1 50.6% → 51.8%, MRR 0.618 →
// 0.625, top 3 unchanged (69.0%); 15 instead of 10 changes little.
var lengthWeight = [...]float32{fieldExample: 10}

// Step 3: place.

// place lays out each document's paragraphs one after another, a gap
// between them so that no phrase spans two, and records what ranking
// needs of the document besides its postings.
func (b *builder) place() {
	ix := b.ix
	var total float64
	var l docLists
	defs, sees := b.defined, b.seeCites            // in document order
	ix.lists = make([]int32, 0, 8*len(ix.docs)+64) // five lengths, a paragraph or two, a heading
	for di := range ix.docs {
		d := &ix.docs[di]
		pos := int32(0)
		var length float32
		l = docLists{blocks: l.blocks[:0], quotes: l.quotes[:0], cites: l.cites[:0], defs: l.defs[:0], heads: l.heads[:0]}
		for si := b.segOff[di]; si < b.segOff[di+1]; si++ {
			sg := &b.segs[si]
			pa := b.paras[sg.para]
			sg.base = pos
			if sg.own {
				l.blocks = append(l.blocks, pos)
			}
			w := fieldWeight[sg.field]
			heading := sg.field == fieldHeading
			b.head = b.head[:0]
			for i := pa.from; i < pa.to; i++ {
				switch sg.field {
				case fieldContext: // the same few headings above most rules: no length
				case fieldExample:
					length += lengthWeight[fieldExample] / tfScale
				default:
					length += float32(w) / tfScale
				}
				if heading && b.pKind[i] != TokCompound && !ix.stop[b.pTerm[i]] {
					b.head = append(b.head, b.pTerm[i])
				}
				if d.kind == docGlossary && sg.own && b.pKind[i] == TokNumber {
					if n, err := rules.ParseNumber(ix.keys[b.pTerm[i]]); err == nil {
						if c, ok := b.cite(int32(di), n); ok {
							l.cites = append(l.cites, c)
						}
					}
				}
			}
			for _, q := range b.pQuote[pa.qFrom:pa.qTo] {
				l.quotes = append(l.quotes, pos+q)
			}
			if pa.last >= 0 {
				pos += pa.last + 1 + blockGap
			}
			if sg.own {
				d.ownEnd = pos
			}
			if heading && len(b.head) > 0 {
				h := sortedSet(b.head)
				l.heads = append(append(l.heads, int32(len(h))), h...)
			}
		}
		for len(sees) > 0 && sees[0].doc == int32(di) {
			for _, n := range sees[0].nums {
				if c, ok := b.cite(int32(di), n); ok {
					l.cites = append(l.cites, c)
				}
			}
			sees = sees[1:]
		}
		if len(defs) > 0 && defs[0].doc == int32(di) {
			l.defs = b.termSet(l.defs, defs[0].term)
			defs = defs[1:]
		}
		d.lists = int32(len(ix.lists))
		ix.lists = packLists(ix.lists, &l)
		d.length = length
		total += float64(length)
	}
	ix.lists = slices.Clip(ix.lists)
	if len(ix.docs) > 0 {
		ix.avgLen = float32(total / float64(len(ix.docs)))
	}
}

// termSet appends the distinct term IDs of s's words, stopwords left out,
// sorted.
func (b *builder) termSet(dst []int32, s string) []int32 {
	from := len(dst)
	for _, t := range Tokenize(s) {
		if id, ok := b.ix.terms[t.Key]; ok && t.Kind != TokCompound && !b.ix.stop[id] {
			dst = append(dst, id)
		}
	}
	slices.Sort(dst[from:])
	return append(dst[:from], slices.Compact(dst[from:])...)
}

// Step 4: post.

// post counts each term's positions and postings (documents), then fills
// them: documents come in order and each one's positions in order, so
// every term's postings and positions come out sorted.
func (b *builder) post() {
	ix := b.ix
	nt := len(ix.keys)
	occOff := make([]int32, nt+1) // term t's positions are pos[occOff[t]:occOff[t+1]]
	ix.off = make([]int32, nt+1)
	last := make([]int32, nt) // the document of term t's latest posting, plus one
	for d := range ix.docs {
		for _, sg := range b.segs[b.segOff[d]:b.segOff[d+1]] {
			pa := b.paras[sg.para]
			for _, t := range b.pTerm[pa.from:pa.to] {
				occOff[t+1]++
				if last[t] != int32(d)+1 {
					last[t] = int32(d) + 1
					ix.off[t+1]++
				}
			}
		}
	}
	for t := 1; t <= nt; t++ {
		occOff[t] += occOff[t-1]
		ix.off[t] += ix.off[t-1]
	}
	postings := ix.off[nt]
	ix.pos = make([]position, occOff[nt])
	ix.pDoc = make([]int32, postings)
	ix.pTF = make([]uint16, postings)
	ix.pPos = make([]int32, postings+1)
	nextPos := occOff[:nt]                // now each term's next free position
	nextPost := slices.Clone(ix.off[:nt]) // and its next free posting
	clear(last)
	for d := range ix.docs {
		for _, sg := range b.segs[b.segOff[d]:b.segOff[d+1]] {
			pa := b.paras[sg.para]
			w := int(fieldWeight[sg.field])
			for i := pa.from; i < pa.to; i++ {
				t := b.pTerm[i]
				if last[t] != int32(d)+1 {
					last[t] = int32(d) + 1
					ix.pDoc[nextPost[t]] = int32(d)
					ix.pPos[nextPost[t]] = nextPos[t]
					nextPost[t]++
				}
				j := nextPost[t] - 1
				ix.pTF[j] = uint16(min(int(ix.pTF[j])+w, 1<<16-1))
				ix.pos[nextPos[t]] = position(min(sg.base+int32(b.pRel[i]), maxPosition))
				nextPos[t]++
			}
		}
	}
	ix.pPos[postings] = int32(len(ix.pos))
	for i := range ix.vocab {
		ix.vocab[i].df = ix.off[ix.vocab[i].term+1] - ix.off[ix.vocab[i].term]
	}
	sort.Slice(ix.vocab, func(i, j int) bool { return ix.vocab[i].fold < ix.vocab[j].fold })
}

// seeCite is the rules a glossary document cites through the entry it
// sends the reader to.
type seeCite struct {
	doc  int32
	nums []rules.Number
}

// citedRules lists the rules a glossary entry cites.
func citedRules(g *rules.GlossaryEntry) []rules.Number {
	var out []rules.Number
	for _, bl := range g.Body {
		for _, sp := range bl.Text.Spans {
			if c := sp.Cited(); c.Kind == rules.RefRule || c.Kind == rules.RefRange {
				out = append(out, c.Number)
			}
		}
	}
	return out
}
