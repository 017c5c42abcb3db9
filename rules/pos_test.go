package rules

import (
	"fmt"
	"math"
	"sync"
	"testing"
	"unsafe"
)

// TestPos checks that a position gives back the file and line it was made
// from, that positions in one file are equal whatever string named it, and
// that the zero Pos is no file and no line.
func TestPos(t *testing.T) {
	tests := []struct {
		file     string
		line     int
		wantLine int
		str      string
	}{
		{"", 0, 0, ":0"},
		{"cr/2026-01-16.txt", 1, 1, "cr/2026-01-16.txt:1"},
		{"cr/2026-01-16.txt", 9041, 9041, "cr/2026-01-16.txt:9041"},
		{"rst-project/index.rst", 12, 12, "rst-project/index.rst:12"},
		{"big.txt", math.MaxInt32, math.MaxInt32, "big.txt:2147483647"},
		{"big.txt", math.MaxInt32 + 1, math.MaxInt32, "big.txt:2147483647"}, // kept at the last line 32 bits hold
		{"neg.txt", -3, 0, "neg.txt:0"},
	}
	for _, tt := range tests {
		p := At(tt.file, tt.line)
		if p.File() != tt.file || p.Line() != tt.wantLine || p.String() != tt.str {
			t.Errorf("At(%q, %d) = %q, %d, %q; want %q, %d, %q", tt.file, tt.line, p.File(), p.Line(), p, tt.file, tt.wantLine, tt.str)
		}
		// A name built afresh, not the string it was entered with.
		again := At(string([]byte(tt.file)), tt.line)
		if again != p {
			t.Errorf("At(%q, %d) twice: %v != %v", tt.file, tt.line, again, p)
		}
	}
	if p := (Pos{}); p.File() != "" || p.Line() != 0 || p != At("", 0) {
		t.Errorf("zero Pos = %q, %d", p.File(), p.Line())
	}
	if At("a.txt", 3) == At("b.txt", 3) || At("a.txt", 3) == At("a.txt", 4) {
		t.Error("positions in different places are equal")
	}
	// Every rule, entry and block holds one: it must stay small.
	if n := unsafe.Sizeof(Pos{}); n != 8 {
		t.Errorf("Pos is %d bytes, want 8", n)
	}
}

// TestPosConcurrent enters the same new names from several goroutines at
// once, as editions parsed in parallel do, and checks each name got one
// number. Run with -race to check the table's reads need no lock.
func TestPosConcurrent(t *testing.T) {
	const workers, names = 8, 200
	got := make([][]Pos, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range names {
				// Each worker enters the names in its own order.
				n := (i + w*37) % names
				p := At(fmt.Sprintf("concurrent-%d.txt", n), n+1)
				if p.File() != fmt.Sprintf("concurrent-%d.txt", n) || p.Line() != n+1 {
					t.Errorf("worker %d: At(concurrent-%d.txt, %d) reads back as %v", w, n, n+1, p)
				}
				got[w] = append(got[w], p)
			}
		})
	}
	wg.Wait()
	want := map[int]Pos{}
	for w, ps := range got {
		for _, p := range ps {
			if q, ok := want[p.Line()]; ok && q != p {
				t.Errorf("worker %d: %v has file number %d, another worker's %d", w, p, p.file, q.file)
			}
			want[p.Line()] = p
		}
	}
	if len(want) != names {
		t.Errorf("%d distinct positions, want %d", len(want), names)
	}
}
