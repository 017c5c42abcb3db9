package main

import (
	"bytes"
	"compress/zlib"
	"context"
	"io"
	"log/slog"
	"math"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// phone sets a tab's screen to a phone's: 390 × 844 CSS pixels.
func phone(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true,
	}); err != nil {
		t.Fatal(err)
	}
}

// smallTargets lists the page's tap targets (every link, button, select,
// input and summary shown) that fail WCAG 2.2's minimum (2.5.8): smaller
// than 24 × 24 CSS pixels, and not spaced so that a 24 px circle centred
// on it misses every other target and every other small target's circle.
// Links in running text are padded to 24 px high (app.css); a short one,
// such as a glossary mention of "tie", may be narrower, and passes by its
// spacing alone. The criterion's exception for any link in a sentence is
// not taken.
const smallTargets = `(() => {
	const targets = [];
	for (const el of document.querySelectorAll('a[href], button, select, input, summary')) {
		if (el.type === 'hidden' || !el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true})) continue;
		const r = el.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) continue; // inside something folded
		targets.push({el, r, small: r.width < 24 || r.height < 24,
			x: r.left + r.width / 2, y: r.top + r.height / 2});
	}
	const gap = (t, r) => Math.hypot(Math.max(r.left - t.x, 0, t.x - r.right), Math.max(r.top - t.y, 0, t.y - r.bottom));
	const out = [];
	for (const t of targets) {
		if (!t.small) continue;
		const near = targets.find(o => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el) &&
			(gap(t, o.r) < 12 || o.small && Math.hypot(o.x - t.x, o.y - t.y) < 24));
		if (near) {
			out.push('<' + t.el.tagName.toLowerCase() + (t.el.className ? '.' + t.el.className : '') + '> "' +
				(t.el.textContent || t.el.value || '').trim().slice(0, 30) + '" ' + t.r.width.toFixed(1) + '×' + t.r.height.toFixed(1) +
				', near "' + (near.el.textContent || near.el.value || '').trim().slice(0, 20) + '"');
		}
	}
	return out;
})()`

// checkPhonePage asserts what every page must be on a phone: nothing
// wider than the screen, tables that scroll in their own box, tap targets
// of 24 × 24 px at least, and at most one search box.
func checkPhonePage(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	if w := eval[float64](t, ctx, "document.documentElement.scrollWidth - window.innerWidth"); w > 0 {
		t.Errorf("%s scrolls sideways by %vpx on a 390px screen", path, w)
	}
	for _, s := range eval[[]string](t, ctx, smallTargets) {
		t.Errorf("%s: tap target under 24 × 24 px: %s", path, s)
	}
	if n := eval[int](t, ctx, "[...document.querySelectorAll('main table')].filter(t => !t.closest('.scroll')).length"); n > 0 {
		t.Errorf("%s has %d tables that would widen the page rather than scroll in their box", path, n)
	}
	if n := eval[int](t, ctx, "document.querySelectorAll('input[type=search]').length"); n > 1 {
		t.Errorf("%s has %d search boxes, want one", path, n)
	}
}

