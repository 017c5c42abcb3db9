package main

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCardPageBrowser shows card pages on a phone, light and dark: the
// faces, symbols and rulings fit 390 px without scrolling sideways.
func TestCardPageBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(newCardsServer(t))
	t.Cleanup(ts.Close)
	for _, tt := range []struct{ name, path string }{
		{"card-split", "/cards/fire"},
		{"card-dfc", "/cards/delver-of-secrets"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tab(t, bctx)
			phone(t, ctx)
			timed(t, ctx, chromedp.Navigate(ts.URL+tt.path), chromedp.WaitVisible(chromedp.CSS("section.card-face")))
			if w := eval[float64](t, ctx, "document.documentElement.scrollWidth"); w > 390 {
				t.Errorf("%s is %vpx wide on a 390px phone", tt.path, w)
			}
			if n := eval[float64](t, ctx, "[...document.querySelectorAll('.card-cost abbr.ms')].filter(a => a.getBoundingClientRect().width > 0).length"); n == 0 {
				t.Errorf("%s draws no mana symbols in its cost", tt.path)
			}
			shootPhone(t, ctx, tt.name)
		})
	}
}
