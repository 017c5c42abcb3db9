package main

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/static"
)

func TestHealthAndReadiness(t *testing.T) {
	srv := newFixtureServer(t)
	if w := do(t, srv, "GET", "/healthz"); w.Code != 200 || w.Body.String() != "ok\n" {
		t.Errorf("/healthz: %d %q", w.Code, w.Body)
	}
	if w := do(t, srv, "GET", "/readyz"); w.Code != http.StatusServiceUnavailable {
		t.Errorf("/readyz before Warm: %d, want 503", w.Code)
	}
	if got := metric(t, srv, `arbiter_ready`); got != "0" {
		t.Errorf("arbiter_ready before Warm = %s", got)
	}
	srv.Warm()
	if w := do(t, srv, "GET", "/readyz"); w.Code != 200 || w.Body.String() != "ready\n" {
		t.Errorf("/readyz after Warm: %d %q", w.Code, w.Body)
	}
	if n, _ := srv.site.Load().search.Stats(); n == 0 {
		t.Error("ready, but the newest edition's search index is not built")
	}
	for _, p := range []string{"/healthz", "/readyz"} {
		if cc := do(t, srv, "GET", p).Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q", p, cc)
		}
	}
}

// metric returns the value of the series whose line starts with series
// (name and labels exactly as exposed), or "" if there is none.
func metric(t testing.TB, h http.Handler, series string) string {
	t.Helper()
	w := do(t, h, "GET", "/metrics")
	if w.Code != 200 {
		t.Fatalf("/metrics: %d", w.Code)
	}
	for _, l := range strings.Split(w.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(l, series+" "); ok {
			return v
		}
	}
	return ""
}

func TestMetrics(t *testing.T) {
	srv := newFixtureServer(t)
	for _, p := range []string{"/2026-01-16/704.5k", "/2026-01-16/704.5j", "/2026-01-16/704.5k", "/2007-02-01/420.5e"} {
		if w := do(t, srv, "GET", p); w.Code != 200 {
			t.Fatalf("%s: %d", p, w.Code)
		}
	}
	// The third request came from the page cache, before routing: it
	// counts under the route that rendered the page all the same.
	if got := metric(t, srv, `arbiter_http_requests_total{code="200",method="GET",route="/:edition/:number"}`); got != "4" {
		t.Errorf("rule pages counted %q, want 4", got)
	}
	do(t, srv, "GET", "/2026-01-16/704.5k", "If-None-Match", do(t, srv, "GET", "/2026-01-16/704.5k").Header().Get("ETag"))
	if got := metric(t, srv, `arbiter_http_requests_total{code="304",method="GET",route="/:edition/:number"}`); got != "1" {
		t.Errorf("304s counted %q, want 1", got)
	}
	do(t, srv, "GET", "/nope/704.5k")
	do(t, srv, "GET", "/a/b/c/d/e/f")
	do(t, srv, "BREW", "/")
	if got := metric(t, srv, `arbiter_http_requests_total{code="404",method="GET",route="/:edition/:number"}`); got != "1" {
		t.Errorf("404 in a route counted %q, want 1", got)
	}
	if got := metric(t, srv, `arbiter_http_requests_total{code="405",method="other",route="/"}`); got != "1" {
		t.Errorf("unknown method counted %q, want 1 under method=other", got)
	}
	w := do(t, srv, "GET", "/metrics")
	body := w.Body.String()
	if !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		t.Errorf("Content-Type %q", w.Header().Get("Content-Type"))
	}
	// Series are by route pattern, never by the path asked for.
	if strings.Contains(body, "704.5k") || strings.Contains(body, "a/b/c") || strings.Contains(body, "BREW") {
		t.Error("a raw path or method became a label")
	}
	for _, want := range []string{
		`arbiter_http_request_duration_seconds_bucket{route="/:edition/:number",le="0.001"}`,
		`arbiter_editions_loaded 3`,
		`arbiter_reloads_total{result="ok"} 0`,
		`arbiter_reloads_total{result="failed"} 0`,
		`arbiter_parse_errors_total 0`,
		`arbiter_search_indexes_held 0`,
		`go_goroutines `,
		`process_resident_memory_bytes `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	do(t, srv, "GET", "/search?q=legend")
	if got := metric(t, srv, `arbiter_search_indexes_held`); got != "1" {
		t.Errorf("indexes held after one search: %q", got)
	}
}

// A panic in a handler becomes the 500 page, with the security headers,
// and the log gets its stack.
func TestPanicRecovery(t *testing.T) {
	var logs bytes.Buffer
	srv := NewServer(fixtureLibrary(t), Options{Log: slog.New(slog.NewTextHandler(&logs, nil))})
	srv.echo.GET("/boom", func(echo.Context) error { panic("kaboom") })
	srv.echo.GET("/api/boom", func(echo.Context) error { panic("kaboom") })
	w := do(t, srv, "GET", "/boom")
	if w.Code != 500 {
		t.Fatalf("status %d, want 500", w.Code)
	}
	d := parse(t, w)
	if main := d.Find("main").Text(); !strings.Contains(main, "Something went wrong on our side") || strings.Contains(main, "kaboom") {
		t.Errorf("500 page says %q (and must not show the panic)", main)
	}
	checkSecurityHeaders(t, "/boom", w.Header())
	if !strings.Contains(logs.String(), "kaboom") || !strings.Contains(logs.String(), "goroutine ") || !strings.Contains(logs.String(), "health_test.go") {
		t.Errorf("log lacks the panic and its stack:\n%s", logs.String())
	}
	w = do(t, srv, "GET", "/api/boom")
	if w.Code != 500 || !strings.Contains(w.Body.String(), `"error"`) {
		t.Errorf("API panic: %d %s", w.Code, w.Body)
	}
	if got := metric(t, srv, `arbiter_http_requests_total{code="500",method="GET",route="/boom"}`); got != "1" {
		t.Errorf("the panic counted %q, want 1", got)
	}
	// The server goes on serving.
	if w := do(t, srv, "GET", "/2026-01-16/704.5k"); w.Code != 200 {
		t.Errorf("after the panic: %d", w.Code)
	}
}

