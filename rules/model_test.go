package rules

import (
	"testing"
	"unsafe"
)

// TestRuleHead checks an entry's section and title, set in either order
// and changed, and that untitled entries of a section share one head so
// that a Rule stays 80 bytes (issue 23: a quarter of a million served).
func TestRuleHead(t *testing.T) {
	s1, s2 := &Section{Number: 1}, &Section{Number: 2}
	tests := []struct {
		name    string
		build   func() *Rule
		section *Section
		title   string
	}{
		{"zero", func() *Rule { return &Rule{} }, nil, ""},
		{"section", func() *Rule { r := &Rule{}; r.SetSection(s1); return r }, s1, ""},
		{"title without a section", func() *Rule { r := &Rule{}; r.SetTitle("General"); return r }, nil, "General"},
		{"title then section", func() *Rule { r := &Rule{}; r.SetTitle("General"); r.SetSection(s1); return r }, s1, "General"},
		{"section then title", func() *Rule { r := &Rule{}; r.SetSection(s1); r.SetTitle("General"); return r }, s1, "General"},
		{"moved", func() *Rule { return (&Rule{}).Heading(s1, "General").Heading(s2, "General") }, s2, "General"},
		{"title dropped", func() *Rule { r := (&Rule{}).Heading(s1, "General"); r.SetTitle(""); return r }, s1, ""},
		{"section dropped", func() *Rule { r := (&Rule{}).Heading(s1, "General"); r.SetSection(nil); return r }, nil, "General"},
		{"nothing left", func() *Rule { r := (&Rule{}).Heading(s1, ""); r.SetSection(nil); return r }, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.build()
			if r.Section() != tt.section || r.Title() != tt.title {
				t.Errorf("section %p title %q, want %p %q", r.Section(), r.Title(), tt.section, tt.title)
			}
		})
	}
	a, b := (&Rule{}).Heading(s1, ""), (&Rule{}).Heading(s1, "")
	if a.head != b.head {
		t.Error("two untitled entries of one section have heads of their own")
	}
	// A titled entry's head is its own: titling one leaves the other.
	c := (&Rule{}).Heading(s1, "")
	c.SetTitle("Mine")
	if a.Title() != "" || c.Title() != "Mine" || a.head == c.head {
		t.Errorf("titling one entry changed another: %q, %q", a.Title(), c.Title())
	}
	// A Rule copied by value and retitled leaves the original as it was.
	d := *c
	d.SetTitle("Copy")
	if c.Title() != "Mine" || d.Title() != "Copy" || d.Section() != s1 {
		t.Errorf("retitling a copy: original %q, copy %q", c.Title(), d.Title())
	}
	if n := unsafe.Sizeof(Rule{}); n != 80 {
		t.Errorf("a Rule is %d bytes, want 80", n)
	}
}

// TestBlockSense checks that a Block is 56 bytes and that a sense number
// out of what Block.Sense holds is clamped, never wrapped round.
func TestBlockSense(t *testing.T) {
	if n := unsafe.Sizeof(Block{}); n != 56 {
		t.Errorf("a Block is %d bytes, want 56", n)
	}
	tests := []struct {
		n    int
		want int32
	}{
		{0, 0},
		{1, 1},
		{12, 12},
		{-3, 0},
		{1<<31 - 1, 1<<31 - 1},
		{1 << 31, 1<<31 - 1},
		{1 << 40, 1<<31 - 1},
	}
	for _, tt := range tests {
		if got := senseOf(tt.n); got != tt.want {
			t.Errorf("senseOf(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}
