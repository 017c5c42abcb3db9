package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// loadStatus is one load of the content: at start, or a reload.
type loadStatus struct {
	views.LoadReport
}

// maxShownDiagnostics bounds the diagnostics a load keeps for the page and
// the log: a file that is not rules at all may give one per line.
const maxShownDiagnostics = 200

// errNoReload is Reload's error for a server that was given no content
// to read again.
var errNoReload = errors.New("this server has no content to reload")

// Reload reads the user's editions again (the data directory, --rules) and
// builds the new site completely (library, the newest edition's search
// index, the history's matchings) before it swaps it in at once: a request
// sees the old site or the new one, never a half-loaded one. A file that
// cannot be read as rules is left out, with its diagnostics (file:line) in
// the log and on /diagnostics, and the others load; if it was served
// before, the last good version of it keeps serving. Reloads run one at a
// time, after the start's loading is done.
func (s *Server) Reload(trigger string) error {
	old := s.content.Load()
	if old == nil {
		return errNoReload
	}
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	<-s.loading
	start := time.Now()
	set := old.withUser(s.reread, s.log)
	st := s.newSite(set.library(), s.site.Load().pages.budget)
	st.warm()
	s.content.Store(set)
	s.swap(st)
	s.recordLoad(views.LoadReport{At: start, Took: time.Since(start), Trigger: trigger,
		Diagnostics: set.diagnostics(), Editions: st.editions(), Skipped: set.user.skipped()})
	return nil
}

// recordStart records the start's load once every edition is in.
func (s *Server) recordStart(set *editionSet, start time.Time) {
	rep := s.loads.Load().LoadReport
	rep.Took = time.Since(rep.At)
	rep.Diagnostics = set.diagnostics()
	rep.Editions = s.site.Load().editions()
	rep.Skipped = set.user.skipped()
	s.recordLoad(rep)
}

// recordLoad keeps rep for /diagnostics and the metrics, and logs it.
func (s *Server) recordLoad(rep views.LoadReport) {
	all := rep.Diagnostics
	if len(rep.Diagnostics) > maxShownDiagnostics {
		rep.Diagnostics = rep.Diagnostics[:maxShownDiagnostics]
	}
	ls := &loadStatus{LoadReport: rep}
	result := "ok"
	if rep.Skipped > 0 {
		result = "partial"
		s.metrics.parseErr.Add(float64(rep.Skipped))
	}
	if rep.Trigger != "start" {
		s.metrics.reloads.WithLabelValues(result).Inc()
	}
	s.log.Info("content loaded", "trigger", rep.Trigger, "editions", rep.Editions, "files left out", rep.Skipped, "took", rep.Took)
	s.setDiagnosticsGauge(all)
	s.loads.Store(ls)
}

func (s *Server) setDiagnosticsGauge(ds []rules.Diagnostic) {
	var errs, warn int
	for _, d := range ds {
		switch d.Severity {
		case rules.SevError:
			errs++
		case rules.SevWarning:
			warn++
		}
	}
	s.metrics.diags.WithLabelValues(string(rules.SevError)).Set(float64(errs))
	s.metrics.diags.WithLabelValues(string(rules.SevWarning)).Set(float64(warn))
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
