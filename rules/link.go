package rules

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unique"
)

// Link resolves every cross-reference in e, records backlinks, marks mana
// symbols and glossary terms, and builds the lookup index. Parsers call it
// before returning.
//
// It scans the text of every rule, glossary and topic paragraph (xref.go,
// mana.go, terms.go) and marks symbols in the introduction and credits too.
// A whole CR is scanned in two halves at once (scanAll); references are then
// collected, warned about and resolved in document order.
// Spans already in a Text are kept: a parser's references (RST :ref: and
// :term:) are resolved like the ones Link finds, and nothing new is looked
// for inside a reference, symbol, term or hyperlink. A new span that would
// cross or contain an existing one is dropped; one inside an italic is
// fine. That also makes Link idempotent: a second call finds every
// reference already marked, so it only resolves them again, rebuilding
// e.Refs, e.Dangling and every CitedBy from scratch.
func Link(e *Edition) { link(e, nil) }

// link is Link, given the glossary's paragraphs already scanned (ahead,
// from scanGlossaryAhead) while the parser read the rules.
func link(e *Edition, ahead *glossaryAhead) {
	if e == nil {
		return
	}
	var l *linker
	if ahead != nil && ahead.isFor(e.Glossary) {
		l = ahead.l
	} else {
		if ahead != nil {
			<-ahead.done // it scanned a glossary e no longer has: let it finish first
		}
		ahead, l = nil, newLinker(e.Glossary)
	}
	l.e = e
	if len(e.Topics) > 0 {
		l.topicIndex = make(map[*Topic]int32, len(e.Topics))
		for i, t := range e.Topics {
			if _, dup := l.topicIndex[t]; !dup {
				l.topicIndex[t] = int32(i)
			}
		}
	}

	paras, size := l.paragraphs(ahead != nil)
	defer putParas(paras)
	// The scan needs neither the index nor the backlinks: they are
	// rebuilt while it runs.
	l.scanAll(paras, size, ahead, func() {
		e.reindex(l.terms)
		e.cited = citations{}
	})
	e.Dangling = nil
	for _, w := range l.warnings {
		l.warn(paras[w.para].b.Pos, fmt.Sprintf("%q follows “See” like a glossary term, but this edition has no such term", w.text))
	}
	own := e.Document()
	for _, r := range e.Refs {
		if c := r.Cite.Value(); !r.Resolved && (c.Doc == 0 || c.Doc == own) {
			e.Dangling = append(e.Dangling, r)
		}
	}
	l.backlinks()
}

// newLinker starts a Link of an edition with this glossary.
func newLinker(glossary []*GlossaryEntry) *linker {
	l := &linker{glossary: glossary, terms: termTableFor(glossary)}
	l.entryOf = make([]int32, len(glossary))
	l.slugs = make([]string, len(glossary))
	first := make(map[*GlossaryEntry]int32, len(glossary))
	for i, g := range glossary {
		if g != nil {
			l.slugs[i] = g.Slug
		}
		j, dup := first[g]
		if !dup {
			j = int32(i)
			first[g] = j
		}
		l.entryOf[i] = j
	}
	l.entryIndex = first
	return l
}

// glossaryAhead is a glossary whose paragraphs are scanned for references
// and mentions before the rest of its edition is read: the text parser
// reads the glossary on a second processor while it reads the rules, and
// goes on to scan it there (a ninth of a whole CR's text) while the rules
// are read and Link starts. Link only collects its references, once done
// is closed.
type glossaryAhead struct {
	l        *linker
	paras    []linkPara
	w        *worker // holds the spans and See warnings it found
	warnings []seeWarning
	done     chan struct{}
}

