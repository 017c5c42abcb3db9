package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzLink runs the scanner through Link on arbitrary paragraph text (a
// rule paragraph and a glossary definition) and checks that it never
// panics, that the spans are well formed, that every reference is
// accounted for, and that a second Link changes nothing.
//
//	go test ./rules -run '^$' -fuzz FuzzLink -fuzztime 5m
func FuzzLink(f *testing.F) {
	for _, s := range []string{
		"See rule 704.5k.", "See rules 613.2, 707.2, and 707.3.", "rules 903.6–903.11", "103.2a–e",
		"See rules 212-215.", "712.9–10", "rules 205.1a - b, 305.7", "See section 8, “Multiplayer Rules.”",
		"sections 1 and 7", `See rule 903, "Commander," for more.`, "(see 420.5e)", "rules 608.3a and b",
		"See 706, “Rolling a Die.”", "rules 306?311", "See also Dependency, Timestamp Order.",
		"See “Enters the Battlefield.”", "See Active Player, Nonactive Player Order.", "See Banding.",
		"Add {2}{W/U/P}{½}{∞}. {T}: mana ability of a token", "a 2/2 with 20 life in 2013; Rule 0",
		"999,999 times", "1-800-324-6496", "“∞ (Infinity),”", "See X, Y, and", "rule 100.1–", "{",
		"See “", "rules 100.1, ", "section 9, \"", "Dandân’s face-down double-faced cards",
		"rule 704.5k\xff\xfe", "See Tap, Trample, and Untap.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := miniEdition(s)
		g := e.Term("Trample")
		g.Body = []Block{{Text: Text{S: s}}}
		Link(e)
		texts := []*Text{&e.Rule(Number{100, 1, 0}).Body[0].Text, &g.Body[0].Text}
		refs := 0
		for _, tx := range texts {
			if err := checkSpans(e, tx); err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			for _, sp := range tx.Spans {
				switch sp.Kind {
				case SpanRef:
					refs++
					r := sp.Cited()
					if r.Kind == RefRange && r.Last.Compare(r.Number) <= 0 {
						t.Errorf("%q: range %s–%s runs backwards", s, r.Number, r.Last)
					}
				case SpanMana:
					if !utf8.ValidString(tx.S[sp.Start:sp.End]) {
						t.Errorf("%q: symbol %q is not UTF-8", s, tx.S[sp.Start:sp.End])
					}
				}
			}
		}
		if refs != len(e.Refs) {
			t.Fatalf("%q: %d ref spans but %d Refs", s, refs, len(e.Refs))
		}
		dangling := 0
		for _, r := range e.Refs {
			if !r.Resolved {
				dangling++
			}
		}
		if dangling != len(e.Dangling) {
			t.Fatalf("%q: %d unresolved but %d dangling", s, dangling, len(e.Dangling))
		}
		first := snapshot(e)
		Link(e)
		if second := snapshot(e); second != first {
			t.Fatalf("%q: second Link changed the edition:\n%s\n---\n%s", s, first, second)
		}
		for _, sym := range ManaSymbols(s) {
			if !IsSymbol(sym) || SymbolName(sym) == "" || !strings.Contains(s, sym) {
				t.Errorf("%q: bad symbol %q", s, sym)
			}
		}
	})
}
