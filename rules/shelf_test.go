package rules

import (
	"testing"
	"time"
)

// shelfEdition is a hand-made edition of d effective on date holding the
// given entries, numbered as d numbers them.
func shelfEdition(t *testing.T, d Doc, date string, nums ...string) *Edition {
	t.Helper()
	eff, err := time.Parse(time.DateOnly, date)
	if err != nil {
		t.Fatal(err)
	}
	e := &Edition{Doc: d, Effective: eff, Kind: KindFull}
	sect := &Section{Number: 1}
	e.Sections = []*Section{sect}
	for _, s := range nums {
		n, err := ParseNumberIn(d, s)
		if err != nil {
			t.Fatal(err)
		}
		r := (&Rule{Number: n}).Heading(sect, "")
		if p := n.Parent(); !p.IsZero() {
			parent := e.Rule(p)
			if parent == nil {
				t.Fatalf("%s: no parent %s", s, p)
			}
			r.Parent = parent
			parent.Children = append(parent.Children, r)
		} else {
			sect.Chapters = append(sect.Chapters, r)
		}
		e.Reindex()
	}
	return e
}

func TestShelfInForce(t *testing.T) {
	cr1 := shelfEdition(t, DocCR, "2024-07-30", "704", "704.5", "704.5j")
	cr2 := shelfEdition(t, DocCR, "2026-01-16", "704", "704.5", "704.5j")
	ipg := shelfEdition(t, DocIPG, "2024-09-23", "2", "2.1")
	mtr1 := shelfEdition(t, DocMTR, "2020-10-12", "4", "4.3")
	mtr2 := shelfEdition(t, DocMTR, "2025-04-21", "4", "4.3")
	// Two references from the IPG: to the CR and to the MTR.
	toCR := NewRef(Cite{Kind: RefRule, Doc: DocCR, Number: Number{Chapter: 704, Rule: 5, Sub: 'j'}}, Citer{Rule: ipg.Rule(Number{Chapter: 2, Rule: 1})}, nil, 0, 0)
	toMTR := NewRef(Cite{Kind: RefRule, Doc: DocMTR, Number: Number{Chapter: 4, Rule: 3}}, Citer{Rule: ipg.Rule(Number{Chapter: 2, Rule: 1})}, nil, 0, 0)
	ipg.Refs = []*Ref{toCR, toMTR}

	sh := NewShelf(NewLibrary([]*Edition{cr1, cr2}), NewLibrary([]*Edition{ipg}), NewLibrary([]*Edition{mtr1, mtr2}))
	if got := sh.InForce(DocCR, ipg.Effective); got != cr1 {
		t.Errorf("CR in force on the IPG's date = %v, want 2024-07-30", got.EffectiveDate())
	}
	if got := sh.InForce(DocMTR, time.Time{}); got != mtr2 {
		t.Errorf("MTR in force today = %v, want the newest", got.EffectiveDate())
	}
	if got := sh.InForce(DocMTR, mustDate(t, "2019-01-01")); got != nil {
		t.Errorf("MTR in force before its first edition = %v, want none", got.EffectiveDate())
	}

	tg, ok := ipg.Resolve(toCR.Cited())
	if !ok || tg.Edition != cr1 || tg.Rule != cr1.Rule(Number{Chapter: 704, Rule: 5, Sub: 'j'}) {
		t.Errorf("the IPG's CR 704.5j resolves to %+v, %v; want 704.5j of 2024-07-30", tg, ok)
	}
	tg, ok = ipg.Resolve(toMTR.Cited())
	if !ok || tg.Edition != mtr1 {
		t.Errorf("the IPG's MTR 4.3 resolves in %v, want the MTR of 2020-10-12", tg.Edition)
	}
	if _, ok := ipg.Resolve(Cite{Kind: RefRule, Doc: DocCR, Number: Number{Chapter: 999, Rule: 1}}); ok {
		t.Error("a CR rule no edition has resolved")
	}
	if tg, ok := ipg.Resolve(Cite{Kind: RefDocument, Doc: DocMTR}); !ok || tg.Edition != mtr1 || tg.Rule != nil {
		t.Errorf("the MTR as a whole resolves to %+v", tg)
	}

	// Backlinks: the IPG of 2024-09-23 is in force while both CRs are, and
	// while both MTRs are; each lists it.
	for _, tc := range []struct {
		e      *Edition
		target any
		want   int
	}{
		{cr1, cr1.Rule(Number{Chapter: 704, Rule: 5, Sub: 'j'}), 1},
		{cr2, cr2.Rule(Number{Chapter: 704, Rule: 5, Sub: 'j'}), 1},
		{cr2, cr2.Rule(Number{Chapter: 704, Rule: 5}), 0},
		{mtr1, mtr1.Rule(Number{Chapter: 4, Rule: 3}), 1},
		{mtr2, mtr2.Rule(Number{Chapter: 4, Rule: 3}), 1},
	} {
		got := sh.CitedFrom(tc.e, tc.target)
		if len(got) != tc.want {
			t.Errorf("%s %v: %d citations from other documents, want %d", tc.e.EffectiveDate(), tc.target, len(got), tc.want)
			continue
		}
		if tc.want > 0 && got[0].Edition != ipg {
			t.Errorf("%s: cited from %v, want the IPG", tc.e.EffectiveDate(), got[0].Edition)
		}
	}
}

