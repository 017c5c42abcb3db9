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

// TestExportSearchInBrowser exports the embedded editions and the
// 2026-01-16 corpus file, serves the directory with a plain file server,
// and searches it in chromium: the WebAssembly search gives the hits the
// server gives for the same query, a bare rule number goes to the rule,
// and without JavaScript the page says what to do instead.
func TestExportSearchInBrowser(t *testing.T) {
	bctx := startBrowser(t)
	corpus := corpustest.Path(t, "corpus", "cr", "2026-01-16.txt")
	dir := exportFor(t, "--official", "none", "--rules", corpus, "--base-url", "/arbiter", "--api=false")
	ts := httptest.NewServer(http.StripPrefix("/arbiter", http.FileServer(http.Dir(dir))))
	t.Cleanup(ts.Close)
	lib, err := loadLibrary(contentOptions{paths: []string{corpus}}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	live := NewServer(lib, Options{})

	// serverHits lists the hits' labels on the server's results page.
	serverHits := func(q, e string) []string {
		d := parse(t, do(t, live, "GET", "/search?"+url.Values{"q": {q}, "e": {e}}.Encode()))
		var out []string
		d.Find("ol.hits li.hit p:first-child a b").Each(func(_ int, s *goquery.Selection) { out = append(out, s.Text()) })
		return out
	}
	const hitLabels = `Array.from(document.querySelectorAll('ol.hits li.hit p:first-child a b')).map(b => b.textContent)`

	for _, tc := range []struct{ q, e string }{
		{"legend rule", "2026-01-16"},
		{"deathtuch", "2026-01-16"}, // corrected: "did you mean"
		{`"can't be countered"`, "2026-01-16"},
		{"mana burn", "2007-02-01"},
		{"poison", "classic"},
	} {
		t.Run(tc.q+" in "+tc.e, func(t *testing.T) {
			want := serverHits(tc.q, tc.e)
			if len(want) == 0 {
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
			got := eval[[]string](t, ctx, hitLabels)
			if !slices.Equal(got, want) {
				t.Errorf("browser hits %v\nserver hits  %v", got, want)
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
		want := serverHits("damage wears off", "2026-01-16")
		deadline := time.Now().Add(10 * time.Second)
		for got := eval[[]string](t, ctx, hitLabels); !slices.Equal(got, want); got = eval[[]string](t, ctx, hitLabels) {
			if time.Now().After(deadline) {
				t.Fatalf("browser hits %v\nserver hits  %v", got, want)
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
