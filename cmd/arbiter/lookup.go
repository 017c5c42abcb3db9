package main

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
	"github.com/arbiter-rules/arbiter/views"
)

// edition finds the edition a URL names; "latest" is the newest numbered one.
func edition(c echo.Context) (*rules.Edition, error) {
	id := param(c, "edition")
	if e := siteOf(c).lib.Edition(id); e != nil {
		return e, nil
	}
	return nil, notFound("There is no edition %q. Editions are named by effective date, such as 2026-01-16; the home page lists them.", clip(id))
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
	n, ok := parseNumber(raw)
	if !ok {
		return n, &httpError{status: http.StatusNotFound, ed: e,
			msg: "“" + clip(raw) + "” is not a rule number. Rule numbers look like 704, 704.5 or 704.5k."}
	}
	return n, nil
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