// newGlossaryAhead prepares the scan of glossary; scan does it.
func newGlossaryAhead(glossary []*GlossaryEntry) *glossaryAhead {
	a := &glossaryAhead{l: newLinker(glossary), done: make(chan struct{})}
	n := 0
	for _, g := range glossary {
		if g != nil {
			n += len(g.Body)
		}
	}
	a.paras = getParas(n)
	size := 0
	for i, g := range glossary {
		if g != nil {
			for k := range g.Body {
				a.paras = append(a.paras, linkPara{b: &g.Body[k], from: Citer{Entry: g}, own: int32(i)})
				size += len(g.Body[k].Text.S)
			}
		}
	}
	a.w = a.l.newWorker(size)
	a.w.scanOnly = true
	return a
}

// scan scans the glossary's paragraphs as Link would, and closes done.
// Their mentions of the MTR and the IPG are marked first, as Link marks
// the rules' (markMentions): only the text parser scans a glossary ahead,
// and only the Comprehensive Rules have one.
func (a *glossaryAhead) scan() {
	for i := range a.paras {
		markMentions(&a.paras[i].b.Text)
	}
	a.w.scan(a.paras, 0)
	a.warnings = a.w.warnings
	putParas(a.paras)
	a.paras = nil
	close(a.done)
}

// isFor reports whether a is the scan of glossary, as Link finds it.
func (a *glossaryAhead) isFor(glossary []*GlossaryEntry) bool {
	g := a.l.glossary
	return len(g) == len(glossary) && (len(g) == 0 || &g[0] == &glossary[0])
}

// backlinks fills in the edition's citations (CitedBy) from the backlinks
// the workers found (citation), in order, as slices of one array: grown by append, a hundred
// thousand small lists over all editions would each leave their earlier
// copies behind as holes in the heap, and appending them one by one took
// three times as long as the lookups that find them (2026 rules: 230 µs
// and 1,825 allocations, against 85 µs). Each entry's list is counted,
// then given its place in the array, in document order.
func (l *linker) backlinks() {
	e := l.e
	nr, ng := int32(len(e.index.order)), int32(len(e.Glossary))
	counts := make([]int32, int(nr+ng)+len(e.Topics)+1)
	total := 0
	for k := range l.chunks {
		for _, c := range l.chunks[k].citations() {
			counts[c.target]++
		}
		total += len(l.chunks[k].citations())
	}
	slab := make([]*Ref, total)
	// counts become each list's end, then, as it is filled from the
	// back, its start.
	end := int32(0)
	for i, n := range counts {
		end += n
		counts[i] = end
	}
	for k := len(l.chunks) - 1; k >= 0; k-- {
		cs := l.chunks[k].citations()
		for j := len(cs) - 1; j >= 0; j-- {
			c := cs[j]
			counts[c.target]--
			slab[counts[c.target]] = c.ref
		}
	}
	e.cited = citations{refs: slab, at: counts, rules: nr, terms: ng}
}

// citation is a backlink a worker found: ref cites the target numbered as
// backlinks counts them: a rule by its place in the index's order, a
// glossary entry after the rules by its (first) index, a topic after the
// entries by its index.
type citation struct {
	ref    *Ref
	target int32
}

// linker holds one Link call's state.
type linker struct {
	e          *Edition
	glossary   []*GlossaryEntry
	terms      *termTable
	entryOf    []int32                  // glossary index → first index of the same entry
	entryIndex map[*GlossaryEntry]int32 // entry → its first index
	slugs      []string                 // by glossary index: the entry's slug, side by side for the scanners
	warnings   []seeWarning
	chunks     []scanChunk // the paragraphs as scanned and resolved, in order
	topicIndex map[*Topic]int32
	glossaryAt int // the index of the glossary's first paragraph
	diagSeen   map[Diagnostic]bool
}

// linkPara is one paragraph to scan, in document order.
type linkPara struct {
	b       *Block
	from    Citer
	own     int32 // a glossary definition's own entry (its index), or -1
	plain   bool  // introduction and credits: symbols only
	scanned bool  // scanned ahead (glossaryAhead): only its references are to be collected
}

// seeWarning is a "See X" item that names no term, in paragraph para.
type seeWarning struct {
	para int
	text string
}

