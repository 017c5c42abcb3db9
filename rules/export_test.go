package rules

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
