package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestServeFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"--bogus"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"--addr", "256.0.0.1:99999", "--data-dir", ""}, 1, "cannot listen"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		code := runServe(tt.args, io.Discard, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("serve %v: exit %d, stderr %q; want exit %d mentioning %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
	}
}

// TestServeDefault runs arbiter serve as a user would, with a data
// directory holding an edition newer than the embedded ones (as arbiter
// fetch saves it) and a --rules file that is no rules at all: the server
// starts, leaves the bad file out saying why, and serves every embedded
// edition beside the fetched one, which is the newest. SIGTERM stops it.
func TestServeDefault(t *testing.T) {
	data := t.TempDir()
	putFile(t, filepath.Join(data, "2026-06-01.txt"), miniCR(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), "Fetched rules."))
	bad := filepath.Join(t.TempDir(), "bad.txt")
	putFile(t, bad, []byte("Not the rules at all.\nJust a note.\n"))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runServe([]string{"--addr", addr, "--data-dir", data, "--rules", bad}, io.Discard, &stderr)
	}()
	base := "http://" + addr
	get := func(path string) (int, string) {
		resp, err := http.Get(base + path)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if code, _ := get("/readyz"); code == 200 {
			break
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited %d:\n%s", code, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ready in 60 s:\n%s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	var eds []struct{ ID, Kind string }
	_, body := get("/api/editions")
	if err := json.Unmarshal([]byte(body), &eds); err != nil {
		t.Fatal(err)
	}
	if len(eds) != 132 || eds[0].ID != "2026-06-01" || eds[1].ID != "2026-04-17" || eds[len(eds)-1].ID != "classic" {
		t.Errorf("editions: %d, %v", len(eds), eds)
	}
	if code, body := get("/rules/704.5j"); code != 200 || !strings.Contains(body, "legendary permanents") {
		t.Errorf("/rules/704.5j: %d", code)
	}
	// The scenarios, read beside the newest edition before the server
	// listens, are the sandbox's.
	if code, _ := get("/sandbox/scenario/legend-rule"); code != 200 {
		t.Errorf("/sandbox/scenario/legend-rule: %d", code)
	}
	if code, body := get("/diagnostics"); code != 200 || !strings.Contains(body, bad+":") || !strings.Contains(body, "1 file was left out") {
		t.Errorf("/diagnostics does not name %s: %d", bad, code)
	}
	if !strings.Contains(stderr.String(), "left out") || !strings.Contains(stderr.String(), bad) {
		t.Errorf("the log does not name the file left out:\n%s", stderr.String())
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d after SIGTERM", code)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
}

// syncBuffer is a bytes.Buffer a server goroutine writes while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeShutdown starts the real server loop on a free port, serves a
// request, and stops it the way a signal would.
func TestServeShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, newFixtureServer(t), slog.New(slog.DiscardHandler)) }()
	resp, err := http.Get("http://" + ln.Addr().String() + "/2026-01-16/704.5k")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after shutdown", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not return after its context ended")
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("still serving after shutdown")
	}
}

func TestServerTimeouts(t *testing.T) {
	hs := newHTTPServer(http.NotFoundHandler(), slog.New(slog.DiscardHandler))
	if hs.ReadHeaderTimeout == 0 || hs.ReadTimeout == 0 || hs.WriteTimeout == 0 || hs.IdleTimeout == 0 || hs.MaxHeaderBytes == 0 {
		t.Errorf("unbounded server: %+v", hs)
	}
}

