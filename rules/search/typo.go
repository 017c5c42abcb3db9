package search

import (
	"math/bits"
	"unicode/utf8"
)

// Typo tolerance: a query word no entry holds is read as the closest word
// of the edition's vocabulary, within an edit distance that grows with the
// word (a one-letter slip in a short word, two in a long one), and the
// results say so ("did you mean"). Short words are never corrected: too
// many words are one edit from "tap".

// maxEdits is how many edits a word of n letters may be away from the word
// it is read as.
func maxEdits(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 8:
		return 1
	}
	return 2
}

// near is what a query says around a word being corrected: its known
// neighbours (-1 if none) and all its known words.
type near struct {
	left, right int32
	ctx         []int32
}

// correct returns the vocabulary word closest to the folded word w: fewest
// edits; among equally close words, the one that most often stands next to
// the word's neighbours in the query, then the one found in the most
// entries alongside the query's other words, then the most common, then
// the first alphabetically. "mana burm" reads as "mana burn", not "mana
// wurm".
func (ix *MemIndex) correct(w string, nb near) (surface, bool) {
	n := utf8.RuneCountInString(w)
	k := maxEdits(n)
	if k == 0 || n > maxWord || englishWord(w) || lexiconWord(string(stem(nil, []byte(w)))) {
		return surface{}, false // a word of its own, not a slip (english.go)
	}
	mask := letterMask(w)
	bestD := k + 1
	var cands []int // vocabulary indexes at distance bestD
	var buf editBuf
	for i := range ix.vocab {
		v := &ix.vocab[i]
		if d := int(v.runes) - n; d > k || -d > k {
			continue
		}
		// Each edit changes at most two letters of the set a word holds.
		if bits.OnesCount64(v.mask^mask) > 2*k {
			continue
		}
		switch d := buf.distance(w, v.fold, bestD); {
		case d < bestD:
			bestD, cands = d, append(cands[:0], i)
		case d == bestD && d <= k:
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return surface{}, false
	}
	best, bestCo := cands[0], -1
	for _, i := range cands {
		c := ix.vocab[i].term
		co := 0
		if len(cands) > 1 {
			if nb.left >= 0 {
				co += 1000 * ix.adjacent(nb.left, c)
			}
			if nb.right >= 0 {
				co += 1000 * ix.adjacent(c, nb.right)
			}
			for _, t := range nb.ctx {
				co += ix.together(c, t)
			}
		}
		v, b := &ix.vocab[i], &ix.vocab[best]
		if co > bestCo || co == bestCo && v.df > b.df {
			best, bestCo = i, co
		}
	}
	return ix.vocab[best], true
}

// adjacent counts the documents where term a is directly followed by b.
func (ix *MemIndex) adjacent(a, b int32) int {
	n := 0
	ix.intersect(a, b, func(d int32) {
		pb := ix.positions(b, d)
		for _, p := range ix.positions(a, d) {
			if hasPos(pb, int32(p)+1) {
				n++
				return
			}
		}
	})
	return n
}

// intersect calls fn for each document holding both terms.
func (ix *MemIndex) intersect(a, b int32, fn func(d int32)) {
	alo, ahi := ix.postings(a)
	blo, bhi := ix.postings(b)
	for alo < ahi && blo < bhi {
		switch da, db := ix.pDoc[alo], ix.pDoc[blo]; {
		case da < db:
			alo++
		case da > db:
			blo++
		default:
			fn(da)
			alo++
			blo++
		}
	}
}

// together counts the documents holding both terms.
func (ix *MemIndex) together(a, b int32) int {
	n := 0
	ix.intersect(a, b, func(int32) { n++ })
	return n
}

// editBuf holds the rows distance reuses.
type editBuf struct {
	a, b             []rune
	prev2, prev, cur []int
}

// distance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and swaps of two adjacent letters,
// each counting one). It gives up early with limit+1 once every alignment
// costs more than limit.
func (e *editBuf) distance(a, b string, limit int) int {
	e.a, e.b = appendRunes(e.a[:0], a), appendRunes(e.b[:0], b)
	ra, rb := e.a, e.b
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	m := len(rb)
	grow := func(s []int) []int {
		if cap(s) < m+1 {
			return make([]int, m+1)
		}
		return s[:m+1]
	}
	e.prev2, e.prev, e.cur = grow(e.prev2), grow(e.prev), grow(e.cur)
	for j := 0; j <= m; j++ {
		e.prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		e.cur[0] = i
		rowMin := i
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(e.prev[j]+1, e.cur[j-1]+1, e.prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, e.prev2[j-2]+1)
			}
			e.cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin > limit {
			return limit + 1
		}
		e.prev2, e.prev, e.cur = e.prev, e.cur, e.prev2
	}
	return e.prev[m]
}

func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}
