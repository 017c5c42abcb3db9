package rules

import (
	"slices"
	"testing"
	"unsafe"
)

// TestCarve checks that pieces carved from chunks are their own: each as
// long as asked, zeroed, with no room to grow into the next; that a piece
// follows the one before in its chunk while there is room; and that a
// request over a quarter of a chunk gets an allocation of its own.
func TestCarve(t *testing.T) {
	const size = 16
	var chunk []int
	tests := []struct {
		n     int
		where string // "next": after the last piece in its chunk; "new": a new chunk; "alone"
	}{
		{3, "new"},
		{4, "next"},
		{0, ""},
		{4, "next"},
		{9, "alone"},
		{4, "next"}, // 15 of 16 used
		{2, "new"},
		{1, "next"},
	}
	var last []int // the last piece carved from a chunk
	for i, tt := range tests {
		before := chunk
		got := carve(&chunk, tt.n, size)
		if len(got) != tt.n || cap(got) != tt.n {
			t.Fatalf("%d: carve(%d) has length %d and capacity %d", i, tt.n, len(got), cap(got))
		}
		for k, v := range got {
			if v != 0 {
				t.Fatalf("%d: carve(%d) = %v, not zeroed", i, tt.n, got)
			}
			got[k] = i + 1
		}
		if tt.n == 0 {
			continue
		}
		var where string
		switch {
		case len(chunk) > 0 && &chunk[len(chunk)-1] == &got[len(got)-1] && len(chunk) == len(got):
			where = "new"
		case len(chunk) > 0 && &chunk[len(chunk)-1] == &got[len(got)-1]:
			where = "next"
			if &before[len(before)-1] != &last[len(last)-1] || unsafe.Pointer(&got[0]) != unsafe.Add(unsafe.Pointer(&last[len(last)-1]), unsafe.Sizeof(0)) {
				t.Errorf("%d: carve(%d) is in the chunk but not after the last piece", i, tt.n)
			}
		default:
			where = "alone"
		}
		if where != tt.where {
			t.Errorf("%d: carve(%d) is %s, want %s", i, tt.n, where, tt.where)
		}
		if where != "alone" {
			last = got
		}
	}
	for i, v := range last {
		if v != len(tests) {
			t.Errorf("the last piece's element %d was overwritten: %d", i, v)
		}
	}
}

// TestInternShares checks that interning gives one copy per text, equal to
// it and not the caller's bytes.
func TestInternShares(t *testing.T) {
	b := []byte("Example text for intern")
	s1 := intern(string(b[:7]))
	s2 := intern("Example")
	if s1 != "Example" || unsafe.StringData(s1) != unsafe.StringData(s2) {
		t.Errorf("intern gave %q at %p and %q at %p, want one copy", s1, unsafe.StringData(s1), s2, unsafe.StringData(s2))
	}
	long := string(make([]byte, 3*stringChunk))
	if got := intern(long); got != long {
		t.Error("a string larger than a chunk did not come back whole")
	}
	if intern("") != "" {
		t.Error(`intern("") is not ""`)
	}
}

// TestInternTerms checks that lists of terms that read alike share one
// copy, which reads as the list given and cannot grow into another, and
// that lists that differ in any term, or in their order, do not.
func TestInternTerms(t *testing.T) {
	tests := []struct {
		a, b  []string
		share bool
	}{
		{[]string{"Active Player"}, []string{"Active Player"}, true},
		{[]string{"You", "Your"}, []string{"You", "Your"}, true},
		{[]string{"You", "Your"}, []string{"Your", "You"}, false},
		{[]string{"You", "Your"}, []string{"You"}, false},
		{[]string{"Yo", "uYour"}, []string{"You", "Your"}, false},
	}
	for _, tt := range tests {
		a := internTerms(slices.Clone(tt.a))
		b := internTerms(slices.Clone(tt.b))
		if !slices.Equal(a, tt.a) || !slices.Equal(b, tt.b) {
			t.Errorf("internTerms(%q), internTerms(%q) = %q, %q", tt.a, tt.b, a, b)
		}
		if cap(a) != len(a) {
			t.Errorf("internTerms(%q) has room to grow: %d/%d", tt.a, len(a), cap(a))
		}
		if shared := &a[0] == &b[0]; shared != tt.share {
			t.Errorf("%q and %q share a list: %v, want %v", tt.a, tt.b, shared, tt.share)
		}
	}
	if internTerms(nil) != nil {
		t.Error("internTerms(nil) is not nil")
	}
}
