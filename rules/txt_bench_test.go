package rules

import (
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// The 2026-01-16 file is 955 KB of UTF-8 with a BOM and CR line ends.
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

// BenchmarkParseText2026 is the whole job: decode, parse and link.
func BenchmarkParseText2026(b *testing.B) {
	src := Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-01-16.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		ParseText(src)
	}
}

// BenchmarkParseTextNoLink2026 is the parser alone.
func BenchmarkParseTextNoLink2026(b *testing.B) {
	src := Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-01-16.txt")}
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
	data := corpustest.ReadFile(b, "corpus", "cr", "2026-01-16.txt")
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
