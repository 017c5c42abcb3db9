package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
	"github.com/arbiter-rules/arbiter/views"
)

// testWasm is cmd/searchwasm built once for all the tests by the export's
// own build (searchWasm), which each export then gets with --wasm.
var testWasm = sync.OnceValues(func() ([]byte, error) { return searchWasm(context.Background(), "") })

func editionIDsOf(lib *rules.Library) []string {
	var out []string
	for _, e := range lib.Editions {
		out = append(out, e.ID)
	}
	return out
}

// exportFor runs arbiter export --site into a new directory with args
// and returns the directory.
func exportFor(t *testing.T, args ...string) string {
	t.Helper()
	wasm, err := testWasm()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	putFile(t, filepath.Join(tmp, "search.wasm"), wasm)
	dir := filepath.Join(tmp, "site")
	var out, errs bytes.Buffer
	if code := runExport(append([]string{"--site", dir, "--wasm", filepath.Join(tmp, "search.wasm")}, args...), &out, &errs); code != 0 {
		t.Fatalf("export %v: exit %d\n%s%s", args, code, out.String(), errs.String())
	}
	t.Log(strings.TrimSpace(out.String()))
	return dir
}

// TestExportSite exports the embedded editions, the 2026-01-16 corpus
// file and a user's judge documents (two IPGs' PDFs, JAR's web page)
// under a base path, serves the directory as any static host would, and
// crawls every edition with the live site's crawler; then every link,
// script and form target in every file of the site must resolve to a file,
// every entry, term and topic must have its API answer, and each document
// its home, its editions' list and its diffs, none across two documents.
func TestExportSite(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the search for WebAssembly")
	}
	corpus := corpustest.Path(t, "corpus", "cr", "2026-01-16.txt")
	ipg := corpustest.Path(t, "corpus", "ipg", "2024-09-23.pdf")
	ipgOld := corpustest.Path(t, "corpus", "ipg", "2020-09-25.pdf")
	jar := corpustest.Path(t, "corpus", "jar", "2019-01-21.html")
	const sandbox = "https://sandbox.example.org"
	dir := exportFor(t, "--official", "none", "--rules", corpus, "--rules", ipg, "--rules", ipgOld, "--rules", jar, "--base-url", "/arbiter/", "--sandbox-url", sandbox)
	h := http.StripPrefix("/arbiter", http.FileServer(http.Dir(dir)))
	exp := views.Paths{Base: "/arbiter", Static: true, Sandbox: sandbox}
	lib, err := loadLibrary(contentOptions{paths: []string{corpus, ipg, ipgOld, jar}}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	live := NewServer(lib, Options{})
	for _, e := range lib.Editions {
		t.Run("crawl "+e.ID, func(t *testing.T) {
			crawl(t, h, exp, e)
			sameAsLive(t, live, h, "/arbiter", e, false)
		})
	}
	n := checkSiteLinks(t, dir, h, "/arbiter")
	t.Logf("%d links checked", n)

	// The rule page links its examples to the sandbox server.
	page := do(t, h, "GET", "/arbiter/2026-01-16/202.3.html")
	if page.Code != 200 {
		t.Fatalf("202.3: %d", page.Code)
	}
	d := parse(t, page)
	if href, _ := d.Find("a.sandbox").First().Attr("href"); href != sandbox+"/sandbox/2026-01-16/202.3/1" {
		t.Errorf("Run in sandbox goes to %q", href)
	}
	if v, _ := d.Find("meta[http-equiv=Content-Security-Policy]").Attr("content"); !strings.Contains(v, "default-src 'none'") || strings.Contains(v, "wasm") {
		t.Errorf("rule page's CSP %q", v)
	}
	if d.Find("html[data-static]").Length() != 1 || d.Find("link[rel=search]").Length() != 0 {
		t.Error("static page not marked static, or offers OpenSearch")
	}
	if a, _ := d.Find("form.jump").Attr("action"); a != "/arbiter/search.html" {
		t.Errorf("jump box goes to %q", a)
	}
	// The search page loads the browser's search and says what it needs.
	d = parse(t, do(t, h, "GET", "/arbiter/search.html"))
	r := d.Find("#results")
	for _, attr := range []string{"data-wasm", "data-exec"} {
		v, _ := r.Attr(attr)
		if w := do(t, h, "GET", v); !strings.HasPrefix(v, "/arbiter/static/") || w.Code != 200 || w.Body.Len() < 1000 {
			t.Errorf("%s %q: %d", attr, v, w.Code)
		}
	}
	if v, _ := r.Attr("data-latest"); v != "2026-01-16" {
		t.Errorf("data-latest %q", v)
	}
	if !strings.Contains(d.Find("noscript").Text(), "needs JavaScript") {
		t.Error("no message for readers without JavaScript")
	}
	if v, _ := d.Find("meta[http-equiv=Content-Security-Policy]").Attr("content"); !strings.Contains(v, "'wasm-unsafe-eval'") {
		t.Errorf("search page's CSP %q lets no WebAssembly run", v)
	}
	if d.Find("select[name=e] option[value=all]").Length() != 0 {
		t.Error("the static search offers all editions at once")
	}
	if w := do(t, h, "GET", "/arbiter/static/"+path.Base(mustAttr(t, r, "data-wasm"))); w.Header().Get("Content-Type") != "application/wasm" {
		t.Errorf("the file server types the search as %q", w.Header().Get("Content-Type"))
	}
	// Each edition's sources load back as the edition.
	for _, e := range lib.Editions {
		b, err := os.ReadFile(filepath.Join(dir, "search", e.ID+".zip"))
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		eds, err := rules.Load(zr, zr.Comment)
		if err != nil || len(eds) != 1 || len(eds[0].Entries()) != len(e.Entries()) || len(eds[0].Topics) != len(e.Topics) {
			t.Errorf("%s.zip: %v, %d editions", e.ID, err, len(eds))
		}
		// The browser's search reads no PDF: the IPG's zip holds its text.
		if e.Format == rules.FormatPDF && path.Ext(zr.Comment) != ".txt" {
			t.Errorf("%s.zip holds %s, not the PDF's text", e.ID, zr.Comment)
		}
	}
	// The API's answers, as files: each document's editions.
	byDoc := byDocument(lib)
	for _, doc := range rules.Docs {
		var eds []struct{ ID string }
		name := "/arbiter/api/" + doc.Prefix() + "editions.json"
		if err := json.Unmarshal(do(t, h, "GET", name).Body.Bytes(), &eds); err != nil || len(eds) != len(byDoc[doc].Editions) {
			t.Errorf("%s: %v %v", name, err, eds)
		}
	}
	for name, want := range map[string]string{
		"/arbiter/api/2026-01-16/rules/704.5k.json":             "704.5k",
		"/arbiter/api/ipg/2024-09-23/rules/2.1.json":            "2.1",
		"/arbiter/api/jar/2019-01-21/topics/common-issues.json": "",
	} {
		var rule struct {
			Number  string
			Penalty string
			Title   string
		}
		if err := json.Unmarshal(do(t, h, "GET", name).Body.Bytes(), &rule); err != nil || rule.Number != want {
			t.Errorf("%s: %v %+v", name, err, rule)
		}
	}
	// Every entry, glossary term and topic has its API answer.
	answers := 0
	for _, e := range lib.Editions {
		var want []string
		for _, r := range e.Entries() {
			want = append(want, "api/"+e.ID+"/rules/"+r.Number.String()+".json")
		}
		for _, g := range e.Glossary {
			want = append(want, "api/"+e.ID+"/glossary/"+g.Slug+".json")
		}
		for _, tp := range e.Topics {
			want = append(want, "api/"+e.ID+"/topics/"+tp.Slug+".json")
		}
		for _, f := range want {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("no API answer %s", f)
			}
		}
		answers += len(want)
	}
	t.Logf("%d API answers of entries, terms and topics", answers)

	// Each judge document has its home page, and diffs of its own editions
	// only, as pages and API answers, listed on the diff index under it.
	for _, p := range []string{"/arbiter/ipg.html", "/arbiter/jar.html", "/arbiter/ipg/diff/2020-09-25/2024-09-23.html",
		"/arbiter/api/ipg/diff/2020-09-25/2024-09-23.json"} {
		if w := do(t, h, "GET", p); w.Code != 200 {
			t.Errorf("%s: %d", p, w.Code)
		}
	}
	if w := do(t, h, "GET", "/arbiter/mtr.html"); w.Code != 404 {
		t.Errorf("the MTR, of which no edition is exported, has a home page: %d", w.Code)
	}
	var ipgDiff struct{ From, To string }
	if err := json.Unmarshal(do(t, h, "GET", "/arbiter/api/ipg/diff/2020-09-25/2024-09-23.json").Body.Bytes(), &ipgDiff); err != nil ||
		ipgDiff.From != "ipg/2020-09-25" || ipgDiff.To != "ipg/2024-09-23" {
		t.Errorf("the IPG's diff: %v %+v", err, ipgDiff)
	}
	byID := map[string]*rules.Edition{}
	for _, e := range lib.Editions {
		byID[e.ID] = e
	}
	diffs := 0
	for _, pattern := range []string{"diff/*/*.html", "*/diff/*/*.html", "api/diff/*/*.json", "api/*/diff/*/*.json"} {
		files, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(pattern)))
		for _, f := range files {
			rel, _ := filepath.Rel(dir, f)
			parts := strings.Split(strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(rel), ".html"), ".json"), "/")
			parts = slices.DeleteFunc(parts, func(s string) bool { return s == "api" })
			pre := ""
			if parts[0] != "diff" {
				pre, parts = parts[0]+"/", parts[1:]
			}
			from, to := byID[pre+parts[1]], byID[pre+parts[2]]
			if from == nil || to == nil || from.Document() != to.Document() {
				t.Errorf("%s: a diff of editions not of one document", rel)
			}
			diffs++
		}
	}
	if diffs == 0 {
		t.Error("no diffs found to check")
	}
	d = parse(t, do(t, h, "GET", "/arbiter/diff.html"))
	var heads []string
	d.Find("main h2").Each(func(_ int, s *goquery.Selection) { heads = append(heads, s.Text()) })
	if !slices.Equal(heads, []string{"Comprehensive Rules", "Infraction Procedure Guide"}) ||
		d.Find("a[href='/arbiter/ipg/diff/2020-09-25/2024-09-23.html']").Length() != 1 {
		t.Errorf("the diff index lists %v", heads)
	}

	// The search page offers every document's editions.
	d = parse(t, do(t, h, "GET", "/arbiter/search.html"))
	for _, id := range []string{"2026-01-16", "ipg/2024-09-23", "ipg/2020-09-25", "jar/2019-01-21"} {
		if d.Find("select[name=e] option[value='"+id+"']").Length() != 1 {
			t.Errorf("the search page does not offer %s", id)
		}
	}
	// A judge document's pages search it from the jump box.
	d = parse(t, do(t, h, "GET", "/arbiter/ipg/2024-09-23/2.1.html"))
	if v, _ := d.Find("form.jump input[name=e]").Attr("value"); v != "ipg/2024-09-23" {
		t.Errorf("the IPG's jump box searches %q", v)
	}

	// The home page's "what changed since" is links to diffs that exist.
	d = parse(t, do(t, h, "GET", "/arbiter/"))
	if d.Find("ul.since a").Length() == 0 || d.Find("form.diffform").Length() != 0 {
		t.Error("home page: no diff links, or a form that needs a server")
	}
}

