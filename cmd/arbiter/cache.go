package main

import (
	"bytes"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
)

// page is a rendered response kept for reuse. Pages are a pure function of
// the library and the URL path, and a library never changes once loaded, so
// a page rendered once can be served until the library is replaced.
type page struct {
	body []byte
	etag string
	// Header values, built once: sending a cached page allocates nothing.
	hdrType, hdrETag, hdrLength []string
	// The route that rendered it, whose metrics a cache hit counts in.
	route *routeMetrics
}

// pageCache holds rendered pages up to a byte budget. When full it drops
// entries at random (Go's map order), which needs no bookkeeping on the
// read path; the popular pages come back on their next request.
type pageCache struct {
	mu     sync.RWMutex
	pages  map[string]*page
	size   int64
	budget int64
}

func newPageCache(budget int64) *pageCache {
	return &pageCache{pages: map[string]*page{}, budget: budget}
}

func (c *pageCache) get(key string) *page {
	c.mu.RLock()
	p := c.pages[key]
	c.mu.RUnlock()
	return p
}

func (c *pageCache) put(key string, p *page) {
	n := int64(len(p.body) + len(key))
	if n > c.budget/4 {
		return // one huge page must not flush everything else
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.pages[key]; ok {
		c.size -= int64(len(old.body) + len(key))
	}
	for k, v := range c.pages {
		if c.size+n <= c.budget {
			break
		}
		delete(c.pages, k)
		c.size -= int64(len(v.body) + len(k))
	}
	c.pages[key] = p
	c.size += n
}

func newPage(body []byte, contentType string) *page {
	h := fnv.New64a()
	h.Write(body)
	etag := `"` + strconv.FormatUint(h.Sum64(), 36) + `"`
	return &page{
		body:      body,
		etag:      etag,
		hdrType:   header(contentType),
		hdrETag:   header(etag),
		hdrLength: header(strconv.Itoa(len(body))),
	}
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
// any other), so that a query cannot fill the cache with copies. Such a
// page is cached here only: ServeHTTP's look-up before routing is by path.
func (s *Server) renderKey(ctx echo.Context, key string, comp templ.Component, contentType string) error {
	st := siteOf(ctx)
	if p := st.pages.get(key); p != nil {
		return sendPage(ctx, p)
	}
	var buf bytes.Buffer
	if err := comp.Render(ctx.Request().Context(), &buf); err != nil {
		return err
	}
	p := newPage(buf.Bytes(), contentType)
	p.route = s.metrics.route(ctx.Path())
	st.pages.put(key, p)
	return sendPage(ctx, p)
}

// sendPage writes p with its validator; a client that has it gets 304.
func sendPage(ctx echo.Context, p *page) error {
	writePage(ctx.Response(), ctx.Request(), p)
	return nil
}

var hdrPageCache = header("public, max-age=300")

// writePage sends p, or 304 to a client that has it; it returns the status.
func writePage(w http.ResponseWriter, r *http.Request, p *page) int {
	h := w.Header()
	h["Content-Type"] = p.hdrType
	h["Etag"] = p.hdrETag
	h["Cache-Control"] = hdrPageCache
	if match := r.Header["If-None-Match"]; len(match) > 0 && etagMatch(strings.Join(match, ","), p.etag) {
		w.WriteHeader(http.StatusNotModified)
		return http.StatusNotModified
	}
	h["Content-Length"] = p.hdrLength
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(p.body)
	}
	return http.StatusOK
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
