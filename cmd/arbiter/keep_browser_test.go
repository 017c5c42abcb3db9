package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestFloorBrowser tries, on a phone, what a judge on the floor does
// between calls: j and k from rule to rule on a long page, a bookmark and
// the rules read last waiting on the home page (kept in the browser, no
// account), and the shortcuts' help saying every key there is.
func TestFloorBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	e := rules.Parse(rules.Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")})
	ts := httptest.NewServer(NewServer(rules.NewLibrary([]*rules.Edition{e}), Options{}))
	t.Cleanup(ts.Close)

	t.Run("j and k by rule", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/704"), chromedp.WaitVisible(chromedp.CSS("h1")))
		// Where the rule the address names stands, below the sticky header.
		const at = `(() => { const r = document.getElementById(decodeURIComponent(location.hash.slice(1)));
			return r ? Math.round(r.getBoundingClientRect().top - document.querySelector('header.top').getBoundingClientRect().bottom) + 0 : 9999; })()` // + 0: CDP reads -0 as null
		var seen []string
		for range 4 {
			timed(t, ctx, chromedp.KeyEvent("j"))
			seen = append(seen, eval[string](t, ctx, "location.hash"))
			if y := eval[float64](t, ctx, at); y < -2 || y > 2 {
				t.Errorf("after j to %s the rule is %vpx from the header's edge", seen[len(seen)-1], y)
			}
		}
		for i := 1; i < len(seen); i++ {
			if seen[i] == seen[i-1] || seen[i] == "" {
				t.Fatalf("j went %q: each press should reach the next rule of the chapter", seen)
			}
		}
		if eval[string](t, ctx, "location.pathname") != "/2026-01-16/704" {
			t.Fatalf("j left the chapter page for %s", eval[string](t, ctx, "location.pathname"))
		}
		timed(t, ctx, chromedp.KeyEvent("k"))
		if got := eval[string](t, ctx, "location.hash"); got != seen[2] {
			t.Errorf("k after %q went to %q, want %q", seen, got, seen[2])
		}
		// A page of one rule: j goes on to the next page, as before.
		timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/704.5k"), chromedp.WaitVisible(chromedp.CSS("h1")))
		next := eval[string](t, ctx, `document.querySelector('a[rel="next"]').getAttribute('href')`)
		timed(t, ctx, chromedp.KeyEvent("j"), waitPath(next))
	})

	t.Run("bookmarks and recent rules", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/2026-01-16/704.5k"),
			chromedp.WaitVisible(chromedp.CSS("#bm")),
			chromedp.Click(chromedp.CSS("#bm")),
		)
		if p := eval[string](t, ctx, "document.getElementById('bm').getAttribute('aria-pressed')"); p != "true" {
			t.Errorf("the Bookmark button is pressed=%q after a tap", p)
		}
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/2026-01-16/704.5j"), chromedp.WaitVisible(chromedp.CSS("#bm")),
			chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#kept")),
		)
		list := func(id string) string {
			return eval[string](t, ctx, `[...document.querySelectorAll('#`+id+` li a')].map(a => a.textContent + ' @' + a.getAttribute('href')).join('\n')`)
		}
		bm, recent := list("kept-bm"), list("kept-recent")
		if !strings.HasPrefix(bm, "CR 704.5k (2026-01-16) · ") || strings.Count(bm, "\n") != 0 || !strings.HasSuffix(bm, "@/2026-01-16/704.5k") {
			t.Errorf("bookmarks on the home page:\n%s", bm)
		}
		if lines := strings.Split(recent, "\n"); len(lines) != 2 || !strings.HasSuffix(lines[0], "@/2026-01-16/704.5j") || !strings.HasSuffix(lines[1], "@/2026-01-16/704.5k") {
			t.Errorf("recently read, newest first:\n%s", recent)
		}
		shootPhone(t, ctx, "home-kept")
		// A second tap takes the bookmark away.
		timed(t, ctx,
			chromedp.Navigate(ts.URL+"/2026-01-16/704.5k"), chromedp.WaitVisible(chromedp.CSS("#bm")),
			chromedp.Click(chromedp.CSS("#bm")),
			chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#kept")),
		)
		if bm := list("kept-bm"); bm != "" || !eval[bool](t, ctx, "document.getElementById('kept-bm').hidden") {
			t.Errorf("bookmarks after removing the only one: %q", bm)
		}
	})

	t.Run("help lists every key", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/704.5k"), chromedp.WaitVisible(chromedp.CSS("h1")),
			chromedp.KeyEvent("?"), chromedp.WaitVisible(chromedp.CSS("#help")))
		keys := eval[string](t, ctx, "[...document.querySelectorAll('#help dt')].map(x => x.textContent).join(' ')")
		for _, k := range []string{"/", "j", "k", "?", "Esc", "←", "→", "Ctrl+Enter"} {
			if !strings.Contains(keys, k) {
				t.Errorf("the help lists %q, not %q", keys, k)
			}
		}
		timed(t, ctx, chromedp.KeyEvent(kb.Escape))
		if eval[bool](t, ctx, "document.getElementById('help').open") {
			t.Error("Esc left the help open")
		}
	})
}

// shootPhone saves the tab's first screen as name-phone-light.png and
// name-phone-dark.png in the screenshots folder.
func shootPhone(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shootPhoneOrDesktop(t, ctx, name+"-phone")
}

// shootPhoneOrDesktop saves the tab's screen, as it is scrolled, as
// name-light.png and name-dark.png in the screenshots folder.
func shootPhoneOrDesktop(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := screenshotDir(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"light", "dark"} {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: mode}},
		}); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"-"+mode+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