func TestPhoneFirst(t *testing.T) {
	t.Parallel()
	bctx, base := browser(t)
	ctx := tab(t, bctx)
	phone(t, ctx)
	for _, path := range []string{
		"/", "/2026-01-16", "/2026-01-16/704.5k", "/2026-01-16/704", "/2026-01-16/704/print", "/2026-01-16/702.2b",
		"/2026-01-16/glossary", "/2026-01-16/glossary/deathtouch", "/2026-01-16/all", "/2026-01-16/keywords",
		"/search?q=legendary&e=2026-01-16", "/diff/2007-02-01/2026-01-16", "/jump?q=704.5d&e=2026-01-16", "/help",
	} {
		timed(t, ctx, chromedp.Navigate(base+path), chromedp.WaitVisible(chromedp.CSS("main")))
		checkPhonePage(t, ctx, path)
	}

	t.Run("home's first screen", func(t *testing.T) {
		timed(t, ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("main")))
		for _, sel := range []string{"#q", ".toc a[href='/2026-01-16/section/1']", ".toc a[href='/2026-01-16/100']"} {
			if b := eval[float64](t, ctx, "document.querySelector(\""+sel+"\").getBoundingClientRect().bottom"); b <= 0 || b > 844 {
				t.Errorf("%s ends at %vpx, not on the first screen (844px)", sel, b)
			}
		}
	})

	t.Run("sticky header", func(t *testing.T) {
		timed(t, ctx, chromedp.Navigate(base+"/2026-01-16/all"), chromedp.WaitVisible(chromedp.CSS("main")))
		if h := eval[float64](t, ctx, "document.documentElement.scrollHeight"); h < 2*844 {
			t.Fatalf("the page is %vpx tall, too short to scroll", h)
		}
		if h := eval[float64](t, ctx, "document.querySelector('header.top').getBoundingClientRect().height"); h > 60 {
			t.Errorf("the header is %vpx tall on a phone, want at most 60", h)
		}
		timed(t, ctx, chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, document.documentElement.scrollHeight)"))
		if y := eval[float64](t, ctx, "window.scrollY"); y < 844 {
			t.Fatalf("scrolled to %v only", y)
		}
		if top := eval[float64](t, ctx, "document.querySelector('header.top').getBoundingClientRect().top"); top != 0 {
			t.Errorf("after scrolling, the header's top is at %vpx, want 0", top)
		}
		if b := eval[float64](t, ctx, "document.getElementById('q').getBoundingClientRect().bottom"); b <= 0 || b > 60 {
			t.Errorf("after scrolling, the jump box ends at %vpx, out of reach", b)
		}
		// An anchor scrolled to is not hidden under the header.
		timed(t, ctx, chromedp.Navigate(base+"/2026-01-16/all#704.5k"), chromedp.WaitVisible(chromedp.CSS("div[id='704.5k']")))
		if top := eval[float64](t, ctx, "document.getElementById('704.5k').getBoundingClientRect().top"); top < 45 {
			t.Errorf("#704.5k is at %vpx, under the header", top)
		}
	})

	t.Run("glossary mentions are quiet links", func(t *testing.T) {
		timed(t, ctx, chromedp.Navigate(base+"/2026-01-16/702.2b"), chromedp.WaitVisible(chromedp.CSS("a.t")))
		if d := eval[string](t, ctx, "getComputedStyle(document.querySelector('a.t')).textDecorationLine"); d != "none" {
			t.Errorf("a glossary mention is underlined (%s)", d)
		}
		if c, p := eval[string](t, ctx, "getComputedStyle(document.querySelector('a.t')).color"), eval[string](t, ctx, "getComputedStyle(document.querySelector('a.t').parentElement).color"); c != p {
			t.Errorf("a glossary mention is %s in text of %s", c, p)
		}
		timed(t, ctx, chromedp.Focus(chromedp.CSS("a.t")))
		if d := eval[string](t, ctx, "getComputedStyle(document.querySelector('a.t')).textDecorationLine"); d != "underline" {
			t.Errorf("a focused glossary mention is not underlined (%s)", d)
		}
	})
}

