package main

import (
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// screenshotDir is where TestScreenshots saves what a user sees, for a
// person to look at (README: Testing): the repository's screenshots/,
// which git ignores, or $ARBITER_SCREENSHOTS.
func screenshotDir(t *testing.T) string {
	if d := os.Getenv("ARBITER_SCREENSHOTS"); d != "" {
		return d
	}
	abs, err := filepath.Abs(filepath.Join("..", "..", "screenshots"))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// fullPage are the pages saved whole rather than their first screen: a
// sandbox page prints every step.
var fullPage = map[string]bool{"sandbox-example": true}

// waitFor are the pages whose screen is ready only once an element shows:
// the one-page edition fetches the part an anchor is in (all.js).
var waitFor = map[string]string{"all-at-rule": "div[id='704.5k']"}

// TestScreenshots serves every embedded edition, as arbiter serve does with
// no flags, and saves the first screen of the pages a judge meets first, on
// a phone (390 × 844) and a desktop (1280 × 900), in the light and dark
// themes and as printed, as PNG files named page-device-mode.png (the whole
// page for those in fullPage). Each page
// must load without a console error and show its heading.
func TestScreenshots(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	o := contentOptions{official: true}
	set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(set.library(), Options{Content: set, Reread: o})
	srv.Warm()
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	dir := screenshotDir(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pages := []struct{ name, path, want string }{
		{"home", "/", "Comprehensive Rules"},
		{"home-editions", "/#editions", "Excerpts and other documents"},
		{"rule", "/2026-01-16/704.5j", "704.5j"},
		{"old-rule", "/2007-02-01/420.5e", "420.5e"},
		{"rule-picker", "/2012-07-01/704.5j#main", "704.5j"},
		{"jump-old-number", "/jump?q=420.5e&e=2026-04-17", "is today’s 704.5j"},
		{"jump-two-rules", "/jump?q=704.5j&e=2007-02-01", "2 different rules"},
		{"not-in-edition", "/jump?q=704.5j&from=2012-07-01&e=2026-01-16", "was removed in"},
		{"cut-short", "/2013-02-01", "incomplete"},
		{"diff-cut-short", "/diff/2012-07-01/2013-02-01", "Missing"},
		{"excerpt", "/2007-02-01-excerpt", "excerpt"},
		{"diagnostics", "/diagnostics", "warnings"},
		{"chapter", "/2026-01-16/704", "704.1"},
		{"chapter-print-view", "/2026-01-16/704/print", "Cite as"},
		{"glossary", "/2026-01-16/glossary", "Glossary"},
		{"term-quotes-rule", "/2026-04-17/glossary/deathtouch", "702.2b"},
		{"term-obsolete", "/2026-04-17/glossary/mana-burn", "Last defined in"},
		{"search", "/search?q=legend+rule&e=2026-01-16", "704.5j"},
		// The answer above the hits: a tournament question asked of the
		// CR, answered by the MTR; judges' shorthand, by the IPG's
		// infraction with its penalty and its examples folded.
		{"search-answer", "/search?q=can+I+take+notes+during+a+match&e=2026-04-17", "Taking Notes"},
		{"search-shorthand", "/search?q=GRV", "Game Rule Violation"},
		{"all", "/2026-01-16/all", "The whole edition"},
		{"all-at-rule", "/2026-01-16/all#704.5k", "world rule"},
		{"diff", "/diff/2025-09-19/2026-01-16", "Wording only"},
		{"diff-filtered", "/diff/2025-09-19/2026-01-16?show=added&show=removed", "added"},
		{"diff-big", "/diff/2009-05-01/2009-09-04", "Sections"},
		{"diff-big-section", "/diff/2009-05-01/2009-09-04?section=7", "7. Additional Rules"},
		{"sandbox", "/sandbox", "Filter"},
		{"sandbox-example", "/sandbox/2026-01-16/707.10/2", "The game as set up"},
		{"sandbox-step", "/sandbox/2026-01-16/707.10/2?step=2", "Alice casts Twincast targeting Fling."},
		{"sandbox-hidden", "/sandbox/scenario/felidar", "face down"},
		{"sandbox-table", "/sandbox/scenario/range-pyroclasm?step=1", "turn order clockwise"},
		{"sandbox-commander", "/sandbox/scenario/commander-four-player?step=last", "Commander: Zurgo Helmsmasher"},
		{"sandbox-table-teams", "/sandbox/scenario/emperor-four-player-teams", "team with"},
		{"sandbox-rule", "/2026-01-16/707.10#in-sandbox", "In the sandbox"},
		// The judge documents: the home page's first screen offers them,
		// then an MTR rule, an IPG infraction (its penalty and parts), a
		// JAR section, a document's own page and a day between editions.
		{"documents", "/", "Infraction Procedure Guide"},
		{"mtr-rule", "/mtr/2.3", "Pregame Procedures"},
		{"mtr-home", "/mtr", "Magic Tournament Rules"},
		{"ipg-infraction", "/ipg/2.1", "Missed Trigger"},
		{"ipg-philosophy", "/ipg/2.1#philosophy", "Philosophy"},
		{"jar-section", "/jar/2019-01-21/topic/common-issues", "Common Issues"},
		{"mtr-old-floor-rules", "/mtr/2002-02-19/101", "Format and Ratings Categories"},
		{"cr-as-of-day", "/2009-07-12/704.5k", "in force that day"},
	}
	devices := []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 900, false}}
	modes := []struct {
		name   string
		params emulation.SetEmulatedMediaParams
	}{
		{"light", emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}}},
		{"dark", emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}},
		{"print", emulation.SetEmulatedMediaParams{Media: "print"}},
	}
	for _, d := range devices {
		for _, m := range modes {
			t.Run(d.name+"-"+m.name, func(t *testing.T) {
				ctx := tab(t, bctx)
				if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
					Width: d.width, Height: d.height, DeviceScaleFactor: 1, Mobile: d.mobile,
				}); err != nil {
					t.Fatal(err)
				}
				if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, m.params); err != nil {
					t.Fatal(err)
				}
				for _, p := range pages {
					timed(t, ctx, chromedp.Navigate(ts.URL+p.path), chromedp.WaitVisible(chromedp.CSS("main")))
					if sel, ok := waitFor[p.name]; ok {
						// In print, the part holding it is there (WaitReady)
						// once fetched; on screen it must show as well.
						wait := chromedp.WaitVisible(chromedp.CSS(sel))
						if m.name == "print" {
							wait = chromedp.WaitReady(chromedp.CSS(sel))
						}
						timed(t, ctx, wait, chromedp.Sleep(300*time.Millisecond))
					}
					if text := eval[string](t, ctx, "document.querySelector('main').innerText"); !strings.Contains(text, p.want) {
						t.Errorf("%s: the page does not say %q", p.path, p.want)
					}
					shot := chromedp.CaptureScreenshot()
					if fullPage[p.name] {
						shot = chromedp.FullScreenshot(100)
					}
					png, err := chromedp.Run(ctx, shot)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, p.name+"-"+d.name+"-"+m.name+".png"), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
	t.Logf("screenshots in %s", dir)
}
