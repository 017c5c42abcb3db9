package rules

// ParseMarkdown reads an edition written in Arbiter's Markdown dialect
// (content/README.md). The result is linked.
func ParseMarkdown(src Source) *Edition {
	e := &Edition{Format: FormatMarkdown, Files: []string{src.Name}}
	e.Diagnostics = append(e.Diagnostics, Diagnostic{File: src.Name, Line: 1, Severity: SevError, Message: "Markdown parser not written yet"})
	return e
}
