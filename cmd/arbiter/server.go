package main

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

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
	runLimit  *rateLimiter   // the sandbox's run endpoint, per client
	admit     *admission     // the costly routes' bounds
	runBudget time.Duration  // limit of a posted scenario's run, in its CPU time (runclock_linux.go)
	trusted   []netip.Prefix // proxies whose X-Forwarded-For names the client
	keep      int            // search indexes each site holds; 0 all
	ready     atomic.Bool    // every edition is loaded, the newest index and the history built
	loads     atomic.Pointer[loadStatus]
	reloadMu  sync.Mutex // one reload at a time

	// content is what the library is built from, nil for a library given
	// whole; reread says how to read the user's editions again (Reload).
	// While official editions are still being parsed (loading open),
	// libraries of those parsed so far are published as requests ask
	// for them.
	content   atomic.Pointer[editionSet]
	reread    contentOptions
	loading   chan struct{} // closed (by loaded) once every edition is in the library served
	loadedOne sync.Once
	publishMu sync.Mutex // one library published at a time

	browser        *views.BrowserSearch        // a static export's search page; nil on a server
	offline        atomic.Pointer[offlineCode] // search for reading offline; nil until given (offline.go)
	metrics        *metrics
	metricsHandler http.Handler

	logsRequests bool // the log takes debug records: every request goes through logRequests

	cardStore cardStore // the card pages' data, read on first use (cards_page.go)
}

// site is one loaded library and the pages rendered from it. Replacing the
// library replaces the whole site at once, so no request mixes a new
// edition with a page cached from the old one.
type site struct {
	doc     rules.Doc        // the document this site serves
	lib     *rules.Library   // its editions
	pages   *pageCache       // shared by the shelf's sites
	search  *search.Searcher // indexes built on first use
	history *history.Chain   // matchings between editions, computed on first use or by warm
	sandbox sandboxData      // built from lib when the sandbox first needs it
	offline siteOffline      // what the service worker saves, planned on first use
	// gen tells this site from every other this process has served, for
	// the validators of pages not kept in the cache (all_page.go).
	gen uint64
	// shelf holds the site of every document served with this one.
	shelf *shelf
}

// shelf is the sites of every document, built from one library at once,
// and the rules' shelf their references to each other resolve on.
type shelf struct {
	sites [rules.DocJAR + 1]*site
	books *rules.Shelf

	diagOnce sync.Once
	diag     []views.DocDiagnostics // /diagnostics's, on first use
}

// of is the site of document d served beside st.
func (st *site) of(d rules.Doc) *site {
	if d == 0 {
		d = rules.DocCR
	}
	return st.shelf.sites[d]
}

// editions counts the editions of every document.
func (st *site) editions() int {
	n := 0
	for _, d := range rules.Docs {
		n += len(st.of(d).lib.Editions)
	}
	return n
}

// siteGen numbers the sites a process serves.
var siteGen atomic.Uint64

// Options configures a Server.
type Options struct {
	Log   *slog.Logger // nil discards
	Base  string       // URL path prefix the site lives under; "" for the root
	Cache int64        // bytes of rendered pages to keep, compressed; 0 means 8 MiB
	// Scenarios for the sandbox; nil means the bundled ones
	// (content/scenarios).
	Scenarios *scenario.Library
	// SearchIndexes bounds the editions whose search index is kept in
	// memory (about 2.5 MiB each); 0 keeps every one.
	SearchIndexes int
	// TrustedProxies are the addresses of reverse proxies: a request from
	// one of them counts against the client X-Forwarded-For names.
	TrustedProxies []netip.Prefix
	// Content is what lib was built from (newEditionSet), nil for a
	// library given whole. With it the server parses the official editions
	// left in the background (Warm) and reloads the user's editions,
	// reading them as Reread says.
	Content *editionSet
	Reread  contentOptions

	// Static renders pages for a static export (arbiter export --site):
	// see views.Paths.Static. SandboxURL is the server its sandbox links
	// go to ("" leaves them out), and Browser what its search page loads.
	Static     bool
	SandboxURL string
	Browser    *views.BrowserSearch

	// OfflineSearch is the search code the service worker saves, so that
	// search works offline; nil leaves search out until SetOfflineSearch.
	OfflineSearch *OfflineSearch

	// Admission bounds the costly requests (admission.go); zero values
	// take the defaults.
	Admission AdmissionOptions
}

