package pdftext

import (
	"context"
	"testing"
)

// BenchmarkEngineStart measures a cold start of the engine: compiling
// PDFium (no cache), or reading it from a warm disk cache, then reading a
// one-page PDF. BenchmarkEngineStartMemoryCache is the third way.
func BenchmarkEngineStart(b *testing.B) {
	pdf := testPDF(b, [][]pdfLine{{{x: 72, y: 700, size: 12, text: "Hello"}}}, pdfOptions{})
	for _, bc := range []struct {
		name  string
		cache bool
	}{{"compile", false}, {"disk-cache", true}} {
		b.Run(bc.name, func(b *testing.B) {
			dir := ""
			if bc.cache {
				dir = b.TempDir()
				x := New(Options{CacheDir: dir})
				if _, err := x.Extract(context.Background(), "t.pdf", pdf, Limits{}); err != nil {
					b.Fatal(err)
				}
				x.Close()
			}
			for b.Loop() {
				x := New(Options{CacheDir: dir})
				if _, err := x.Extract(context.Background(), "t.pdf", pdf, Limits{}); err != nil {
					b.Fatal(err)
				}
				x.Close()
			}
		})
	}
}

// BenchmarkDecompressModule measures what embedding PDFium compressed adds
// to each engine start: decompressing it.
func BenchmarkDecompressModule(b *testing.B) {
	for b.Loop() {
		if _, err := decompressModule(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pdfiumModule)), "bytes-embedded")
}