// TestPhoneBigDiff loads the largest diff between neighbouring editions,
// the 2009 renumbering (2,134 changes), on a phone: its first page, the
// summary and an index of sections, fits the screen's width, and so does
// a section's page. Rule pages with histories from the same editions keep
// their tap targets large enough.
func TestPhoneBigDiff(t *testing.T) {
	t.Parallel()
	var paths []string
	for _, ed := range []string{"2003-03-15", "2009-05-01", "2009-09-04", "2025-09-19", "2026-01-16"} {
		paths = append(paths, corpustest.Path(t, "corpus", "cr", ed+".txt"))
	}
	lib, err := loadLibrary(contentOptions{paths: paths}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	bctx := startBrowser(t)
	ts := httptest.NewServer(NewServer(lib, Options{}))
	t.Cleanup(ts.Close)
	ctx := tab(t, bctx)
	phone(t, ctx)
	const d = "/diff/2009-05-01/2009-09-04"
	// The newest neighbours, the 2009 renumbering, and the widest counts:
	// 2003 to 2026.
	for _, path := range []string{"/diff/2025-09-19/2026-01-16", "/diff/2003-03-15/2026-01-16", d} {
		timed(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitVisible(chromedp.CSS("table.counts")))
		checkPhonePage(t, ctx, path)
		if over := eval[float64](t, ctx, "document.querySelector('table.counts').getBoundingClientRect().width - document.querySelector('.scroll').clientWidth"); over > 0 {
			t.Errorf("%s: the summary table is %vpx wider than the page on a 390px screen", path, over)
		}
	}
	if n := eval[int](t, ctx, "document.querySelectorAll('ul.parts li').length"); n < 9 {
		t.Errorf("%s lists %d sections, want every section and the glossary", d, n)
	}
	timed(t, ctx, chromedp.Navigate(ts.URL+d+"?section=7"), chromedp.WaitVisible(chromedp.CSS("details.dpart")))
	checkPhonePage(t, ctx, d+"?section=7")
	// Rule pages with a history across these editions, its changes open.
	for _, path := range []string{"/2026-01-16/704.5j", "/2026-01-16/702.19c", "/2009-09-04/704.5j", "/2003-03-15/420.5e"} {
		timed(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitVisible(chromedp.CSS("section.history")),
			chromedp.Evaluate[chromedp.Void]("document.querySelectorAll('details').forEach(d => d.open = true)"))
		checkPhonePage(t, ctx, path)
	}
}

// TestPrint prints pages to PDF as a reader would, with the screen in the
// dark theme: the first page must carry the text (not a heading and a
// blank page), in dark ink; folded parts print open; links to rules print
// as the numbers they show.
func TestPrint(t *testing.T) {
	t.Parallel()
	srv, _ := corpusServer(t)
	bctx := startBrowser(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	dark := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}
	for _, theme := range []string{"system", "toggle"} {
		t.Run(theme, func(t *testing.T) {
			ctx := tab(t, bctx)
			if theme == "system" {
				if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, dark); err != nil {
					t.Fatal(err)
				}
			}
			for _, path := range []string{"/2026-01-16/704", "/2026-01-16/704/print", "/2026-01-16/702"} {
				timed(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
				if theme == "toggle" && eval[string](t, ctx, "document.documentElement.getAttribute('data-theme') || ''") != "dark" {
					timed(t, ctx, chromedp.Click(chromedp.ID("theme")))
				}
				if bg := eval[string](t, ctx, "getComputedStyle(document.body).backgroundColor"); bg != "rgb(21, 23, 26)" {
					t.Fatalf("%s: the screen is not dark (background %s)", path, bg)
				}
				res, err := chromedp.Call(ctx, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PageRanges: "1"})
				if err != nil {
					t.Fatal(err)
				}
				glyphs := pdfGlyphs(t, res.Data)
				if len(glyphs) < 500 {
					t.Errorf("%s: the first printed page has %d glyphs: blank but for a heading?", path, len(glyphs))
				}
				light := 0
				for _, l := range glyphs {
					if l > 0.5 {
						light++
					}
				}
				if light > 0 {
					t.Errorf("%s: %d of %d glyphs on the first printed page are in light ink", path, light, len(glyphs))
				}
			}
		})
	}

	t.Run("print media", func(t *testing.T) {
		ctx := tab(t, bctx)
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Media: "print", Features: dark.Features,
		}); err != nil {
			t.Fatal(err)
		}
		timed(t, ctx, chromedp.Navigate(ts.URL+"/2026-01-16/704.5k"), chromedp.WaitVisible(chromedp.CSS("main")))
		for _, c := range []struct{ js, want string }{
			{"getComputedStyle(document.body).color", "rgb(0, 0, 0)"},
			{"getComputedStyle(document.body).backgroundColor", "rgb(255, 255, 255)"},
			{"getComputedStyle(document.querySelector('a.x')).color", "rgb(0, 0, 0)"},
			{"getComputedStyle(document.querySelector('a.x'), '::after').content", "none"},
			{"getComputedStyle(document.querySelector('header')).display", "none"},
		} {
			if got := eval[string](t, ctx, c.js); got != c.want {
				t.Errorf("in print, %s = %q, want %q", c.js, got, c.want)
			}
		}
	})
}

