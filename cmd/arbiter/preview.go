package main

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/views"
)

// The preview handlers serve the small fragments app.js shows when a reader
// hovers or focuses a reference: /preview/ followed by the reference's own
// path. They are plain HTML fragments, cached like pages.

func (s *Server) previewRule(c echo.Context) error {
	e, n, r, err := editionRule(c)
	if err != nil {
		return err
	}
	if r == nil {
		return notFoundIn(e, "Rule %s is not in %s.", n, views.EditionName(e))
	}
	return s.render(c, views.RulePreview(s.paths, e, r))
}

// previewEdition serves /preview/{edition}: an edition as a whole, which
// a reference to another document links to.
func (s *Server) previewEdition(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	return s.render(c, views.EditionPreview(s.paths, e))
}

func (s *Server) previewSection(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(param(c, "section"))
	sec := e.Section(n)
	if err != nil || sec == nil {
		return notFoundIn(e, "%s has no such section.", views.EditionName(e))
	}
	return s.render(c, views.SectionPreview(s.paths, e, sec))
}

func (s *Server) previewTerm(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	g := e.Term(param(c, "slug"))
	if g == nil {
		return notFoundIn(e, "%s's glossary has no such term.", views.EditionName(e))
	}
	return s.render(c, views.TermPreview(s.paths, e, g))
}

func (s *Server) previewTopic(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	t := e.Topic(param(c, "slug"))
	if t == nil {
		return notFoundIn(e, "%s has no such topic.", views.EditionName(e))
	}
	return s.render(c, views.TopicPreview(s.paths, e, t))
}
