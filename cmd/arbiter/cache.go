package main

import (
	"bytes"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/views"
)

// page is a rendered response kept for reuse. Pages are a pure function of
// the library and the URL path, and a library never changes once loaded, so
// a page rendered once can be served until the library is replaced.
//
// A page holds its body in one or more content codings (coding.go). One in
// the cache keeps only its brotli and gzip bodies, compressed when it was
// rendered, so that a hit costs no compression and the cache holds two to
// four times as many pages (a rule page: 10.5 KB, or 4.9 KB in brotli and
// gzip together); the first client that asks for one uncompressed gets the
// gzip body inflated, and the identity body is kept from then on (plain),
// counted against the cache's budget, so that only the pages such clients
// read take the room (inflating the rule page on each request halved the
// rate it was served at). A body too small to be worth compressing is
// kept as it is.
type page struct {
	body [numCodings][]byte // by coding; nil where not kept
	// plain is the identity body inflated from the gzip one for a client
	// that takes no coding, once the cache (in, under key) keeps it.
	plain atomic.Pointer[[]byte]
	in    *pageCache
	key   pageKey
	size  int    // bytes of the identity body
	etag  string // the identity body's tag; each coding's adds a suffix
	// Header values, built once: sending a cached page allocates nothing.
	hdrType, hdrCache, hdrVary []string
	hdrETag, hdrLength         [numCodings][]string
	// The route that rendered it, whose metrics a cache hit counts in.
	route *routeMetrics
}

// pageCache holds rendered pages up to a byte budget. When full it drops
// entries at random (Go's map order), which needs no bookkeeping on the
// read path; the popular pages come back on their next request.
type pageCache struct {
	mu     sync.RWMutex
	pages  map[pageKey]*page
	size   int64
	budget int64
}

func newPageCache(budget int64) *pageCache {
	return &pageCache{pages: map[pageKey]*page{}, budget: budget}
}

// pageKey is what a cached page is found by: its path (and query, for
// renderKey's pages), and whether it writes its stylesheets in
// (views.WithInlineStyles), which only a page of HTML does.
type pageKey struct {
	path   string
	inline bool
}

func (c *pageCache) get(key pageKey) *page {
	c.mu.RLock()
	p := c.pages[key]
	c.mu.RUnlock()
	return p
}

// keeps reports whether a page whose identity body is n bytes is worth
// compressing for the cache: put refuses one whose compressed bodies take
// over a quarter of the budget, and a page larger than the whole budget
// would have to compress better than 4 to 1 in brotli and gzip together.
// (A cache of a byte, as a static export uses, takes none.)
func (c *pageCache) keeps(n int) bool { return int64(n) <= c.budget }

