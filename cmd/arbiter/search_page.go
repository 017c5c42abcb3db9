package main

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/locate"
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

// searchScope reads ?e=: an edition ID ("2026-01-16", "mtr/2025-04-21"),
// "latest" or "all", each optionally after a document's prefix
// ("mtr/all"); absent means the CR's newest edition. It returns the site
// of the document searched and the scope within it.
func searchScope(c echo.Context) (*site, string, error) {
	st := siteOf(c)
	d, id := rules.SplitID(c.QueryParam("e"))
	st = st.of(d)
	lib := st.lib
	switch {
	case id == search.AllEditions:
		return st, id, nil
	case id == "" || id == "latest":
		if e := lib.Latest(); e != nil {
			return st, e.ID, nil
		}
		return st, "", notFound("No edition of the %s is loaded.", d.Title())
	}
	if e, _ := st.editionNamed(id); e != nil {
		return st, e.ID, nil
	}
	return st, "", notFound("There is no edition %q. The home page lists the editions.", clip(c.QueryParam("e")))
}

// searchPage serves /search?q=…&e=…. A place the query names outright
// (a rule number in any form, "MTR 4.2", "IPG 2.1 philosophy", "MTR
// appendix B") redirects there, as the jump box does. The page shows the
// best entry whole (answerFor), then the other hits, then the other
// documents' newest editions' best few hits.
func (s *Server) searchPage(c echo.Context) error {
	st, scope, err := searchScope(c)
	if err != nil {
		return err
	}
	if s.browser != nil {
		return s.browserSearchPage(c, st, scope)
	}
	q := c.QueryParam("q")
	from := st.lib.Edition(scope)
	if from == nil {
		from = st.lib.Latest() // every edition: a number goes to the newest that has it
	}
	words := q
	if p, ok := locate.Read(q, st.doc); ok && from != nil && !p.Document() && p.Words == "" {
		if d, ok := s.placed(st, from, p); ok {
			return c.Redirect(http.StatusFound, d.url)
		}
		if p.Doc == st.doc && !p.Number.IsZero() && p.Part == "" {
			// A number written another way that this edition lacks: the
			// search says so, or finds it in another edition, as for
			// "704.5k".
			words = p.Number.String()
		}
	}
	r, err := st.search.Search(scope, words, search.Options{Limit: searchLimit})
	if err != nil {
		return err
	}
	if r.Jump != nil && len(r.Notes) == 0 {
		return c.Redirect(http.StatusFound, s.paths.RuleURL(r.Jump.Edition, r.Jump.Number))
	}
	if r.Edition == search.AllEditions || st.lib.Edition(r.Edition) != nil {
		scope = r.Edition // edition:… in the query chose it
	}
	if r.Edition == search.AllEditions {
		r.Edition = st.doc.Prefix() + search.AllEditions // links to search again stay in the document
	}
	p := views.SearchPage{
		// The boxes show what was typed, up to what the search reads of it.
		Page:     views.Page{Paths: s.paths, Title: "Search", Query: clipBytes(q, search.MaxQueryBytes), NoJump: true},
		Doc:      st.doc,
		Scope:    scope,
		Editions: st.lib.Editions,
		Results:  r,
		Named:    namedDocs(q),
	}
	if q != "" {
		p.Title = "Search: " + clip(q)
		p.Elsewhere = s.searchElsewhere(st, q)
		if !s.paths.Static {
			if card := s.cardNames().Named(q); card != nil {
				p.Card = card.Name
			}
		}
		if from != nil && len(p.Named) == 0 {
			p.Answer = s.answerFor(st, from, scope == search.AllEditions, q, r, p.Elsewhere)
		}
	}
	if p.All() {
		p.Loading = s.editionsLoading()
	} else {
		p.Edition = st.lib.Edition(scope)
	}
	return views.SearchResults(p).Render(c.Request().Context(), htmlResponse(c))
}

// elsewhereLimit is how many hits of each other document the search page
// shows below its own.
const elsewhereLimit = 3

// searchElsewhere searches the newest edition of every document but st's.
func (s *Server) searchElsewhere(st *site, q string) []views.DocHits {
	var out []views.DocHits
	for _, d := range rules.Docs {
		o := st.of(d)
		latest := o.lib.Latest()
		if d == st.doc || latest == nil {
			continue
		}
		r, err := o.search.Search(latest.ID, q, search.Options{Limit: elsewhereLimit})
		if err != nil || len(r.Hits) == 0 {
			continue
		}
		out = append(out, views.DocHits{Edition: latest, Results: r})
	}
	return out
}

// namedDocs are the documents a query names outright ("IPG", "Infraction
// Procedure Guide", "tournament rules"), which the page offers first.
func namedDocs(q string) []rules.Doc {
	if p, ok := locate.Read(q, rules.DocCR); ok && p.Document() {
		return []rules.Doc{p.Doc}
	}
	return nil
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

// browserSearchPage is a static export's search page: the form, offering
// every document's editions (one page serves them all, since search.js
// reads the edition from the URL), and room for the results
// static/search.js finds in the browser.
func (s *Server) browserSearchPage(c echo.Context, st *site, scope string) error {
	p := views.SearchPage{
		Page:    views.Page{Paths: s.paths, Title: "Search", WasmScript: s.browser.ScriptURL, NoJump: true},
		Scope:   scope,
		Browser: s.browser,
	}
	for _, d := range rules.Docs {
		p.Editions = append(p.Editions, st.of(d).lib.Editions...)
	}
	return s.render(c, views.SearchResults(p))
}

// suggest serves /suggest?q=…&e=…: the few best entries for what has been
// typed so far, its last word read as the start of a word, after the
// place the words name outright, if any ("704 5j", "GRV"). It is a
// fragment for app.js; empty when there is nothing to suggest.
func (s *Server) suggest(c echo.Context) error {
	st, scope, err := searchScope(c)
	if err != nil {
		return err
	}
	q := c.QueryParam("q")
	r, err := st.search.Search(scope, q, search.Options{Limit: suggestLimit, PrefixLast: true})
	if err != nil {
		return err
	}
	var lead *views.Suggestion
	from := st.lib.Edition(scope)
	if from == nil {
		from = st.lib.Latest()
	}
	if from != nil {
		if d, ok := s.destinationOf(st, from, q); ok {
			lead = suggestionOf(d)
			if len(r.Hits) == suggestLimit {
				r.Hits = r.Hits[:suggestLimit-1]
			}
		}
	}
	return views.SearchSuggestions(s.paths, lead, r).Render(c.Request().Context(), htmlResponse(c))
}

// suggestionOf is how the suggestions list destination d: "IPG 2.5 Game
// Play Error — Game Rule Violation", the start of its text.
func suggestionOf(d destination) *views.Suggestion {
	g := &views.Suggestion{URL: d.url}
	doc := d.ed.Document()
	switch {
	case d.section != nil:
		g.Label = views.SectionHeading(d.section)
	case d.topic != nil:
		g.Label = d.topic.Title
	default:
		g.Label = d.rule.Number.String()
		g.Title = d.rule.Title()
		g.Text = views.Snippet(d.rule, 90)
		if d.part != "" {
			g.Title += " · " + d.part
		}
	}
	if doc != rules.DocCR {
		g.Label = doc.Short() + " " + g.Label
	}
	return g
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
