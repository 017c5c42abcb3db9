package search

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  Query
		notes int
	}{
		{in: "legend rule", want: Query{Clauses: []Clause{{Kind: Word, Text: "legend"}, {Kind: Word, Text: "rule"}}}},
		{in: `"exact  phrase"  -trample`, want: Query{Clauses: []Clause{{Kind: Phrase, Text: "exact phrase"}, {Kind: Word, Text: "trample", Exclude: true}}}},
		{in: `-"first strike" counter*`, want: Query{Clauses: []Clause{{Kind: Phrase, Text: "first strike", Exclude: true}, {Kind: Prefix, Text: "counter"}}}},
		{in: `“curly quotes” „low”`, want: Query{Clauses: []Clause{{Kind: Phrase, Text: "curly quotes"}, {Kind: Phrase, Text: "low"}}}},
		{in: "damage section:5 chapter:510 edition:ALL", want: Query{Clauses: []Clause{{Kind: Word, Text: "damage"}}, Section: 5, Chapter: 510, Edition: "all"}},
		{in: "Section:7 x", want: Query{Clauses: []Clause{{Kind: Word, Text: "x"}}, Section: 7}},
		{in: "-1/-1 counters", want: Query{Clauses: []Clause{{Kind: Word, Text: "-1/-1"}, {Kind: Word, Text: "counters"}}}},
		{in: "- a", want: Query{Clauses: []Clause{{Kind: Word, Text: "-"}, {Kind: Word, Text: "a"}}}},
		{in: "10:30 http://x", want: Query{Clauses: []Clause{{Kind: Word, Text: "10:30"}, {Kind: Word, Text: "http://x"}}}},
		{in: "section:10 chapter:7 edition:a/b", want: Query{}, notes: 3},
		{in: "-section:7 word", want: Query{Clauses: []Clause{{Kind: Word, Text: "word"}}}, notes: 1},
		{in: "* ** a", want: Query{Clauses: []Clause{{Kind: Word, Text: "a"}}}, notes: 1},
		{in: `"unclosed phrase`, want: Query{Clauses: []Clause{{Kind: Phrase, Text: "unclosed phrase"}}}, notes: 1},
		{in: `""  " "`, want: Query{}, notes: 0},
		{in: "", want: Query{}},
		{in: "\xff\xfe", want: Query{Clauses: []Clause{{Kind: Word, Text: "\uFFFD"}}}}, // a run of bad bytes becomes one U+FFFD
	} {
		got := Parse(tc.in)
		if len(got.Notes) != tc.notes {
			t.Errorf("Parse(%q): %d notes %q, want %d", tc.in, len(got.Notes), got.Notes, tc.notes)
		}
		got.Notes = nil
		if !reflect.DeepEqual(*got, tc.want) {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", tc.in, *got, tc.want)
		}
	}
}

func TestParseLimits(t *testing.T) {
	huge := strings.Repeat("trample ", 10<<10/8) // 10 KB
	q := Parse(huge)
	if len(q.Clauses) != MaxClauses {
		t.Errorf("10 KB query: %d clauses, want %d", len(q.Clauses), MaxClauses)
	}
	if len(q.Notes) != 2 { // cut, and clauses dropped
		t.Errorf("10 KB query notes: %q", q.Notes)
	}
	// The cut never splits a character.
	q = Parse(strings.Repeat("é", MaxQueryBytes))
	for _, c := range q.Clauses {
		if !utf8.ValidString(c.Text) || strings.ContainsRune(c.Text, utf8.RuneError) {
			t.Errorf("cut split a character: %q", c.Text)
		}
	}
}

// checkParse is what FuzzParse asserts of any input.
func checkParse(t *testing.T, s string) {
	q := Parse(s)
	if len(q.Clauses) > MaxClauses {
		t.Fatalf("%d clauses", len(q.Clauses))
	}
	for _, c := range q.Clauses {
		if c.Text == "" || !utf8.ValidString(c.Text) {
			t.Fatalf("bad clause %+v", c)
		}
	}
	out := q.String()
	if len(out) > MaxQueryBytes {
		return // re-parsing would cut it; nothing more to compare
	}
	again := Parse(out)
	q.Notes, again.Notes = nil, nil
	if !reflect.DeepEqual(q, again) {
		t.Fatalf("Parse(%q).String() = %q parses differently:\n%+v\n%+v", s, out, *q, *again)
	}
	if out2 := again.String(); out2 != out {
		t.Fatalf("String not stable: %q then %q", out, out2)
	}
}

func TestParseRoundTrip(t *testing.T) {
	for _, s := range parseSeeds {
		checkParse(t, s)
	}
}

var parseSeeds = []string{
	"legend rule", `"legend rule" -trample`, "counter* section:7 chapter:702 edition:all",
	`-"x y" --z - -* "`, "704.5k", "rule 704.5j", "{2/B} +1/+1 -1/-1", "Dandân “curly” ‘single’",
	"a:b section: edition:2026-01-16", "\xff", strings.Repeat("a ", 40),
}

func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add(s)
	}
	f.Fuzz(checkParse)
}
