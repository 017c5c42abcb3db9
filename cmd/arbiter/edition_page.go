package main

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// editionPage serves /{edition}: the edition's table of contents.
func (s *Server) editionPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	return s.render(c, views.Edition(views.EditionPage{
		Page:  views.Page{Paths: s.paths, Title: views.EditionName(e), Edition: e, Canonical: s.paths.TOCURL(e.ID)},
		Cross: siteOf(c).shelf.books.CitedFrom(e, nil),
		Sets:  setNames(e),
	}))
}

// sectionPage serves /{edition}/section/{n}: a section's chapters and rules.
func (s *Server) sectionPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	raw := param(c, "section")
	n, err := strconv.Atoi(raw)
	if err != nil || strconv.Itoa(n) != raw {
		return notFound("“%s” is not a section number; sections are numbered 1 to 9.", clip(raw))
	}
	sec := e.Section(n)
	if sec == nil {
		return notFoundIn(e, "%s has no section %d.", views.EditionName(e), n)
	}
	p := views.SectionPage{
		Page:    views.Page{Paths: s.paths, Title: views.SectionHeading(sec) + " · " + views.EditionName(e), Edition: e, Canonical: s.paths.SectionURL(e.ID, n)},
		Section: sec,
	}
	for i, x := range e.Sections {
		if x == sec {
			if i > 0 {
				p.Prev = e.Sections[i-1]
			}
			if i+1 < len(e.Sections) {
				p.Next = e.Sections[i+1]
			}
		}
	}
	return s.render(c, views.Section(p))
}

// setNames names the sets whose release brought e, a CR edition:
// "Magic 2010 (M10)".
func setNames(e *rules.Edition) []string {
	if e.Document() != rules.DocCR || e.Kind != rules.KindFull {
		return nil
	}
	var out []string
	for _, s := range content.SetsOf(e.EffectiveDate()) {
		out = append(out, s.Name+" ("+s.Code+")")
	}
	return out
}

// setCodes are the codes of the sets that brought each CR edition, by
// date, for the lists of editions: "2011-06-17": "CMD PC2".
func setCodes() map[string]string {
	sets, _ := content.CRSets()
	out := map[string]string{}
	for _, s := range sets {
		if out[s.Effective] != "" {
			out[s.Effective] += " "
		}
		out[s.Effective] += s.Code
	}
	return out
}
