package main

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/views"
)

// processStart tells this process's validators from an earlier one's,
// whose site generations (site.gen) counted from 1 too.
var processStart = strconv.FormatInt(time.Now().UnixNano(), 36)

// allPage serves /{edition}/all: every rule, example and glossary entry of
// an edition on one page, for the browser's Find.
//
// The page is some 1.9 MB (316 KB in brotli), so it is not rendered whole nor
// kept in the page cache: it is written section by section straight to the
// client, flushed after each, with one small buffer reused throughout
// (views.AllPage.body), and rendered again for each request that does not
// have it already. Its validator names the site it was rendered from, so a
// browser that has it revalidates for nothing until the library changes.
func (s *Server) allPage(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	if siteOf(c).doc.Prefix()+param(c, "edition") != e.ID {
		return c.Redirect(http.StatusFound, s.paths.AllURL(e.ID))
	}
	if len(e.Sections) == 0 && len(e.Glossary) == 0 && len(e.Topics) == 0 {
		return notFoundIn(e, "%s has nothing to show on one page.", views.EditionName(e))
	}
	paths := s.paths
	paths.OnePage = e.ID
	p := views.AllPage{Page: views.Page{
		Paths:     paths,
		Title:     "The whole edition · " + views.EditionName(e),
		Edition:   e,
		Canonical: s.paths.AllURL(e.ID),
		Async:     []string{"all.js"},
	}, Inline: views.AllInline}
	// ?from=704&to=712 is a later part, chapters of a section or the
	// glossary (from=glossary), for all.js; ?full=1 the page with every
	// part written in, for a reader without JavaScript.
	from, to := c.QueryParam("from"), c.QueryParam("to")
	variant := "-first"
	var part templ.Component
	switch {
	case from != "":
		if part = p.Part(from, to); part == nil {
			return notFoundIn(e, "%s has no chapters from %q to %q.", views.EditionName(e), from, to)
		}
		variant = "-part-" + from + "-" + to
		if from == "glossary" {
			variant = "-part-glossary" // to is anything
		}
	case c.QueryParam("full") != "":
		variant, p.Inline = "-full", 0
	}
	res := c.Response()
	h := res.Header()
	etag := `"all-` + processStart + "-" + strconv.FormatUint(siteOf(c).gen, 36) + "-" + e.ID + variant + `"`
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set("Etag", etag)
	h.Set("Cache-Control", "public, max-age=300")
	// The compressor sends the tag with its coding's suffix (compress.go),
	// and the browser asks again with that.
	if match := c.Request().Header["If-None-Match"]; len(match) > 0 {
		sent := codingETag(etag, negotiate(c.Request().Header["Accept-Encoding"], onTheFly))
		if etagMatch(strings.Join(match, ","), sent) {
			h.Set("Etag", sent)
			return c.NoContent(http.StatusNotModified)
		}
	}
	res.WriteHeader(http.StatusOK)
	if c.Request().Method == http.MethodHead {
		return nil
	}
	ctx := c.Request().Context()
	page := views.All(p)
	if part != nil {
		page = part
	}
	if err := page.Render(ctx, streamWriter{res}); err != nil && ctx.Err() == nil {
		// The status is sent: an error page cannot follow. Say so in the log.
		s.log.Warn("one-page edition cut short", "path", c.Request().URL.Path, "err", err)
	}
	return nil
}

// streamWriter writes a page to the response as it is rendered. Its Flush
// (called by templ's buffer when the page flushes) sends what was written
// to the client, when the writer under echo's can.
type streamWriter struct{ res *echo.Response }

func (w streamWriter) Write(b []byte) (int, error) { return w.res.Write(b) }

func (w streamWriter) Flush() {
	// echo's own Flush panics on a writer that cannot flush.
	http.NewResponseController(w.res.Writer).Flush()
}
