package main

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// glossaryPage serves /{edition}/glossary: every term, A–Z.
func (s *Server) glossaryPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	if len(e.Glossary) == 0 {
		return notFoundIn(e, "%s has no glossary.", views.EditionName(e))
	}
	return s.render(c, views.Glossary(views.GlossaryPage{
		Page:    views.Page{Paths: s.paths, Title: "Glossary · " + views.EditionName(e), Edition: e},
		Letters: views.Letters(e.Glossary),
	}))
}

// termPage serves /{edition}/glossary/{slug}. A term spelt out rather than
// slugged ("Mana Burn") redirects to the entry's slug.
func (s *Server) termPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	slug := param(c, "slug")
	g := e.Term(slug)
	if g == nil {
		g = termBySlugPrefix(e, slug)
	}
	if g == nil || g.Slug == "" {
		return notFoundIn(e, "%s's glossary has no term “%s”.", views.EditionName(e), clip(slug))
	}
	if g.Slug != slug {
		return c.Redirect(http.StatusMovedPermanently, s.paths.TermURL(e.ID, g.Slug))
	}
	p := views.TermPage{
		Page:  views.Page{Paths: s.paths, Title: g.Term() + " · Glossary · " + views.EditionName(e), Edition: e},
		Entry: g,
	}
	for i, x := range e.Glossary {
		if x == g {
			if i > 0 {
				p.Prev = e.Glossary[i-1]
			}
			if i+1 < len(e.Glossary) {
				p.Next = e.Glossary[i+1]
			}
		}
	}
	p.Cited = citedRules(e, g)
	p.Across = termAcross(siteOf(c).lib, g.Slug)
	if g.Obsolete {
		p.LastDefinedFrom, p.LastDefined = lastDefined(siteOf(c).lib, g.Slug)
		if len(p.Cited) == 0 && p.LastDefined != nil {
			p.Cited = citedRules(p.LastDefinedFrom, p.LastDefined)
		}
	}
	for _, sw := range engine.Switches() {
		if slices.ContainsFunc(g.Terms, func(t string) bool { return strings.EqualFold(t, sw.Name) }) {
			p.Switch = &views.SwitchLink{ID: sw.ID, Name: sw.Name}
		}
	}
	return s.render(c, views.Term(p))
}

// maxQuoted bounds the rules a term page quotes: a definition citing a
// dozen ("Permanent") links the rest.
const maxQuoted = 4

// citedRules are the rules of e that g's definition cites, in order, once
// each.
func citedRules(e *rules.Edition, g *rules.GlossaryEntry) []views.QuotedRule {
	var out []views.QuotedRule
	for _, b := range g.Body {
		for _, sp := range b.Text.Spans {
			if sp.Kind != rules.SpanRef {
				continue
			}
			c := sp.Cited()
			if c.Kind != rules.RefRule && c.Kind != rules.RefRange {
				continue
			}
			t, ok := e.Resolve(c)
			if !ok || t.Rule == nil || t.Edition != nil || slices.ContainsFunc(out, func(q views.QuotedRule) bool { return q.Rule == t.Rule }) {
				continue
			}
			if out = append(out, views.QuotedRule{Edition: e, Rule: t.Rule}); len(out) == maxQuoted {
				return out
			}
		}
	}
	return out
}

// glossaryEditions are lib's full CR editions, oldest first.
func glossaryEditions(lib *rules.Library) []*rules.Edition {
	var out []*rules.Edition
	for _, e := range slices.Backward(lib.Editions) {
		if e.Kind == rules.KindFull && e.Document() == rules.DocCR && len(e.Glossary) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// termOf finds the entry of e's glossary with slug, without building an
// index for an edition that has none yet.
func termOf(e *rules.Edition, slug string) *rules.GlossaryEntry {
	for _, g := range e.Glossary {
		if g.Slug == slug {
			return g
		}
	}
	return nil
}

// termAcross is the term slug in every full edition of lib that has it,
// in runs of editions that agree on whether it is obsolete. An edition
// without the term ends a run, unless its file is cut short.
func termAcross(lib *rules.Library, slug string) []views.TermRun {
	var out []views.TermRun
	open := false
	for _, e := range glossaryEditions(lib) {
		g := termOf(e, slug)
		if g == nil {
			// A file cut short (2013-02-01 stops in the glossary's A's)
			// says nothing of the terms it lacks.
			open = open && e.Truncated != nil
			continue
		}
		if n := len(out); open && out[n-1].Obsolete == g.Obsolete {
			out[n-1].To = e
			out[n-1].N++
			continue
		}
		out = append(out, views.TermRun{Obsolete: g.Obsolete, From: e, To: e, N: 1})
		open = true
	}
	return out
}

// lastDefined is the newest full edition whose glossary defines the term
// slug rather than marking it obsolete.
func lastDefined(lib *rules.Library, slug string) (*rules.Edition, *rules.GlossaryEntry) {
	eds := glossaryEditions(lib)
	for _, e := range slices.Backward(eds) {
		if g := termOf(e, slug); g != nil && !g.Obsolete {
			return e, g
		}
	}
	return nil, nil
}

// termBySlugPrefix finds the one entry whose slug continues slug with more
// words. Permalinks made when a headword was read as several terms
// (".../glossary/intervening" for Intervening "If" Clause) keep working.
func termBySlugPrefix(e *rules.Edition, slug string) *rules.GlossaryEntry {
	if slug == "" {
		return nil
	}
	var found *rules.GlossaryEntry
	for _, g := range e.Glossary {
		if strings.HasPrefix(g.Slug, slug+"-") {
			if found != nil {
				return nil
			}
			found = g
		}
	}
	return found
}
