package main

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestLongPageIndexBrowser tries, on a phone, the two longest pages a
// judge meets: a big diff (section 7 half way down 15,000 px) and rule
// 903, Commander (11,000 px). Each opens with an index of what it holds,
// whose links reach it.
func TestLongPageIndexBrowser(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	var eds []*rules.Edition
	for _, name := range []string{"2009-05-01.txt", "2009-09-04.txt", "2026-01-16.txt"} {
		eds = append(eds, rules.Parse(rules.Source{Name: name, Data: corpustest.ReadFile(t, "corpus", "cr", name)}))
	}
	ts := httptest.NewServer(NewServer(rules.NewLibrary(eds), Options{}))
	t.Cleanup(ts.Close)

	// A static export shows a big diff whole, as one page: the server
	// pages it by section (views.PagedDiff), with an index already.
	static := httptest.NewServer(NewServer(rules.NewLibrary(eds), Options{Static: true}))
	t.Cleanup(static.Close)

	t.Run("diff sections", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(static.URL+"/diff/2009-05-01/2009-09-04"), chromedp.WaitVisible(chromedp.CSS("h1")))
		parts := eval[[]string](t, ctx, `[...document.querySelectorAll('details.dpart')].map(d => '#' + d.id)`)
		links := eval[[]string](t, ctx, `[...document.querySelectorAll('.dindex a')].map(a => a.getAttribute('href'))`)
		if len(parts) < 2 || len(links) != len(parts) {
			t.Fatalf("the index links %q; the page's sections are %q", links, parts)
		}
		for i := range parts {
			if links[i] != parts[i] {
				t.Errorf("index line %d links %s, section %s", i, links[i], parts[i])
			}
		}
		if counts := eval[string](t, ctx, `document.querySelector('.dindex li .meta').textContent`); counts == "" {
			t.Error("an index line has no counts of its changes")
		}
		if y := eval[float64](t, ctx, `document.querySelector('.dindex').getBoundingClientRect().top + scrollY`); y > 1500 {
			t.Errorf("the index begins %vpx down the page", y)
		}
		scrollTo := `document.querySelector('.dindex').scrollIntoView()`
		eval[any](t, ctx, scrollTo)
		shootPhoneOrDesktop(t, ctx, "diff-index-phone")
		last := links[len(links)-1]
		timed(t, ctx, chromedp.Click(chromedp.CSS(`.dindex a[href="`+last+`"]`)))
		if top := eval[float64](t, ctx, `document.querySelector('`+last+`').getBoundingClientRect().top`); top < 0 || top > 200 {
			t.Errorf("after a tap on %s its section is %vpx from the top", last, top)
		}
		desk := tab(t, bctx)
		timed(t, desk, chromedp.Navigate(static.URL+"/diff/2009-05-01/2009-09-04"), chromedp.WaitVisible(chromedp.CSS("h1")))
		eval[any](t, desk, scrollTo)
		shootPhoneOrDesktop(t, desk, "diff-index-desktop")
	})

	t.Run("rule 903 subrules", func(t *testing.T) {
		ctx := tab(t, bctx)
		phone(t, ctx)
		timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/903"), chromedp.WaitVisible(chromedp.CSS("h1")))
		n := eval[int](t, ctx, `document.querySelectorAll('.subidx li').length`)
		children := eval[int](t, ctx, `document.querySelectorAll('#\\39 03 > .rule').length`)
		if n == 0 || n != children {
			t.Fatalf("the index lists %d rules; 903 has %d", n, children)
		}
		if h := eval[float64](t, ctx, `document.querySelector('.subidx').getBoundingClientRect().height`); h > 80 {
			t.Errorf("on a phone the folded index is %vpx high", h)
		}
		if y := eval[float64](t, ctx, `document.querySelector('.subidx').getBoundingClientRect().top + scrollY`); y > 600 {
			t.Errorf("the index begins %vpx down the page", y)
		}
		shootPhoneOrDesktop(t, ctx, "rule-index-phone")
		timed(t, ctx, chromedp.Click(chromedp.CSS(".subidx summary")))
		first := eval[string](t, ctx, `document.querySelector('.subidx li:nth-child(4) a').textContent`)
		if want := "903.4 "; len(first) < len(want)+10 || first[:len(want)] != want {
			t.Errorf("index line 4 says %q: want 903.4 and its first words", first)
		}
		shootPhoneOrDesktop(t, ctx, "rule-index-open-phone")
		timed(t, ctx, chromedp.Click(chromedp.CSS(`.subidx a[href="#903.4"]`)))
		if h := eval[string](t, ctx, "location.hash"); h != "#903.4" {
			t.Errorf("a tap on 903.4 went to %q", h)
		}

		desk := tab(t, bctx)
		timed(t, desk, chromedp.Navigate(ts.URL+"/2026-01-16/903"), chromedp.WaitVisible(chromedp.CSS("h1")))
		if !eval[bool](t, desk, `document.querySelector('.subidx li a').checkVisibility()`) {
			t.Error("on a wide screen the index is folded")
		}
		shootPhoneOrDesktop(t, desk, "rule-index-desktop")
	})
}
