package main

import (
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/search"
	"github.com/arbiter-rules/arbiter/static"
	"github.com/arbiter-rules/arbiter/views"
)

// routes lists every URL the app answers. Handlers are thin: they look up
// what the URL names, build a view's input, and return errors to
// handleError.
func (s *Server) routes() {
	e := s.echo
	e.Pre(s.instrument, s.recoverPanics, s.logRequests, securityHeaders, limitRequest, limitBody, s.withSite, trimSlash)

	get := func(path string, h echo.HandlerFunc) {
		e.Match([]string{http.MethodGet, http.MethodHead}, path, wholeSegments(h))
	}
	get("/", s.home)
	get("/help", s.help)
	get("/jump", s.jump)
	get("/search", s.expensiveIf(allEditions, s.searchPage))
	get("/suggest", s.suggest)
	get("/opensearch.xml", s.openSearch)
	get(static.Prefix+"*", serveStatic)
	if !s.paths.Static {
		get("/sw.js", s.serviceWorker)
		get("/manifest.webmanifest", s.manifest)
		get("/offline", s.offlinePage)
		get("/offline/search", s.offlineSearchPage)
		get("/offline/:file", s.offlineFile)
	}

	get("/healthz", s.healthz)
	get("/readyz", s.readyz)
	get("/metrics", s.serveMetrics)
	get("/diagnostics", s.diagnostics)

	get("/cards", s.cardSearch)
	get("/cards/:name", s.cardPage)

	get("/diff", s.diffForm)
	get("/diff/:from/:to", s.expensive(s.diffPage))

	get("/sandbox", s.sandboxIndex)
	get("/sandbox/switches", s.switchesPage)
	get("/sandbox/run", s.sandboxRun)
	e.POST("/sandbox/run", formOnly(s.sandboxRun))
	get("/sandbox/scenario/:name", s.sandboxScenario)
	get("/sandbox/:edition/:number/:n", s.sandboxExample)

	get("/rules/:number", s.newestRule)
	get("/preview/:edition", s.previewEdition)
	get("/preview/:edition/:number", s.previewRule)
	get("/preview/:edition/section/:section", s.previewSection)
	get("/preview/:edition/glossary/:slug", s.previewTerm)
	get("/preview/:edition/topic/:slug", s.previewTopic)

	get("/api/editions", s.apiEditions)
	get("/api/switches", s.apiSwitches)
	get("/api/history/:edition/:number", s.expensive(s.apiHistory))
	get("/api/history/:edition/:number/in/:in", s.expensive(s.apiHistory))
	get("/api/diff/:from/:to", s.expensive(s.apiDiff))
	get("/api/:edition/rules/:number", s.apiRule)
	get("/api/:edition/glossary/:term", s.apiTerm)
	get("/api/:edition/search", s.expensiveIf(allEditions, s.apiSearch))
	get("/api/:edition/topics/:slug", s.apiTopic)
	get("/api/*", func(echo.Context) error { return notFound("No such API endpoint; see README.md for the API.") })

	// Every document's pages below its slug, the Comprehensive Rules' too
	// (/cr/704.5k beside /2026-01-16/704.5k): /mtr is the newest MTR,
	// /mtr/2.3 its rule 2.3, /ipg/2024-09-23/3.4 an edition's.
	for _, d := range rules.Docs {
		p := "/" + d.Slug()
		get(p, s.docHome)
		get(p+"/diff/:from/:to", s.expensive(s.diffPage))
		get(p+"/:edition", s.docEdition)
		get(p+"/:edition/section/:section", s.sectionPage)
		get(p+"/:edition/all", s.expensiveIf(wholeEdition, s.allPage))
		get(p+"/:edition/topic/:slug", s.topicPage)
		get(p+"/:edition/:number", s.rulePage)
		get(p+"/:edition/:number/now", s.nowRule)
		get(p+"/:edition/:number/print", s.printPage)
		get("/preview"+p+"/:edition", s.previewEdition)
		get("/preview"+p+"/:edition/:number", s.previewRule)
		get("/preview"+p+"/:edition/section/:section", s.previewSection)
		get("/preview"+p+"/:edition/topic/:slug", s.previewTopic)
		get("/api"+p+"/editions", s.apiEditions)
		get("/api"+p+"/history/:edition/:number", s.expensive(s.apiHistory))
		get("/api"+p+"/history/:edition/:number/in/:in", s.expensive(s.apiHistory))
		get("/api"+p+"/diff/:from/:to", s.expensive(s.apiDiff))
		get("/api"+p+"/:edition/rules/:number", s.apiRule)
		get("/api"+p+"/:edition/search", s.expensiveIf(allEditions, s.apiSearch))
		get("/api"+p+"/:edition/topics/:slug", s.apiTopic)
	}
	get("/cr/:edition/glossary", s.glossaryPage)
	get("/cr/:edition/glossary/:slug", s.termPage)
	get("/cr/:edition/keywords", s.keywordsPage)

	get("/:edition", s.editionPage)
	get("/:edition/section/:section", s.sectionPage)
	get("/:edition/glossary", s.glossaryPage)
	get("/:edition/glossary/:slug", s.termPage)
	get("/:edition/keywords", s.keywordsPage)
	get("/:edition/all", s.expensiveIf(wholeEdition, s.allPage))
	get("/:edition/topic/:slug", s.topicPage)
	get("/:edition/:number", s.rulePage)
	get("/:edition/:number/now", s.nowRule)
	get("/:edition/:number/print", s.printPage)
}

