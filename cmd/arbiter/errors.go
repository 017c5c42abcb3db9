package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// httpError is what a handler returns when a request cannot be served: a
// status and a message for the reader. handleError renders it.
type httpError struct {
	status int
	msg    string
	ed     *rules.Edition // the edition the request was about, if known
	// retryAfter, when set, is sent as Retry-After: a refusal of costly
	// work (admission.go), which is no fault of ours and is not logged as
	// an error.
	retryAfter string

	// A rule number that the edition lacks: the error page lists the
	// nearest numbers it has, and another edition that has it.
	number    rules.Number
	nearest   []rules.Number
	elsewhere *rules.Edition
}

func (e *httpError) Error() string { return fmt.Sprintf("%d %s", e.status, e.msg) }

func notFound(format string, args ...any) *httpError {
	return &httpError{status: http.StatusNotFound, msg: fmt.Sprintf(format, args...)}
}

// notFoundIn is a 404 about edition e; its page links back into e.
func notFoundIn(e *rules.Edition, format string, args ...any) *httpError {
	he := notFound(format, args...)
	he.ed = e
	return he
}

func badRequest(format string, args ...any) *httpError {
	return &httpError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// handleError is the one place errors become responses: JSON {"error"}
// under /api/, an HTML page elsewhere. Anything that is not an httpError
// or one of echo's is a bug: it is logged and the reader gets a plain 500.
func (s *Server) handleError(err error, c echo.Context) {
	if clientGone(err, c) {
		// Nobody reads the answer, and it is no fault of ours: a phone
		// that lost its signal must not look like a 500 in the logs.
		s.log.Debug("client went away", "path", c.Request().URL.Path, "err", err)
		return
	}
	if c.Response().Committed {
		s.log.Warn("error after response started", "path", c.Request().URL.Path, "err", err)
		return
	}
	he := asHTTPError(err)
	if he.retryAfter != "" {
		c.Response().Header().Set("Retry-After", he.retryAfter)
	} else if he.status >= 500 {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	// The router has set Allow to the methods the path answers (/sandbox/run
	// also takes POST); only a 405 raised elsewhere needs the default.
	if he.status == http.StatusMethodNotAllowed && c.Response().Header().Get(echo.HeaderAllow) == "" {
		c.Response().Header().Set(echo.HeaderAllow, "GET, HEAD")
	}
	var werr error
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		werr = c.JSON(he.status, map[string]string{"error": he.msg})
	} else {
		p := views.ErrorPage{
			Page:      views.Page{Paths: s.paths, Title: http.StatusText(he.status), Edition: he.ed},
			Status:    he.status,
			Message:   he.msg,
			Nearest:   he.nearest,
			Elsewhere: he.elsewhere,
			Number:    he.number,
		}
		if q := c.QueryParam("q"); len(q) <= maxQuery {
			p.Query = q
		}
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		c.Response().WriteHeader(he.status)
		if c.Request().Method != http.MethodHead {
			werr = views.Error(p).Render(c.Request().Context(), c.Response())
		}
	}
	if werr != nil {
		s.log.Warn("writing error response", "path", c.Request().URL.Path, "err", werr)
	}
}

// statusClientGone counts a request whose client went away before it was
// answered (nginx's 499, "client closed request"); it is never sent.
const statusClientGone = 499

// clientGone says err is the request's context ending because the client
// closed the connection: templ's rendering and the sandbox's runs stop then.
func clientGone(err error, c echo.Context) bool {
	return errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil
}

func asHTTPError(err error) *httpError {
	if errors.Is(err, context.Canceled) {
		return &httpError{status: statusClientGone, msg: "The request was canceled."}
	}
	var he *httpError
	if errors.As(err, &he) {
		return he
	}
	var ee *echo.HTTPError
	if errors.As(err, &ee) {
		msg := http.StatusText(ee.Code)
		switch ee.Code {
		case http.StatusNotFound:
			msg = "There is no page at this address."
		case http.StatusMethodNotAllowed:
			msg = "This address only answers GET and HEAD requests."
		}
		if ee.Code < 500 {
			return &httpError{status: ee.Code, msg: msg}
		}
	}
	return &httpError{status: http.StatusInternalServerError, msg: "Something went wrong on our side; the error has been logged."}
}
