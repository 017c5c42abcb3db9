package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Truncation says where a source file that is cut short stops, and what a
// complete Comprehensive Rules has after that point. The 2013-02-01 file,
// as Wizards published it, stops at the glossary headword "Attack
// Multiple Players": the rest of the glossary and the credits are missing
// from the file, not from the rules of that date.
type Truncation struct {
	Part TruncPart // the part the file stops in
	Pos  Pos       // the file's last line
	// Last is the last entry the file has: a rule number ("702.19b") when
	// it stops in the rules, a glossary headword when it stops in the
	// glossary or before the credits; "" if it has none of that part.
	Last string
	// Dropped is a glossary headword the file ends on with no definition
	// after it. It is not kept as an entry: its definition is missing, like
	// everything after it.
	Dropped string
	// Partial: Last's text stops in mid-sentence, so it may be incomplete.
	Partial bool
}

// TruncPart names the part of the rules a truncated file stops in.
type TruncPart string

const (
	TruncRules    TruncPart = "rules"    // in the numbered rules: the rest of them, the glossary and the credits are missing
	TruncGlossary TruncPart = "glossary" // in the glossary: the rest of it and the credits are missing
	TruncCredits  TruncPart = "credits"  // after the glossary: only the credits are missing
)

// LacksRules reports whether numbered rules after Last are missing.
func (t *Truncation) LacksRules() bool { return t != nil && t.Part == TruncRules }

// LacksGlossary reports whether glossary entries (after Last, or all of
// them) are missing.
func (t *Truncation) LacksGlossary() bool {
	return t != nil && (t.Part == TruncRules || t.Part == TruncGlossary)
}

// StopsAt says where the file stops, in words: "the glossary headword
// “Attack Multiple Players”, which has no definition".
func (t *Truncation) StopsAt() string {
	switch t.Part {
	case TruncRules:
		if t.Last == "" {
			return "the start of the rules"
		}
		if t.Partial {
			return "the middle of rule " + t.Last
		}
		return "rule " + t.Last
	case TruncGlossary:
		switch {
		case t.Dropped != "":
			return "the glossary headword “" + t.Dropped + "”, which has no definition"
		case t.Last == "":
			return "the “Glossary” heading"
		case t.Partial:
			return "the middle of the glossary entry “" + t.Last + "”"
		}
		return "the glossary entry “" + t.Last + "”"
	}
	if t.Last == "" {
		return "the “Credits” heading"
	}
	return "the end of the glossary (“" + t.Last + "”)"
}

// Missing says what a complete file has that this one lacks: "the glossary
// from “Attack Multiple Players” on, and the credits".
func (t *Truncation) Missing() string {
	switch t.Part {
	case TruncRules:
		if t.Last == "" {
			return "the rules, the glossary and the credits"
		}
		return "the rules after " + t.Last + ", the glossary and the credits"
	case TruncGlossary:
		switch {
		case t.Dropped != "":
			return "the glossary from “" + t.Dropped + "” on, and the credits"
		case t.Last == "":
			return "the whole glossary and the credits"
		}
		return "the glossary after “" + t.Last + "”, and the credits"
	}
	return "the credits"
}

// Where is the file and line the source stops at: "cr/2013-02-01.txt:2341".
func (t *Truncation) Where() string {
	if t.Pos.Line() <= 0 {
		return t.Pos.File()
	}
	return t.Pos.File() + ":" + strconv.Itoa(t.Pos.Line())
}

// textEnd is what the text parser found at the end of a file.
type textEnd struct {
	glossary bool // a "Glossary" heading after the rules
	credits  bool // a "Credits" heading after the glossary
	last     Pos  // the file's last non-blank line
}

// detectTruncation decides from what every complete official text has
// whether e's file stops short, and if so where. A complete file has a
// "Glossary" heading after the rules, a glossary that runs to the Z's
// ("Zone-Change Triggers" in every one since 2003) with a definition under
// each headword, then a "Credits" heading and the credits. It sets
// e.Truncated, drops a last headword that has no definition, and reports
// the truncation as a warning at the file's last line.
func detectTruncation(e *Edition, end textEnd, d *diags) {
	t := truncationOf(e, end)
	if t == nil {
		return
	}
	if t.Dropped != "" {
		n := len(e.Glossary) - 1
		// Cleared, since its slab stays: its strings would keep the whole
		// decoded file alive.
		*e.Glossary[n] = GlossaryEntry{}
		e.Glossary = e.Glossary[:n:n]
	}
	e.Truncated = t
	d.warnf(t.Pos.Line(), "the file is cut short: it stops at %s; missing from the file (not from the rules): %s", t.StopsAt(), t.Missing())
}

func truncationOf(e *Edition, end textEnd) *Truncation {
	t := &Truncation{Pos: end.last}
	switch {
	case !end.glossary && !end.credits:
		t.Part = TruncRules
		var last *Rule
		e.Walk(func(r *Rule) bool { last = r; return true })
		if last != nil {
			t.Last = last.Number.String()
			// A rule number with no text, or text that stops mid-sentence
			// (a chapter heading has neither).
			t.Partial = len(last.Body) == 0 && last.Title() == "" || endsMidSentence(last.Body, end.last)
		}
		return t
	case !end.glossary:
		return nil // credits but no glossary: damaged, not cut short (the parser says so)
	case len(e.Glossary) == 0 && !end.credits:
		t.Part = TruncGlossary
		return t
	case len(e.Glossary) == 0:
		return nil
	}
	g := e.Glossary[len(e.Glossary)-1]
	switch {
	case end.credits && len(e.Credits) > 0:
		return nil
	case end.credits:
		t.Part = TruncCredits
	case len(g.Body) == 0:
		t.Part, t.Dropped = TruncGlossary, g.Term()
		if n := len(e.Glossary); n > 1 {
			t.Last = e.Glossary[n-2].Term()
		}
	case !endsAlphabet(g) || endsMidSentence(g.Body, end.last):
		t.Part, t.Last, t.Partial = TruncGlossary, g.Term(), endsMidSentence(g.Body, end.last)
	default:
		t.Part, t.Last = TruncCredits, g.Term()
	}
	return t
}

// endsAlphabet reports whether g can be the last entry of a complete
// glossary: its headword starts with Z. Every complete file since 2003 ends
// with "Zone" or "Zone-Change Triggers"; a file cut in the M's ends on an M.
func endsAlphabet(g *GlossaryEntry) bool {
	s := FoldTerm(g.Term())
	return strings.HasPrefix(s, "z")
}

// endsMidSentence reports whether the last paragraph of body is the
// file's last line and stops where no sentence ends: not after a full
// stop, colon, question mark, closing quote or bracket.
func endsMidSentence(body []Block, last Pos) bool {
	if len(body) == 0 {
		return false
	}
	b := body[len(body)-1]
	if b.Pos != last {
		return false
	}
	s := strings.TrimRight(b.Text.S, " \t")
	if s == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	switch r {
	case '.', ':', '!', '?', ')', ']', '"', '\'', '”', '’', '»':
		return false
	}
	return true
}
