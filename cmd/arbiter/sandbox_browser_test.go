package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The sandbox in a browser: stepping forward and back, running all,
// resetting, the edition switch, editing and running a scenario, answering
// a choice; with the script (steps swap in place) and without (every
// control is a link or a form). Like the other browser tests, it skips
// locally without chromium and fails under CI.

// waitText waits until the element sel's text contains want.
func waitText(sel, want string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		js := fmt.Sprintf("(() => { const e = document.querySelector(%q); return e ? e.textContent : null; })()", sel)
		var at any
		for {
			if v, err := chromedp.EvaluateAsDevTools[any](js)(ctx, tg); err == nil {
				if s, ok := v.(string); ok && strings.Contains(strings.Join(strings.Fields(s), " "), want) {
					return chromedp.Void{}, nil
				}
				at = v
			}
			select {
			case <-ctx.Done():
				return chromedp.Void{}, fmt.Errorf("waiting for %s to say %q, it says %v: %w", sel, want, at, ctx.Err())
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
}

func TestSandboxBrowser(t *testing.T) {
	t.Parallel()
	bctx, _ := browser(t)
	ts := httptest.NewServer(sandboxServer(t))
	t.Cleanup(ts.Close)
	base := ts.URL
	const page = "/sandbox/scenario/legend-rule"
	at := ".sb-controls .at"

	t.Run("stepping in place", func(t *testing.T) {
		ctx := tab(t, bctx)
		// The page opens at the start.
		timed(t, ctx, chromedp.Navigate(base+page), waitText(at, "Step 0 of 2"), waitText("#state-h", "Start"))
		// A mark on the window survives only if no page loads.
		timed(t, ctx, chromedp.Evaluate[chromedp.Void]("window.stayed = 1"))
		if eval[bool](t, ctx, "document.getElementById('sb-keys').hidden") {
			t.Error("the script didn't show the arrow keys' hint")
		}
		if n := eval[int](t, ctx, "document.querySelectorAll('.events:not(.later) li').length"); n != 0 {
			t.Errorf("%d events listed at the start", n)
		}

		timed(t, ctx, chromedp.Click(chromedp.ID("sb-forward")), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"),
			waitText(".sb-now", "Alice puts the second Rasputin Dreamweaver onto the battlefield."))
		if p := eval[string](t, ctx, "document.querySelector('.sb-state .pending').textContent"); !strings.Contains(p, "Alice must choose") {
			t.Errorf("after step 1 the board says %q", p)
		}
		if id := eval[string](t, ctx, "document.activeElement.id"); id != "sb-forward" {
			t.Errorf("focus is on %q after stepping, want the forward control", id)
		}
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-forward")), waitText(at, "Step 2 of 2"), waitPath(page+"?step=2"))
		if n := eval[int](t, ctx, "document.querySelectorAll('.sb-state .z-graveyard .card').length"); n != 1 {
			t.Errorf("after the choice, %d cards in graveyards", n)
		}
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-back")), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"))
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-reset")), waitText(at, "Step 0 of 2"), waitPath(page))
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-all")), waitText(at, "Step 2 of 2"), waitPath(page+"?step=2"),
			waitText(".summary", "All 4 expectations hold"))
		// The step list jumps to a step.
		timed(t, ctx, chromedp.Click(chromedp.CSS("li#step-1 button")), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"))
		// ← and → step, back to the start and on to the end, and no
		// further.
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), waitText(at, "Step 0 of 2"), waitPath(page))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.Sleep(300*time.Millisecond), waitText(at, "Step 0 of 2"))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowRight), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowRight), waitText(at, "Step 2 of 2"), waitPath(page+"?step=2"))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.Sleep(300*time.Millisecond), waitText(at, "Step 2 of 2"))
		// The arrows leave a text box alone.
		timed(t, ctx, chromedp.Click(chromedp.CSS(".sb-details > summary")), chromedp.Focus(chromedp.ID("sb-text")),
			chromedp.KeyEvent(kb.ArrowLeft), chromedp.Sleep(300*time.Millisecond), waitText(at, "Step 2 of 2"))
		// The browser's back button goes back a step; the unfolded text
		// stays unfolded.
		timed(t, ctx, chromedp.NavigateBack(), waitPath(page+"?step=1"), waitText(at, "Step 1 of 2"))
		if !eval[bool](t, ctx, "document.querySelector('.sb-details').open") {
			t.Error("stepping folded the scenario's text again")
		}
		if !eval[bool](t, ctx, "window.stayed === 1") {
			t.Error("stepping loaded a new page instead of swapping this one")
		}
		// Each event links to its rule in the edition run.
		if h := eval[string](t, ctx, "document.querySelector('li#step-1 .events a.rule').getAttribute('href')"); h != "/2026-01-16/704.5j" {
			t.Errorf("event links to %q", h)
		}
		// The share box holds a full URL.
		if v := eval[string](t, ctx, "document.getElementById('sb-share').value"); v != base+page+"?step=1" {
			t.Errorf("share box holds %q", v)
		}
	})

	t.Run("print", func(t *testing.T) {
		// Printed, the page is the whole run: every step, its events and
		// the state after it, and not the one state on screen.
		ctx := tab(t, bctx)
		timed(t, ctx, chromedp.Navigate(base+page+"?step=1"), waitText(at, "Step 1 of 2"))
		shown := "(sel => [...document.querySelectorAll(sel)].filter(e => getComputedStyle(e).display != 'none').length)"
		if n := eval[int](t, ctx, shown+"('.snap')"); n != 0 {
			t.Errorf("%d states for print shown on screen", n)
		}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, shown+"('.snap')"); n != 3 {
			t.Errorf("printed, %d states of 3 shown", n)
		}
		if n := eval[int](t, ctx, shown+"('.events')"); n != 2 {
			t.Errorf("printed, %d steps' events of 2 shown", n)
		}
		if n := eval[int](t, ctx, shown+"('.sb-state, .sb-controls')"); n != 0 {
			t.Error("printed, the state on screen and the controls are shown")
		}
		if n := eval[int](t, ctx, shown+"('.steplist button')"); n != 3 {
			t.Errorf("printed, %d steps' words of 3 shown", n)
		}
	})

	t.Run("index filter", func(t *testing.T) {
		ctx := tab(t, bctx)
		open := "[...document.querySelectorAll('.sb-group')].filter(g => g.open).length"
		visible := "[...document.querySelectorAll('.sb-group')].filter(g => !g.hidden).length"
		timed(t, ctx, chromedp.Navigate(base+"/sandbox"), chromedp.WaitVisible(chromedp.ID("sb-q")))
		groups := eval[int](t, ctx, "document.querySelectorAll('.sb-group').length")
		if groups < 5 || eval[int](t, ctx, open) != 0 {
			t.Fatalf("%d groups, %d open", groups, eval[int](t, ctx, open))
		}
		timed(t, ctx, chromedp.SendKeys(chromedp.ID("sb-q"), "legend rule"))
		if eval[int](t, ctx, visible) != eval[int](t, ctx, open) || eval[int](t, ctx, visible) == 0 || eval[int](t, ctx, visible) == groups {
			t.Errorf("filtered: %d groups shown, %d open, of %d", eval[int](t, ctx, visible), eval[int](t, ctx, open), groups)
		}
		if eval[bool](t, ctx, "document.getElementById('legend-rule').hidden") || !eval[bool](t, ctx, "document.getElementById('mana-burn').hidden") {
			t.Error("the filter shows the wrong scenarios")
		}
		timed(t, ctx, chromedp.Evaluate[chromedp.Void]("q = document.getElementById('sb-q'), q.value = '', q.dispatchEvent(new Event('input'))"))
		if eval[int](t, ctx, visible) != groups || eval[int](t, ctx, open) != 0 || eval[int](t, ctx, "document.querySelectorAll('.sb-index li[hidden]').length") != 0 {
			t.Error("emptied, the filter doesn't show every group again, folded")
		}
		// A link within the page is not a step.
		timed(t, ctx, chromedp.Click(chromedp.CSS("a[href='#language']")), chromedp.NavigateBack(), waitPath("/sandbox"))
	})

	t.Run("edition switch", func(t *testing.T) {
		ctx := tab(t, bctx)
		mana := "/sandbox/scenario/mana-burn"
		life := ".sb-state .player[data-player=Alice] .life"
		timed(t, ctx, chromedp.Navigate(base+mana), waitText(life, "20"),
			chromedp.Evaluate[chromedp.Void]("window.stayed = 1"),
			chromedp.SetValue(chromedp.ID("sb-rules"), "2007-02-01"),
			chromedp.Click(chromedp.CSS(".sb-rules button")),
			waitPath(mana+"?rules=2007-02-01"),
			waitText(at, "Step 0 of 3"),
			chromedp.Click(chromedp.ID("sb-all")),
			waitPath(mana+"?rules=2007-02-01&step=3"),
			waitText(life, "17"),
			waitText(".summary", "All 3 expectations hold"),
		)
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-back")), waitPath(mana+"?rules=2007-02-01&step=2"), waitText(life, "20"))
		if !eval[bool](t, ctx, "window.stayed === 1") {
			t.Error("switching editions loaded a new page")
		}
	})

	t.Run("edit and run", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx, chromedp.Navigate(base+page), waitText(at, "Step 0 of 2"),
			chromedp.Click(chromedp.CSS(".sb-details > summary")), chromedp.WaitVisible(chromedp.ID("sb-text")))
		text := eval[string](t, ctx, "document.getElementById('sb-text').value")
		if !strings.HasPrefix(text, `scenario "Legend rule`) {
			t.Fatalf("the editor holds %q", text)
		}
		// A mistake: reported beside the editor with its line.
		broken := strings.Replace(text, "A chooses Rasputin Dreamweaver#2", "A flips a coin", 1)
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), broken),
			chromedp.Click(chromedp.ID("sb-run")),
			waitText("#sb-errors li", "Line 13: can't read step"),
		)
		if p := eval[string](t, ctx, "location.pathname"); p != "/sandbox/run" {
			t.Errorf("after running, at %s", p)
		}
		if v := eval[string](t, ctx, "document.getElementById('sb-text').value"); v != broken {
			t.Errorf("the editor holds %q after the error", v)
		}
		// Fixed by leaving the choice out: the sandbox asks for it after
		// the last step.
		unanswered := strings.Replace(text, "  A chooses Rasputin Dreamweaver#2\n", "", 1)
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), unanswered),
			chromedp.Focus(chromedp.ID("sb-text")),
			chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(kb.ModifierCtrl)),
			waitText(at, "Step 0 of 1"),
			waitText(".sb-steps", "the rules wait for a choice"),
			chromedp.Click(chromedp.ID("sb-all")),
			waitText("form.choice legend", "Alice must choose"),
		)
		if n := eval[int](t, ctx, "document.querySelectorAll('.expects li').length"); n != 0 {
			t.Errorf("%d expectations checked while a choice is pending", n)
		}
		timed(t, ctx,
			chromedp.Click(chromedp.CSS("form.choice button[value='A chooses Rasputin Dreamweaver#2']")),
			waitText(".summary", "All 4 expectations hold"),
			waitText(at, "Step 2 of 2"),
			waitText("li#step-2", "Alice chooses the second Rasputin Dreamweaver."),
		)
		// The run is in its URL: reloading shows it again.
		share := eval[string](t, ctx, "document.getElementById('sb-share').value")
		if !strings.HasPrefix(share, base+"/sandbox/run?ex=scenario%2Flegend-rule&s=") {
			t.Errorf("share URL %q", share)
		}
		timed(t, ctx, chromedp.Navigate(share), waitText(".summary", "All 4 expectations hold"), waitText(at, "Step 2 of 2"))
		if got := eval[string](t, ctx, "document.getElementById('sb-text').value"); got != text {
			t.Errorf("the shared run's text differs:\n%s\nwant\n%s", got, text)
		}
		// Stepping keeps an edit in progress.
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), "my edit"),
			chromedp.Click(chromedp.ID("sb-back")),
			waitText(at, "Step 1 of 2"),
		)
		if v := eval[string](t, ctx, "document.getElementById('sb-text').value"); v != "my edit" {
			t.Errorf("stepping lost the edit: %q", v)
		}
	})

	t.Run("without JavaScript", func(t *testing.T) {
		ctx := tab(t, bctx)
		if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		timed(t, ctx,
			chromedp.Navigate(base+page), waitText(at, "Step 0 of 2"),
			chromedp.Click(chromedp.ID("sb-forward")), waitPath(page+"?step=1"), waitText(at, "Step 1 of 2"),
			chromedp.Click(chromedp.ID("sb-all")), waitPath(page+"?step=2"), waitText(at, "Step 2 of 2"),
			chromedp.Click(chromedp.ID("sb-back")), waitPath(page+"?step=1"),
			chromedp.Click(chromedp.ID("sb-reset")), waitPath(page),
			// The step list is a form whose buttons put the step in the URL.
			chromedp.Click(chromedp.CSS("li#step-2 button")), waitPath(page+"?step=2"), waitText(at, "Step 2 of 2"),
		)
		// The server writes the share URL whole, host and all.
		if v := eval[string](t, ctx, "document.getElementById('sb-share').value"); v != base+page+"?step=2" {
			t.Errorf("the share box holds %q without script", v)
		}
		if !eval[bool](t, ctx, "document.getElementById('sb-keys').hidden") {
			t.Error("the arrow keys' hint shows without the script that makes them work")
		}
		// Editing and running is a plain form post.
		timed(t, ctx, chromedp.Click(chromedp.CSS(".sb-details > summary")), chromedp.WaitVisible(chromedp.ID("sb-text")))
		text := eval[string](t, ctx, "document.getElementById('sb-text').value")
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), strings.Replace(text, "Rasputin Dreamweaver#2 in battlefield", "Rasputin Dreamweaver#1 in battlefield", 1)),
			chromedp.Click(chromedp.ID("sb-run")),
			waitText(".summary", "1 of 4 expectations fail"),
		)
		// The index: no filter without the script, the groups fold.
		timed(t, ctx, chromedp.Navigate(base+"/sandbox"), chromedp.WaitReady(chromedp.CSS(".sb-group")))
		if !eval[bool](t, ctx, "document.querySelector('.sb-filter').hidden") {
			t.Error("the filter shows without the script")
		}
		timed(t, ctx, chromedp.Click(chromedp.CSS("#section-7 > summary")), chromedp.WaitVisible(chromedp.CSS("li#legend-rule a")))
	})
}

