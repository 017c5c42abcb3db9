package main

import (
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// fakeSearch stands for the search code: the server sends it as it is.
// (The build is some 9 MB; this is large enough to be compressed.)
var fakeSearch = OfflineSearch{Wasm: []byte("\x00asm\x01\x00\x00\x00" + strings.Repeat("search ", 1000)), Exec: []byte("// glue\n")}

// embeddedServer serves the newest embedded edition as serve does at
// start, whose sources the server knows.
func embeddedServer(t *testing.T, search *OfflineSearch) *Server {
	t.Helper()
	set, err := newEditionSet(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	set.official.parseNext()
	return NewServer(set.library(), Options{Content: set, OfflineSearch: search})
}

// workerConfig reads the CONFIG the server writes in front of sw.js.
func workerConfig(t *testing.T, srv *Server) (offlineConfig, string) {
	t.Helper()
	w := do(t, srv, "GET", "/sw.js")
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") || w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("/sw.js: status %d, type %q, Cache-Control %q", w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"))
	}
	body := w.Body.String()
	_, rest, ok := strings.Cut(body, "const CONFIG = ")
	line, _, _ := strings.Cut(rest, ";\n")
	var cfg offlineConfig
	if err := json.Unmarshal([]byte(line), &cfg); !ok || err != nil {
		t.Fatalf("/sw.js holds no CONFIG (%v):\n%.300s", err, body)
	}
	if !strings.Contains(body, "self.addEventListener('fetch'") {
		t.Error("/sw.js lacks static/sw.js")
	}
	return cfg, body
}

// TestOfflinePlan checks what the worker is told to save: the newest
// edition's chapters (not each rule), glossary and terms, sandbox
// examples and search; and that the server answers every URL of it, since
// one failure fails the whole install.
func TestOfflinePlan(t *testing.T) {
	t.Parallel()
	srv := embeddedServer(t, &fakeSearch)
	cfg, _ := workerConfig(t, srv)
	ed := cfg.Latest
	if ed == "" || cfg.Name == "" || cfg.Search != "/offline/search" || cfg.Offline != "/offline" || cfg.Marker != views.OfflineMarker {
		t.Fatalf("config %+v", cfg)
	}
	for _, tc := range []struct {
		url  string
		want bool
	}{
		{"/", true},
		{"/offline", true},
		{"/manifest.webmanifest", true},
		{"/" + ed, true},
		{"/" + ed + "/section/7", true},
		{"/" + ed + "/704", true},
		{"/" + ed + "/704.5j", false}, // in its chapter's page
		{"/" + ed + "/glossary", true},
		{"/" + ed + "/glossary/trample", true},
		{"/offline/search", true},
		{"/offline/" + ed + ".zip", true},
		{"/sandbox", true},
		{"/search", false}, // answered by /offline/search
		{"/2007-02-01", false},
	} {
		if got := slices.Contains(cfg.URLs, tc.url); got != tc.want {
			t.Errorf("%s saved: %v, want %v", tc.url, got, tc.want)
		}
	}
	kinds := map[string]int{}
	for _, u := range cfg.URLs {
		switch {
		case strings.HasPrefix(u, "/sandbox/"+ed+"/"):
			kinds["example"]++
		case strings.HasPrefix(u, "/static/"):
			kinds["asset"]++
		case strings.HasSuffix(u, ".wasm"):
			kinds["wasm"]++
		}
		w := do(t, srv, "GET", u)
		if w.Code != 200 {
			t.Errorf("%s: status %d", u, w.Code)
		}
	}
	if kinds["example"] < 100 || kinds["asset"] < 8 || kinds["wasm"] != 1 {
		t.Errorf("saved %v", kinds)
	}
	t.Logf("%d URLs saved (%v)", len(cfg.URLs), kinds)
}

