package search

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/arbiter-rules/arbiter/rules"
)

// bm25 is the baseline the evaluation measures Arbiter's ranking against:
// textbook BM25 (k1 1.2, b 0.75) over every entry of an edition as plain
// text — its title and all its paragraphs, examples included — with words
// lower-cased and nothing else: no stemming, no stopwords, no fields, no
// slang, no typo correction. It is what a search box gets from a stock
// full-text library, so whatever Arbiter adds has to beat it.
type bm25 struct {
	ids    []string // hitID of each document
	length []float64
	avg    float64
	post   map[string][]bm25Posting
}

type bm25Posting struct {
	doc int32
	tf  float64
}

func newBM25(e *rules.Edition) *bm25 {
	ix := &bm25{post: map[string][]bm25Posting{}}
	add := func(id string, texts ...string) {
		d := int32(len(ix.ids))
		ix.ids = append(ix.ids, id)
		counts := map[string]float64{}
		n := 0
		for _, t := range texts {
			for _, w := range bm25Words(t) {
				counts[w]++
				n++
			}
		}
		for w, c := range counts {
			ix.post[w] = append(ix.post[w], bm25Posting{doc: d, tf: c})
		}
		ix.length = append(ix.length, float64(n))
	}
	body := func(bs []rules.Block) []string {
		var out []string
		for _, b := range bs {
			out = append(out, b.Text.S)
		}
		return out
	}
	for _, r := range e.Entries() {
		add(r.Number.String(), append([]string{r.Title()}, body(r.Body)...)...)
	}
	for _, g := range e.Glossary {
		add("g:"+g.Slug, append(append([]string(nil), g.Terms...), body(g.Body)...)...)
	}
	for _, t := range e.Topics {
		add("t:"+t.Slug, append([]string{t.Title}, body(t.Body)...)...)
	}
	total := 0.0
	for _, l := range ix.length {
		total += l
	}
	if len(ix.length) > 0 {
		ix.avg = total / float64(len(ix.length))
	}
	return ix
}

// bm25Words splits s into lower-cased runs of letters and digits; an
// apostrophe inside a word is dropped ("can't" is "cant"), as a stock
// analyzer does.
func bm25Words(s string) []string {
	var out []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			out = append(out, w.String())
			w.Reset()
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w.WriteRune(unicode.ToLower(r))
		case (r == '\'' || r == '’') && w.Len() > 0 && i+1 < len(rs) && unicode.IsLetter(rs[i+1]):
		default:
			flush()
		}
	}
	flush()
	return out
}

// search returns the IDs of the best limit documents for query, best first.
func (ix *bm25) search(query string, limit int) []string {
	const k1, b = 1.2, 0.75
	n := float64(len(ix.ids))
	score := map[int32]float64{}
	for _, w := range bm25Words(query) {
		ps := ix.post[w]
		if len(ps) == 0 {
			continue
		}
		df := float64(len(ps))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		for _, p := range ps {
			norm := k1 * (1 - b + b*ix.length[p.doc]/ix.avg)
			score[p.doc] += idf * p.tf * (k1 + 1) / (p.tf + norm)
		}
	}
	docs := make([]int32, 0, len(score))
	for d := range score {
		docs = append(docs, d)
	}
	sort.Slice(docs, func(i, j int) bool {
		if score[docs[i]] != score[docs[j]] {
			return score[docs[i]] > score[docs[j]]
		}
		return docs[i] < docs[j]
	})
	out := make([]string, 0, limit)
	for _, d := range docs[:min(limit, len(docs))] {
		out = append(out, ix.ids[d])
	}
	return out
}
