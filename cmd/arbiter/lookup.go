package main

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
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
