package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-rules/arbiter/engine/scenario"
)

// TestStepFormsBrowser reads, on a phone, what the sandbox tells someone
// writing a scenario: its help lists a step of every form the reader
// reads (casting, attacking, blocking, going to a step among them), and so
// does the error for a step it can't read.
func TestStepFormsBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(sandboxServer(t))
	t.Cleanup(ts.Close)
	forms := scenario.AllStepForms()
	musts := []string{"A casts", "A attacks with", "B blocks", "go to", "A activates", "A passes"}

	t.Run("help", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+"/sandbox#language"), chromedp.WaitVisible(chromedp.ID("language-h")))
		row := `[...document.querySelectorAll('#language table.lang tr')].find(r => r.querySelector('th').textContent == 'steps')`
		listed := eval[[]string](t, ctx, `[...`+row+`.querySelectorAll('td > code')].map(c => c.textContent)`)
		if len(listed) < len(forms) {
			t.Errorf("the help lists %d steps for %d forms: %q", len(listed), len(forms), listed)
		}
		all := strings.Join(listed, "\n")
		for _, m := range musts {
			if !strings.Contains(all, m) {
				t.Errorf("the help's steps lack %q", m)
			}
		}
		eval[any](t, ctx, row+`.scrollIntoView()`)
		shootPhoneOrDesktop(t, ctx, "sandbox-steps-help-phone")
		desk := tab(t, bctx)
		timed(t, desk, chromedp.Navigate(ts.URL+"/sandbox#language"), chromedp.WaitVisible(chromedp.ID("language-h")))
		eval[any](t, desk, row+`.scrollIntoView()`)
		shootPhoneOrDesktop(t, desk, "sandbox-steps-help-desktop")
	})

	t.Run("error", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+"/sandbox/scenario/legend-rule"),
			chromedp.Click(chromedp.CSS(".sb-details > summary")), chromedp.WaitVisible(chromedp.ID("sb-text")))
		text := eval[string](t, ctx, "document.getElementById('sb-text').value")
		broken := strings.Replace(text, "A chooses Rasputin Dreamweaver#2", "A flips a coin", 1)
		timed(t, ctx,
			chromedp.SetValue(chromedp.ID("sb-text"), broken),
			chromedp.Click(chromedp.ID("sb-run")),
			waitText("#sb-errors li", "can't read step"),
		)
		msg := eval[string](t, ctx, "document.querySelector('#sb-errors li').textContent")
		for _, f := range forms {
			if !strings.Contains(msg, f.String()) {
				t.Errorf("the error lacks %q: %s", f, msg)
			}
		}
		eval[any](t, ctx, `document.getElementById('sb-errors').scrollIntoView()`)
		shootPhoneOrDesktop(t, ctx, "sandbox-step-error-phone")
	})
}