func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy":    csp,
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "same-origin",
		"Cross-Origin-Opener-Policy": "same-origin",
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s %q, want %q", what, k, got, v)
		}
	}
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("%s: no frame-ancestors 'none': the page could be framed", what)
	}
}

// A cached page's answer sets at most 10 headers: the 4 security headers,
// Content-Type, ETag, Cache-Control, Content-Length, and since pages are
// compressed Vary and Content-Encoding, which RFC 9110 requires of a
// compressed answer. net/http makes a new map for them on every request,
// and past 8 it grows: 3 allocations and 670 bytes more a request
// (BenchmarkServeRulePage/br), for a body a quarter of the size. The
// test keeps a change from adding more unnoticed.
func TestCachedPageHeaderCount(t *testing.T) {
	srv := newFixtureServer(t)
	do(t, srv, "GET", "/2026-01-16/704.5k")
	for _, enc := range []string{"", "br", "gzip"} {
		etag := do(t, srv, "GET", "/2026-01-16/704.5k", "Accept-Encoding", enc).Header().Get("ETag")
		for _, hdr := range [][]string{{"Accept-Encoding", enc}, {"Accept-Encoding", enc, "If-None-Match", etag}} {
			w := do(t, srv, "GET", "/2026-01-16/704.5k", hdr...)
			if len(w.Header()) > 10 {
				t.Errorf("%q %d: %d headers, want at most 10: %v", enc, w.Code, len(w.Header()), w.Header())
			}
		}
	}
}

// Every kind of response carries the security headers: pages, cache hits,
// 304s, redirects, errors of ours and of echo's, static files, metrics,
// health checks, API answers and oversized requests.
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	srv := newFixtureServer(t)
	page := do(t, srv, "GET", "/2026-01-16/704.5k")
	css := static.URL("app.css")
	tests := []struct {
		method, path string
		hdr          []string
		status       int
	}{
		{"GET", "/2026-01-16/704.5k", nil, 200}, // now a cache hit
		{"GET", "/2026-01-16/704.5k", []string{"If-None-Match", page.Header().Get("ETag")}, 304},
		{"GET", css, nil, 200},
		{"GET", css, []string{"If-None-Match", do(t, srv, "GET", css).Header().Get("ETag")}, 304},
		{"GET", "/static/nope.css", nil, 404},
		{"GET", "/metrics", nil, 200},
		{"GET", "/healthz", nil, 200},
		{"GET", "/readyz", nil, 503},
		{"GET", "/diagnostics", nil, 200},
		{"GET", "/2026-01-16/704.5K", nil, 301},
		{"GET", "/2026-01-16/", nil, 301},
		{"GET", "/nope", nil, 404},
		{"GET", "/api/nope/rules/1", nil, 404},
		{"GET", "/?" + strings.Repeat("a", 5000), nil, 414},
		{"DELETE", "/", nil, 405},
	}
	for _, tt := range tests {
		w := do(t, srv, tt.method, tt.path, tt.hdr...)
		what := tt.method + " " + clip(tt.path)
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d", what, w.Code, tt.status)
		}
		checkSecurityHeaders(t, what, w.Header())
	}
}

func TestDiagnosticsPage(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "/diagnostics")
	if w.Code != 200 || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("%d, Cache-Control %q", w.Code, w.Header().Get("Cache-Control"))
	}
	d := parse(t, w)
	if got := d.Find(".load.ok").Text(); !regexp.MustCompile(`loaded at .* \(start, .*\): 3 editions are served`).MatchString(got) {
		t.Errorf("status line %q", got)
	}
	if n := d.Find("ul.editions > li").Length(); n != 3 {
		t.Errorf("%d editions listed", n)
	}
	if got := d.Find(".docdiag h3").First().Text(); got != "Comprehensive Rules: 3 editions" {
		t.Errorf("the CR's count says %q", got)
	}
	if got := d.Find(".docdiag h3").Eq(1).Text(); got != "Magic Tournament Rules: 0 editions" {
		t.Errorf("the MTR's count says %q", got)
	}
	checkPageHygiene(t, d)
}

// A body is read only up to what a route can use, however it is sent.
func TestBodyLimits(t *testing.T) {
	srv := newFixtureServer(t)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	big := strings.Repeat("a", 10<<20)
	for _, tt := range []struct {
		name   string
		body   io.Reader
		length int64
		path   string
		status int
	}{
		{"declared too large", strings.NewReader(big), int64(len(big)), "/sandbox/run", 413},
		{"chunked, too large", io.MultiReader(strings.NewReader("text="), strings.NewReader(big)), -1, "/sandbox/run", 413},
		{"to a page that reads none", strings.NewReader(big), int64(len(big)), "/", 413},
		{"chunked to a page that reads none", strings.NewReader(big), -1, "/2026-01-16", 405},
	} {
		req, _ := http.NewRequest("POST", ts.URL+tt.path, tt.body)
		req.ContentLength = tt.length
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, resp.StatusCode, tt.status)
		}
		checkSecurityHeaders(t, tt.name, resp.Header)
	}
}
