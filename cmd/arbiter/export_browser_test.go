package main

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestExportSearchInBrowser exports the embedded editions, the
// 2026-01-16 corpus file and a judge document of each kind (the IPG's PDF,
// JAR's web page), serves the directory with a plain file server, and
// searches it in chromium: the WebAssembly search gives the hits the
// server gives for the same query (the one its answer shows among them),
// in every document, a bare rule number
// goes to the rule, and without JavaScript the page says what to do
// instead.
func TestExportSearchInBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	corpus := corpustest.Path(t, "corpus", "cr", "2026-01-16.txt")
	ipg := corpustest.Path(t, "corpus", "ipg", "2024-09-23.pdf")
	jar := corpustest.Path(t, "corpus", "jar", "2019-01-21.html")
	dir := exportFor(t, "--official", "none", "--rules", corpus, "--rules", ipg, "--rules", jar, "--base-url", "/arbiter", "--api=false")
	ts := httptest.NewServer(http.StripPrefix("/arbiter", http.FileServer(http.Dir(dir))))
	t.Cleanup(ts.Close)
	lib, err := loadLibrary(contentOptions{paths: []string{corpus, ipg, jar}}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	live := NewServer(lib, Options{})

	// serverHits lists the server's hits for q in edition e by their paths:
	// the entry its answer shows whole above them, when that is of e (the
	// list then leaves it out), and the list, but for the other documents'
	// best hits below it. A static copy searches one edition at a time and
	// shows no answer: its list holds the answer's entry where it ranks.
	serverHits := func(q, e string) (answer string, list []string) {
		d := parse(t, do(t, live, "GET", "/search?"+url.Values{"q": {q}, "e": {e}}.Encode()))
		d.Find(".elsewhere").Remove()
		if a, ok := d.Find("section.answer h2#answer a").Attr("href"); ok && strings.HasPrefix(a, "/"+e+"/") {
			answer = a
		}
		d.Find("ol.hits li.hit p:first-child a").Each(func(_ int, s *goquery.Selection) { list = append(list, s.AttrOr("href", "")) })
		return answer, list
	}
	// sameHits reports whether the browser's hits, the export's paths, are
	// the server's.
	sameHits := func(got []string, answer string, list []string) bool {
		var paths []string
		for _, h := range got {
			paths = append(paths, strings.TrimSuffix(strings.TrimPrefix(h, "/arbiter"), ".html"))
		}
		if answer != "" {
			i := slices.Index(paths, answer)
			if i < 0 {
				return false
			}
			paths = slices.Delete(paths, i, i+1)
		}
		return slices.Equal(paths, list)
	}
	const hitLinks = `Array.from(document.querySelectorAll('ol.hits li.hit p:first-child a')).map(a => a.getAttribute('href'))`

	for _, tc := range []struct{ q, e string }{
		{"legend rule", "2026-01-16"},
		{"deathtuch", "2026-01-16"}, // corrected: "did you mean"
		{`"can't be countered"`, "2026-01-16"},
		{"mana burn", "2007-02-01"},
		{"poison", "classic"},
		{"missed trigger", "ipg/2024-09-23"},
		{"deck problem", "ipg/2024-09-23"},
		{"missed trigger", "jar/2019-01-21"},
	} {
		t.Run(tc.q+" in "+tc.e, func(t *testing.T) {
			answer, list := serverHits(tc.q, tc.e)
			if answer == "" && len(list) == 0 {
				t.Fatalf("the server finds nothing for %q", tc.q)
			}
			ctx := tab(t, bctx)
			start := time.Now()
			timed(t, ctx,
				chromedp.Navigate(ts.URL+"/arbiter/search.html?"+url.Values{"q": {tc.q}, "e": {tc.e}}.Encode()),
				chromedp.WaitVisible(chromedp.CSS("ol.hits")),
			)
			t.Logf("%q in %s: results in the browser after %v (ms: %s)", tc.q, tc.e, time.Since(start).Round(time.Millisecond),
				eval[string](t, ctx, "document.getElementById('results').dataset.timing"))
			if got := eval[[]string](t, ctx, hitLinks); !sameHits(got, answer, list) {
				t.Errorf("browser hits %v\nserver hits  %v, answer %q", got, list, answer)
			}
			if v := eval[string](t, ctx, "document.querySelector('form.searchform input[name=q]').value"); v != tc.q {
				t.Errorf("search box holds %q", v)
			}
			if href := eval[string](t, ctx, "document.querySelector('ol.hits a').getAttribute('href')"); !strings.HasPrefix(href, "/arbiter/"+tc.e+"/") || !strings.HasSuffix(href, ".html") {
				t.Errorf("first hit links to %q", href)
			}
		})
	}

	t.Run("another search on the page", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/arbiter/search.html?q=trample&e=2026-01-16"),
			chromedp.WaitVisible(chromedp.CSS("ol.hits")),
			chromedp.Evaluate[chromedp.Void]("document.querySelector('form.searchform input[name=q]').value = ''"),
			chromedp.SendKeys(chromedp.CSS("form.searchform input[name=q]"), "damage wears off\n"),
			waitPath("/arbiter/search.html?q=damage+wears+off&e=2026-01-16"),
		)
		answer, list := serverHits("damage wears off", "2026-01-16")
		deadline := time.Now().Add(10 * time.Second)
		for got := eval[[]string](t, ctx, hitLinks); !sameHits(got, answer, list); got = eval[[]string](t, ctx, hitLinks) {
			if time.Now().After(deadline) {
				t.Fatalf("browser hits %v\nserver hits  %v, answer %q", got, list, answer)
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("second search on the page (ms): %s", eval[string](t, ctx, "document.getElementById('results').dataset.timing"))
	})

	t.Run("jump box", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/arbiter/2026-01-16.html"),
			chromedp.SendKeys(chromedp.CSS("#q"), "704.5k\n"),
			waitPath("/arbiter/2026-01-16/704.5k.html"),
			chromedp.WaitVisible(chromedp.CSS("a.num")),
		)
	})

	t.Run("jump box of a judge document", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/arbiter/ipg/2024-09-23/2.1.html"),
			chromedp.SendKeys(chromedp.CSS("#q"), "3.4\n"),
			waitPath("/arbiter/ipg/2024-09-23/3.4.html"),
			chromedp.WaitVisible(chromedp.CSS("h1")),
		)
	})

	t.Run("works without JavaScript", func(t *testing.T) {
		ctx := tab(t, bctx)
		if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/arbiter/search.html?q=legend+rule"),
			chromedp.WaitVisible(chromedp.CSS("main p.msg")),
		)
		if txt := eval[string](t, ctx, "document.querySelector('main p.msg').textContent"); !strings.Contains(txt, "needs JavaScript") {
			t.Errorf("no-JS message %q", txt)
		}
	})
}
