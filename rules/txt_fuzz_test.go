package rules_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// checkParsed holds for any input: no nil edition, every diagnostic names
// its file and a line, a failed parse says why, and the tree is consistent.
func checkParsed(t *testing.T, e *rules.Edition, files ...string) {
	t.Helper()
	if e == nil {
		t.Fatal("nil edition")
	}
	known := map[string]bool{}
	for _, f := range files {
		known[f] = true
	}
	for _, d := range e.Diagnostics {
		if !known[d.File] || d.Line < 1 || d.Message == "" || !utf8.ValidString(d.Message) {
			t.Fatalf("bad diagnostic %+v", d)
		}
	}
	e.Walk(func(r *rules.Rule) bool {
		if r.Number.IsZero() || r.Section() == nil {
			t.Fatalf("entry %+v without number or section", r)
		}
		if r.Parent != nil && r.Number.Parent() != r.Parent.Number {
			t.Fatalf("%s under %s", r.Number, r.Parent.Number)
		}
		for _, b := range r.Body {
			for _, s := range b.Text.Spans {
				if s.Start < 0 || s.End < s.Start || int(s.End) > len(b.Text.S) {
					t.Fatalf("%s: span %+v out of %q", r.Number, s, b.Text.S)
				}
			}
		}
		return true
	})
	for _, g := range e.Glossary {
		if len(g.Terms) == 0 || g.Terms[0] == "" {
			t.Fatalf("glossary entry without a term at %+v", g.Pos)
		}
	}
	checkTruncation(t, e, known)
}

func FuzzParseText(f *testing.F) {
	f.Add([]byte(miniCR))
	f.Add([]byte(strings.ReplaceAll(miniCR, "\n", "\r")))
	f.Add(utf16Bytes(miniCR[:400], false))
	f.Add(utf16Bytes(miniCR[:300], true))
	f.Add([]byte("T\n\nThese rules are effective as of May 1, 2005.\n\n1. S\n\n100. General\n\n100.1. _Magic_(tm) {o2}\n\n100. 1b x\n\n101.1a. y\nExample:Example: z\nf\n"))
	f.Add([]byte("Glossary\n\nTerm, “Quoted, term”\n1. x\n\nCredits\n"))
	f.Add([]byte("5. S\n\n510. C\n\n510.1. x\n\n510.1a y\n\n510.b z\n\n501.2. w\n\nGlossary\n\nAbility1. a\n2. b\nAffinity\nc.\n\nCredits\n"))
	f.Add([]byte("100. The __Magic__ Rules\n\n100.1. Oracle_(TM) and _x\n"))
	f.Add([]byte(miniCR[:strings.Index(miniCR, "Ante")+4]))
	f.Add([]byte{0xEF, 0xBB, 0xBF, 0xFF})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		e := rules.ParseText(rules.Source{Name: "f.txt", Data: data})
		checkParsed(t, e, "f.txt")
	})
}

func FuzzParseFragments(f *testing.F) {
	seeds, _ := content.FS.ReadFile("cr-2007-excerpt/000_1a2767f0f6f64d46.txt")
	gloss, _ := content.FS.ReadFile("cr-2007-excerpt/002_f50b34b4e6ad9d01.txt")
	// Short pieces of the real excerpt: the fuzzer minimises every new
	// interesting input, which is slow for long ones.
	f.Add(seeds[:min(len(seeds), 1200)], gloss[:min(len(gloss), 1200)])
	f.Add([]byte("2. Parts\n200.1. x\nExample: y\n"), []byte("see rule 1). This is called “mana burn.”\nThe term “main phase” is z.\n"))
	f.Add([]byte("104.3h x\n"), []byte("Abandon\nTo turn.\n\nAbility\n1. Text.\n"))
	f.Add([]byte{}, []byte{})
	f.Fuzz(func(t *testing.T, rulesData, glossData []byte) {
		e := rules.ParseFragments(
			[]rules.Source{{Name: "r1.txt", Data: rulesData}, {Name: "r2.txt", Data: rulesData[len(rulesData)/2:]}},
			[]rules.Source{{Name: "g.txt", Data: glossData}})
		checkParsed(t, e, "r1.txt", "r2.txt", "g.txt")
	})
}
