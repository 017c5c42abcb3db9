package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/static"
	"github.com/arbiter-rules/arbiter/views"
)

// siteOptions are arbiter export --site's flags.
type siteOptions struct {
	dir      string   // where the site goes: a new or empty directory
	paths    []string // --rules, as for serve
	official string   // --official: the embedded official editions exported: "latest", "all" or "none"
	base     string   // --base-url: "", "/arbiter" or "https://cdn.example.org/arbiter"
	sandbox  string   // --sandbox-url: the server "Run in sandbox" opens; "" leaves the links out
	wasm     string   // --wasm: a search.wasm built already; "" builds one with the go command
	api      bool     // --api: write the JSON API's answers as .json files
}

// exportSite writes the whole site as static files under o.dir, for any
// static host or CDN: every page of every edition (contents, sections,
// rules, glossary, keyword index, topics), the hover previews, the diffs a
// static site can hold (staticDiffs), help, the search page with search
// running in the browser (cmd/searchwasm and each edition's sources), the
// assets, and the JSON API's answers. Pages are rendered by the server's
// own handlers, with views.Paths.Static naming every page path.html.
func exportSite(o siteOptions, stdout, stderr io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "arbiter export: "+format+"\n", args...)
		return 1
	}
	start := time.Now()
	base, err := baseURL(o.base)
	if err != nil {
		return fail("--base-url: %v", err)
	}
	if o.sandbox != "" {
		if u, err := url.Parse(o.sandbox); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fail("--sandbox-url: want the http(s) URL of an arbiter server, got %q", o.sandbox)
		}
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if o.official == "" {
		o.official = "latest"
	}
	if o.official != "latest" && o.official != "all" && o.official != "none" {
		return fail("--official: want latest, all or none, got %q", o.official)
	}
	set, err := newEditionSet(contentOptions{official: o.official != "none", paths: o.paths}, log)
	if err != nil {
		return fail("%v", err)
	}
	if set.user.skipped() > 0 {
		return fail("%d files could not be read as rules; fix or remove them:\n%s", set.user.skipped(), (&rules.ParseError{Diagnostics: set.user.diags}).Error())
	}
	l := &loaded{editionSet: set, lib: exportLibrary(set, o.official)}
	for _, e := range l.lib.Editions {
		if !safeID(e) {
			return fail("%s: edition id %q cannot name a file; give the edition a plain id (letters, digits, . - _)", strings.Join(e.Files, ", "), e.ID)
		}
	}
	root, err := openSiteDir(o.dir)
	if err != nil {
		return fail("%v", err)
	}
	defer root.Close()
	x := &siteWriter{root: root}

	// The search: Go's search code for the browser, and Go's glue for it.
	wasm, err := searchWasm(context.Background(), o.wasm)
	if err != nil {
		return fail("%v", err)
	}
	glue, err := wasmExec()
	if err != nil {
		return fail("%v", err)
	}
	browser := &views.BrowserSearch{
		ScriptURL: base + static.URL("search.js"),
		WasmURL:   base + x.hashed("static/search", ".wasm", wasm),
		ExecURL:   base + x.hashed("static/wasm_exec", ".js", glue),
		DataURL:   base + "/search/",
	}
	latest := l.lib.Latest()
	if latest == nil && len(l.lib.Editions) > 0 {
		latest = l.lib.Editions[0] // prose editions only
	}
	if latest != nil {
		browser.Latest = latest.ID
		if r := latest.Rule(rules.Number{Chapter: 704, Rule: 5, Sub: 'k'}); r != nil {
			browser.RuleExample = views.Paths{Base: base, Static: true}.RuleURL(latest.ID, r.Number)
		} else if rs := latest.Entries(); len(rs) > 0 {
			browser.RuleExample = views.Paths{Base: base, Static: true}.RuleURL(latest.ID, rs[len(rs)/2].Number)
		}
	}
	for _, a := range static.All() {
		x.write(strings.TrimPrefix(a.Path, "/"), a.Body)
	}

	srv := NewServer(l.lib, Options{
		Log:        log,
		Base:       base,
		Cache:      1, // every page is asked for once
		Static:     true,
		SandboxURL: o.sandbox,
		Browser:    browser,
	})
	for _, d := range rules.Docs {
		srv.site.Load().of(d).history.Warm()
	}
	sources := l.sources()
	for _, e := range l.lib.Editions {
		b, err := editionZip(sources(e), e)
		if err != nil {
			x.fail(fmt.Errorf("%s: %w", e.ID, err))
			continue
		}
		x.write("search/"+e.ID+".zip", b)
	}
	pages, skipped := sitePages(l.lib, srv.paths, o.api)
	for _, msg := range skipped {
		fmt.Fprintf(stderr, "arbiter export: warning: %s\n", msg)
	}
	x.render(srv, pages)
	if len(x.errs) > 0 {
		for _, err := range x.errs {
			fmt.Fprintf(stderr, "arbiter export: %v\n", err)
		}
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d files, %.1f MB, %d editions, in %s\n", o.dir, x.files.Load(),
		float64(x.bytes.Load())/1e6, len(l.lib.Editions), time.Since(start).Round(time.Millisecond))
	return 0
}

