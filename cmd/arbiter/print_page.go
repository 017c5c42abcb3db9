package main

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// printPage serves /{edition}/{number}/print: an entry and everything
// below it (a chapter, most often) laid out for paper: the rules alone,
// without the rule page's history, picker, citations and neighbours. The
// print stylesheet does the rest, as on every page. A path rather than a
// query parameter, so the page caches as every page of the edition does.
func (s *Server) printPage(c echo.Context) error {
	e, n, r, err := editionRule(c)
	if err != nil {
		return err
	}
	if n.String() != param(c, "number") {
		return c.Redirect(http.StatusMovedPermanently, s.paths.PrintURL(e.ID, n))
	}
	if r == nil {
		return missingRule(c, e, n)
	}
	p := views.RulePage{
		Page: views.Page{
			Paths:     s.paths,
			Title:     titleOf(r) + " · " + views.EditionName(e) + " · to print",
			Edition:   e,
			Canonical: s.paths.PrintURL(e.ID, r.Number),
		},
		Rule: r,
	}
	for a := r.Parent; a != nil; a = a.Parent {
		p.Crumbs = append([]*rules.Rule{a}, p.Crumbs...)
	}
	return s.render(c, views.PrintRule(p))
}
