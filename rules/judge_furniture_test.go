package rules

import "testing"

// A contents' column of page numbers is furniture; a line with fewer
// numbers, or any word among them, is not.
func TestPageNumbers(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"4 6 7 8 8 8 9", true},
		{"  12\t13  140 ", true},
		{"4 6", false},
		{"4 6 x", false},
		{"4 6 1000", false},
		{"", false},
		{"Section 4 6 7", false},
	} {
		if got := pageNumbers(tt.s); got != tt.want {
			t.Errorf("pageNumbers(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// The contents' heading is found however it is cased and spaced, and
// nothing else is taken for it.
func TestContentsMarker(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"Contents", true},
		{"TABLE OF CONTENTS", true},
		{"Table\tof   Contents:", true},
		{"Contents page", true},
		{"contents:", true},
		{"Contents of a library", false},
		{"The contents of the deck", false},
		{"Content", false},
		{"", false},
	} {
		if got := contentsMarker(tt.s); got != tt.want {
			t.Errorf("contentsMarker(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestContainsFoldASCII(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"CoNtEnTs", true},
		{"table of contents", true},
		{"contentscontents", true},
		{"conten", false},
		{"contentz", false},
		{"c", false},
	} {
		if got := containsFoldASCII(tt.s, "contents"); got != tt.want {
			t.Errorf("containsFoldASCII(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
