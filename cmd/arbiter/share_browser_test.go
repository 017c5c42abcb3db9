package main

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestShareBrowser tries, on a phone, sharing a run: every bundled
// scenario has a link of its own in the sandbox's list (two scenarios of
// one example used to share the example's, and one could not be
// reached), and a scenario's page shows its share URL whole, host and
// all, without unfolding anything.
func TestShareBrowser(t *testing.T) {
	bctx := startBrowser(t)
	// The 2026-01-16 CR prints 810.9a's example that two scenarios run.
	e := rules.Parse(rules.Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")})
	srv := NewServer(rules.NewLibrary([]*rules.Edition{e}), Options{})
	srv.runBudget = time.Minute // a loaded machine; the budget has its own test
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	t.Run("a URL each", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+"/sandbox"), chromedp.WaitVisible(chromedp.ID("sb-q")))
		lines := eval[[]string](t, ctx, `[...document.querySelectorAll('.sb-index li > a')].map(a => a.getAttribute('href') + ' ' + a.textContent)`)
		if len(lines) < 50 {
			t.Fatalf("the list has %d scenarios", len(lines))
		}
		by := map[string][]string{}
		for _, l := range lines {
			href, title, _ := strings.Cut(l, " ")
			by[href] = append(by[href], title)
		}
		for href, titles := range by {
			if len(titles) > 1 {
				t.Errorf("%d scenarios link to %s: %q", len(titles), href, titles)
			}
		}
		timed(t, ctx, chromedp.Evaluate[chromedp.Void]("q = document.getElementById('sb-q'), q.value = '810.9a', q.dispatchEvent(new Event('input'))"))
		shootPhoneOrDesktop(t, ctx, "sandbox-index-810-phone")
	})

	t.Run("share box", func(t *testing.T) {
		for _, size := range []string{"phone", "desktop"} {
			ctx := tab(t, bctx)
			if size == "phone" {
				phone(t, ctx)
			}
			timed(t, ctx, chromedp.Navigate(ts.URL+"/sandbox/scenario/legend-rule?step=1"), chromedp.WaitVisible(chromedp.ID("sb-forward")))
			if !eval[bool](t, ctx, `document.getElementById('sb-share').checkVisibility()`) {
				t.Errorf("%s: the share box is folded away", size)
			}
			// The server's own URL: sandbox.js would complete a path, but
			// the box is right without it.
			if v := eval[string](t, ctx, `document.getElementById('sb-share').getAttribute('value')`); v != ts.URL+"/sandbox/scenario/legend-rule?step=1" {
				t.Errorf("%s: the page writes the share box %q", size, v)
			}
			eval[any](t, ctx, `document.getElementById('sb-share').scrollIntoView({block: 'center'})`)
			shootPhoneOrDesktop(t, ctx, "sandbox-share-"+size)
		}
	})
}
