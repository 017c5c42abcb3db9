package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestAllOnAPhone is the one-page edition of today's CR on a 390 px phone
// (issue 28): its first load is small, its later sections arrive by
// themselves until the page has every rule the whole page (?full=1) has,
// an anchor in a later section is reached, printing gets every rule, and
// without a script every part is a link away.
func TestAllOnAPhone(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(officialServer(t))
	t.Cleanup(ts.Close)
	const all = "/2026-01-16/all"
	rulesJS := "document.querySelectorAll('.rule[id]').length"
	laterJS := "document.querySelectorAll('.later').length"
	settled := func(t *testing.T, ctx context.Context) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for eval[int](t, ctx, laterJS) > 0 {
			if time.Now().After(deadline) {
				t.Fatalf("%d sections still to come after 60 s", eval[int](t, ctx, laterJS))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	// Every rule, from the page with all of it written in.
	var every int
	t.Run("without JavaScript", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		timed(t, ctx, chromedp.Navigate(ts.URL+all), chromedp.WaitVisible(chromedp.CSS("main")))
		if n := eval[int](t, ctx, "document.getElementsByTagName('*').length"); n > 3000 {
			t.Errorf("the first load has %d elements, want at most 3,000 (a slow phone takes seconds over 27,800)", n)
		}
		if n := eval[int](t, ctx, laterJS); n == 0 {
			t.Fatal("nothing is left for later")
		}
		// Each later part links to its chapters' own pages and to the whole.
		timed(t, ctx, chromedp.WaitVisible(chromedp.CSS("section#section-7 .later a[href='/2026-01-16/704']")))
		shoot(t, ctx, "all-later-nojs", "section#section-7")
		timed(t, ctx, chromedp.Click(chromedp.CSS("section#section-7 .later a[href='"+all+"?full=1']")), waitPath(all+"?full=1"))
		every = eval[int](t, ctx, rulesJS)
		if every < 3000 || eval[int](t, ctx, laterJS) != 0 {
			t.Fatalf("the whole page has %d rules and %d sections to come", every, eval[int](t, ctx, laterJS))
		}
	})
	if every == 0 {
		t.FailNow()
	}

	t.Run("later sections arrive by themselves", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+all), chromedp.WaitVisible(chromedp.CSS("main")))
		settled(t, ctx)
		if n := eval[int](t, ctx, rulesJS); n != every {
			t.Errorf("once loaded, the page has %d rules; the whole page has %d", n, every)
		}
		if n := eval[int](t, ctx, "document.querySelectorAll('[id=\"section-7\"]').length"); n != 1 {
			t.Errorf("%d elements are #section-7", n)
		}
		if w := eval[float64](t, ctx, "document.documentElement.scrollWidth - window.innerWidth"); w > 0 {
			t.Errorf("the page scrolls sideways by %vpx", w)
		}
	})

	t.Run("an anchor in a later section", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+all+"#704.5k"), chromedp.WaitVisible(chromedp.CSS("main")),
			chromedp.WaitVisible(chromedp.CSS("div[id='704.5k']")))
		// It is scrolled to once its section is in, and stays there
		// while the sections above it arrive.
		settled(t, ctx)
		time.Sleep(300 * time.Millisecond)
		if top := eval[float64](t, ctx, "document.getElementById('704.5k').getBoundingClientRect().top"); top < 45 || top > 400 {
			t.Errorf("#704.5k is at %vpx, not at the top of the screen under the header", top)
		}
		if !eval[bool](t, ctx, "document.getElementById('704.5k').matches(':target')") {
			t.Error("#704.5k is not marked as the address's target")
		}
	})

	t.Run("printing gets every rule", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+all), chromedp.WaitVisible(chromedp.CSS("main")))
		// The browser fires beforeprint before it lays the printout out.
		eval[bool](t, ctx, "dispatchEvent(new Event('beforeprint'))")
		if n := eval[int](t, ctx, rulesJS); n != every {
			t.Errorf("printing, the page has %d rules; the whole page has %d", n, every)
		}
	})
}

// shoot saves what ctx's tab shows, with the element sel scrolled to the
// top, as name-device-mode.png in the screenshots folder (TestScreenshots):
// on a phone and a desktop, light and dark.
func shoot(t *testing.T, ctx context.Context, name, sel string) {
	t.Helper()
	dir := screenshotDir(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 900, false}} {
		for _, mode := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: d.w, Height: d.h, DeviceScaleFactor: 1, Mobile: d.mobile,
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: mode}},
			}); err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `(() => { const e = document.querySelector("`+sel+`"); e.scrollIntoView(); if (e.getBoundingClientRect().top < 60) scrollBy(0, -60); return true; })()`)
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+"-"+d.name+"-"+mode+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	phone(t, ctx)
}
