package main

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/rules"
)

// pageTest is a request and what its answer must hold: a status, for a
// redirect its Location, and selectors that must (checks) or must not
// (absent) match.
type pageTest struct {
	path     string
	status   int
	location string
	checks   []check
	absent   []string
}

func runPageTests(t *testing.T, srv http.Handler, tests []pageTest) {
	t.Helper()
	for _, tt := range tests {
		w := do(t, srv, "GET", tt.path)
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.path, w.Code, tt.status)
			continue
		}
		if tt.location != "" {
			if got := w.Header().Get("Location"); got != tt.location {
				t.Errorf("%s: to %q, want %q", tt.path, got, tt.location)
			}
			continue
		}
		expectPage(t, tt.path, parse(t, w), tt.checks, tt.absent)
	}
}

// TestAllPage is an edition on one page: every entry under its anchor,
// references leading to anchors on the page, each number to its own page.
func TestAllPage(t *testing.T) {
	srv := newFixtureServer(t)
	runPageTests(t, srv, []pageTest{
		{path: "/2026-01-16/all", status: 200, checks: []check{
			{"title", "The whole edition · CR 2026-01-16"},
			{"link[rel=canonical][href='/2026-01-16/all']", ""},
			{"ol.crumbs a[href='/2026-01-16']", "Comprehensive Rules, effective 2026-01-16"},
			{"ol.crumbs a[href='/2026-01-16'] span.nw", "2026-01-16"},
			{"main p.meta", "22 rules, 2 examples and 5 glossary entries."},
			{"details.alltoc a[href='#section-7']", "7. Additional Rules"},
			{"details.alltoc a[href='#704']", "704. State-Based Actions"},
			{"details.alltoc a[href='#glossary']", "Glossary"},
			{"section#section-1 > h2", "1. Game Concepts"},
			{"section#section-7 div#\\37 04 > h3 a.num[href='/2026-01-16/704']", "704. State-Based Actions"},
			{"div#\\37 04\\.5 > div#\\37 04\\.5k > p a.num[href='/2026-01-16/704.5k']", "704.5k"},
			{"div#\\37 04\\.5k > p", "world rule"},
			{"div#\\37 04\\.5k .ex", "Two world enchantments"},
			// References stay on the page.
			{"div#\\37 04\\.5k a.x[href='#704.5j']", "704.5j"},
			{"div#\\37 02\\.2b a.x[href='#704.5h']", "704.5h"},
			{"div#\\37 02\\.2b a.x.t[href='#glossary-deathtouch']", "deathtouch"},
			{"div#\\31 00\\.1 a.x[href='#section-7']", "section 7"},
			{"div#\\31 00\\.1b .dangling", "999.9"},
			// The glossary: each term anchored, and a link to its own page.
			{"section#glossary dt#glossary-world-rule a[href='/2026-01-16/glossary/world-rule']", "World Rule"},
			{"dt#glossary-world-rule + dd p b", "1."},
			{"dt#glossary-world-rule + dd a.x[href='#704.5k']", "704.5k"},
			{"dt#glossary-mana-burn .obsolete", "obsolete"},
			{"dt#glossary-mana-burn + dd a.x[href='#glossary-deathtouch']", "Deathtouch"},
		}, absent: []string{
			// No reference leaves the page, but for a number's own link.
			"main a.x[href^='/']",
			"section.history", "nav.pager",
		}},
		{path: "/classic/all", status: 200, checks: []check{
			{"section#topic-poison > h2", "Poison"},
			{"section#topic-tokens p", "ceases to exist"},
		}, absent: []string{"details.alltoc", "section#glossary"}},
		{path: "/latest/all", status: http.StatusFound, location: "/2026-01-16/all"},
		{path: "/nope/all", status: 404},
		// Linked from the edition's contents and the home page.
		{path: "/2026-01-16", status: 200, checks: []check{{"a.btn[href='/2026-01-16/all']", "Whole edition on one page"}}},
		{path: "/", status: 200, checks: []check{{"main p.intro a[href='/2026-01-16/all']", "all of it on one page"}}},
	})

	// Each id once: an anchor that names two places finds the first only.
	doc := parse(t, do(t, srv, "GET", "/2026-01-16/all"))
	seen := map[string]bool{}
	doc.Find("[id]").Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("id")
		if seen[id] {
			t.Errorf("id %q twice", id)
		}
		seen[id] = true
	})
	// Every rule of the edition is on the page.
	e := srv.Library().Edition("2026-01-16")
	for _, r := range e.Entries() {
		if !seen[r.Number.String()] {
			t.Errorf("%s has no anchor", r.Number)
		}
	}
	// Every anchor a link names is on the page.
	doc.Find("main a[href^='#']").Each(func(_ int, s *goquery.Selection) {
		href, _ := s.Attr("href")
		if !seen[href[1:]] {
			t.Errorf("a link to %s, which is not on the page", href)
		}
	})
}

