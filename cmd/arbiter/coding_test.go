package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"

	"github.com/arbiter-rules/arbiter/static"
)

func TestNegotiate(t *testing.T) {
	tests := []struct {
		accept []string // nil: no header
		want   coding
	}{
		{nil, identity},
		{[]string{""}, identity},
		{[]string{"gzip"}, gzipCoding},
		{[]string{"br"}, brCoding},
		{[]string{"gzip, deflate, br, zstd"}, brCoding}, // Chrome's
		{[]string{"gzip, deflate, br"}, brCoding},
		{[]string{"gzip, deflate"}, gzipCoding},      // a browser over plain HTTP
		{[]string{"deflate, zstd"}, identity},        // nothing the server has
		{[]string{"BR"}, brCoding},                   // names are case-insensitive
		{[]string{"x-gzip"}, gzipCoding},             // RFC 9110 §8.4.1.3
		{[]string{"gzip", "br"}, brCoding},           // two header lines are one list
		{[]string{"br;q=0.5, gzip"}, gzipCoding},     // weights decide
		{[]string{"br;q=0.5, gzip;q=0.5"}, brCoding}, // a tie goes to brotli
		{[]string{"gzip;q=1.0, br;q=0.999"}, gzipCoding},
		{[]string{"br ; q=0.9 , gzip ; Q=0.8"}, brCoding}, // spaces, and Q
		{[]string{"br;q=0"}, identity},                    // br refused
		{[]string{"br;q=0, gzip;q=0.1"}, gzipCoding},
		{[]string{"br;q=0.000"}, identity},
		{[]string{"gzip;q=0.001"}, gzipCoding},           // low, but preferred to identity not listed
		{[]string{"identity;q=1, gzip;q=0.5"}, identity}, // identity asked for first
		{[]string{"identity, gzip"}, gzipCoding},         // a tie: compressed
		{[]string{"identity;q=0"}, identity},             // nothing acceptable: identity anyway
		{[]string{"*"}, brCoding},
		{[]string{"*;q=0.5, br;q=0"}, gzipCoding},
		{[]string{"*;q=0, gzip"}, gzipCoding},
		{[]string{"*;q=0"}, identity},
		{[]string{"identity;q=0.5, *;q=0.8"}, brCoding},
		{[]string{"br;q=2"}, identity}, // malformed weight: the entry is ignored
		{[]string{"br;q=0.5.1, gzip"}, gzipCoding},
		{[]string{"br;q=, gzip;q=abc"}, identity},
		{[]string{"br;q=1.0001"}, identity},
		{[]string{"br;level=5"}, brCoding},       // other parameters are no weight
		{[]string{"gzip, gzip;q=0"}, gzipCoding}, // the first entry counts
		{[]string{",,, br ,"}, brCoding},
		{[]string{"brotli, gz, gzipx"}, identity}, // near misses
	}
	for _, tt := range tests {
		if got := negotiate(tt.accept, precompressed); got != tt.want {
			t.Errorf("negotiate(%q) = %v, want %v", tt.accept, got, tt.want)
		}
	}
	// Compressing on the fly, gzip goes first at equal weight, and only
	// then.
	for _, tt := range []struct {
		accept string
		want   coding
	}{
		{"gzip, deflate, br, zstd", gzipCoding},
		{"br", brCoding},
		{"br, gzip;q=0.9", brCoding},
		{"br;q=0.5, gzip;q=0.5", gzipCoding},
		{"*", gzipCoding},
		{"identity, br", brCoding},
		{"identity;q=0.5, br;q=0.4", identity},
	} {
		if got := negotiate([]string{tt.accept}, onTheFly); got != tt.want {
			t.Errorf("negotiate(%q, onTheFly) = %v, want %v", tt.accept, got, tt.want)
		}
	}
}

