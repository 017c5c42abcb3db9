package main

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules/search"
	"github.com/arbiter-rules/arbiter/views"
)

// Search pages: /search (results), /suggest (the fragment the jump box
// shows while typing) and /opensearch.xml. A query the index cannot use
// (empty, 10 KB long, only symbols or operators) is not an error: the page
// says what to type instead.

const (
	searchLimit  = 50 // hits on the results page
	suggestLimit = 6  // entries under the jump box
)

// searchScope reads ?e=: an edition ID, "latest" or "all"; absent means the
// newest edition.
func searchScope(c echo.Context) (string, error) {
	lib := siteOf(c).lib
	id := c.QueryParam("e")
	switch {
	case id == search.AllEditions:
		return id, nil
	case id == "":
		if e := lib.Latest(); e != nil {
			return e.ID, nil
		}
		if len(lib.Editions) > 0 {
			return lib.Editions[0].ID, nil
		}
		return "", notFound("No editions are loaded.")
	}
	if e := lib.Edition(id); e != nil {
		return e.ID, nil
	}
	return "", notFound("There is no edition %q. The home page lists the editions.", clip(id))
}

// searchPage serves /search?q=…&e=…. A bare rule number that exists
// redirects to the rule, as the jump box does.
func (s *Server) searchPage(c echo.Context) error {
	scope, err := searchScope(c)
	if err != nil {
		return err
	}
	st := siteOf(c)
	if s.browser != nil {
		return s.browserSearchPage(c, st, scope)
	}
	q := c.QueryParam("q")
	r, err := st.search.Search(scope, q, search.Options{Limit: searchLimit})
	if err != nil {
		return err
	}
	if r.Jump != nil && len(r.Notes) == 0 {
		return c.Redirect(http.StatusFound, s.paths.RuleURL(r.Jump.Edition, r.Jump.Number))
	}
	if r.Edition == search.AllEditions || st.lib.Edition(r.Edition) != nil {
		scope = r.Edition // edition:… in the query chose it
	}
	p := views.SearchPage{
		// The boxes show what was typed, up to what the search reads of it.
		Page:     views.Page{Paths: s.paths, Title: "Search", Query: clipBytes(q, search.MaxQueryBytes), NoJump: true},
		Scope:    scope,
		Editions: st.lib.Editions,
		Results:  r,
	}
	if q != "" {
		p.Title = "Search: " + clip(q)
	}
	if p.All() {
		p.Loading = s.editionsLoading()
	} else {
		p.Edition = st.lib.Edition(scope)
	}
	return views.SearchResults(p).Render(c.Request().Context(), htmlResponse(c))
}

// editionsLoading is how many official editions are still being read at
// start; a search of every edition searches the others.
func (s *Server) editionsLoading() int {
	select {
	case <-s.loading:
		return 0
	default:
	}
	if set := s.content.Load(); set != nil && set.official != nil {
		return set.official.left()
	}
	return 0
}

// browserSearchPage is a static export's search page: the form, and
// room for the results static/search.js finds in the browser.
func (s *Server) browserSearchPage(c echo.Context, st *site, scope string) error {
	p := views.SearchPage{
		Page:     views.Page{Paths: s.paths, Title: "Search", WasmScript: s.browser.ScriptURL, NoJump: true},
		Scope:    scope,
		Editions: st.lib.Editions,
		Browser:  s.browser,
	}
	return s.render(c, views.SearchResults(p))
}

// suggest serves /suggest?q=…&e=…: the few best entries for what has been
// typed so far, its last word read as the start of a word. It is a
// fragment for app.js; empty when there is nothing to suggest.
func (s *Server) suggest(c echo.Context) error {
	scope, err := searchScope(c)
	if err != nil {
		return err
	}
	r, err := siteOf(c).search.Search(scope, c.QueryParam("q"), search.Options{Limit: suggestLimit, PrefixLast: true})
	if err != nil {
		return err
	}
	return views.SearchSuggestions(s.paths, r).Render(c.Request().Context(), htmlResponse(c))
}

// openSearch serves /opensearch.xml with this host's absolute URLs.
func (s *Server) openSearch(c echo.Context) error {
	site := c.Scheme() + "://" + c.Request().Host + s.paths.Base
	c.Response().Header().Set(echo.HeaderContentType, "application/opensearchdescription+xml")
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=86400")
	c.Response().WriteHeader(http.StatusOK)
	return views.OpenSearch(site).Render(c.Request().Context(), c.Response())
}

// clipBytes cuts s to at most n bytes at a character boundary.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// htmlResponse starts a 200 HTML response that is not cached anywhere.
func htmlResponse(c echo.Context) *echo.Response {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set(echo.HeaderCacheControl, "no-cache")
	c.Response().WriteHeader(200)
	return c.Response()
}

// isSearchPath reports whether a path is one of the search endpoints,
// which accept longer query strings than other pages (see limitRequest).
func isSearchPath(p string) bool {
	return p == "/search" || p == "/suggest" || strings.HasPrefix(p, "/api/") && strings.HasSuffix(p, "/search")
}
