package rules

import (
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// The 2026-01-16 file is 955 KB of UTF-8 with a BOM and CR line ends.

// BenchmarkParseText2026 is the whole job: decode, parse and link.
func BenchmarkParseText2026(b *testing.B) {
	src := Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-01-16.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
	for b.Loop() {
		ParseText(src)
	}
}

// BenchmarkParseTextNoLink2026 is the parser alone.
func BenchmarkParseTextNoLink2026(b *testing.B) {
	src := Source{Name: "2026-01-16.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-01-16.txt")}
	b.SetBytes(int64(len(src.Data)))
	b.ReportAllocs()
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
	for b.Loop() {
		Decode(data)
	}
}
