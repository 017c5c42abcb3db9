package views

import (
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// DiffPage lists what changed from one edition to another.
type DiffPage struct {
	Page
	From, To *rules.Edition
	Diff     *history.Diff
	// Editions are the editions the form offers to compare, newest first.
	Editions []*rules.Edition
	// Parts are the diff's changes by section (Parts); Filter, the kinds of
	// change the page shows. A paged diff (PagedDiff) shows on its first
	// page the summary and an index of the parts, and each part on a page
	// of its own: Part is the one shown ("" for the first page).
	Parts  []DiffPart
	Filter DiffFilter
	Paged  bool
	Part   *DiffPart
}

// partURL is the page of part key ("" the first page) showing kinds f.
func (p DiffPage) partURL(key string, f DiffFilter) string {
	u := p.DiffURL(p.From.ID, p.To.ID)
	if q := DiffQuery(key, f); q != "" && !p.Static {
		u += "?" + q
	}
	return u
}

// shownParts are the parts the page lists, each with the changes of the
// kinds it shows.
func (p DiffPage) shownParts() []DiffPart {
	if p.Part != nil {
		return []DiffPart{p.partShown(*p.Part)}
	}
	if p.Paged {
		return nil
	}
	var out []DiffPart
	for _, part := range p.Parts {
		if part.Kinds&p.Filter != 0 {
			out = append(out, p.partShown(part))
		}
	}
	return out
}

func (p DiffPage) partShown(part DiffPart) DiffPart {
	part.Changes = filterChanges(part.Changes, p.Filter)
	return part
}

// neighbourParts are the parts before and after the one shown.
func (p DiffPage) neighbourParts() (prev, next *DiffPart) {
	for i := range p.Parts {
		if p.Part != nil && p.Parts[i].Key == p.Part.Key {
			if i > 0 {
				prev = &p.Parts[i-1]
			}
			if i+1 < len(p.Parts) {
				next = &p.Parts[i+1]
			}
		}
	}
	return prev, next
}

// DiffURL is the page of changes from one edition to another.
func (p Paths) DiffURL(from, to string) string {
	d, f := rules.SplitID(from)
	_, t := rules.SplitID(to)
	if d != rules.DocCR {
		return p.page("/" + d.Slug() + "/diff/" + f + "/" + t)
	}
	return p.page("/diff/" + from + "/" + to)
}

// DiffFormURL is where the "what changed since" form submits; its from and
// to fields make the query string, and the server redirects to DiffURL.
// In a static export it is the list of the diffs exported.
func (p Paths) DiffFormURL() string { return p.page("/diff") }

// NowURL redirects to the entry that rule n of edition ed became in the
// newest edition: an old citation's way to today's number.
func (p Paths) NowURL(ed string, n rules.Number) string { return p.RuleURL(ed, n) + "/now" }

// numbered keeps the editions with numbered rules.
func numbered(eds []*rules.Edition) []*rules.Edition {
	var out []*rules.Edition
	for _, e := range eds {
		if e.Kind != rules.KindProse && len(e.Sections) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// Shift is a run of renumbered entries that moved together: siblings in a
// row whose numbers all changed the same way, as when a subrule inserted
// before 704.5j moves every later letter on by one.
type Shift struct {
	First, Last *history.Change
	Count       int
}

// Shifts groups a diff's moves into runs; a move of its own is a run of one.
func Shifts(moves []*history.Change) []Shift {
	var out []Shift
	for _, c := range moves {
		if n := len(out); n > 0 && continues(out[n-1].Last, c) {
			out[n-1].Last = c
			out[n-1].Count++
			continue
		}
		out = append(out, Shift{First: c, Last: c, Count: 1})
	}
	return out
}

// continues reports whether move c follows move last in the same run:
// both rules or subrules of one parent in each edition, each the next
// sibling of the one before, on both sides.
func continues(last, c *history.Change) bool {
	if last.Old == nil || last.New == nil || c.Old == nil || c.New == nil {
		return false
	}
	a, b := last.Old.Number, c.Old.Number
	x, y := last.New.Number, c.New.Number
	if a.Level() != b.Level() || x.Level() != y.Level() || a.Parent() != b.Parent() || x.Parent() != y.Parent() {
		return false
	}
	na, ok1 := a.Next()
	nx, ok2 := x.Next()
	return ok1 && ok2 && na == b && nx == y
}

// shiftFrom and shiftTo write a run's numbers in each edition: "704.5k"
// alone, or "704.5k–704.5x".
func shiftFrom(s Shift) string {
	if s.Count == 1 {
		return s.First.Old.Number.String()
	}
	return s.First.Old.Number.String() + "–" + s.Last.Old.Number.String()
}

func shiftTo(s Shift) string {
	if s.Count == 1 {
		return s.First.New.Number.String()
	}
	return s.First.New.Number.String() + "–" + s.Last.New.Number.String()
}

// follows counts the entries that moved only with their parent, which the
// list of renumberings leaves out.
func follows(d *history.Diff) int {
	n := 0
	for i := range d.Changes {
		if d.Changes[i].Follows {
			n++
		}
	}
	return n
}

// shown leaves out of a page's list the entries that only moved with their
// parent (the parent's line says it) and those folded (foldedChange).
func shown(cs []*history.Change) []*history.Change {
	out := make([]*history.Change, 0, len(cs))
	for _, c := range cs {
		if (!c.Follows || c.Op.Is(history.Changed)) && !foldedChange(c) {
			out = append(out, c)
		}
	}
	return out
}

// foldedChange reports whether a diff lists a change folded: its wording
// alone changed, and it kept its place or moved only with its parent.
func foldedChange(c *history.Change) bool {
	return folded(c.Op) || c.Op.WordingOnly() && c.Follows
}

// folded reports whether a change is shown folded away, one click from
// view: its text differs in wording only (typography, the 2010 update's
// terms, citations renumbered with their targets) and it kept its place.
// A renumbering is never folded, even when its wording alone changed.
func folded(op history.Op) bool { return op.WordingOnly() && !op.Is(history.Moved) }

// foldedChanges are a diff's changes that differ in wording only, in order.
func foldedChanges(d *history.Diff) []*history.Change {
	var out []*history.Change
	for i := range d.Changes {
		if c := &d.Changes[i]; foldedChange(c) {
			out = append(out, c)
		}
	}
	return out
}

// entriesCount is "1 entry" or "12 entries".
func entriesCount(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return strconv.Itoa(n) + " entries"
}

// older lists the numbered editions before latest, newest first.
func older(eds []*rules.Edition, latest *rules.Edition) []*rules.Edition {
	var out []*rules.Edition
	for _, e := range numbered(eds) {
		if e != latest && e.Effective.Before(latest.Effective) {
			out = append(out, e)
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// changeLabel names what changed: "704.5j", "Example 2 of 704.5j",
// "Trample" — on the newer side if it has one.
func changeLabel(c *history.Change) string {
	switch c.Kind {
	case history.Term:
		if c.NewTerm != nil {
			return c.NewTerm.Term()
		}
		return c.OldTerm.Term()
	case history.Example:
		if c.New != nil {
			return "Example " + strconv.Itoa(c.NewExample+1) + " of " + c.New.Number.String()
		}
		return "Example " + strconv.Itoa(c.OldExample+1) + " of " + c.Old.Number.String()
	case history.Chapter:
		if c.New != nil {
			return "Chapter " + c.New.Number.String()
		}
		return "Chapter " + c.Old.Number.String()
	}
	if c.New != nil {
		return c.New.Number.String()
	}
	return c.Old.Number.String()
}

// opLabel says what happened in words: "added", "renumbered and changed"…
func opLabel(c *history.Change) string {
	moved := "renumbered"
	switch c.Kind {
	case history.Example:
		moved = "moved"
	case history.Term:
		moved = "renamed"
	}
	switch {
	case c.Op == history.Added:
		return "added"
	case c.Op == history.Removed:
		return "removed"
	case c.Op.Is(history.Changed | history.Moved):
		return moved + " and changed"
	case c.Op.WordingOnly() && c.Op.Is(history.Moved):
		return moved + ", " + wordingLabel(c.Op)
	case c.Op.Is(history.Moved):
		return moved
	case c.Op.WordingOnly():
		return wordingLabel(c.Op)
	}
	return "changed"
}

// wordingLabel names a difference in wording only: "wording only", or
// "citations renumbered" when only cited numbers differ.
func wordingLabel(op history.Op) string {
	if op.Is(history.Reworded) {
		return "wording only"
	}
	return "citations renumbered"
}

// opClass is the CSS class of a change's label.
func opClass(c *history.Change) string {
	switch {
	case c.Op == history.Added:
		return "op add"
	case c.Op == history.Removed:
		return "op del"
	case c.Op.WordingOnly():
		return "op same"
	}
	return "op mod"
}

// oldURL and newURL link a change's entry in each edition.
func (p DiffPage) oldURL(c *history.Change) string {
	if c.OldTerm != nil {
		return p.TermURL(p.From.ID, c.OldTerm.Slug)
	}
	return p.RuleURL(p.From.ID, c.Old.Number)
}

func (p DiffPage) newURL(c *history.Change) string {
	if c.NewTerm != nil {
		return p.TermURL(p.To.ID, c.NewTerm.Slug)
	}
	return p.RuleURL(p.To.ID, c.New.Number)
}

// oldName is the entry's name in the older edition: its number, the rule an
// example was under, or the term.
func oldName(c *history.Change) string {
	if c.OldTerm != nil {
		return c.OldTerm.Term()
	}
	if c.Kind == history.Example {
		return "example " + strconv.Itoa(c.OldExample+1) + " of " + c.Old.Number.String()
	}
	return c.Old.Number.String()
}

// HistoryRun is a stretch of editions in which a rule kept its number.
type HistoryRun struct {
	Number      rules.Number
	First, Last *rules.Edition
	Count       int
}

// Runs groups a history's versions by number, oldest first.
func Runs(h *history.History) []HistoryRun {
	var out []HistoryRun
	for _, v := range h.Versions {
		if n := len(out); n > 0 && out[n-1].Number == v.Rule.Number {
			out[n-1].Last = v.Edition
			out[n-1].Count++
			continue
		}
		out = append(out, HistoryRun{Number: v.Rule.Number, First: v.Edition, Last: v.Edition, Count: 1})
	}
	return out
}

// showHistory reports whether a history says more than "this edition has
// this rule": more than one edition, or an event.
func showHistory(h *history.History) bool {
	return h != nil && (len(h.Versions) > 1 || len(h.Events) > 0)
}

// eventLabel says what happened in an edition, in words.
func eventLabel(ev *history.Event) string {
	switch {
	case ev.Op == history.Added:
		return "Added as " + ev.New.Number.String()
	case ev.Op == history.Removed:
		return "Removed"
	case ev.Op.Is(history.Changed | history.Moved):
		return "Renumbered " + ev.Old.Number.String() + " → " + ev.New.Number.String() + " and changed"
	case ev.Op.WordingOnly() && ev.Op.Is(history.Moved):
		return "Renumbered " + ev.Old.Number.String() + " → " + ev.New.Number.String() + ", " + wordingLabel(ev.Op)
	case ev.Op.Is(history.Moved):
		return "Renumbered " + ev.Old.Number.String() + " → " + ev.New.Number.String()
	case ev.Op.WordingOnly():
		return capitalized(wordingLabel(ev.Op))
	}
	return "Changed"
}

func capitalized(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// mainEvents are a history's events but those folded (folded), which
// foldedEvents lists.
func mainEvents(h *history.History) []*history.Event {
	var out []*history.Event
	for i := range h.Events {
		if !folded(h.Events[i].Op) {
			out = append(out, &h.Events[i])
		}
	}
	return out
}

func foldedEvents(h *history.History) []*history.Event {
	var out []*history.Event
	for i := range h.Events {
		if folded(h.Events[i].Op) {
			out = append(out, &h.Events[i])
		}
	}
	return out
}

// wordingCount is "1 change" or "3 changes" of wording only.
func wordingCount(n int) string {
	if n == 1 {
		return "1 change of wording only"
	}
	return strconv.Itoa(n) + " changes of wording only"
}

// editionsCount is "1 edition" or "12 editions".
func editionsCount(n int) string {
	if n == 1 {
		return "1 edition"
	}
	return strconv.Itoa(n) + " editions"
}

// changesCount is "1 change" or "12 changes".
func changesCount(n int) string {
	if n == 1 {
		return "1 change"
	}
	return strconv.Itoa(n) + " changes"
}

// previous is the edition before ev's in the history's versions: where
// ev.Old stood.
func previous(h *history.History, ev *history.Event) *rules.Edition {
	for i, v := range h.Versions {
		if v.Edition == ev.Edition && i > 0 {
			return h.Versions[i-1].Edition
		}
	}
	return h.Last().Edition // a removal: the last edition that had it
}

// nowOf is what r has become in the newest edition, or nil if r is that
// or the rule was removed.
func nowOf(h *history.History, r *rules.Rule) *history.Version {
	if h == nil {
		return nil
	}
	v, ok := h.Current()
	if !ok || v.Rule == r {
		return nil
	}
	return &v
}

// removal is the event of the rule's removal, or nil if it is current.
func removal(h *history.History) *history.Event {
	if h == nil || len(h.Events) == 0 {
		return nil
	}
	if ev := &h.Events[len(h.Events)-1]; ev.Op == history.Removed {
		return ev
	}
	return nil
}

// textChanges counts the events that changed what the rule says; those
// that changed its wording only are counted apart (wordingChanges).
func textChanges(h *history.History) int {
	n := 0
	for _, ev := range h.Events {
		if ev.Op.Is(history.Changed) {
			n++
		}
	}
	return n
}

// textSummary says how a rule's text changed: "3 changes to its text",
// "3 changes to its text and 1 change of wording only".
func textSummary(h *history.History) string {
	s := changesCount(textChanges(h)) + " to its text"
	if n := wordingChanges(h); n > 0 {
		s += " and " + wordingCount(n)
	}
	return s
}

func wordingChanges(h *history.History) int {
	n := 0
	for _, ev := range h.Events {
		if ev.Op.WordingOnly() {
			n++
		}
	}
	return n
}

// runSpan is a run's editions: "(2009-09-04 to 2017-07-08)", "(since
// 2017-09-29)", "(2003-03-15)".
func runSpan(r HistoryRun) string {
	if r.Count == 1 {
		return "(" + Effective(r.First) + ")"
	}
	return "(" + Effective(r.First) + " to " + Effective(r.Last) + ")"
}

// pickName names an edition in a list to choose from, where two editions
// of one date must not read the same: "CR 2007-02-01 (excerpt)" says so
// itself (EditionName); a second rendering names its ID.
func pickName(e *rules.Edition) string {
	if id := rules.SplitIDRest(e.ID); e.Kind != rules.KindExcerpt && id != e.EffectiveDate() && e.EffectiveDate() != "" {
		return EditionName(e) + " (" + id + ")"
	}
	return EditionName(e)
}
