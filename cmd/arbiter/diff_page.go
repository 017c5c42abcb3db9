package main

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
	"github.com/arbiter-rules/arbiter/views"
)

// numberedEdition finds the edition a path parameter names, one with
// numbered rules to compare.
func numberedEdition(c echo.Context, name string) (*rules.Edition, error) {
	e, err := editionParam(c, name)
	if err != nil {
		return nil, err
	}
	if e.Kind == rules.KindProse || len(e.Sections) == 0 {
		return nil, notFoundIn(e, "%s has no numbered rules to compare.", views.EditionName(e))
	}
	return e, nil
}

// diffEditions reads the :from and :to of a diff URL. A URL that names an
// edition as "latest" redirects to its ID, since the page depends on which
// edition that is: then from is nil and err is the redirect's result.
func (s *Server) diffEditions(c echo.Context, path func(from, to string) string) (from, to *rules.Edition, err error) {
	if from, err = numberedEdition(c, "from"); err != nil {
		return nil, nil, err
	}
	if to, err = numberedEdition(c, "to"); err != nil {
		return nil, nil, err
	}
	pre := siteOf(c).doc.Prefix()
	if pre+param(c, "from") != from.ID || pre+param(c, "to") != to.ID {
		return nil, nil, c.Redirect(http.StatusFound, path(from.ID, to.ID))
	}
	return from, to, nil
}

// diffPage serves /diff/{from}/{to}: what changed from one edition to the
// other, in either direction. Its query may ask for some kinds of change
// (?show=added&show=changed) and, for a diff large enough to be paged
// (views.PagedDiff), one section (?section=7, ?section=glossary). A query
// written otherwise than the page's links write it redirects to that form,
// so the cache holds each page once.
func (s *Server) diffPage(c echo.Context) error {
	from, to, err := s.diffEditions(c, s.paths.DiffURL)
	if from == nil {
		return err
	}
	q := c.Request().URL.Query()
	filter, err := views.ParseDiffFilter(q["show"])
	if err != nil {
		return badRequest("%s.", err)
	}
	st := siteOf(c)
	d := st.history.Diff(from, to)
	p := views.DiffPage{
		Page: views.Page{
			Paths:     s.paths,
			Title:     "Changes from " + views.EditionName(from) + " to " + views.EditionName(to),
			Edition:   to,
			Canonical: s.paths.DiffURL(from.ID, to.ID),
		},
		From:   from,
		To:     to,
		Diff:   d,
		Parts:  views.Parts(d),
		Filter: filter,
		Paged:  views.PagedDiff(len(d.Changes)) && !s.paths.Static,
	}
	if key := q.Get("section"); key != "" {
		for i := range p.Parts {
			if p.Parts[i].Key == key {
				p.Part = &p.Parts[i]
			}
		}
		if p.Part == nil {
			return notFoundIn(to, "The changes from %s to %s have no section %q.", views.EditionName(from), views.EditionName(to), clip(key))
		}
		if !p.Paged {
			// One page holds it all: the section is a heading on it.
			return c.Redirect(http.StatusMovedPermanently, withQuery(s.paths.DiffURL(from.ID, to.ID), views.DiffQuery("", filter))+"#part-"+key)
		}
		p.Title = p.Part.Title + " · " + p.Title
	}
	query := views.DiffQuery(q.Get("section"), filter)
	if query != c.Request().URL.RawQuery {
		return c.Redirect(http.StatusMovedPermanently, withQuery(s.paths.DiffURL(from.ID, to.ID), query))
	}
	for _, e := range st.lib.Editions {
		if e.Kind != rules.KindProse && len(e.Sections) > 0 {
			p.Editions = append(p.Editions, e)
		}
	}
	return s.renderKey(c, withQuery(c.Request().URL.Path, query), views.Diff(p), echo.MIMETextHTMLCharsetUTF8)
}

// withQuery is u with query string q, if any.
func withQuery(u, q string) string {
	if q == "" {
		return u
	}
	return u + "?" + q
}

