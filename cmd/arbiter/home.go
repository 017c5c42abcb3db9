package main

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// home serves /: the editions, newest first, and the newest one's contents.
func (s *Server) home(c echo.Context) error {
	lib := siteOf(c).lib
	return s.render(c, views.Home(views.HomePage{
		Page:     views.Page{Paths: s.paths, Title: "Comprehensive Rules"},
		Doc:      rules.DocCR,
		Root:     true,
		Docs:     docSummaries(siteOf(c)),
		Sets:     setCodes(),
		Editions: lib.Editions,
		Latest:   lib.Latest(),
	}))
}

// docHome serves /{document}: the document's newest edition's contents and
// every edition of it (for the CR, /cr, the same as /).
func (s *Server) docHome(c echo.Context) error {
	st := siteOf(c)
	var sets map[string]string
	if st.doc == rules.DocCR {
		sets = setCodes()
	}
	page := views.Page{Paths: s.paths, Title: st.doc.Title()}
	if st.doc != rules.DocCR {
		page.Edition = st.lib.Latest() // the jump box reads numbers as this document's
	}
	return s.render(c, views.DocHome(views.HomePage{
		Page:     page,
		Doc:      st.doc,
		Sets:     sets,
		Editions: st.lib.Editions,
		Latest:   st.lib.Latest(),
	}))
}

// docEdition serves /{document}/{x}: x is an edition (its date, or a day
// it was in force) whose contents show, or else an entry or topic of the
// document's newest edition that has it (/mtr/2.3, /jar/common-issues).
func (s *Server) docEdition(c echo.Context) error {
	st := siteOf(c)
	raw := param(c, "edition")
	if e, _ := st.editionNamed(raw); e != nil {
		return s.editionPage(c)
	}
	if n, ok := parseNumberIn(st.doc, raw); ok {
		if e, r := st.lib.Newest(n); r != nil {
			if n.String() != raw {
				return c.Redirect(http.StatusMovedPermanently, s.paths.DocURL(st.doc, n.String()))
			}
			return s.render(c, views.Rule(s.rulePageOf(c, e, r)))
		}
		if latest := st.lib.Latest(); latest != nil {
			return missingRule(c, latest, n)
		}
	}
	if latest := st.lib.Latest(); latest != nil {
		if t := latest.Topic(raw); t != nil {
			return c.Redirect(http.StatusFound, s.paths.TopicURL(latest.ID, t.Slug))
		}
	}
	return noEdition(st, raw)
}

// docSummaries is each document's newest edition and count, for the home
// page's first screen.
func docSummaries(st *site) []views.DocSummary {
	var out []views.DocSummary
	for _, d := range rules.Docs {
		o := st.of(d)
		out = append(out, views.DocSummary{Doc: d, Latest: o.lib.Latest(), Editions: len(o.lib.Editions)})
	}
	return out
}
