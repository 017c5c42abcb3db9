package main

import (
	"net/http"
	"strings"

	"github.com/arbiter-rules/arbiter/views"
)

// wantsInlineStyles reports whether the pages answering r write their
// stylesheets in (views.WithInlineStyles): the browser has not said, by
// views.StylesCookie, that it keeps this version of them. A tool that
// sends no cookie is sent them inside the page too: a page is never
// unstyled for want of a second request.
func wantsInlineStyles(r *http.Request) bool {
	for _, line := range r.Header["Cookie"] {
		for part := range strings.SplitSeq(line, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
			if name == views.StylesCookie && value == views.StylesVersion {
				return false
			}
		}
	}
	return true
}

// cachedPage finds r's answer in the page cache under key: the page of
// its variant, or a page that has no variants (one that is not HTML,
// which renderKey keeps as not inlined).
func cachedPage(c *pageCache, key string, inline bool) *page {
	if p := c.get(pageKey{key, inline}); p != nil || !inline {
		return p
	}
	if p := c.get(pageKey{key, false}); p != nil && !p.html() {
		return p
	}
	return nil
}