// diffForm serves /diff?from=…&to=…, where the "what changed since" form
// submits, by redirecting to the diff's own URL.
func (s *Server) diffForm(c echo.Context) error {
	if s.paths.Static {
		var pairs [][2]*rules.Edition
		for _, d := range rules.Docs {
			pairs = append(pairs, staticDiffs(siteOf(c).of(d).lib)...)
		}
		return s.render(c, views.DiffIndex(views.DiffIndexPage{
			Page:  views.Page{Paths: s.paths, Title: "What changed"},
			Pairs: pairs,
		}))
	}
	from, to := c.QueryParam("from"), c.QueryParam("to")
	if to == "" {
		to = "latest"
	}
	if from == "" {
		return badRequest("Choose the edition to compare from: /diff?from=2025-09-19&to=2026-01-16, or /diff/2025-09-19/2026-01-16.")
	}
	st := siteOf(c)
	var eds [2]*rules.Edition
	for i, id := range []string{from, to} {
		if i == 1 && id == "latest" && eds[0] != nil {
			id = eds[0].Document().Prefix() + id // the newest of from's document
		}
		if eds[i] = st.editionByID(id); eds[i] == nil {
			return notFound("There is no edition %q. Editions are named by effective date, such as 2026-01-16; the home page lists them.", clip(id))
		}
	}
	if eds[0].Document() != eds[1].Document() {
		return badRequest("%s and %s are editions of two documents; compare editions of one.", views.EditionName(eds[0]), views.EditionName(eds[1]))
	}
	return c.Redirect(http.StatusSeeOther, s.paths.DiffURL(pathEscapeID(eds[0].ID), pathEscapeID(eds[1].ID)))
}

// staticDiffs are the comparisons a static export holds of a document's
// library, since it cannot compute one on request: each edition with
// numbered rules against the one before it, and each against the newest
// (the home page's "what changed since …"), older edition first.
func staticDiffs(lib *rules.Library) [][2]*rules.Edition {
	var eds []*rules.Edition
	for _, e := range lib.Editions {
		if e.Kind != rules.KindProse && len(e.Sections) > 0 {
			eds = append(eds, e)
		}
	}
	var out [][2]*rules.Edition
	seen := map[[2]*rules.Edition]bool{}
	add := func(from, to *rules.Edition) {
		if p := [2]*rules.Edition{from, to}; !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for i := 0; i+1 < len(eds); i++ {
		add(eds[i+1], eds[i])
	}
	if latest := lib.Latest(); latest != nil {
		for _, e := range eds {
			if e != latest && e.Effective.Before(latest.Effective) {
				add(e, latest)
			}
		}
	}
	return out
}

// nowRule serves /{edition}/{number}/now: it redirects an old citation to
// the entry it became in the newest edition, through every renumbering.
func (s *Server) nowRule(c echo.Context) error {
	e, n, r, err := editionRule(c)
	if err != nil {
		return err
	}
	if r == nil {
		return s.oldNumber(c, e, n, http.StatusNotFound)
	}
	h := siteOf(c).history.History(e, r)
	if h == nil {
		return notFoundIn(e, "%s is not a whole edition of the rules, so where rule %s went is unknown.", views.EditionName(e), n)
	}
	if v, ok := h.Current(); ok {
		return c.Redirect(http.StatusFound, s.paths.RuleURL(v.Edition.ID, v.Rule.Number))
	}
	last := h.Last()
	if k := len(h.Events) - 1; k >= 0 && h.Events[k].Op == history.Removed {
		return notFoundIn(e, "Rule %s of %s was removed in %s. It was last in %s, as %s.", n, views.EditionName(e),
			views.EditionName(h.Events[k].Edition), views.EditionName(last.Edition), last.Rule.Number)
	}
	// Not removed: the newer editions' files are cut short before it.
	return notFoundIn(e, "Rule %s of %s is not in the source file of %s, which is cut short; whether it is still in the rules is unknown. It was last in %s, as %s.",
		n, views.EditionName(e), views.EditionName(h.Newest), views.EditionName(last.Edition), last.Rule.Number)
}

// pathEscapeID escapes an edition ID for a path, keeping its document's
// slash: "mtr/2025-04-21" stays two segments.
func pathEscapeID(id string) string {
	d, rest := rules.SplitID(id)
	return d.Prefix() + url.PathEscape(rest)
}
