package main

import (
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
	"github.com/arbiter-rules/arbiter/views"
)

// The history and diff API (README.md documents it). As for the rest of the
// API, field names are a contract: add fields, never rename them.

// apiPlace is an entry in one edition.
type apiPlace struct {
	Edition string `json:"edition"`
	Number  string `json:"number"`
}

type apiHistoryEvent struct {
	Edition string `json:"edition"`
	// Op is "added", "removed", "changed", "moved", "moved and changed",
	// or for a text that says the same in other words "wording only",
	// "citations renumbered", "moved, wording only", "moved, citations
	// renumbered".
	Op        string `json:"op"`
	Changed   bool   `json:"changed"` // what the text says changed
	Moved     bool   `json:"moved"`
	OldNumber string `json:"old_number,omitempty"`
	NewNumber string `json:"new_number,omitempty"`
	// WordingOnly: the text differs, and says the same (typography, the
	// terms the Magic 2010 update renamed, or cited numbers renumbered
	// with what they cite); CitationsRenumbered: cited numbers differ so.
	WordingOnly         bool `json:"wording_only"`
	CitationsRenumbered bool `json:"citations_renumbered"`
	// SplitFrom: an added rule cut from the text of this one, which goes
	// on as another; MergedInto: a removed rule whose text was joined to
	// this one, which goes on from another.
	SplitFrom  *apiPlace         `json:"split_from,omitempty"`
	MergedInto *apiPlace         `json:"merged_into,omitempty"`
	Diff       []history.Segment `json:"diff,omitempty"` // changed or wording only
}

type apiHistory struct {
	Edition  string            `json:"edition"`
	Number   string            `json:"number"`
	Current  *apiPlace         `json:"current"` // null once removed
	Versions []apiPlace        `json:"versions"`
	Events   []apiHistoryEvent `json:"events"`
	// Missing are the editions whose source file is cut short before the
	// entry: it is not in them, which is not a removal.
	Missing []string `json:"missing"`
	// In is the rule in the edition /in/{other} names, followed through
	// its renumberings; absent without /in/.
	In *apiIn `json:"in,omitempty"`
}

// apiIn is a rule followed into one edition: its number there, or why
// that edition lacks it.
type apiIn struct {
	Edition string `json:"edition"`
	Number  string `json:"number,omitempty"` // "" when the edition lacks the rule
	URL     string `json:"url,omitempty"`
	// Absent says why the edition lacks the rule: "not yet" (added
	// later), "removed", "missing" (the edition's source file is cut short
	// before it), "not in excerpt" (an excerpt without it) or "unknown".
	Absent string `json:"absent,omitempty"`
}

// absentNames are apiIn.Absent's words: a contract, as field names are.
var absentNames = map[views.Absence]string{
	views.NotYet:       "not yet",
	views.Removed:      "removed",
	views.Cut:          "missing",
	views.NotInExcerpt: "not in excerpt",
	views.Untracked:    "unknown",
}

// apiHistory serves GET /api/history/{edition}/{number}: the rule's numbers
// and changes across every whole edition loaded; and, as
// /api/history/{edition}/{number}/in/{other}, also the rule in edition
// other. A path rather than a query, since the page cache keys on the path.
func (s *Server) apiHistory(c echo.Context) error {
	e, n, r, err := editionRule(c)
	if err != nil {
		return err
	}
	if r == nil {
		return notFound("Rule %s is not in edition %s.", n, e.ID)
	}
	st := siteOf(c)
	var in *rules.Edition
	if id := param(c, "in"); id != "" {
		if in, _ = st.editionNamed(id); in == nil {
			return notFound("There is no edition %q to follow rule %s into.", clip(id), n)
		}
	}
	h := st.history.History(e, r)
	if h == nil {
		return notFound("Edition %s is not a whole edition of the rules; its history is unknown.", e.ID)
	}
	out := apiHistory{Edition: e.ID, Number: n.String(), Versions: []apiPlace{}, Events: []apiHistoryEvent{}, Missing: []string{}}
	for _, m := range h.Missing {
		out.Missing = append(out.Missing, m.ID)
	}
	if v, ok := h.Current(); ok {
		out.Current = &apiPlace{v.Edition.ID, v.Rule.Number.String()}
	}
	for _, v := range h.Versions {
		out.Versions = append(out.Versions, apiPlace{v.Edition.ID, v.Rule.Number.String()})
	}
	for i := range h.Events {
		ev := &h.Events[i]
		a := apiHistoryEvent{Edition: ev.Edition.ID, Op: ev.Op.String(), Changed: ev.Op.Is(history.Changed), Moved: ev.Op.Is(history.Moved),
			WordingOnly: ev.Op.WordingOnly(), CitationsRenumbered: ev.Op.WordingOnly() && ev.Op.Is(history.Recited)}
		if ev.Old != nil {
			a.OldNumber = ev.Old.Number.String()
		}
		if ev.New != nil {
			a.NewNumber = ev.New.Number.String()
		}
		if v := ev.SplitFrom; v != nil {
			a.SplitFrom = &apiPlace{v.Edition.ID, v.Rule.Number.String()}
		}
		if v := ev.MergedInto; v != nil {
			a.MergedInto = &apiPlace{v.Edition.ID, v.Rule.Number.String()}
		}
		if ev.Op.Text() {
			a.Diff = ev.Words()
		}
		out.Events = append(out.Events, a)
	}
	if in != nil {
		out.In = s.apiIn(placeHistory(st, h, in))
	}
	return s.renderAs(c, jsonBody(out), echo.MIMEApplicationJSON)
}