// allEditions says whether a search asks every edition (e=all, e=mtr/all,
// /api/all/search): it builds or reads an index per edition, where one
// edition's is kept warm.
func allEditions(c echo.Context) bool {
	_, e := rules.SplitID(c.QueryParam("e"))
	return e == search.AllEditions || c.Param("edition") == search.AllEditions
}

// param returns a path parameter, unescaped: echo routes on the escaped
// path when a request escapes more than it must (%2F), and then hands
// parameters over still escaped.
func param(c echo.Context, name string) string {
	v := c.Param(name)
	if c.Request().URL.RawPath != "" {
		if u, err := url.PathUnescape(v); err == nil {
			return u
		}
	}
	return v
}

// wholeSegments rejects a request whose last parameter swallowed more
// than one path segment: echo lets "/:edition/:number" match "/a/b/c/d".
func wholeSegments(h echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		for i, name := range c.ParamNames() {
			if name != "*" && i < len(c.ParamValues()) && strings.Contains(c.ParamValues()[i], "/") {
				return notFound("There is no page at this address.")
			}
		}
		return h(c)
	}
}

func siteOf(c echo.Context) *site { return c.Get("site").(*site) }

// withSite pins the library a request is served from, so a reload halfway
// through a request cannot mix two libraries.
func (s *Server) withSite(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		s.awaitEditions(c.Request())
		c.Set("site", s.site.Load().of(docOfPath(c.Request().URL.Path)))
		return next(c)
	}
}

// docOfPath is the document a request's path is in: the Comprehensive
// Rules, unless the path starts with another document's slug
// ("/mtr/2.3"), or does after /api or /preview ("/api/ipg/…",
// "/preview/mtr/…").
func docOfPath(p string) rules.Doc {
	seg, rest := firstSegment(p)
	if seg == "api" || seg == "preview" {
		seg, _ = firstSegment(rest)
	}
	if d, ok := rules.DocBySlug(seg); ok && seg == d.Slug() {
		return d
	}
	return rules.DocCR
}

// firstSegment splits "/a/b/c" into "a" and "/b/c".
func firstSegment(p string) (string, string) {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

// The content security policy allows our own script, style and images
// only (data: for the symbols drawn in CSS), and no inline script or style
// but the one line that applies a saved theme before the first paint
// (views.ThemeScriptSource) and our own stylesheets written into a page
// (views.StyleSources), each by its hash.
var csp = "default-src 'none'; script-src 'self' " + views.ThemeScriptSource + "; style-src 'self' " + views.StyleSources + "; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

var (
	hdrCSP       = header(csp)
	hdrNosniff   = header("nosniff")
	hdrReferrer  = header("same-origin")
	hdrCOOP      = header("same-origin")
	hdrAnyOrigin = header("*")
)

func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		setSecurityHeaders(c.Response().Header(), c.Request().URL.Path)
		return next(c)
	}
}

