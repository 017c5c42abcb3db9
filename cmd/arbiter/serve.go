package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "serve",
		usage: "serve [--addr 127.0.0.1:8080] [--rules PATH]... [--debug]",
		run:   runServe,
	})
}

// pathList is a flag that may be given many times.
type pathList []string

func (p *pathList) String() string     { return strings.Join(*p, ", ") }
func (p *pathList) Set(v string) error { *p = append(*p, v); return nil }

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	debug := fs.Bool("debug", false, "log every request")
	var paths pathList
	fs.Var(&paths, "rules", "a rules file or directory to serve besides the embedded editions (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q (rules files go after --rules)\n", fs.Arg(0))
		return 2
	}
	level := slog.LevelInfo
	if *debug {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	lib, err := loadLibrary(paths, log)
	if err != nil {
		log.Error("cannot load rules", "err", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error("cannot listen", "err", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := NewServer(lib, Options{Log: log})
	go srv.WarmHistory()
	go srv.WarmSearch() // build search indexes now rather than on the first searches
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "editions", len(lib.Editions))
	if err := serve(ctx, ln, srv, log); err != nil {
		log.Error("server failed", "err", err)
		return 1
	}
	return 0
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

// loadLibrary reads the embedded editions and each path given. An embedded
// edition that fails is logged and left out; a user's file that fails stops
// the server with its diagnostics, since serving without it would hide the
// problem.
func loadLibrary(paths []string, log *slog.Logger) (*rules.Library, error) {
	eds, err := rules.Load(content.FS, ".")
	if err != nil {
		return nil, fmt.Errorf("embedded content: %w", err)
	}
	var out []*rules.Edition
	for _, e := range eds {
		if e.Failed() {
			log.Warn("embedded edition failed to parse", "files", e.Files, "err", (&rules.ParseError{Diagnostics: e.Diagnostics}).Error())
			continue
		}
		out = append(out, e)
	}
	for _, p := range paths {
		dir, name := filepath.Split(filepath.Clean(p))
		if dir == "" {
			dir = "."
		}
		es, err := rules.Load(os.DirFS(dir), name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for _, e := range es {
			if e.Failed() {
				return nil, &rules.ParseError{Diagnostics: withDir(dir, e.Diagnostics)}
			}
			warnings := 0
			for _, d := range e.Diagnostics {
				if d.Severity == rules.SevWarning {
					warnings++
				}
			}
			log.Info("loaded", "files", e.Files, "effective", e.EffectiveDate(), "rules", len(e.Entries()), "terms", len(e.Glossary), "warnings", warnings)
		}
		out = append(out, es...)
	}
	return rules.NewLibrary(out), nil
}

// withDir names diagnostics' files by the path the user gave, not the name
// inside the directory we opened.
func withDir(dir string, ds []rules.Diagnostic) []rules.Diagnostic {
	out := make([]rules.Diagnostic, len(ds))
	for i, d := range ds {
		d.File = filepath.Join(dir, d.File)
		out[i] = d
	}
	return out
}