func TestCompressible(t *testing.T) {
	tests := []struct {
		typ  string
		want bool
	}{
		{"text/html; charset=UTF-8", true},
		{"text/css; charset=utf-8", true},
		{"text/javascript; charset=utf-8", true},
		{"text/plain; charset=utf-8", true},
		{"application/json", true},
		{"application/json; charset=UTF-8", true},
		{"application/opensearchdescription+xml", true},
		{"image/svg+xml", true},
		{"application/wasm", true},
		{"Text/HTML", true},
		{"text/event-stream", false},
		{"image/png", false},
		{"application/zip", false},
		{"application/octet-stream", false},
		{"font/woff2", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := compressible(tt.typ); got != tt.want {
			t.Errorf("compressible(%q) = %v, want %v", tt.typ, got, tt.want)
		}
	}
}

// decoded is w's body with its Content-Encoding undone.
func decoded(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var r io.Reader
	switch ce := w.Header().Get("Content-Encoding"); ce {
	case "":
		return w.Body.String()
	case "br":
		r = brotli.NewReader(bytes.NewReader(w.Body.Bytes()))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(w.Body.Bytes()))
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	default:
		t.Fatalf("Content-Encoding %q", ce)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s body: %v", w.Header().Get("Content-Encoding"), err)
	}
	return string(b)
}

// fetched is an answer read off the wire, its body as sent.
type fetched struct {
	code int
	hdr  http.Header
	body []byte
}