// baseURL checks --base-url: a path ("/arbiter") or an absolute http(s) URL,
// without a trailing slash.
func baseURL(s string) (string, error) {
	s = strings.TrimRight(s, "/")
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return "", err
	case u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(s, "\"'<> \\"):
		return "", fmt.Errorf("%q: want a path such as /arbiter or a URL such as https://example.org/arbiter", s)
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//"):
		return s, nil
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
		return s, nil
	}
	return "", fmt.Errorf("%q: want a path such as /arbiter or a URL such as https://example.org/arbiter", s)
}

// exportLibrary parses the embedded editions --official names (latest:
// the newest of each document; all; none) and returns the library of
// them, the seeds and the user's editions.
func exportLibrary(set *editionSet, official string) *rules.Library {
	switch official {
	case "latest":
		set.runJudges()
		set.official.parseNext()
		return newestJudges(set.library(), set.judges.editions())
	case "all":
		set.runJudges()
		set.official.run()
	}
	return set.library()
}

// newestJudges is lib with only the newest of each judge document's
// embedded editions (the user's stay), as --official latest exports the
// Comprehensive Rules' newest alone.
func newestJudges(lib *rules.Library, embedded []*rules.Edition) *rules.Library {
	isEmbedded := map[*rules.Edition]bool{}
	for _, e := range embedded {
		isEmbedded[e] = true
	}
	var keep [rules.DocJAR + 1]*rules.Edition
	libs := byDocument(lib)
	for _, d := range rules.Docs {
		var eds []*rules.Edition
		for _, e := range libs[d].Editions {
			if isEmbedded[e] {
				eds = append(eds, e)
			}
		}
		keep[d] = rules.NewLibrary(eds).Latest()
	}
	var out []*rules.Edition
	for _, e := range lib.Editions {
		if !isEmbedded[e] || keep[e.Document()] == e {
			out = append(out, e)
		}
	}
	return rules.NewLibrary(out)
}

// safeID reports whether e's ID can name the site's files: a safe name,
// after its document's prefix if it is no edition of the Comprehensive
// Rules ("mtr/2025-04-21"), and no other document's prefix.
func safeID(e *rules.Edition) bool {
	d, rest := rules.SplitID(e.ID)
	return d == e.Document() && d.Prefix()+rest == e.ID && safeName(rest)
}

