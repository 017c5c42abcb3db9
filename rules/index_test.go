package rules

import (
	"strings"
	"testing"
)

// indexEdition builds an edition whose entries have the given numbers in
// document order, all as chapters of one section, so that the order can be
// anything a broken source might give.
func indexEdition(t *testing.T, nums ...string) *Edition {
	t.Helper()
	sec := &Section{Number: 1}
	for i, s := range nums {
		n, err := ParseNumber(s)
		if err != nil {
			t.Fatal(err)
		}
		sec.Chapters = append(sec.Chapters, (&Rule{Number: n, Pos: At("", i+1)}).Heading(sec, ""))
	}
	e := &Edition{Sections: []*Section{sec}}
	e.Reindex()
	return e
}

// TestIndexLookups checks Rule, Prev and Next on ascending numbers (found by
// binary search), on a duplicated number (the first is the one Rule finds,
// each copy has its own neighbours) and on numbers out of order (found
// through maps).
func TestIndexLookups(t *testing.T) {
	tests := []struct {
		name string
		nums []string
	}{
		{"ascending", []string{"100", "100.1", "100.1a", "100.1b", "100.2", "101", "101.1"}},
		{"duplicate", []string{"100", "100.1", "100.1", "100.2", "101"}},
		{"unsorted", []string{"100", "100.2", "100.1", "101", "100.1", "100"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := indexEdition(t, tt.nums...)
			entries := e.Entries()
			if len(entries) != len(tt.nums) {
				t.Fatalf("%d entries, want %d", len(entries), len(tt.nums))
			}
			for i, r := range entries {
				// Rule finds the first entry with the number.
				first := -1
				for j, s := range tt.nums {
					if s == tt.nums[i] && first < 0 {
						first = j
					}
				}
				if got := e.Rule(r.Number); got != entries[first] {
					t.Errorf("Rule(%s) is entry %d, want %d", r.Number, got.Pos.Line()-1, first)
				}
				var wantPrev, wantNext *Rule
				if i > 0 {
					wantPrev = entries[i-1]
				}
				if i+1 < len(entries) {
					wantNext = entries[i+1]
				}
				if got := e.Prev(r); got != wantPrev {
					t.Errorf("Prev of entry %d (%s) = %v, want %v", i, r.Number, got, wantPrev)
				}
				if got := e.Next(r); got != wantNext {
					t.Errorf("Next of entry %d (%s) = %v, want %v", i, r.Number, got, wantNext)
				}
			}
			for _, s := range []string{"102", "100.3", "100.1c", "999"} {
				n, _ := ParseNumber(s)
				if strings.Contains(strings.Join(tt.nums, " "), s) {
					continue
				}
				if r := e.Rule(n); r != nil {
					t.Errorf("Rule(%s) = %s, want nil", s, r.Number)
				}
			}
			stranger := &Rule{Number: entries[1].Number}
			if e.Prev(stranger) != nil || e.Next(stranger) != nil {
				t.Error("an entry from elsewhere has neighbours")
			}
		})
	}
}

// TestIndexKeyless checks that an entry whose number has no numberKey (no
// parser makes one: a rule index stops at 9999) is found, through maps,
// and that looking such a number up in a sorted index finds nothing.
func TestIndexKeyless(t *testing.T) {
	big := Number{Chapter: 100, Rule: 1 << 14}
	sec := &Section{Number: 1}
	for _, n := range []Number{{Chapter: 100}, {Chapter: 100, Rule: 1}, big, {Chapter: 101}} {
		sec.Chapters = append(sec.Chapters, (&Rule{Number: n}).Heading(sec, ""))
	}
	e := &Edition{Sections: []*Section{sec}}
	e.Reindex()
	if r := e.Rule(big); r != sec.Chapters[2] {
		t.Errorf("Rule(%v) = %v, want the entry numbered so", big, r)
	}
	if r := e.Next(sec.Chapters[2]); r != sec.Chapters[3] {
		t.Errorf("Next of %v = %v, want 101", big, r)
	}
	sorted := indexEdition(t, "100", "100.1", "101")
	if r := sorted.Rule(big); r != nil {
		t.Errorf("Rule(%v) in an index without it = %v, want nil", big, r)
	}
}