// paragraphs lists every paragraph Link reads, in document order, and the
// number of bytes of text they hold that are still to be scanned: the
// glossary's are marked scanned if ahead (glossaryAhead) scans them.
func (l *linker) paragraphs(ahead bool) ([]linkPara, int) {
	n := len(l.e.Intro) + len(l.e.Credits)
	l.e.Walk(func(r *Rule) bool {
		n += len(r.Body)
		return true
	})
	for _, g := range l.e.Glossary {
		if g != nil {
			n += len(g.Body)
		}
	}
	for _, t := range l.e.Topics {
		if t != nil {
			n += len(t.Body)
		}
	}
	paras := getParas(n)
	size := 0
	add := func(bs []Block, from Citer, own int32, plain, scanned bool) {
		for i := range bs {
			paras = append(paras, linkPara{&bs[i], from, own, plain, scanned})
			if !scanned {
				size += len(bs[i].Text.S)
			}
		}
	}
	l.e.Walk(func(r *Rule) bool {
		add(r.Body, Citer{Rule: r}, -1, false, false)
		return true
	})
	l.glossaryAt = len(paras)
	for i, g := range l.e.Glossary {
		if g != nil {
			add(g.Body, Citer{Entry: g}, int32(i), false, ahead)
		}
	}
	for _, t := range l.e.Topics {
		if t != nil {
			add(t.Body, Citer{Topic: t}, -1, false, false)
		}
	}
	add(l.e.Intro, Citer{}, -1, true, false)
	add(l.e.Credits, Citer{}, -1, true, false)
	return paras, size
}

// paraPool keeps the paragraph lists between Link calls: a whole CR has
// about 4,000 paragraphs.
var paraPool sync.Pool

// getParas returns an empty paragraph list with room for n.
func getParas(n int) []linkPara {
	if p, ok := paraPool.Get().(*[]linkPara); ok && cap(*p) >= n {
		return (*p)[:0]
	}
	return make([]linkPara, 0, n)
}

// putParas returns paras to paraPool, holding no pointers into the edition.
func putParas(paras []linkPara) {
	clear(paras)
	paraPool.Put(&paras)
}

// parallelBytes is the amount of text above which Link scans with two
// goroutines: the scan takes about 3 ns a byte (a whole CR, ~900 KB, a few
// milliseconds; the 240 KB of 2003 0.7 ms), starting the second takes a few
// microseconds, and paragraphs are independent until references are
// collected in order.
const parallelBytes = 64 << 10

// scanChunks is how many pieces the text is cut into for scanning: each
// goroutine takes the next piece when it is done with one, so both finish
// within about a piece of each other however the processors are shared (a
// piece of the 2026 rules is 13 KB, about 40 µs), and taking one costs an
// atomic add.
const scanChunks = 64

// scanChunk is a run of whole rules, entries or topics scanned by one
// worker: a term is marked once in each. Its references, backlinks and
// warnings are ranges of its worker's lists.
type scanChunk struct {
	first, end          int // paras[first:end]
	w                   *worker
	refs, cites, warned [2]int32
}

func (c *scanChunk) citations() []citation { return c.w.cites[c.cites[0]:c.cites[1]] }

