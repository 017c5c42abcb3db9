package main

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// loadStatus is one attempt to load the content: at start, or a reload.
type loadStatus struct {
	views.LoadReport
	good *loadStatus // the load being served: itself if this one succeeded
}

// maxShownDiagnostics bounds the diagnostics a load keeps for the page and
// the log: a file that is not rules at all may give one per line.
const maxShownDiagnostics = 200

// errNoReload is Reload's error for a server that was given no content
// to read again.
var errNoReload = errors.New("this server has no content to reload")

// Reload reads the content again and, if every file parses, builds the new
// site completely (library, the newest edition's search index, the
// history's matchings) before it swaps it in at once: a request sees the old
// site or the new one, never a half-loaded one. If a file fails, its
// diagnostics (file:line) are logged and shown on /diagnostics, and the
// editions already served keep serving. Reloads run one at a time.
func (s *Server) Reload(trigger string) error {
	if s.load == nil {
		return errNoReload
	}
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	start := time.Now()
	lib, warnings, err := s.load()
	var st *site
	if err == nil {
		st = s.newSite(lib, s.site.Load().pages.budget)
		st.warm()
	}
	rep := views.LoadReport{At: start, Took: time.Since(start), Trigger: trigger}
	if err != nil {
		rep.Error = err.Error()
		var pe *rules.ParseError
		if errors.As(err, &pe) {
			rep.Diagnostics = pe.Diagnostics
		}
	} else {
		rep.Diagnostics = warnings
		rep.Editions = len(lib.Editions)
	}
	s.recordLoad(rep)
	if err != nil {
		return err
	}
	s.swap(st)
	return nil
}

// recordLoad keeps rep for /diagnostics and the metrics, and logs it.
func (s *Server) recordLoad(rep views.LoadReport) {
	errs := 0
	for _, d := range rep.Diagnostics {
		if d.Severity == rules.SevError {
			errs++
		}
	}
	if len(rep.Diagnostics) > maxShownDiagnostics {
		rep.Diagnostics = rep.Diagnostics[:maxShownDiagnostics]
	}
	ls := &loadStatus{LoadReport: rep}
	if rep.Error == "" {
		ls.good = ls
		s.metrics.reloads.WithLabelValues("ok").Inc()
		s.log.Info("content reloaded", "trigger", rep.Trigger, "editions", rep.Editions, "took", rep.Took)
	} else {
		if prev := s.loads.Load(); prev != nil {
			ls.good = prev.good
		}
		s.metrics.reloads.WithLabelValues("failed").Inc()
		s.metrics.parseErr.Add(float64(errs))
		s.log.Error("content reload failed; the previous editions keep serving", "trigger", rep.Trigger, "err", rep.Error)
		for _, d := range rep.Diagnostics {
			if d.Severity == rules.SevError {
				s.log.Error("bad content", "at", d.String())
			}
		}
	}
	s.setDiagnosticsGauge(rep.Diagnostics, errs)
	s.loads.Store(ls)
}

func (s *Server) setDiagnosticsGauge(ds []rules.Diagnostic, errs int) {
	warn := 0
	for _, d := range ds {
		if d.Severity == rules.SevWarning {
			warn++
		}
	}
	s.metrics.diags.WithLabelValues(string(rules.SevError)).Set(float64(errs))
	s.metrics.diags.WithLabelValues(string(rules.SevWarning)).Set(float64(warn))
}

// contentLoader reads the embedded editions and paths again for Reload.
func contentLoader(paths []string, log *slog.Logger) func() (*rules.Library, []rules.Diagnostic, error) {
	return func() (*rules.Library, []rules.Diagnostic, error) {
		l, err := loadContent(paths, log)
		if err != nil {
			return nil, nil, err
		}
		l.Close()
		return l.lib, l.warnings, nil
	}
}

// watch polls paths every interval and reloads when what it finds (names,
// sizes, modification times) changed and then held still for a whole
// interval, so a file being copied in is read once it is complete. It
// returns when ctx ends.
func (s *Server) watch(ctx context.Context, paths []string, interval time.Duration) {
	last := snapshot(paths)
	var pending string // a changed snapshot waiting to hold still
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := snapshot(paths)
		switch {
		case now == last:
			pending = ""
		case now != pending:
			pending = now // changed: wait for it to settle
		default:
			last, pending = now, ""
			s.Reload("watch")
		}
	}
}

// snapshot describes the files under paths: each one's name, size and
// modification time, in walk order. Unreadable paths are described by
// their error, so a file appearing or disappearing is a change too.
func snapshot(paths []string) string {
	var b []byte
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				b = append(b, path+" ! "+err.Error()+"\n"...)
				return nil
			}
			info, err := os.Stat(path) // follow symlinks: their targets' changes count
			if err != nil {
				b = append(b, path+" ! "+err.Error()+"\n"...)
				return nil
			}
			if !info.IsDir() {
				b = append(b, path+" "+info.ModTime().UTC().Format(time.RFC3339Nano)+" "+strconv.FormatInt(info.Size(), 10)+"\n"...)
			}
			return nil
		})
		if err != nil {
			b = append(b, p+" ! "+err.Error()+"\n"...)
		}
	}
	return string(b)
}
