package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/static"
	"github.com/arbiter-rules/arbiter/views"
)

// Reading offline: judges look rules up in halls with no signal. Every
// page registers a service worker (static/sw.js, served at /sw.js so that
// its scope is the whole site) which, on the first visit, saves the newest
// edition whole: its contents, sections and chapter pages (a rule is
// shown in its chapter's page), its glossary, the sandbox's examples of it,
// and search, which runs in the browser as a static export's does (the
// same WebAssembly build of cmd/searchwasm, static/search.js, and the
// edition's own source files). Other pages are saved as they are read.
// The list of what to save is written in front of the script, so a new
// edition, or new assets, change the script's bytes, and the browser
// installs it again and drops the old copy on the next online visit.

// OfflineSearch is the search code for the browser: cmd/searchwasm built
// for GOOS=js GOARCH=wasm, and the Go toolchain's wasm_exec.js that runs it
// (it must be the one of the Go that built it).
type OfflineSearch struct{ Wasm, Exec []byte }

// offlineCode is the search code as the server sends it: compressed once,
// under names that change with its bytes.
type offlineCode struct {
	wasm, exec         *page
	wasmPath, execPath string // below the base: "/offline/search.1a2b3c4d5e.wasm"
}

func newOfflineCode(o OfflineSearch) *offlineCode {
	c := &offlineCode{
		wasm:     newPage(o.Wasm, "application/wasm", hdrAssetCache),
		exec:     newPage(o.Exec, "text/javascript; charset=utf-8", hdrAssetCache),
		wasmPath: hashedName("/offline/search", ".wasm", o.Wasm),
		execPath: hashedName("/offline/wasm_exec", ".js", o.Exec),
	}
	// The page encoders' levels: brotli 11 would take most of a minute
	// on the 9 MB build.
	c.wasm.encode(pageEncoders, false)
	c.exec.encode(assetEncoders, true)
	return c
}

// hashedName names b as static assets are named: prefix.<hash>ext.
func hashedName(prefix, ext string, b []byte) string {
	sum := sha256.Sum256(b)
	return prefix + "." + hex.EncodeToString(sum[:5]) + ext
}

// SetOfflineSearch makes search work offline: serve builds the code in the
// background, so pages are served before it is there.
func (s *Server) SetOfflineSearch(o OfflineSearch) {
	s.offline.Store(newOfflineCode(o))
}

// offlinePlan is what the service worker of one library saves.
type offlinePlan struct {
	code    *offlineCode   // what it was planned with; nil: no search offline
	latest  *rules.Edition // saved whole; nil when the library has none
	zip     *page          // latest's sources, for the search; nil without search
	zipPath string
	urls    []string // every URL saved when the worker installs
	sw      *page    // the worker's script, with the plan written in front
	// examples is how many sandbox examples are saved.
	examples int
}

// siteOffline holds a site's plan, made on first use and again when the
// search code arrives.
type siteOffline struct {
	mu   sync.Mutex
	plan *offlinePlan
}

func (s *Server) offlinePlan(st *site) *offlinePlan {
	code := s.offline.Load()
	st.offline.mu.Lock()
	defer st.offline.mu.Unlock()
	if p := st.offline.plan; p != nil && p.code == code {
		return p
	}
	p := s.planOffline(st, code)
	st.offline.plan = p
	return p
}

// planOffline lists what is saved. The newest edition's rules are saved as
// its chapters' pages, which hold every rule of the chapter: 147 pages
// where its rules' own pages would be 3,260.
func (s *Server) planOffline(st *site, code *offlineCode) *offlinePlan {
	p := &offlinePlan{latest: st.lib.Latest()}
	b := s.paths.Base
	p.urls = []string{s.paths.HomeURL(), s.paths.HelpURL(), s.paths.OfflineURL(), s.paths.ManifestURL()}
	for _, a := range static.All() {
		p.urls = append(p.urls, b+a.Path)
	}
	if s.Scenarios != nil {
		p.urls = append(p.urls, s.paths.SandboxIndexURL())
	}
	if e := p.latest; e != nil {
		p.urls = append(p.urls, s.paths.TOCURL(e.ID))
		for _, sec := range e.Sections {
			p.urls = append(p.urls, s.paths.SectionURL(e.ID, sec.Number))
		}
		for _, r := range e.Entries() {
			if r.Number.Level() == rules.LevelChapter {
				p.urls = append(p.urls, s.paths.RuleURL(e.ID, r.Number))
			}
		}
		if len(e.Glossary) > 0 {
			p.urls = append(p.urls, s.paths.GlossaryURL(e.ID))
		}
		// Each term's own page: the glossary page lists the terms only,
		// and the rules link every term they use. 725 pages, 0.78 MB.
		for _, g := range e.Glossary {
			p.urls = append(p.urls, s.paths.TermURL(e.ID, g.Slug))
		}
		var examples []string
		for _, at := range st.sandbox.printedIn(st.lib, s.Scenarios) {
			for _, x := range at {
				if x.ed == e {
					examples = append(examples, s.paths.SandboxExampleURL(e.ID, x.where(), x.n))
				}
			}
		}
		sort.Strings(examples) // the map's order would change the script's bytes
		p.examples = len(examples)
		p.urls = append(p.urls, examples...)
		if code != nil {
			if zip := s.offlineZip(e); zip != nil {
				// Named as static/search.js asks for it: the data
				// directory, the edition's id, .zip.
				p.code, p.zip = code, newPage(zip, "application/zip", hdrPageCache)
				p.zipPath = "/offline/" + e.ID + ".zip"
				p.urls = append(p.urls, s.paths.OfflineSearchURL(), b+code.wasmPath, b+code.execPath, b+p.zipPath)
			}
		}
	}
	// The other documents' newest editions, whole: their pages are few
	// (the MTR's sections hold its 110 entries), and a judge on the floor
	// needs the IPG as much as the CR.
	for _, d := range rules.Docs[1:] {
		e := st.of(d).lib.Latest()
		if e == nil {
			continue
		}
		p.urls = append(p.urls, s.paths.DocURL(d, ""), s.paths.TOCURL(e.ID))
		for _, sec := range e.Sections {
			p.urls = append(p.urls, s.paths.SectionURL(e.ID, sec.Number))
			for _, c := range sec.Chapters {
				p.urls = append(p.urls, s.paths.RuleURL(e.ID, c.Number))
			}
		}
		for _, t := range e.Topics {
			p.urls = append(p.urls, s.paths.TopicURL(e.ID, t.Slug))
		}
	}
	p.sw = newPage(p.script(s.paths), "text/javascript; charset=utf-8", hdrNoCache)
	p.sw.encode(pageEncoders, true)
	return p
}

