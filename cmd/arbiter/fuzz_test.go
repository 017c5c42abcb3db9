package main

import (
	"net/http/httptest"
	"net/url"
	"testing"
)

// FuzzRequests sends arbitrary paths and queries through every route: the
// answer may be any status but a 5xx.
func FuzzRequests(f *testing.F) {
	for _, s := range []string{
		"/2026-01-16/704.5k", "/rules/999.9z", "/rules/\x00", "/jump", "/search", "/api/latest/rules/704.5",
		"/api/2026-01-16/glossary/World Rule", "/preview/2026-01-16/section/7", "/2026-01-16/glossary/x/y",
		"/classic/topic/poison", "//x//", "/static/../../etc/passwd", "/2026-01-16/section/99999999999999999999",
	} {
		f.Add(s, "q=704.5k&e=2026-01-16")
	}
	// What the jump box, search and suggestions read as places and
	// judges' shorthand, in each document.
	for _, q := range []string{"q=704+5j", "q=ipg+2.1+philosophy&e=ipg/2026-02-01", "q=MTR+appendix+B", "q=GRV",
		"q=missed+trigger+philosophy", "q=section+4+of+the+MTR&e=mtr/2025-04-21", "q=MTR+pregame+procedures"} {
		for _, p := range []string{"/jump", "/search", "/suggest"} {
			f.Add(p, q)
		}
	}
	srv := newDocumentsServer(f)
	f.Fuzz(func(t *testing.T, path, query string) {
		if path == "" || path[0] != '/' {
			path = "/" + path
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.URL = &url.URL{Path: path, RawQuery: query}
		r.RequestURI = r.URL.RequestURI()
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code >= 500 || w.Code < 200 {
			t.Fatalf("%q ? %q: status %d\n%s", path, query, w.Code, w.Body)
		}
		if w.Code >= 400 && w.Header().Get("Content-Type") == "" {
			t.Errorf("%q: %d without a content type", path, w.Code)
		}
	})
}
