package rules

import (
	"fmt"
	"runtime"
	"sync"
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
func Link(e *Edition) {
	if e == nil {
		return
	}
	l := &linker{e: e, terms: termTableFor(e.Glossary)}
	l.entryOf = make([]int32, len(e.Glossary))
	first := make(map[*GlossaryEntry]int32, len(e.Glossary))
	for i, g := range e.Glossary {
		j, dup := first[g]
		if !dup {
			j = int32(i)
			first[g] = j
		}
		l.entryOf[i] = j
	}
	l.entryIndex = first

	paras, size := l.paragraphs()
	defer l.release(paras)
	// The scan needs neither the index nor the backlinks: they are
	// rebuilt while it runs.
	l.scanAll(paras, size, func() {
		e.Reindex()
		e.Walk(func(r *Rule) bool {
			r.CitedBy = nil
			return true
		})
		for _, g := range e.Glossary {
			if g != nil {
				g.CitedBy = nil
			}
		}
		for _, t := range e.Topics {
			if t != nil {
				t.CitedBy = nil
			}
		}
	})
	e.Dangling = nil
	for _, w := range l.warnings {
		l.warn(paras[w.para].b.Pos, fmt.Sprintf("%q follows “See” like a glossary term, but this edition has no such term", w.text))
	}
	for _, r := range e.Refs {
		l.resolve(r)
	}
	packBacklinks(e)
}

// packBacklinks moves every backlink list of e into one array: grown by
// append, a hundred thousand small lists over all editions would each leave
// their earlier copies behind as holes in the heap.
func packBacklinks(e *Edition) {
	var lists []*[]*Ref
	total := 0
	add := func(l *[]*Ref) {
		if len(*l) > 0 {
			lists = append(lists, l)
			total += len(*l)
		}
	}
	e.Walk(func(r *Rule) bool {
		add(&r.CitedBy)
		return true
	})
	for _, g := range e.Glossary {
		if g != nil {
			add(&g.CitedBy)
		}
	}
	for _, t := range e.Topics {
		if t != nil {
			add(&t.CitedBy)
		}
	}
	slab := make([]*Ref, 0, total)
	for _, l := range lists {
		start := len(slab)
		slab = append(slab, *l...)
		*l = slab[start:len(slab):len(slab)]
	}
}

// linker holds one Link call's state.
type linker struct {
	e          *Edition
	terms      *termTable
	entryOf    []int32                  // glossary index → first index of the same entry
	entryIndex map[*GlossaryEntry]int32 // entry → its first index
	warnings   []seeWarning
	diagSeen   map[Diagnostic]bool
}

// linkPara is one paragraph to scan, in document order.
type linkPara struct {
	b     *Block
	from  Citer
	own   int32 // a glossary definition's own entry (its index), or -1
	plain bool  // introduction and credits: symbols only
}

// seeWarning is a "See X" item that names no term, in paragraph para.
type seeWarning struct {
	para int
	text string
}

// paragraphs lists every paragraph Link reads, in document order, and the
// number of bytes of text they hold.
func (l *linker) paragraphs() ([]linkPara, int) {
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
	var paras []linkPara
	if p, ok := paraPool.Get().(*[]linkPara); ok && cap(*p) >= n {
		paras = (*p)[:0]
	} else {
		paras = make([]linkPara, 0, n)
	}
	size := 0
	add := func(bs []Block, from Citer, own int32, plain bool) {
		for i := range bs {
			paras = append(paras, linkPara{&bs[i], from, own, plain})
			size += len(bs[i].Text.S)
		}
	}
	l.e.Walk(func(r *Rule) bool {
		add(r.Body, Citer{Rule: r}, -1, false)
		return true
	})
	for i, g := range l.e.Glossary {
		if g != nil {
			add(g.Body, Citer{Entry: g}, int32(i), false)
		}
	}
	for _, t := range l.e.Topics {
		if t != nil {
			add(t.Body, Citer{Topic: t}, -1, false)
		}
	}
	add(l.e.Intro, Citer{}, -1, true)
	add(l.e.Credits, Citer{}, -1, true)
	return paras, size
}

// paraPool keeps the paragraph list between Link calls: a whole CR has
// about 4,000 paragraphs.
var paraPool sync.Pool

// release returns paras to paraPool, holding no pointers into the edition.
func (l *linker) release(paras []linkPara) {
	clear(paras)
	paraPool.Put(&paras)
}

// parallelBytes is the amount of text above which Link scans with two
// goroutines: a whole CR (~900 KB) takes a few milliseconds to scan, and its
// paragraphs are independent until references are collected in order.
const parallelBytes = 256 << 10

// scanAll scans the paragraphs, in two halves at once if there is enough
// text and a second processor, each half with its own scanner and arenas.
func (l *linker) scanAll(paras []linkPara, size int, meanwhile func()) {
	if size < parallelBytes || runtime.GOMAXPROCS(0) < 2 {
		meanwhile()
		w := l.newWorker(size)
		w.scan(paras, 0)
		l.warnings = w.warnings
		l.e.Refs = w.refs
		return
	}
	// Split where half the text has been seen, less what meanwhile takes
	// (rebuilding the index takes about as long as scanning a twentieth
	// of the text), which runs before the second half.
	// A rule, entry or topic is scanned by one goroutine, which marks each
	// term once in it.
	half, seen := len(paras), 0
	for i := range paras {
		if seen >= size/2-size/20 && paras[i].from != paras[i-1].from {
			half = i
			break
		}
		seen += len(paras[i].b.Text.S)
	}
	a, b := l.newWorker(size-seen), l.newWorker(seen)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		meanwhile()
		b.scan(paras[:half], 0)
	}()
	a.scan(paras[half:], half)
	wg.Wait()
	l.warnings = append(b.warnings, a.warnings...)
	l.e.Refs = append(b.refs, a.refs...)
}