// TestPrintOpensFolds prints a rule page whose history folds each change:
// in print, with script and without, the changes are on paper.
func TestPrintOpensFolds(t *testing.T) {
	t.Parallel()
	bctx := startBrowser(t)
	ts := httptest.NewServer(newHistoryServer(t))
	t.Cleanup(ts.Close)
	const folded = ".timeline details:not([open]) .wdiff"
	for _, script := range []bool{true, false} {
		ctx := tab(t, bctx)
		if !script {
			if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
				t.Fatal(err)
			}
		}
		timed(t, ctx, chromedp.Navigate(ts.URL+"/2020-03-01/100.3"), chromedp.WaitVisible(chromedp.CSS("section.history")))
		shown := "document.querySelector('" + folded + "').checkVisibility()"
		if eval[bool](t, ctx, shown) {
			t.Fatal("the history's change shows on screen before it is opened")
		}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		if !eval[bool](t, ctx, shown) {
			t.Errorf("script %v: a folded change of the history does not print", script)
		}
		if !script {
			continue
		}
		// Where CSS cannot open them, app.js does before printing, and folds
		// them again after. A listener added after app.js's sees them open.
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""}); err != nil {
			t.Fatal(err)
		}
		timed(t, ctx, chromedp.Evaluate[chromedp.Void](`window.openInPrint = -1;
			addEventListener('beforeprint', () => { window.openInPrint = document.querySelectorAll('details:not([open])').length; });`))
		if _, err := chromedp.Call(ctx, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PageRanges: "1"}); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, "window.openInPrint"); n != 0 {
			t.Errorf("%d details folded while printing", n)
		}
		if eval[bool](t, ctx, shown) != false || eval[int](t, ctx, "document.querySelectorAll('details[open]').length") != 0 {
			t.Error("after printing, the history's changes are not folded again")
		}
	}
}

// pdfGlyphs reads a PDF as Chromium writes it (Skia: plain objects, each
// page's content one Flate stream in which every glyph is shown by its own
// Tj) and returns, for each glyph of every page, the luminance of the ink
// it is filled with, from 0 (black) to 1 (white).
func pdfGlyphs(t *testing.T, pdf []byte) []float64 {
	t.Helper()
	var out []float64
	for _, m := range regexp.MustCompile(`/Contents (\d+) 0 R`).FindAllSubmatch(pdf, -1) {
		obj := regexp.MustCompile(`\n` + string(m[1]) + ` 0 obj\n<<([^>]*)>> stream\n`).FindSubmatchIndex(pdf)
		if obj == nil {
			t.Fatalf("PDF: no object %s", m[1])
		}
		dict := string(pdf[obj[2]:obj[3]])
		n, err := strconv.Atoi(regexp.MustCompile(`/Length (\d+)`).FindStringSubmatch(dict)[1])
		if err != nil || !strings.Contains(dict, "/FlateDecode") {
			t.Fatalf("PDF: object %s: %q", m[1], dict)
		}
		zr, err := zlib.NewReader(bytes.NewReader(pdf[obj[1] : obj[1]+n]))
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, glyphInks(string(content))...)
	}
	return out
}

// glyphInks walks a content stream's operators, keeping the fill colour
// (rg, g) through q and Q, and notes it at each Tj and TJ.
func glyphInks(content string) []float64 {
	var out, stack, nums []float64
	ink := 0.0
	for _, tok := range strings.Fields(content) {
		if f, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, f)
			continue
		}
		switch tok {
		case "rg":
			if len(nums) >= 3 {
				r, g, b := nums[len(nums)-3], nums[len(nums)-2], nums[len(nums)-1]
				ink = 0.2126*r + 0.7152*g + 0.0722*b
			}
		case "g":
			if len(nums) >= 1 {
				ink = nums[len(nums)-1]
			}
		case "q":
			stack = append(stack, ink)
		case "Q":
			if len(stack) > 0 {
				ink, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
		case "Tj", "TJ":
			out = append(out, math.Round(ink*100)/100)
		}
		nums = nums[:0]
	}
	return out
}
