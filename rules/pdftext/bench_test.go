package pdftext

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// corpusFile reads a file of the shared corpus (skipping without it,
// failing under CI).
func corpusFile(tb testing.TB, rel string) []byte {
	tb.Helper()
	return corpustest.ReadFile(tb, "corpus", rel)
}

// BenchmarkReadNewestMTR reads the newest MTR with the engine warm, as
// serve does (Read: PDFium's positioned text; Extract: then the layout and
// the writer), and reports the process's CPU time per read beside the wall
// time, which a shared machine inflates.
func BenchmarkReadNewestMTR(b *testing.B) {
	data := corpusFile(b, "mtr/2025-04-21.pdf")
	x := New(Options{CacheDir: DefaultCacheDir()})
	defer x.Close()
	if _, err := x.Read(context.Background(), "mtr/2025-04-21.pdf", data, Limits{}); err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		cpu := processCPU()
		var d *Document
		for b.Loop() {
			var err error
			if d, err = x.Read(context.Background(), "mtr/2025-04-21.pdf", data, Limits{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		b.ReportMetric(float64(d.memory)/(1<<20), "wasm-MiB")
	})
	b.Run("extract", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := x.Extract(context.Background(), "mtr/2025-04-21.pdf", data, Limits{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}

// BenchmarkExtractCorpus extracts every PDF of the corpus (105: 59 MTR, 46
// IPG) once, with the engine warm, and logs a line per file (-v): pages,
// bytes in and out, milliseconds.
func BenchmarkExtractCorpus(b *testing.B) {
	dir := corpustest.Path(b, "corpus")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.pdf"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no PDFs in %s: %v", dir, err)
	}
	x := New(Options{CacheDir: DefaultCacheDir()})
	defer x.Close()
	if _, err := x.Extract(context.Background(), "warm.pdf", corpusFile(b, "mtr/2000-06-15.pdf"), Limits{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu := processCPU()
	for b.Loop() {
		var rows []string
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			name := filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
			start := time.Now()
			out, err := x.Extract(context.Background(), name, data, Limits{Timeout: 5 * time.Minute})
			if err != nil {
				b.Fatal(err)
			}
			pages := bytes.Count(out, []byte("\n%page "))
			rows = append(rows, fmt.Sprintf("%-20s %3d pages %7d bytes → %7d  %6.1f ms", name, pages, len(data), len(out), float64(time.Since(start).Microseconds())/1000))
		}
		b.Log("\n" + strings.Join(rows, "\n"))
	}
	b.ReportMetric(float64((processCPU()-cpu).Milliseconds())/1000/float64(b.N), "cpu-s/op")
}
