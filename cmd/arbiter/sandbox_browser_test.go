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
	bctx, _ := browser(t)
	ts := httptest.NewServer(sandboxServer(t))
	t.Cleanup(ts.Close)
	base := ts.URL
	const page = "/sandbox/scenario/legend-rule"
	at := ".sb-controls .at"

	t.Run("stepping in place", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx, chromedp.Navigate(base+page+"?step=0"), waitText(at, "Step 0 of 2"))
		// A mark on the window survives only if no page loads.
		timed(t, ctx, chromedp.Evaluate[chromedp.Void]("window.stayed = 1"))

		timed(t, ctx, chromedp.Click(chromedp.ID("sb-forward")), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"))
		if p := eval[string](t, ctx, "document.querySelector('.pending').textContent"); !strings.Contains(p, "A must choose") {
			t.Errorf("after step 1 the board says %q", p)
		}
		if id := eval[string](t, ctx, "document.activeElement.id"); id != "sb-forward" {
			t.Errorf("focus is on %q after stepping, want the forward control", id)
		}
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-forward")), waitText(at, "Step 2 of 2"), waitPath(page))
		if n := eval[int](t, ctx, "document.querySelectorAll('.z-graveyard .card').length"); n != 1 {
			t.Errorf("after the choice, %d cards in graveyards", n)
		}
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-back")), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"))
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-reset")), waitText(at, "Step 0 of 2"), waitPath(page+"?step=0"))
		if n := eval[int](t, ctx, "document.querySelectorAll('.events li').length"); n != 0 {
			t.Errorf("%d events listed at the start", n)
		}
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-all")), waitText(at, "Step 2 of 2"), waitPath(page),
			waitText(".summary", "All 4 expectations hold"))
		// The step list jumps to a step; the arrow keys step.
		timed(t, ctx, chromedp.Click(chromedp.CSS("li#step-1 button")), waitText(at, "Step 1 of 2"), waitPath(page+"?step=1"))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), waitText(at, "Step 0 of 2"))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowRight), waitText(at, "Step 1 of 2"))
		timed(t, ctx, chromedp.KeyEvent(kb.ArrowRight), waitText(at, "Step 2 of 2"))
		// The browser's back button goes back a step.
		timed(t, ctx, chromedp.NavigateBack(), waitPath(page+"?step=1"), waitText(at, "Step 1 of 2"))
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
		// On the index, a link within the page is not a step.
		timed(t, ctx, chromedp.Navigate(base+"/sandbox"), chromedp.Click(chromedp.CSS("a[href='#language']")),
			chromedp.NavigateBack(), waitPath("/sandbox"))
	})

	t.Run("edition switch", func(t *testing.T) {
		ctx := tab(t, bctx)
		mana := "/sandbox/scenario/mana-burn"
		timed(t, ctx, chromedp.Navigate(base+mana), waitText(".player[data-player=A] .life", "20"),
			chromedp.Evaluate[chromedp.Void]("window.stayed = 1"),
			chromedp.SetValue(chromedp.ID("sb-rules"), "2007-02-01"),
			chromedp.Click(chromedp.CSS(".sb-rules button")),
			waitPath(mana+"?rules=2007-02-01"),
			waitText(".player[data-player=A] .life", "17"),
			waitText(".summary", "All 3 expectations hold"),
		)
		timed(t, ctx, chromedp.Click(chromedp.ID("sb-back")), waitPath(mana+"?rules=2007-02-01&step=2"), waitText(".player[data-player=A] .life", "20"))
		if !eval[bool](t, ctx, "window.stayed === 1") {
			t.Error("switching editions loaded a new page")
		}
	})

	t.Run("edit and run", func(t *testing.T) {
		ctx := tab(t, bctx)
		timed(t, ctx, chromedp.Navigate(base+page), waitText(at, "Step 2 of 2"))
		text := eval[string](t, ctx, "document.getElementById('sb-text').value")
		if !strings.HasPrefix(text, `scenario "Legend rule`) {
			t.Fatalf("the editor holds %q", text)
		}
		// A mistake: reported beside the editor with its line.
		broken := strings.Replace(text, "A chooses Rasputin Dreamweaver#2", "A flips a coin", 1)
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), broken),
			chromedp.Click(chromedp.ID("sb-run")),
			waitText("#sb-errors li", "Line 11: can't read step"),
		)
		if p := eval[string](t, ctx, "location.pathname"); p != "/sandbox/run" {
			t.Errorf("after running, at %s", p)
		}
		if v := eval[string](t, ctx, "document.getElementById('sb-text').value"); v != broken {
			t.Errorf("the editor holds %q after the error", v)
		}
		// Fixed by leaving the choice out: the sandbox asks for it.
		unanswered := strings.Replace(text, "  A chooses Rasputin Dreamweaver#2\n", "", 1)
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), unanswered),
			chromedp.Focus(chromedp.ID("sb-text")),
			chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(kb.ModifierCtrl)),
			waitText("form.choice legend", "A must choose"),
		)
		if n := eval[int](t, ctx, "document.querySelectorAll('.expects li').length"); n != 0 {
			t.Errorf("%d expectations checked while a choice is pending", n)
		}
		timed(t, ctx,
			chromedp.Click(chromedp.CSS("form.choice button[value='A chooses Rasputin Dreamweaver#2']")),
			waitText(".summary", "All 4 expectations hold"),
			waitText("li#step-2", "A chooses Rasputin Dreamweaver#2"),
		)
		// The run is in its URL: reloading shows it again.
		share := eval[string](t, ctx, "document.getElementById('sb-share').value")
		if !strings.HasPrefix(share, base+"/sandbox/run?ex=scenario%2Flegend-rule&s=") {
			t.Errorf("share URL %q", share)
		}
		timed(t, ctx, chromedp.Navigate(share), waitText(".summary", "All 4 expectations hold"))
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
			chromedp.Navigate(base+page+"?step=0"), waitText(at, "Step 0 of 2"),
			chromedp.Click(chromedp.ID("sb-forward")), waitPath(page+"?step=1"), waitText(at, "Step 1 of 2"),
			chromedp.Click(chromedp.ID("sb-all")), waitPath(page), waitText(at, "Step 2 of 2"),
			chromedp.Click(chromedp.ID("sb-back")), waitPath(page+"?step=1"),
			chromedp.Click(chromedp.ID("sb-reset")), waitPath(page+"?step=0"),
			// The step list is a form whose buttons put the step in the URL.
			chromedp.Click(chromedp.CSS("li#step-2 button")), waitPath(page+"?step=2"), waitText(at, "Step 2 of 2"),
		)
		if v := eval[string](t, ctx, "document.getElementById('sb-share').value"); v != page {
			t.Errorf("the share box holds %q; the script ran, or the page is wrong", v)
		}
		// Editing and running is a plain form post.
		text := eval[string](t, ctx, "document.getElementById('sb-text').value")
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), strings.Replace(text, "Rasputin Dreamweaver#2 in battlefield", "Rasputin Dreamweaver#1 in battlefield", 1)),
			chromedp.Click(chromedp.ID("sb-run")),
			waitText(".summary", "1 of 4 expectations fail"),
		)
	})
}
