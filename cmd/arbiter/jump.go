package main

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
)

// maxJump bounds what the jump box accepts; the input says maxlength=200.
const maxJump = 200

// jump serves the jump box, /jump?q=…&e=…: a rule number goes to that rule
// in edition e (the newest if e is absent), a number e lacks gets a 404
// listing the nearest numbers, and anything else goes to search.
func (s *Server) jump(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if q == "" {
		return badRequest("Type a rule number such as 704.5k, or words to search for.")
	}
	if len(q) > maxJump {
		return badRequest("That is too long to be a rule number or a search (over %d characters).", maxJump)
	}
	lib := siteOf(c).lib
	e := lib.Latest()
	if id := c.QueryParam("e"); id != "" {
		if e = lib.Edition(id); e == nil {
			return notFound("There is no edition %q. The home page lists the editions.", clip(id))
		}
	}
	if e == nil {
		return notFound("No editions are loaded.")
	}
	if n, ok := jumpNumber(q); ok {
		if e.Rule(n) == nil {
			return missingRule(c, e, n)
		}
		return c.Redirect(http.StatusFound, s.paths.RuleURL(e.ID, n))
	}
	return c.Redirect(http.StatusFound, s.paths.SearchURL(e.ID, q))
}

// jumpNumber reads a rule number as a judge types it: "704.5k", "704.5K",
// "cr 704.5k", "CR704.5k", "rule 704.5", "704.".
func jumpNumber(q string) (rules.Number, bool) {
	q = strings.ToLower(strings.TrimSpace(q))
	q = strings.TrimPrefix(q, "cr")
	q = strings.TrimSpace(q)
	for _, p := range []string{"rules", "rule", "r."} {
		if strings.HasPrefix(q, p) {
			q = strings.TrimSpace(q[len(p):])
			break
		}
	}
	return parseNumber(q)
}
