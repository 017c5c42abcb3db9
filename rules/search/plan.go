package search

import (
	"sort"
	"strings"
)

// A plan is a query resolved against one index's vocabulary: each word,
// phrase or prefix becomes a clause whose alternatives are term IDs.

// alt is one way a clause matches: a single term, or a phrase of terms at
// consecutive positions.
type alt struct {
	terms []int32
	docs  []int32 // or these documents, as the lexicon names them (lexicon.go)
	w     float32
	bag   bool // the terms anywhere in the document, not as a phrase
}

// set returns the alternative's words that a heading could hold.
func (a alt) set(stop []bool) []int32 {
	if len(a.terms) == 1 {
		return a.terms
	}
	var out []int32
	for _, t := range a.terms {
		if !stop[t] {
			out = append(out, t)
		}
	}
	return out
}

type clause struct {
	alts    []alt
	must    bool // a quoted phrase: every result contains it
	stop    bool // only stopwords: scored only when the query has nothing else
	exclude bool
	owner   bool // a possessive naming whose the next word's thing is ("my opponent's graveyard")
}

// seqTerm is a word of a run of bare words, for the proximity bonus: its
// clause and its position in the query.
type seqTerm struct {
	clause int
	qpos   int
}

// qterm is a term at a query position.
type qterm struct {
	term int32
	qpos int
}

type plan struct {
	clauses []clause
	runs    [][]seqTerm
	// quotable is the whole query as a sequence of terms, stopwords
	// included, when it is one run of plain words or one phrase: a rule
	// that quotes exactly that (“legend rule”) names the thing searched for.
	quotable    []qterm
	corrections []Correction
	corrected   *Query // q with corrections applied, if any
	unknown     []string
	dead        bool    // a required phrase has a word no entry holds: nothing can match
	context     []int32 // the query's known words, to choose between corrections
	define      bool    // the query asks what something is or means (intent.go)
	timing      []int32 // the query asks when: the terms of timingWords (intent.go)
}

// maxClauses bounds a plan (a hyphenated word can give several clauses); it
// fits the per-document bit mask the ranker keeps.
const maxClauses = 32

// maxExpand bounds how many words a prefix stands for.
const maxExpand = 200

// qtoken is a query token with where it came from, so corrections can be
// written back into the query.
type qtoken struct {
	kind       TokenKind
	fold, key  string
	pos        int
	clause     int  // index in Query.Clauses
	start, end int  // byte span in that clause's Text
	parts      int  // compound: how many part tokens follow
	prefix     bool // the last word of a prefix clause: counter*
}

func (ix *MemIndex) plan(q *Query, prefixLast bool) *plan {
	p := &plan{}
	cs := q.Clauses
	last := -1 // the word being typed, read as a prefix
	if prefixLast && len(cs) > 0 && cs[len(cs)-1].Kind == Word && !cs[len(cs)-1].Exclude {
		last = len(cs) - 1
	}
	fix := map[int][]Correction{} // clause → corrections of its words
	p.context = ix.queryContext(q)
	p.define = asksDefinition(q)
	if asksWhen(q) {
		p.timing = ix.wordTerms(timingWords)
	}
	var run []qtoken
	runs, phrases := 0, 0
	flush := func() {
		if len(run) > 0 {
			ix.planRun(p, run, fix, runs == 0)
			runs++
			run = run[:0]
		}
	}
	base := 0 // query positions keep growing across the words of one run
	for i, c := range cs {
		if !c.Exclude && (c.Kind == Word || c.Kind == Prefix) {
			toks := queryTokens(c.Text, i, base)
			if c.Kind == Prefix || i == last {
				markPrefix(toks)
			}
			if len(toks) > 0 {
				base = toks[len(toks)-1].pos + 1
			}
			run = append(run, toks...)
			continue
		}
		flush()
		base = 0
		if c.Exclude {
			ix.planExclude(p, c, i)
			continue
		}
		phrases++
		ix.planPhrase(p, c, i, fix)
	}
	flush()
	switch {
	case runs > 1 || phrases > 0 && runs > 0:
		p.quotable = nil
	case runs == 0 && phrases == 1 && len(p.clauses) > 0:
		for _, c := range p.clauses {
			if c.must {
				for i, t := range c.alts[0].terms {
					p.quotable = append(p.quotable, qterm{term: t, qpos: i})
				}
			}
		}
	}
	if len(p.clauses) > maxClauses {
		p.clauses = p.clauses[:maxClauses]
		for r := range p.runs {
			n := 0
			for _, s := range p.runs[r] {
				if s.clause < maxClauses {
					p.runs[r][n] = s
					n++
				}
			}
			p.runs[r] = p.runs[r][:n]
		}
	}
	if len(fix) > 0 {
		cq := *q
		cq.Clauses = append([]Clause(nil), q.Clauses...)
		cq.Notes = nil
		for ci, fs := range fix {
			cq.Clauses[ci].Text = applyFixes(q.Clauses[ci].Text, fs)
		}
		for ci := range cs {
			p.corrections = append(p.corrections, fix[ci]...)
		}
		p.corrected = &cq
	}
	return p
}

