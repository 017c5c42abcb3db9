package main

import (
	"context"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// Searcher answers a search in one edition with at most limit hits, and
// whether there were more. The search index plugs in here.
type Searcher interface {
	Search(ctx context.Context, e *rules.Edition, q string, limit int) (hits []views.Hit, more bool, err error)
}

const searchLimit = 50

// search serves /search?q=…&e=…, where the jump box sends words.
func (s *Server) search(c echo.Context) error {
	q := strings.TrimSpace(c.QueryParam("q"))
	if q == "" {
		return badRequest("Type words to search for, or a rule number such as 704.5k.")
	}
	if len(q) > maxJump {
		return badRequest("The search is too long (over %d characters); try a few words.", maxJump)
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
	var se Searcher = scanSearch{s.paths}
	if s.Search != nil {
		se = s.Search
	}
	hits, more, err := se.Search(c.Request().Context(), e, q, searchLimit)
	if err != nil {
		return err
	}
	return views.Search(views.SearchPage{
		Page:      views.Page{Paths: s.paths, Title: "Search: " + clip(q), Edition: e, Query: q},
		Hits:      hits,
		Truncated: more,
	}).Render(c.Request().Context(), htmlResponse(c))
}

// htmlResponse starts a 200 HTML response that is not cached anywhere.
func htmlResponse(c echo.Context) *echo.Response {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set(echo.HeaderCacheControl, "no-cache")
	c.Response().WriteHeader(200)
	return c.Response()
}

// scanSearch is the plain search used until an index is plugged in: a term
// whose name matches the query first, then every entry whose text holds all
// the query's words, in document order.
type scanSearch struct{ paths views.Paths }

func (ss scanSearch) Search(ctx context.Context, e *rules.Edition, q string, limit int) ([]views.Hit, bool, error) {
	words := strings.Fields(rules.FoldTerm(q))
	if len(words) == 0 {
		return nil, false, nil
	}
	var hits []views.Hit
	if g := e.Term(q); g != nil && len(g.Body) > 0 {
		hits = append(hits, views.Hit{Label: "Glossary: " + g.Term(), URL: ss.paths.TermURL(e.ID, g.Slug), Text: g.Body[0].Text})
	}
	more := false
	match := func(t rules.Text) bool {
		f := rules.FoldTerm(t.S)
		for _, w := range words {
			if !strings.Contains(f, w) {
				return false
			}
		}
		return true
	}
	e.Walk(func(r *rules.Rule) bool {
		if err := ctx.Err(); err != nil {
			return false
		}
		for _, b := range r.Body {
			if match(b.Text) {
				if len(hits) == limit {
					more = true
					return false
				}
				hits = append(hits, views.Hit{Label: r.Number.String(), URL: ss.paths.RuleURL(e.ID, r.Number), Text: b.Text})
				break
			}
		}
		return true
	})
	return hits, more, ctx.Err()
}