func (c *pageCache) put(key pageKey, p *page) {
	n := p.cost(key)
	if n > c.budget/4 {
		return // one huge page must not flush everything else
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.pages[key]; ok {
		c.size -= old.cost(key)
	}
	for k, v := range c.pages {
		if c.size+n <= c.budget {
			break
		}
		delete(c.pages, k)
		c.size -= v.cost(k)
	}
	p.in, p.key = c, key
	c.pages[key] = p
	c.size += n
}

// keepPlain keeps b as p's identity body if p is still in the cache and
// the cache has room for it, dropping other pages to make room as put
// does.
func (c *pageCache) keepPlain(p *page, b []byte) {
	n := int64(len(b))
	if n > c.budget/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pages[p.key] != p || p.plain.Load() != nil {
		return // dropped meanwhile, or another request kept it first
	}
	for k, v := range c.pages {
		if c.size+n <= c.budget {
			break
		}
		if v != p {
			delete(c.pages, k)
			c.size -= v.cost(k)
		}
	}
	p.plain.Store(&b)
	c.size += n
}

// cost is what p counts against the cache's budget under key: the bodies
// it keeps, in every coding, and what keeping it takes besides.
func (p *page) cost(key pageKey) int64 {
	n := len(key.path) + pageOverhead
	for _, b := range p.body {
		n += len(b)
	}
	if b := p.plain.Load(); b != nil {
		n += len(*b)
	}
	return int64(n)
}

// pageOverhead is the heap a cached page takes besides its key and bodies:
// the page, its header values, its map entry, the bodies' rounding up to
// an allocation size. Measured: 2,852 rule pages counted 12.0 MiB without
// it and grew the heap by 14.3 MiB.
const pageOverhead = 850

var (
	hdrVary       = header("Accept-Encoding")
	hdrVaryHTML   = header("Accept-Encoding, Cookie")
	hdrPageCache  = header("public, max-age=300")
	hdrAssetCache = header("public, max-age=31536000, immutable")
)

// newPage is a page of body alone, uncompressed; cacheControl is its
// Cache-Control value (hdrPageCache, hdrAssetCache).
func newPage(body []byte, contentType string, cacheControl []string) *page {
	h := fnv.New64a()
	h.Write(body)
	p := &page{size: len(body), etag: `"` + strconv.FormatUint(h.Sum64(), 36) + `"`,
		hdrType: header(contentType), hdrCache: cacheControl}
	if compressible(contentType) {
		p.hdrVary = hdrVary
		if strings.HasPrefix(contentType, "text/html") {
			p.hdrVary = hdrVaryHTML // views.StylesCookie
		}
	}
	p.body[identity] = body
	p.setHeaders(identity)
	return p
}

// html reports whether p is a page of HTML, which has a variant with its
// stylesheets written in.
func (p *page) html() bool { return len(p.hdrVary) == 1 && &p.hdrVary[0] == &hdrVaryHTML[0] }

// compresses reports whether p is sent compressed to a client that takes
// a coding.
func (p *page) compresses() bool { return p.hdrVary != nil && p.size >= minCompress }

// encode compresses p's body with each of encs (by coding) and keeps the
// results; without keepIdentity it then drops the identity body, which
// writePage rebuilds from the gzip one.
func (p *page) encode(encs [numCodings]*encoder, keepIdentity bool) {
	if !p.compresses() {
		return
	}
	for c, enc := range encs {
		if enc != nil {
			p.body[c] = enc.compress(p.body[identity])
			p.setHeaders(coding(c))
		}
	}
	if !keepIdentity && p.body[gzipCoding] != nil {
		p.body[identity] = nil
	}
}

// setHeaders builds the ETag and Content-Length values of p's body in c.
func (p *page) setHeaders(c coding) {
	p.hdrETag[c] = header(codingETag(p.etag, c))
	n := p.size
	if c != identity {
		n = len(p.body[c])
	}
	p.hdrLength[c] = header(strconv.Itoa(n))
}

// render serves a page that depends only on the URL path: from the cache if
// it is there, else rendered by c and cached. Handlers that read the query
// string must not use it.
func (s *Server) render(ctx echo.Context, comp templ.Component) error {
	return s.renderAs(ctx, comp, echo.MIMETextHTMLCharsetUTF8)
}

func (s *Server) renderAs(ctx echo.Context, comp templ.Component, contentType string) error {
	return s.renderKey(ctx, ctx.Request().URL.Path, comp, contentType)
}

// renderKey is renderAs for a page that depends on its query string too:
// key is its path and its query written one way (the handler redirects
// any other), so that a query cannot fill the cache with copies.
// ServeHTTP looks a request up under its path and query as sent, so only
// the canonical form is answered before routing.
func (s *Server) renderKey(ctx echo.Context, key string, comp templ.Component, contentType string) error {
	st := siteOf(ctx)
	k := pageKey{key, strings.HasPrefix(contentType, "text/html") && views.InlinesStyles(ctx.Request().Context())}
	if p := st.pages.get(k); p != nil {
		return sendPage(ctx, p)
	}
	var buf bytes.Buffer
	if err := comp.Render(ctx.Request().Context(), &buf); err != nil {
		return err
	}
	p := newPage(buf.Bytes(), contentType, hdrPageCache)
	p.route = s.metrics.route(ctx.Path())
	if st.pages.keeps(p.size) {
		p.encode(pageEncoders, false)
		st.pages.put(k, p)
	}
	return sendPage(ctx, p)
}

// sendPage writes p with its validator; a client that has it gets 304.
func sendPage(ctx echo.Context, p *page) error {
	writePage(ctx.Response(), ctx.Request(), p)
	return nil
}

// writePage sends p in the coding the request takes best, or 304 to a
// client that has that representation; it returns the status. The answer
// varies with Accept-Encoding whenever p's type is one that is compressed,
// even when p is too small to be: a cache must not hand a brotli body of one
// page to a client of another that takes none.
func writePage(w http.ResponseWriter, r *http.Request, p *page) int {
	h := w.Header()
	c := identity
	if p.compresses() {
		c = negotiate(r.Header["Accept-Encoding"], precompressed)
	}
	if p.hdrVary != nil {
		h["Vary"] = p.hdrVary
	}
	h["Etag"] = p.hdrETag[c]
	h["Cache-Control"] = p.hdrCache
	if match := r.Header["If-None-Match"]; len(match) > 0 && etagMatch(strings.Join(match, ","), p.hdrETag[c][0]) {
		// A 304 carries the validator, Vary and Cache-Control, and no
		// representation metadata (RFC 9110 §15.4.5).
		w.WriteHeader(http.StatusNotModified)
		return http.StatusNotModified
	}
	h["Content-Type"] = p.hdrType
	body := p.body[c]
	if body == nil && c != identity {
		// A page the cache did not take (larger than it keeps, or the
		// cache is off): compressed for this answer alone.
		body = dynamicEncoders[c].compress(p.body[identity])
		h["Content-Length"] = []string{strconv.Itoa(len(body))}
	} else {
		h["Content-Length"] = p.hdrLength[c]
	}
	if c != identity {
		h["Content-Encoding"] = codingHeader[c]
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return http.StatusOK
	}
	if body == nil {
		body = p.identity()
	}
	w.Write(body)
	return http.StatusOK
}

// identity is the body of p, kept only compressed, for a client that
// takes no coding: inflated the first time, and kept if the cache has
// room.
func (p *page) identity() []byte {
	if b := p.plain.Load(); b != nil {
		return *b
	}
	var buf bytes.Buffer
	buf.Grow(p.size)
	if err := writeGunzipped(&buf, p.body[gzipCoding]); err != nil {
		return buf.Bytes() // cannot be: this process compressed it; not kept
	}
	b := buf.Bytes()
	if p.in != nil {
		p.in.keepPlain(p, b)
	}
	return b
}

// header is a header value shared by many responses. Its capacity is its
// length, so code that appends to it copies rather than writes into it.
func header(v string) []string { return []string{v}[:1:1] }

// etagMatch reports whether an If-None-Match header lists etag (or "*").
func etagMatch(header, etag string) bool {
	for header != "" {
		var tag string
		tag, header, _ = strings.Cut(header, ",")
		tag = strings.TrimSpace(tag)
		if tag == "*" || tag == etag || tag == "W/"+etag {
			return true
		}
	}
	return false
}
