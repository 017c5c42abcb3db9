package main

import (
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/views"
)

// home serves /: the editions, newest first, and the newest one's contents.
func (s *Server) home(c echo.Context) error {
	lib := siteOf(c).lib
	return s.render(c, views.Home(views.HomePage{
		Page:     views.Page{Paths: s.paths, Title: "Comprehensive Rules"},
		Editions: lib.Editions,
		Latest:   lib.Latest(),
	}))
}
