package main

import (
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/static"
)

// assetPages are the static assets (static.All) as pages by URL path,
// each compressed once with the densest levels and kept in every coding:
// some 60 ms of CPU for the 30 KB of them, done on first use (serve starts
// it at once, Warm), never per request.
var assetPages = sync.OnceValue(func() map[string]*page {
	pages := map[string]*page{}
	for _, a := range static.All() {
		p := newPage(a.Body, a.Type, hdrAssetCache)
		p.encode(assetEncoders, true)
		pages[a.Path] = p
	}
	return pages
})

var assetEncoders = [numCodings]*encoder{gzipCoding: newEncoder(gzipCoding, assetGzip), brCoding: newEncoder(brCoding, assetBrotli)}

// serveStatic serves an asset under its hashed name; a browser may keep it
// a year, since its name changes with its bytes.
func serveStatic(c echo.Context) error {
	p := assetPages()[c.Request().URL.Path]
	if p == nil {
		return notFound("No such file. Asset names change when their contents do; reload the page.")
	}
	writePage(c.Response(), c.Request(), p)
	return nil
}
