package views

import (
	"strconv"

	"github.com/arbiter-rules/arbiter/rules"
)

// Answer is the entry a search page shows whole above its other hits, so
// that a reader on a phone has the rule without a second tap: the best
// hit, or the entry the query names by a judge's shorthand ("GRV"), from
// whichever document answers the question.
type Answer struct {
	Edition *rules.Edition
	// One of Rule, Entry and Topic is set.
	Rule  *rules.Rule
	Entry *rules.GlossaryEntry
	Topic *rules.Topic
	// Part is the heading of the part of Rule the query named
	// ("Philosophy"), which its link goes to.
	Part string
	// Elsewhere is set when the answer is from another document than the
	// one searched: a question about a tournament asked of the CR.
	Elsewhere bool
	// Named is what the query named the entry by when not its words:
	// judges' shorthand ("GRV").
	Named string
	// History is where the entry stands through time, for an answer to
	// a search of every edition (HitHistory).
	History string
	// Listed is set when the answer was one of the hits of the search
	// (Results), which no longer lists it.
	Listed bool
}

// maxAnswerRules bounds the rules an answer shows from a chapter or a
// rule with many subrules; its page has the rest.
const maxAnswerRules = 30

// answerURL is the answer's page.
func (p Paths) answerURL(a *Answer) string {
	switch {
	case a.Entry != nil:
		return p.TermURL(a.Edition.ID, a.Entry.Slug)
	case a.Topic != nil:
		return p.TopicURL(a.Edition.ID, a.Topic.Slug)
	case a.Part != "":
		return p.RuleURL(a.Edition.ID, a.Rule.Number) + "#" + PartAnchor(a.Part)
	}
	return p.RuleURL(a.Edition.ID, a.Rule.Number)
}

// answerHeading is what the answer's heading says: "IPG 2.5 Game Play
// Error — Game Rule Violation", "704.5j", "Glossary: Trample".
func answerHeading(a *Answer) string {
	switch {
	case a.Entry != nil:
		return "Glossary: " + a.Entry.Term()
	case a.Topic != nil:
		return a.Topic.Title
	}
	if d := a.Edition.Document(); d != rules.DocCR {
		return d.Short() + " " + RuleHeading(a.Rule)
	}
	if a.Rule.Title() == "" {
		return "Rule " + a.Rule.Number.String()
	}
	return RuleHeading(a.Rule)
}

// answerContext is the chapter a CR rule answering is in, as the hits
// name it: "704. State-Based Actions"; "" for a chapter or another
// document's entry, whose heading says where it is.
func answerContext(a *Answer) string {
	if a.Rule == nil || a.Rule.Parent == nil || a.Edition.Document() != rules.DocCR {
		return ""
	}
	c := a.Rule
	for c.Parent != nil {
		c = c.Parent
	}
	return RuleHeading(c)
}

// answerFrom says where the answer is from: "Best match · CR 2026-04-17",
// "Best match, from the Infraction Procedure Guide · IPG 2024-09-23",
// "“GRV” in the Infraction Procedure Guide · IPG 2024-09-23".
func answerFrom(a *Answer) string {
	s := "Best match"
	switch {
	case a.Named != "":
		s = "“" + a.Named + "” in the " + DocumentName(a.Edition)
	case a.Elsewhere:
		s += ", from the " + DocumentName(a.Edition)
	}
	return s + " · " + EditionName(a.Edition)
}

// answerRules are the rules a CR answer shows: the rule and its subrules
// in order, at most maxAnswerRules, and how many more its page has.
func answerRules(r *rules.Rule) ([]*rules.Rule, int) {
	var out []*rules.Rule
	more := 0
	var walk func(*rules.Rule)
	walk = func(x *rules.Rule) {
		if len(out) == maxAnswerRules {
			more++
		} else {
			out = append(out, x)
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(r)
	return out, more
}

// moreRules says how many rules an answer leaves to its page.
func moreRules(n int) string {
	if n == 1 {
		return "1 more rule on its page"
	}
	return strconv.Itoa(n) + " more rules on its page"
}

// answerRun is a run of an answer's body: blocks shown as on the entry's
// page, or examples folded under a summary, which a reader opens if they
// want them.
type answerRun struct {
	blockRun
	Folded  bool
	Summary string
}

// answerRuns groups body into runs as blockRuns does, folding examples: a
// part headed "Examples" with the examples under it, or examples standing
// on their own after a rule's text.
func answerRuns(body []rules.Block) []answerRun {
	var out []answerRun
	for _, run := range blockRuns(body) {
		n := len(out)
		switch {
		case run.Kind == rules.BlockExample && n > 0 && out[n-1].Folded:
			out[n-1].Blocks = append(out[n-1].Blocks, run.Blocks...)
		case run.Kind == rules.BlockExample:
			out = append(out, answerRun{blockRun: run, Folded: true})
		case run.Kind == rules.BlockHeading && isExamplesHeading(run.Blocks[0].Text.S):
			out = append(out, answerRun{blockRun: blockRun{Kind: rules.BlockExample}, Folded: true, Summary: run.Blocks[0].Text.S})
		default:
			out = append(out, answerRun{blockRun: run})
		}
	}
	for i, r := range out {
		switch {
		case !r.Folded:
		case len(r.Blocks) == 0:
			// An "Examples" heading with no example under it stays a heading.
			out[i] = answerRun{blockRun: blockRun{Kind: rules.BlockHeading, Blocks: []rules.Block{{Kind: rules.BlockHeading, Text: rules.Text{S: r.Summary}}}}}
		case r.Summary == "":
			out[i].Summary = examplesSummary(len(r.Blocks))
		case len(r.Blocks) > 1:
			out[i].Summary += " (" + strconv.Itoa(len(r.Blocks)) + ")"
		}
	}
	return out
}

// isExamplesHeading reports whether a part's heading introduces examples.
func isExamplesHeading(h string) bool {
	switch rules.Slug(h) {
	case "example", "examples":
		return true
	}
	return false
}

// examplesSummary is what folded examples say they hold.
func examplesSummary(n int) string {
	if n == 1 {
		return "Example"
	}
	return strconv.Itoa(n) + " examples"
}
