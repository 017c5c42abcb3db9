package main

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/locate"
	"github.com/arbiter-rules/arbiter/views"
)

// maxJump bounds what the jump box accepts; the input says maxlength=200.
const maxJump = 200

// jump serves the jump box, /jump?q=…&e=…: a rule number goes to that rule
// in edition e (the newest if e is absent), and anything else goes to
// search. A number e lacks is looked up in every edition: if it named a
// rule there, a page says which and where that rule is in e; if not, a 404
// lists the nearest numbers e has.
//
// With from (the rule page's "this rule in" picker), q is a rule of
// edition from, and the answer is that same rule in e through its history
// (renumberings), or a page saying e lacks it.
func (s *Server) jump(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if q == "" {
		return badRequest("Type a rule number such as 704.5k, or words to search for.")
	}
	if len(q) > maxJump {
		return badRequest("That is too long to be a rule number or a search (over %d characters).", maxJump)
	}
	st := siteOf(c)
	e := st.lib.Latest()
	if id := c.QueryParam("e"); id != "" {
		if e = st.editionByID(id); e == nil {
			return notFound("There is no edition %q. The home page lists the editions.", clip(id))
		}
		st = st.of(e.Document())
	}
	if e == nil {
		return notFound("No editions are loaded.")
	}
	lib := st.lib
	p, ok := locate.Read(q, e.Document())
	if !ok {
		// Words: an entry named by its title or a judge's shorthand
		// ("GRV", "missed trigger"), else a search.
		if d, ok := s.titled(st, e, q); ok {
			return c.Redirect(http.StatusFound, d.url)
		}
		// A card's name, forgiving case, apostrophes and a typo or two
		// ("assassins trophy"), unless the rules have a term of that
		// name, which search finds ("Flash").
		if !s.paths.Static {
			if card := s.cardNamed(e, q); card != "" {
				return c.Redirect(http.StatusFound, s.paths.CardURL(card))
			}
		}
		return c.Redirect(http.StatusFound, s.paths.SearchURL(e.ID, q))
	}
	if p.Document() {
		// A document named alone: "IPG", "Magic Tournament Rules".
		return c.Redirect(http.StatusFound, s.paths.DocURL(p.Doc, ""))
	}
	n := p.Number
	if p.Doc == e.Document() && !n.IsZero() && p.Part == "" {
		c.Set("site", st)
		if from := lib.Edition(c.QueryParam("from")); from != nil && from.Rule(n) != nil {
			return s.jumpAcross(c, from, from.Rule(n), e)
		}
	}
	if d, ok := s.placed(st, e, p); ok {
		return c.Redirect(http.StatusFound, d.url)
	}
	switch {
	case n.IsZero() || p.Part != "":
		// Words after a document's name, a part or an appendix it lacks:
		// a search.
		return c.Redirect(http.StatusFound, s.paths.SearchURL(e.ID, q))
	case p.Doc != e.Document():
		// Another document's number ("MTR 9.9" typed on a CR page) that
		// none of its editions has.
		if latest := st.of(p.Doc).lib.Latest(); latest != nil {
			c.Set("site", st.of(p.Doc))
			return missingRule(c, latest, n)
		}
		return notFound("No edition of the %s is loaded.", p.Doc.Title())
	}
	c.Set("site", st)
	return s.oldNumber(c, e, n, http.StatusOK)
}

// jumpAcross goes to rule r of edition from as edition to has it, or
// answers 404 with a page saying when the rule came or went.
func (s *Server) jumpAcross(c echo.Context, from *rules.Edition, r *rules.Rule, to *rules.Edition) error {
	st := siteOf(c)
	pl := placeIn(st, from, r, to)
	if pl.Found() {
		return c.Redirect(http.StatusFound, s.paths.RuleURL(to.ID, pl.Rule.Number))
	}
	p := views.AbsentPage{
		Page: views.Page{Paths: s.paths, Title: "Rule " + r.Number.String() + " of " + views.EditionName(from) +
			" is not in " + views.EditionName(to), Edition: to},
		From: from,
		Rule: r,
		At:   pl,
		// The rule is not in to, so whatever to numbers the same is
		// another rule.
		Other: to.Rule(r.Number),
	}
	return views.RuleAbsent(p).Render(c.Request().Context(), htmlStatus(c, http.StatusNotFound))
}

// oldNumber answers a number edition e lacks: the rules it named in other
// editions, each placed in e, with status code; or, if it named none, the
// 404 listing the nearest numbers e has.
func (s *Server) oldNumber(c echo.Context, e *rules.Edition, n rules.Number, code int) error {
	st := siteOf(c)
	ms := meanings(st, n, e)
	if len(ms) == 0 {
		return missingRule(c, e, n)
	}
	p := views.NumberPage{
		Page: views.Page{Paths: s.paths, Title: "Rule " + n.String() + " in other editions", Edition: e,
			Query: c.QueryParam("q")},
		Number:   n,
		Meanings: ms,
		Nearest:  e.Nearest(n, 8),
	}
	if eds := st.history.Editions(); len(eds) > 0 {
		p.Newest = eds[len(eds)-1]
	}
	return views.OldNumber(p).Render(c.Request().Context(), htmlStatus(c, code))
}

// htmlStatus starts an HTML response with status code that is not cached
// anywhere: it answers a query, which the page cache does not key on.
func htmlStatus(c echo.Context, code int) *echo.Response {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set(echo.HeaderCacheControl, "no-store")
	c.Response().WriteHeader(code)
	return c.Response()
}
