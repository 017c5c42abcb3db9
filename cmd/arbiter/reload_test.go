package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// miniCR is a small edition in the official text format, effective on
// date, whose rule 100.1 says what.
func miniCR(date time.Time, what string) []byte {
	return fmt.Appendf(nil, `Magic: The Gathering Comprehensive Rules

These rules are effective as of %s.

Introduction

This document is the ultimate authority.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

100.1. %s See rule 100.1a.

100.1a A two-player game is a game that begins with only two players.

Glossary

Two-Player Game
A game that begins with two players. See rule 100.1a.

Credits

Everyone.
`, date.Format("January 2, 2006"), what)
}

func putFile(t testing.TB, name string, b []byte) {
	t.Helper()
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// reloadServer serves the embedded editions and dir, reloading from them.
func reloadServer(t testing.TB, dir string, logs *bytes.Buffer) *Server {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	if logs != nil {
		log = slog.New(slog.NewTextHandler(logs, nil))
	}
	o := contentOptions{paths: []string{dir}}
	set, err := newEditionSet(o, log)
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(set.library(), Options{Log: log, Content: set, Reread: o})
	srv.Warm()
	return srv
}

func editionIDs(t testing.TB, srv http.Handler) []string {
	t.Helper()
	w := do(t, srv, "GET", "/api/editions")
	var eds []struct{ ID string }
	if err := json.Unmarshal(w.Body.Bytes(), &eds); err != nil {
		t.Fatalf("%v: %s", err, w.Body)
	}
	var ids []string
	for _, e := range eds {
		ids = append(ids, e.ID)
	}
	return ids
}

var (
	jan2026 = time.Date(2026, 1, 16, 0, 0, 0, 0, time.UTC)
	jun2025 = time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	mar2024 = time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
)

// A reload with a damaged file serves everything else, the good new files
// included, and keeps serving the last good version of the damaged one;
// /diagnostics and the log say where the file went wrong, and the metrics
// count a partial reload. Once the file is fixed, the next reload serves it.
func TestReloadKeepsEditionsOnBadFile(t *testing.T) {
	dir := t.TempDir()
	putFile(t, filepath.Join(dir, "2026-01-16.txt"), miniCR(jan2026, "The rules of 2026."))
	putFile(t, filepath.Join(dir, "2025-06-01.txt"), miniCR(jun2025, "The rules of 2025."))
	var logs bytes.Buffer
	srv := reloadServer(t, dir, &logs)
	before := editionIDs(t, srv)
	if !slices.Contains(before, "2025-06-01") {
		t.Fatalf("editions %v", before)
	}
	if w := do(t, srv, "GET", "/2025-06-01/100.1"); w.Code != 200 {
		t.Fatalf("before: %d", w.Code)
	}

	// Damage one file: cut it off in the middle of the body; add a good one.
	good := miniCR(jun2025, "The rules of 2025.")
	putFile(t, filepath.Join(dir, "2025-06-01.txt"), good[:bytes.Index(good, []byte("1. Game Concepts\n\n100."))])
	putFile(t, filepath.Join(dir, "2024-03-01.txt"), miniCR(mar2024, "The rules of 2024."))
	if err := srv.Reload("test"); err != nil {
		t.Fatal(err)
	}
	if got := editionIDs(t, srv); !slices.Contains(got, "2024-03-01") || !slices.Contains(got, "2025-06-01") || !slices.Contains(got, "2026-01-16") {
		t.Errorf("after a reload with a damaged file: editions %v, want the new one and the last good 2025-06-01 too", got)
	}
	w := do(t, srv, "GET", "/2025-06-01/100.1")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "The rules of 2025.") {
		t.Errorf("the last good 2025-06-01 is not served: %d", w.Code)
	}
	bad := filepath.Join(dir, "2025-06-01.txt")
	at := regexp.MustCompile(regexp.QuoteMeta(bad) + `:\d+: `)
	d := parse(t, do(t, srv, "GET", "/diagnostics"))
	if got := d.Find(".load.failed").Text(); !strings.Contains(got, "1 file was left out") {
		t.Errorf("diagnostics status %q", got)
	}
	if got := d.Find("li.diag.error code").First().Text(); !at.MatchString(got) {
		t.Errorf("diagnostic %q does not name %s:line", got, bad)
	}
	if got := d.Find("li.diag.warning code").Text(); !strings.Contains(got, bad+": warning: the version read before keeps serving") {
		t.Errorf("diagnostics do not say the last good version serves: %q", got)
	}
	if !at.MatchString(logs.String()) || !strings.Contains(logs.String(), "left out") {
		t.Errorf("log lacks the file and line:\n%s", logs.String())
	}
	if got := metric(t, srv, `arbiter_reloads_total{result="partial"}`); got != "1" {
		t.Errorf("partial reloads %q", got)
	}
	if got := metric(t, srv, `arbiter_parse_errors_total`); got == "0" || got == "" {
		t.Errorf("parse errors %q", got)
	}
	if got := metric(t, srv, `arbiter_content_diagnostics{severity="error"}`); got == "0" || got == "" {
		t.Errorf("error diagnostics %q", got)
	}

	// Fixed: the reload serves the new text.
	putFile(t, bad, miniCR(jun2025, "The rules of 2025, fixed."))
	if err := srv.Reload("test"); err != nil {
		t.Fatal(err)
	}
	if got := editionIDs(t, srv); !slices.Contains(got, "2024-03-01") || !slices.Contains(got, "2025-06-01") {
		t.Errorf("after the fix: %v", got)
	}
	if w := do(t, srv, "GET", "/2025-06-01/100.1"); !strings.Contains(w.Body.String(), "fixed") {
		t.Error("the fixed text is not served (a stale cached page?)")
	}
	if got := metric(t, srv, `arbiter_reloads_total{result="ok"}`); got != "1" {
		t.Errorf("ok reloads %q", got)
	}
	if got := metric(t, srv, `arbiter_editions_loaded`); got != fmt.Sprint(len(editionIDs(t, srv))) {
		t.Errorf("editions loaded %q", got)
	}
	if got := metric(t, srv, `arbiter_content_diagnostics{severity="error"}`); got != "0" {
		t.Errorf("error diagnostics after the fix %q", got)
	}
	d = parse(t, do(t, srv, "GET", "/diagnostics"))
	if d.Find(".load.failed").Length() != 0 || !strings.Contains(d.Find(".load.ok").Text(), "(test,") {
		t.Errorf("diagnostics after the fix: %q", d.Find("main p").Text())
	}
	// Deleting a directory's file is a change too, and no error.
	os.Remove(filepath.Join(dir, "2024-03-01.txt"))
	if err := srv.Reload("test"); err != nil || slices.Contains(editionIDs(t, srv), "2024-03-01") {
		t.Errorf("after removing 2024-03-01: %v %v", err, editionIDs(t, srv))
	}
}