// TestAllPageRevalidates: the page is never cached by the server, so a
// browser that has it must be told so without it being rendered again,
// in whichever coding it was sent.
func TestAllPageRevalidates(t *testing.T) {
	srv := newFixtureServer(t)
	for _, enc := range []string{"", "gzip", "br"} {
		var hdr []string
		if enc != "" {
			hdr = []string{"Accept-Encoding", enc}
		}
		w := do(t, srv, "GET", "/2026-01-16/all", hdr...)
		etag := w.Header().Get("Etag")
		if w.Code != 200 || etag == "" || w.Header().Get("Content-Encoding") != enc {
			t.Fatalf("%q: %d, ETag %q, coding %q", enc, w.Code, etag, w.Header().Get("Content-Encoding"))
		}
		w = do(t, srv, "GET", "/2026-01-16/all", append(hdr, "If-None-Match", etag)...)
		if w.Code != http.StatusNotModified || w.Body.Len() != 0 {
			t.Errorf("%q: revalidating %s: %d, %d bytes", enc, etag, w.Code, w.Body.Len())
		}
		// Another edition's page, or the same from another library, differs.
		if w := do(t, srv, "GET", "/2007-02-01/all", append(hdr, "If-None-Match", etag)...); w.Code != 200 {
			t.Errorf("%q: another edition with %s: %d", enc, etag, w.Code)
		}
		other := newFixtureServer(t)
		if w := do(t, other, "GET", "/2026-01-16/all", append(hdr, "If-None-Match", etag)...); w.Code != 200 {
			t.Errorf("%q: another server's library with %s: %d", enc, etag, w.Code)
		}
	}
	if w := do(t, srv, "HEAD", "/2026-01-16/all"); w.Code != 200 || w.Body.Len() != 0 {
		t.Errorf("HEAD: %d, %d bytes", w.Code, w.Body.Len())
	}
}

// TestPrintPage is a chapter laid out for paper: its rules and how to cite
// them, without the rule page's history, picker and neighbours.
func TestPrintPage(t *testing.T) {
	srv := newFixtureServer(t)
	runPageTests(t, srv, []pageTest{
		{path: "/2026-01-16/704/print", status: 200, checks: []check{
			{"title", "704. State-Based Actions · CR 2026-01-16 · to print"},
			{"link[rel=canonical][href='/2026-01-16/704/print']", ""},
			{"ol.crumbs a[href='/2026-01-16']", "Comprehensive Rules, effective 2026-01-16"},
			{"ol.crumbs li:nth-child(2)", "7. Additional Rules"},
			{"h1", "704. State-Based Actions"},
			{"p.noprint a[href='/2026-01-16/704']", "Back to 704. State-Based Actions"},
			{"div#\\37 04 div#\\37 04\\.5k", "world rule"},
			{"div#\\37 04\\.5k .ex", "Two world enchantments"},
			{"div#\\37 04\\.1 a.x[href='/2026-01-16/704.5a']", "704.5a"},
			{"p.cite code", "CR 704 (2026-01-16)"},
		}, absent: []string{"section.history", "nav.pager", ".pick", "p.cite button", ".citedby"}},
		{path: "/2026-01-16/704.5/print", status: 200, checks: []check{
			{"h1", "Rule 704.5"},
			{"ol.crumbs li:nth-child(3)", "704. State-Based Actions"},
			{"div#\\37 04\\.5m", "Aura"},
		}, absent: []string{"div#\\37 04\\.1"}},
		{path: "/2026-01-16/704.5K/print", status: http.StatusMovedPermanently, location: "/2026-01-16/704.5k/print"},
		{path: "/2026-01-16/999/print", status: 404},
		{path: "/nope/704/print", status: 404},
		// The chapter's page leads to it; a rule's does not.
		{path: "/2026-01-16/704", status: 200, checks: []check{{".cite a.noprint[href='/2026-01-16/704/print']", "Print this chapter"}}},
		{path: "/2026-01-16/704.5", status: 200, absent: []string{"a[href$='/print']"}},
	})
}

