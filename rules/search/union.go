package search

import (
	"math"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// unionIndex searches every edition of a library at once. It indexes each
// distinct entry once, however many editions hold it, and lists where it
// stands: of the 190,000 entries of the 73 editions since 2003 some 18,000
// differ. Entries read alike when rules.Compact gave them the same
// paragraph list and they have the same title and headings above them.
type unionIndex struct {
	ix  *MemIndex // its documents are the distinct entries; ix.ed is nil
	lib *rules.Library
	// The places of document d are places[off[d]:off[d+1]], newest
	// edition first.
	off    []int32
	places []place
}

// docKey is what makes two entries one document of the union: the same
// paragraphs (one canonical list after rules.Compact), title and context.
type docKey struct {
	kind  docKind
	body  *rules.Block
	n     int
	title string
	ctx   int32 // a rule's headings above it and whether it is a keyword heading (ctxIDs); a topic's slug
}

// keyed is a rule of the edition before, while building.
type keyed struct {
	num rules.Number
	key docKey
	doc int32
}

// docPlace is one entry of one edition and its document.
type docPlace struct {
	doc int32
	at  place
}

// buildUnion indexes the distinct entries of lib's editions (the newest
// maxEditions of them).
func buildUnion(lib *rules.Library) *unionIndex {
	eds := lib.Editions[:min(len(lib.Editions), maxEditions)]
	entries := 0
	for _, e := range eds {
		entries += len(e.Entries()) + len(e.Glossary) + len(e.Topics)
	}
	// About one entry in ten differs from every other.
	b := newBuilder(nil, entries/8)
	seen := make(map[docKey]int32, entries/8)
	pairs := make([]docPlace, 0, entries)
	var from []int32  // the edition each document was first found in
	ruleAt := []int{} // where each edition's rules start in pairs
	add := func(k docKey, ei, xi int, index func()) {
		d, ok := seen[k]
		if !ok {
			index()
			d = b.doc
			seen[k] = d
			from = append(from, int32(ei))
		}
		pairs = append(pairs, docPlace{doc: d, at: mkPlace(ei, xi)})
	}
	// A glossary entry cites the rules of the edition it is first found in.
	b.cite = func(g int32, n rules.Number) (int32, bool) {
		ei := from[g]
		if r := eds[ei].Rule(n); r != nil {
			if xi := entryIndex(eds[ei], r); xi >= 0 {
				return pairs[ruleAt[ei]+xi].doc, true
			}
		}
		return 0, false
	}
	// Contexts are numbered, so that comparing keys never compares the
	// strings of two editions byte by byte.
	ctxIDs := map[ctxStep]int32{}
	// Most rules read as the rule of the same number did in the edition
	// before: comparing with that one spares most look-ups in seen.
	var prev, cur []keyed
	for ei, e := range eds {
		ruleAt = append(ruleAt, len(pairs))
		heads := make(map[*rules.Rule]int32, len(prev)/4)
		cur = cur[:0]
		j := 0
		for xi, r := range e.Entries() {
			k := docKey{kind: docRule, body: first(r.Body), n: len(r.Body), title: r.Title(), ctx: ruleContext(r, heads, ctxIDs)}
			for j < len(prev) && prev[j].num.Compare(r.Number) < 0 {
				j++
			}
			if j < len(prev) && prev[j].num == r.Number && prev[j].key == k {
				pairs = append(pairs, docPlace{doc: prev[j].doc, at: mkPlace(ei, xi)})
			} else {
				add(k, ei, xi, func() { b.addRule(r) })
			}
			cur = append(cur, keyed{num: r.Number, key: k, doc: pairs[len(pairs)-1].doc})
		}
		prev, cur = cur, prev
		for xi, g := range e.Glossary {
			k := docKey{kind: docGlossary, body: first(g.Body), n: len(g.Body), title: strings.Join(g.Terms, "\x00")}
			add(k, ei, xi, func() { b.addEntry(g, e) })
		}
		for xi, t := range e.Topics {
			k := docKey{kind: docTopic, body: first(t.Body), n: len(t.Body), title: t.Title, ctx: contextID(ctxIDs, ctxStep{up: topicContext, head: t.Slug})}
			add(k, ei, xi, func() { b.addTopic(t) })
		}
	}
	b.finish()
	u := &unionIndex{ix: b.ix, lib: lib}
	if len(eds) > 0 {
		u.ix.doc = eds[0].Document()
	}
	// A counting sort by document keeps each document's places in edition order.
	u.off = make([]int32, len(u.ix.docs)+1)
	for _, p := range pairs {
		u.off[p.doc+1]++
	}
	for d := range u.ix.docs {
		u.off[d+1] += u.off[d]
	}
	u.places = make([]place, len(pairs))
	next := slices.Clone(u.off[:len(u.ix.docs)])
	for _, p := range pairs {
		u.places[next[p.doc]] = p.at
		next[p.doc]++
	}
	// The newest edition's entries by number, for the lexicon's numbers.
	u.ix.byNumber = map[rules.Number][]int32{}
	if latest := lib.Latest(); latest != nil {
		for d := range u.ix.docs {
			if u.ix.docs[d].kind != docRule {
				continue
			}
			for _, pl := range u.places[u.off[d]:u.off[d+1]] {
				if e := eds[pl.ed()]; e == latest {
					n := e.Entries()[pl.entry()].Number
					u.ix.byNumber[n] = append(u.ix.byNumber[n], int32(d))
				}
			}
		}
	}
	return u
}

func first(bs []rules.Block) *rules.Block {
	if len(bs) == 0 {
		return nil
	}
	return &bs[0]
}

// ctxStep is a heading above an entry and the number of the headings
// above it (-1 for none).
type ctxStep struct {
	up   int32
	head string
}

// topicContext stands above a topic's slug in its key.
const topicContext = -2

func contextID(ids map[ctxStep]int32, k ctxStep) int32 {
	id, ok := ids[k]
	if !ok {
		id = int32(len(ids))
		ids[k] = id
	}
	return id
}

// ruleContext numbers what a rule's document takes from around it: the
// headings above it (contextOf) and whether it is a keyword heading
// itself. heads caches the number of each parent's headings.
func ruleContext(r *rules.Rule, heads map[*rules.Rule]int32, ids map[ctxStep]int32) int32 {
	c := int32(-1)
	if r.Parent != nil {
		c = parentContext(r.Parent, heads, ids)
	}
	if keywordHeading(r) != "" {
		return -2 - c // below every number a rule that is not one gets
	}
	return c
}

// parentContext numbers the headings from p up, as contextOf lists them.
func parentContext(p *rules.Rule, heads map[*rules.Rule]int32, ids map[ctxStep]int32) int32 {
	if id, ok := heads[p]; ok {
		return id
	}
	up := int32(-1)
	if p.Parent != nil {
		up = parentContext(p.Parent, heads, ids)
	}
	h := p.Title()
	if h == "" {
		h = keywordHeading(p)
	}
	id := up // a parent with no heading adds nothing
	if h != "" {
		id = contextID(ids, ctxStep{up: up, head: h})
	}
	heads[p] = id
	return id
}

// Across editions a version other than the current one (an older wording,
// or a rule since removed) counts this much of its score: today's rule
// comes first when an old wording matches about as well.
const oldWeight = 0.75

// group is the hits of one lineage in a search over every edition.
type group struct {
	lin   int32
	show  place   // the lineage's newest version
	cur   bool    // show is in the newest edition
	score float32 // the best weighted score of its versions
	best  int32   // the document that scored it
	at    place   // where best stands
	shown int32   // the document of the version shown, if it matched; else -1
	also  []rules.Number
}

// fold groups lineages as an edition's hits are (group.go), by the
// number each shows; a heading is named by the query if the document
// that scored it is.
func (u *unionIndex) fold(groups []group, exact []int32, lin *lineages) []group {
	items := make([]foldItem, len(groups))
	for i, g := range groups {
		l := lin.get(g.lin)
		if l.kind != docRule {
			continue
		}
		r := u.lib.Editions[l.show.ed()].Entries()[l.show.entry()]
		items[i] = foldItem{rule: true, num: r.Number, head: keywordHeading(r) != "" || len(r.Body) == 0, named: slices.Contains(exact, g.best)}
	}
	shown, also := foldHits(items)
	out := make([]group, len(shown))
	for k, i := range shown {
		out[k] = groups[i]
		out[k].also = also[k]
	}
	return out
}

// search runs q over every edition; lin groups the hits by lineage.
func (u *unionIndex) search(q *Query, opt Options, lin *lineages) *Results {
	res := &Results{Query: q.String(), Edition: AllEditions, Editions: []string{}, Notes: q.Notes, Hits: []Hit{}}
	for _, e := range u.lib.Editions {
		res.Editions = append(res.Editions, e.ID)
	}
	if len(q.Clauses) == 0 {
		res.Message = emptyMessage(q)
		return res
	}
	jump, jumped := u.jump(q, res)
	// The filters apply to each edition's number of an entry, below.
	uq := *q
	uq.Section, uq.Chapter, uq.Edition = 0, 0, ""
	p := u.ix.plan(&uq, opt.PrefixLast)
	if !jumped {
		res.Unknown = p.unknown
	}
	if p.corrected != nil {
		cq := *p.corrected
		cq.Section, cq.Chapter, cq.Edition = q.Section, q.Chapter, q.Edition
		res.Corrections = p.corrections
		res.DidYouMean = cq.String()
	}
	positive := 0
	for _, c := range p.clauses {
		if !c.exclude {
			positive++
		}
	}
	s := u.ix.scratch()
	defer u.ix.release(s)
	var top []scored
	if positive > 0 && !p.dead {
		top, _ = u.ix.rank(p, &uq, s, len(u.ix.docs))
	}
	groups := u.group(top, q, lin)
	total := len(groups)
	// Folded as an edition's hits are, over as many as it ranks.
	groups = u.fold(groups[:min(len(groups), foldDepth(opt.limit()))], s.exact, lin)
	if jumped {
		groups = u.putFirst(groups, jump, lin)
	}
	res.Total = max(total, len(groups))
	if n := opt.limit(); len(groups) > n {
		groups = groups[:n]
	}
	matched := u.matchedEditions(top, groups, q, lin)
	hl := newHighlight(p, u.ix.stop)
	for i, g := range groups {
		h := u.hit(g, matched[i], hl, s, opt, lin)
		h.Also = g.also
		res.Hits = append(res.Hits, h)
	}
	if len(res.Hits) == 0 && res.Message == "" {
		res.Message = noMatchMessage(q, p)
	}
	return res
}

// jump finds the rule a bare number names in the newest edition that has
// it, and records it in res; false if q is not a number or no edition has
// it.
func (u *unionIndex) jump(q *Query, res *Results) (place, bool) {
	if len(u.lib.Editions) == 0 {
		return 0, false
	}
	n, ok := bareNumber(q, u.lib.Editions[0].Document()) // a library of one document's editions
	if !ok {
		return 0, false
	}
	for i, e := range u.lib.Editions[:min(len(u.lib.Editions), maxEditions)] {
		if r := e.Rule(n); r != nil {
			if x := entryIndex(e, r); x >= 0 {
				res.Jump = &Jump{Edition: e.ID, Number: n}
				return mkPlace(i, x), true
			}
		}
	}
	res.Message = "No edition has a rule " + n.String() + "."
	return 0, false
}

// placePasses applies the section: and chapter: filters to the entry at p:
// they keep rules numbered within them in that edition.
func (u *unionIndex) placePasses(d int32, p place, q *Query) bool {
	if !q.Filtered() {
		return true
	}
	if u.ix.docs[d].kind != docRule {
		return false
	}
	n := u.lib.Editions[p.ed()].Entries()[p.entry()].Number
	return (q.Section == 0 || n.Section() == q.Section) && (q.Chapter == 0 || int(n.Chapter) == q.Chapter)
}

// group folds the scored documents into lineages, best first. A lineage
// scores the best of its versions' scores, each version other than the
// current one weighted by oldWeight.
func (u *unionIndex) group(top []scored, q *Query, lin *lineages) []group {
	var groups []group
	at := make([]int32, lin.count()) // lineage → its index in groups + 1
	for _, sc := range top {
		kind := u.ix.docs[sc.doc].kind
		for _, p := range u.places[u.off[sc.doc]:u.off[sc.doc+1]] {
			if !u.placePasses(sc.doc, p, q) {
				continue
			}
			id := lin.of(kind, p)
			if int(id) >= len(at) { // found just now
				at = append(at, make([]int32, int(id)+1-len(at))...)
			}
			if at[id] == 0 {
				l := lin.get(id)
				groups = append(groups, group{lin: id, show: l.show, cur: l.current(lin), score: -1, shown: -1})
				at[id] = int32(len(groups))
			}
			g := &groups[at[id]-1]
			w := float32(oldWeight)
			if p == g.show && g.cur {
				w = 1
			} else if kind == docGlossary && u.splitOff(u.ix.docs[sc.doc].entry, g.show) {
				w = oldWeight / 2
			}
			if v := sc.score * w; v > g.score {
				g.score, g.best, g.at = v, sc.doc, p
			}
			if p == g.show && g.shown < 0 {
				g.shown = sc.doc
			}
		}
	}
	slices.SortStableFunc(groups, func(a, b group) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return groups
}

// splitOff reports whether the glossary entry old, a version of the
// lineage shown at show, named more than the shown version keeps: some of
// its terms are still the entry's and some are not (1999's "Legend/Legend
// Rule" is "Legend" today; the legend rule has an entry of its own). A
// match on a term the entry let go counts for less than an old wording.
func (u *unionIndex) splitOff(old *rules.GlossaryEntry, show place) bool {
	if old == nil || len(old.Terms) < 2 {
		return false
	}
	gl := u.lib.Editions[show.ed()].Glossary
	if show.entry() >= len(gl) {
		return false
	}
	kept := 0
	for _, t := range old.Terms {
		if slices.ContainsFunc(gl[show.entry()].Terms, func(s string) bool { return strings.EqualFold(s, t) }) {
			kept++
		}
	}
	return kept > 0 && kept < len(old.Terms)
}

// putFirst moves the lineage of the jump target to the front of groups,
// adding it if the words did not match it.
func (u *unionIndex) putFirst(groups []group, jump place, lin *lineages) []group {
	id := lin.of(docRule, jump)
	for i, g := range groups {
		if g.lin == id {
			return append(append([]group{g}, groups[:i]...), groups[i+1:]...)
		}
	}
	l := lin.get(id)
	return append([]group{{lin: id, show: l.show, cur: l.current(lin), best: -1, shown: -1, at: jump}}, groups...)
}

// matchedEditions lists, for each of groups (the first of those group
// returned, reordered), the editions whose version matched, newest first.
func (u *unionIndex) matchedEditions(top []scored, groups []group, q *Query, lin *lineages) [][]int {
	out := make([][]int, len(groups))
	idx := make([]int32, lin.count()) // lineage → index in groups + 1
	for i, g := range groups {
		if int(g.lin) < len(idx) {
			idx[g.lin] = int32(i) + 1
		}
	}
	for _, sc := range top {
		kind := u.ix.docs[sc.doc].kind
		for _, p := range u.places[u.off[sc.doc]:u.off[sc.doc+1]] {
			if !u.placePasses(sc.doc, p, q) {
				continue
			}
			if id := lin.of(kind, p); int(id) < len(idx) && idx[id] > 0 {
				out[idx[id]-1] = append(out[idx[id]-1], p.ed())
			}
		}
	}
	for i := range out {
		slices.Sort(out[i])
		out[i] = slices.Compact(out[i])
	}
	return out
}

// hit shows lineage g as its newest version, with the snippet of the
// version shown if it matched, else of the version that scored best.
func (u *unionIndex) hit(g group, matched []int, hl *highlight, s *scratch, opt Options, lin *lineages) Hit {
	l := lin.get(g.lin)
	e := u.lib.Editions[l.show.ed()]
	h := Hit{Edition: e.ID, Current: l.current(lin), Score: math.Round(float64(g.score)*1000) / 1000, Editions: []string{}}
	switch l.kind {
	case docRule:
		r := e.Entries()[l.show.entry()]
		c := chapterOf(r)
		h.Kind, h.Number, h.Rule, h.Chapter = HitRule, r.Number, r, c.Number.String()+". "+c.Title()
		h.Title = ruleTitle(r, keywordHeading(r), contextOf(r))
	case docGlossary:
		t := e.Glossary[l.show.entry()]
		h.Kind, h.Slug, h.Entry, h.Chapter, h.Title = HitGlossary, t.Slug, t, "Glossary", t.Term()
	default:
		t := e.Topics[l.show.entry()]
		h.Kind, h.Slug, h.Topic, h.Title = HitTopic, t.Slug, t, t.Title
	}
	for _, i := range matched {
		h.Editions = append(h.Editions, u.lib.Editions[i].ID)
	}
	for i := len(l.eras) - 1; i >= 0; i-- {
		a := l.eras[i]
		h.Eras = append(h.Eras, Era{Number: a.num, Term: a.term, From: u.lib.Editions[a.first].ID, To: u.lib.Editions[a.last].ID})
	}
	switch {
	case opt.NoSnippets:
	case g.shown >= 0:
		h.Snippet = u.ix.snippet(g.shown, hl, s)
	case g.best >= 0:
		h.Snippet = u.ix.snippet(g.best, hl, s)
		h.SnippetFrom = u.lib.Editions[g.at.ed()].ID
	default:
		h.Snippet = plainSnippet(h)
	}
	return h
}

// plainSnippet is the start of a hit's first paragraph, for a rule shown
// because the query named its number.
func plainSnippet(h Hit) Snippet {
	d := doc{kind: docRule, rule: h.Rule, entry: h.Entry, topic: h.Topic}
	switch {
	case h.Entry != nil:
		d.kind = docGlossary
	case h.Topic != nil:
		d.kind = docTopic
	}
	bs := d.paragraphs()
	if len(bs) == 0 {
		return Snippet{Parts: []Part{}}
	}
	// The text's first paragraph, past the title, headings and penalty
	// (the hit shows the title), unless there is nothing else.
	b := bs[0]
	if i := slices.IndexFunc(bs, func(b block) bool { return !b.aside }); i >= 0 {
		b = bs[i]
	}
	from, to := window(b.text, nil)
	t := b.text[from:to]
	if to < len(b.text) {
		t += "…"
	}
	return Snippet{Example: b.example, Parts: []Part{{Text: t}}}
}
