package history

import (
	"slices"

	"github.com/arbiter-rules/arbiter/rules"
)

// Matching pairs what one edition holds with what another holds: each
// numbered entry, printed example and glossary entry of the first with at
// most one of the second. Unpaired means added or removed.
type Matching struct {
	a, b *prepared

	entry, entryBack     []int32 // a's entry i ↔ b's entry entry[i]; -1 if none
	example, exampleBack []int32
	term, termBack       []int32
}

func newMatching(a, b *prepared) *Matching {
	none := func(n int) []int32 {
		s := make([]int32, n)
		for i := range s {
			s[i] = -1
		}
		return s
	}
	return &Matching{
		a: a, b: b,
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
)

// match pairs a's contents with b's. Each step only considers what earlier
// steps left unpaired, most certain first:
//
//  1. rules at the same number with the same text (cited numbers masked);
//  2. rules with the same text at another number: renumbered;
//  3. any entry whose children went, most of them, to the children of one
//     entry: "212.4. Enchantments" became chapter "303. Enchantments" in 2009;
//  4. chapters: same number and title, then the same title elsewhere, then
//     the same number and a similar title;
//  5. the remaining rules by similarity of their words: in place (under the
//     entry their parent was paired with) a rule may have changed more than
//     one that moved elsewhere, and one that kept its number more again;
//     and step 3 again for the parents of what that paired;
//  6. examples within paired rules, then across rules (an example moved);
//  7. glossary entries by headword, then by definition;
//  8. what is left unpaired past the point where a cut edition's file
//     stops is marked missing (missing.go).
func match(a, b *prepared) *Matching {
	m := newMatching(a, b)
	m.matchSameNumber()
	m.matchSameText()
	m.matchByChildren()
	m.matchChapters()
	m.matchSimilar()
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
		if j >= 0 && m.entryBack[j] < 0 && !b.isChapter(j) && a.text[i].masked == b.text[j].masked {
			m.pairEntry(i, j)
		}
	}
}

func (m *Matching) matchSameText() {
	a, b := m.a, m.b
	inB := map[string][]int32{}
	for j := range b.entries {
		if m.entryBack[j] < 0 && !b.isChapter(j) && b.text[j].masked != "" {
			inB[b.text[j].masked] = append(inB[b.text[j].masked], int32(j))
		}
	}
	inA := map[string]int{}
	for i := range a.entries {
		if m.entry[i] < 0 && !a.isChapter(i) {
			inA[a.text[i].masked]++
		}
	}
	for i := range a.entries {
		if m.entry[i] >= 0 || a.isChapter(i) {
			continue
		}
		u := a.text[i]
		js := inB[u.masked]
		if len(js) == 0 || !(len(js) == 1 && inA[u.masked] == 1 || len(u.bag) >= minLongWords) {
			continue
		}
		for k, j := range js {
			if m.entryBack[j] < 0 {
				m.pairEntry(i, int(j))
				inB[u.masked] = js[k+1:]
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
	return len(a.bag) <= maxTitleWords && len(b.bag) <= maxTitleWords || similarity(a, b) >= minByChildren
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
	// Same number, same title, for a chapter its children have not
	// already placed: 2009's "300. General" went with its rules to 500.
	for _, i := range as {
		if m.entry[i] >= 0 {
			continue
		}
		if j := b.number(a.entries[i].Number); j >= 0 && b.isChapter(j) && m.entryBack[j] < 0 && a.entries[i].Title == b.entries[j].Title {
			m.pairEntry(i, j)
		}
	}
	// The same title elsewhere, when only one chapter on each side has it.
	titles := func(p *prepared, idx []int, back []int32) map[string][]int {
		t := map[string][]int{}
		for _, i := range idx {
			if back[i] < 0 {
				t[p.entries[i].Title] = append(t[p.entries[i].Title], i)
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

func (m *Matching) matchSimilar() {
	a, b := m.a, m.b
	var as, bs []int
	for i := range a.entries {
		if m.entry[i] < 0 && !a.isChapter(i) && len(a.text[i].bag) > 0 {
			as = append(as, i)
		}
	}
	for j := range b.entries {
		if m.entryBack[j] < 0 && !b.isChapter(j) && len(b.text[j].bag) > 0 {
			bs = append(bs, j)
		}
	}
	if len(as) == 0 || len(bs) == 0 {
		return
	}
	ws := weightsOf(a, b)
	wb := make([]weighted, len(bs))
	for k, j := range bs {
		wb[k] = ws.of(b.text[j])
	}
	var cs []candidate
	for _, i := range as {
		ua, ra := a.text[i], a.entries[i]
		wa := ws.of(ua)
		pa := a.parent[i]
		for k, j := range bs {
			ub, rb := b.text[j], b.entries[j]
			need := minElsewhere
			if pa >= 0 && m.entry[pa] >= 0 && m.entry[pa] == b.parent[j] {
				need = minInPlace
			}
			if ra.Number == rb.Number {
				need -= bonusNumber
			}
			if ra.Number.Level() != rb.Number.Level() {
				need += penaltyLevel
			}
			if maxSimilarity(ua, ub) < need {
				continue
			}
			// Rank by how far past its threshold a pair is: a close text in
			// place beats a closer one elsewhere only by as much.
			if s := weightedSimilarity(wa, wb[k]); s >= need {
				cs = append(cs, candidate{int32(i), int32(j), float32(s - need)})
			}
		}
	}
	greedy(cs, m.pairEntry, func(i, j int) bool { return m.entry[i] < 0 && m.entryBack[j] < 0 })
}

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
				if free(x, y) && a.examples[x].u.masked == b.examples[y].u.masked {
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
			inB[b.examples[y].u.masked] = append(inB[b.examples[y].u.masked], int32(y))
			bs = append(bs, y)
		}
	}
	inA := map[string]int{}
	for x := range a.examples {
		if m.example[x] < 0 {
			inA[a.examples[x].u.masked]++
		}
	}
	var as []int
	for x := range a.examples {
		if m.example[x] >= 0 {
			continue
		}
		u := a.examples[x].u
		ys := inB[u.masked]
		if len(ys) > 0 && (len(ys) == 1 && inA[u.masked] == 1 || len(u.bag) >= minLongWords) {
			for k, y := range ys {
				if m.exampleBack[y] < 0 {
					m.pairExample(x, int(y))
					inB[u.masked] = ys[k+1:]
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

func (m *Matching) matchTerms() {
	a, b := m.a, m.b
	free := func(i, j int) bool { return m.term[i] < 0 && m.termBack[j] < 0 }
	// The same headword, then any of its terms ("Legend" listed beside
	// "Legendary" and later alone).
	byKey := map[string]int{}
	for j, k := range b.termKeys {
		if _, dup := byKey[k]; !dup {
			byKey[k] = j
		}
	}
	for i, k := range a.termKeys {
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
			if ua.masked == ub.masked && ua.masked != "" {
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

// same reports whether two units say the same thing: the same words, and
// each cited number the one the first cites, renumbered as the matching
// says. So "see rule 420.5e" and "see rule 704.5k" read the same across the
// 2009 renumbering.
func (m *Matching) same(ua, ub *unit) bool {
	if ua == ub {
		return true // one unit: the same text, and its numbers map to themselves
	}
	if ua.masked != ub.masked || len(ua.nums) != len(ub.nums) {
		return false
	}
	for k, n := range ua.nums {
		if n != ub.nums[k] && m.mapNumber(n) != ub.nums[k] {
			return false
		}
	}
	return true
}