// TestDiffFilters asks a diff for kinds of change by query: the page lists
// only those, with its boxes ticked to say so, and a query written
// otherwise redirects to the one form the cache keeps.
func TestDiffFilters(t *testing.T) {
	srv := newHistoryServer(t)
	const d = "/diff/2020-01-01/2020-03-01"
	runPageTests(t, srv, []pageTest{
		{path: d, status: 200, checks: []check{
			{"details.dpart#part-1[open] > summary h2", "1. Game Concepts"},
			{"details.dpart#part-1 > summary .meta", "1 added · 1 removed · 2 changed · 1 renumbered"},
			{"form.filters input#f-added[checked]", ""},
			{"form.filters input#f-wording[checked]", ""},
			{".change.k-del a[href='/2020-01-01/100.3']", ""},
			{".change.k-mod .wdiff ins", "reliable"},
		}},
		{path: d + "?show=removed", status: 200, checks: []check{
			{"form.filters input#f-removed[checked]", ""},
			{".change.k-del", "removed"},
			{"form.filters label", "removed"},
		}, absent: []string{"form.filters input#f-changed[checked]", ".change.k-mod", ".change.k-add", "ul.moves"}},
		{path: d + "?show=added&show=changed", status: 200, checks: []check{
			{".change.k-add", "added"},
			{".change.k-mod .wdiff del", "clearly"},
		}, absent: []string{".change.k-del"}},
		{path: d + "?show=changed,added", status: http.StatusMovedPermanently, location: d + "?show=added&show=changed"},
		{path: d + "?show=wording&show=added", status: http.StatusMovedPermanently, location: d + "?show=added&show=wording"},
		{path: d + "?show=", status: http.StatusMovedPermanently, location: d},
		{path: d + "?section=1", status: http.StatusMovedPermanently, location: d + "#part-1"},
		{path: d + "?section=1&show=removed", status: http.StatusMovedPermanently, location: d + "?show=removed#part-1"},
		{path: d + "?show=moved", status: http.StatusBadRequest},
		{path: d + "?section=9", status: 404},
	})
	// The canonical query is served from the cache before routing.
	for range 2 {
		if w := do(t, srv, "GET", d+"?show=removed"); w.Code != 200 {
			t.Fatalf("again: %d", w.Code)
		}
	}
	if _, ok := srv.site.Load().pages.pages[pageKey{d + "?show=removed", true}]; !ok {
		t.Errorf("%s?show=removed is not in the page cache", d)
	}
}

