package main

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
	"github.com/arbiter-rules/arbiter/views"
)

// rulePage serves /{edition}/{number}: a chapter, rule or subrule.
func (s *Server) rulePage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	n, err := ruleNumber(c, e)
	if err != nil {
		if t := e.Topic(param(c, "number")); t != nil {
			return c.Redirect(http.StatusMovedPermanently, s.paths.TopicURL(e.ID, t.Slug))
		}
		return err
	}
	if n.String() != param(c, "number") {
		return c.Redirect(http.StatusMovedPermanently, s.paths.RuleURL(e.ID, n))
	}
	r := e.Rule(n)
	if r == nil {
		// An old citation typed as a URL: say which rules the number named.
		return s.oldNumber(c, e, n, http.StatusNotFound)
	}
	return s.render(c, views.Rule(s.rulePageOf(c, e, r)))
}

// newestRule serves /rules/{number}: the rule in the newest edition that
// has it.
func (s *Server) newestRule(c echo.Context) error {
	lib := siteOf(c).lib
	n, err := ruleNumber(c, lib.Latest())
	if err != nil {
		return err
	}
	if n.String() != param(c, "number") {
		return c.Redirect(http.StatusMovedPermanently, s.paths.Base+"/rules/"+n.String())
	}
	e, r := lib.Newest(n)
	if r == nil {
		if latest := lib.Latest(); latest != nil {
			return missingRule(c, latest, n)
		}
		return notFound("Rule %s is in no loaded edition.", n)
	}
	return s.render(c, views.Rule(s.rulePageOf(c, e, r)))
}

func (s *Server) rulePageOf(c echo.Context, e *rules.Edition, r *rules.Rule) views.RulePage {
	p := views.RulePage{
		Page: views.Page{
			Paths:     s.paths,
			Title:     titleOf(r) + " · " + views.EditionName(e),
			Edition:   e,
			Canonical: s.paths.RuleURL(e.ID, r.Number),
		},
		Rule:  r,
		Cross: siteOf(c).shelf.books.CitedFrom(e, r),
	}
	for a := r.Parent; a != nil; a = a.Parent {
		p.Crumbs = append([]*rules.Rule{a}, p.Crumbs...)
	}
	if r.Parent == nil {
		p.Prev, p.Next = chapterNeighbours(e, r)
	} else {
		p.Prev, p.Next = e.Prev(r), e.Next(r)
	}
	if s.Scenarios != nil {
		p.Sandbox = s.Scenarios.HasScenario
		p.Scenarios = s.scenariosShowing(e, r)
	}
	st := siteOf(c)
	p.History = st.history.History(e, r)
	p.Places = placesOf(st, r, p.History)
	if p.History != nil {
		for _, m := range meanings(st, r.Number, e) {
			if !sameRule(m.Here.History, p.History) {
				p.Others = append(p.Others, m)
			}
		}
	}
	return p
}

// placesOf is rule r, whose history is h (nil if it has none), in each
// edition with numbered rules: the rule page's "this rule in" picker.
func placesOf(st *site, r *rules.Rule, h *history.History) []views.Placement {
	var out []views.Placement
	for _, o := range st.lib.Editions {
		if o.Kind == rules.KindProse {
			continue
		}
		if h != nil {
			out = append(out, placeHistory(st, h, o))
		} else {
			out = append(out, placeByNumber(r, o))
		}
	}
	return out
}

// titleOf is the page title for r: "704. State-Based Actions" or "Rule 704.5k".
func titleOf(r *rules.Rule) string {
	if r.Title() != "" {
		return views.RuleHeading(r)
	}
	return "Rule " + r.Number.String()
}

// chapterNeighbours are the chapters before and after chapter r, so j and k
// on a chapter page step by chapter rather than into the chapter's own rules.
func chapterNeighbours(e *rules.Edition, r *rules.Rule) (prev, next *rules.Rule) {
	var last *rules.Rule
	found := false
	for _, s := range e.Sections {
		for _, ch := range s.Chapters {
			if found {
				return prev, ch
			}
			if ch == r {
				prev, found = last, true
			}
			last = ch
		}
	}
	return prev, nil
}
