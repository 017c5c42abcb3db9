package main

import (
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/views"
)

// topicPage serves /{edition}/topic/{slug}: one subject of a prose edition.
func (s *Server) topicPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	slug := param(c, "slug")
	t := e.Topic(slug)
	if t == nil {
		return notFoundIn(e, "%s has no topic “%s”.", views.EditionName(e), clip(slug))
	}
	p := views.TopicPage{
		Page:  views.Page{Paths: s.paths, Title: t.Title + " · " + views.EditionName(e), Edition: e},
		Topic: t,
		Cross: siteOf(c).shelf.books.CitedFrom(e, t),
	}
	if s.Scenarios != nil {
		p.Sandbox = s.Scenarios.HasScenario
	}
	for i, x := range e.Topics {
		if x == t {
			if i > 0 {
				p.Prev = e.Topics[i-1]
			}
			if i+1 < len(e.Topics) {
				p.Next = e.Topics[i+1]
			}
		}
	}
	return s.render(c, views.Topic(p))
}
