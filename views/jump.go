package views

import (
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// Absence says why an edition lacks a rule followed into it through its
// history.
type Absence int

const (
	Present Absence = iota
	// NotYet: the edition is older than the rule (History.Versions[0] is
	// the first edition that has it).
	NotYet
	// Removed: the rule was removed before the edition (History.Last() is
	// the last edition that had it).
	Removed
	// Cut: the edition's source file is cut short before the rule, which
	// says nothing of whether it was in the rules.
	Cut
	// NotInExcerpt: the edition is an excerpt, or another rendering of a
	// date, whose text does not hold the rule.
	NotInExcerpt
	// Untracked: the rule's history does not reach the edition (a cut
	// file with no whole file beside it to follow it through), or the rule
	// cannot be followed at all and the edition lacks its number.
	Untracked
)

// Placement is a rule followed into another edition through its history
// (its renumberings), not its number: the rule there, or why that edition
// lacks it.
type Placement struct {
	Edition *rules.Edition // the edition asked about
	Rule    *rules.Rule    // the rule in Edition; nil when it lacks it
	Why     Absence        // Present when Rule is set
	// History is the rule's history; nil when it cannot be followed and
	// Rule was looked up by number.
	History *history.History
}

// Found reports whether the edition has the rule.
func (pl Placement) Found() bool { return pl.Rule != nil }

// First is the first edition that has the rule, Last the last.
func (pl Placement) First() history.Version { return pl.History.Versions[0] }
func (pl Placement) Last() history.Version  { return pl.History.Last() }

// Nearest is the version of the rule closest to the edition asked about,
// for an edition that lacks it: the last one before it, else the first.
func (pl Placement) Nearest() history.Version {
	v := pl.History.Versions[0]
	for _, x := range pl.History.Versions {
		if x.Edition.Effective.After(pl.Edition.Effective) {
			break
		}
		v = x
	}
	return v
}

// RemovedIn is the edition that removed the rule, or nil.
func (pl Placement) RemovedIn() *rules.Edition {
	if ev := removal(pl.History); ev != nil {
		return ev.Edition
	}
	return nil
}

// AddedIn is the edition that added the rule, or nil if it is in the
// oldest edition loaded.
func (pl Placement) AddedIn() *rules.Edition {
	if h := pl.History; h != nil && len(h.Events) > 0 && h.Events[0].Op == history.Added {
		return h.Events[0].Edition
	}
	return nil
}

// Span is a run of consecutive editions, oldest first.
type Span struct{ First, Last *rules.Edition }

// Meaning is one rule a number has named: the editions in which it bore
// the number, and where it is in the edition being read.
type Meaning struct {
	Number rules.Number
	// Spans are the runs of editions in which the rule was numbered
	// Number, oldest first; an edition whose file is cut short before it
	// does not break a run.
	Spans []Span
	// Here is the rule in the edition being read; Here.History is its
	// history.
	Here Placement
}

// Latest is the newest edition in which the rule bore the number.
func (m Meaning) Latest() *rules.Edition { return m.Spans[len(m.Spans)-1].Last }

// Today is the rule in the newest edition, or false if it is not there.
func (m Meaning) Today() (history.Version, bool) { return m.Here.History.Current() }

// spansText is "CR 2003-03-15 to 2009-05-01", "CR 2012-07-01", or several
// joined by commas.
func (m Meaning) spansText() string {
	s := "CR "
	for i, sp := range m.Spans {
		if i > 0 {
			s += ", "
		}
		s += Effective(sp.First)
		if sp.Last != sp.First {
			s += " to " + Effective(sp.Last)
		}
	}
	return s
}

// NumberPage answers the jump box when the edition being read lacks the
// number typed but other editions have it: which rule the number named in
// each, and where that rule is in the edition being read.
type NumberPage struct {
	Page
	Number   rules.Number
	Meanings []Meaning // newest first
	// Nearest are the numbers the edition being read has around Number,
	// for a typing slip.
	Nearest []rules.Number
	Newest  *rules.Edition // the newest whole edition: "today"
}

// AbsentPage answers the rule page's "this rule in" picker when the
// edition chosen lacks the rule: when it came or went, with links.
type AbsentPage struct {
	Page
	From *rules.Edition // the edition the rule was picked in
	Rule *rules.Rule    // the rule, in From
	At   Placement      // the rule in the edition chosen (Page.Edition), absent
	// Other is the rule the edition chosen has under the same number, a
	// different one; nil if none.
	Other *rules.Rule
}

// pickNote follows an edition's name in the rule page's picker, saying
// what the rule is there when it is not simply the same number: " · as
// 420.5e", " · not yet"; "" for the same number.
func pickNote(r *rules.Rule, pl Placement) string {
	switch pl.Why {
	case Present:
		if pl.Rule.Number != r.Number {
			return " · as " + pl.Rule.Number.String()
		}
		return ""
	case NotYet:
		return " · not yet"
	case Removed:
		return " · removed"
	case Cut:
		return " · not in its file"
	case NotInExcerpt:
		return " · not in it"
	}
	return " · not found"
}

// meaningRule is the rule a meaning names, as the edition being read has
// it, or else as it last was.
func meaningRule(m Meaning) *rules.Rule {
	if m.Here.Rule != nil {
		return m.Here.Rule
	}
	return m.Here.Last().Rule
}

// othersSummary heads the list of other rules a number has named: "Another
// rule was numbered 704.5j in CR 2009-09-04 to 2017-07-08", "4 other rules
// have been numbered 702.19c".
func othersSummary(n rules.Number, ms []Meaning) string {
	if len(ms) > 1 {
		return itoa(len(ms)) + " other rules have been numbered " + n.String()
	}
	m := ms[0]
	verb := " was "
	if m.Latest() == m.Here.History.Newest {
		verb = " is "
	}
	return "Another rule" + verb + "numbered " + n.String() + " in " + m.spansText()
}
