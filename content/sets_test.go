package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestCRSetsEmbedded: the archive's table is the corpus's cr-sets.tsv,
// every set in it names an edition of the archive, and the look-ups answer
// from it.
func TestCRSetsEmbedded(t *testing.T) {
	sets, err := CRSets()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(corpustest.Path(t, "corpus"), "cr-sets.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := parseCRSets("cr-sets.tsv", b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sets, want) {
		t.Errorf("the embedded table differs from the corpus's:\n%v\n%v", sets, want)
	}
	files, err := CorpusManifest()
	if err != nil {
		t.Fatal(err)
	}
	if err := checkSets(b, files); err != nil {
		t.Error(err)
	}
	// 1999–2020: 89 sets for 84 editions (two dates carry two sets, one
	// set two dates), read from the file by hand.
	if len(sets) != 89 || sets[0] != (CRSet{"1999-04-23", "6ED", "Classic Sixth Edition"}) || sets[len(sets)-1] != (CRSet{"2020-11-20", "CMR", "Commander Legends"}) {
		t.Errorf("%d sets, from %v to %v", len(sets), sets[0], sets[len(sets)-1])
	}
	for _, tt := range []struct {
		code, want string
	}{
		{"M10", "2009-07-11"},
		{"m10", "2009-07-11"},
		{"6ED", "1999-04-23"},
		{"IKO", "2020-04-17"}, // not its update, 2020-06-01
		{"PC2", "2011-06-17"},
		{"CMD", "2011-06-17"},
		{"2XM", "2020-08-07"},
		{"XXX", ""},
		{"", ""},
	} {
		if got, ok := EditionOfSet(tt.code); got != tt.want || ok != (tt.want != "") {
			t.Errorf("EditionOfSet(%q) = %q, %v; want %q", tt.code, got, ok, tt.want)
		}
	}
	for _, tt := range []struct {
		date string
		want []string
	}{
		{"2009-07-11", []string{"M10 Magic 2010"}},
		{"2011-06-17", []string{"CMD Magic: The Gathering-Commander", "PC2 Planechase 2012 Edition"}},
		{"2020-06-01", []string{"IKO Ikoria: Lair of Behemoths"}},
		{"2003-07-01", nil}, // an update between sets
		{"2026-01-16", nil}, // after 2020
	} {
		var got []string
		for _, s := range SetsOf(tt.date) {
			got = append(got, s.Code+" "+s.Name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("SetsOf(%s) = %q, want %q", tt.date, got, tt.want)
		}
	}
}

func TestParseCRSets(t *testing.T) {
	const head = "effective_date\tset_code\tset_name\n"
	for _, tt := range []struct {
		name, text string
		want       []CRSet
		err        string
	}{
		{"two sets, one date", head + "2011-06-17\tCMD\tCommander\n2011-06-17\tPC2\tPlanechase 2012 Edition\n",
			[]CRSet{{"2011-06-17", "CMD", "Commander"}, {"2011-06-17", "PC2", "Planechase 2012 Edition"}}, ""},
		{"one set, two dates, CRLF, no last line end", strings.ReplaceAll(head+"2020-04-17\tIKO\tIkoria\n2020-06-01\tIKO\tIkoria", "\n", "\r\n"),
			[]CRSet{{"2020-04-17", "IKO", "Ikoria"}, {"2020-06-01", "IKO", "Ikoria"}}, ""},
		{"no header", "2009-07-11\tM10\tMagic 2010\n", nil, "s.tsv:1: header"},
		{"no sets", head, nil, "s.tsv: lists no sets"},
		{"two columns", head + "2009-07-11\tM10\n", nil, "s.tsv:2: 2 tab-separated columns, want 3"},
		{"not a date", head + "2009-13-11\tM10\tMagic 2010\n", nil, `s.tsv:2: "2009-13-11" is not a date`},
		{"code in small letters", head + "2009-07-11\tm10\tMagic 2010\n", nil, `s.tsv:2: set code "m10"`},
		{"code too long", head + "2009-07-11\tMAGIC2010\tMagic 2010\n", nil, `set code "MAGIC2010"`},
		{"no name", head + "2009-07-11\tM10\t\n", nil, `s.tsv:2: set name "" is empty`},
		{"name with a trailing space", head + "2009-07-11\tM10\tMagic 2010 \n", nil, `set name "Magic 2010 " is empty or has spaces`},
		{"newest first", head + "2010-07-16\tM11\tMagic 2011\n2009-07-11\tM10\tMagic 2010\n", nil, "s.tsv:3: 2009-07-11 comes after 2010-07-16"},
		{"a line twice", head + "2009-07-11\tM10\tMagic 2010\n2009-07-11\tM10\tMagic 2010\n", nil, "s.tsv:3: 2009-07-11 M10 is listed already on line 2"},
		{"not UTF-8", head + "2009-07-11\tM10\tMagic \xff\n", nil, "s.tsv: not UTF-8"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseCRSets("s.tsv", []byte(tt.text))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v; want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// FuzzCRSets: the table's parser never panics, and an error names the file.
func FuzzCRSets(f *testing.F) {
	f.Add([]byte("effective_date\tset_code\tset_name\n2009-07-11\tM10\tMagic 2010\n"))
	f.Add([]byte("effective_date\tset_code\tset_name\r\n2020-04-17\tIKO\tIkoria\r\n2020-04-17\tIKO\tx"))
	f.Add([]byte("\xff\n\t\t\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		sets, err := parseCRSets("s.tsv", b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "s.tsv") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		if len(sets) == 0 {
			t.Error("no error and no sets")
		}
	})
}
