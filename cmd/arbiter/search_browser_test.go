package main

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Search in a real browser: suggestions under the jump box as a judge
// types (app.js and /suggest), and the results page.
func TestBrowserSearch(t *testing.T) {
	t.Parallel()
	bctx, base := browser(t)

	t.Run("suggestions while typing", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx, chromedp.Navigate(base+"/2026-01-16/100.1"), chromedp.WaitVisible(chromedp.CSS("#q")))
		timed(t, ctx,
			chromedp.SendKeys(chromedp.CSS("#q"), "tram"),
			chromedp.WaitVisible(chromedp.CSS("#sugg a[href='/2026-01-16/702.19']")),
		)
		// Down arrow moves into the list; Escape closes it and returns to the box.
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
		if got := eval[string](t, ctx, "document.activeElement.closest('#sugg') ? 'list' : document.activeElement.id"); got != "list" {
			t.Fatalf("after down arrow, focus is on %q", got)
		}
		timed(t, ctx, chromedp.KeyEvent(kb.Escape), chromedp.WaitNotVisible(chromedp.CSS("#sugg")))
		if got := eval[string](t, ctx, "document.activeElement.id"); got != "q" {
			t.Errorf("after Escape, focus is on %q", got)
		}
		// A rule number suggests nothing: Enter jumps.
		timed(t, ctx,
			chromedp.Evaluate[chromedp.Void]("document.getElementById('q').value = ''"),
			chromedp.SendKeys(chromedp.CSS("#q"), "704.5"),
			chromedp.Sleep(400),
		)
		if vis := eval[bool](t, ctx, "!document.getElementById('sugg').hidden"); vis {
			t.Error("suggestions shown for a rule number")
		}
		// Choosing a suggestion follows it.
		timed(t, ctx,
			chromedp.Evaluate[chromedp.Void]("document.getElementById('q').value = ''"),
			chromedp.SendKeys(chromedp.CSS("#q"), "legend ru"),
			chromedp.WaitVisible(chromedp.CSS("#sugg a[href='/2026-01-16/704.5j']")),
			chromedp.Click(chromedp.CSS("#sugg a[href='/2026-01-16/704.5j']")),
			waitPath("/2026-01-16/704.5j"),
		)
	})

	t.Run("results page", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx,
			chromedp.Navigate(base+"/search?q=legend+rule&e=2026-01-16"),
			chromedp.WaitVisible(chromedp.CSS(".hit mark")),
		)
		// The page's own form searches again, here in every edition.
		timed(t, ctx,
			chromedp.SetValue(chromedp.CSS("form.searchform select"), "all"),
			chromedp.Submit(chromedp.CSS("form.searchform input[name=q]")),
			waitPath("/search?q=legend+rule&e=all"),
			// The best hit is the answer shown whole above the list.
			chromedp.WaitVisible(chromedp.CSS(".answer h2 a[href='/2026-01-16/704.5j'], .hit a[href='/2026-01-16/704.5j']")),
		)
	})
}
