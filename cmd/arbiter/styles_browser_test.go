package main

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-rules/arbiter/static"
	"github.com/arbiter-rules/arbiter/views"
)

// A first visit gets the stylesheets inside the page, styled with no
// request for them and nothing the content security policy blocks; once it
// has loaded, app.js keeps the stylesheets in the browser's cache and sets
// the cookie, so the next page links them and takes them from that cache.
func TestStylesKeptAfterFirstPage(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(newFixtureServer(t))
	t.Cleanup(ts.Close)
	ctx := tab(t, bctx)

	// sheetRequests lists the stylesheet loads the page made, with the
	// bytes each took on the wire (0: the browser's cache).
	const sheetLoads = `performance.getEntriesByType('resource').filter(r => r.initiatorType === 'link' && r.name.endsWith('.css')).map(r => r.name.replace(location.origin, '') + ' ' + r.transferSize)`
	// The header stays on screen, which only app.css says.
	const headerSticky = `getComputedStyle(document.querySelector('header.top')).position`

	timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/704.5k"), chromedp.WaitVisible(chromedp.CSS("h1")))
	if got := eval[string](t, ctx, headerSticky); got != "sticky" {
		t.Errorf("first page: header position %q, want sticky (app.css applied)", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('head style').length`); n != 1 {
		t.Errorf("first page: %d <style> elements, want app.css written in", n)
	}
	if loads := eval[[]string](t, ctx, sheetLoads); len(loads) != 0 {
		t.Errorf("first page loaded stylesheets: %v", loads)
	}

	cookie := views.StylesCookie + "=" + views.StylesVersion
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(eval[string](t, ctx, "document.cookie"), cookie) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s cookie 30 s after the first page: %q", cookie, eval[string](t, ctx, "document.cookie"))
		}
		time.Sleep(100 * time.Millisecond)
	}

	timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/704.5j"), chromedp.WaitVisible(chromedp.CSS("h1")))
	if n := eval[int](t, ctx, `document.querySelectorAll('head style').length`); n != 0 {
		t.Errorf("second page: %d <style> elements, want the stylesheet linked", n)
	}
	if got := eval[string](t, ctx, headerSticky); got != "sticky" {
		t.Errorf("second page: header position %q, want sticky", got)
	}
	loads := eval[[]string](t, ctx, sheetLoads)
	if len(loads) != 1 || loads[0] != static.URL("app.css")+" 0" {
		t.Errorf("second page's stylesheet loads (path, bytes on the wire) = %v, want app.css from the cache", loads)
	}
}
