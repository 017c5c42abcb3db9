package main

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// slowPhone is the phone of issue 28's figures: a CPU four times slower
// than this machine's, and a slow mobile connection (400 kbit/s each way,
// 400 ms from request to first byte of the answer). The latency is added to
// every request by chromium's own throttling, as Lighthouse's "devtools"
// throttling does.
var slowPhone = struct {
	cpu        float64
	latencyMS  float64
	bytesPerS  float64
	w, h       int64
	budget     time.Duration
	allBudget  time.Duration
	settleTime time.Duration
}{
	cpu: 4, latencyMS: 400, bytesPerS: 400_000 / 8,
	w: 390, h: 844,
	budget: 1500 * time.Millisecond, allBudget: 2 * time.Second,
	settleTime: 2 * time.Second,
}

// slowPhoneProbe runs in every document before its own scripts: it sums
// the layout shifts chromium reports (the Layout Instability API, as
// Lighthouse's CLS does, leaving out those a person's input caused), keeping
// apart those after the load event.
const slowPhoneProbe = `(() => {
  window.__shift = {all: 0, afterLoad: 0, elements: 0};
  document.addEventListener('DOMContentLoaded', () => { window.__shift.elements = document.getElementsByTagName('*').length; });
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shift.all += e.value;
      const nav = performance.getEntriesByType('navigation')[0];
      if (nav && nav.loadEventEnd > 0 && e.startTime >= nav.loadEventEnd) window.__shift.afterLoad += e.value;
    }
  }).observe({type: 'layout-shift', buffered: true});
})()`

// slowPhoneFigures is what a page's load took, in milliseconds from the
// navigation's start, from chromium's Navigation and Paint Timing.
type slowPhoneFigures struct {
	FCP, DCL, Load float64 // first contentful paint, DOMContentLoaded's end, load's end
	Bytes          float64 // the document's bytes on the wire
	Elements       float64 // elements in the document when it was parsed
	Shift          float64 // layout shift, all of it
	ShiftAfterLoad float64 // layout shift after the load event
}

// usable is when a person can read and use the page: its first content is
// painted and its scripts have run (DOMContentLoaded), whichever is later.
func (f slowPhoneFigures) usable() float64 { return max(f.FCP, f.DCL) }

const slowPhoneFiguresJS = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {FCP: fcp ? fcp.startTime : -1, DCL: nav.domContentLoadedEventEnd, Load: nav.loadEventEnd,
    Bytes: nav.transferSize, Elements: window.__shift.elements,
    Shift: window.__shift.all, ShiftAfterLoad: window.__shift.afterLoad};
})()`

// slowPhoneResourcesJS lists what the page fetched and when, the page
// itself first (its first byte and last), for -v.
const slowPhoneResourcesJS = `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).map(r =>
  r.name.replace(location.origin, '') + ' ' + Math.round(r.startTime) + '→' + Math.round(r.responseEnd) + ' ms, ' + r.transferSize + ' B').join('; ')`

// TestSlowPhoneFigures loads the pages of issue 28 on a simulated slow
// phone, cold (no HTTP cache, no service worker), from every embedded
// edition as arbiter serve has them, and logs how long each took to be
// usable and how much its layout shifted. These are figures to read, not a
// pass or fail: the machine's load moves them (a page over its budget is
// logged as such), so it runs only when asked, not in CI's time:
//
//	ARBITER_FIGURES=1 go test ./cmd/arbiter -run TestSlowPhoneFigures -v
func TestSlowPhoneFigures(t *testing.T) {
	if os.Getenv("ARBITER_FIGURES") == "" {
		t.Skip("figures, not a check: set ARBITER_FIGURES=1 to measure")
	}
	bctx := startBrowser(t)
	base := servedAsServe(t)
	pages := []struct{ name, path string }{
		{"home", "/"},
		{"rule", "/2026-01-16/704.5j"},
		{"glossary term", "/2026-01-16/glossary/deathtouch"},
		{"diff", "/diff/2025-09-19/2026-01-16"},
		{"all", "/2026-01-16/all"},
		{"sandbox step", "/sandbox/2026-01-16/707.10/2?step=2"},
	}
	runs := 3
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			budget := slowPhone.budget
			if p.name == "all" {
				budget = slowPhone.allBudget
			}
			var best slowPhoneFigures
			for i := range runs {
				f := slowPhoneLoad(t, tab(t, bctx), base+p.path)
				if i == 0 || f.usable() < best.usable() {
					best = f
				}
			}
			verdict := "within"
			if time.Duration(best.usable()*float64(time.Millisecond)) > budget {
				verdict = "OVER"
			}
			t.Logf("%-14s usable %5.0f ms (FCP %5.0f, DCL %5.0f), load %5.0f ms, %7.0f B, %5.0f elements, shift %.3f (after load %.3f): %s its %v",
				p.name, best.usable(), best.FCP, best.DCL, best.Load, best.Bytes, best.Elements, best.Shift, best.ShiftAfterLoad, verdict, budget)
		})
	}
}

// servedAsServe serves every embedded edition, as arbiter serve does with
// no flags, for a test's life, and returns its URL.
func servedAsServe(t *testing.T) string {
	t.Helper()
	o := contentOptions{official: true}
	set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(set.library(), Options{Content: set, Reread: o})
	srv.Warm()
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts.URL
}

// slowPhoneLoad loads url cold in ctx's tab as slowPhone and returns its
// figures, read once the page has settled after its load event.
func slowPhoneLoad(t *testing.T, ctx context.Context, url string) slowPhoneFigures {
	t.Helper()
	steps := []func() error{
		func() error {
			_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: slowPhone.w, Height: slowPhone.h, DeviceScaleFactor: 2, Mobile: true,
			})
			return err
		},
		func() error {
			_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: slowPhone.cpu})
			return err
		},
		func() error { _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); return err },
		func() error {
			_, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
			return err
		},
		func() error {
			_, err := chromedp.Call(ctx, emulateNetworkConditions, network.OverrideNetworkStateParams{
				Latency: slowPhone.latencyMS, DownloadThroughput: slowPhone.bytesPerS, UploadThroughput: slowPhone.bytesPerS,
				ConnectionType: network.ConnectionTypeCellular4g,
			})
			return err
		},
		func() error {
			_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: slowPhoneProbe})
			return err
		},
	}
	for i, s := range steps {
		if err := s(); err != nil {
			t.Fatalf("setting up the slow phone, step %d: %v", i, err)
		}
	}
	// The one-page edition took 25 s before it was cut down to size.
	lctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(lctx, chromedp.Navigate(url), chromedp.Sleep(slowPhone.settleTime)); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	f := eval[slowPhoneFigures](t, ctx, slowPhoneFiguresJS)
	if testing.Verbose() {
		t.Log(eval[string](t, ctx, slowPhoneResourcesJS))
	}
	if f.Load <= 0 {
		t.Fatalf("%s: no load event: %+v", url, f)
	}
	return f
}

// emulateNetworkConditions is Network.emulateNetworkConditions, which
// chromium 148 still has and cdproto no longer names (its successor,
// emulateNetworkConditionsByRule, answers "Invalid parameters" there). Its
// parameters are those of Network.overrideNetworkState.
var emulateNetworkConditions = cdp.Command[network.OverrideNetworkStateParams, cdp.Empty]{Method: "Network.emulateNetworkConditions"}
