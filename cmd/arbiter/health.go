package main

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// Health and operations endpoints: /healthz (the process answers),
// /readyz (it should be sent traffic), /metrics and /diagnostics.

var hdrNoStore = header("no-store")

// healthz answers 200 while the process serves at all.
func (s *Server) healthz(c echo.Context) error {
	c.Response().Header()["Cache-Control"] = hdrNoStore
	return c.String(http.StatusOK, "ok\n")
}

// readyz answers 200 once editions are loaded and the newest edition's
// search index and the history's matchings are built (Warm), 503 before.
// A reload never makes a ready server unready: the old site serves until
// the new one is complete.
func (s *Server) readyz(c echo.Context) error {
	c.Response().Header()["Cache-Control"] = hdrNoStore
	if !s.ready.Load() {
		return c.String(http.StatusServiceUnavailable, "loading\n")
	}
	if len(siteOf(c).lib.Editions) == 0 {
		return c.String(http.StatusServiceUnavailable, "no editions loaded\n")
	}
	return c.String(http.StatusOK, "ready\n")
}

// diagnostics serves /diagnostics: how the last content load went, every
// error with its file and line, and the warnings of what is served.
func (s *Server) diagnostics(c echo.Context) error {
	p := views.DiagnosticsPage{
		Page:    views.Page{Paths: s.paths, Title: "Content diagnostics"},
		Last:    s.loads.Load().LoadReport,
		Loading: !s.ready.Load() && s.content.Load() != nil,
		Docs:    siteOf(c).shelf.diagnostics(),
	}
	_, p.Cards = s.cards()
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h["Cache-Control"] = hdrNoStore
	c.Response().WriteHeader(http.StatusOK)
	return views.Diagnostics(p).Render(c.Request().Context(), c.Response())
}

// diagnostics is what /diagnostics says of each document served: its
// editions and their references, counted once for the shelf (its
// libraries never change).
func (sh *shelf) diagnostics() []views.DocDiagnostics {
	sh.diagOnce.Do(func() {
		for _, d := range rules.Docs {
			dd := views.DocDiagnostics{Doc: d}
			for _, e := range sh.sites[d].lib.Editions {
				dd.Editions = append(dd.Editions, views.EditionDiagnostics{Edition: e, Refs: e.CountRefs()})
			}
			sh.diag = append(sh.diag, dd)
		}
	})
	return sh.diag
}