// scanAll scans the paragraphs, on two processors at once if there is
// enough text and a second processor, and resolves the references found
// (what each names; Link records the backlinks, in order). meanwhile runs
// first, on one of them. The glossary's paragraphs, if ahead scans them,
// are collected once it is done.
func (l *linker) scanAll(paras []linkPara, size int, ahead *glossaryAhead, meanwhile func()) {
	piece := max(size/scanChunks, 4<<10)
	l.chunks = l.chunks[:0]
	for i, seen := 0, 0; i < len(paras); {
		c := scanChunk{first: i}
		for seen = 0; i < len(paras) && (seen < piece || i > c.first && paras[i].from == paras[i-1].from); i++ {
			if !paras[i].scanned {
				seen += len(paras[i].b.Text.S)
			}
		}
		c.end = i
		l.chunks = append(l.chunks, c)
	}
	var done <-chan struct{}
	if ahead != nil {
		done = ahead.done
	}
	// Task 0 is meanwhile, task k scans chunk k-1 and resolves its
	// references, or leaves that for the end if the index is not rebuilt
	// yet: each goroutine takes the next task when it is done with one.
	var next atomic.Int32
	indexed := make(chan struct{})
	judge := l.judgeContext()
	run := func(w *worker) {
		w.ahead = done
		w.judge, w.mentions = judge, judge == nil && l.e.Document() == DocCR
		w.cites = make([]citation, 0, size/400/2+16) // the 2026 rules have one reference per 460 bytes
		var later []*scanChunk
		for {
			k := int(next.Add(1)) - 1
			if k == 0 {
				meanwhile()
				close(indexed)
				continue
			}
			if k > len(l.chunks) {
				break
			}
			c := &l.chunks[k-1]
			c.w = w
			c.refs[0], c.warned[0] = int32(len(w.refs)), int32(len(w.warnings))
			w.scan(paras[c.first:c.end], c.first)
			c.refs[1], c.warned[1] = int32(len(w.refs)), int32(len(w.warnings))
			select {
			case <-indexed:
				w.resolve(l, c)
			default:
				later = append(later, c)
			}
		}
		<-indexed
		for _, c := range later {
			w.resolve(l, c)
		}
	}
	if size < parallelBytes || runtime.GOMAXPROCS(0) < 2 {
		run(l.newWorker(size))
	} else {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(l.newWorker(size / 2))
		}()
		run(l.newWorker(size / 2))
		wg.Wait()
	}
	n := 0
	for _, c := range l.chunks {
		n += int(c.refs[1] - c.refs[0])
	}
	l.e.Refs = make([]*Ref, 0, n)
	var warned []seeWarning
	for _, c := range l.chunks {
		l.e.Refs = append(l.e.Refs, c.w.refs[c.refs[0]:c.refs[1]]...)
		warned = append(warned, c.w.warnings[c.warned[0]:c.warned[1]]...)
	}
	if ahead != nil {
		<-ahead.done
		// Its warnings name paragraphs by their place in the glossary.
		for _, w := range ahead.warnings {
			l.warnings = append(l.warnings, seeWarning{l.glossaryAt + w.para, w.text})
		}
	}
	l.warnings = mergeWarnings(l.warnings, warned)
}

// mergeWarnings merges two lists of warnings ordered by paragraph.
func mergeWarnings(x, y []seeWarning) []seeWarning {
	if len(x) == 0 {
		return y
	}
	out := make([]seeWarning, 0, len(x)+len(y))
	for len(x) > 0 && len(y) > 0 {
		if y[0].para < x[0].para {
			out, y = append(out, y[0]), y[1:]
		} else {
			out, x = append(out, x[0]), x[1:]
		}
	}
	return append(append(out, x...), y...)
}

const (
	maxSpanChunk = 512 // 24 KB
	// Each worker's last chunk of Refs is half empty on average, and an
	// edition has up to three workers: with 128 Refs a chunk (7 KB) the
	// server kept 1.1 MiB more for the 243 editions served than with 32.
	maxRefChunk = 32 // 1.25 KB
	minSpanRoom = 64 // a new chunk is started for a paragraph when less is left
)

// worker scans a run of paragraphs. It writes only to those paragraphs'
// spans and to Refs it allocates itself.
type worker struct {
	// judge is set for a judge document's edition, whose references
	// scanJudgeRefs reads instead of the scanner (judge_xref.go);
	// mentions for a CR edition, whose mentions of the MTR and the IPG
	// are marked before the scanner reads a paragraph (markMentions).
	judge     *judgeCtx
	mentions  bool
	sc        linkScanner
	spanArena []Span // spans are carved from large arrays, not one per paragraph
	scratch   []Span // the scanner's output otherwise
	refArena  []Ref
	spanChunk int
	refChunk  int
	warnings  []seeWarning
	refs      []*Ref          // every reference in its paragraphs, in order
	cites     []citation      // the backlinks of refs, in order
	scanOnly  bool            // scanning ahead: the references are collected later, by Link
	ahead     <-chan struct{} // closed when the paragraphs marked scanned are; nil once waited for
}

