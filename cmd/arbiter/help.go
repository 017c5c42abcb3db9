package main

import (
	"bytes"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/arbiter-rules/arbiter/views"
)

// helpHTML is views.HelpMarkdown rendered once.
var helpHTML = sync.OnceValues(func() (string, error) {
	var b bytes.Buffer
	err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert([]byte(views.HelpMarkdown), &b)
	// A table scrolls inside its box on a narrow screen, not the page.
	html := strings.ReplaceAll(b.String(), "<table>", `<div class="scroll"><table>`)
	return strings.ReplaceAll(html, "</table>", "</table></div>"), err
})

// help serves /help: how to use the site, its shortcuts and its API.
func (s *Server) help(c echo.Context) error {
	html, err := helpHTML()
	if err != nil {
		return err
	}
	return s.render(c, views.Help(views.HelpPage{
		Page: views.Page{Paths: s.paths, Title: "Help"},
		HTML: html,
	}))
}