// fetchRaw sends a request to url taking the codings enc, through net/http
// both ends (which drops a HEAD's body and fills in Content-Length), and
// reads the answer without undoing its coding.
func fetchRaw(t *testing.T, method, url, enc string) fetched {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if enc != "" {
		req.Header.Set("Accept-Encoding", enc) // so set, the client leaves the body coded
	}
	c := &http.Client{Transport: &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return fetched{resp.StatusCode, resp.Header, b}
}

// decodedBody is f's body with its Content-Encoding undone.
func decodedBody(t *testing.T, f fetched) string {
	t.Helper()
	w := httptest.NewRecorder()
	for k, v := range f.hdr {
		w.Header()[k] = v
	}
	w.Body.Write(f.body)
	return decoded(t, w)
}

// Every kind of response a client may take compressed: a cached page (HTML
// and JSON), a static asset, a page rendered per request (search, the
// sandbox, an error) and the API's search. Each answer, in each coding, is
// the identity body once decoded and carries Vary; a HEAD request gets the
// GET's headers without the body. A response compressed as it is written
// may decide the coding only once the body is there, so its HEAD may go
// without Content-Encoding, as RFC 9110 §9.3.2 allows; a page's may not.
func TestCompressedResponses(t *testing.T) {
	srv := sandboxServer(t)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	paths := []struct {
		path string
		page bool // sent by writePage: a HEAD knows everything
	}{
		{"/2026-01-16/704.5k", true},
		{"/api/2026-01-16/glossary/Deathtouch", true},
		{static.URL("app.css"), true},
		{static.URL("icon.svg"), true},
		{"/search?q=legend+rule", false},
		{"/api/latest/search?q=legend", false},
		{"/sandbox/scenario/legend-rule", false},
		{"/2026-01-16/999.9z", false}, // a 404 page
		{"/api/nope/rules/1", false},  // a small JSON error: never compressed
	}
	for _, p := range paths {
		plain := fetchRaw(t, "GET", ts.URL+p.path, "")
		if plain.hdr.Get("Content-Encoding") != "" {
			t.Errorf("%s: coded %q for a client that takes none", p.path, plain.hdr.Get("Content-Encoding"))
		}
		small := len(plain.body) < minCompress
		for _, enc := range []string{"", "gzip", "br", "gzip, deflate, br, zstd"} {
			w := fetchRaw(t, "GET", ts.URL+p.path, enc)
			what := p.path + " " + enc
			if w.code != plain.code {
				t.Errorf("%s: status %d, identity %d", what, w.code, plain.code)
			}
			want := enc
			if enc == "gzip, deflate, br, zstd" { // brotli if compressed once, else gzip (onTheFly)
				want = map[bool]string{true: "br", false: "gzip"}[p.page]
			}
			if small {
				want = ""
			}
			if got := w.hdr.Get("Content-Encoding"); got != want {
				t.Errorf("%s: Content-Encoding %q, want %q (%d bytes)", what, got, want, len(plain.body))
			}
			if !slicesContain(w.hdr["Vary"], "Accept-Encoding") {
				t.Errorf("%s: Vary %q", what, w.hdr["Vary"])
			}
			if got := decodedBody(t, w); got != string(plain.body) {
				t.Errorf("%s: decodes to %d bytes that differ from the identity body's %d", what, len(got), len(plain.body))
			}
			if cl := w.hdr.Get("Content-Length"); cl != "" && cl != strconv.Itoa(len(w.body)) {
				t.Errorf("%s: Content-Length %s, body %d bytes", what, cl, len(w.body))
			}
			head := fetchRaw(t, "HEAD", ts.URL+p.path, enc)
			if len(head.body) != 0 || head.code != w.code {
				t.Errorf("%s HEAD: status %d, %d bytes of body", what, head.code, len(head.body))
			}
			for _, k := range []string{"Content-Type", "Content-Encoding", "Vary", "Etag", "Cache-Control", "Content-Length"} {
				got, want := head.hdr.Get(k), w.hdr.Get(k)
				if got != want && (p.page || got != "" || k != "Content-Encoding" && k != "Content-Length") {
					t.Errorf("%s HEAD: %s %q, GET's %q", what, k, got, want)
				}
			}
		}
	}
}

func slicesContain(vs []string, want string) bool {
	for _, v := range vs {
		for f := range strings.SplitSeq(v, ",") {
			if strings.TrimSpace(f) == want {
				return true
			}
		}
	}
	return false
}

// Each coding of a page has its own ETag (RFC 9110 §8.8.3), and a client
// revalidating gets 304 only for the representation it would be sent now:
// one that kept the gzip body and now takes brotli gets the brotli body.
func TestCodingETags(t *testing.T) {
	srv := newFixtureServer(t)
	for _, path := range []string{"/2026-01-16/704.5k", "/api/latest/rules/100.1", static.URL("app.js")} {
		tags := map[string]string{}
		for _, enc := range []string{"", "gzip", "br"} {
			w := do(t, srv, "GET", path, "Accept-Encoding", enc)
			tags[enc] = w.Header().Get("ETag")
		}
		small := do(t, srv, "GET", path).Body.Len() < minCompress
		if !small && (tags[""] == tags["gzip"] || tags["gzip"] == tags["br"] || tags[""] == tags["br"]) {
			t.Errorf("%s: the codings share tags: %q", path, tags)
		}
		for enc, tag := range tags {
			for other, otherTag := range tags {
				w := do(t, srv, "GET", path, "Accept-Encoding", enc, "If-None-Match", otherTag)
				want := http.StatusOK
				if otherTag == tag {
					want = http.StatusNotModified
				}
				if w.Code != want {
					t.Errorf("%s taking %q, holding the %q tag %s: %d, want %d", path, enc, other, otherTag, w.Code, want)
				}
				if w.Code == http.StatusNotModified {
					if w.Header().Get("ETag") != tag || !slicesContain(w.Header()["Vary"], "Accept-Encoding") || w.Body.Len() != 0 {
						t.Errorf("%s 304: ETag %q, Vary %q, %d bytes", path, w.Header().Get("ETag"), w.Header()["Vary"], w.Body.Len())
					}
					if w.Header().Get("Content-Encoding") != "" || w.Header().Get("Content-Length") != "" {
						t.Errorf("%s 304 with representation headers: %v", path, w.Header())
					}
				}
			}
		}
	}
}

// The server sends no partial content: a Range request gets the whole
// answer, in the coding negotiated, and no Accept-Ranges invites more.
func TestRangeIgnored(t *testing.T) {
	srv := newFixtureServer(t)
	for _, path := range []string{"/2026-01-16/704.5k", static.URL("app.css"), "/search?q=trample"} {
		plain := do(t, srv, "GET", path)
		for _, enc := range []string{"", "br"} {
			w := do(t, srv, "GET", path, "Accept-Encoding", enc, "Range", "bytes=0-9")
			if w.Code != http.StatusOK || w.Header().Get("Content-Range") != "" || w.Header().Get("Accept-Ranges") != "" {
				t.Errorf("%s %q: status %d, Content-Range %q, Accept-Ranges %q", path, enc, w.Code,
					w.Header().Get("Content-Range"), w.Header().Get("Accept-Ranges"))
			}
			if decoded(t, w) != plain.Body.String() {
				t.Errorf("%s %q: not the whole body", path, enc)
			}
		}
	}
}

// The static assets are compressed once, at the densest levels, and sent
// as they are: the brotli bytes served are those of quality 11, and
// serving them allocates no compressor.
func TestAssetsPrecompressed(t *testing.T) {
	srv := newFixtureServer(t)
	for _, a := range static.All() {
		if len(a.Body) < minCompress || !compressible(a.Type) {
			continue // sent as it is (the PNG icons)
		}
		var want bytes.Buffer
		bw := brotli.NewWriterOptions(&want, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: brotliWindow})
		bw.Write(a.Body)
		bw.Close()
		w := do(t, srv, "GET", a.Path, "Accept-Encoding", "br")
		if w.Header().Get("Content-Encoding") != "br" || !bytes.Equal(w.Body.Bytes(), want.Bytes()) {
			t.Errorf("%s: %d bytes of %q, want the %d of brotli quality 11", a.Path, w.Body.Len(), w.Header().Get("Content-Encoding"), want.Len())
		}
		if w.Body.Len()*2 > len(a.Body) && strings.HasSuffix(a.Name, ".css") {
			t.Errorf("%s: %d bytes compressed from %d", a.Path, w.Body.Len(), len(a.Body))
		}
		req := httptest.NewRequest("GET", a.Path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		allocs := testing.AllocsPerRun(20, func() {
			srv.ServeHTTP(&nopWriter{h: http.Header{}}, req)
		})
		// Routing through echo and the response's headers take a few;
		// compressing would take hundreds of kilobytes in dozens.
		if allocs > 20 {
			t.Errorf("%s: %.0f allocations to serve it gzipped: compressed per request?", a.Path, allocs)
		}
	}
}

// The page cache keeps a page compressed only, and counts those bytes
// against its budget; a client that takes no coding still gets the page,
// and from then on the page keeps its identity body too, counted.
func TestCacheKeepsCompressed(t *testing.T) {
	srv := newFixtureServer(t)
	const path = "/2026-01-16/704.5k"
	do(t, srv, "GET", path, "Accept-Encoding", "br")
	st := srv.site.Load()
	p := st.pages.get(pageKey{path, true}) // a request without the stylesheets cookie
	if p == nil {
		t.Fatal("not cached")
	}
	if p.body[identity] != nil || p.body[gzipCoding] == nil || p.body[brCoding] == nil || p.plain.Load() != nil {
		t.Errorf("cached bodies: identity %d, gzip %d, br %d bytes, plain %v", len(p.body[identity]), len(p.body[gzipCoding]), len(p.body[brCoding]), p.plain.Load() != nil)
	}
	compressed := int64(len(path) + pageOverhead + len(p.body[gzipCoding]) + len(p.body[brCoding]))
	if st.pages.size != compressed {
		t.Errorf("cache counts %d bytes, want %d", st.pages.size, compressed)
	}
	plain := do(t, srv, "GET", path)
	if p.size != plain.Body.Len() || plain.Body.Len() <= len(p.body[gzipCoding])+len(p.body[brCoding]) {
		t.Errorf("identity body %d bytes (page says %d), compressed %d + %d", plain.Body.Len(), p.size, len(p.body[gzipCoding]), len(p.body[brCoding]))
	}
	if b := p.plain.Load(); b == nil || string(*b) != plain.Body.String() {
		t.Fatal("identity body not kept after a client asked for it")
	}
	if want := compressed + int64(plain.Body.Len()); st.pages.size != want {
		t.Errorf("with the identity body the cache counts %d bytes, want %d", st.pages.size, want)
	}
	if again := do(t, srv, "GET", path); again.Body.String() != plain.Body.String() || again.Header().Get("Content-Length") != strconv.Itoa(plain.Body.Len()) {
		t.Errorf("from the cache, identity: %d bytes, Content-Length %q", again.Body.Len(), again.Header().Get("Content-Length"))
	}
}

// With the cache off (as for a static export), a page is compressed for
// the one answer.
func TestUncachedPageCompressed(t *testing.T) {
	srv := NewServer(fixtureLibrary(t), Options{Cache: 1})
	const path = "/2026-01-16/704.5k"
	plain := do(t, srv, "GET", path)
	w := do(t, srv, "GET", path, "Accept-Encoding", "gzip")
	if w.Header().Get("Content-Encoding") != "gzip" || decoded(t, w) != plain.Body.String() || w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
		t.Errorf("uncached: %q, %d bytes, Content-Length %q", w.Header().Get("Content-Encoding"), w.Body.Len(), w.Header().Get("Content-Length"))
	}
	if srv.site.Load().pages.get(pageKey{path, true}) != nil {
		t.Error("cached with the cache off")
	}
}