func mustDate(t *testing.T, s string) time.Time {
	t.Helper()
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestSplitID(t *testing.T) {
	for _, tc := range []struct {
		id   string
		doc  Doc
		rest string
	}{
		{"mtr/2025-04-21", DocMTR, "2025-04-21"},
		{"2026-01-16", DocCR, "2026-01-16"},
		{"ipg/latest", DocIPG, "latest"},
		{"cr/2026-01-16", DocCR, "cr/2026-01-16"},
		{"classic", DocCR, "classic"},
	} {
		if d, rest := SplitID(tc.id); d != tc.doc || rest != tc.rest {
			t.Errorf("SplitID(%q) = %v, %q; want %v, %q", tc.id, d, rest, tc.doc, tc.rest)
		}
	}
}

func TestAssignIDsPrefixesDocuments(t *testing.T) {
	cr := shelfEdition(t, DocCR, "2014-09-26", "100")
	jar := shelfEdition(t, DocJAR, "2014-09-26", "1")
	ipg := shelfEdition(t, DocIPG, "2014-09-26", "1")
	AssignIDs(nil, []*Edition{cr, jar, ipg})
	if cr.ID != "2014-09-26" || jar.ID != "jar/2014-09-26" || ipg.ID != "ipg/2014-09-26" {
		t.Errorf("IDs of one date in three documents: %q %q %q", cr.ID, jar.ID, ipg.ID)
	}
}

func TestCountRefs(t *testing.T) {
	cr := shelfEdition(t, DocCR, "2024-07-30", "704", "704.5", "704.5j")
	ipg := shelfEdition(t, DocIPG, "2024-09-23", "2", "2.1")
	from := Citer{Rule: ipg.Rule(Number{Chapter: 2, Rule: 1})}
	resolved := NewRef(Cite{Kind: RefRule, Number: Number{Chapter: 2, Rule: 1}}, from, nil, 0, 0)
	resolved.Resolved = true
	ipg.Refs = []*Ref{
		NewRef(Cite{Kind: RefRule, Doc: DocCR, Number: Number{Chapter: 704, Rule: 5, Sub: 'j'}}, from, nil, 0, 0),
		NewRef(Cite{Kind: RefRule, Doc: DocCR, Number: Number{Chapter: 999, Rule: 1}}, from, nil, 0, 0),
		resolved,
		NewRef(Cite{Kind: RefRule, Number: Number{Chapter: 2, Rule: 9}}, from, nil, 0, 0),
	}
	NewShelf(NewLibrary([]*Edition{cr}), NewLibrary([]*Edition{ipg}))
	s := ipg.CountRefs()
	if s.Own != 2 || s.OwnUnresolved != 1 || s.Cross != 2 || s.CrossUnresolved != 1 || s.Resolved() != 2 || s.Total() != 4 || len(s.Unresolved) != 2 {
		t.Errorf("CountRefs = %+v", s)
	}
}