// hdrNoCache makes a browser ask again each time, as it must for the
// worker's script: a new edition changes it.
var hdrNoCache = header("no-cache")

// offlineConfig is what the worker is told, as CONFIG.
type offlineConfig struct {
	Version string   `json:"version"` // names its cache: a new plan, a new cache
	Base    string   `json:"base"`
	URLs    []string `json:"urls"`
	Latest  string   `json:"latest,omitempty"` // the edition saved whole
	Name    string   `json:"name,omitempty"`   // its name, for the note
	Search  string   `json:"search,omitempty"` // the search page, when search is saved
	Offline string   `json:"offline"`          // the page for what is not saved
	Marker  string   `json:"marker"`           // what the worker fills in a saved page
}

// script is the service worker: its configuration, then static/sw.js.
func (p *offlinePlan) script(paths views.Paths) []byte {
	cfg := offlineConfig{Base: paths.Base, URLs: p.urls, Offline: paths.OfflineURL(), Marker: views.OfflineMarker}
	if p.latest != nil {
		cfg.Latest, cfg.Name = p.latest.ID, views.EditionName(p.latest)
	}
	if p.zip != nil {
		cfg.Search = paths.OfflineSearchURL()
	}
	h := sha256.New()
	for _, u := range p.urls {
		h.Write([]byte(u + "\n"))
	}
	if p.zip != nil {
		h.Write([]byte(p.zip.etag))
	}
	cfg.Version = hex.EncodeToString(h.Sum(nil)[:6])
	b, err := json.Marshal(cfg)
	if err != nil {
		panic(err) // strings and slices of strings always marshal
	}
	return append(append(append([]byte("// Written by the server (cmd/arbiter/offline.go).\nconst CONFIG = "), b...), ";\n\n"...), static.ServiceWorker...)
}

// offlineZip packs e's sources for the search in the browser, as a static
// export does (editionZip); nil when they are not known, as for a library
// given whole.
func (s *Server) offlineZip(e *rules.Edition) []byte {
	set := s.content.Load()
	if set == nil {
		return nil
	}
	fsys := set.sourceOf(e)
	if fsys == nil {
		return nil
	}
	b, err := editionZip(fsys, e)
	if err != nil {
		s.log.Warn("no offline search", "edition", e.ID, "err", err)
		return nil
	}
	return b
}

// sourceOf is the file system e's files are named in: the user's
// directory, content.FS for a seed, or for an official edition its file
// alone, read from the archive (newest first, so the newest edition's is
// found at once). nil when there is none.
func (s *editionSet) sourceOf(e *rules.Edition) fs.FS {
	if f, ok := s.user.fsys[e]; ok {
		return f
	}
	for _, seed := range s.seeds {
		if seed == e {
			return content.FS
		}
	}
	if len(e.Files) != 1 || !strings.HasPrefix(e.Files[0], "cr/") {
		return nil
	}
	rd, err := content.OpenCorpus()
	if err != nil {
		return nil
	}
	defer rd.Close()
	for {
		f, b, err := rd.Next()
		if err != nil {
			return nil
		}
		if "cr/"+f.Name == e.Files[0] {
			return fstest.MapFS{e.Files[0]: &fstest.MapFile{Data: b}}
		}
	}
}

