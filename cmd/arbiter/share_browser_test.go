package main

import (
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
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
	t.Parallel()
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

	// A scenario of one's own travels in its link (s): with the
	// dictionary the link is a quarter shorter, and a link written before
	// it still opens the same run.
	t.Run("a shorter link for a scenario of one's own", func(t *testing.T) {
		lib, err := scenario.Bundled()
		if err != nil {
			t.Fatal(err)
		}
		text := lib.ByName("legend-rule"+scenario.Ext).Text + "\n# my own\n"
		old := "/sandbox/run?s=" + oldShare(text)
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+old), chromedp.WaitVisible(chromedp.ID("sb-share")))
		share := eval[string](t, ctx, `document.getElementById('sb-share').value`)
		steps := eval[int](t, ctx, `document.querySelectorAll('ol.steplist li').length`)
		if !strings.HasPrefix(share, ts.URL+"/sandbox/run?") || len(share) > len(ts.URL+old)*4/5 {
			t.Errorf("the share box holds %d characters, the old link %d: %s", len(share), len(ts.URL+old), share)
		}
		t.Logf("share link: %d characters, the old link %d", len(share), len(ts.URL+old))
		shoot(t, ctx, "sandbox-share-own", "#sb-share")
		timed(t, ctx, chromedp.Navigate(share), chromedp.WaitVisible(chromedp.ID("sb-share")))
		if again := eval[string](t, ctx, `document.getElementById('sb-share').value`); again != share {
			t.Errorf("the shared link's page shares %s", again)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('ol.steplist li').length`); n != steps || n == 0 {
			t.Errorf("the shared link's run has %d steps, the old link's %d", n, steps)
		}
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

// TestSandboxPrintBrowser lays a sandbox run out as print media at the
// width of an A4 page: no block kept from breaking across pages starts in
// the first half of page 1 and runs past its end. Each step used to be
// kept whole, and a step with the whole board below it went to page 2,
// leaving page 1 nearly blank.
func TestSandboxPrintBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(sandboxServer(t))
	t.Cleanup(ts.Close)
	// A4 at 96 px an inch, less Chrome's default margins of 0.4 inch.
	const width, page = 718, 1046
	for _, path := range []string{"/sandbox/scenario/commander-four-player", "/sandbox/scenario/legend-rule?step=2"} {
		ctx := tab(t, bctx)
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: width, Height: page, DeviceScaleFactor: 1}); err != nil {
			t.Fatal(err)
		}
		timed(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitVisible(chromedp.ID("sb-forward")))
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		pushed := eval[[]string](t, ctx, `[...document.querySelectorAll('main *')].filter(e => {
			const b = getComputedStyle(e).breakInside, r = e.getBoundingClientRect(), y = r.top + scrollY;
			return (b === 'avoid' || b === 'avoid-page') && y < `+strconv.Itoa(page/2)+` && y + r.height > `+strconv.Itoa(page)+`;
		}).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().height) + 'px')`)
		if len(pushed) > 0 {
			t.Errorf("%s: kept whole, these would leave page 1 nearly blank: %q", path, pushed)
		}
		if eval[bool](t, ctx, `!!document.getElementById('sb-share') && document.getElementById('sb-share').checkVisibility()`) {
			t.Errorf("%s: the share box prints", path)
		}
	}
}