// sameAsLive crawls edition e on the live server and fails the test for
// any page the crawl found that the export served by h (under base) lacks.
// The live site's sandbox pages are a static export's sandbox note
// (sandboxNote) or, with --sandbox-url, another server's, left alone.
func sameAsLive(t *testing.T, live *Server, h http.Handler, base string, e *rules.Edition, sandboxNote bool) {
	t.Helper()
	found := crawl(t, live, live.paths, e)
	checked, missing := 0, 0
	for p := range found {
		var want string
		switch {
		case p == "/":
			want = base + "/"
		case strings.HasPrefix(p, "/static/"):
			want = base + p
		case p == "/opensearch.xml":
			continue // a static copy does not know its own host
		case p == "/offline" || p == "/manifest.webmanifest":
			continue // reading offline needs the server's service worker
		case p == "/cards" || strings.HasPrefix(p, "/cards/"):
			continue // card pages are the server's: an export links to none
		case p == "/sandbox" || strings.HasPrefix(p, "/sandbox/"):
			if !sandboxNote {
				continue
			}
			want = base + "/sandbox.html"
		default:
			want = base + p + ".html"
		}
		checked++
		if w := do(t, h, "GET", want); w.Code != 200 && missing < 20 {
			missing++
			t.Errorf("live page %s: the export has no %s (status %d)", p, want, w.Code)
		}
	}
	t.Logf("%s: %d pages the live crawl found are in the export", e.ID, checked)
	if checked == 0 {
		t.Error("nothing compared")
	}
}