// queryContext returns the known, non-stopword terms of q's words and
// phrases.
func (ix *MemIndex) queryContext(q *Query) []int32 {
	var out []int32
	for i, c := range q.Clauses {
		if c.Exclude || c.Kind == Prefix {
			continue
		}
		for _, t := range queryTokens(c.Text, i, 0) {
			if id, ok := ix.terms[t.key]; ok && t.kind != TokCompound && !ix.stop[id] {
				out = append(out, id)
			}
		}
	}
	return out
}

// around describes the neighbours of toks[i] for correcting it.
func (ix *MemIndex) around(toks []qtoken, i int, ctx []int32) near {
	nb := near{left: -1, right: -1, ctx: ctx}
	for j := i - 1; j >= 0; j-- {
		if toks[j].kind != TokCompound {
			if id, ok := ix.terms[toks[j].key]; ok {
				nb.left = id
			}
			break
		}
	}
	for j := i + 1; j < len(toks); j++ {
		if toks[j].kind != TokCompound {
			if id, ok := ix.terms[toks[j].key]; ok {
				nb.right = id
			}
			break
		}
	}
	return nb
}

// queryTokens tokenizes one clause's text.
func queryTokens(s string, clause, base int) []qtoken {
	var out []qtoken
	var sc scanner
	var key []byte
	sc.scan(s, func(t *rawToken) {
		key = appendKey(key[:0], t.kind, t.fold)
		out = append(out, qtoken{kind: t.kind, fold: string(t.fold), key: string(key), pos: base + t.pos, clause: clause, start: t.start, end: t.end})
	})
	for i := range out {
		if out[i].kind == TokCompound {
			for j := i + 1; j < len(out) && out[j].kind != TokCompound && out[j].end <= out[i].end; j++ {
				out[i].parts++
			}
		}
	}
	return out
}

// markPrefix marks the last word of a prefix clause's tokens.
func markPrefix(toks []qtoken) {
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i].kind != TokCompound {
			toks[i].prefix = true
			return
		}
	}
}

// planRun turns a run of bare words (and prefixes) into clauses: hyphenated
// words known whole, judges' slang, prefixes, known words, and corrected
// misspellings. The first run of a query may be quotable.
func (ix *MemIndex) planRun(p *plan, toks []qtoken, fix map[int][]Correction, first bool) {
	var seq []seqTerm
	var quot []qterm
	plain := first
	endSeq := func() {
		if len(seq) > 1 {
			p.runs = append(p.runs, seq)
		}
		seq = nil
	}
	for i := 0; i < len(toks); {
		t := toks[i]
		if t.kind == TokCompound {
			if id, ok := ix.terms[t.key]; ok && !toks[i+t.parts].prefix {
				seq = append(seq, seqTerm{clause: len(p.clauses), qpos: t.pos})
				p.clauses = append(p.clauses, clause{alts: []alt{{terms: []int32{id}, w: 1}}})
				i += 1 + t.parts
				plain = false
			} else {
				i++ // its parts follow
			}
			continue
		}
		if t.prefix {
			i++
			plain = false
			var alts []alt
			if t.kind == TokWord {
				alts = ix.expand(t.fold)
			} else if id, ok := ix.terms[t.key]; ok {
				alts = []alt{{terms: []int32{id}, w: 1}}
			}
			if len(alts) == 0 {
				p.unknown = appendUnique(p.unknown, t.fold+"*")
				continue
			}
			seq = append(seq, seqTerm{clause: len(p.clauses), qpos: t.pos})
			p.clauses = append(p.clauses, clause{alts: alts})
			continue
		}
		if n, c := ix.lexMatch(toks[i:]); n > 0 {
			endSeq()
			p.clauses = append(p.clauses, c)
			i += n
			plain = false
			continue
		}
		i++
		id, ok := ix.terms[t.key]
		if !ok && t.kind == TokWord {
			if s, found := ix.correct(t.fold, ix.around(toks, i-1, p.context)); found {
				id, ok = s.term, true
				fix[t.clause] = append(fix[t.clause], Correction{From: t.fold, To: s.fold, at: [2]int{t.start, t.end}})
			}
		}
		if !ok {
			p.unknown = appendUnique(p.unknown, t.fold)
			plain = false
			continue
		}
		quot = append(quot, qterm{term: id, qpos: t.pos})
		stop := ix.stop[id] || t.kind == TokWord && (questionWords[t.key] || t.key == "between" && i >= 2 && questionWords[toks[i-2].key] || askingWhat(toks, i-1))
		if !stop {
			seq = append(seq, seqTerm{clause: len(p.clauses), qpos: t.pos})
		}
		p.clauses = append(p.clauses, clause{alts: []alt{{terms: []int32{id}, w: 1}}, stop: stop, owner: !stop && ownerWord(toks, i-1)})
	}
	endSeq()
	if plain {
		p.quotable = quot
	}
}

