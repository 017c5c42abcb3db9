package main

import (
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/locate"
	"github.com/arbiter-rules/arbiter/rules/search"
	"github.com/arbiter-rules/arbiter/views"
)

// The search page answers before it lists: the entry it finds best is
// shown whole above the other hits (views.Answer). Which document answers
// is the question's: one about a tournament asked of the CR ("can I take
// notes during a match") is answered by the MTR or the IPG.

// crossMargin is how much better another document's best hit must score
// than the best hit of the document searched to answer instead. Scores
// of two indexes are not on one scale, so it is a margin, not a
// comparison. Measured on 37 questions of both kinds (the newest CR, MTR,
// IPG and JAR): tournament questions' best judge-document hit scored
// 1.7–15 times the CR's (taking notes 20.4 against 3.7, slow play 50.3
// against 3.3), game questions' at most 1.15 times (trample damage
// assignment, IPG 9.5 against CR 8.3; blocking with a tapped creature,
// MTR 9.3 against 9.5).
const crossMargin = 1.5

// tournamentWords are words of a question about running a tournament,
// not playing the game. With one, a judge document's best hit answers
// when it merely beats the CR's: "my decklist was wrong" (IPG 5.8, CR
// 5.0). Written singular; "game loss" and "match loss" are read whole.
var tournamentWords = map[string]bool{
	"tournament": true, "judge": true, "penalty": true, "penalties": true, "infraction": true,
	"warning": true, "decklist": true, "disqualification": true, "disqualified": true, "dq": true,
	"sanctioned": true, "rel": true, "appeal": true,
}

// aboutTournament reports whether q holds a tournament word.
func aboutTournament(q string) bool {
	ws := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !(r >= 'a' && r <= 'z') })
	for i, w := range ws {
		if tournamentWords[w] || tournamentWords[strings.TrimSuffix(w, "s")] {
			return true
		}
		if (w == "loss" || w == "losses") && i > 0 && (ws[i-1] == "game" || ws[i-1] == "match") {
			return true
		}
	}
	return false
}

// answerFor picks the search page's answer for q, searched in edition e
// of st's document (all: in every edition, r its results), the other
// documents' best hits beside it: an entry q names by title or a judge's
// shorthand; else, when q names another document ("MTR taking notes"),
// that document's best hit for the rest; else the best hit, from another
// document when it scores crossMargin times the best of this one. The
// hit answering is taken out of the list it was in. nil when nothing
// matched.
func (s *Server) answerFor(st *site, e *rules.Edition, all bool, q string, r *search.Results, elsewhere []views.DocHits) *views.Answer {
	if d, ok := s.titled(st, e, q); ok {
		a := &views.Answer{Edition: d.ed, Rule: d.rule, Part: d.part, Elsewhere: d.ed.Document() != st.doc, Named: d.named}
		take(a, r, elsewhere)
		return a
	}
	if p, ok := locate.Read(q, e.Document()); ok && p.Named && p.Words != "" && p.Doc != st.doc {
		o := st.of(p.Doc)
		if latest := o.lib.Latest(); latest != nil {
			res, err := o.search.Search(latest.ID, p.Words, search.Options{Limit: 1, NoSnippets: true})
			if err == nil && len(res.Hits) > 0 {
				a := answerOf(o, res.Hits[0], p.Doc != st.doc)
				take(a, r, elsewhere)
				return a
			}
		}
	}
	var own, best *search.Hit
	bestSite, elsewhereBest := st, false
	if len(r.Hits) > 0 {
		own, best = &r.Hits[0], &r.Hits[0]
	}
	if !all {
		// Scores of every edition's index are another scale again.
		tournament := aboutTournament(q)
		var other *search.Hit
		for _, x := range elsewhere {
			if len(x.Results.Hits) == 0 || x.Results.DidYouMean != "" {
				continue // hits for words not typed do not answer
			}
			h := &x.Results.Hits[0]
			margin := crossMargin
			if tournament && x.Edition.Document() != rules.DocCR {
				margin = 1
			}
			if (own == nil || h.Score > margin*own.Score) && (other == nil || h.Score > other.Score) {
				other, bestSite, elsewhereBest = h, st.of(x.Edition.Document()), true
			}
		}
		if other != nil {
			best = other
		}
	}
	if best == nil {
		return nil
	}
	a := answerOf(bestSite, *best, elsewhereBest)
	if a != nil {
		take(a, r, elsewhere)
	}
	return a
}

// answerOf is the answer hit h of st's document stands for: its entry in
// the edition it shows.
func answerOf(st *site, h search.Hit, elsewhere bool) *views.Answer {
	id := h.Edition
	if id == "" && len(h.Editions) > 0 {
		id = h.Editions[0]
	}
	ed := st.lib.Edition(id)
	if ed == nil {
		return nil
	}
	a := &views.Answer{Edition: ed, Elsewhere: elsewhere, History: views.HitHistory(h)}
	switch h.Kind {
	case search.HitRule:
		a.Rule = ed.Rule(h.Number)
	case search.HitGlossary:
		a.Entry = ed.Term(h.Slug)
	case search.HitTopic:
		a.Topic = ed.Topic(h.Slug)
	}
	if a.Rule == nil && a.Entry == nil && a.Topic == nil {
		return nil
	}
	return a
}

// take removes a's entry from the hits that list it: the page shows it
// once, whole, above them. It marks a Listed when the hits were the
// search's own.
func take(a *views.Answer, r *search.Results, elsewhere []views.DocHits) {
	drop := func(hs []search.Hit) ([]search.Hit, bool) {
		for i, h := range hs {
			if isAnswer(a, h) {
				return append(hs[:i:i], hs[i+1:]...), true
			}
		}
		return hs, false
	}
	r.Hits, a.Listed = drop(r.Hits)
	for i := range elsewhere {
		elsewhere[i].Results.Hits, _ = drop(elsewhere[i].Results.Hits)
	}
}

// isAnswer reports whether h is a's entry, in a's edition.
func isAnswer(a *views.Answer, h search.Hit) bool {
	id := h.Edition
	if id == "" && len(h.Editions) > 0 {
		id = h.Editions[0]
	}
	if id != a.Edition.ID {
		return false
	}
	switch h.Kind {
	case search.HitRule:
		return a.Rule != nil && h.Number == a.Rule.Number
	case search.HitGlossary:
		return a.Entry != nil && h.Slug == a.Entry.Slug
	case search.HitTopic:
		return a.Topic != nil && h.Slug == a.Topic.Slug
	}
	return false
}
