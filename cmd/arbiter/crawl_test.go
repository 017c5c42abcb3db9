package main

import (
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
	"github.com/arbiter-rules/arbiter/views"
)

// corpusServer serves what `arbiter serve --rules ../shared/corpus/cr/2026-01-16.txt`
// serves: the embedded editions plus that file.
func corpusServer(t testing.TB) (*Server, *rules.Edition) {
	t.Helper()
	path := corpustest.Path(t, "corpus", "cr", "2026-01-16.txt")
	lib, err := loadLibrary(contentOptions{paths: []string{path}}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	e := lib.Edition("2026-01-16")
	if e == nil {
		t.Fatal("no edition 2026-01-16 after loading the corpus file")
	}
	return NewServer(lib, Options{}), e
}

// TestCrawl walks the 2026-01-16 edition from its table of contents as a
// reader would: every link on every page of the edition must lead to a page
// that exists, and every rule must be reached.
func TestCrawl(t *testing.T) {
	t.Parallel()
	srv, e := corpusServer(t)
	crawl(t, srv, srv.paths, e)
}

// crawl walks edition e from its contents page, fetching every page of the
// edition it links to and checking every other link it finds. It fails the
// test for a link that leads nowhere, a previewable link without a preview,
// an entry, topic or glossary term no link reaches, and a reference in an
// entry's text that is not a link on the entry's page. paths says how the
// site served by srv names its pages: the server's way, or a static
// export's (TestExportSite crawls one). It returns every path it found
// with status 200: the edition's pages and whatever they link to.
func crawl(t *testing.T, srv http.Handler, paths views.Paths, e *rules.Edition) map[string]bool {
	t.Helper()
	toc := paths.TOCURL(e.ID)
	prefix := paths.Base + "/" + e.ID // the edition's pages are below it
	status := map[string]int{toc: 0}  // URL path → status
	from := map[string]string{}       // first page that linked to it
	queue := []string{toc}
	pages := map[string]*goquery.Document{}
	previews := map[string]bool{} // targets of previewable links
	links := 0
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		w := do(t, srv, "GET", p)
		status[p] = w.Code
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
			continue
		}
		d := parse(t, w)
		pages[p] = d
		d.Find("a[href], link[href], script[src]").Each(func(_ int, s *goquery.Selection) {
			href, ok := s.Attr("href")
			if !ok {
				href, _ = s.Attr("src")
			}
			u, err := url.Parse(href)
			if err != nil {
				t.Errorf("%s: bad link %q", p, href)
				return
			}
			if u.Host != "" || u.Path == "" {
				return // outside links and in-page anchors
			}
			links++
			if s.Is("a.x") {
				previews[u.Path] = true
			}
			if _, seen := status[u.Path]; seen {
				return
			}
			status[u.Path] = 0
			from[u.Path] = p
			if strings.HasPrefix(u.Path, prefix+"/") {
				queue = append(queue, u.Path) // crawl the edition's pages
			} else {
				w := do(t, srv, "GET", u.Path) // check the others exist
				status[u.Path] = w.Code
			}
		})
	}
	for p, code := range status {
		if code != 200 {
			t.Errorf("%s (linked from %s): status %d", p, from[p], code)
		}
	}
	// app.js fetches /preview/<path> for every previewable link.
	for p := range previews {
		if w := do(t, srv, "GET", paths.PreviewURL(p)); w.Code != 200 {
			t.Errorf("%s: status %d", paths.PreviewURL(p), w.Code)
		}
	}
	var want []string
	for _, r := range e.Entries() {
		want = append(want, paths.RuleURL(e.ID, r.Number))
	}
	for _, tp := range e.Topics {
		want = append(want, paths.TopicURL(e.ID, tp.Slug))
	}
	for _, g := range e.Glossary {
		want = append(want, paths.TermURL(e.ID, g.Slug))
	}
	missing := 0
	for _, p := range want {
		if _, ok := pages[p]; !ok {
			if missing++; missing <= 10 {
				t.Errorf("%s not reachable from the table of contents", p)
			}
		}
	}
	if missing > 10 {
		t.Errorf("… %d pages unreachable in all", missing)
	}
	t.Logf("crawled %d pages of %s, followed %d links to %d distinct paths (%d previewed); %d entries, %d terms, %d topics, %d references (%d dangling)",
		len(pages), e.ID, links, len(status), len(previews), len(e.Entries()), len(e.Glossary), len(e.Topics), len(e.Refs), len(e.Dangling))

	// Every resolved reference and glossary mention in a rule's own text is a
	// link on the rule's page; every dangling one is marked instead.
	for _, r := range e.Entries() {
		d := pages[paths.RuleURL(e.ID, r.Number)]
		if d == nil {
			continue
		}
		want, dangling := 0, 0
		for _, b := range r.Body {
			for _, sp := range b.Text.Spans {
				_, resolved := e.Resolve(sp.Cited())
				switch {
				case sp.Kind == rules.SpanRef && resolved:
					want++
				case sp.Kind == rules.SpanRef:
					dangling++
				case sp.Kind == rules.SpanTerm && e.Term(sp.Target) != nil:
					want++
				}
			}
		}
		// Its paragraphs, examples, and a judge document's lists (docBlocks).
		own := d.Find("div[id='" + r.Number.String() + "']").First().ChildrenFiltered("p, .ex, ul.items")
		if got := own.Find("a.x").Length(); got < want {
			t.Errorf("%s: %d reference links, want %d", r.Number, got, want)
		}
		if got := own.Find(".dangling").Length(); got != dangling {
			t.Errorf("%s: %d dangling marks, want %d", r.Number, got, dangling)
		}
	}
	found := map[string]bool{}
	for p, code := range status {
		if code == 200 {
			found[p] = true
		}
	}
	return found
}