// phraseTerms resolves a phrase's words (parts of hyphenated words, not the
// whole) to term IDs, correcting misspellings. ok is false if a word is
// unknown and has no close match.
func (ix *MemIndex) phraseTerms(c Clause, ci int, fix map[int][]Correction, ctx []int32) (ids []int32, unknown string, ok bool) {
	toks := queryTokens(c.Text, ci, 0)
	for i, t := range toks {
		if t.kind == TokCompound {
			continue
		}
		id, found := ix.terms[t.key]
		if !found && t.kind == TokWord && fix != nil {
			if s, close := ix.correct(t.fold, ix.around(toks, i, ctx)); close {
				id, found = s.term, true
				fix[ci] = append(fix[ci], Correction{From: t.fold, To: s.fold, at: [2]int{t.start, t.end}})
			}
		}
		if !found {
			return nil, t.fold, false
		}
		ids = append(ids, id)
	}
	return ids, "", true
}

func (ix *MemIndex) planPhrase(p *plan, c Clause, ci int, fix map[int][]Correction) {
	ids, unknown, ok := ix.phraseTerms(c, ci, fix, p.context)
	if !ok {
		p.unknown = appendUnique(p.unknown, unknown)
		p.dead = true
		return
	}
	if len(ids) == 0 {
		return
	}
	p.clauses = append(p.clauses, clause{alts: []alt{{terms: ids, w: 1}}, must: true})
}

func (ix *MemIndex) planExclude(p *plan, c Clause, ci int) {
	out := clause{exclude: true}
	if c.Kind == Prefix {
		out.alts = ix.expand(c.Text)
	} else if ids, _, ok := ix.phraseTerms(c, ci, nil, nil); ok && len(ids) > 0 {
		// A word is a phrase of one term; "-first-strike" leaves out the phrase.
		out.alts = append(out.alts, alt{terms: ids, w: 1})
	}
	if len(out.alts) > 0 {
		p.clauses = append(p.clauses, out)
	}
}

// expand returns the terms of every word starting with the folded prefix.
func (ix *MemIndex) expand(prefix string) []alt {
	if prefix == "" {
		return nil
	}
	prefix = foldString(prefix)
	i := sort.Search(len(ix.vocab), func(i int) bool { return ix.vocab[i].fold >= prefix })
	seen := map[int32]bool{}
	var alts []alt
	for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i].fold, prefix) && len(alts) < maxExpand; i++ {
		if t := ix.vocab[i].term; !seen[t] {
			seen[t] = true
			alts = append(alts, alt{terms: []int32{t}, w: 1})
		}
	}
	return alts
}

// foldString folds s as the tokenizer folds a word.
func foldString(s string) string {
	var b []byte
	var sc scanner
	sc.scan(s, func(t *rawToken) {
		if t.kind != TokCompound && b == nil {
			b = append([]byte(nil), t.fold...)
		}
	})
	return string(b)
}

// applyFixes writes corrections into a clause's text, last first so the
// earlier offsets stay valid.
func applyFixes(s string, fs []Correction) string {
	sorted := append([]Correction(nil), fs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].at[0] > sorted[j].at[0] })
	for _, f := range sorted {
		if f.at[1] <= len(s) && f.at[0] <= f.at[1] {
			s = s[:f.at[0]] + f.To + s[f.at[1]:]
		}
	}
	return s
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// ownerWords name whose a thing is when they stand before it: players
// ask about "my opponent's graveyard" where the rules say "any graveyard"
// or "a player's graveyard".
var ownerWords = map[string]bool{"opponent": true, "teammate": true}

// ownerWord reports whether toks[i] is one of ownerWords, possessive or
// plural ("opponent's", "opponents": the key drops the s), before another
// word ("opponent's graveyard", "opponents library"); not "can I attack
// an opponent", whose opponent is what is asked about.
func ownerWord(toks []qtoken, i int) bool {
	if !ownerWords[toks[i].key] {
		return false
	}
	if i+1 >= len(toks) || toks[i+1].kind != TokWord || stopwords[toks[i+1].key] || questionWords[toks[i+1].key] {
		return false
	}
	return toks[i].fold != toks[i].key
}