func mustAttr(t *testing.T, s interface{ Attr(string) (string, bool) }, name string) string {
	t.Helper()
	v, ok := s.Attr(name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	return v
}

// linkAttr finds the URLs a page refers to: links, scripts, styles, forms
// and the search's data files.
var linkAttr = regexp.MustCompile(`(?:href|src|action|data-wasm|data-exec)="([^"]*)"`)

// checkSiteLinks reads every HTML file under dir and fails the test for any
// URL in it that does not resolve, through h, to a file. Links to other
// sites (the rules' own, a sandbox server) are left alone. It returns the
// number of URLs checked.
func checkSiteLinks(t *testing.T, dir string, h http.Handler, base string) int {
	t.Helper()
	status := map[string]int{}
	n, bad := 0, 0
	err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		pageURL := &url.URL{Path: base + "/" + filepath.ToSlash(rel)}
		for _, m := range linkAttr.FindAllSubmatch(b, -1) {
			raw := strings.ReplaceAll(string(m[1]), "&amp;", "&")
			u, err := pageURL.Parse(raw)
			if err != nil {
				t.Errorf("%s: bad URL %q", rel, raw)
				continue
			}
			n++
			if u.Host != "" {
				if u.Scheme != "http" && u.Scheme != "https" {
					t.Errorf("%s: link %s", rel, u)
				}
				continue
			}
			if u.Path == pageURL.Path && raw != "" && raw[0] == '#' {
				continue
			}
			code, seen := status[u.Path]
			if !seen {
				code = do(t, h, "GET", u.Path).Code
				status[u.Path] = code
			}
			if code != 200 && bad < 20 {
				bad++
				t.Errorf("%s: %s is %d", rel, u.Path, code)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no links checked")
	}
	return n
}

// TestExportSiteNoSandbox exports what an export does by default (the
// founding documents and the newest official edition) at the host's root
// with no sandbox server: the export holds every page the live site does,
// and every sandbox link goes to the export's own note, which shows each
// bundled scenario's text.
func TestExportSiteNoSandbox(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the search for WebAssembly")
	}
	dir := exportFor(t, "--api=false")
	h := http.FileServer(http.Dir(dir))
	checkSiteLinks(t, dir, h, "")
	set, err := newEditionSet(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	lib := exportLibrary(set, "latest")
	if ids := editionIDsOf(lib); !slices.Equal(ids, []string{"2026-04-17", "mtr/2025-04-21", "ipg/2024-09-23", "jar/2019-01-21", "2011-07-15-rst", "2007-02-01-excerpt", "classic"}) {
		t.Fatalf("default export's editions: %v", ids)
	}
	live := NewServer(lib, Options{})
	for _, e := range lib.Editions {
		t.Run("crawl "+e.ID, func(t *testing.T) {
			if e.Document() != rules.DocCR {
				crawl(t, h, views.Paths{Static: true}, e) // TestExportSite crawls a CR's
			}
			sameAsLive(t, live, h, "", e, true)
		})
	}
	runLinks := 0
	err = filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, m := range regexp.MustCompile(`href="(/sandbox[^"]*)"`).FindAllSubmatch(b, -1) {
			if string(m[1]) != "/sandbox.html" {
				t.Errorf("%s links to %s", p, m[1])
			}
		}
		runLinks += bytes.Count(b, []byte(`class="sandbox"`))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if runLinks == 0 {
		t.Error(`no "Run in sandbox" link in the export`)
	}
	d := parse(t, do(t, h, "GET", "/sandbox.html"))
	if !strings.Contains(strings.Join(strings.Fields(d.Find("p.msg").Text()), " "), "needs a server") {
		t.Errorf("sandbox note says %q", d.Find("p.msg").Text())
	}
	sc, err := scenario.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	if n := d.Find("section.sb-note pre").Length(); n != len(sc.Scenarios) || n == 0 {
		t.Errorf("sandbox note shows %d scenarios, want %d", n, len(sc.Scenarios))
	}
	if _, err := os.Stat(filepath.Join(dir, "api")); !os.IsNotExist(err) {
		t.Errorf("--api=false wrote the API: %v", err)
	}
	// Static hosts show 404.html for a file they do not have.
	if b, err := os.ReadFile(filepath.Join(dir, "404.html")); err != nil || !bytes.Contains(b, []byte("There is no page at this address")) {
		t.Errorf("404.html: %v\n%s", err, b)
	}
	if w := do(t, h, "GET", "/"); w.Code != 200 || !strings.Contains(w.Body.String(), `href="/2007-02-01-excerpt.html"`) || !strings.Contains(w.Body.String(), `href="/2026-04-17/100.html"`) {
		t.Errorf("home: %d", w.Code)
	}
}

// The export refuses what would write outside its directory or mix with
// an earlier export, and says why.
func TestExportSiteRefuses(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	evil := filepath.Join(top, "rules")
	os.MkdirAll(evil, 0o755)
	putFile(t, filepath.Join(evil, "evil.md"), []byte("---\nid: ../../evil\neffective: 2026-01-16\nkind: full\n---\n\n# 1. Game Concepts\n\n## 100. General\n\n100.1. Text.\n"))
	full := filepath.Join(top, "full")
	os.MkdirAll(full, 0o755)
	putFile(t, filepath.Join(full, "x"), []byte("x"))
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--site", filepath.Join(top, "a"), "--rules", evil}, 1, `edition id "../../evil" cannot name a file`},
		{[]string{"--site", full}, 1, "is not empty"},
		{[]string{"--site", filepath.Join(top, "b"), "--base-url", "javascript:alert(1)"}, 1, "--base-url"},
		{[]string{"--site", filepath.Join(top, "b"), "--base-url", `/a"b`}, 1, "--base-url"},
		{[]string{"--site", filepath.Join(top, "b"), "--base-url", "//evil.example"}, 1, "--base-url"},
		{[]string{"--site", filepath.Join(top, "b"), "--sandbox-url", "ftp://x"}, 1, "--sandbox-url"},
		{[]string{"--site", filepath.Join(top, "b"), "--format", "md"}, 2, "--site takes"},
		{[]string{"--site", filepath.Join(top, "b"), "some.txt"}, 2, "--site takes"},
	}
	for _, tt := range tests {
		var out, errs bytes.Buffer
		code := runExport(tt.args, &out, &errs)
		if code != tt.code || !strings.Contains(errs.String(), tt.want) {
			t.Errorf("export %v: exit %d, %q; want %d mentioning %q", tt.args, code, errs.String(), tt.code, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(top, "evil")); !os.IsNotExist(err) {
		t.Error("something was written outside the export directory")
	}
}

func TestBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "/": "", "/arbiter": "/arbiter", "/arbiter/": "/arbiter", "/a/b": "/a/b",
		"https://cdn.example.org/arbiter/": "https://cdn.example.org/arbiter", "http://x.example": "http://x.example",
	} {
		if got, err := baseURL(in); err != nil || got != want {
			t.Errorf("baseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"arbiter", "//x.example", "javascript:x", "/a?b", "/a#b", "/a b", "ftp://x.example/a", "https:///a"} {
		if got, err := baseURL(in); err == nil {
			t.Errorf("baseURL(%q) = %q, accepted", in, got)
		}
	}
}

func TestSafeName(t *testing.T) {
	for _, s := range []string{"2026-01-16", "classic", "trample", "æther", "first-strike", "a.b_c", "704"} {
		if !safeName(s) {
			t.Errorf("safeName(%q) = false", s)
		}
	}
	for _, s := range []string{"", ".", "..", "../evil", ".hidden", "a/b", `a\b`, "a\x00", "-x", "a b", "a:b", "%2e%2e"} {
		if safeName(s) {
			t.Errorf("safeName(%q) = true", s)
		}
	}
}

// TestSafeID: an edition's ID names its files after its own document's
// prefix, and only a plain name follows it.
func TestSafeID(t *testing.T) {
	for _, tc := range []struct {
		doc  rules.Doc
		id   string
		want bool
	}{
		{rules.DocCR, "2026-01-16", true},
		{rules.DocCR, "2011-07-15-rst", true},
		{rules.DocMTR, "mtr/2025-04-21", true},
		{rules.DocIPG, "ipg/2017-09-29-2", true},
		{rules.DocJAR, "jar/2019-01-21", true},
		{rules.DocMTR, "2025-04-21", false},     // its prefix missing: beside the CR's files
		{rules.DocCR, "mtr/2025-04-21", false},  // a CR edition among the MTR's files
		{rules.DocIPG, "mtr/2025-04-21", false}, // another document's prefix
		{rules.DocMTR, "mtr/../x", false},
		{rules.DocMTR, "mtr/a/b", false},
		{rules.DocMTR, "mtr/", false},
		{rules.DocCR, "../x", false},
	} {
		if got := safeID(&rules.Edition{ID: tc.id, Doc: tc.doc}); got != tc.want {
			t.Errorf("safeID(%s edition %q) = %v, want %v", tc.doc, tc.id, got, tc.want)
		}
	}
}

// TestEditionZip packs editions of each shape the browser's search must
// load back: a Sphinx project with documents in subdirectories (whose
// neighbours, another edition and a stray file, stay out), a directory
// with a manifest, and a single file.
func TestEditionZip(t *testing.T) {
	rule := func(sect int, title string) string {
		return "****\n" + title + "\n****\n\nC\n=\n\n" + strconv.Itoa(sect) + "00.1\n-----\n\n" + title + " text.\n"
	}
	fsys := fstest.MapFS{
		"cr/index.rst":          {Data: []byte(":Date: July 15, 2011\n\n.. toctree::\n\n   rules/a\n   rules/deep/b\n   glossary/terms\n")},
		"cr/rules/a.rst":        {Data: []byte(rule(1, "Game Concepts"))},
		"cr/rules/deep/b.rst":   {Data: []byte(rule(5, "Turn Structure"))},
		"cr/glossary/terms.rst": {Data: []byte(".. glossary::\n\n    Term\n        Def.\n")},
		"cr/old/edition.txt":    {Data: []byte("id: old\nformat: md\nfiles: old.md\n")},
		"cr/old/old.md":         {Data: []byte("# 1. Game Concepts\n\n## 100. General\n\n100.1. Old text.\n\n100.2. More.\n")},
		"cr/notes/stray.txt":    {Data: []byte("not rules at all\n")},
		"one.md":                {Data: []byte("---\nid: one\neffective: 2026-01-16\nkind: full\n---\n\n# 1. Game Concepts\n\n## 100. General\n\n100.1. Text.\n")},
	}
	var zipped []string
	for _, root := range []string{"cr", "one.md"} {
		eds, err := rules.Load(fsys, root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range eds {
			if e.Failed() {
				continue // the stray file
			}
			b, err := editionZip(fsys, e)
			if err != nil {
				t.Errorf("%s (%s): %v", e.ID, strings.Join(e.Files, " "), err)
				continue
			}
			zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
			if err != nil {
				t.Fatal(err)
			}
			zipped = append(zipped, e.ID)
			var names []string
			for _, f := range zr.File {
				names = append(names, f.Name)
			}
			if !slices.Equal(names, e.Files) && !(e.ID == "old" && slices.Equal(names, []string{"cr/old/edition.txt", "cr/old/old.md"})) {
				t.Errorf("%s: the zip holds %q, want %q", e.ID, names, e.Files)
			}
		}
	}
	slices.Sort(zipped)
	if want := []string{"2011-07-15", "old", "one"}; !slices.Equal(zipped, want) {
		t.Errorf("zipped %q, want %q", zipped, want)
	}
}