// TestCorpusRulePage checks the page the issue names on real data.
func TestCorpusRulePage(t *testing.T) {
	srv, _ := corpusServer(t)
	w := do(t, srv, "GET", "/2026-01-16/704.5k", keptStyles...) // the page, not the stylesheet a first visit gets in it
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	if n := w.Body.Len(); n > 30<<10 {
		t.Errorf("rule page is %d bytes, over the 30 KB budget", n)
	}
	d := parse(t, w)
	if txt := d.Find("div[id='704.5k'] p").Text(); !strings.Contains(txt, "world rule") {
		t.Errorf("704.5k text %q", txt)
	}
	if c := d.Find(".cite code").Text(); c != "CR 704.5k (2026-01-16)" {
		t.Errorf("citation %q", c)
	}
	checkPageHygiene(t, d)
	// /rules/ finds the newest edition with the rule.
	d = parse(t, do(t, srv, "GET", "/rules/704.5k"))
	if c := d.Find(".cite code").Text(); c != "CR 704.5k (2026-01-16)" {
		t.Errorf("/rules/704.5k cites %q", c)
	}
}

// TestEmbeddedEditions serves the default content (`arbiter serve` with no
// flags) and crawls each edition that parses.
func TestEmbeddedEditions(t *testing.T) {
	t.Parallel()
	lib, err := loadLibrary(contentOptions{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Editions) == 0 {
		t.Fatal("no embedded edition parses")
	}
	srv := NewServer(lib, Options{})
	if w := do(t, srv, "GET", "/"); w.Code != 200 {
		t.Fatalf("home: %d", w.Code)
	}
	for _, e := range lib.Editions {
		t.Run(e.ID, func(t *testing.T) { crawl(t, srv, srv.paths, e) })
	}
}

// TestCrawlFixtures crawls the hand-built editions, whose glossary and
// topics exercise what the embedded ones may not.
func TestCrawlFixtures(t *testing.T) {
	srv := newFixtureServer(t)
	for _, e := range srv.Library().Editions {
		t.Run(e.ID, func(t *testing.T) { crawl(t, srv, srv.paths, e) })
	}
}
