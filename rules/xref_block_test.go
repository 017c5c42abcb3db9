package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// The scanner reads the text as bit sets, 64 bytes at a time (scanRange);
// the reference scanner reads it a word at a time (scanRangeByWord). They
// must find the same spans and warnings in every paragraph.

// scanPair is a block scanner and a reference scanner over one glossary.
type scanPair struct{ fast, ref linkScanner }

func newScanPair(l *linker) *scanPair {
	p := &scanPair{fast: l.newWorker(0).sc, ref: l.newWorker(0).sc}
	p.ref.scanWith = scanRangeByWord
	return p
}

// diff scans s (with its existing spans, in a new unit if begin) with both
// and describes how they differ, or returns "".
func (p *scanPair) diff(s string, existing []Span, own int32, begin bool) string {
	if begin {
		p.fast.begin()
		p.ref.begin()
	}
	p.fast.scan(s, existing, own)
	p.ref.scan(s, existing, own)
	if !slices.Equal(p.fast.out, p.ref.out) {
		return fmt.Sprintf("spans %v, reference %v", p.fast.out, p.ref.out)
	}
	if !slices.Equal(p.fast.warnings, p.ref.warnings) {
		return fmt.Sprintf("warnings %q, reference %q", p.fast.warnings, p.ref.warnings)
	}
	return ""
}

// comparePars compares the scanners on every paragraph of e that Link
// scans for references, in Link's order and units.
func comparePars(t *testing.T, name string, e *Edition) int {
	t.Helper()
	l := newLinker(e.Glossary)
	l.e = e
	paras, _ := l.paragraphs(false)
	defer putParas(paras)
	p := newScanPair(l)
	bad := 0
	for i := range paras {
		lp := &paras[i]
		if lp.plain {
			continue
		}
		tx := &lp.b.Text
		if d := p.diff(tx.S, tx.Spans, lp.own, i == 0 || lp.from != paras[i-1].from); d != "" {
			if bad++; bad <= 3 {
				t.Errorf("%s, paragraph %d %q: %s", name, i, tx.S, d)
			}
		}
	}
	return len(paras)
}

// TestScanMatchesReference compares the block scanner with the reference
// on editions from each period, as the parser leaves them and linked
// (where the scan resumes after every span Link marked), and on phrases
// the scanner reads specially placed at every offset across a block's end.
func TestScanMatchesReference(t *testing.T) {
	var e2026 *Edition
	for _, name := range []string{"1999-04-23.txt", "2003-03-15.txt", "2007-09-07.txt", "2012-07-01.txt", "2017-06-05.txt", "2021-04-19.txt", "2026-04-17.txt"} {
		src := Source{Name: name, Data: corpustest.ReadFile(t, "corpus", "cr", name)}
		if n := comparePars(t, name, parseText(src)); n < 500 {
			t.Errorf("%s: only %d paragraphs", name, n)
		}
		e := ParseText(src)
		comparePars(t, name+" linked", e)
		e2026 = e
	}
	l := newLinker(e2026.Glossary)
	p := newScanPair(l)
	phrases := []string{
		"See rule 704.5k.", "rules 608.3a and b", "steps 601.2a–h", "903.6–903.11", "rule 903, “Commander,” for",
		"{T}: Add {W}{U}.", "{½}", "{", "See Creature Types, Spell Types, and Nonexistent Thing.",
		"enters the battlefield", "double-faced cards", "face-down", "mana abilities", "Dandân", "abcdefghijklmnopqrstuvwxyz0123",
		"section 8, 2 players", "(see 420.5e)", "100th", "1-800", "x9y", "a", "9",
	}
	for _, ph := range phrases {
		for pad := 0; pad <= 72; pad++ {
			pre := strings.Repeat("z", pad%3) + strings.Repeat(" q", pad/3)
			for _, s := range []string{pre + " " + ph, pre + ph, pre + " " + ph + " trample " + ph} {
				if d := p.diff(s, nil, -1, true); d != "" {
					t.Fatalf("%q: %s", s, d)
				}
				// Resuming after an existing span, inside a run too.
				for _, at := range []int{len(pre) / 2, len(pre), len(pre) + 1} {
					if at+2 <= len(s) {
						sp := []Span{{Start: int32(at), End: int32(at + 2), Kind: SpanLink}}
						if d := p.diff(s, sp, -1, true); d != "" {
							t.Fatalf("%q after a span [%d,%d): %s", s, at, at+2, d)
						}
					}
				}
			}
		}
	}
}

// FuzzScanMatchesReference compares the scanners on any valid UTF-8 text
// (every parser's text is: Decode reads bytes that are not UTF-8 in a code
// page), with the 2026 glossary's terms and an existing span anywhere.
// On invalid UTF-8 they may differ: the reference steps over a stray lead
// byte and the bytes after it as one character ("\xe2Command" is read from
// "mmand"), the block scanner over the stray byte alone.
func FuzzScanMatchesReference(f *testing.F) {
	for _, s := range []string{"See rule 704.5k, “Commander,” and {T}.", "rules 608.3a and b", "A creature with trample deals damage.", ""} {
		f.Add(s, uint16(0), uint16(0))
		f.Add(s, uint16(5), uint16(3))
	}
	e := parseCR(f, "2026-04-17.txt")
	l := newLinker(e.Glossary)
	p := newScanPair(l)
	f.Fuzz(func(t *testing.T, s string, a, b uint16) {
		if !utf8.ValidString(s) {
			return
		}
		if d := p.diff(s, nil, -1, true); d != "" {
			t.Fatalf("%q: %s", s, d)
		}
		start := int(a) % (len(s) + 1)
		end := start + int(b)%(len(s)-start+1)
		if start < end {
			sp := []Span{{Start: int32(start), End: int32(end), Kind: SpanRef}}
			if d := p.diff(s, sp, -1, true); d != "" {
				t.Fatalf("%q after [%d,%d): %s", s, start, end, d)
			}
		}
	})
}

// TestGather8 checks gather8 on every pattern of high bits.
func TestGather8(t *testing.T) {
	for want := range 256 {
		var m uint64
		for k := range 8 {
			if want>>k&1 != 0 {
				m |= 0x80 << (8 * k)
			}
		}
		if got := gather8(m); got != uint64(want) {
			t.Errorf("gather8(%#x) = %#x, want %#x", m, got, want)
		}
	}
}

// BenchmarkScan2026 times the block scanner and the reference side by
// side on the newest rules: every paragraph Link scans, one goroutine, no
// Refs collected. min-ns/op is the fastest op: on a shared machine the
// mean moves with the others' load, the fastest op much less.
func BenchmarkScan2026(b *testing.B) {
	e := parseText(Source{Name: "2026-04-17.txt", Data: corpustest.ReadFile(b, "corpus", "cr", "2026-04-17.txt")})
	l := newLinker(e.Glossary)
	l.e = e
	paras, size := l.paragraphs(false)
	for _, by := range []string{"blocks", "byWord"} {
		b.Run(by, func(b *testing.B) {
			sc := l.newWorker(0).sc
			if by == "byWord" {
				sc.scanWith = scanRangeByWord
			}
			b.SetBytes(int64(size))
			fastest := time.Duration(1<<63 - 1)
			for b.Loop() {
				t0 := time.Now()
				for i := range paras {
					p := &paras[i]
					if p.plain {
						continue
					}
					if i == 0 || p.from != paras[i-1].from {
						sc.begin()
					}
					sc.scan(p.b.Text.S, p.b.Text.Spans, p.own)
				}
				fastest = min(fastest, time.Since(t0))
			}
			b.ReportMetric(float64(fastest), "min-ns/op")
		})
	}
}