// serviceWorker serves /sw.js.
func (s *Server) serviceWorker(c echo.Context) error {
	writePage(c.Response(), c.Request(), s.offlinePlan(siteOf(c)).sw)
	return nil
}

// manifest serves the web app manifest, which lets a browser install
// Arbiter as an app that opens on the home page.
func (s *Server) manifest(c echo.Context) error {
	icon := func(name, size string) map[string]string {
		return map[string]string{"src": s.paths.StaticURL(name), "sizes": size, "type": "image/png"}
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=86400")
	c.Response().Header().Set(echo.HeaderContentType, "application/manifest+json")
	return json.NewEncoder(c.Response()).Encode(map[string]any{
		"name":             "Arbiter: the Comprehensive Rules",
		"short_name":       "Arbiter",
		"description":      "The Magic: The Gathering Comprehensive Rules, every edition, for judges; readable offline.",
		"start_url":        s.paths.HomeURL(),
		"scope":            s.paths.Base + "/",
		"display":          "standalone",
		"background_color": "#fdfdfb",
		"theme_color":      "#2d4e85",
		"icons":            []map[string]string{icon("icon-192.png", "192x192"), icon("icon-512.png", "512x512")},
	})
}

// offlinePage says what is saved for reading offline. The worker shows
// its saved copy for a page it has not saved.
func (s *Server) offlinePage(c echo.Context) error {
	p := s.offlinePlan(siteOf(c))
	v := views.OfflinePage{
		Page:     views.Page{Paths: s.paths, Title: "Reading offline"},
		Saved:    p.latest,
		Search:   p.zip != nil,
		Examples: p.examples,
	}
	return views.Offline(v).Render(c.Request().Context(), htmlResponse(c))
}

// hdrCSPWasm is the policy of the offline search page, which compiles
// WebAssembly: 'wasm-unsafe-eval' allows that and nothing else (no eval).
var hdrCSPWasm = header(strings.Replace(csp, "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1))

// offlineSearchPage is the search page the worker saves and shows for a
// search without a network: a static export's, searching the newest
// edition in the browser.
func (s *Server) offlineSearchPage(c echo.Context) error {
	st := siteOf(c)
	p := s.offlinePlan(st)
	if p.zip == nil {
		return notFound("Search is not saved for offline use on this server.")
	}
	b := s.paths.Base
	browser := &views.BrowserSearch{
		ScriptURL: s.paths.StaticURL("search.js"),
		WasmURL:   b + p.code.wasmPath,
		ExecURL:   b + p.code.execPath,
		DataURL:   b + "/offline/",
		Latest:    p.latest.ID,
	}
	c.Response().Header()["Content-Security-Policy"] = hdrCSPWasm
	v := views.SearchPage{
		Page:     views.Page{Paths: s.paths, Title: "Search", WasmScript: browser.ScriptURL},
		Scope:    p.latest.ID,
		Editions: []*rules.Edition{p.latest},
		Browser:  browser,
	}
	return views.SearchResults(v).Render(c.Request().Context(), htmlResponse(c))
}

// offlineFile serves the search code and the newest edition's sources
// under their hashed names.
func (s *Server) offlineFile(c echo.Context) error {
	p := s.offlinePlan(siteOf(c))
	path := c.Request().URL.Path
	var pg *page
	switch {
	case p.code == nil:
	case path == p.code.wasmPath:
		pg = p.code.wasm
	case path == p.code.execPath:
		pg = p.code.exec
	case path == p.zipPath:
		pg = p.zip
	}
	if pg == nil {
		return notFound("No such file. Its name changes when its contents do; reload the page.")
	}
	writePage(c.Response(), c.Request(), pg)
	return nil
}

// loadOfflineSearch reads the search code from file (--wasm), with the
// wasm_exec.js beside it or else Go's, or builds it as arbiter export
// --site does, and gives it to srv. Without a Go toolchain and --wasm,
// everything but search is still saved.
func loadOfflineSearch(ctx context.Context, srv *Server, file string, log *slog.Logger) {
	wasm, err := searchWasm(ctx, file)
	if ctx.Err() != nil {
		return // shutting down: the build was stopped with the server
	}
	if err != nil {
		log.Warn("no search offline: pass --wasm FILE (GOOS=js GOARCH=wasm go build ./cmd/searchwasm)", "err", err)
		return
	}
	var exec []byte
	if file != "" {
		exec, _ = os.ReadFile(filepath.Join(filepath.Dir(file), "wasm_exec.js"))
	}
	if exec == nil {
		if exec, err = wasmExec(); err != nil {
			log.Warn("no search offline: put Go's wasm_exec.js beside the --wasm file", "err", err)
			return
		}
	}
	srv.SetOfflineSearch(OfflineSearch{Wasm: wasm, Exec: exec})
	log.Info("search saved for offline use", "wasm bytes", len(wasm))
	// The 9.6 MB build and its compressors' windows are garbage now, and
	// grew the heap by some 25 MiB the runtime keeps until it finds time
	// to give it back; give it back at once (5 MiB of compressed code stay).
	debug.FreeOSMemory()
}