// Files that are no rules at all never keep the others from serving: an
// empty file, a binary one, notes, and a file far larger than any CR (its
// size is checked before it is read) are each left out, named with the
// reason on /diagnostics, at start and on a reload.
func TestBadFilesLeftOut(t *testing.T) {
	dir := t.TempDir()
	putFile(t, filepath.Join(dir, "2025-06-01.txt"), miniCR(jun2025, "The rules of 2025."))
	putFile(t, filepath.Join(dir, "empty.txt"), nil)
	putFile(t, filepath.Join(dir, "binary.txt"), []byte("\x00\x01\x02PK\x03\x04\xff\xfe\x00junk"))
	putFile(t, filepath.Join(dir, "notes.txt"), []byte("Some notes about the rules.\n"))
	huge := filepath.Join(dir, "huge.txt")
	putFile(t, huge, nil)
	if err := os.Truncate(huge, 200<<20); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	srv := reloadServer(t, dir, nil)
	check := func(when string) {
		t.Helper()
		if got := editionIDs(t, srv); !slices.Contains(got, "2025-06-01") {
			t.Errorf("%s: editions %v", when, got)
		}
		d := parse(t, do(t, srv, "GET", "/diagnostics"))
		if got := d.Find(".load.failed").Text(); !strings.Contains(got, "4 files were left out") {
			t.Errorf("%s: status %q", when, got)
		}
		errs := d.Find("li.diag.error code").Text()
		for _, want := range []string{
			filepath.Join(dir, "empty.txt") + ":",
			filepath.Join(dir, "binary.txt") + ":",
			filepath.Join(dir, "notes.txt") + ":",
			huge + ": 209.7 MB, larger than any Comprehensive Rules file could be",
		} {
			if !strings.Contains(errs, want) {
				t.Errorf("%s: diagnostics lack %q:\n%s", when, want, errs)
			}
		}
	}
	check("start")
	if err := srv.Reload("test"); err != nil {
		t.Fatal(err)
	}
	check("reload")
}

