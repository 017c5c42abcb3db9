package main

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
	"github.com/arbiter-rules/arbiter/views"
)

// edition finds the edition a URL's :edition names in the request's
// document (editionNamed). A date no edition took effect on names the
// edition in force that day, and the page says so (views.WithAsOf).
func edition(c echo.Context) (*rules.Edition, error) {
	return editionParam(c, "edition")
}

// editionParam is edition for the path parameter name.
func editionParam(c echo.Context, name string) (*rules.Edition, error) {
	st := siteOf(c)
	raw := param(c, name)
	e, asOf := st.editionNamed(raw)
	if e == nil {
		return nil, noEdition(st, raw)
	}
	if asOf {
		r := c.Request()
		c.SetRequest(r.WithContext(views.WithAsOf(r.Context(), raw, e)))
	}
	return e, nil
}

// noEdition is the 404 for a name that is no edition of st's document.
func noEdition(st *site, raw string) error {
	if len(st.lib.Editions) == 0 {
		return notFound("No edition of the %s is loaded.", st.doc.Title())
	}
	return notFound("There is no edition %q of the %s. Editions are named by effective date, such as %s; %s lists them.",
		clip(raw), st.doc.Title(), rules.SplitIDRest(st.lib.Editions[0].ID), docHomeName(st.doc))
}

// docHomeName is the page that lists a document's editions, in words.
func docHomeName(d rules.Doc) string {
	if d == rules.DocCR {
		return "the home page"
	}
	return "/" + d.Slug()
}

// editionNamed finds the edition name names in st's document: its ID
// within the document ("2026-01-16", "classic"), "latest", or a day
// (YYYY-MM-DD) no edition took effect on, which names the edition in force
// that day and reports asOf.
func (st *site) editionNamed(name string) (e *rules.Edition, asOf bool) {
	if e := st.lib.Edition(st.doc.Prefix() + name); e != nil {
		return e, false
	}
	if st.doc == rules.DocCR {
		// The set whose release brought an edition names it: M10 is
		// 2009-07-11.
		if day, ok := content.EditionOfSet(name); ok {
			if e := st.lib.Edition(day); e != nil {
				return e, false
			}
		}
	}
	if day, err := time.Parse(time.DateOnly, name); err == nil {
		if e := st.shelf.books.InForce(st.doc, day); e != nil {
			return e, true
		}
	}
	return nil, false
}

// editionByID finds the edition a full ID names ("mtr/2025-04-21",
// "2026-01-16"), in whichever document it is of, as query parameters
// (e, from, to) write them.
func (st *site) editionByID(id string) *rules.Edition {
	d, rest := rules.SplitID(id)
	e, _ := st.of(d).editionNamed(rest)
	return e
}

// parseNumber reads a rule number as people type it: "704.5k", "704.5K",
// "704.5.", "704".
func parseNumber(s string) (rules.Number, bool) {
	n, err := rules.ParseNumber(strings.ToLower(strings.TrimSpace(s)))
	return n, err == nil
}

// ruleNumber reads the :number parameter. A number written other than the
// canonical way ("704.5K") redirects to the canonical URL.
func ruleNumber(c echo.Context, e *rules.Edition) (rules.Number, error) {
	raw := param(c, "number")
	d := siteOf(c).doc
	if e != nil {
		d = e.Document()
	}
	n, ok := parseNumberIn(d, raw)
	if !ok {
		return n, &httpError{status: http.StatusNotFound, ed: e,
			msg: "“" + clip(raw) + "” is not " + numberExample(d)}
	}
	return n, nil
}

// parseNumberIn is parseNumber for an entry number of document d: "2.3"
// in the MTR.
func parseNumberIn(d rules.Doc, s string) (rules.Number, bool) {
	if d == rules.DocCR {
		return parseNumber(s)
	}
	n, err := rules.ParseNumberIn(d, strings.ToLower(strings.TrimSpace(s)))
	return n, err == nil
}

// numberExample ends the message for a number that is none, in d's terms.
func numberExample(d rules.Doc) string {
	switch d {
	case rules.DocMTR:
		return "a section number of the Magic Tournament Rules. They look like 2 or 2.3."
	case rules.DocIPG:
		return "a section number of the Infraction Procedure Guide. They look like 2 or 2.1."
	case rules.DocJAR:
		return "a part of Judging at Regular REL. Its parts are named by their titles; its contents list them."
	}
	return "a rule number. Rule numbers look like 704, 704.5 or 704.5k."
}

// editionRule reads the :edition and :number parameters and finds the rule.
// r is nil without an error when e lacks the number: each handler says so in
// its own way (a page, a fragment, JSON).
func editionRule(c echo.Context) (e *rules.Edition, n rules.Number, r *rules.Rule, err error) {
	if e, err = edition(c); err != nil {
		return nil, n, nil, err
	}
	if n, err = ruleNumber(c, e); err != nil {
		return nil, n, nil, err
	}
	return e, n, e.Rule(n), nil
}

// missingRule is the 404 for a well-formed number e lacks: it names the
// nearest numbers e has and the newest edition that has the number.
func missingRule(c echo.Context, e *rules.Edition, n rules.Number) error {
	he := &httpError{
		status:  http.StatusNotFound,
		msg:     "Rule " + n.String() + " is not in " + views.EditionName(e) + ".",
		ed:      e,
		number:  n,
		nearest: e.Nearest(n, 8),
	}
	if other, _ := siteOf(c).lib.Newest(n); other != nil && other != e {
		he.elsewhere = other
	}
	return he
}