// /metrics compresses itself with gzip (promhttp): the server must not
// compress it again, nor say twice that it varies.
func TestMetricsNotCompressedTwice(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "/metrics", "Accept-Encoding", "gzip")
	if got := w.Header().Values("Content-Encoding"); len(got) != 1 || got[0] != "gzip" {
		t.Fatalf("Content-Encoding %q", got)
	}
	if body := decoded(t, w); !strings.Contains(body, "arbiter_editions_loaded") {
		t.Errorf("not the metrics: %.200q", body)
	}
	n := 0
	for _, v := range w.Header()["Vary"] {
		n += strings.Count(v, "Accept-Encoding")
	}
	if n != 1 {
		t.Errorf("Vary %q", w.Header()["Vary"])
	}
}

// The cache keeps what it holds within its budget, counting every page's
// cost, and refuses a page that would take over a quarter of it.
func TestPageCacheBudget(t *testing.T) {
	mk := func(n int) *page {
		p := newPage(bytes.Repeat([]byte("x"), n), "text/html; charset=UTF-8", hdrPageCache)
		p.body[gzipCoding], p.body[identity] = p.body[identity], nil // as if compressed to n bytes
		return p
	}
	const budget = 40 << 10
	c := newPageCache(budget)
	for i := range 100 {
		p := mk(2000 + i*10)
		c.put(pageKey{path: fmt.Sprintf("/page/%d", i), inline: i%2 == 0}, p)
		if i%3 == 0 { // a client that takes no coding asked for it
			c.keepPlain(p, make([]byte, 1000+i))
		}
		var sum int64
		for k, p := range c.pages {
			sum += p.cost(k)
		}
		if sum != c.size || c.size > budget {
			t.Fatalf("after %d puts: size %d, pages cost %d, budget %d", i+1, c.size, sum, budget)
		}
	}
	if len(c.pages) < 8 {
		t.Errorf("only %d pages of about 3 KB kept in 40 KB", len(c.pages))
	}
	plain := 0
	for _, p := range c.pages {
		if p.plain.Load() != nil {
			plain++
		}
	}
	if plain == 0 {
		t.Error("no page kept its identity body")
	}
	gone := mk(100)
	c.put(pageKey{path: "/gone"}, gone)
	c.put(pageKey{path: "/gone"}, mk(100)) // replaced: the old page keeps nothing more
	before := c.size
	c.keepPlain(gone, make([]byte, 100))
	if gone.plain.Load() != nil || c.size != before {
		t.Error("a page no longer in the cache kept its identity body")
	}
	c.put(pageKey{path: "/huge"}, mk(budget/4))
	if c.get(pageKey{path: "/huge"}) != nil {
		t.Error("a page of a quarter of the budget was kept")
	}
	if !c.keeps(budget) || c.keeps(budget+1) {
		t.Error("keeps: wrong at the budget")
	}
}
