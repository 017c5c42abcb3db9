package views

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"html"
	"strings"

	"github.com/arbiter-rules/arbiter/static"
)

// A page's first paint waits for its stylesheets, and on a slow phone each
// is a round trip after the page's own (400 ms there: issue 28). So a
// browser that has not yet kept them gets them written into the page, in
// <style> elements; static/app.js then fetches them into the browser's
// cache and sets StylesCookie, and the server links them from then on, as
// it did before. A browser without script, or that keeps no cookie, is
// always sent them inside the page: larger pages, never unstyled ones.

// StylesCookie names the cookie that says the browser has kept this
// version of every stylesheet (StylesVersion is its value).
const StylesCookie = "arbiter-css"

// stylesheets are the assets written into pages as <style> when inlined.
var stylesheets = func() []*static.Asset {
	var out []*static.Asset
	for _, a := range static.All() {
		if strings.HasSuffix(a.Name, ".css") {
			out = append(out, a)
		}
	}
	return out
}()

// styleElements are the stylesheets as <style> elements, by name, built
// once: a page that is not cached (a search) writes one in on every
// request. A stylesheet never holds "</style" (the test of the assets
// checks).
var styleElements = func() map[string]string {
	m := map[string]string{}
	for _, a := range stylesheets {
		m[a.Name] = "<style>" + string(a.Body) + "</style>"
	}
	return m
}()

// StylesVersion changes whenever a stylesheet does (it is made of their
// hashed names), so a browser that kept older ones is sent the new ones
// inline until it has fetched them.
var StylesVersion = func() string {
	h := sha256.New()
	for _, a := range stylesheets {
		h.Write([]byte(a.Path))
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}()

// StyleSources are the content-security-policy sources that allow the
// stylesheets as <style> elements and no other inline style: their hashes.
var StyleSources = func() string {
	var srcs []string
	for _, a := range stylesheets {
		sum := sha256.Sum256(a.Body)
		srcs = append(srcs, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return strings.Join(srcs, " ")
}()

// StylesURLs lists every stylesheet's URL, for app.js to fetch into the
// cache once the page has loaded.
func (p Page) StylesURLs() string {
	var urls []string
	for _, a := range stylesheets {
		urls = append(urls, p.Base+a.Path)
	}
	return strings.Join(urls, " ")
}

type inlineStylesKey struct{}

// WithInlineStyles marks a request's context: the pages it renders write
// their stylesheets into themselves.
func WithInlineStyles(ctx context.Context) context.Context {
	return context.WithValue(ctx, inlineStylesKey{}, true)
}

// inlineStyles reports whether the page rendered under ctx writes its
// stylesheets in. A static export never does: its policy is a <meta> tag
// that allows no inline style, and its files are fetched once, from disk.
func inlineStyles(ctx context.Context, p Page) bool {
	return InlinesStyles(ctx) && !p.Static
}

// styleTag is the named stylesheet as a <style> element, or as the usual
// link when the page does not inline its styles.
func styleTag(ctx context.Context, p Page, name string) string {
	if !inlineStyles(ctx, p) {
		return `<link rel="stylesheet" href="` + html.EscapeString(p.StaticURL(name)) + `"/>`
	}
	el, ok := styleElements[name]
	if !ok {
		panic("views: no stylesheet " + name) // as static.URL: a typo fails every test
	}
	return el
}

// InlinesStyles reports whether ctx is marked by WithInlineStyles.
func InlinesStyles(ctx context.Context) bool {
	on, _ := ctx.Value(inlineStylesKey{}).(bool)
	return on
}
