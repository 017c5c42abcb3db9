package rules

import "fmt"

// RecoverGlossary exposes glossary term recovery to the tests: paragraphs
// are definition paragraphs in order, as a glossary file without its term
// lines would hold them, one per line.
func RecoverGlossary(name string, paragraphs []string) ([]*GlossaryEntry, []Diagnostic) {
	lines := make([]tline, len(paragraphs))
	for i, p := range paragraphs {
		lines[i] = tline{s: p, n: int32(i + 1)}
	}
	d := &diags{file: name}
	return recoverGlossary(lines, name, d), d.list
}

// SplitSame reports whether the fast line splitter agrees with the simple
// one on text, for tests.
func SplitSame(text string) (bool, string) {
	a, b := splitText(text), logicalLines(Lines(text))
	for i := range a {
		a[i].ind = 0
	}
	if len(a) != len(b) {
		return false, "lengths differ"
	}
	for i := range a {
		if a[i] != b[i] {
			return false, fmt.Sprintf("line %d: %+v, want %+v", i, a[i], b[i])
		}
	}
	return true, ""
}

// refAt returns the Ref Link made of t's reference span starting at start
// in the text of from, or nil. A paragraph may be shared by several entries
// (Compact); the zero Citer stands for any of them.
func refAt(e *Edition, from Citer, t *Text, start int32) *Ref {
	for _, r := range e.Refs {
		if r.Text == t && r.Start == start && (from == Citer{} || r.From() == from) {
			return r
		}
	}
	return nil
}

// flatRef is a Ref as the tests read it: what it cites and what that
// resolves to in its edition.
type flatRef struct {
	Cite
	Target
	*Ref
}

// flat returns r's flatRef in e.
func flat(e *Edition, r *Ref) flatRef {
	t, _ := e.Resolve(r.Cited())
	return flatRef{r.Cited(), t, r}
}
