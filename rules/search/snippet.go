package search

import (
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// Snippets show the paragraph of the hit's own text (or example) that
// holds most of the query's words, cut to about snippetMax bytes around
// them at word boundaries, with the matching words marked.
const (
	snippetMax  = 240
	snippetLead = 60 // context kept before the first marked word
)

type block struct {
	text    string
	example bool
	// aside is a rule's title, which its hit shows anyway, or a judge
	// document's part heading or penalty: the snippet quotes the text
	// instead, and one of these only when there is nothing else.
	aside bool
}

// paragraphs lists a document's own paragraphs, those docLists.blocks
// locates: a rule's title (a chapter's, a judge document's entry's) and
// body, as addRule lists them.
func (d *doc) paragraphs() []block {
	var body []rules.Block
	var out []block
	switch d.kind {
	case docRule:
		body = d.rule.Body
		if d.rule.Title() != "" {
			out = make([]block, 0, len(body)+1)
			out = append(out, block{text: d.rule.Title(), aside: true})
		}
	case docGlossary:
		body = d.entry.Body
	case docTopic:
		body = d.topic.Body
	}
	if out == nil {
		out = make([]block, 0, len(body))
	}
	for _, b := range body {
		out = append(out, block{text: b.Text.S, example: b.Kind == rules.BlockExample,
			aside: b.Kind == rules.BlockHeading || b.Kind == rules.BlockPenalty})
	}
	return out
}

func (ix *MemIndex) snippet(di int32, hl *highlight, sc *scratch) Snippet {
	d := &ix.docs[di]
	blocks := d.paragraphs()
	if len(blocks) == 0 || len(blocks) != len(ix.docLists(di).blocks) {
		return Snippet{Parts: []Part{}}
	}
	best := ix.bestBlock(di, blocks, hl)
	bestMarks, _ := ix.marks(blocks[best].text, hl, sc)
	b := blocks[best]
	from, to := window(b.text, bestMarks)
	sn := Snippet{Example: b.example}
	if from > 0 {
		sn.Parts = append(sn.Parts, Part{Text: "…"})
	}
	at := from
	for _, m := range bestMarks {
		if m[1] <= from || m[0] >= to {
			continue
		}
		s, e := max(m[0], from), min(m[1], to)
		if s > at {
			sn.Parts = append(sn.Parts, Part{Text: b.text[at:s]})
		}
		sn.Parts = append(sn.Parts, Part{Text: b.text[s:e], Mark: true})
		at = e
	}
	if at < to {
		sn.Parts = append(sn.Parts, Part{Text: b.text[at:to]})
	}
	if to < len(b.text) {
		sn.Parts = append(sn.Parts, Part{Text: "…"})
	}
	// Glue "…" to its neighbour so the parts read as the text does.
	if len(sn.Parts) > 1 && sn.Parts[0].Text == "…" && !sn.Parts[1].Mark {
		sn.Parts = append([]Part{{Text: "…" + sn.Parts[1].Text}}, sn.Parts[2:]...)
	}
	if n := len(sn.Parts); n > 1 && sn.Parts[n-1].Text == "…" && !sn.Parts[n-2].Mark {
		sn.Parts[n-2].Text += "…"
		sn.Parts = sn.Parts[:n-1]
	}
	return sn
}

// bestBlock picks the paragraph holding the most distinct query words
// (then the most of them, then text before examples, then the first; a
// title, heading or penalty only when there is nothing else),
// from the index's positions, so only that paragraph is tokenized again.
func (ix *MemIndex) bestBlock(di int32, blocks []block, hl *highlight) int {
	d := &ix.docs[di]
	starts := ix.docLists(di).blocks
	n := len(blocks)
	distinct := make([]int, n)
	count := make([]int, n)
	seen := make([]bool, n)
	tally := func(t int32) {
		clear(seen)
		for _, p := range ix.positions(t, di) {
			i := sort.Search(n, func(i int) bool { return starts[i] > int32(p) }) - 1
			if i < 0 || i >= n || i == n-1 && int32(p) >= d.ownEnd {
				continue // context, after the own paragraphs
			}
			count[i]++
			if !seen[i] {
				seen[i] = true
				distinct[i]++
			}
		}
	}
	for t := range hl.terms {
		tally(t)
	}
	for _, ph := range hl.phrases {
		for _, t := range ph {
			if !ix.stop[t] {
				tally(t)
			}
		}
	}
	best, bestScore := 0, -2
	for i, b := range blocks {
		score := 2 * (distinct[i]*1000 + count[i])
		if !b.example {
			score++
		}
		if b.aside {
			score = -1
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// highlight is what a snippet marks: single words, and phrases only where
// the whole phrase stands.
type highlight struct {
	terms   map[int32]bool
	phrases [][]int32
}

// A word of the stop list ("a", "and", "the") is marked on its own only
// when the query has no other word: in a question it says nothing, and
// marking every "a" of a passage hides the words that matched.
func newHighlight(p *plan, stop []bool) *highlight {
	hl := &highlight{terms: map[int32]bool{}}
	var stops []int32
	for _, c := range p.clauses {
		if c.exclude {
			continue
		}
		for _, a := range c.alts {
			switch {
			case len(a.terms) == 0: // documents the lexicon names
			case len(a.terms) == 1 || a.bag:
				for _, t := range a.terms {
					if int(t) < len(stop) && stop[t] {
						stops = append(stops, t)
					} else {
						hl.terms[t] = true
					}
				}
			default:
				hl.phrases = append(hl.phrases, a.terms)
			}
		}
	}
	if len(hl.terms) == 0 && len(hl.phrases) == 0 {
		for _, t := range stops {
			hl.terms[t] = true
		}
	}
	return hl
}

type spanTok struct {
	id         int32
	start, end int
	compound   bool
}

// marks returns the byte spans of s to mark, in order, spans separated
// only by spaces merged into one, and how many distinct terms they hold.
func (ix *MemIndex) marks(s string, hl *highlight, sc *scratch) ([][2]int, int) {
	toks := sc.toks[:0]
	sc.sc.scan(s, func(t *rawToken) {
		id, ok := ix.surfaces[string(t.fold)]
		if !ok {
			id = -1
		}
		toks = append(toks, spanTok{id: id, start: t.start, end: t.end, compound: t.kind == TokCompound})
	})
	sc.toks = toks
	var raw [][2]int
	var seen []int32
	see := func(id int32) {
		if !containsID(seen, id) {
			seen = append(seen, id)
		}
	}
	compoundEnd := -1 // the parts of a marked hyphenated word are inside it
	words := sc.words[:0]
	defer func() { sc.words = words }()
	for _, t := range toks {
		if !t.compound {
			words = append(words, t)
		}
		if t.end <= compoundEnd || t.id < 0 || !hl.terms[t.id] {
			continue
		}
		if t.compound {
			compoundEnd = t.end
		}
		see(t.id)
		raw = append(raw, [2]int{t.start, t.end})
	}
	for _, ph := range hl.phrases {
		for i := 0; i+len(ph) <= len(words); i++ {
			match := true
			for j, id := range ph {
				if words[i+j].id != id {
					match = false
					break
				}
			}
			if match {
				for _, id := range ph {
					see(id)
				}
				raw = append(raw, [2]int{words[i].start, words[i+len(ph)-1].end})
			}
		}
	}
	sort.Slice(raw, func(i, j int) bool { return raw[i][0] < raw[j][0] })
	var out [][2]int
	for _, m := range raw {
		if n := len(out); n > 0 && (m[0] <= out[n-1][1] || strings.TrimSpace(s[out[n-1][1]:m[0]]) == "") {
			out[n-1][1] = max(out[n-1][1], m[1])
			continue
		}
		out = append(out, m)
	}
	return out, len(seen)
}

func containsID(s []int32, id int32) bool {
	for _, v := range s {
		if v == id {
			return true
		}
	}
	return false
}

// window picks the byte range of s to show: all of a short paragraph, else
// snippetMax bytes starting a little before the run of marks that holds the
// most of them, cut at spaces.
func window(s string, marks [][2]int) (int, int) {
	if len(s) <= snippetMax {
		return 0, len(s)
	}
	start := 0
	if len(marks) > 0 {
		bestN := 0
		for i, m := range marks {
			n := 0
			for _, o := range marks[i:] {
				if o[1]-m[0] > snippetMax-snippetLead {
					break
				}
				n++
			}
			if n > bestN {
				bestN, start = n, m[0]
			}
		}
		start = max(0, start-snippetLead)
	}
	if start > 0 {
		if i := strings.IndexByte(s[start:], ' '); i >= 0 && i < snippetLead {
			start += i + 1
		}
	}
	end := min(len(s), start+snippetMax)
	if end < len(s) {
		if i := strings.LastIndexByte(s[start:end], ' '); i > 0 {
			end = start + i
		}
	}
	for start > 0 && start < len(s) && s[start]&0xC0 == 0x80 {
		start--
	}
	for end < len(s) && s[end]&0xC0 == 0x80 {
		end++
	}
	return start, end
}