// newWorker sizes the arenas' chunks from the amount of text (the 2026
// rules have about one new span per 60 bytes and one reference per 460):
// a short text gets one chunk with room to spare, a long one many chunks
// of at most maxSpanChunk and maxRefChunk, so that the unused end of the
// last one wastes little. The spans and Refs stay in memory as long as the
// edition does.
func (l *linker) newWorker(size int) *worker {
	w := &worker{spanChunk: min(size/44+64, maxSpanChunk), refChunk: min(size/380+16, maxRefChunk)}
	w.sc = linkScanner{terms: l.terms, slugs: l.slugs, entryOf: l.entryOf, entryIndex: l.entryIndex,
		seen: make([]uint32, len(l.glossary)), own: -1}
	return w
}

func (w *worker) scan(paras []linkPara, first int) {
	for i := range paras {
		p := &paras[i]
		t := &p.b.Text
		if i == 0 || p.from != paras[i-1].from {
			w.sc.begin()
		}
		if p.scanned {
			if w.ahead != nil {
				<-w.ahead
				w.ahead = nil
			}
			w.collect(p)
			continue
		}
		if w.judge != nil {
			w.judgeRefs(p)
			continue
		}
		if w.mentions {
			markMentions(t)
		}
		if p.plain {
			w.symbols(t)
			w.collect(p)
			continue
		}
		if len(t.Spans) == 0 {
			// The scanner writes the spans straight into the free end of
			// the arena, unless there are more than it holds.
			if cap(w.spanArena)-len(w.spanArena) < minSpanRoom {
				w.spanArena = make([]Span, 0, w.spanChunk)
			}
			free := w.spanArena[len(w.spanArena):len(w.spanArena)]
			w.sc.out = free
			w.sc.scan(t.S, nil, p.own)
			if n := len(w.sc.out); n > 0 {
				t.Spans = w.sc.out[:n:n]
				if n <= cap(free) && &free[:1][0] == &t.Spans[0] {
					w.spanArena = w.spanArena[:len(w.spanArena)+n]
				}
			}
			w.sc.out = w.scratch[:0]
		} else {
			w.sc.scan(t.S, t.Spans, p.own)
			w.merge(t, w.sc.out)
			w.scratch = w.sc.out[:0]
		}
		for _, text := range w.sc.warnings {
			w.warnings = append(w.warnings, seeWarning{first + i, text})
		}
		if !w.scanOnly {
			w.collect(p)
		}
	}
}

// resolve finds what each of ch's references names in l.e, which has its
// index, and adds their backlinks to w.cites: only lookups, independent
// of each other, so each worker does its own.
func (w *worker) resolve(l *linker, ch *scanChunk) {
	ch.cites[0] = int32(len(w.cites))
	refs := w.refs[ch.refs[0]:ch.refs[1]]
	e := l.e
	ix := e.index
	nr, ng := int32(len(ix.order)), int32(len(e.Glossary))
	terms := func() *termTable { return l.terms }
	own := e.Document()
	for _, r := range refs {
		c := r.Cited()
		if c.Doc != 0 && c.Doc != own {
			// Another document's entry, or another document: resolved
			// across documents (Shelf), not here, and not dangling here.
			continue
		}
		if c.Kind == RefRule {
			// resolve's lookup, which gives the place in the order too:
			// most references name one rule (1,808 of the 2026 rules'
			// 1,959), and searching the order twice was 4% of the parse.
			p := ix.first(c.Number)
			if r.Resolved = p >= 0; r.Resolved {
				w.cites = append(w.cites, citation{r, int32(p)})
			}
			continue
		}
		t, ok := e.resolve(c, terms)
		r.Resolved = ok
		if !ok {
			continue
		}
		switch {
		case c.Kind == RefRange:
			// Every entry the range covers is cited by it.
			for _, n := range c.Numbers() {
				if p := ix.first(n); p >= 0 {
					w.cites = append(w.cites, citation{r, int32(p)})
				}
			}
		case t.Rule != nil:
			// Found in the index, so in its order.
			w.cites = append(w.cites, citation{r, int32(ix.position(t.Rule))})
		case t.Entry != nil:
			// An entry of e.Glossary, which entryIndex lists.
			w.cites = append(w.cites, citation{r, nr + l.entryIndex[t.Entry]})
		case t.Topic != nil:
			w.cites = append(w.cites, citation{r, nr + ng + l.topicIndex[t.Topic]})
		}
	}
	ch.cites[1] = int32(len(w.cites))
}

