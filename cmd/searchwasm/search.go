// Command searchwasm is Arbiter's search compiled to WebAssembly, for
// wherever there is no server to ask: a static export (arbiter export
// --site), and the server's own pages read offline (the service worker,
// static/sw.js). The page static/search.js runs it on loads the edition's
// own source files, parses them with the same parsers as the server,
// builds the same index with rules/search and renders the hits with the
// same view, so it answers a query as the server would.
//
//	GOOS=js GOARCH=wasm go build -o search.wasm ./cmd/searchwasm
//
// The build the server embeds and the export writes is generated into
// static/searchwasm (go generate ./static/searchwasm).
package main

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/search"
	"github.com/arbiter-rules/arbiter/views"
)

// resultLimit is the hits a search shows, as on the server's search page.
const resultLimit = 50

// site is one edition ready to search.
type site struct {
	paths    views.Paths
	id       string
	searcher *search.Searcher
}

// open reads edition id from data, a zip of its source files whose comment
// names the file or directory to load (see cmd/arbiter/export_site.go),
// and indexes it. base is the site's URL prefix, for the hits' links, and
// static whether they are a static export's (path.html).
func open(id, base string, data []byte, static bool) (*site, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	eds, err := rules.Load(zr, zr.Comment)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	if len(eds) != 1 || eds[0].Failed() {
		return nil, fmt.Errorf("%s: the sources hold %d editions, want one that parses", id, len(eds))
	}
	e := eds[0]
	e.ID = id // the export's name for it, which the library gave
	s := &site{
		paths:    views.Paths{Base: base, Static: static},
		id:       id,
		searcher: search.NewSearcher(rules.NewLibrary([]*rules.Edition{e})),
	}
	s.searcher.WarmNewest()
	return s, nil
}

// query runs q and returns the results as HTML, or the URL of the rule a
// bare rule number names (the server redirects there too).
func (s *site) query(q string) (html, jump string, err error) {
	r, err := s.searcher.Search(s.id, q, search.Options{Limit: resultLimit})
	if err != nil {
		return "", "", err
	}
	if r.Jump != nil && len(r.Notes) == 0 {
		return "", s.paths.RuleURL(r.Jump.Edition, r.Jump.Number), nil
	}
	var b bytes.Buffer
	if err := views.SearchHits(s.paths, r).Render(context.Background(), &b); err != nil {
		return "", "", err
	}
	return b.String(), "", nil
}
