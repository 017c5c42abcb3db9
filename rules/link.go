package rules

// Link resolves every cross-reference in e, records backlinks, marks mana
// symbols and glossary terms, and builds the lookup index. Parsers call it
// before returning; it is idempotent.
func Link(e *Edition) {
	e.Reindex()
}
