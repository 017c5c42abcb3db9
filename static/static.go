// Package static holds Arbiter's stylesheet, script and icon, embedded in the
// binary and served under content-hashed names, so a browser may cache them
// for a year: a changed file gets a new name.
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

//go:embed app.css app.js icon.svg sandbox.css sandbox.js
var files embed.FS

// SearchJS runs search in the browser on a static export's search page
// (arbiter export --site writes it). It is not one of the assets: the
// server never serves it, so the live app's script stays small.
//
//go:embed search.js
var SearchJS []byte

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
