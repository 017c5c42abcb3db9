package main

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

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
	return s.render(c, views.Term(p))
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
