package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"runtime/debug"
	rtmetrics "runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/arbiter-rules/arbiter/engine/scenario"
)

func init() {
	commands = append(commands, command{
		name:  "serve",
		usage: "serve [--addr 127.0.0.1:8080] [--data-dir DIR] [--rules PATH]... [--watch] [--trusted-proxy CIDR]... [--search-indexes N] [--expensive-workers N] [--expensive-queue N] [--expensive-wait D] [--expensive-per-client N] [--wasm FILE] [--debug]",
		run:   runServe,
	})
}

// pathList is a flag that may be given many times.
type pathList []string

func (p *pathList) String() string     { return strings.Join(*p, ", ") }
func (p *pathList) Set(v string) error { *p = append(*p, v); return nil }

// prefixList is a repeatable flag of CIDR blocks (or single addresses).
type prefixList []netip.Prefix

func (p *prefixList) String() string {
	var s []string
	for _, x := range *p {
		s = append(s, x.String())
	}
	return strings.Join(s, ", ")
}

func (p *prefixList) Set(v string) error {
	if !strings.Contains(v, "/") {
		a, err := netip.ParseAddr(v)
		if err != nil {
			return err
		}
		*p = append(*p, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
		return nil
	}
	x, err := netip.ParsePrefix(v)
	if err != nil {
		return err
	}
	if x.Addr().Is4In6() {
		x = netip.PrefixFrom(x.Addr().Unmap(), x.Bits()-96)
	}
	*p = append(*p, x.Masked())
	return nil
}

// defaultSearchIndexes is how many editions' search indexes a server
// keeps by default: about 22 MiB, where all 73 corpus editions would take
// 200 MiB.
const defaultSearchIndexes = 8

// defaultMemoryLimit is the Go runtime's soft memory limit (see
// runtime/debug.SetMemoryLimit) unless GOMEMLIMIT or --memory-limit says
// otherwise. With the default garbage collector pacing, the 85 MiB the
// embedded editions, their history and the newest search index keep would
// grow to 170 MiB between collections, and loading them leaves more garbage
// than that; the limit makes the collector run sooner instead, leaving some
// 50 MiB for requests' garbage. A library larger than the limit still
// works, with the collector capped at half the CPU. But that is what the
// 131 editions and the judge documents came to (the runtime holds some
// 145 MiB once they are loaded): the collector, with 5 MiB of room, ran
// eight times a second under load, each time marking the whole library,
// and served the rule page at 0.39 of a static server's rate
// (BenchmarkServing). And what the server keeps grows as it serves (the
// page cache, search indexes, the card data): under TestSoak's load the
// heap kept reached 200 MiB, over any fixed limit near it, and a reload
// then took a minute. So the default limit holds only while the editions
// load; once the server is ready the collector is paced by the heap it
// keeps instead (servingGCPercent).
const defaultMemoryLimit = 150 << 20

// servingGCPercent is the collector's pace (GOGC) once the server is
// ready, unless --memory-limit, GOMEMLIMIT or GOGC say otherwise: the heap
// may grow by half what it keeps before a collection, some 60-100 MiB of
// requests' garbage for the embedded library; at 25,000 cached pages a
// second, some 2.5 KB of garbage each, a collection every two or three
// seconds.
const servingGCPercent = 50

// heldMemory is the memory the Go runtime counts against its limit: all
// it has mapped, less what it has given back to the system.
func heldMemory() int64 {
	s := []rtmetrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	rtmetrics.Read(s)
	return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	debugLog := fs.Bool("debug", false, "log every request")
	watch := fs.Bool("watch", false, "reload the content when a file under a --rules path changes (the data directory is always watched; SIGHUP always reloads)")
	dataDir := fs.String("data-dir", defaultDataDir(), "the directory arbiter fetch saves newer editions in (a folder for each document): everything under it is served beside the embedded editions, and watched (\"\" for none)")
	interval := fs.Duration("watch-interval", 2*time.Second, "how often --watch looks at the files")
	keep := fs.Int("search-indexes", defaultSearchIndexes, "editions whose search index is kept in memory, about 2.8 MiB each (0: all)")
	memLimit := fs.String("memory-limit", "", "soft limit on the memory the Go runtime uses, such as 150MiB or 1GiB; 0 for none (default: GOMEMLIMIT, else 150MiB while the editions load and then none, the collector running when the heap has grown by half what it keeps, unless GOGC says otherwise)")
	wasm := fs.String("wasm", "", "the search for reading offline, cmd/searchwasm built for GOOS=js GOARCH=wasm, with Go's wasm_exec.js beside it or in go env GOROOT (default: built with the go command, if there is one)")
	var adm AdmissionOptions
	fs.IntVar(&adm.Workers, "expensive-workers", 0, "costly requests (uncached diffs and histories, search of every edition, whole editions) run at once (default: the processors less one, at least one)")
	fs.IntVar(&adm.Queue, "expensive-queue", 0, "costly requests that may wait for a worker; more are refused with 503 (default: four per worker)")
	fs.DurationVar(&adm.Wait, "expensive-wait", 1500*time.Millisecond, "how long a costly request may wait for a worker before it is refused with 503")
	fs.IntVar(&adm.PerClient, "expensive-per-client", 1, "costly requests one client address may have under way; more are refused with 429")
	var paths pathList
	fs.Var(&paths, "rules", "a rules file or directory to serve besides the embedded editions (repeatable)")
	var trusted prefixList
	fs.Var(&trusted, "trusted-proxy", "a reverse proxy's address or CIDR block: requests from it count against the client its X-Forwarded-For names (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q (rules files go after --rules)\n", fs.Arg(0))
		return 2
	}
	if *keep < 0 || *interval <= 0 {
		fmt.Fprintln(stderr, "serve: --search-indexes must be 0 or more and --watch-interval positive")
		return 2
	}
	if adm.Workers < 0 || adm.Queue < 0 || adm.Wait <= 0 || adm.PerClient <= 0 {
		fmt.Fprintln(stderr, "serve: --expensive-workers and --expensive-queue must be 0 (the default) or more, --expensive-wait and --expensive-per-client positive")
		return 2
	}
	limit, err := memoryLimit(*memLimit, os.Getenv("GOMEMLIMIT"))
	if err != nil {
		fmt.Fprintf(stderr, "serve: --memory-limit: %v\n", err)
		return 2
	}
	level := slog.LevelInfo
	if *debugLog {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	// Memory is bounded before anything is read: loading leaves garbage
	// the collector should clear rather than let the heap grow into. But
	// while every edition is loaded the heap kept nears the limit itself,
	// and the collector, held to it, ran some forty times where it runs
	// twenty, a third of the start's CPU: loading gets half as much room
	// again (loadingLimit), and the limit is back once the server is ready
	// and has given back what loading left.
	if limit >= 0 {
		debug.SetMemoryLimit(loadingLimit(limit))
	}
	o := contentOptions{official: true, dataDir: *dataDir, paths: paths}
	set, err := newEditionSet(o, log)
	if err != nil {
		log.Error("cannot load rules", "err", err)
		return 1
	}
	// The newest official edition is parsed now, to be served at once; the
	// others follow in the background (Server.Warm). The sandbox's
	// scenarios, which a rule page needs for its examples' links, are read
	// meanwhile on another processor: they take as long again.
	scenarios := make(chan *scenario.Library, 1)
	go func() {
		sc, _ := scenario.Bundled() // nil on an error, which NewServer reports
		scenarios <- sc
	}()
	set.official.parseNext()
	lib := set.library()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error("cannot listen", "err", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sc := <-scenarios
	srv := NewServer(lib, Options{
		Scenarios:      sc,
		Log:            log,
		SearchIndexes:  *keep,
		TrustedProxies: trusted,
		Content:        set,
		Reread:         o,
		Admission:      adm,
	})
	go func() {
		srv.Warm() // which gives back what loading left
		switch {
		case limit >= 0 && *memLimit == "" && os.Getenv("GOGC") == "":
			debug.SetMemoryLimit(math.MaxInt64)
			debug.SetGCPercent(servingGCPercent)
			log.Info("memory", "held MiB", heldMemory()>>20, "GOGC", servingGCPercent)
		case limit >= 0:
			debug.SetMemoryLimit(limit)
		}
		// Building and compressing the offline search takes seconds of
		// CPU; only once every edition is served, so it delays none.
		loadOfflineSearch(ctx, srv, *wasm, log)
	}()
	go reloadOnHangup(ctx, srv, notifyHangup())
	// The data directory is always watched, so that an edition arbiter
	// fetch saves is served; --rules paths when asked.
	var watched []string
	if *dataDir != "" {
		watched = append(watched, *dataDir)
	}
	if *watch {
		watched = append(watched, paths...)
	}
	if len(watched) > 0 {
		go srv.watch(ctx, watched, *interval)
	}
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "editions", len(lib.Editions), "loading", set.official.left(), "data dir", *dataDir)
	if err := serve(ctx, ln, srv, log); err != nil {
		log.Error("server failed", "err", err)
		return 1
	}
	return 0
}

// loadingLimit is the memory limit while the editions are loaded at
// start: limit and half as much again; none (math.MaxInt64) stays none.
func loadingLimit(limit int64) int64 {
	if limit <= 0 || limit > math.MaxInt64/3*2 {
		return limit
	}
	return limit + limit/2
}

// notifyHangup starts catching SIGHUP, which would otherwise end the
// process, and returns the channel it arrives on.
func notifyHangup() chan os.Signal {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	return hup
}

// memoryLimit reads --memory-limit: -1 leaves the runtime's limit as it
// is (GOMEMLIMIT set, no flag), 0 means none.
func memoryLimit(flag, env string) (int64, error) {
	switch {
	case flag == "" && env != "":
		return -1, nil
	case flag == "":
		return defaultMemoryLimit, nil
	case flag == "0":
		return math.MaxInt64, nil
	}
	units := []struct {
		suffix string
		scale  int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"B", 1}}
	for _, u := range units {
		if n, ok := strings.CutSuffix(flag, u.suffix); ok {
			v, err := strconv.ParseInt(n, 10, 64)
			if err != nil || v <= 0 || v > math.MaxInt64/u.scale {
				break
			}
			return v * u.scale, nil
		}
	}
	return 0, fmt.Errorf("want a size such as 280MiB or 1GiB, or 0 for none; got %q", flag)
}

// reloadOnHangup reloads the content on each signal from hup until ctx ends.
func reloadOnHangup(ctx context.Context, srv *Server, hup chan os.Signal) {
	defer signal.Stop(hup)
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
			srv.Reload("SIGHUP")
		}
	}
}

// newHTTPServer wraps h with timeouts that bound what a slow or hostile
// client can hold open.
func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// serve runs h on ln until ctx ends, then stops accepting and waits up to
// ten seconds for requests in flight.
func serve(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger) error {
	hs := newHTTPServer(h, log)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