// TestPagedDiff: a diff of hundreds of changes sends first the summary and
// an index of its sections, each section on a page of its own.
func TestPagedDiff(t *testing.T) {
	var old, new strings.Builder
	old.WriteString("100. General\n")
	new.WriteString("100. General\n")
	const n = 300
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&old, "100.%d. Rule number %d says that a player may shuffle their library.\n", i, i)
		fmt.Fprintf(&new, "100.%d. Rule number %d says that a player must shuffle their library.\n", i, i)
	}
	old.WriteString("101. Other\n101.1. Nothing else happens.\n")
	new.WriteString("101. Other\n101.1. Nothing else happens.\n")
	lib := rules.NewLibrary([]*rules.Edition{
		textEdition(t, "January 1, 2020", old.String(), histGloss),
		textEdition(t, "February 1, 2020", new.String(), "Active Player\nThe player whose turn it is now. See rule 101.1.\n"),
	})
	srv := NewServer(lib, Options{})
	const d = "/diff/2020-01-01/2020-02-01"
	runPageTests(t, srv, []pageTest{
		{path: d, status: 200, checks: []check{
			{"table.counts tbody tr:nth-child(3) td:nth-child(2)", fmt.Sprint(n)}, // rules changed
			{"h2#sections", "Sections"},
			{"ul.parts li:nth-child(1) a[href='" + d + "?section=1']", "1. Game Concepts"},
			{"ul.parts li:nth-child(1) .meta", fmt.Sprint(n) + " changed"},
			{"ul.parts li:nth-child(2) a[href='" + d + "?section=glossary']", "Glossary"},
		}, absent: []string{".change", "details.dpart"}},
		{path: d + "?show=changed", status: 200, checks: []check{
			{"ul.parts a[href='" + d + "?section=1&show=changed']", "1. Game Concepts"},
		}},
		{path: d + "?section=1", status: 200, checks: []check{
			{"title", "1. Game Concepts · "},
			{"details.dpart#part-1 > summary h2", "1. Game Concepts"},
			{"details.dpart#part-1 .change a[href='/2020-02-01/100.300']", "100.300"},
			{"form.filters input[type=hidden][name=section][value='1']", ""},
			{"nav.pager a[href='" + d + "#sections']", "All sections"},
			{"nav.pager a[rel=next][href='" + d + "?section=glossary']", "Glossary"},
		}, absent: []string{"table.counts", "details#part-glossary", "nav.pager a[rel=prev]"}},
		{path: d + "?section=glossary", status: 200, checks: []check{
			{"details.dpart#part-glossary .change", "Active Player"},
			{"nav.pager a[rel=prev][href='" + d + "?section=1']", "1. Game Concepts"},
		}},
		{path: d + "?show=changed&section=1", status: http.StatusMovedPermanently, location: d + "?section=1&show=changed"},
		{path: d + "?section=7", status: 404},
	})
}

// TestAllPageParts: today's CR on one page comes with its first chapters
// and placeholders for the rest; put in their places, the parts all.js
// fetches make the page with every part written in (?full=1), byte for
// byte.
func TestAllPageParts(t *testing.T) {
	srv := officialServer(t)
	first := do(t, srv, "GET", "/2026-01-16/all", keptStyles...)
	full := do(t, srv, "GET", "/2026-01-16/all?full=1", keptStyles...)
	if first.Code != 200 || full.Code != 200 {
		t.Fatalf("%d, ?full=1 %d", first.Code, full.Code)
	}
	if n, whole := first.Body.Len(), full.Body.Len(); n > 80<<10 || n*10 > whole {
		t.Errorf("the first load is %d bytes of the whole's %d", n, whole)
	}
	later := regexp.MustCompile(`<div class="later" data-ids="[^"]*" data-part="([^"]*)">.*?</div>`)
	single := regexp.MustCompile(`from=(glossary|(\d+)&to=(\d+))$`)
	parts := 0
	got := later.ReplaceAllStringFunc(first.Body.String(), func(div string) string {
		parts++
		url := html.UnescapeString(later.FindStringSubmatch(div)[1])
		w := do(t, srv, "GET", url)
		if w.Code != 200 {
			t.Errorf("%s: %d", url, w.Code)
		}
		// A part is some 64 KB but for a chapter as large alone (702,
		// 334 KB) or the glossary.
		m := single.FindStringSubmatch(url)
		if n := w.Body.Len(); n > 128<<10 && (m == nil || m[2] != m[3]) {
			t.Errorf("%s is %d bytes", url, n)
		}
		return w.Body.String()
	})
	if parts < 10 {
		t.Errorf("%d parts", parts)
	}
	if got != full.Body.String() {
		t.Errorf("the page with its parts put in (%d bytes) is not the whole page (%d bytes)", len(got), full.Body.Len())
	}
	for _, bad := range []string{"?from=999", "?from=704&to=103", "?from=nope", "?from=704&to=999"} {
		if w := do(t, srv, "GET", "/2026-01-16/all"+bad); w.Code != 404 {
			t.Errorf("%s: %d", bad, w.Code)
		}
	}
}