// collect makes a Ref of each reference in paragraph p, found by the scan
// or made by the parser, saying where it is written.
func (w *worker) collect(p *linkPara) {
	t := &p.b.Text
	for k := range t.Spans {
		sp := &t.Spans[k]
		if sp.Kind != SpanRef || sp.Cite == (unique.Handle[Cite]{}) {
			continue
		}
		r := w.newRef()
		*r = Ref{Cite: sp.Cite, Text: t, Start: sp.Start, End: sp.End, Line: int32(p.b.Pos.Line())}
		r.SetFrom(p.from)
		w.refs = append(w.refs, r)
	}
}

func (w *worker) newRef() *Ref {
	if len(w.refArena) == cap(w.refArena) {
		w.refArena = make([]Ref, 0, w.refChunk)
	}
	w.refArena = w.refArena[:len(w.refArena)+1]
	return &w.refArena[len(w.refArena)-1]
}

// spans returns a slice of n spans with its own capacity, so appending to
// one paragraph's spans never overwrites another's.
func (w *worker) spans(n int) []Span {
	if cap(w.spanArena)-len(w.spanArena) < n {
		w.spanArena = make([]Span, 0, max(w.spanChunk, n))
	}
	a := len(w.spanArena)
	w.spanArena = w.spanArena[:a+n]
	return w.spanArena[a : a+n : a+n]
}

// symbols marks the symbols of a paragraph that is not scanned for
// references (the introduction and credits).
func (w *worker) symbols(t *Text) {
	out := w.sc.out[:0]
	for i := 0; i < len(t.S); i++ {
		if t.S[i] != '{' {
			continue
		}
		if end, ok := symbolAt(t.S, i); ok {
			out = append(out, Span{Start: int32(i), End: int32(end), Kind: SpanMana})
			i = end - 1
		}
	}
	w.sc.out = out
	w.merge(t, out)
}

// merge adds the new spans (in order, disjoint) to t's existing ones,
// keeping them ordered by Start, outer before inner.
func (w *worker) merge(t *Text, add []Span) {
	if len(add) == 0 {
		return
	}
	old := t.Spans
	if len(old) == 0 {
		t.Spans = w.spans(len(add))
		copy(t.Spans, add)
		return
	}
	merged := w.spans(len(old) + len(add))[:0]
	i := 0
	for _, sp := range add {
		if crosses(sp, old) {
			continue
		}
		for i < len(old) && (old[i].Start < sp.Start || old[i].Start == sp.Start && old[i].End >= sp.End) {
			merged = append(merged, old[i])
			i++
		}
		merged = append(merged, sp)
	}
	merged = append(merged, old[i:]...)
	t.Spans = merged[:len(merged):len(merged)]
}

// crosses reports whether sp overlaps an existing span other than by
// lying inside an italic.
func crosses(sp Span, old []Span) bool {
	for _, o := range old {
		if o.End <= sp.Start || o.Start >= sp.End {
			continue
		}
		if o.Kind == SpanItalic && o.Start <= sp.Start && sp.End <= o.End {
			continue
		}
		return true
	}
	return false
}

