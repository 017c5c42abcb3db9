package views

import "github.com/arbiter-rules/arbiter/rules"

// A rule page is "long" when it holds this many entries below it: rule 903
// (Commander) holds some 80 and runs to 11,000 px on a phone, where the
// reader cannot see what it holds without scrolling through all of it.
// Fewer children than minIndexChildren are already seen at a glance.
const (
	minIndexEntries  = 25
	minIndexChildren = 4
	indexWords       = 60 // bytes of a child's first words in the index
)

// SubruleIndex is the children of r to list at the top of its page, or
// nil when the page is short enough to need no index.
func SubruleIndex(r *rules.Rule) []*rules.Rule {
	if len(r.Children) < minIndexChildren || descendants(r) < minIndexEntries {
		return nil
	}
	return r.Children
}

func descendants(r *rules.Rule) int {
	n := 0
	for _, c := range r.Children {
		n += 1 + descendants(c)
	}
	return n
}

// indexWordsOf is what an index line says of r after its number: its
// title, or the first words of its text.
func indexWordsOf(r *rules.Rule) string {
	if r.Title() != "" {
		return r.Title()
	}
	return Snippet(r, indexWords)
}
