package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in    string
		want  Number
		level Level
		err   bool
	}{
		{"704", Number{Chapter: 704}, LevelChapter, false},
		{"704.5", Number{Chapter: 704, Rule: 5}, LevelRule, false},
		{"704.5.", Number{Chapter: 704, Rule: 5}, LevelRule, false},
		{"704.5k", Number{Chapter: 704, Rule: 5, Sub: 'k'}, LevelSubrule, false},
		{"702.190a", Number{Chapter: 702, Rule: 190, Sub: 'a'}, LevelSubrule, false},
		{"100.1", Number{Chapter: 100, Rule: 1}, LevelRule, false},
		{"", Number{}, LevelNone, true},
		{"70", Number{}, LevelNone, true},
		{"7045", Number{}, LevelNone, true},
		{"704.5K", Number{}, LevelNone, true},
		{"704.5kk", Number{}, LevelNone, true},
		{"704.05", Number{}, LevelNone, true},
		{"099.1", Number{}, LevelNone, true},
		{"704.5k.", Number{Chapter: 704, Rule: 5, Sub: 'k'}, LevelSubrule, false},
		{"704.123456", Number{}, LevelNone, true},
	}
	for _, tt := range tests {
		got, err := ParseNumber(tt.in)
		if (err != nil) != tt.err {
			t.Errorf("ParseNumber(%q) error = %v, want error %v", tt.in, err, tt.err)
			continue
		}
		if got != tt.want || got.Level() != tt.level {
			t.Errorf("ParseNumber(%q) = %+v (level %d), want %+v (level %d)", tt.in, got, got.Level(), tt.want, tt.level)
		}
		if !tt.err && got.String() != trimDot(tt.in) {
			t.Errorf("ParseNumber(%q).String() = %q", tt.in, got.String())
		}
	}
}

func trimDot(s string) string {
	if s != "" && s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}

func TestScanNumberRest(t *testing.T) {
	tests := []struct{ in, num, rest string }{
		{"704.5k The legend rule", "704.5k", " The legend rule"},
		{"100.1. These Magic rules", "100.1", ". These Magic rules"},
		{"103.2a–e", "103.2a", "–e"},
		{"702.19, \"Trample\"", "702.19", ", \"Trample\""},
		{"205.2b. Some objects", "205.2b", ". Some objects"},
		{"1. Game Concepts", "", "1. Game Concepts"},
		{"704.5and", "704.5", "and"},
	}
	for _, tt := range tests {
		n, rest := ScanNumber(tt.in)
		if n.String() != tt.num || rest != tt.rest {
			t.Errorf("ScanNumber(%q) = %q, %q; want %q, %q", tt.in, n, rest, tt.num, tt.rest)
		}
	}
}

func TestNumberOrder(t *testing.T) {
	in := []string{"704.5k", "704", "100.1a", "704.5", "704.10", "704.5m", "704.9", "100.1", "704.5j"}
	want := []string{"100.1", "100.1a", "704", "704.5", "704.5j", "704.5k", "704.5m", "704.9", "704.10"}
	var ns []Number
	for _, s := range in {
		n, err := ParseNumber(s)
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, n)
	}
	slices.SortFunc(ns, Number.Compare)
	var got []string
	for _, n := range ns {
		got = append(got, n.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("sorted = %v, want %v", got, want)
	}
}

func TestNextSkipsLAndO(t *testing.T) {
	tests := []struct{ in, want string }{
		{"704.5k", "704.5m"},
		{"704.5n", "704.5p"},
		{"704.5a", "704.5b"},
		{"704.5", "704.6"},
		{"704", "705"},
		{"704.5z", ""},
	}
	for _, tt := range tests {
		n, _ := ParseNumber(tt.in)
		got, ok := n.Next()
		if tt.want == "" {
			if ok {
				t.Errorf("%s.Next() = %s, want none", tt.in, got)
			}
			continue
		}
		if got.String() != tt.want {
			t.Errorf("%s.Next() = %s, want %s", tt.in, got, tt.want)
		}
	}
	if LetterIndex('k') != 11 || LetterIndex('m') != 12 || LetterIndex('z') != 24 || LetterIndex('l') != 0 || LetterIndex('o') != 0 {
		t.Errorf("LetterIndex: k=%d m=%d z=%d l=%d o=%d", LetterIndex('k'), LetterIndex('m'), LetterIndex('z'), LetterIndex('l'), LetterIndex('o'))
	}
}

func TestRangeNumbers(t *testing.T) {
	tests := []struct{ first, last, want string }{
		{"903.6", "903.11", "903.6 903.7 903.8 903.9 903.10 903.11"},
		{"103.2a", "103.2e", "103.2a 103.2b 103.2c 103.2d 103.2e"},
		{"704.5j", "704.5n", "704.5j 704.5k 704.5m 704.5n"},
		{"704.5", "703.2", "704.5"},
	}
	for _, tt := range tests {
		a, _ := ParseNumber(tt.first)
		b, _ := ParseNumber(tt.last)
		r := Cite{Kind: RefRange, Number: a, Last: b}
		var got []string
		for _, n := range r.Numbers() {
			got = append(got, n.String())
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("range %s–%s = %s, want %s", tt.first, tt.last, s, tt.want)
		}
	}
}

func TestScanDocNumber(t *testing.T) {
	for _, tc := range []struct {
		in, want, rest string
	}{
		{"2.3 Pregame Procedures", "2.3", " Pregame Procedures"},
		{"2.3. Pregame", "2.3", ". Pregame"},
		{"10.4", "10.4", ""},
		{"2. Tournament Mechanics", "2", ". Tournament Mechanics"},
		{"101. Format", "101", ". Format"},
		{"704.5k", "704.5k", ""},
		{"10 Format of Infractions", "10", " Format of Infractions"},
		{"2.10 Dropping", "2.10", " Dropping"},
		{"0.5", "", "0.5"},
		{"1000", "", "1000"},
		{"2.0", "2", ".0"},
		{"A.1", "", "A.1"},
		{"2.123", "2.123", ""},
		{"2.1234", "", "2.1234"},
		{"", "", ""},
	} {
		n, rest := ScanDocNumber(tc.in)
		if n.String() != tc.want || rest != tc.rest {
			t.Errorf("ScanDocNumber(%q) = %q, %q; want %q, %q", tc.in, n, rest, tc.want, tc.rest)
		}
	}
	if _, err := ParseNumberIn(DocMTR, "2.3x"); err == nil {
		t.Error("ParseNumberIn(MTR, 2.3x) took trailing letters")
	}
	if n, err := ParseNumberIn(DocIPG, "2.1."); err != nil || n.String() != "2.1" {
		t.Errorf("ParseNumberIn(IPG, 2.1.) = %v, %v", n, err)
	}
	if _, err := ParseNumberIn(DocCR, "2.3"); err == nil {
		t.Error("ParseNumberIn(CR, 2.3) read a judge document's number")
	}
}