const (
	maxSpanChunk = 512 // 24 KB
	maxRefChunk  = 128 // 17 KB
	minSpanRoom  = 64  // a new chunk is started for a paragraph when less is left
)

// worker scans a run of paragraphs. It writes only to those paragraphs'
// spans and to Refs it allocates itself.
type worker struct {
	sc        linkScanner
	spanArena []Span // spans are carved from large arrays, not one per paragraph
	scratch   []Span // the scanner's output otherwise
	refArena  []Ref
	spanChunk int
	refChunk  int
	warnings  []seeWarning
	refs      []*Ref // every reference in its paragraphs, in order
}

// newWorker sizes the arenas' chunks from the amount of text (the 2026
// rules have about one new span per 60 bytes and one reference per 460):
// a short text gets one chunk with room to spare, a long one many chunks
// of at most maxSpanChunk and maxRefChunk, so that the unused end of the
// last one wastes little. The spans and Refs stay in memory as long as the
// edition does.
func (l *linker) newWorker(size int) *worker {
	w := &worker{spanChunk: min(size/44+64, maxSpanChunk), refChunk: min(size/380+16, maxRefChunk)}
	w.sc = linkScanner{terms: l.terms, glossary: l.e.Glossary, entryOf: l.entryOf, entryIndex: l.entryIndex,
		seen: make([]uint32, len(l.e.Glossary)), own: -1}
	return w
}

func (w *worker) scan(paras []linkPara, first int) {
	for i := range paras {
		p := &paras[i]
		t := &p.b.Text
		if i == 0 || p.from != paras[i-1].from {
			w.sc.begin()
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
		w.collect(p)
	}
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
		*r = Ref{Cite: sp.Cite, From: p.from, Text: t, Start: sp.Start, End: sp.End, Line: int32(p.b.Pos.Line)}
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
	d := Diagnostic{File: pos.File, Line: pos.Line, Severity: SevWarning, Message: msg}
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

// resolve points r at what it names and records the backlink, or lists it
// as dangling.
func (l *linker) resolve(r *Ref) {
	e := l.e
	c := r.Cited()
	var t Target
	t, r.Resolved = e.resolve(c, func() *termTable { return l.terms })
	if !r.Resolved {
		e.Dangling = append(e.Dangling, r)
		return
	}
	switch {
	case c.Kind == RefRange:
		// Every entry the range covers is cited by it.
		for _, n := range c.Numbers() {
			if t := e.Rule(n); t != nil {
				t.CitedBy = append(t.CitedBy, r)
			}
		}
	case t.Rule != nil:
		t.Rule.CitedBy = append(t.Rule.CitedBy, r)
	case t.Entry != nil:
		t.Entry.CitedBy = append(t.Entry.CitedBy, r)
	case t.Topic != nil:
		t.Topic.CitedBy = append(t.Topic.CitedBy, r)
	}
}

// Resolve finds what c names in e. ok is false when e has no such thing; a
// range then still names its first entry if e has that one.
func (e *Edition) Resolve(c Cite) (t Target, ok bool) {
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
			if c.Title != "" && Slug(c.Title) == want {
				return c
			}
		}
	}
	return nil
}
