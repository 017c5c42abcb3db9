package main

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestNavigationBrowser follows the legend rule across editions in a real
// browser, as a judge would: the rule page's "this rule in" picker and the
// jump box, on every official edition.
func TestNavigationBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(officialServer(t))
	t.Cleanup(ts.Close)

	t.Run("picker", func(t *testing.T) {
		ctx := tab(t, bctx)
		for _, tt := range []struct{ edition, want, h1 string }{
			{"2007-02-01", "/2007-02-01/420.5e", "Rule 420.5e"},
			{"2012-07-01", "/2012-07-01/704.5k", "Rule 704.5k"},
		} {
			timed(t, ctx,
				chromedp.Navigate(ts.URL+"/2026-01-16/704.5j"),
				chromedp.WaitVisible(chromedp.CSS("form.pick select")),
				chromedp.SetValue(chromedp.CSS("form.pick select"), tt.edition),
				chromedp.Click(chromedp.CSS("form.pick button")),
				waitPath(tt.want),
				chromedp.WaitVisible(chromedp.CSS("a.num")),
			)
			if h1 := eval[string](t, ctx, "document.querySelector('h1').textContent"); h1 != tt.h1 {
				t.Errorf("%s: h1 %q, want %q", tt.edition, h1, tt.h1)
			}
			// The page reached says what the rule is today.
			if got := eval[string](t, ctx, "document.querySelector('p.now a').getAttribute('href')"); got != "/2026-04-17/704.5j" {
				t.Errorf("%s: today's rule links to %q", tt.edition, got)
			}
		}
		// An edition older than the rule: a page saying so, with a link
		// to where it was added.
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/2012-07-01/704.5j"),
			chromedp.WaitVisible(chromedp.CSS("form.pick select")),
			chromedp.SetValue(chromedp.CSS("form.pick select"), "2007-02-01"),
			chromedp.Click(chromedp.CSS("form.pick button")),
			waitPath("/jump?q=704.5j&from=2012-07-01&e=2007-02-01"),
			chromedp.Click(chromedp.CSS("p.acts a.go")),
			waitPath("/2007-10-01/420.5q"),
		)
	})

	t.Run("jump box with an old number", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/2026-04-17/704.5j"),
			chromedp.WaitVisible(chromedp.CSS("#q")),
			chromedp.SendKeys(chromedp.CSS("#q"), "420.5e\n"),
			waitPath("/jump?e=2026-04-17&q=420.5e"),
			chromedp.WaitVisible(chromedp.CSS("li.hit a.go")),
		)
		if msg := eval[string](t, ctx, "document.querySelector('li.hit p.msg').innerText"); msg != "420.5e of CR 1999-04-23 to 2009-05-01 is today’s 704.5j." {
			t.Errorf("the page says %q", msg)
		}
		// One click to today's rule.
		timed(t, ctx,
			chromedp.Click(chromedp.CSS("li.hit a.go")),
			waitPath("/2026-04-17/704.5j"),
			chromedp.WaitVisible(chromedp.CSS("a.num")),
		)
	})
}