// clip shortens what a reader typed before it is repeated back in a
// message, so a 500-byte path does not become a 500-byte heading.
func clip(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	i := max
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}

// Following a rule into another edition goes by its history, not its
// number: 704.5j of 2026 is 420.5e in 2007 and 704.5k in 2012, where
// 704.5j was the planeswalker uniqueness rule. The rule page's "this rule
// in" picker, /jump and the API's ?in= all place a rule this way.

// placeIn finds rule r of edition from in edition to, through r's history.
// A rule the chain cannot follow (an edition of a date no whole edition
// has) is looked up by number.
func placeIn(st *site, from *rules.Edition, r *rules.Rule, to *rules.Edition) views.Placement {
	h := st.history.History(from, r)
	if h == nil {
		return placeByNumber(r, to)
	}
	return placeHistory(st, h, to)
}

// placeByNumber is the rule numbered as r in edition to, for a rule with
// no history to follow.
func placeByNumber(r *rules.Rule, to *rules.Edition) views.Placement {
	pl := views.Placement{Edition: to, Rule: to.Rule(r.Number)}
	if pl.Rule == nil {
		pl.Why = views.Untracked
	}
	return pl
}

// placeHistory finds the entry a history follows in edition to. An edition
// outside the chain (an excerpt, a second rendering of a date) is placed
// through the whole edition in force on its date, then by number in its
// own text, which for one date is the same.
func placeHistory(st *site, h *history.History, to *rules.Edition) views.Placement {
	pl := views.Placement{Edition: to, History: h}
	at := inForce(st.history, to)
	if at == nil {
		// Older than every whole edition, or undated. A rule added since
		// the oldest was not there yet; of one in the oldest, the history
		// knows nothing earlier, and its oldest number is the best guess.
		first := h.Versions[0]
		switch {
		case pl.AddedIn() != nil && to.Effective.Before(first.Edition.Effective):
			pl.Why = views.NotYet
		case to.Rule(first.Rule.Number) != nil:
			pl.Rule = to.Rule(first.Rule.Number)
		default:
			pl.Why = views.Untracked
		}
		return pl
	}
	for _, v := range h.Versions {
		if v.Edition != at {
			continue
		}
		if at == to {
			pl.Rule = v.Rule
		} else if pl.Rule = to.Rule(v.Rule.Number); pl.Rule == nil {
			pl.Why = views.NotInExcerpt
		}
		return pl
	}
	switch k := st.history.Index(at); {
	case slices.Contains(h.Missing, at):
		pl.Why = views.Cut
	case k < st.history.Index(h.Versions[0].Edition):
		pl.Why = views.NotYet
	case pl.RemovedIn() != nil && k >= st.history.Index(pl.RemovedIn()):
		pl.Why = views.Removed
	default:
		pl.Why = views.Untracked
	}
	return pl
}

// inForce is the chain edition in force on e's date: e itself if it is in
// the chain, else the newest chain edition not after it; nil if there is
// none.
func inForce(c *history.Chain, e *rules.Edition) *rules.Edition {
	if c.Index(e) >= 0 {
		return e
	}
	if e.Kind == rules.KindProse || e.Effective.IsZero() {
		return nil
	}
	var at *rules.Edition
	for _, x := range c.Editions() {
		if x.Effective.After(e.Effective) {
			break
		}
		at = x
	}
	return at
}

// meanings lists the rules number n has named across the chain's
// editions, the one that bore it last first, each placed in edition here.
// One history is asked for per rule, not per edition: the editions a
// history already covers are skipped.
func meanings(st *site, n rules.Number, here *rules.Edition) []views.Meaning {
	c := st.history
	eds := c.Editions()
	covered := make([]bool, len(eds))
	var out []views.Meaning
	for k := len(eds) - 1; k >= 0; k-- {
		r := eds[k].Rule(n)
		if covered[k] || r == nil {
			continue
		}
		h := c.History(eds[k], r)
		if h == nil {
			continue
		}
		m := views.Meaning{Number: n, Here: placeHistory(st, h, here)}
		m.Spans, covered = spansOf(c, h, n, covered)
		out = append(out, m)
	}
	return out
}

// spansOf are the runs of chain editions in which h's entry was numbered
// n, marking each such edition covered. An edition whose file is cut short
// before the entry does not break a run.
func spansOf(c *history.Chain, h *history.History, n rules.Number, covered []bool) ([]views.Span, []bool) {
	var spans []views.Span
	open := false
	vs := h.Versions
	for k, e := range c.Editions() {
		if slices.Contains(h.Missing, e) {
			continue
		}
		for len(vs) > 0 && c.Index(vs[0].Edition) < k {
			vs = vs[1:]
		}
		if len(vs) == 0 || vs[0].Edition != e || vs[0].Rule.Number != n {
			open = false
			continue
		}
		covered[k] = true
		if open {
			spans[len(spans)-1].Last = e
		} else {
			spans = append(spans, views.Span{First: e, Last: e})
			open = true
		}
	}
	return spans, covered
}

// sameRule reports whether two histories follow the same entry.
func sameRule(a, b *history.History) bool {
	return a != nil && b != nil && a.Versions[0] == b.Versions[0]
}
