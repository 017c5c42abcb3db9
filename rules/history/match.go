package history

import (
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// Matching pairs what one edition holds with what another holds: each
// numbered entry, printed example and glossary entry of the first with at
// most one of the second. Unpaired means added or removed.
type Matching struct {
	a, b *prepared
	// m10 is set when the Magic 2010 update lies between a and b: its
	// renamed terms read alike (wording.go).
	m10 bool

	entry, entryBack     []int32 // a's entry i ↔ b's entry entry[i]; -1 if none
	example, exampleBack []int32
	term, termBack       []int32

	// splitFrom notes, for an entry of b paired with none, the entry of a
	// whose text it was cut from (the rest of which goes on as another);
	// mergedInto, for an entry of a paired with none, the entry of b its
	// text was joined to. See matchOpenings.
	splitFrom, mergedInto map[int32]int32
}

// newMatching pairs nothing yet. Its six arrays are cut from one: a
// matching is kept for every pair of neighbouring editions, made while
// matching leaves garbage of every size behind, and each array on its own
// would keep a span of the heap that is otherwise empty once it is
// collected.
func newMatching(a, b *prepared) *Matching {
	all := make([]int32, len(a.entries)+len(b.entries)+len(a.examples)+len(b.examples)+len(a.terms)+len(b.terms))
	for i := range all {
		all[i] = -1
	}
	none := func(n int) []int32 {
		s := all[:n:n]
		all = all[n:]
		return s
	}
	return &Matching{
		a: a, b: b, m10: acrossM10(a.e, b.e),
		entry: none(len(a.entries)), entryBack: none(len(b.entries)),
		example: none(len(a.examples)), exampleBack: none(len(b.examples)),
		term: none(len(a.terms)), termBack: none(len(b.terms)),
	}
}

func (m *Matching) pairEntry(i, j int)   { m.entry[i], m.entryBack[j] = int32(j), int32(i) }
func (m *Matching) pairExample(i, j int) { m.example[i], m.exampleBack[j] = int32(j), int32(i) }
func (m *Matching) pairTerm(i, j int)    { m.term[i], m.termBack[j] = int32(j), int32(i) }

// Thresholds, found by reading the diffs of the 73 editions since 2003.
const (
	// minLongWords: identical text this long is the same rule wherever it
	// stands, even when the text occurs more than once.
	minLongWords = 6
	// A rule pairs with a rule of different text when their similarity
	// reaches minInPlace if their parents are paired with each other (the
	// rule stayed where it was, or moved with its parent), or minElsewhere if
	// not: "Multiple instances of snow-covered on the same land are
	// redundant" is not the vigilance rule that replaced it in 2004, though
	// the two share 80% of their words. Standing at the same number lowers
	// either by bonusNumber; a change of level raises it by penaltyLevel.
	minInPlace   = 0.5
	minElsewhere = 0.7
	bonusNumber  = 0.1
	penaltyLevel = 0.1
	// minExample: an example pairs with a different one of the same rule at
	// this similarity; minMovedExample, with one of another rule.
	minExample      = 0.5
	minMovedExample = 0.7
	// minTerm: a glossary entry under a new headword pairs by definition at
	// this similarity.
	minTerm = 0.7
	// minTitle: a chapter at the same number keeps its identity when its
	// title is at least this similar.
	minTitle = 0.5
	// minOpening is how many words two texts must open with to be the
	// same text cut (or joined) differently; minOpened, how alike they
	// must be besides (similarity, unweighted). See matchOpenings.
	minOpening = 8
	minOpened  = 0.4
	// maxPart and minPart: a part of a text is at most this much of its
	// length, and has at least this much of its words in it.
	maxPart = 0.8
	minPart = 0.6
)

// match pairs a's contents with b's, in the steps the package comment
// lists (doc.go), each on what the earlier ones left unpaired.
func match(a, b *prepared) *Matching {
	a.keepMasks()
	b.keepMasks()
	m := newMatching(a, b)
	m.matchSameNumber()
	m.matchSameText()
	m.matchSameWording()
	m.matchByChildren()
	m.matchChapters()
	m.matchSimilar()
	m.matchHeadingsInPlace()
	m.matchByChildren()
	m.matchExamples()
	m.matchTerms()
	m.markMissing()
	return m
}

func (m *Matching) matchSameNumber() {
	a, b := m.a, m.b
	for i, r := range a.entries {
		if a.isChapter(i) {
			continue
		}
		j := b.number(r.Number)
		if j >= 0 && m.entryBack[j] < 0 && !b.isChapter(j) && alike(a.text[i], b.text[j], m.m10) {
			m.pairEntry(i, j)
		}
	}
}

// matchSameWording pairs rules whose words are the same, once typography
// and (across the Magic 2010 update) its renamed terms are set aside, as
// matchSameText pairs the same text: 410.10a "Comes-into-play abilities
// trigger when a permanent enters the in-play zone" of 2009-05-01 is
// 603.6a "Enters-the-battlefield abilities trigger when a permanent
// enters the battlefield" of 2009-09-04.
func (m *Matching) matchSameWording() {
	a, b := m.a, m.b
	free := func(p *prepared, back []int32, i int) bool {
		return back[i] < 0 && !p.isChapter(i) && p.text[i].mask() != ""
	}
	// Texts alike have the same bag of words: only those are read.
	inB := map[uint64]bool{}
	for j := range b.entries {
		if free(b, m.entryBack, j) {
			inB[bagKey(b.text[j].bag())] = true
		}
	}
	type item struct {
		i int
		w string
	}
	var items []item
	count := map[string]int{}
	inA := map[uint64]bool{}
	for i := range a.entries {
		if !free(a, m.entry, i) {
			continue
		}
		if k := bagKey(a.text[i].bag()); inB[k] {
			w := wording(a.text[i].mask(), m.m10)
			items = append(items, item{i, w})
			count[w]++
			inA[k] = true
		}
	}
	if len(items) == 0 {
		return
	}
	byWording := map[string][]int32{}
	for j := range b.entries {
		if free(b, m.entryBack, j) && inA[bagKey(b.text[j].bag())] {
			if w := wording(b.text[j].mask(), m.m10); count[w] > 0 {
				byWording[w] = append(byWording[w], int32(j))
			}
		}
	}
	for _, it := range items {
		js := byWording[it.w]
		if len(js) == 0 || !(len(js) == 1 && count[it.w] == 1 || len(a.text[it.i].bag()) >= minLongWords) {
			continue
		}
		m.pairEntry(it.i, int(js[0]))
		byWording[it.w] = js[1:]
	}
}

func (m *Matching) matchSameText() {
	a, b := m.a, m.b
	inB := map[string][]int32{}
	for j := range b.entries {
		if m.entryBack[j] < 0 && !b.isChapter(j) && b.text[j].mask() != "" {
			inB[b.text[j].mask()] = append(inB[b.text[j].mask()], int32(j))
		}
	}
	inA := map[string]int{}
	for i := range a.entries {
		if m.entry[i] < 0 && !a.isChapter(i) {
			inA[a.text[i].mask()]++
		}
	}
	for i := range a.entries {
		if m.entry[i] >= 0 || a.isChapter(i) {
			continue
		}
		u := a.text[i]
		js := inB[u.mask()]
		if len(js) == 0 || !(len(js) == 1 && inA[u.mask()] == 1 || len(u.bag()) >= minLongWords) {
			continue
		}
		for k, j := range js {
			if m.entryBack[j] < 0 {
				m.pairEntry(i, int(j))
				inB[u.mask()] = js[k+1:]
				break
			}
		}
	}
}

func (m *Matching) matchByChildren() {
	a, b := m.a, m.b
	type vote struct{ n, depth int }
	votes := map[int32]vote{}
	for i := range a.entries {
		if m.entry[i] >= 0 {
			continue
		}
		clear(votes)
		total := 0
		for k := i + 1; k < len(a.entries) && a.parent[k] >= int32(i); k++ {
			if a.parent[k] != int32(i) || m.entry[k] < 0 {
				continue
			}
			total++
			// A vote for each unpaired ancestor of where the child went:
			// "716.2 → 717.1f" votes for 717.1 and for chapter 717.
			for p, d := b.parent[m.entry[k]], 0; p >= 0; p, d = b.parent[p], d+1 {
				if m.entryBack[p] < 0 {
					v := votes[p]
					votes[p] = vote{v.n + 1, d}
				}
			}
		}
		best, bv := int32(-1), vote{}
		for j, v := range votes {
			if v.n > bv.n || v.n == bv.n && (v.depth < bv.depth || v.depth == bv.depth && j < best) {
				best, bv = j, v
			}
		}
		if best >= 0 && 2*bv.n > total && titleLike(a.text[i], b.text[best]) {
			m.pairEntry(i, int(best))
		}
	}
}

// titleLike reports whether two entries whose children went the same way
// may be the same entry: both are titles (a chapter, or a rule such as
// "212.4. Enchantments" that only heads its subrules), or their texts are
// alike. "212.1. General" is not the rule that took its place in 2009.
func titleLike(a, b *unit) bool {
	return len(a.bag()) <= maxTitleWords && len(b.bag()) <= maxTitleWords || similarity(a, b) >= minByChildren
}

const (
	// maxTitleWords is the longest a title is: "Ending Turns and Phases".
	maxTitleWords = 5
	// minByChildren: the children going the same way are strong evidence,
	// so the texts need only be somewhat alike.
	minByChildren = 0.3
)

func (m *Matching) matchChapters() {
	a, b := m.a, m.b
	var as, bs []int
	for i := range a.entries {
		if a.isChapter(i) {
			as = append(as, i)
		}
	}
	for j := range b.entries {
		if b.isChapter(j) {
			bs = append(bs, j)
		}
	}
	// Titles compare by their words, so that "End of Turn Step" is "End
	// Step" across the Magic 2010 update.
	title := func(p *prepared, i int) string { return wording(p.text[i].mask(), m.m10) }
	// Same number, same title, for a chapter its children have not
	// already placed: 2009's "300. General" went with its rules to 500.
	for _, i := range as {
		if m.entry[i] >= 0 {
			continue
		}
		if j := b.number(a.entries[i].Number); j >= 0 && b.isChapter(j) && m.entryBack[j] < 0 && title(a, i) == title(b, j) {
			m.pairEntry(i, j)
		}
	}
	// The same title elsewhere, when only one chapter on each side has it.
	titles := func(p *prepared, idx []int, back []int32) map[string][]int {
		t := map[string][]int{}
		for _, i := range idx {
			if back[i] < 0 {
				t[title(p, i)] = append(t[title(p, i)], i)
			}
		}
		return t
	}
	ta, tb := titles(a, as, m.entry), titles(b, bs, m.entryBack)
	for title, is := range ta {
		if js := tb[title]; title != "" && len(is) == 1 && len(js) == 1 {
			m.pairEntry(is[0], js[0])
		}
	}
	// The same number and a similar title.
	for _, i := range as {
		if m.entry[i] >= 0 {
			continue
		}
		if j := b.number(a.entries[i].Number); j >= 0 && b.isChapter(j) && m.entryBack[j] < 0 && similarity(a.text[i], b.text[j]) >= minTitle {
			m.pairEntry(i, j)
		}
	}
}

type candidate struct {
	i, j  int32
	score float32
}

// greedy pairs candidates best first; ties go to the pair closest in
// document order, then to the earlier one.
func greedy(cs []candidate, pair func(i, j int), free func(i, j int) bool) {
	slices.SortFunc(cs, func(x, y candidate) int {
		switch {
		case x.score != y.score:
			if x.score > y.score {
				return -1
			}
			return 1
		case x.i != y.i:
			return int(x.i - y.i)
		}
		return int(x.j - y.j)
	})
	for _, c := range cs {
		if free(int(c.i), int(c.j)) {
			pair(int(c.i), int(c.j))
		}
	}
}

// matchSimilar pairs the rules left by similarity of their words. Only
// pairs that can reach their threshold are scored: a rule's siblings in
// place and the rule at its number, whose thresholds are lower, and
// elsewhere only rules that share one of its rarest words (candidates).
func (m *Matching) matchSimilar() {
	a, b := m.a, m.b
	var as, bs []int
	for i := range a.entries {
		if m.entry[i] < 0 && !a.isChapter(i) && len(a.text[i].bag()) > 0 {
			as = append(as, i)
		}
	}
	for j := range b.entries {
		if m.entryBack[j] < 0 && !b.isChapter(j) && len(b.text[j].bag()) > 0 {
			bs = append(bs, j)
		}
	}
	if len(as) == 0 || len(bs) == 0 {
		return
	}
	ws := weightsOf(a, b)
	wa := make([]weighted, len(as))
	for k, i := range as {
		wa[k] = ws.of(a.text[i])
	}
	wb := make([]weighted, len(bs))
	for k, j := range bs {
		wb[k] = ws.of(b.text[j])
	}
	// Where each of b's rules left stands in bs, and b's rules left by
	// parent: the candidates in place.
	at := make(map[int32]int32, len(bs))
	under := map[int32][]int32{}
	for k, j := range bs {
		at[int32(j)] = int32(k)
		under[b.parent[j]] = append(under[b.parent[j]], int32(k))
	}
	elsewhere := candidates(wa, wb)
	var cs []candidate
	var seen []bool = make([]bool, len(bs))
	var ks []int32
	for x, i := range as {
		ra := a.entries[i]
		ks = ks[:0]
		add := func(k int32) {
			if !seen[k] {
				seen[k] = true
				ks = append(ks, k)
			}
		}
		if pa := a.parent[i]; pa >= 0 && m.entry[pa] >= 0 {
			for _, k := range under[m.entry[pa]] {
				add(k)
			}
		}
		if k, ok := at[int32(b.number(ra.Number))]; ok {
			add(k)
		}
		for _, k := range elsewhere[x] {
			add(k)
		}
		for _, k := range ks {
			seen[k] = false
			j := bs[k]
			if s, need, ok := m.similar(i, j, wa[x], wb[k]); ok {
				cs = append(cs, candidate{int32(i), int32(j), float32(s - need)})
			}
		}
	}
	var paired [][2]int
	greedy(cs, func(i, j int) {
		m.pairEntry(i, j)
		paired = append(paired, [2]int{i, j})
	}, func(i, j int) bool { return m.entry[i] < 0 && m.entryBack[j] < 0 })
	m.matchOpenings(paired)
}

// matchHeadingsInPlace pairs a heading (a title, or a rule that only
// heads its subrules) with the heading of the same words that stands where
// it stood: just before the partner of its next sibling. In 2009-09-04 the
// rules that headed chapter 212's parts became chapters of their own, and
// as "212.2. Artifacts" became "301. Artifacts", "212.1. General" became
// "300. General", though its own rules went elsewhere.
func (m *Matching) matchHeadingsInPlace() {
	a, b := m.a, m.b
	for i := range a.entries {
		if m.entry[i] >= 0 || len(a.text[i].bag()) == 0 || len(a.text[i].bag()) > maxTitleWords {
			continue
		}
		n := a.nextSibling(i)
		if n < 0 || m.entry[n] < 0 {
			continue
		}
		j := b.prevSibling(int(m.entry[n]))
		if j >= 0 && m.entryBack[j] < 0 && len(b.text[j].bag()) <= maxTitleWords && alike(a.text[i], b.text[j], m.m10) {
			m.pairEntry(i, j)
		}
	}
}

// matchOpenings mends the pairs similarity made of a rule cut in parts
// (split) or of parts joined (merged). Each part of a text is contained
// in it, and similarity pairs the text with the part most alike, which is
// not always the part that carries it on: 2009-09-04 cut 418.5a (the
// layers, then the order of effects within a layer) into 612.1 (the
// layers) and 612.2 (the order), and 418.5a went to 612.2. The part that
// carries a text on is the one that opens as it did, its first
// minOpening words: 612.1 opens, as 418.5a did, "The values of an
// object's characteristics are determined by starting with the actual
// object". So a pair whose shorter side does not open as the longer does
// gives way to an unpaired entry that does and is at least minOpened alike;
// the part left is noted as split from (or merged into) the other.
func (m *Matching) matchOpenings(paired [][2]int) {
	a, b := m.a, m.b
	var idxA, idxB map[string][]int
	opening := func(u *unit) string {
		// The words a renamed term spans may change in number: read a few
		// more than the opening needs.
		ws := wordsUpTo(u.mask(), 2*minOpening)
		if m.m10 {
			ws = reword(ws)
		}
		if len(ws) < minOpening {
			return ""
		}
		return strings.Join(ws[:minOpening], " ")
	}
	index := func(p *prepared, back []int32) map[string][]int {
		idx := map[string][]int{}
		for i := range p.entries {
			if back[i] < 0 && !p.isChapter(i) {
				if o := opening(p.text[i]); o != "" {
					idx[o] = append(idx[o], i)
				}
			}
		}
		return idx
	}
	for _, pr := range paired {
		i, j := pr[0], pr[1]
		ua, ub := a.text[i], b.text[j]
		if !isPart(ua, ub) && !isPart(ub, ua) {
			continue
		}
		oa, ob := opening(ua), opening(ub)
		if oa == ob {
			continue
		}
		if isPart(ub, ua) && oa != "" {
			// Split: is another part of i's text the one that opens as i did?
			if idxB == nil {
				idxB = index(b, m.entryBack)
			}
			for _, k := range idxB[oa] {
				if m.entryBack[k] < 0 && similarity(ua, b.text[k]) >= minOpened {
					m.entryBack[j] = -1
					m.pairEntry(i, k)
					m.noteSplit(i, j)
					break
				}
			}
		} else if isPart(ua, ub) && ob != "" {
			// Merged: is another of the texts j joins the one it opens with?
			if idxA == nil {
				idxA = index(a, m.entry)
			}
			for _, k := range idxA[ob] {
				if m.entry[k] < 0 && similarity(a.text[k], ub) >= minOpened {
					m.entry[i] = -1
					m.pairEntry(k, j)
					m.noteMerge(i, j)
					break
				}
			}
		}
	}
	// A text cut in parts (or joined) that similarity paired with none:
	// 419.8a of 2009-05-01 (damage from a chosen source: what may be
	// chosen, when) opens as 608.7 of 2009-09-04, its first sentence.
	if idxB == nil {
		idxB = index(b, m.entryBack)
	}
	if len(idxB) == 0 {
		return
	}
	for i := range a.entries {
		if m.entry[i] >= 0 || a.isChapter(i) || len(a.text[i].bag()) < minOpening {
			continue
		}
		ua := a.text[i]
		for _, k := range idxB[opening(ua)] {
			ub := b.text[k]
			if m.entryBack[k] < 0 && (isPart(ub, ua) || isPart(ua, ub)) && similarity(ua, ub) >= minOpened {
				m.pairEntry(i, k)
				break
			}
		}
	}
}

// isPart reports whether text x may be a part of text y: it is at most
// maxPart of y's length, and most of its words (minPart) are in y.
func isPart(x, y *unit) bool {
	if float64(len(x.bag())) > maxPart*float64(len(y.bag())) || len(x.bag()) == 0 {
		return false
	}
	return float64(common(x.bag(), y.bag())) >= minPart*float64(len(x.bag()))
}

// noteSplit records that b's entry j was cut from a's entry i, which went
// on elsewhere; noteMerge, that a's entry i was joined to b's entry j,
// which carries on another.
func (m *Matching) noteSplit(i, j int) {
	if m.splitFrom == nil {
		m.splitFrom = map[int32]int32{}
	}
	m.splitFrom[int32(j)] = int32(i)
}

func (m *Matching) noteMerge(i, j int) {
	if m.mergedInto == nil {
		m.mergedInto = map[int32]int32{}
	}
	m.mergedInto[int32(i)] = int32(j)
}

// similar scores a's rule i against b's rule j and reports whether the
// score reaches the pair's threshold. A rule in place (under the entry its
// parent was paired with) may have changed more than one that moved
// elsewhere, and one that kept its number more again.
func (m *Matching) similar(i, j int, wa, wb weighted) (score, need float64, ok bool) {
	a, b := m.a, m.b
	ra, rb := a.entries[i], b.entries[j]
	need = minElsewhere
	if pa := a.parent[i]; pa >= 0 && m.entry[pa] >= 0 && m.entry[pa] == b.parent[j] {
		need = minInPlace
	}
	if ra.Number == rb.Number {
		need -= bonusNumber
	}
	if ra.Number.Level() != rb.Number.Level() {
		need += penaltyLevel
	}
	if maxSimilarity(a.text[i], b.text[j]) < need {
		return 0, need, false
	}
	// Rank by how far past its threshold a pair is: a close text in place
	// beats a closer one elsewhere only by as much.
	score = weightedSimilarity(wa, wb)
	return score, need, score >= need
}

// candidates lists, for each of as, the bs that may reach minElsewhere
// with it. To reach it, two texts must share words weighing at least
// minElsewhere of the lighter one (weightedSimilarity: so must both the
// Dice score and the containment score), so one of the words they share
// is among the lighter one's heaviest, the fewest that weigh more than the
// rest may miss (prefix). Each text is listed under those words, and
// looked up by all of its own.
func candidates(as, bs []weighted) [][]int32 {
	var scratch []int
	var p []uint32
	// index lists each text under its prefix's words: hash<<32 | text,
	// sorted, so the texts under a word are a run found by binary search.
	index := func(xs []weighted) []uint64 {
		var idx []uint64
		for k, x := range xs {
			p, scratch = prefix(x, p[:0], scratch)
			for _, h := range p {
				idx = append(idx, uint64(h)<<32|uint64(k))
			}
		}
		slices.Sort(idx)
		return idx
	}
	under := func(idx []uint64, h uint32) []uint64 {
		lo, _ := slices.BinarySearch(idx, uint64(h)<<32)
		hi := lo
		for hi < len(idx) && uint32(idx[hi]>>32) == h {
			hi++
		}
		return idx[lo:hi]
	}
	byA, byB := index(as), index(bs)
	out := make([][]int32, len(as))
	// Each candidate once: last[y] is 1 + the last x listed with y.
	last := make([]int32, max(len(as), len(bs)))
	for k, x := range as {
		for n, h := range x.bag {
			if n == 0 || x.bag[n-1] != h {
				for _, e := range under(byB, h) {
					if y := int32(uint32(e)); last[y] != int32(k)+1 {
						last[y] = int32(k) + 1
						out[k] = append(out[k], y)
					}
				}
			}
		}
	}
	clear(last)
	for k, y := range bs {
		for n, h := range y.bag {
			if n == 0 || y.bag[n-1] != h {
				for _, e := range under(byA, h) {
					if x := int32(uint32(e)); last[x] != int32(k)+1 {
						last[x] = int32(k) + 1
						out[x] = append(out[x], int32(k))
					}
				}
			}
		}
	}
	return out
}

// prefix appends to out the heaviest words of x, the fewest whose weight
// leaves less than minElsewhere of x's total to the others (with a margin
// for rounding), each once. scratch is reused for the sorting, and
// returned.
func prefix(x weighted, out []uint32, scratch []int) ([]uint32, []int) {
	idx := scratch[:0]
	for n := range x.bag {
		idx = append(idx, n)
	}
	slices.SortFunc(idx, func(p, q int) int {
		switch {
		case x.w[p] > x.w[q]:
			return -1
		case x.w[p] < x.w[q]:
			return 1
		}
		return int(x.bag[p]) - int(x.bag[q])
	})
	rest := x.total
	for _, n := range idx {
		if rest < minElsewhere*x.total*prefixMargin {
			break
		}
		rest -= float64(x.w[n])
		if !slices.Contains(out, x.bag[n]) {
			out = append(out, x.bag[n])
		}
	}
	return out, idx
}

// prefixMargin keeps prefix from stopping a word short through rounding.
const prefixMargin = 0.98

func (m *Matching) matchExamples() {
	a, b := m.a, m.b
	free := func(x, y int) bool { return m.example[x] < 0 && m.exampleBack[y] < 0 }
	// Within each pair of rules: the same text, then similar text.
	var cs []candidate
	for i, j := range m.entry {
		if j < 0 {
			continue
		}
		alo, ahi := a.examplesOf(i)
		blo, bhi := b.examplesOf(int(j))
		for x := alo; x < ahi; x++ {
			for y := blo; y < bhi; y++ {
				if free(x, y) && a.examples[x].u.mask() == b.examples[y].u.mask() {
					m.pairExample(x, y)
					break
				}
			}
		}
		cs = cs[:0]
		for x := alo; x < ahi; x++ {
			for y := blo; y < bhi; y++ {
				if free(x, y) {
					if s := similarity(a.examples[x].u, b.examples[y].u); s >= minExample {
						cs = append(cs, candidate{int32(x), int32(y), float32(s)})
					}
				}
			}
		}
		greedy(cs, m.pairExample, free)
	}
	// Across rules: an example that moved, with its text or close to it.
	inB := map[string][]int32{}
	var bs []int
	for y := range b.examples {
		if m.exampleBack[y] < 0 {
			inB[b.examples[y].u.mask()] = append(inB[b.examples[y].u.mask()], int32(y))
			bs = append(bs, y)
		}
	}
	inA := map[string]int{}
	for x := range a.examples {
		if m.example[x] < 0 {
			inA[a.examples[x].u.mask()]++
		}
	}
	var as []int
	for x := range a.examples {
		if m.example[x] >= 0 {
			continue
		}
		u := a.examples[x].u
		ys := inB[u.mask()]
		if len(ys) > 0 && (len(ys) == 1 && inA[u.mask()] == 1 || len(u.bag()) >= minLongWords) {
			for k, y := range ys {
				if m.exampleBack[y] < 0 {
					m.pairExample(x, int(y))
					inB[u.mask()] = ys[k+1:]
					break
				}
			}
		}
		if m.example[x] < 0 {
			as = append(as, x)
		}
	}
	cs = cs[:0]
	for _, x := range as {
		for _, y := range bs {
			if m.exampleBack[y] >= 0 {
				continue
			}
			ua, ub := a.examples[x].u, b.examples[y].u
			if maxSimilarity(ua, ub) < minMovedExample {
				continue
			}
			if s := similarity(ua, ub); s >= minMovedExample {
				cs = append(cs, candidate{int32(x), int32(y), float32(s)})
			}
		}
	}
	greedy(cs, m.pairExample, free)
}

// termKeys are e's glossary entries' folded headwords, made for each
// match rather than kept with the prepared edition: a million bytes of
// keys for the editions served, for a few milliseconds of work in all.
func termKeys(e *rules.Edition) []string {
	keys := make([]string, len(e.Glossary))
	for i, g := range e.Glossary {
		keys[i] = rules.FoldTerm(g.Term())
	}
	return keys
}

func (m *Matching) matchTerms() {
	a, b := m.a, m.b
	free := func(i, j int) bool { return m.term[i] < 0 && m.termBack[j] < 0 }
	// The same headword, then any of its terms ("Legend" listed beside
	// "Legendary" and later alone).
	byKey := map[string]int{}
	for j, k := range termKeys(b.e) {
		if _, dup := byKey[k]; !dup {
			byKey[k] = j
		}
	}
	for i, k := range termKeys(a.e) {
		if j, ok := byKey[k]; ok && free(i, j) {
			m.pairTerm(i, j)
		}
	}
	byTerm := map[string]int{}
	for j, g := range b.e.Glossary {
		if m.termBack[j] >= 0 {
			continue
		}
		for _, t := range g.Terms {
			if _, dup := byTerm[rules.FoldTerm(t)]; !dup {
				byTerm[rules.FoldTerm(t)] = j
			}
		}
	}
	for i, g := range a.e.Glossary {
		for _, t := range g.Terms {
			if j, ok := byTerm[rules.FoldTerm(t)]; ok && free(i, j) {
				m.pairTerm(i, j)
				break
			}
		}
	}
	// Renamed: the same or a close definition under another headword.
	var cs []candidate
	for i := range a.terms {
		if m.term[i] >= 0 {
			continue
		}
		for j := range b.terms {
			if m.termBack[j] >= 0 {
				continue
			}
			ua, ub := a.terms[i], b.terms[j]
			if ua.mask() == ub.mask() && ua.mask() != "" {
				cs = append(cs, candidate{int32(i), int32(j), 2})
				continue
			}
			if maxSimilarity(ua, ub) < minTerm {
				continue
			}
			if s := similarity(ua, ub); s >= minTerm {
				cs = append(cs, candidate{int32(i), int32(j), float32(s)})
			}
		}
	}
	greedy(cs, m.pairTerm, free)
}

// mapNumber is where the entry numbered n in the first edition stands in
// the second: its new number, or n itself if it has none (a number the
// first edition lacks, or an entry that was removed).
func (m *Matching) mapNumber(n rules.Number) rules.Number {
	if i := m.a.number(n); i >= 0 {
		if j := m.entry[i]; j >= 0 {
			return m.b.entries[j].Number
		}
	}
	return n
}

// compare says how the text ua (of m.a) differs from ub (of m.b): not at
// all (0); in wording only (Reworded, see wording.go); in the numbers it
// cites, each the number the matching gave what the old one named
// (Recited), so "see rule 420.5e" and "see rule 704.5k" read the same
// across the 2009 renumbering; or in what it says (Changed).
func (m *Matching) compare(ua, ub *unit) Op {
	if ua == ub {
		return 0 // one unit: the same text, and its numbers map to themselves
	}
	if op := m.compareCited(ua, ub); op != Changed {
		return op
	}
	// The same words, numbers and all, though one cites what the other
	// does not: "See rule 419,8" became "See rule 419.8" in 2003-12-01.
	if wording(ua.Text(), m.m10) == wording(ub.Text(), m.m10) {
		return Reworded
	}
	return Changed
}

// compareCited is compare with the cited numbers masked and compared
// through the matching.
func (m *Matching) compareCited(ua, ub *unit) Op {
	if len(ua.nums) != len(ub.nums) {
		return Changed
	}
	var op Op
	for k, n := range ua.nums {
		if n != ub.nums[k] {
			if m.mapNumber(n) != ub.nums[k] {
				return Changed
			}
			op = Recited
		}
	}
	if ma, mb := ua.mask(), ub.mask(); ma != mb {
		if !alikeMasked(ua, ub, ma, mb, m.m10) {
			return Changed
		}
		op |= Reworded
	}
	return op
}