func (l *linker) warn(pos Pos, msg string) {
	d := Diagnostic{File: pos.File(), Line: pos.Line(), Severity: SevWarning, Message: msg}
	if l.diagSeen == nil {
		l.diagSeen = make(map[Diagnostic]bool, len(l.e.Diagnostics))
		for _, d := range l.e.Diagnostics {
			l.diagSeen[d] = true
		}
	}
	if l.diagSeen[d] {
		return
	}
	l.diagSeen[d] = true
	l.e.Diagnostics = append(l.e.Diagnostics, d)
}

// Resolve finds what c names in e. ok is false when e has no such thing; a
// range then still names its first entry if e has that one.
func (e *Edition) Resolve(c Cite) (t Target, ok bool) {
	if c.Doc != 0 && c.Doc != e.Document() {
		return e.resolveElsewhere(c)
	}
	// The term table is needed for glossary references only, and an
	// edition does not keep one: termTableFor has the recent ones.
	return e.resolve(c, func() *termTable { return termTableFor(e.Glossary) })
}

func (e *Edition) resolve(c Cite, terms func() *termTable) (t Target, ok bool) {
	switch c.Kind {
	case RefRule:
		t.Rule = e.Rule(c.Number)
		return t, t.Rule != nil
	case RefRange:
		t.Rule = e.Rule(c.Number)
		return t, t.Rule != nil && e.Rule(c.Last) != nil
	case RefSection:
		t.Sect = e.Section(c.Section)
		return t, t.Sect != nil
	case RefGlossary:
		t.Entry = e.termNamed(c.Term, terms)
		return t, t.Entry != nil
	case RefLabel:
		// A label is usually a target defined with ".. _label:", but Sphinx
		// also lets :ref: name a title, so a label that is no target is tried
		// as a rule number, a topic slug, a glossary term and a section or
		// chapter title, and then the same for the text the source shows
		// (the "Title" of :ref:`Title <label>`).
		for _, name := range [2]string{c.Label, c.Shown} {
			if name == "" {
				continue
			}
			if t = e.labelTarget(name, terms); t.Found() {
				return t, true
			}
		}
	case RefTopic:
		t.Topic = e.Topic(c.Label)
		return t, t.Topic != nil
	case RefDocument:
		// The edition's own document, as a whole.
		return t, c.Doc == 0 || c.Doc == e.Document()
	}
	return Target{}, false
}

// termNamed finds the glossary entry a reference names: as any term or
// headline (the last word possibly plural), else as the index finds it (by
// slug).
func (e *Edition) termNamed(name string, terms func() *termTable) *GlossaryEntry {
	name = trimTerm(name)
	w := leadingWord(name)
	if g, end := terms().longest(name, 0, len(w), false); g >= 0 && end == len(name) {
		return e.Glossary[g]
	}
	return e.Term(name)
}

// labelTarget is what an RST label or title names in e, if anything.
func (e *Edition) labelTarget(name string, terms func() *termTable) Target {
	switch v := e.Label(name).(type) {
	case *Rule:
		return Target{Rule: v}
	case *Section:
		return Target{Sect: v}
	case *GlossaryEntry:
		return Target{Entry: v}
	}
	if n, err := ParseNumber(name); err == nil {
		if r := e.Rule(n); r != nil {
			return Target{Rule: r}
		}
	}
	if t := e.Topic(name); t != nil {
		return Target{Topic: t}
	}
	if t := e.Topic(Slug(name)); t != nil {
		return Target{Topic: t}
	}
	if g := e.termNamed(name, terms); g != nil {
		return Target{Entry: g}
	}
	switch v := e.titled(name).(type) {
	case *Rule:
		return Target{Rule: v}
	case *Section:
		return Target{Sect: v}
	}
	return Target{}
}

// titled finds the section or chapter whose title slugs to the same as name
// ("casting-spells" → 601. Casting Spells), or nil.
func (e *Edition) titled(name string) any {
	want := Slug(name)
	if want == "" {
		return nil
	}
	for _, s := range e.Sections {
		if Slug(s.Title) == want {
			return s
		}
		for _, c := range s.Chapters {
			if c.Title() != "" && Slug(c.Title()) == want {
				return c
			}
		}
	}
	return nil
}
