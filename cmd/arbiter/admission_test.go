package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// The bounds, each refusing promptly with its status and Retry-After:
// one client's requests in flight, the queue, the wait.
func TestAdmission(t *testing.T) {
	req := httptest.NewRequest("GET", "/diff/a/b", nil)
	alice, bob, carol := netip.MustParsePrefix("192.0.2.1/32"), netip.MustParsePrefix("192.0.2.2/32"), netip.MustParsePrefix("192.0.2.3/32")
	status := func(err error) int {
		var he *httpError
		if !errors.As(err, &he) || he.retryAfter == "" {
			return 0
		}
		return he.status
	}

	a := newAdmission(AdmissionOptions{Workers: 1, Queue: 1, Wait: 50 * time.Millisecond, PerClient: 2}, true)
	run, err := a.enter(req, alice) // runs
	if err != nil {
		t.Fatal(err)
	}
	// Alice's second waits for the worker, and gives up after Wait.
	start := time.Now()
	if _, err := a.enter(req, alice); status(err) != http.StatusServiceUnavailable {
		t.Errorf("a request waiting past the wait: %v, want 503", err)
	} else if d := time.Since(start); d < 50*time.Millisecond || d > time.Second {
		t.Errorf("refused after %v, want about the 50 ms wait", d)
	}
	// While Bob waits, the queue (one worker and one waiting) is full:
	// Carol is refused at once.
	done := make(chan error, 1)
	go func() {
		rel, err := a.enter(req, bob)
		if err == nil {
			rel()
		}
		done <- err
	}()
	for a.waitingNow() == 0 {
		time.Sleep(time.Millisecond)
	}
	start = time.Now()
	if _, err := a.enter(req, carol); status(err) != http.StatusServiceUnavailable || time.Since(start) > 20*time.Millisecond {
		t.Errorf("a request beyond the queue: %v after %v, want 503 at once", err, time.Since(start))
	}
	run() // the worker is free: Bob runs
	if err := <-done; err != nil {
		t.Errorf("the waiting request, once the worker was free: %v", err)
	}

	// Two of Alice's in flight: a third is 429, another client's is not.
	b := newAdmission(AdmissionOptions{Workers: 4, PerClient: 2}, true)
	r1, _ := b.enter(req, alice)
	r2, _ := b.enter(req, alice)
	if _, err := b.enter(req, alice); status(err) != http.StatusTooManyRequests {
		t.Errorf("a client's third: %v, want 429", err)
	}
	if r, err := b.enter(req, bob); err != nil {
		t.Errorf("another client: %v", err)
	} else {
		r()
	}
	r1()
	if r, err := b.enter(req, alice); err != nil {
		t.Errorf("after one of hers ended: %v", err)
	} else {
		r()
	}
	r2()
	if n := len(b.inFlight); n != 0 {
		t.Errorf("%d clients counted after every request ended", n)
	}

	// A client that goes away while waiting leaves its place.
	c := newAdmission(AdmissionOptions{Workers: 1, Wait: time.Minute, PerClient: 1}, true)
	hold, _ := c.enter(req, alice)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for c.waitingNow() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if _, err := c.enter(req.WithContext(ctx), bob); !errors.Is(err, context.Canceled) {
		t.Errorf("a request whose client left: %v", err)
	}
	hold()
	if n := len(c.inFlight); n != 0 || len(c.line) != 0 {
		t.Errorf("after everything ended: %d clients, %d in line", n, len(c.line))
	}
}

// Through the server: a client with costly requests under way gets a
// prompt 429 with Retry-After and says why (JSON on the API, a page
// elsewhere); cheap pages and other clients are served; /metrics counts it.
func TestAdmissionServed(t *testing.T) {
	srv := NewServer(fixtureLibrary(t), Options{Admission: AdmissionOptions{Workers: 2, PerClient: 1}})
	hold, err := srv.admit.enter(httptest.NewRequest("GET", "/", nil), netip.MustParsePrefix("192.0.2.1/32"))
	if err != nil {
		t.Fatal(err)
	}
	defer hold()
	for _, path := range []string{"/api/diff/2007-02-01/2026-01-16", "/diff/2007-02-01/2026-01-16", "/search?q=legend&e=all", "/2026-01-16/all"} {
		w := do(t, srv, "GET", path) // from 192.0.2.1, as httptest sends
		if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), "a costly request under way") {
			t.Errorf("%s: %d, Retry-After %q: %.200s", path, w.Code, w.Header().Get("Retry-After"), w.Body.String())
		}
	}
	for _, path := range []string{"/2026-01-16/704.5k", "/search?q=legend&e=2026-01-16"} {
		if w := do(t, srv, "GET", path); w.Code != 200 {
			t.Errorf("%s, not costly: %d", path, w.Code)
		}
	}
	r := httptest.NewRequest("GET", "/api/diff/2007-02-01/2026-01-16", nil)
	r.RemoteAddr = "198.51.100.7:4000"
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("another client's diff: %d", w.Code)
	}
	if m := do(t, srv, "GET", "/metrics").Body.String(); !strings.Contains(m, `arbiter_expensive_refused_total{reason="client"} 4`) {
		t.Errorf("/metrics does not count the 4 refusals:\n%s", grepLines(m, "arbiter_expensive"))
	}
}
