package rules

// ParseText reads Wizards' official MagicCompRules.txt. The result is linked.
func ParseText(src Source) *Edition {
	e := &Edition{Format: FormatText, Kind: KindFull, Files: []string{src.Name}}
	e.Diagnostics = append(e.Diagnostics, Diagnostic{File: src.Name, Line: 1, Severity: SevError, Message: "plain-text parser not written yet"})
	return e
}

// ParseFragments reads excerpts of the official text: rules files that may
// start and end mid-document, and glossary files whose term lines may be
// missing. The result is linked.
func ParseFragments(rules, glossary []Source) *Edition {
	e := &Edition{Format: FormatText, Kind: KindExcerpt}
	for _, s := range append(append([]Source{}, rules...), glossary...) {
		e.Files = append(e.Files, s.Name)
	}
	e.Diagnostics = append(e.Diagnostics, Diagnostic{File: e.Files[0], Line: 1, Severity: SevError, Message: "fragment parser not written yet"})
	return e
}
