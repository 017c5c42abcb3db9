package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestServeFlags(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("Not the rules at all.\nJust a note.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"--bogus"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"--rules", filepath.Join(dir, "missing.txt")}, 1, "missing.txt"},
		{[]string{"--rules", bad}, 1, bad + ":"},
		{[]string{"--addr", "256.0.0.1:99999"}, 1, "cannot listen"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		code := runServe(tt.args, io.Discard, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("serve %v: exit %d, stderr %q; want exit %d mentioning %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
	}
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