// Requests during reloads each see one whole library: the editions list,
// the rule pages and the searches of the old one or of the new one, never
// an error and never a mix. Run with -race.
func TestReloadUnderConcurrentRequests(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	putFile(t, a, miniCR(jan2026, "Version A of the rules."))
	srv := reloadServer(t, dir, nil)
	wantA := editionIDs(t, srv)
	// B: the same file, one more edition beside it.
	putFile(t, filepath.Join(dir, "b.txt"), miniCR(jun2025, "Version B of the rules."))
	if err := srv.Reload("test"); err != nil {
		t.Fatal(err)
	}
	wantB := editionIDs(t, srv)
	if slices.Equal(wantA, wantB) {
		t.Fatal("libraries A and B list the same editions")
	}

	stop := make(chan struct{})
	var reloads atomic.Int32
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // switch between A and B as fast as they load
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if i%2 == 0 {
				os.Rename(filepath.Join(dir, "b.txt"), filepath.Join(dir, "b.off"))
			} else {
				os.Rename(filepath.Join(dir, "b.off"), filepath.Join(dir, "b.txt"))
			}
			if err := srv.Reload("test"); err != nil {
				t.Errorf("reload %d: %v", i, err)
				return
			}
			reloads.Add(1)
		}
	}()
	var fails atomic.Int32
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; reloads.Load() < 30 && fails.Load() < 5; i++ {
				switch (g + i) % 4 {
				case 0:
					if ids := editionIDs(t, srv); !slices.Equal(ids, wantA) && !slices.Equal(ids, wantB) {
						t.Errorf("editions %v: neither A %v nor B %v", ids, wantA, wantB)
						fails.Add(1)
					}
				case 1:
					if w := do(t, srv, "GET", "/2026-01-16/100.1"); w.Code != 200 || !strings.Contains(w.Body.String(), "Version A") {
						t.Errorf("rule page: %d", w.Code)
						fails.Add(1)
					}
				case 2:
					if w := do(t, srv, "GET", "/api/latest/search?q=two-player+game"); w.Code != 200 || !strings.Contains(w.Body.String(), `"100.1a"`) {
						t.Errorf("search: %d %.300s", w.Code, w.Body)
						fails.Add(1)
					}
				case 3:
					if w := do(t, srv, "GET", "/diagnostics"); w.Code != 200 {
						t.Errorf("diagnostics: %d", w.Code)
						fails.Add(1)
					}
				}
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
	for reloads.Load() < 30 && fails.Load() < 5 {
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	t.Logf("%d reloads under load", reloads.Load())
}

// --watch reloads once a changed file holds still.
func TestWatchReloads(t *testing.T) {
	dir := t.TempDir()
	putFile(t, filepath.Join(dir, "2026-01-16.txt"), miniCR(jan2026, "Watched."))
	srv := reloadServer(t, dir, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.watch(ctx, []string{dir}, 10*time.Millisecond)
	time.Sleep(30 * time.Millisecond)
	putFile(t, filepath.Join(dir, "2025-06-01.txt"), miniCR(jun2025, "Added while watched."))
	deadline := time.Now().Add(10 * time.Second)
	for !slices.Contains(editionIDs(t, srv), "2025-06-01") {
		if time.Now().After(deadline) {
			t.Fatal("the new file was not loaded within 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := metric(t, srv, `arbiter_reloads_total{result="ok"}`); got != "1" {
		t.Errorf("reloads %q, want 1 (the watcher waits for the file to hold still)", got)
	}
}

// SIGHUP reloads.
func TestHangupReloads(t *testing.T) {
	dir := t.TempDir()
	putFile(t, filepath.Join(dir, "2026-01-16.txt"), miniCR(jan2026, "Before the signal."))
	srv := reloadServer(t, dir, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hup := notifyHangup()
	defer signal.Stop(hup)
	go reloadOnHangup(ctx, srv, hup)
	putFile(t, filepath.Join(dir, "2026-01-16.txt"), miniCR(jan2026, "After the signal."))
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(do(t, srv, "GET", "/2026-01-16/100.1").Body.String(), "After the signal.") {
		if time.Now().After(deadline) {
			t.Fatal("no reload within 10 s of SIGHUP")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestReloadWithoutLoader(t *testing.T) {
	if err := newFixtureServer(t).Reload("test"); err != errNoReload {
		t.Errorf("Reload on a server with nothing to reload: %v", err)
	}
}

// The data directory holds a folder for each document, made when arbiter
// fetch first saves one; serve watches the whole directory, from before it
// exists. A PDF of the MTR dropped into mtr/ is served within seconds, and
// a broken one beside it is left out, named with its reason on
// /diagnostics, while the rest (a CR in cr/) serves.
func TestWatchDataDirDocuments(t *testing.T) {
	mtr := corpustest.ReadFile(t, "corpus", "mtr", "2025-04-21.pdf")
	ipg := corpustest.ReadFile(t, "corpus", "ipg", "2024-09-23.pdf")
	data := filepath.Join(t.TempDir(), "arbiter")
	o := contentOptions{dataDir: data}
	set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(set.library(), Options{Content: set, Reread: o})
	srv.Warm()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.watch(ctx, []string{data}, 100*time.Millisecond)
	time.Sleep(300 * time.Millisecond)
	mtrIDs := func() []string {
		w := do(t, srv, "GET", "/api/mtr/editions")
		var eds []struct{ ID string }
		if err := json.Unmarshal(w.Body.Bytes(), &eds); err != nil {
			t.Fatalf("%v: %s", err, w.Body)
		}
		var ids []string
		for _, e := range eds {
			ids = append(ids, e.ID)
		}
		return ids
	}

	start := time.Now()
	for _, sub := range []string{"cr", "mtr"} {
		if err := os.MkdirAll(filepath.Join(data, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	putFile(t, filepath.Join(data, "cr", "2026-01-16.txt"), miniCR(jan2026, "Served from cr/."))
	broken := filepath.Join(data, "mtr", "2025-11-01.pdf")
	putFile(t, broken, ipg[:len(ipg)/2])
	putFile(t, filepath.Join(data, "mtr", "2025-04-21.pdf"), mtr)
	for !slices.Contains(mtrIDs(), "mtr/2025-04-21") {
		if time.Since(start) > 15*time.Second {
			t.Fatalf("the MTR dropped into mtr/ was not served within 15 s: %v", mtrIDs())
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("served %s after the PDF was dropped", time.Since(start).Round(10*time.Millisecond))
	if got := editionIDs(t, srv); !slices.Contains(got, "2026-01-16") {
		t.Errorf("CR editions %v, want the one of cr/ served too", got)
	}
	if got := mtrIDs(); len(got) != 1 {
		t.Errorf("MTR editions %v, want the good PDF's alone", got)
	}
	if w := do(t, srv, "GET", "/mtr/2.3"); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "Pregame Procedures") {
		t.Errorf("/mtr/2.3: %d", w.Code)
	}
	d := parse(t, do(t, srv, "GET", "/diagnostics"))
	if got := d.Find(".load.failed").Text(); !strings.Contains(got, "1 file was left out") {
		t.Errorf("status %q", got)
	}
	if got := d.Find("li.diag.error code").Text(); !strings.Contains(got, broken+": is not a PDF PDFium can read") {
		t.Errorf("diagnostics do not name %s and why: %q", broken, got)
	}
}
