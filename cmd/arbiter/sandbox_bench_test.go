package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// Benchmarks for a sandbox page on the real 2026-01-16 edition: each
// request runs the scenario and renders the page (nothing is cached, since
// the page depends on the query). They report the page's size too.
//
//	go test ./cmd/arbiter -run '^$' -bench Sandbox -benchmem

func benchmarkSandbox(b *testing.B, target string) {
	srv, _ := corpusServer(b)
	srv.runLimit = newRateLimiter(1e12, 1e12, 10)
	w := do(b, srv, "GET", target)
	if w.Code != 200 {
		b.Fatalf("%s: %d", target, w.Code)
	}
	size := w.Body.Len()
	req := httptest.NewRequest("GET", target, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		srv.ServeHTTP(&nopWriter{h: http.Header{}}, req)
	}
	b.ReportMetric(float64(size), "html-bytes")
}

// An example's page: lethal damage (120.5), three steps.
func BenchmarkSandboxExample(b *testing.B) { benchmarkSandbox(b, "/sandbox/2026-01-16/120.5/1") }

// The legend rule, at its first step: a pending choice on the board.
func BenchmarkSandboxLegendStep(b *testing.B) {
	benchmarkSandbox(b, "/sandbox/scenario/legend-rule?step=1")
}

// Text from a share URL: decoded, parsed and run under the time budget.
func BenchmarkSandboxShared(b *testing.B) {
	benchmarkSandbox(b, "/sandbox/run?s="+encodeShare(starterScenario))
}
