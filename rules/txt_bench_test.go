package rules

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// The 2026-04-17 file, the newest, is 962 KB of UTF-8 with a BOM and LF
// line ends.
//
// Each benchmark reports cpu-ns/op beside ns/op: the CPU time of the whole
// process (every goroutine, the collector's too) per operation. The machine
// is shared, so wall time moves with the load of others; CPU time much less.
// Link scans with two goroutines, so its wall time is below its CPU time.

// reportCPU reports the process's CPU time per op from now until the
// benchmark's loop ends (call it just before the loop, defer the result).
func reportCPU(b *testing.B) func() {
	used := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := used()
	return func() { b.ReportMetric(float64(used()-start)/float64(b.N), "cpu-ns/op") }
}

// BenchmarkParseLink2026 is the whole job and the figure the budget
// names: decoding, parsing and linking the newest rules (ParseText), wall
// time per op, the CPU time of both processors beside it.
func BenchmarkParseLink2026(b *testing.B) {
	src := Source{Name: "2026-04-17.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-04-17.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if e := ParseText(src); len(e.Refs) == 0 {
			b.Fatal("no references linked")
		}
	}
}

// BenchmarkParseText2026Cold is the whole job as the first parse in a
// process does it: the glossary's term table, which later parses of the
// same glossary share, is built anew each time.
func BenchmarkParseText2026Cold(b *testing.B) {
	src := Source{Name: "2026-04-17.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-04-17.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		termTables.Lock()
		termTables.recent = nil
		termTables.Unlock()
		ParseText(src)
	}
}

// BenchmarkParse2003 is the whole job on the oldest edition of 2003
// (2003-03-15, 240 KB of Windows-1252 with CRLF line ends): small enough
// that decoding and linking stay on one processor.
func BenchmarkParse2003(b *testing.B) {
	src := Source{Name: "2003-03-15.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2003-03-15.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		Parse(src)
	}
}

// BenchmarkParseCorpus parses (and links) every file of ../shared/corpus/cr
// in turn, one at a time: an op is the whole corpus.
func BenchmarkParseCorpus(b *testing.B) {
	dir := corpustest.Path(b, "corpus", "cr")
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(names) == 0 {
		b.Fatalf("no corpus files in %s: %v", dir, err)
	}
	var srcs []Source
	size := 0
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, Source{Name: filepath.Base(n), Data: data})
		size += len(data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		for _, src := range srcs {
			Parse(src)
		}
	}
	b.ReportMetric(float64(len(srcs)), "editions")
}

// BenchmarkParseTextNoLink2026 is the parser alone.
func BenchmarkParseTextNoLink2026(b *testing.B) {
	src := Source{Name: "2026-04-17.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-04-17.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		parseText(src)
	}
}

// BenchmarkDecodeLines2026 is the floor: decoding the bytes and splitting
// them into lines.
func BenchmarkDecodeLines2026(b *testing.B) {
	data := corpustest.ReadFile(b, "corpus", "cr", "2026-04-17.txt")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		text, _ := Decode(data)
		Lines(text)
	}
}

// BenchmarkDecodeLegacy2022 decodes a Windows-1252 file (2022-10-07, 854
// KB): the code page is chosen by reading every non-ASCII byte first.
func BenchmarkDecodeLegacy2022(b *testing.B) {
	data := corpustest.ReadFile(b, "corpus", "cr", "2022-10-07.txt")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		Decode(data)
	}
}