func (s *Server) apiIn(pl views.Placement) *apiIn {
	a := &apiIn{Edition: pl.Edition.ID}
	if pl.Found() {
		a.Number, a.URL = pl.Rule.Number.String(), s.paths.RuleURL(pl.Edition.ID, pl.Rule.Number)
	} else {
		a.Absent = absentNames[pl.Why]
	}
	return a
}

// apiSide is a changed entry as one edition has it.
type apiSide struct {
	Number  string `json:"number,omitempty"`  // chapters, rules; for examples the rule they belong to
	Title   string `json:"title,omitempty"`   // a chapter's, a judge document's entry's
	Example int    `json:"example,omitempty"` // examples: 1-based among the rule's examples
	Term    string `json:"term,omitempty"`    // glossary entries
	Slug    string `json:"slug,omitempty"`
	URL     string `json:"url"`
}

type apiChange struct {
	Kind                history.Kind      `json:"kind"` // "chapter", "rule", "example", "term"
	Op                  string            `json:"op"`   // as in apiHistoryEvent
	Changed             bool              `json:"changed"`
	Moved               bool              `json:"moved"`
	Follows             bool              `json:"follows"` // moved only with its parent
	WordingOnly         bool              `json:"wording_only"`
	CitationsRenumbered bool              `json:"citations_renumbered"`
	Old                 *apiSide          `json:"old"`                   // null when added
	New                 *apiSide          `json:"new"`                   // null when removed
	SplitFrom           *apiSide          `json:"split_from,omitempty"`  // added: the older edition's rule it was cut from
	MergedInto          *apiSide          `json:"merged_into,omitempty"` // removed: the newer edition's rule it was joined to
	Text                string            `json:"text,omitempty"`
	Diff                []history.Segment `json:"diff,omitempty"` // changed or wording only
}

type apiDiff struct {
	From    string                    `json:"from"`
	To      string                    `json:"to"`
	Counts  map[string]history.Counts `json:"counts"` // by kind
	Changes []apiChange               `json:"changes"`
	// Missing are the entries one edition has and the other's source file
	// lacks because it is cut short (op "missing"; old or new is null on
	// the side whose file lacks it). Neither removed nor added.
	Missing []apiChange `json:"missing"`
	// FromTruncated and ToTruncated say where each edition's source file
	// stops, if it is cut short.
	FromTruncated *rules.JSONTruncation `json:"from_truncated"`
	ToTruncated   *rules.JSONTruncation `json:"to_truncated"`
}

// apiDiff serves GET /api/diff/{from}/{to}: every change between two
// editions, in rule order, with word diffs.
func (s *Server) apiDiff(c echo.Context) error {
	from, to, err := s.diffEditions(c, func(f, t string) string { return s.paths.Base + apiDiffPath(f, t) })
	if from == nil {
		return err
	}
	d := siteOf(c).history.Diff(from, to)
	out := apiDiff{From: from.ID, To: to.ID, Counts: map[string]history.Counts{}, Changes: make([]apiChange, 0, len(d.Changes)),
		Missing: make([]apiChange, 0, len(d.Missing)), FromTruncated: from.Truncated.JSON(), ToTruncated: to.Truncated.JSON()}
	for k, n := range d.Counts {
		out.Counts[history.Kind(k).String()] = n
	}
	for i := range d.Changes {
		out.Changes = append(out.Changes, s.change(from, to, &d.Changes[i]))
	}
	for i := range d.Missing {
		out.Missing = append(out.Missing, s.change(from, to, &d.Missing[i]))
	}
	return s.renderAs(c, jsonBody(out), echo.MIMEApplicationJSON)
}

// apiDiffPath is the API's diff of two editions of one document, below
// the document's prefix as its pages are: /api/diff/2025-09-19/2026-01-16,
// /api/mtr/diff/2020-10-12/2025-04-21.
func apiDiffPath(from, to string) string {
	d, f := rules.SplitID(from)
	return "/api/" + d.Prefix() + "diff/" + f + "/" + rules.SplitIDRest(to)
}

// change is one entry of a diff in the API's form.
func (s *Server) change(from, to *rules.Edition, ch *history.Change) apiChange {
	a := apiChange{Kind: ch.Kind, Op: ch.Op.String(), Changed: ch.Op.Is(history.Changed), Moved: ch.Op.Is(history.Moved), Follows: ch.Follows,
		WordingOnly: ch.Op.WordingOnly(), CitationsRenumbered: ch.Op.WordingOnly() && ch.Op.Is(history.Recited)}
	a.Old = s.side(from, ch.Kind, ch.Old, ch.OldExample, ch.OldTerm)
	a.New = s.side(to, ch.Kind, ch.New, ch.NewExample, ch.NewTerm)
	if ch.SplitFrom != nil {
		a.SplitFrom = s.side(from, history.Rule, ch.SplitFrom, 0, nil)
	}
	if ch.MergedInto != nil {
		a.MergedInto = s.side(to, history.Rule, ch.MergedInto, 0, nil)
	}
	switch {
	case ch.Op == history.Added, ch.Op == history.Missing && a.New != nil:
		a.Text = ch.NewText
	case ch.Op == history.Removed, ch.Op == history.Missing:
		a.Text = ch.OldText
	case ch.Op.Text():
		a.Diff = ch.Words()
	}
	return a
}

func (s *Server) side(e *rules.Edition, k history.Kind, r *rules.Rule, example int, g *rules.GlossaryEntry) *apiSide {
	switch {
	case g != nil:
		return &apiSide{Term: g.Term(), Slug: g.Slug, URL: s.paths.TermURL(e.ID, g.Slug)}
	case r == nil:
		return nil
	}
	a := &apiSide{Number: r.Number.String(), Title: r.Title(), URL: s.paths.RuleURL(e.ID, r.Number)}
	if k == history.Example {
		a.Example = example + 1
	}
	return a
}
