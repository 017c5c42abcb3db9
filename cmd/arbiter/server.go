package main

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
	"github.com/arbiter-rules/arbiter/rules/search"
	"github.com/arbiter-rules/arbiter/views"
)

// Server is the web app: routes over a library of editions. It keeps no
// state per user, so any number of replicas can serve the same library.
type Server struct {
	echo  *echo.Echo
	log   *slog.Logger
	paths views.Paths
	site  atomic.Pointer[site]

	// Scenarios are the sandbox's bundled scenarios, which also give printed
	// examples their "Run in sandbox" links; nil turns the sandbox off.
	Scenarios *scenario.Library
	runLimit  *rateLimiter // the sandbox's run endpoint, per client

	logsRequests bool // the log takes debug records: every request goes through logRequests
}

// site is one loaded library and the pages rendered from it. Replacing the
// library replaces the whole site at once, so no request mixes a new
// edition with a page cached from the old one.
type site struct {
	lib     *rules.Library
	pages   *pageCache
	search  *search.Searcher // indexes built on first use
	history *history.Chain   // matchings between editions, computed on first use or by WarmHistory
	sandbox sandboxData      // built from lib when the sandbox first needs it
}

// Options configures a Server.
type Options struct {
	Log   *slog.Logger // nil discards
	Base  string       // URL path prefix the site lives under; "" for the root
	Cache int64        // bytes of rendered pages to keep; 0 means 64 MiB
	// Scenarios for the sandbox; nil means the bundled ones
	// (content/scenarios).
	Scenarios *scenario.Library
}

// NewServer serves lib.
func NewServer(lib *rules.Library, opt Options) *Server {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Cache == 0 {
		opt.Cache = 64 << 20
	}
	s := &Server{
		echo:      echo.New(),
		log:       opt.Log,
		paths:     views.Paths{Base: opt.Base},
		Scenarios: opt.Scenarios,
		runLimit:  newRateLimiter(runRate, runBurst, runClients),
	}
	if s.Scenarios == nil {
		var err error
		if s.Scenarios, err = scenario.Bundled(); err != nil {
			opt.Log.Error("bundled scenarios failed to parse; the sandbox is off", "err", err)
		}
	}
	s.logsRequests = opt.Log.Enabled(context.Background(), slog.LevelDebug)
	s.site.Store(&site{lib: lib, pages: newPageCache(opt.Cache), search: search.NewSearcher(lib), history: history.NewChain(lib)})
	s.echo.HideBanner = true
	s.echo.HidePort = true
	s.echo.HTTPErrorHandler = s.handleError
	s.routes()
	return s
}

// SetLibrary switches every following request to lib, with an empty cache.
func (s *Server) SetLibrary(lib *rules.Library) {
	old := s.site.Load()
	s.site.Store(&site{lib: lib, pages: newPageCache(old.pages.budget), search: search.NewSearcher(lib), history: history.NewChain(lib)})
}

// WarmHistory matches every pair of neighbouring editions now, so the
// first rule page asked for does not wait for them: a second or so of CPU
// for the 73 editions since 2003.
func (s *Server) WarmHistory() { s.site.Load().history.Warm() }

// Library is the library requests are served from now.
func (s *Server) Library() *rules.Library { return s.site.Load().lib }

// ServeHTTP answers from the page cache when it can, before routing: the
// cache holds only pages that depend on nothing but their path, and
// libraries never change, so a hit is the answer. Everything else, and
// every request when requests are logged, goes through echo.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) &&
		len(r.URL.RawQuery) <= maxQuery && len(r.URL.Path) <= maxPath && !s.logsRequests {
		if p := s.site.Load().pages.get(r.URL.Path); p != nil {
			setSecurityHeaders(w.Header(), r.URL.Path)
			writePage(w, r, p)
			return
		}
	}
	s.echo.ServeHTTP(w, r)
}
