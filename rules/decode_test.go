package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// validUTF8 must agree with utf8.Valid everywhere: around the eight-byte
// steps, on truncated and overlong sequences, surrogates and U+FFFD itself.
func TestValidUTF8(t *testing.T) {
	pad := strings.Repeat("a", 13)
	cases := []string{
		"", "a", "abcdefgh", "abcdefghi", "é", "“quoted”", "rule 704.5k — see", "\xff", "\xc3", "\xc3\x28",
		"\xe2\x80", "\xe2\x80\x9c", "\xed\xa0\x80", "\xef\xbf\xbd", "\xc0\xaf", "\xf4\x90\x80\x80", "\xf0\x9f\x98\x80",
		"abc\x80defgh", "abcdefg\xe2\x80\x9cxyz", "abcdefgh\xe2\x80", "Dandân™ and {½}",
	}
	for _, c := range cases {
		for _, s := range []string{c, pad + c, c + pad, pad[:7] + c + pad[:5]} {
			if got, want := validUTF8([]byte(s)), utf8.ValidString(s); got != want {
				t.Errorf("validUTF8(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"", "abcdefgh“ij", "\xe2\x80", "\xed\xa0\x80abcdefgh", "ascii only, long enough"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(%q) = %v, want %v", b, got, want)
		}
	})
}

// validText splits a long text in two at a character boundary: an invalid
// or truncated character anywhere, including across the middle, is found.
func TestValidTextHalves(t *testing.T) {
	base := strings.Repeat("rule 704.5k — “quoted” ", parallelDecodeBytes/20)
	mid := len(base) / 2
	for _, tc := range []struct {
		name string
		b    []byte
		want bool
	}{
		{"valid", []byte(base), true},
		{"bad byte in first half", []byte(base[:10] + "\xff" + base[10:]), false},
		{"bad byte in second half", []byte(base[:len(base)-10] + "\xff" + base[len(base)-10:]), false},
		{"truncated at the middle", []byte(base[:mid] + "\xe2\x80" + "abc" + base[mid:]), false},
		{"continuation bytes at the middle", []byte(base[:mid] + "\x80\x80\x80" + base[mid:]), false},
	} {
		if got := validText(tc.b); got != tc.want || utf8.Valid(tc.b) != tc.want {
			t.Errorf("%s: validText = %v, utf8.Valid = %v, want %v", tc.name, got, utf8.Valid(tc.b), tc.want)
		}
	}
}