func TestMemoryLimitFlag(t *testing.T) {
	tests := []struct {
		flag, env string
		want      int64
		ok        bool
	}{
		{"", "", defaultMemoryLimit, true},
		{"", "1GiB", -1, true}, // GOMEMLIMIT rules
		{"512MiB", "1GiB", 512 << 20, true},
		{"0", "", math.MaxInt64, true},
		{"2GiB", "", 2 << 30, true},
		{"1000B", "", 1000, true},
		{"64KiB", "", 64 << 10, true},
		{"-5MiB", "", 0, false},
		{"lots", "", 0, false},
		{"9999999999999GiB", "", 0, false},
		{"MiB", "", 0, false},
	}
	for _, tt := range tests {
		got, err := memoryLimit(tt.flag, tt.env)
		if (err == nil) != tt.ok || tt.ok && got != tt.want {
			t.Errorf("memoryLimit(%q, %q) = %d, %v; want %d (ok %v)", tt.flag, tt.env, got, err, tt.want, tt.ok)
		}
	}
}

func TestHeldMemory(t *testing.T) {
	if h := heldMemory(); h <= 0 {
		t.Errorf("heldMemory() = %d", h)
	}
}

// While the editions load at start the limit has half as much room again,
// and a limit that is none, or left to GOMEMLIMIT (-1), stays so.
func TestLoadingLimit(t *testing.T) {
	for _, tt := range []struct{ limit, want int64 }{
		{defaultMemoryLimit, defaultMemoryLimit * 3 / 2},
		{1000, 1500},
		{-1, -1},
		{math.MaxInt64, math.MaxInt64},
		{math.MaxInt64 / 3 * 2, math.MaxInt64/3*2 + math.MaxInt64/3},
	} {
		if got := loadingLimit(tt.limit); got != tt.want {
			t.Errorf("loadingLimit(%d) = %d, want %d", tt.limit, got, tt.want)
		}
	}
}

// While the official editions parse in the background, a request naming
// one not parsed yet has it parsed next, alone, and is answered from it:
// here no background parsing runs, and the test parses one edition, which
// must be the one asked for — named by its date, by the set that brought
// it, or by a day it was in force.
func TestRequestWaitsForItsEdition(t *testing.T) {
	for _, tt := range []struct{ path, edition, words string }{
		{"/2003-03-15/420.5e", "2003-03-15", "legendary permanents"},
		{"/M10/704.5j", "2009-07-11", "legendary permanents"},
		{"/2003-04-01/420.5e", "2003-03-15", "legendary permanents"},
		{"/cr/2003-04-01/420.5e", "2003-03-15", "legendary permanents"},
		{"/search?q=legend&e=2003-04-01", "2003-03-15", "legend"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			o := contentOptions{official: true}
			set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			set.official.parseNext() // the newest, as serve does before listening
			srv := NewServer(set.library(), Options{Content: set, Reread: o})
			if ids := editionIDs(t, srv); len(ids) != 4 || ids[0] != "2026-04-17" {
				t.Fatalf("before: %v", ids)
			}
			type answer struct {
				code int
				body string
			}
			got := make(chan answer, 1)
			go func() {
				w := do(t, srv, "GET", tt.path)
				got <- answer{w.Code, w.Body.String()}
			}()
			// The request waits until it has asked for its edition (a
			// search first waits for the judge documents to parse, which
			// takes seconds on a loaded machine).
			for deadline := time.Now().Add(2 * time.Minute); ; {
				set.official.mu.Lock()
				asked := slices.Clone(set.official.wanted)
				set.official.mu.Unlock()
				if len(asked) > 0 {
					if !slices.Equal(asked, []string{tt.edition}) {
						t.Fatalf("asked for %v, want %s", asked, tt.edition)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the request never asked for %s", tt.edition)
				}
				time.Sleep(5 * time.Millisecond)
			}
			select {
			case a := <-got:
				t.Fatalf("answered %d before its edition was parsed", a.code)
			default:
			}
			set.official.parseNext()
			a := <-got
			if a.code != 200 || !strings.Contains(a.body, tt.words) {
				t.Errorf("%s: %d", tt.path, a.code)
			}
			if n := len(set.official.editions()); n != 2 {
				t.Errorf("%d official editions parsed, want the newest and the one asked for", n)
			}
			if ids := editionIDs(t, srv); len(ids) != 5 || !slices.Contains(ids, tt.edition) {
				t.Errorf("after: %v", ids)
			}
		})
	}
}
