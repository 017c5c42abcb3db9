package main

import (
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// keywordsPage serves /{edition}/keywords: keyword actions (701.x) and
// keyword abilities (702.x) by name, each linking to the rule that defines it.
func (s *Server) keywordsPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	p := views.KeywordsPage{
		Page:      views.Page{Paths: s.paths, Title: "Keywords · " + views.EditionName(e), Edition: e},
		Actions:   keywords(e.Rule(rules.Number{Chapter: 701})),
		Abilities: keywords(e.Rule(rules.Number{Chapter: 702})),
	}
	if len(p.Actions) == 0 && len(p.Abilities) == 0 {
		return notFoundIn(e, "%s has no keyword rules (701 and 702).", views.EditionName(e))
	}
	return s.render(c, views.Keywords(p))
}

// keywords lists the keyword rules of a chapter: each rule whose text is
// just a name ("702.19. Trample") names the keyword its subrules define.
func keywords(ch *rules.Rule) []views.Keyword {
	if ch == nil {
		return nil
	}
	var out []views.Keyword
	for _, r := range ch.Children {
		if name := keywordName(r); name != "" {
			out = append(out, views.Keyword{Name: name, Rule: r})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return rules.FoldTerm(out[i].Name) < rules.FoldTerm(out[j].Name)
	})
	return out
}

// keywordName is the keyword a rule is headed by, or "" if its text is a
// sentence (701.1, "Most actions described in a card's rules text …").
func keywordName(r *rules.Rule) string {
	if r.Title() != "" {
		return r.Title()
	}
	ps := r.Paragraphs()
	if len(ps) == 0 {
		return ""
	}
	t := strings.TrimSpace(ps[0].S)
	if t == "" || len(t) > 48 || strings.HasSuffix(t, ".") || strings.Contains(t, ". ") {
		return ""
	}
	return t
}