// NewServer serves lib.
func NewServer(lib *rules.Library, opt Options) *Server {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Cache == 0 {
		// Some 1,800 rule pages, in brotli and gzip (4.9 KB a page with
		// the 73 editions' picker, and what keeping it costs): an event's
		// hot set. The cache is live heap, and under the 150 MiB memory
		// limit the heap may grow some 20 MiB past the editions' 94 MiB
		// before the collector runs; a cache that takes most of that makes
		// it run all the time. Serving a cached rule page to wrk, once the
		// cache was full: 12 MiB, 90-117 µs of CPU a request; 8 MiB,
		// 49-62 µs; 4 MiB, 53-60 µs (an empty cache: about 40).
		opt.Cache = 8 << 20
	}
	s := &Server{
		echo:      echo.New(),
		log:       opt.Log,
		paths:     views.Paths{Base: opt.Base, Static: opt.Static, Sandbox: opt.SandboxURL},
		browser:   opt.Browser,
		Scenarios: opt.Scenarios,
		runLimit:  newRateLimiter(runRate, runBurst, runClients),
		admit:     newAdmission(opt.Admission, !opt.Static),
		runBudget: scenario.DefaultBudget,
		trusted:   opt.TrustedProxies,
		keep:      opt.SearchIndexes,
		reread:    opt.Reread,
		loading:   make(chan struct{}),
	}
	if !opt.Static {
		s.paths.Cards = s.cardSpans // a static export has no card pages to link to
	}
	if opt.OfflineSearch != nil {
		s.SetOfflineSearch(*opt.OfflineSearch)
	}
	var diags []rules.Diagnostic
	if opt.Content != nil {
		s.content.Store(opt.Content)
		diags = opt.Content.user.diags
	}
	if o := opt.Content; o == nil || o.official == nil || (o.official.left() == 0 && o.judges.ready()) {
		s.loaded() // nothing to wait for, Warm or not
	} else {
		// An edition a request waits for is served as soon as it is parsed.
		o.official.parsed = func(_ *rules.Edition, wanted bool) {
			if wanted {
				s.publish()
			}
		}
		o.judges.parsed = s.publish
	}
	s.metrics = newMetrics(s)
	s.metricsHandler = s.metrics.handler()
	if s.Scenarios == nil {
		var err error
		if s.Scenarios, err = scenario.Bundled(); err != nil {
			opt.Log.Error("bundled scenarios failed to parse; the sandbox is off", "err", err)
		}
	}
	s.logsRequests = opt.Log.Enabled(context.Background(), slog.LevelDebug)
	st := s.newSite(lib, opt.Cache)
	if opt.Content == nil {
		st.useHistory() // the library is whole
	}
	s.site.Store(st)
	s.metrics.editions.Set(float64(st.editions()))
	start := &loadStatus{LoadReport: views.LoadReport{At: time.Now(), Trigger: "start", Editions: st.editions(), Diagnostics: diags}}
	if opt.Content != nil {
		start.Skipped = opt.Content.user.skipped()
	}
	if len(start.Diagnostics) > maxShownDiagnostics {
		start.Diagnostics = start.Diagnostics[:maxShownDiagnostics]
	}
	s.loads.Store(start)
	s.setDiagnosticsGauge(diags)
	s.echo.HideBanner = true
	s.echo.HidePort = true
	s.echo.HTTPErrorHandler = s.handleError
	s.routes()
	return s
}

// newSite is lib with nothing computed yet: a site for each document, of
// its editions in lib; it returns the Comprehensive Rules'.
func (s *Server) newSite(lib *rules.Library, cache int64) *site {
	sh := &shelf{}
	pages, gen := newPageCache(cache), siteGen.Add(1)
	libs := byDocument(lib)
	for _, d := range rules.Docs {
		l := libs[d]
		sh.sites[d] = &site{doc: d, lib: l, pages: pages, search: search.NewSearcher(l).Keep(s.keep), history: history.NewChain(l), gen: gen, shelf: sh}
	}
	sh.books = rules.NewShelf(libs[1:]...)
	return sh.sites[rules.DocCR]
}

// byDocument splits lib into a library for each document (indexed by
// Doc; an empty one for a document lib has none of).
func byDocument(lib *rules.Library) [rules.DocJAR + 1]*rules.Library {
	var eds [rules.DocJAR + 1][]*rules.Edition
	for _, e := range lib.Editions {
		eds[e.Document()] = append(eds[e.Document()], e)
	}
	var out [rules.DocJAR + 1]*rules.Library
	for _, d := range rules.Docs {
		if d == rules.DocCR && len(eds[d]) == len(lib.Editions) {
			out[d] = lib // all of it: keep the library as given
			continue
		}
		out[d] = rules.NewLibrary(eds[d])
	}
	return out
}

// warm computes what the first requests would otherwise wait for: the
// matchings between neighbouring editions (a second or so of CPU for the
// 73 editions since 2003) and the newest edition's search index. Then
// edition:all searches follow each rule's history (a library still
// loading groups them by number), whose lineages are found in the
// background: half a second of CPU, 1.5 MiB kept, and some 40 MiB of
// histories thrown away, given back to the system at once.
//
// The documents are warmed side by side: each history's last steps (the
// bridges across cut editions, the newest index) run on one processor,
// and another document's matchings fill the other meanwhile.
func (st *site) warm() {
	var wg sync.WaitGroup
	for _, d := range rules.Docs {
		o := st.of(d)
		wg.Go(func() {
			o.history.Warm()
			o.search.WarmNewest()
		})
	}
	wg.Wait()
	st.useHistory()
	go func() {
		for _, d := range rules.Docs {
			st.of(d).search.WarmLineages()
		}
		debug.FreeOSMemory()
	}()
}

// useHistory has every document's search group entries by their history.
func (st *site) useHistory() {
	for _, d := range rules.Docs {
		o := st.of(d)
		o.search.UseHistory(o.history)
	}
}