// safeName matches what may name a file or directory of the site: an
// edition id, a glossary or topic slug (rules.Slug keeps letters of any
// script). No "/", "\\", ".." or NUL can pass, whatever os.Root would do.
var safeName = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N}._-]*$`).MatchString

// openSiteDir opens dir, creating it; it must be empty, so that nothing
// of an earlier export lingers in this one.
func openSiteDir(dir string) (*os.Root, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	if len(ents) > 0 {
		return nil, fmt.Errorf("%s is not empty: export into a new or empty directory", dir)
	}
	return os.OpenRoot(dir)
}

// siteWriter writes files under the site's directory, which it cannot
// leave: os.Root refuses "..", absolute names and symlinks leading out.
type siteWriter struct {
	root         *os.Root
	files, bytes atomic.Int64
	mu           sync.Mutex
	errs         []error
}

func (x *siteWriter) fail(err error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.errs) < 50 {
		x.errs = append(x.errs, err)
	}
}

func (x *siteWriter) write(name string, b []byte) {
	if dir := path.Dir(name); dir != "." {
		if err := x.root.MkdirAll(dir, 0o755); err != nil {
			x.fail(err)
			return
		}
	}
	if err := x.root.WriteFile(name, b, 0o644); err != nil {
		x.fail(err)
		return
	}
	x.files.Add(1)
	x.bytes.Add(int64(len(b)))
}

// hashed writes b as prefix.<hash>ext, as static assets are named, and
// returns its path.
func (x *siteWriter) hashed(prefix, ext string, b []byte) string {
	sum := sha256.Sum256(b)
	name := prefix + "." + hex.EncodeToString(sum[:5]) + ext
	x.write(name, b)
	return "/" + name
}

// sitePage is one file of the site rendered by the server: the path the
// server answers (live) and the file it becomes (file, below the base).
type sitePage struct {
	live, file string
	optional   bool // a 404 means the page does not exist: no file
	notFound   bool // the site's 404 page, which static hosts show for a missing file
}

// sitePages lists every page of the site. Each is named twice through the
// same views.Paths method, once as the server names it and once as the
// export does, so the files are where the pages' links point.
// Pages whose slug cannot name a file are left out, each with a warning in
// skipped.
func sitePages(lib *rules.Library, exp views.Paths, api bool) (pages []sitePage, skipped []string) {
	live := views.Paths{}
	var out []sitePage
	page := func(f func(views.Paths) string) {
		out = append(out, sitePage{live: f(live), file: fileOf(f(exp), exp.Base, ".html")})
	}
	// The hover preview of a page: /preview + its path.
	preview := func(f func(views.Paths) string) {
		page(func(p views.Paths) string { return p.PreviewURL(f(p)) })
	}
	// An answer of the API, at its path with .json after it.
	apiFile := func(path string) {
		if api {
			out = append(out, sitePage{live: path, file: strings.TrimPrefix(path, "/") + ".json"})
		}
	}
	page(views.Paths.HomeURL)
	out = append(out, sitePage{live: "/404/no/such/page", file: "404.html", notFound: true})
	page(views.Paths.HelpURL)
	page(views.Paths.SearchFormURL)
	page(views.Paths.DiffFormURL)
	if exp.Sandbox == "" {
		page(views.Paths.SandboxIndexURL) // the note every sandbox link goes to
	}
	libs := byDocument(lib)
	for _, d := range rules.Docs {
		apiFile("/api/" + d.Prefix() + "editions") // [] for a document with none, as the server answers
		if len(libs[d].Editions) == 0 {
			continue
		}
		if d != rules.DocCR {
			page(func(p views.Paths) string { return p.DocURL(d, "") }) // the CR's is the home page
		}
		for _, e := range libs[d].Editions {
			skipped = append(skipped, editionPages(e, page, preview, apiFile)...)
			if d == rules.DocCR {
				out = append(out, sitePage{live: live.KeywordsURL(e.ID), file: fileOf(exp.KeywordsURL(e.ID), exp.Base, ".html"), optional: true})
			}
		}
		// Diffs within the document, never across two.
		for _, pair := range staticDiffs(libs[d]) {
			from, to := pair[0].ID, pair[1].ID
			page(func(p views.Paths) string { return p.DiffURL(from, to) })
			apiFile(apiDiffPath(from, to))
		}
	}
	return out, skipped
}

// editionPages lists the pages of edition e through page, preview and
// apiFile (sitePages's), and returns a warning for each one left out.
func editionPages(e *rules.Edition, page, preview func(func(views.Paths) string), apiFile func(string)) (skipped []string) {
	id := e.ID
	page(func(p views.Paths) string { return p.TOCURL(id) })
	preview(func(p views.Paths) string { return p.TOCURL(id) }) // another document's references to it
	for _, s := range e.Sections {
		n := s.Number
		page(func(p views.Paths) string { return p.SectionURL(id, n) })
		preview(func(p views.Paths) string { return p.SectionURL(id, n) })
	}
	if len(e.Sections) > 0 || len(e.Glossary) > 0 || len(e.Topics) > 0 {
		page(func(p views.Paths) string { return p.AllURL(id) })
	}
	for _, r := range e.Entries() {
		n := r.Number
		page(func(p views.Paths) string { return p.RuleURL(id, n) })
		preview(func(p views.Paths) string { return p.RuleURL(id, n) })
		if r.Parent == nil {
			// A chapter's page links to its print view.
			page(func(p views.Paths) string { return p.PrintURL(id, n) })
		}
		apiFile("/api/" + id + "/rules/" + n.String())
	}
	if len(e.Glossary) > 0 {
		page(func(p views.Paths) string { return p.GlossaryURL(id) })
	}
	for _, g := range e.Glossary {
		slug := g.Slug
		if !safeName(slug) {
			skipped = append(skipped, fmt.Sprintf("%s: glossary term %q has slug %q, which cannot name a file: no page for it", id, g.Terms[0], slug))
			continue
		}
		page(func(p views.Paths) string { return p.TermURL(id, slug) })
		preview(func(p views.Paths) string { return p.TermURL(id, slug) })
		apiFile("/api/" + id + "/glossary/" + slug)
	}
	for _, t := range e.Topics {
		slug := t.Slug
		if !safeName(slug) {
			skipped = append(skipped, fmt.Sprintf("%s: topic %q has slug %q, which cannot name a file: no page for it", id, t.Title, slug))
			continue
		}
		page(func(p views.Paths) string { return p.TopicURL(id, slug) })
		preview(func(p views.Paths) string { return p.TopicURL(id, slug) })
		apiFile("/api/" + id + "/topics/" + slug)
	}
	return skipped
}

// fileOf is the file a URL of the export names: below the base, "/" as
// index.html.
func fileOf(u, base, ext string) string {
	p := strings.TrimPrefix(strings.TrimPrefix(u, base), "/")
	if p == "" || strings.HasSuffix(p, "/") {
		return p + "index" + ext
	}
	return p
}

// render asks srv for every page, on as many cores as there are, and
// writes each answer to its file.
func (x *siteWriter) render(srv http.Handler, pages []sitePage) {
	next := make(chan sitePage)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, p.live, nil))
				switch {
				case w.Code == http.StatusOK && !p.notFound, w.Code == http.StatusNotFound && p.notFound:
					x.write(p.file, w.Body.Bytes())
				case w.Code == http.StatusNotFound && p.optional:
				default:
					x.fail(fmt.Errorf("%s: status %d rendering %s", p.file, w.Code, p.live))
				}
			}
		}()
	}
	for _, p := range pages {
		next <- p
	}
	close(next)
	wg.Wait()
}

// editionZip packs the source files e was read from, for the browser's
// search to parse as the server did; a PDF as its extracted text, which
// the server parsed (the browser's build reads no PDF: rules.PDFText).
// The zip's comment names the file or directory to load. It is checked by
// loading it back.
func editionZip(fsys fs.FS, e *rules.Edition) ([]byte, error) {
	if fsys == nil || len(e.Files) == 0 {
		return nil, errors.New("no source files known")
	}
	root, files := e.Files[0], e.Files
	dir := path.Dir(e.Files[0])
	manifest := path.Join(dir, rules.ManifestName)
	if b, err := fs.ReadFile(fsys, manifest); err == nil {
		m, err := rules.ParseManifest(manifest, b)
		if err != nil {
			return nil, err
		}
		root, files = dir, []string{manifest}
		for _, f := range append(m.Files, m.Glossary...) {
			files = append(files, path.Join(dir, f))
		}
	} else if len(e.Files) > 1 {
		root = dir // a Sphinx directory
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		if ext := path.Ext(f); strings.EqualFold(ext, ".pdf") {
			if b, err = rules.PDFText(rules.Source{Name: f, Data: b}); err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			name := strings.TrimSuffix(f, ext) + ".txt"
			if root == f {
				root = name
			}
			f = name
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f, Method: zip.Deflate})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(b); err != nil {
			return nil, err
		}
	}
	if err := zw.SetComment(root); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		return nil, err
	}
	eds, err := rules.Load(zr, zr.Comment)
	if err != nil {
		return nil, fmt.Errorf("its sources do not load back: %w", err)
	}
	if len(eds) != 1 || len(eds[0].Entries()) != len(e.Entries()) || len(eds[0].Glossary) != len(e.Glossary) || len(eds[0].Topics) != len(e.Topics) {
		return nil, fmt.Errorf("its sources do not load back as the same edition")
	}
	return buf.Bytes(), nil
}

// searchWasm is cmd/searchwasm compiled to WebAssembly: the file given, or
// built with the go command, which needs this module's source (arbiter
// export --site run in its checkout) and a Go toolchain.
func searchWasm(ctx context.Context, file string) ([]byte, error) {
	if file != "" {
		return os.ReadFile(file)
	}
	tmp, err := os.MkdirTemp("", "arbiter-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "search.wasm")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "github.com/arbiter-rules/arbiter/cmd/searchwasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the browser's search (GOOS=js GOARCH=wasm go build ./cmd/searchwasm): %v\n%s"+
			"run the export in arbiter's source tree, or build it and pass --wasm FILE", err, msg)
	}
	return os.ReadFile(out)
}

// wasmExec is Go's own wasm_exec.js, which runs a Go WebAssembly program in
// a browser, from the Go installation (it must match the compiler).
func wasmExec() ([]byte, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("finding Go's wasm_exec.js (go env GOROOT): %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(goroot, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s/lib/wasm", goroot)
}
