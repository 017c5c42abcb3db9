package rules

import (
	"slices"
	"testing"
)

// TestBacklinkAgreesWithLink: Backlink, given the references Link made,
// lists the same citations of every entry as Link did, on the 2026 rules
// (rules, glossary entries) and a judge document (rules and topics); and
// CitedBy answers nothing for an entry of another edition.
func TestBacklinkAgreesWithLink(t *testing.T) {
	judge := ParseJudge(Source{Name: "ipg.txt", Data: []byte(extract("# MAGIC INFRACTION PROCEDURE GUIDE", "Effective September 23, 2024",
		"# 1. GENERAL PHILOSOPHY", "Only issue penalties as in section 1.2.",
		"# 1.2. APPLYING PENALTIES", "See rule 704.5a and Appendix B.",
		"# Appendix B—Changes", "1.2: Reworded."))})
	for _, e := range []*Edition{parseCR(t, "2026-01-16.txt"), judge} {
		var cs []Citer
		e.Walk(func(r *Rule) bool { cs = append(cs, Citer{Rule: r}); return true })
		for _, g := range e.Glossary {
			cs = append(cs, Citer{Entry: g})
		}
		for _, tp := range e.Topics {
			cs = append(cs, Citer{Topic: tp})
		}
		linked := make([][]*Ref, len(cs))
		total := 0
		for i, c := range cs {
			linked[i] = e.CitedBy(c)
			total += len(linked[i])
		}
		if total == 0 {
			t.Fatalf("%s: Link listed no citations", e.Files)
		}
		e.Backlink()
		for i, c := range cs {
			if got := e.CitedBy(c); !slices.Equal(got, linked[i]) {
				t.Errorf("%s: %+v: Backlink lists %d citations, Link %d", e.Files, c, len(got), len(linked[i]))
			}
		}
		t.Logf("%s: %d entries, %d citations", e.Files, len(cs), total)
	}
	other := miniEdition("See rule 704.5k.")
	Link(other)
	if k := other.Rule(Number{Chapter: 704, Rule: 5, Sub: 'k'}); len(other.CitedBy(Citer{Rule: k})) != 1 || judge.CitedBy(Citer{Rule: k}) != nil {
		t.Error("704.5k of the mini edition: cited once there, and never in another edition")
	}
}
