package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"sync"
	"testing"
	"time"
)

// BenchmarkAbusiveDiffs measures issue 27's first case on loopback: one
// client asks for 24 uncached diffs between distant editions at once
// while a second, well-behaved client reads rule pages (cached) and asks
// for one diff of its own. Clients are told apart by X-Forwarded-For from
// a trusted proxy, as behind a reverse proxy. It reports the slowest of
// the 24 answers (each a diff or a prompt 429/503), how many were refused,
// the rule pages' p50 and p99 meanwhile, and the second client's errors.
// Figures only; run as
//
//	go test ./cmd/arbiter -run '^$' -bench AbusiveDiffs -benchtime 3x
func BenchmarkAbusiveDiffs(b *testing.B) {
	l, err := loadContent(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		b.Fatal(err)
	}
	srv := NewServer(l.lib, Options{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	srv.Warm()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	eds := l.lib.Editions
	get := func(client, path string) (int, time.Duration) {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("X-Forwarded-For", client)
		req.Header.Set("Accept-Encoding", "br")
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, time.Since(start)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, time.Since(start)
	}
	get("203.0.113.9", "/2026-04-17/704.5j") // cached from now on
	var worst, pages []time.Duration
	refused, goodErrors := 0, 0
	pair := 0
	for b.Loop() {
		var wg sync.WaitGroup
		var mu sync.Mutex
		stop := make(chan struct{})
		var slowest time.Duration
		for i := range 24 {
			// Distant pairs not asked before: each diff is uncached.
			from, to := eds[len(eds)-1-(pair+i)%40], eds[(pair+i)%20]
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, d := get("198.51.100.1", "/api/diff/"+from.ID+"/"+to.ID)
				mu.Lock()
				slowest = max(slowest, d)
				if code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable {
					refused++
				}
				mu.Unlock()
			}()
		}
		pair += 24
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				select {
				case <-stop:
					return
				default:
				}
				code, d := get("203.0.113.9", "/2026-04-17/704.5j")
				mu.Lock()
				pages = append(pages, d)
				if code != 200 {
					goodErrors++
				}
				mu.Unlock()
			}
		}()
		if code, _ := get("203.0.113.9", "/api/diff/2012-10-01/2013-05-01"); code != 200 {
			goodErrors++
		}
		wg.Wait()
		close(stop)
		<-done
		worst = append(worst, slowest)
	}
	slices.Sort(pages)
	pct := func(p float64) float64 {
		if len(pages) == 0 {
			return 0
		}
		return float64(pages[min(len(pages)-1, int(p*float64(len(pages))))].Microseconds()) / 1000
	}
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(slices.Max(worst).Milliseconds()), "slowest-diff-answer-ms")
	b.ReportMetric(float64(refused)/float64(b.N), "refused/op")
	b.ReportMetric(pct(.5), "page-p50-ms")
	b.ReportMetric(pct(.99), "page-p99-ms")
	b.ReportMetric(float64(goodErrors), "second-client-errors")
	b.Log(fmt.Sprintf("%d rule pages read during the diffs", len(pages)))
}
