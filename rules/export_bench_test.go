package rules

import (
	"bytes"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// BenchmarkMarkdownRoundTrip measures exporting the 2026-01-16 CR as
// Markdown and parsing it back (which includes linking), and each half.
//
//	go test ./rules -run '^$' -bench MarkdownRoundTrip -benchmem
func BenchmarkMarkdownRoundTrip(b *testing.B) {
	e := ParseText(Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-01-16.txt")})
	if e.Failed() {
		b.Fatal(e.Diagnostics)
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, e); err != nil {
		b.Fatal(err)
	}
	src := md.Bytes()
	b.Run("export+parse", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for b.Loop() {
			buf.Reset()
			if err := ExportMarkdown(&buf, e); err != nil {
				b.Fatal(err)
			}
			ParseMarkdown(Source{Name: "2026-01-16.md", Data: buf.Bytes()})
		}
		b.SetBytes(int64(buf.Len()))
	})
	b.Run("export", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for b.Loop() {
			buf.Reset()
			if err := ExportMarkdown(&buf, e); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(int64(buf.Len()))
	})
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			ParseMarkdown(Source{Name: "2026-01-16.md", Data: src})
		}
	})
}
