package main

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// offlineServer serves the newest embedded edition, as serve does at
// start, with the search code for offline use built by the export's tests.
func offlineServer(t *testing.T) *Server {
	t.Helper()
	wasm, err := testWasm()
	if err != nil {
		t.Fatal(err)
	}
	exec, err := wasmExec()
	if err != nil {
		t.Fatal(err)
	}
	set, err := newEditionSet(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	set.official.parseNext()
	set.runJudges() // every document's newest edition is saved too
	return NewServer(set.library(), Options{Content: set, OfflineSearch: &OfflineSearch{Wasm: wasm, Exec: exec}})
}

// countingWriter counts the bytes of the bodies the server sends, as they
// go on the wire (compressed when the browser takes it).
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w countingWriter) Write(b []byte) (int, error) {
	w.n.Add(int64(len(b)))
	return w.ResponseWriter.Write(b)
}

// TestOfflineInBrowser opens Arbiter once, waits for the service worker
// to save the newest edition, stops the server, and reads from the copy:
// the home page, a rule by its short address (shown in its chapter's
// page), a glossary term, a search (run in the browser) and a sandbox
// example, each with the footer's note that it is the saved copy.
func TestOfflineInBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	srv := offlineServer(t)
	var sent atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.ServeHTTP(countingWriter{w, &sent}, r)
	}))
	defer ts.Close()
	plan := srv.offlinePlan(srv.site.Load())
	if plan.latest == nil || plan.zip == nil {
		t.Fatalf("nothing to save: latest %v, search %v", plan.latest, plan.zip != nil)
	}
	ed := plan.latest.ID
	var example string
	for _, u := range plan.urls {
		if strings.HasPrefix(u, "/sandbox/"+ed+"/") && example == "" {
			example = u
		}
	}
	if example == "" {
		t.Fatalf("no sandbox example among the %d URLs saved", len(plan.urls))
	}

	// Offline, the worker asks the network first and answers from its copy
	// when the connection is refused; the browser may log the refusal in
	// the page's console. That is the design, not a fault: each page below
	// must still be shown from the copy.
	var offline atomic.Bool
	ctx := workerTabAllowing(t, bctx, func(m chromedp.ConsoleMessage) bool {
		return offline.Load() && strings.Contains(m.Text, "net::ERR_CONNECTION_REFUSED")
	})
	start := time.Now()
	timed(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("main")))
	// The worker is active once install has saved every URL (addAll
	// fails whole, and activation waits for it).
	tctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	saved, err := chromedp.Run(tctx, chromedp.Evaluate[int](`navigator.serviceWorker.ready
		.then(r => new Promise(ok => {
			const w = r.active;
			if (w.state === 'activated') ok();
			else w.addEventListener('statechange', () => w.state === 'activated' && ok());
		}))
		.then(() => caches.keys())
		.then(keys => caches.open(keys.find(k => k !== 'arbiter-read' && k.startsWith('arbiter-'))))
		.then(c => c.keys())
		.then(ks => ks.length)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("waiting for the service worker: %v", err)
	}
	if saved != len(plan.urls) {
		t.Errorf("the worker saved %d URLs, the plan lists %d", saved, len(plan.urls))
	}
	t.Logf("first visit: %d URLs saved, %d bytes sent (the home page and the worker's script included), in %v",
		saved, sent.Load(), time.Since(start).Round(time.Millisecond))

	// The other browser tests' tabs register no worker.
	plain := tab(t, bctx)
	timed(t, plain, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("main")))
	if !eval[bool](t, plain, "navigator.serviceWorker === undefined") {
		t.Error("tab's pages see the service worker API")
	}

	// A page read now is in the browser's HTTP cache for five minutes
	// (max-age=300): offline, the worker's fetch is answered from there.
	cached := "/" + ed + "/702.19"
	timed(t, ctx, chromedp.Navigate(ts.URL+cached), chromedp.WaitVisible(chromedp.CSS("main")))

	offline.Store(true)
	ts.Close() // no network
	t.Run("a page from the browser's cache", func(t *testing.T) {
		timed(t, ctx, chromedp.Navigate(ts.URL+"/"+ed+"/glossary/trample"), chromedp.WaitVisible(chromedp.CSS("main")))
		timed(t, ctx, chromedp.Navigate(ts.URL+cached), chromedp.WaitVisible(chromedp.CSS("main")))
		if n := eval[float64](t, ctx, "performance.getEntriesByType('navigation')[0].transferSize"); n != 0 {
			t.Fatalf("%s came over the network (%v bytes)", cached, n)
		}
		timed(t, ctx, chromedp.WaitVisible(chromedp.ID("offline-note")))
		if note := eval[string](t, ctx, "document.getElementById('offline-note').textContent"); !strings.Contains(note, "Offline") {
			t.Errorf("the footer's note says %q", note)
		}
		shoot(t, ctx, "offline-cached", "footer.foot")
	})
	// Pages read in the last five minutes are in the HTTP cache
	// (max-age=300), which answers before the worker is asked; later ones
	// are not. Empty it, to read from the worker's copy.
	if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path, wait, sel, want string
	}{
		{"home page", "/", "/", "main h1", ""},
		{"a rule, in its chapter's page", "/rules/704.5j", "/" + ed + "/704", "div[id='704.5j']", "legend rule"},
		{"a glossary term", "/" + ed + "/glossary/trample", "/" + ed + "/glossary/trample", "main", "702.19"},
		{"search, in the browser", "/search?q=trample", "/search?q=trample", "ol.hits", "702.19"},
		{"a sandbox example", example, example, "ol.steplist li#step-1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Search loads 9 MB of WebAssembly and indexes the edition
			// first: seconds, more on a busy machine than timed allows.
			wctx, cancel := context.WithTimeout(ctx, time.Minute)
			defer cancel()
			start := time.Now()
			if err := chromedp.Do(wctx, chromedp.Navigate(ts.URL+tc.path), waitPath(tc.wait), chromedp.WaitVisible(chromedp.CSS(tc.sel))); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: shown after %v", tc.path, time.Since(start).Round(time.Millisecond))
			if tc.want != "" {
				timed(t, ctx, waitText(tc.sel, tc.want))
			}
			// The example ran: its steps are listed with what happened.
			if tc.path == example && eval[int](t, ctx, "document.querySelectorAll('li.step .events li').length") == 0 {
				t.Error("the example's steps list no events")
			}
			if strings.HasPrefix(tc.path, "/search") {
				t.Logf("search in the browser (ms): %s", eval[string](t, ctx, "document.getElementById('results').dataset.timing"))
			}
			if note := eval[string](t, ctx, "document.getElementById('offline-note').textContent"); !strings.Contains(note, "Offline") || !strings.Contains(note, ed) {
				t.Errorf("the footer's note says %q", note)
			}
		})
	}
}
