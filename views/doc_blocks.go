package views

import (
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// blockRun is a run of a judge document's body that renders as one
// element: a list of consecutive items, a table of consecutive rows, or a
// single block of any other kind.
type blockRun struct {
	Kind   rules.BlockKind
	Blocks []rules.Block
}

// blockRuns groups body into runs: items into one list, rows into one
// table, everything else one to a run.
func blockRuns(body []rules.Block) []blockRun {
	var out []blockRun
	for _, b := range body {
		if n := len(out); n > 0 && (b.Kind == rules.BlockItem || b.Kind == rules.BlockRow) && out[n-1].Kind == b.Kind {
			out[n-1].Blocks = append(out[n-1].Blocks, b)
			continue
		}
		out = append(out, blockRun{Kind: b.Kind, Blocks: []rules.Block{b}})
	}
	return out
}

// PartAnchor is the anchor of a part heading inside an entry:
// "Philosophy" → "philosophy", so /ipg/2.1#philosophy reaches it.
func PartAnchor(heading string) string { return rules.Slug(heading) }

// cells splits a table row into its cells.
func cells(t rules.Text) []string { return strings.Split(t.S, "\t") }

// PartHeadings lists the part headings of a body, for an entry's own contents
// (the IPG's Definition, Examples, Philosophy …).
func PartHeadings(body []rules.Block) []string {
	var out []string
	for _, b := range body {
		if b.Kind == rules.BlockHeading {
			out = append(out, b.Text.S)
		}
	}
	return out
}

// labelled reports whether every item of a list carries its own label
// ("1. Players shuffle …", "A. Knight of Infamy …", "(a) …"): such a list
// shows its labels, not bullets.
func labelled(items []rules.Block) bool {
	for _, b := range items {
		if !startsWithLabel(b.Text.S) {
			return false
		}
	}
	return len(items) > 0
}

// startsWithLabel reports whether s starts with a list label: one to
// three digits or a single letter, then "." or ")", then a space; or the
// same in parentheses.
func startsWithLabel(s string) bool {
	s = strings.TrimPrefix(s, "(")
	i := 0
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 && len(s) > 0 && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		i = 1
	}
	return i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' '
}