// SetLibrary switches every following request to lib, with an empty cache.
// Requests under way finish with the library they started with.
func (s *Server) SetLibrary(lib *rules.Library) {
	st := s.newSite(lib, s.site.Load().pages.budget)
	st.useHistory()
	s.swap(st)
}

func (s *Server) swap(st *site) {
	old := s.site.Swap(st)
	s.metrics.editions.Set(float64(st.editions()))
	if old != nil && old.shelf != st.shelf {
		// Its searchers' timers would hold the old site, its history
		// and indexes, for ten minutes (TestSoak: 40 MiB a reload).
		for _, d := range rules.Docs {
			old.of(d).search.Retire()
		}
	}
}

// Warm completes the library, parsing the official editions left, and
// builds what the first requests of every edition need (site.warm); then it
// reports the server ready (/readyz). Requests are served meanwhile, from
// the editions parsed so far: one that names an edition not parsed yet
// waits for that one alone (awaitEditions).
func (s *Server) Warm() {
	start := time.Now()
	assetPages() // compressed before the first page asks for them
	if set := s.content.Load(); set != nil && set.official != nil && (set.official.left() > 0 || !set.judges.ready()) {
		// The judge documents parse beside the CR's older editions.
		var judges sync.WaitGroup
		judges.Go(set.runJudges)
		set.official.run()
		judges.Wait()
		s.publish()
	}
	s.loaded()
	st := s.site.Load()
	st.warm()
	if set := s.content.Load(); set != nil {
		s.recordStart(set, start)
	}
	s.ready.Store(true)
	// Loading left garbage enough for a heap twice the size it keeps; give
	// it back at once rather than as the runtime finds time.
	debug.FreeOSMemory()
}

// loaded says every edition is in the library served.
func (s *Server) loaded() { s.loadedOne.Do(func() { close(s.loading) }) }

// publish serves a library of everything parsed so far.
func (s *Server) publish() {
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	s.swap(s.newSite(s.content.Load().library(), s.site.Load().pages.budget))
}

// awaitEditions waits, while official editions are still being parsed,
// for those r names by ID in its path or its e, rules, from and to
// parameters, each parsed next in turn.
func (s *Server) awaitEditions(r *http.Request) {
	select {
	case <-s.loading:
		return
	default:
	}
	set := s.content.Load()
	if set == nil || set.official == nil {
		return
	}
	if set.judges != nil && !set.judges.ready() && wantsJudges(r) {
		go set.runJudges() // at once, if Warm has not yet
		set.judges.wait(r.Context())
	}
	o := set.official
	await := func(name string) {
		if d := o.named(name); d != "" && o.pending(d) {
			o.want(r.Context(), d)
		}
	}
	if docOfPath(r.URL.Path) == rules.DocCR {
		for seg := range strings.SplitSeq(r.URL.Path, "/") {
			await(seg)
		}
	}
	q := r.URL.Query()
	for _, k := range []string{"e", "rules", "from", "to"} {
		await(q.Get(k))
	}
}

// wantsJudges reports whether r's page shows the judge documents, which
// it waits for while they are parsed at start (a fraction of a second):
// their own pages, the home page's list of documents, search, the jump
// box, diagnostics, and anything naming one of their editions. A CR page
// does not wait.
func wantsJudges(r *http.Request) bool {
	p := r.URL.Path
	if docOfPath(p) != rules.DocCR {
		return true
	}
	switch p {
	case "/", "/search", "/jump", "/suggest", "/diagnostics", "/sw.js":
		return true
	}
	q := r.URL.Query()
	for _, k := range []string{"e", "from", "to"} {
		if d, _ := rules.SplitID(q.Get(k)); d != rules.DocCR {
			return true
		}
	}
	return false
}

// Library is the library requests are served from now.
func (s *Server) Library() *rules.Library { return s.site.Load().lib }

// ServeHTTP answers from the page cache when it can, before routing: the
// cache holds only pages that depend on nothing but their path (and, for
// a few, their query written one way: renderKey; and for HTML, whether
// the browser keeps the stylesheets: styles.go), and libraries never
// change, so a hit is the answer. Everything else, and every request
// when requests are logged, goes through echo, and is compressed as it
// is written unless it is a page (compress.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	inline := wantsInlineStyles(r)
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) &&
		len(r.URL.RawQuery) <= maxQuery && len(r.URL.Path) <= maxPath && !s.logsRequests {
		key := r.URL.Path
		if r.URL.RawQuery != "" {
			// A page that reads its query is cached under both (renderKey);
			// any other is found by its path alone, through echo.
			key += "?" + r.URL.RawQuery
		}
		if p := cachedPage(s.site.Load().pages, key, inline); p != nil {
			start := time.Now()
			setSecurityHeaders(w.Header(), r.URL.Path)
			code := writePage(w, r, p)
			s.metrics.observe(p.route, r.Method, code, time.Since(start))
			return
		}
	}
	if inline {
		r = r.WithContext(views.WithInlineStyles(r.Context()))
	}
	cw := newCompressWriter(w, r)
	s.echo.ServeHTTP(cw, r)
	cw.close()
}