// TestOfflineVersion: the worker's script changes whenever what it saves
// does, which is how a browser learns of it.
func TestOfflineVersion(t *testing.T) {
	srv := embeddedServer(t, nil)
	before, body := workerConfig(t, srv)
	if before.Search != "" || slices.ContainsFunc(before.URLs, func(u string) bool { return strings.HasPrefix(u, "/offline/") }) {
		t.Errorf("search saved without its code: %+v", before)
	}
	if w := do(t, srv, "GET", "/offline/search"); w.Code != 404 {
		t.Errorf("/offline/search without the code: status %d", w.Code)
	}
	again, body2 := workerConfig(t, srv)
	if body2 != body {
		t.Error("the script changed with nothing else")
	}
	srv.SetOfflineSearch(fakeSearch)
	after, _ := workerConfig(t, srv)
	if after.Version == again.Version || after.Search == "" {
		t.Errorf("with search: version %s (was %s), search %q", after.Version, again.Version, after.Search)
	}
	// A library whose sources are not known (given whole) saves no search.
	fix := NewServer(fixtureLibrary(t), Options{OfflineSearch: &fakeSearch})
	newer, _ := workerConfig(t, fix)
	if newer.Search != "" || newer.Latest != "2026-01-16" {
		t.Errorf("fixture: %+v", newer)
	}
	// A new edition is a new script, saving it instead of the one before.
	old := NewServer(rules.NewLibrary([]*rules.Edition{fixture2007(), fixtureClassic()}), Options{})
	if cfg, _ := workerConfig(t, old); cfg.Latest != "2007-02-01" || cfg.Version == newer.Version || slices.Contains(cfg.URLs, "/2026-01-16") {
		t.Errorf("before 2026-01-16: latest %s, version %s (and %s with it)", cfg.Latest, cfg.Version, newer.Version)
	}
}

// TestOfflinePages checks the pages and files offline reading adds.
func TestOfflinePages(t *testing.T) {
	srv := embeddedServer(t, &fakeSearch)
	plan := srv.offlinePlan(srv.site.Load())
	for _, tc := range []struct {
		path, typ, coding string
		body              []string
	}{
		{"/manifest.webmanifest", "application/manifest+json", "", []string{`"start_url":"/"`, `"display":"standalone"`, "icon-192.", "icon-512."}},
		{"/offline", "text/html", "", []string{"Reading offline", plan.latest.ID, "/" + plan.latest.ID + "/glossary", "examples"}},
		{"/offline/search", "text/html", "", []string{`data-wasm="/offline/search.`, `data-data="/offline/"`, `data-latest="` + plan.latest.ID + `"`, "search.", "needs JavaScript"}},
		{plan.code.wasmPath, "application/wasm", "br", nil},
		{plan.code.execPath, "text/javascript", "", []string{"glue"}},
	} {
		w := do(t, srv, "GET", tc.path, "Accept-Encoding", tc.coding)
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), tc.typ) || w.Header().Get("Content-Encoding") != tc.coding {
			t.Errorf("%s: status %d, type %q, coding %q", tc.path, w.Code, w.Header().Get("Content-Type"), w.Header().Get("Content-Encoding"))
			continue
		}
		for _, s := range tc.body {
			if !strings.Contains(w.Body.String(), s) {
				t.Errorf("%s lacks %q", tc.path, s)
			}
		}
		// Only the page that compiles WebAssembly may.
		if wasm := strings.Contains(w.Header().Get("Content-Security-Policy"), "'wasm-unsafe-eval'"); wasm != (tc.path == "/offline/search") {
			t.Errorf("%s: CSP %q", tc.path, w.Header().Get("Content-Security-Policy"))
		}
	}
	var m struct {
		Icons []struct{ Src, Sizes, Type string }
	}
	if err := json.Unmarshal(do(t, srv, "GET", "/manifest.webmanifest").Body.Bytes(), &m); err != nil || len(m.Icons) != 2 {
		t.Fatalf("manifest: %v, %+v", err, m)
	}
	for _, ic := range m.Icons {
		if w := do(t, srv, "GET", ic.Src); w.Code != 200 || w.Header().Get("Content-Type") != "image/png" {
			t.Errorf("icon %s: status %d, type %q", ic.Src, w.Code, w.Header().Get("Content-Type"))
		}
	}
	if w := do(t, srv, "GET", "/offline/search.0000000000.wasm"); w.Code != 404 {
		t.Errorf("an old build's name: status %d", w.Code)
	}
}

// TestOfflineLayout: every server page links the manifest and the offline
// page and ends its footer with the note the worker fills; a static
// export's pages, which no worker serves, have none of it.
func TestOfflineLayout(t *testing.T) {
	lib := fixtureLibrary(t)
	for _, tc := range []struct {
		name   string
		srv    *Server
		path   string
		served bool
	}{
		{"server", NewServer(lib, Options{}), "/2026-01-16/704.5k", true},
		{"export", NewServer(lib, Options{Static: true}), "/2026-01-16/704.5k", false},
	} {
		body := do(t, tc.srv, "GET", tc.path).Body.String()
		for _, s := range []string{`<link rel="manifest" href="/manifest.webmanifest">`, views.OfflineMarker, `href="/offline"`} {
			if strings.Contains(body, s) != tc.served {
				t.Errorf("%s: %q in the page: %v", tc.name, s, !tc.served)
			}
		}
		if w := do(t, tc.srv, "GET", "/sw.js"); (w.Code == 200) != tc.served {
			t.Errorf("%s: /sw.js status %d", tc.name, w.Code)
		}
	}
}