// setSecurityHeaders sets the headers every response carries. There is no
// X-Frame-Options: the CSP's frame-ancestors 'none' says the same to every
// browser since 2016, and browsers that know it ignore X-Frame-Options:
// every header counts, since net/http's map of them grows past 8, and a
// compressed page's answer sets 10 (TestCachedPageHeaderCount).
func setSecurityHeaders(h http.Header, path string) {
	h["Content-Security-Policy"] = hdrCSP
	h["X-Content-Type-Options"] = hdrNosniff
	h["Referrer-Policy"] = hdrReferrer
	h["Cross-Origin-Opener-Policy"] = hdrCOOP
	if strings.HasPrefix(path, "/api/") {
		// The API is public, read-only data: any page may fetch it.
		h["Access-Control-Allow-Origin"] = hdrAnyOrigin
	}
}

// Limits on what a request may ask; no page needs more.
const (
	maxPath  = 512  // bytes of URL path
	maxQuery = 2048 // bytes of raw query string
	// Search answers a pasted paragraph with a message rather than an error
	// (search_page.go); the parser keeps its first 512 bytes.
	maxSearchQuery = 32 << 10
)

func limitRequest(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		u := c.Request().URL
		if len(u.Path) > maxPath || len(u.RawPath) > maxPath {
			return &httpError{status: http.StatusRequestURITooLong, msg: fmt.Sprintf("This address is too long (over %d bytes); no page here has one that long.", maxPath)}
		}
		if len(u.RawQuery) > maxQuery && !(isSearchPath(u.Path) && len(u.RawQuery) <= maxSearchQuery) {
			if u.Path == "/sandbox/run" {
				if len(u.RawQuery) <= maxRunQuery {
					return next(c) // scenario text shared by URL (sandbox_share.go)
				}
				return &httpError{status: http.StatusRequestURITooLong, msg: fmt.Sprintf("This sandbox link is too long (over %d bytes): links hold scenarios that compress to %d bytes. Paste the scenario's text into the sandbox instead.", maxRunQuery, maxShare)}
			}
			return &httpError{status: http.StatusRequestURITooLong, msg: fmt.Sprintf("The query is too long (over %d bytes). Search for a few words or a rule number.", maxQuery)}
		}
		return next(c)
	}
}

// maxBody bounds a request body: the largest any route reads is the
// sandbox's form (maxSandboxForm), and every other route reads none.
const maxBody = maxSandboxForm

// limitBody refuses a body declared larger than any route reads, and
// caps the rest, so no handler can be made to read without end.
func limitBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.ContentLength > maxBody {
			return &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("The request body is larger than %d KB; no page here reads one that large.", maxBody>>10)}
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(c.Response(), r.Body, maxBody)
		}
		return next(c)
	}
}

// formOnly refuses a post that is not a URL-encoded form, the one kind a
// browser's form sends and the sandbox reads: any other would run the
// starter scenario as if nothing had been sent.
func formOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if t, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType)); t != echo.MIMEApplicationForm {
			return &httpError{status: http.StatusUnsupportedMediaType, msg: "Send the scenario as a form (" + echo.MIMEApplicationForm + ") with its text in the field text."}
		}
		return next(c)
	}
}

// trimSlash redirects "/2026-01-16/" to "/2026-01-16".
func trimSlash(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := c.Request().URL.Path
		if len(p) > 1 && strings.HasSuffix(p, "/") {
			t := strings.TrimRight(p, "/")
			if t == "" || strings.HasPrefix(t, "//") {
				return notFound("There is no page at this address.")
			}
			u := url.URL{Path: t, RawQuery: c.Request().URL.RawQuery}
			return c.Redirect(http.StatusMovedPermanently, u.String())
		}
		return next(c)
	}
}

// recoverPanics turns a panic into a logged 500 page, stack included.
func (s *Server) recoverPanics(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "path", c.Request().URL.Path, "panic", v, "stack", string(debug.Stack()))
				err = fmt.Errorf("panic: %v", v)
			}
		}()
		return next(c)
	}
}

// logRequests logs each request at debug level; errors of ours are logged
// at error level by handleError whatever the level.
func (s *Server) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.log.Enabled(c.Request().Context(), slog.LevelDebug) {
			return next(c)
		}
		start := time.Now()
		err := next(c)
		status := c.Response().Status
		if err != nil {
			status = asHTTPError(err).status
		}
		s.log.Debug("request", "method", c.Request().Method, "path", c.Request().URL.Path,
			"status", status, "duration", time.Since(start))
		return err
	}
}

// wholeEdition says whether a request of /{edition}/all is for the page,
// which walks the whole edition, rather than one part of it (?from=704&to=712,
// for all.js), which costs what a chapter's own page does.
func wholeEdition(c echo.Context) bool { return c.QueryParam("from") == "" }
