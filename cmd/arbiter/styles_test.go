package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/static"
	"github.com/arbiter-rules/arbiter/views"
)

// A browser that has not kept the stylesheets gets them inside the page
// (no second round trip before the first paint); one whose cookie says it
// keeps this version gets the links. Each variant is cached apart, the
// answer varies with Cookie, and what is not HTML has no variants.
func TestStylesInlineUntilKept(t *testing.T) {
	srv := newFixtureServer(t)
	kept := views.StylesCookie + "=" + views.StylesVersion
	appCSS := string(mustAsset(t, "app.css").Body)
	tests := []struct {
		name, path string
		status     int
		sheets     []string // stylesheets the page uses
	}{
		{"rule page, cached", "/2026-01-16/704.5k", 200, []string{"app.css"}},
		{"search, not cached", "/search?q=trample", 200, []string{"app.css"}},
		{"sandbox example", "/sandbox", 200, []string{"app.css", "sandbox.css"}},
		{"an error page", "/2026-01-16/999.9z", 404, []string{"app.css"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for round := range 2 { // the second round is answered from the cache where pages are cached
				for _, cookie := range []string{"", "theme=dark; " + views.StylesCookie + "=0ld", kept, "a=b; " + kept} {
					w := do(t, srv, "GET", tc.path, "Cookie", cookie)
					if w.Code != tc.status {
						t.Fatalf("round %d, cookie %q: status %d", round, cookie, w.Code)
					}
					if v := strings.Join(w.Header().Values("Vary"), ", "); !strings.Contains(v, "Cookie") {
						t.Errorf("round %d, cookie %q: Vary %q does not name Cookie", round, cookie, v)
					}
					d := parse(t, w)
					checkPageHygiene(t, d)
					inline := !strings.Contains(cookie, kept)
					styles := d.Find("head style")
					for _, name := range tc.sheets {
						link := d.Find(`head link[rel=stylesheet][href="` + static.URL(name) + `"]`).Length()
						written := 0
						styles.Each(func(_ int, s *goquery.Selection) {
							if s.Text() == string(mustAsset(t, name).Body) {
								written++
							}
						})
						if inline && (written != 1 || link != 0) || !inline && (written != 0 || link != 1) {
							t.Errorf("round %d, cookie %q: %s written in %d times, linked %d times", round, cookie, name, written, link)
						}
					}
					urls, _ := d.Find("html").Attr("data-styles")
					version, _ := d.Find("html").Attr("data-styles-version")
					if inline && (!strings.Contains(urls, static.URL("app.css")) || version != views.StylesVersion) ||
						!inline && (urls != "" || version != "") {
						t.Errorf("round %d, cookie %q: data-styles %q, version %q", round, cookie, urls, version)
					}
					if inline && !strings.Contains(w.Body.String(), appCSS) {
						t.Errorf("round %d, cookie %q: app.css is not in the page whole", round, cookie)
					}
				}
			}
		})
	}
}

// The two variants of a page are two representations: a client that
// revalidates one is not told it has the other.
func TestStylesVariantsHaveTheirOwnETag(t *testing.T) {
	srv := newFixtureServer(t)
	const path = "/2026-01-16/704.5k"
	kept := views.StylesCookie + "=" + views.StylesVersion
	inline := do(t, srv, "GET", path)
	linked := do(t, srv, "GET", path, "Cookie", kept)
	if inline.Header().Get("ETag") == linked.Header().Get("ETag") {
		t.Fatalf("both variants tagged %s", inline.Header().Get("ETag"))
	}
	if w := do(t, srv, "GET", path, "Cookie", kept, "If-None-Match", inline.Header().Get("ETag")); w.Code != http.StatusOK {
		t.Errorf("the linked variant answered %d to the inline one's tag", w.Code)
	}
	if w := do(t, srv, "GET", path, "Cookie", kept, "If-None-Match", linked.Header().Get("ETag")); w.Code != http.StatusNotModified {
		t.Errorf("the linked variant answered %d to its own tag", w.Code)
	}
	// What a first visit costs on the wire: the stylesheet, compressed
	// with the page.
	first := do(t, srv, "GET", path, "Accept-Encoding", "br")
	later := do(t, srv, "GET", path, "Accept-Encoding", "br", "Cookie", kept)
	extra := first.Body.Len() - later.Body.Len()
	if first.Header().Get("Content-Encoding") != "br" || extra <= 0 || extra > 8<<10 {
		t.Errorf("in brotli, the first visit's page is %d bytes, a later one's %d: %d more, want 1..8192", first.Body.Len(), later.Body.Len(), extra)
	}
	t.Logf("in brotli: first visit %d bytes, later %d", first.Body.Len(), later.Body.Len())
}

// What is not HTML is the same whatever the cookie, and says so.
func TestStylesNotHTMLHasNoVariants(t *testing.T) {
	srv := newFixtureServer(t)
	kept := views.StylesCookie + "=" + views.StylesVersion
	for _, path := range []string{"/api/2026-01-16/rules/704.5k", "/api/editions", static.URL("app.css")} {
		var bodies []string
		for _, cookie := range []string{"", kept, ""} {
			w := do(t, srv, "GET", path, "Cookie", cookie)
			if w.Code != 200 {
				t.Fatalf("%s: %d", path, w.Code)
			}
			if strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Cookie") {
				t.Errorf("%s varies with Cookie", path)
			}
			bodies = append(bodies, w.Body.String())
		}
		if bodies[0] != bodies[1] || bodies[1] != bodies[2] {
			t.Errorf("%s: the body changed with the cookie", path)
		}
	}
}

// The policy allows exactly the stylesheets written in, and a stylesheet
// cannot end its <style> element early.
func TestStyleSourcesAreTheStylesheets(t *testing.T) {
	n := 0
	for _, a := range static.All() {
		if !strings.HasSuffix(a.Name, ".css") {
			continue
		}
		n++
		if strings.Contains(strings.ToLower(string(a.Body)), "</style") {
			t.Errorf("%s holds </style", a.Name)
		}
	}
	if got := strings.Count(views.StyleSources, "'sha256-"); got != n || n == 0 {
		t.Errorf("%d style sources for %d stylesheets", got, n)
	}
	if !strings.Contains(csp, views.StyleSources) {
		t.Error("the content security policy leaves out the stylesheets' hashes")
	}
}

// keptStyles are the headers of a browser that keeps the stylesheets
// (do's hdr): its pages link them, so a test of a page's own size or
// content measures that alone.
var keptStyles = []string{"Cookie", views.StylesCookie + "=" + views.StylesVersion}

// assetText is the named asset's text ("sandbox.css").
func assetText(name string) string {
	a, _ := static.Lookup(static.URL(name))
	return string(a.Body)
}

func mustAsset(t *testing.T, name string) *static.Asset {
	t.Helper()
	a, ok := static.Lookup(static.URL(name))
	if !ok {
		t.Fatalf("no asset %s", name)
	}
	return a
}
