package main

import (
	"encoding/json"
	"github.com/arbiter-rules/arbiter/engine"
	"log/slog"
	"strings"
	"testing"
)

// TestSwitchesPage checks /sandbox/switches on the fixture library: each
// switch's versions in runs of editions, oldest first, each edition linked
// to the rule that states the version in its own text, or marked as taking
// it from the built-in rules.
func TestSwitchesPage(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "/sandbox/switches")
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	d := parse(t, w)
	for _, c := range []check{
		{"h1", "Rules switches"},
		{".crumbs a[href='/sandbox']", "Sandbox"},
		{"a[href='/api/switches']", "/api/switches"},
		{".toc a[href='#legend-rule']", "The legend rule"},
		// The legend rule: the classic rules play by the oldest built-in
		// text; the 2007 excerpt prints 420.5e; 2026 prints 704.5j.
		{"#legend-rule .run:nth-of-type(1)[data-state=oldest-stays] h3", "in Classic Rules"},
		{"#legend-rule .run:nth-of-type(1) li .meta", "the built-in 1999-04-23"},
		{"#legend-rule .run[data-state=all-go] a[href='/2007-02-01/420.5e']", "CR 2007-02-01 (excerpt) 420.5e"},
		{"#legend-rule .run[data-state=choose] a[href='/2026-01-16/704.5j']", "CR 2026-01-16 704.5j"},
		{"#legend-rule dl.states dt", "oldest-stays"},
		// Deathtouch: a static ability in 2026 (702.2a).
		{"#deathtouch .run[data-state=static] a[href='/2026-01-16/702.2a']", "702.2a"},
		// Mana burn: the 2026 fixture has no 300.3 and no 500.5, so no rule
		// says it; the link is the edition's contents.
		{"#mana-burn .run[data-state=none] a[href='/2026-01-16']", "CR 2026-01-16"},
		{"#mana-burn .run[data-state=burn] h3", "burn from Classic Rules (Ronald Bieber) to CR 2007-02-01 (excerpt) (2 editions)"},
	} {
		sel := d.Find(c.sel)
		if sel.Length() == 0 {
			t.Errorf("%s: no match", c.sel)
			continue
		}
		if got := strings.Join(strings.Fields(sel.First().Text()), " "); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.sel, got, c.want)
		}
	}
	if n, want := d.Find("section.switch").Length(), len(engine.Switches()); n != want {
		t.Errorf("%d switches, want %d", n, want)
	}
	// The 2026 edition's own text decides all of its switches: none is
	// marked as coming from the built-in rules.
	if n := d.Find("li:has(a[href^='/2026-01-16']) .meta").Length(); n != 0 {
		t.Errorf("%d of 2026-01-16's switches marked built-in", n)
	}
	idx := parse(t, do(t, srv, "GET", "/sandbox"))
	if idx.Find("a.switches[href='/sandbox/switches']").Length() != 1 {
		t.Error("/sandbox doesn't link to the switches")
	}
}

func TestSwitchesAPI(t *testing.T) {
	srv := newFixtureServer(t)
	w := do(t, srv, "GET", "/api/switches")
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, %s", w.Code, w.Header().Get("Content-Type"))
	}
	var got []apiSwitch
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	str := func(p *string) string {
		if p == nil {
			return "null"
		}
		return *p
	}
	want := map[string]string{ // switch/edition → state rule builtin
		"legend-rule/classic":    "oldest-stays 420.5e 1999-04-23",
		"legend-rule/2007-02-01": "all-go 420.5e null",
		"legend-rule/2026-01-16": "choose 704.5j null",
		"mana-burn/2007-02-01":   "burn 300.3 2007-02-01",
		"mana-burn/2026-01-16":   "none null null",
		"deathtouch/2026-01-16":  "static 702.2a null",
		"lifelink/2026-01-16":    "absent null null",
	}
	seen := 0
	for _, s := range got {
		if len(s.States) < 2 || len(s.Editions) != 3 {
			t.Errorf("%s: %d states, %d editions", s.ID, len(s.States), len(s.Editions))
		}
		for _, e := range s.Editions {
			if w, ok := want[s.ID+"/"+e.Edition]; ok {
				seen++
				if g := e.State + " " + str(e.Rule) + " " + str(e.Builtin); g != w {
					t.Errorf("%s/%s: %q, want %q", s.ID, e.Edition, g, w)
				}
			}
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of %d", seen, len(want))
	}
}

// BenchmarkSwitchTable reads the switches of every edition arbiter serves by
// default (the 73 official texts and the three founding documents): what the
// first request for /sandbox/switches costs a site.
//
//	go test ./cmd/arbiter -run '^$' -bench SwitchTable -benchtime 5x
func BenchmarkSwitchTable(b *testing.B) {
	lib, err := loadLibrary(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(lib.Editions)), "editions")
	for b.Loop() {
		var d sandboxData
		if n := len(d.switchTable(lib)); n != len(lib.Editions) {
			b.Fatalf("%d of %d editions", n, len(lib.Editions))
		}
	}
}
