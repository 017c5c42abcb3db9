package locate

import (
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

func num(d rules.Doc, s string) rules.Number {
	n, err := rules.ParseNumberIn(d, s)
	if err != nil {
		panic(err)
	}
	return n
}

func TestRead(t *testing.T) {
	cr, mtr, ipg, jar := rules.DocCR, rules.DocMTR, rules.DocIPG, rules.DocJAR
	at := func(d rules.Doc, s string) Place { return Place{Doc: d, Number: num(d, s)} }
	named := func(d rules.Doc, s string) Place { p := at(d, s); p.Named = true; return p }
	for _, tt := range []struct {
		q    string
		cur  rules.Doc
		want Place
		ok   bool
	}{
		// A CR number however it is written.
		{"704.5j", cr, at(cr, "704.5j"), true},
		{"704 5j", cr, at(cr, "704.5j"), true},
		{"704,5j", cr, at(cr, "704.5j"), true},
		{"704-5j", cr, at(cr, "704.5j"), true},
		{"704_5j", cr, at(cr, "704.5j"), true},
		{"704:5j", cr, at(cr, "704.5j"), true},
		{"704.5 j", cr, at(cr, "704.5j"), true},
		{"704 . 5 j", cr, at(cr, "704.5j"), true},
		{"704.5-j", cr, at(cr, "704.5j"), true},
		{"704.5(j)", cr, at(cr, "704.5j"), true},
		{"704.5J", cr, at(cr, "704.5j"), true},
		{"704.5j.", cr, at(cr, "704.5j"), true},
		{"(704.5j)", cr, at(cr, "704.5j"), true},
		{"704 5", cr, at(cr, "704.5"), true},
		{"704", cr, at(cr, "704"), true},
		{"704.", cr, at(cr, "704"), true},
		{"  704.5k  ", cr, at(cr, "704.5k"), true},
		{"rule 704.5j", cr, at(cr, "704.5j"), true},
		{"Rule #704.5j", cr, at(cr, "704.5j"), true},
		{"rules 704.5j", cr, at(cr, "704.5j"), true},
		{"r. 704.5j", cr, at(cr, "704.5j"), true},
		{"r.704.5j", cr, at(cr, "704.5j"), true},
		{"r 704 5j", cr, at(cr, "704.5j"), true},
		{"§704.5j", cr, at(cr, "704.5j"), true},
		{"CR 704.5j", cr, named(cr, "704.5j"), true},
		{"cr704.5k", cr, named(cr, "704.5k"), true},
		{"CR 704 5j", cr, named(cr, "704.5j"), true},
		{"comp rules 704.5j", cr, named(cr, "704.5j"), true},
		{"Comprehensive Rules 704.5j", cr, named(cr, "704.5j"), true},
		{"704.5j of the comprehensive rules", cr, named(cr, "704.5j"), true},
		{"CR 704.5j", mtr, named(cr, "704.5j"), true},
		// Not numbers: searches.
		{"704.5k world", cr, Place{}, false},
		{"704-705", cr, Place{}, false},
		{"704.5 is", cr, Place{}, false},
		{"704abc", cr, Place{}, false},
		{"7045", cr, Place{}, false},
		{"100 cards", cr, Place{}, false},
		{"2.3", cr, Place{}, false},
		{"trample", cr, Place{}, false},
		{"crew", cr, Place{}, false},
		{"rules", cr, Place{}, false},
		{"appendix b", cr, Place{}, false},
		{"", cr, Place{}, false},
		{"jar of eyeballs", cr, Place{}, false},
		// A section of the CR.
		{"section 7", cr, Place{Doc: cr, Section: 7}, true},
		{"sec. 7", cr, Place{Doc: cr, Section: 7}, true},
		{"section 7 of the CR", cr, Place{Doc: cr, Named: true, Section: 7}, true},
		// The judge documents' numbers.
		{"MTR 4.2", cr, named(mtr, "4.2"), true},
		{"mtr4.2", cr, named(mtr, "4.2"), true},
		{"MTR 4 2", cr, named(mtr, "4.2"), true},
		{"MTR section 4.3", cr, named(mtr, "4.3"), true},
		{"mtr's section 4", cr, named(mtr, "4"), true},
		{"section 4 of the MTR", cr, named(mtr, "4"), true},
		{"4.2 in the magic tournament rules", cr, named(mtr, "4.2"), true},
		{"4.2 mtr", cr, named(mtr, "4.2"), true},
		{"Tournament Rules 2.3", cr, named(mtr, "2.3"), true},
		{"IPG 2.1", cr, named(ipg, "2.1"), true},
		{"ipg 2,1", cr, named(ipg, "2.1"), true},
		{"Floor Rules 101", cr, named(mtr, "101"), true},
		{"2.3", mtr, at(mtr, "2.3"), true},
		{"2 3", mtr, at(mtr, "2.3"), true},
		{"section 4", mtr, at(mtr, "4"), true},
		{"704.5j", mtr, at(cr, "704.5j"), true},
		{"rule 704.5j", ipg, at(cr, "704.5j"), true},
		// Parts, appendices and words after a document's name.
		{"ipg 2.1 philosophy", cr, Place{Doc: ipg, Named: true, Number: num(ipg, "2.1"), Part: "philosophy"}, true},
		{"IPG 2.1, Additional Remedy", cr, Place{Doc: ipg, Named: true, Number: num(ipg, "2.1"), Part: "additional remedy"}, true},
		{"2.1 #philosophy", ipg, Place{Doc: ipg, Number: num(ipg, "2.1"), Part: "philosophy"}, true},
		{"MTR appendix B", cr, Place{Doc: mtr, Named: true, Appendix: "b"}, true},
		{"appendix b of the MTR", cr, Place{Doc: mtr, Named: true, Appendix: "b"}, true},
		{"app. a", ipg, Place{Doc: ipg, Appendix: "a"}, true},
		{"IPG GRV", cr, Place{Doc: ipg, Named: true, Words: "grv"}, true},
		{"MTR taking notes", cr, Place{Doc: mtr, Named: true, Words: "taking notes"}, true},
		{"taking notes in the MTR", cr, Place{Doc: mtr, Named: true, Words: "taking notes"}, true},
		// Documents alone.
		{"IPG", cr, Place{Doc: ipg, Named: true}, true},
		{"the Magic Tournament Rules", cr, Place{Doc: mtr, Named: true}, true},
		{"Judging at Regular REL", cr, Place{Doc: jar, Named: true}, true},
		{"JAR", cr, Place{Doc: jar, Named: true}, true},
		{"jar", cr, Place{}, false},
	} {
		got, ok := Read(tt.q, tt.cur)
		if ok != tt.ok || got != tt.want {
			t.Errorf("Read(%q, %s) = %+v, %v; want %+v, %v", tt.q, tt.cur, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPlaceDocument(t *testing.T) {
	for q, want := range map[string]bool{"IPG": true, "IPG 2.1": false, "IPG GRV": false, "704.5j": false, "MTR appendix B": false} {
		p, _ := Read(q, rules.DocCR)
		if p.Document() != want {
			t.Errorf("%q: Document() = %v, want %v", q, p.Document(), want)
		}
	}
}

// FuzzRead: Read never panics, and a place it reads is whole: a number,
// a section, an appendix, words or the document, in a known document.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"704 5j", "CR 704.5j", "ipg 2.1 philosophy", "section 4 of the MTR", "MTR appendix B",
		"r. 704.5j", "704.5(j)", "JAR", "704-705", "mtr's 4.2", "ÄÖÜ 704", "\xff704"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, cur := range rules.Docs {
			p, ok := Read(q, cur)
			if !ok {
				if p != (Place{}) {
					t.Fatalf("Read(%q) = %+v with false", q, p)
				}
				continue
			}
			if p.Doc.Slug() == "" {
				t.Fatalf("Read(%q): no document: %+v", q, p)
			}
			if p.Number.IsZero() && p.Section == 0 && p.Appendix == "" && p.Words == "" && !p.Named {
				t.Fatalf("Read(%q) names nothing: %+v", q, p)
			}
			if p.Part != "" && p.Number.IsZero() {
				t.Fatalf("Read(%q): a part of no entry: %+v", q, p)
			}
		}
	})
}
