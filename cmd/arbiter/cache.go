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
	body        []byte
	etag        string
	contentType string
	length      string
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
	return &page{
		body:        body,
		etag:        `"` + strconv.FormatUint(h.Sum64(), 36) + `"`,
		contentType: contentType,
		length:      strconv.Itoa(len(body)),
	}
}

// render serves a page that depends only on the URL path: from the cache if
// it is there, else rendered by c and cached. Handlers that read the query
// string must not use it.
func (s *Server) render(ctx echo.Context, comp templ.Component) error {
	return s.renderAs(ctx, comp, echo.MIMETextHTMLCharsetUTF8)
}

func (s *Server) renderAs(ctx echo.Context, comp templ.Component, contentType string) error {
	st := siteOf(ctx)
	key := ctx.Request().URL.Path
	if p := st.pages.get(key); p != nil {
		return sendPage(ctx, p)
	}
	var buf bytes.Buffer
	if err := comp.Render(ctx.Request().Context(), &buf); err != nil {
		return err
	}
	p := newPage(buf.Bytes(), contentType)
	st.pages.put(key, p)
	return sendPage(ctx, p)
}

// sendPage writes p with its validator; a client that has it gets 304.
func sendPage(ctx echo.Context, p *page) error {
	h := ctx.Response().Header()
	h.Set(echo.HeaderContentType, p.contentType)
	h.Set("ETag", p.etag)
	h.Set(echo.HeaderCacheControl, "public, max-age=300")
	if match := ctx.Request().Header.Get("If-None-Match"); match != "" && etagMatch(match, p.etag) {
		ctx.Response().WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set(echo.HeaderContentLength, p.length)
	ctx.Response().WriteHeader(http.StatusOK)
	if ctx.Request().Method == http.MethodHead {
		return nil
	}
	_, err := ctx.Response().Write(p.body)
	return err
}

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
