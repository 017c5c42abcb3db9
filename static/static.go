// Package static holds Arbiter's stylesheets, scripts and icons, embedded in
// the binary and served under content-hashed names, so a browser may cache
// them for a year: a changed file gets a new name. search.js runs search in
// the browser, where there is no server to ask: a static export's search
// page, and the server's pages read offline (cmd/searchwasm is the search).
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"path"
	"sort"
	"strings"
)

// The PNG icons are drawn from icon.svg by genicons, for the web app
// manifest: browsers want them to install the site as an app.
//
//go:generate go run ./genicons
//go:embed all.js app.css app.js icon.svg icon-192.png icon-512.png sandbox.css sandbox.js search.js
var files embed.FS

// ServiceWorker is the script that keeps the site readable offline. It is
// not one of the assets: it is served at the site's root, under a name that
// never changes (a worker's scope is the path it is served from, and the
// browser finds a new version by fetching the same URL), with the asset
// URLs and edition it saves written in front of it (cmd/arbiter/offline.go).
//
//go:embed sw.js
var ServiceWorker []byte

// Prefix is the URL path every asset is served under.
const Prefix = "/static/"

// Asset is one embedded file.
type Asset struct {
	Name string // source name: "app.css"
	Path string // hashed URL path: "/static/app.1a2b3c4d5e.css"
	Type string // Content-Type
	Body []byte
}

var (
	byName = map[string]*Asset{}
	byPath = map[string]*Asset{}
)

func init() {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err)
	}
	for _, de := range entries {
		b, err := files.ReadFile(de.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(b)
		ext := path.Ext(de.Name())
		a := &Asset{
			Name: de.Name(),
			Path: Prefix + strings.TrimSuffix(de.Name(), ext) + "." + hex.EncodeToString(sum[:5]) + ext,
			Type: mime.TypeByExtension(ext),
			Body: b,
		}
		if ext == ".js" {
			a.Type = "text/javascript; charset=utf-8"
		}
		byName[a.Name] = a
		byPath[a.Path] = a
	}
}

// URL returns the hashed path of the named asset ("app.css"). An unknown
// name is a programming error and panics, so a typo fails every test at once.
func URL(name string) string {
	a, ok := byName[name]
	if !ok {
		panic("static: no asset " + name)
	}
	return a.Path
}

// Lookup finds an asset by its hashed URL path.
func Lookup(urlPath string) (*Asset, bool) {
	a, ok := byPath[urlPath]
	return a, ok
}

// All lists every asset, by name.
func All() []*Asset {
	out := make([]*Asset, 0, len(byName))
	for _, a := range byName {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