// TestSandboxControlsReachable scrolls a scenario to its end, on a phone and
// a desktop, and taps the step controls there: each is on screen and on top
// (no header over it), and a tap on Back steps back rather than landing in
// the jump box.
func TestSandboxControlsReachable(t *testing.T) {
	t.Parallel()
	bctx, _ := browser(t)
	ts := httptest.NewServer(sandboxServer(t))
	t.Cleanup(ts.Close)
	const page = "/sandbox/scenario/legend-rule?step=1"
	// onTop says whether the control is inside the viewport and is what a
	// tap at its centre would hit.
	const onTop = `(id => { const el = document.getElementById(id), r = el.getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2;
		return y > 0 && y < innerHeight && el.contains(document.elementFromPoint(x, y)); })`
	for _, d := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 900, false}} {
		t.Run(d.name, func(t *testing.T) {
			ctx := tab(t, bctx)
			if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: d.width, Height: d.height, DeviceScaleFactor: 1, Mobile: d.mobile,
			}); err != nil {
				t.Fatal(err)
			}
			timed(t, ctx, chromedp.Navigate(ts.URL+page), waitText(".sb-controls .at", "Step 1 of 2"),
				chromedp.Evaluate[chromedp.Void]("scrollTo(0, document.documentElement.scrollHeight)"))
			if eval[float64](t, ctx, "scrollY") < 50 {
				t.Fatalf("the page did not scroll (%v px): nothing to test", eval[float64](t, ctx, "scrollY"))
			}
			for _, id := range []string{"sb-back", "sb-forward", "sb-reset", "sb-all"} {
				if !eval[bool](t, ctx, onTop+"('"+id+"')") {
					t.Errorf("at the bottom of the page, #%s is off screen or covered", id)
				}
			}
			shootPhoneOrDesktop(t, ctx, "sandbox-controls-"+d.name)
			var x, y float64
			x = eval[float64](t, ctx, "(r => r.left + r.width / 2)(document.getElementById('sb-back').getBoundingClientRect())")
			y = eval[float64](t, ctx, "(r => r.top + r.height / 2)(document.getElementById('sb-back').getBoundingClientRect())")
			timed(t, ctx, chromedp.MouseClickXY(x, y), waitText(".sb-controls .at", "Step 0 of 2"))
			if id := eval[string](t, ctx, "document.activeElement.id"); id == "q" {
				t.Error("the tap on Back landed in the jump box")
			}
		})
	}
}
