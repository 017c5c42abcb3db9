package rules_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
	"unsafe"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

func TestNewLibraryIDs(t *testing.T) {
	day := func(s string) time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	ed := func(id, date string, f rules.Format, k rules.Kind) *rules.Edition {
		e := &rules.Edition{ID: id, Format: f, Kind: k}
		if date != "" {
			e.Effective = day(date)
		}
		return e
	}
	tests := []struct {
		name string
		in   []*rules.Edition
		want []string // IDs newest first
	}{
		{"dates", []*rules.Edition{
			ed("", "2003-03-15", rules.FormatText, rules.KindFull),
			ed("", "2026-01-16", rules.FormatText, rules.KindFull),
		}, []string{"2026-01-16", "2003-03-15"}},
		{"rst beside txt of the same date, either order", []*rules.Edition{
			ed("", "2011-07-15", rules.FormatRST, rules.KindFull),
			ed("", "2011-07-15", rules.FormatText, rules.KindFull),
		}, []string{"2011-07-15", "2011-07-15-rst"}},
		{"an excerpt loaded before the whole edition of its date", []*rules.Edition{
			ed("2007-02-01", "2007-02-01", rules.FormatText, rules.KindExcerpt),
			ed("", "2007-02-01", rules.FormatText, rules.KindFull),
		}, []string{"2007-02-01", "2007-02-01-excerpt"}},
		{"same date, format and kind", []*rules.Edition{
			ed("", "2020-01-24", rules.FormatText, rules.KindFull),
			ed("", "2020-01-24", rules.FormatText, rules.KindFull),
			ed("", "2020-01-24", rules.FormatText, rules.KindFull),
		}, []string{"2020-01-24", "2020-01-24-2", "2020-01-24-3"}},
		{"undated keeps its id; latest is reserved", []*rules.Edition{
			ed("classic", "", rules.FormatMarkdown, rules.KindProse),
			ed("latest", "", rules.FormatMarkdown, rules.KindProse),
		}, []string{"classic", "edition"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lib := rules.NewLibrary(tt.in)
			var got []string
			for _, e := range lib.Editions {
				got = append(got, e.ID)
				if lib.Edition(e.ID) != e {
					t.Errorf("Edition(%q) is not the edition with that ID", e.ID)
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("IDs = %v, want %v", got, tt.want)
			}
		})
	}
	// The whole edition keeps the bare date whichever order they came in.
	full := ed("", "2007-02-01", rules.FormatText, rules.KindFull)
	lib := rules.NewLibrary([]*rules.Edition{full, ed("2007-02-01", "2007-02-01", rules.FormatText, rules.KindExcerpt)})
	if lib.Edition("2007-02-01") != full {
		t.Errorf("2007-02-01 is %+v, want the full edition", lib.Edition("2007-02-01"))
	}
}

// TestLoadSharesText loads two copies of an edition from one directory (in
// parallel) and checks that equal strings share their bytes afterwards and
// that the editions come back in file order.
func TestLoadSharesText(t *testing.T) {
	other := strings.Replace(miniCR, "January 16, 2026", "February 6, 2026", 1)
	other = strings.Replace(other, "The parts of a card are name", "The parts of a card are its name", 1)
	fsys := fstest.MapFS{
		"cr/a.txt": {Data: []byte(miniCR)},
		"cr/b.txt": {Data: []byte(other)},
		"cr/c.txt": {Data: []byte(miniCR)},
	}
	eds, err := rules.Load(fsys, "cr")
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 3 {
		t.Fatalf("loaded %d editions, want 3", len(eds))
	}
	for i, want := range []string{"cr/a.txt", "cr/b.txt", "cr/c.txt"} {
		if eds[i].Files[0] != want {
			t.Errorf("edition %d is %s, want %s (file order)", i, eds[i].Files[0], want)
		}
	}
	text := func(e *rules.Edition, n string) string {
		num, _ := rules.ParseNumber(n)
		r := e.Rule(num)
		if r == nil {
			t.Fatalf("%s: no rule %s", e.Files[0], n)
		}
		return r.Body[0].Text.S
	}
	same := func(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }
	a, b, c := eds[0], eds[1], eds[2]
	if s1, s2 := text(a, "100.1"), text(b, "100.1"); s1 != s2 || !same(s1, s2) {
		t.Errorf("100.1 is not shared between editions: %q at %p, %q at %p", s1, unsafe.StringData(s1), s2, unsafe.StringData(s2))
	}
	if s1, s2 := text(a, "200.1"), text(b, "200.1"); s1 == s2 {
		t.Errorf("200.1 should differ between the editions, both read %q", s1)
	}
	if !same(a.Title, c.Title) || !same(a.Glossary[0].Terms[0], c.Glossary[0].Terms[0]) {
		t.Error("titles or glossary terms of identical editions are not shared")
	}
	// Whole paragraph lists are shared, spans and all; each edition's
	// references move to the shared paragraphs with their own lines.
	body := func(e *rules.Edition, n string) []rules.Block {
		num, _ := rules.ParseNumber(n)
		return e.Rule(num).Body
	}
	for _, n := range []string{"100.1", "100.2"} {
		if x, y := body(a, n), body(c, n); &x[0] != &y[0] {
			t.Errorf("%s: the body of identical editions is not one list", n)
		}
	}
	if x, y := body(a, "200.1"), body(b, "200.1"); &x[0] == &y[0] {
		t.Error("200.1: different texts share a list")
	}
	for _, e := range eds {
		for _, r := range e.Refs {
			found := false
			e.Walk(func(x *rules.Rule) bool {
				for i := range x.Body {
					found = found || &x.Body[i].Text == r.Text && r.From().Rule == x
				}
				return true
			})
			for _, g := range e.Glossary {
				for i := range g.Body {
					found = found || &g.Body[i].Text == r.Text && r.From().Entry == g
				}
			}
			if !found || r.Line <= 0 {
				t.Errorf("%s: reference %q (line %d) is not in its entry's shared text", e.Files[0], r.Text.S[r.Start:r.End], r.Line)
			}
		}
	}
}

// A file that is no rules at all is a failed edition saying why, and the
// rest of its directory loads; a file larger than any CR could be is not
// even read.
func TestLoadLeavesOutBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good.txt", []byte(miniCR))
	write("empty.txt", nil)
	write("binary.txt", []byte("\x00\x01PK\x03\x04"))
	write("huge.txt", nil)
	if err := os.Truncate(filepath.Join(dir, "huge.txt"), rules.MaxSourceBytes+1); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join("sub", rules.ManifestName), []byte("format: yaml\n"))
	eds, err := rules.Load(os.DirFS(dir), ".")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range eds {
		msg := "ok"
		if e.Failed() {
			msg = e.Diagnostics[0].String()
		}
		got[e.Files[0]] = msg
	}
	for file, want := range map[string]string{
		"good.txt":                  "ok",
		"empty.txt":                 "empty.txt:1: empty file",
		"binary.txt":                "binary.txt:1: binary data",
		"huge.txt":                  "huge.txt: 16.8 MB, larger than any Comprehensive Rules file could be",
		"sub/" + rules.ManifestName: "sub/edition.txt:1: format: want txt, rst or md",
	} {
		if !strings.HasPrefix(got[file], want) {
			t.Errorf("%s: %q, want %q…", file, got[file], want)
		}
	}
}

// BenchmarkLoadCorpus loads all 128 editions of ../shared/corpus/cr the way
// `arbiter serve --rules` does, and reports the CPU time per load beside
// the wall time (the machine is shared) and the heap the editions keep.
func BenchmarkLoadCorpus(b *testing.B) {
	dir := corpustest.Path(b, "corpus", "cr")
	used := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := used()
	var eds []*rules.Edition
	for b.Loop() {
		var err error
		if eds, err = rules.Load(os.DirFS(dir), "."); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(used()-start)/float64(b.N), "cpu-ns/op")
	b.StopTimer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "live-MB")
	runtime.KeepAlive(eds)
	if len(eds) != 128 {
		b.Fatalf("loaded %d editions, want 128", len(eds))
	}
}
