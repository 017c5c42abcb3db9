package main

import (
	"github.com/arbiter-rules/arbiter/views"
	"github.com/labstack/echo/v4"
)

// sandboxNote is a static export's /sandbox when it names no sandbox
// server: every sandbox link of the export leads here (views.Paths), to a
// page that says running needs a server and shows each bundled scenario's
// text instead.
func (s *Server) sandboxNote(c echo.Context) error {
	p := views.SandboxNotePage{Page: views.Page{Paths: s.paths, Title: "Sandbox"}}
	latest := siteOf(c).lib.Latest()
	for _, sc := range s.Scenarios.Scenarios {
		it := views.SandboxNoteItem{Title: sc.Title, Slug: scenarioSlug(sc), Examples: sc.Examples, Text: sc.Text}
		for _, r := range sc.Rules {
			l := views.Link{Label: r}
			if n, ok := parseNumber(r); ok && latest != nil && latest.Rule(n) != nil {
				l.URL = s.paths.RuleURL(latest.ID, n)
			}
			it.Rules = append(it.Rules, l)
		}
		p.Scenarios = append(p.Scenarios, it)
	}
	return s.render(c, views.SandboxNote(p))
}

// staticSandboxNote reports whether the site is a static export whose
// sandbox links go to its own note (sandboxNote) rather than a server.
func (s *Server) staticSandboxNote() bool { return s.paths.Static && s.paths.Sandbox == "" }
