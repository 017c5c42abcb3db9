package views

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// missingSentence says what a cut file lacks and that the rules did not:
// "The glossary from “Attack Multiple Players” on, and the credits are
// missing from this file, not from the rules."
func missingSentence(t *rules.Truncation) string {
	return capitalize(t.Missing()) + " are missing from this file, not from the rules."
}

// IncompleteNote is an edition's truncation in one line, for lists: "source
// file incomplete: stops at rule 702.19b (cr/x.txt:1234)"; "" for a whole
// file.
func IncompleteNote(e *rules.Edition) string {
	if e.Truncated == nil {
		return ""
	}
	return "source file incomplete: stops at " + e.Truncated.StopsAt() + " (" + e.Truncated.Where() + ")"
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// missingGroup is a diff's missing entries on one side: those one
// edition has and the other's cut file lacks.
type missingGroup struct {
	Cut     *rules.Edition // the edition whose file lacks them
	Has     *rules.Edition // the edition that has them
	Changes []*history.Change
}

// missingGroups splits a diff's missing entries by the edition whose file
// lacks them: the newer edition's first (entries the older has), then the
// older's.
func missingGroups(d *history.Diff) []missingGroup {
	to := missingGroup{Cut: d.To, Has: d.From}
	from := missingGroup{Cut: d.From, Has: d.To}
	for i := range d.Missing {
		c := &d.Missing[i]
		if c.Old != nil || c.OldTerm != nil {
			to.Changes = append(to.Changes, c)
		} else {
			from.Changes = append(from.Changes, c)
		}
	}
	var out []missingGroup
	for _, g := range []missingGroup{to, from} {
		if len(g.Changes) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// countWords is a group's size by kind: "435 glossary entries", "3 rules,
// 1 chapter title and 1 example".
func (g missingGroup) countWords() string {
	var n [4]int // by history.Kind
	for _, c := range g.Changes {
		if int(c.Kind) < len(n) {
			n[c.Kind]++
		}
	}
	names := []struct {
		k         history.Kind
		one, many string
	}{
		{history.Rule, "rule", "rules"},
		{history.Chapter, "chapter", "chapters"},
		{history.Example, "example", "examples"},
		{history.Term, "glossary entry", "glossary entries"},
	}
	var parts []string
	for _, x := range names {
		switch c := n[x.k]; {
		case c == 1:
			parts = append(parts, "1 "+x.one)
		case c > 1:
			parts = append(parts, strconv.Itoa(c)+" "+x.many)
		}
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// missingURL links a missing entry in the edition that has it.
func (p DiffPage) missingURL(g missingGroup, c *history.Change) string {
	switch {
	case c.OldTerm != nil:
		return p.TermURL(g.Has.ID, c.OldTerm.Slug)
	case c.NewTerm != nil:
		return p.TermURL(g.Has.ID, c.NewTerm.Slug)
	case c.Old != nil:
		return p.RuleURL(g.Has.ID, c.Old.Number)
	}
	return p.RuleURL(g.Has.ID, c.New.Number)
}

// missingNames lists the names of a history's missing editions:
// "CR 2013-02-01".
func missingNames(h *history.History) string {
	var names []string
	for _, e := range h.Missing {
		names = append(names, EditionName(e))
	}
	return strings.Join(names, ", ")
}
