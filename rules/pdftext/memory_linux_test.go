package pdftext

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// rss reads a field of /proc/self/status (VmRSS, VmHWM) in MiB.
func rss(tb testing.TB, field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		tb.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				tb.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	tb.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// BenchmarkEngineMemory reports the process's resident memory before the
// engine starts, while it is up after reading the newest MTR, and once it
// has closed itself after its idle time: run it alone (-benchtime 1x), as
// the figures are the process's.
func BenchmarkEngineMemory(b *testing.B) {
	data := corpusFile(b, "mtr/2025-04-21.pdf")
	settle := func() {
		runtime.GC()
		debug.FreeOSMemory()
	}
	for b.Loop() {
		settle()
		before := rss(b, "VmRSS")
		x := New(Options{IdleTimeout: 100 * time.Millisecond, CacheDir: DefaultCacheDir()})
		if _, err := x.Extract(context.Background(), "mtr/2025-04-21.pdf", data, Limits{}); err != nil {
			b.Fatal(err)
		}
		up := rss(b, "VmRSS")
		for x.Running() {
			time.Sleep(20 * time.Millisecond)
		}
		idle := rss(b, "VmRSS")
		settle()
		b.ReportMetric(before, "MiB-before")
		b.ReportMetric(up, "MiB-up")
		b.ReportMetric(idle, "MiB-closed")
		b.ReportMetric(rss(b, "VmRSS"), "MiB-closed+GC")
		b.ReportMetric(rss(b, "VmHWM"), "MiB-peak")
	}
}

// BenchmarkEngineStartMemoryCache compiles PDFium with wazero's
// in-memory compilation cache, warm: a start costs next to nothing, but
// the cache keeps the compiled module (and the process its memory) while
// the engine is closed, which is what closing it is for. It reports the
// resident memory the closed engine leaves behind.
func BenchmarkEngineStartMemoryCache(b *testing.B) {
	cache := wazero.NewCompilationCache()
	defer cache.Close(context.Background())
	wasm, err := decompressModule()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	start := func() {
		rc := wazero.NewRuntimeConfig().WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
			WithCompilationCache(cache)
		rt := wazero.NewRuntimeWithConfig(ctx, rc)
		if _, err := rt.CompileModule(ctx, wasm); err != nil {
			b.Fatal(err)
		}
		rt.Close(ctx)
	}
	start()
	for b.Loop() {
		start()
	}
	runtime.GC()
	debug.FreeOSMemory()
	b.ReportMetric(rss(b, "VmRSS"), "MiB-closed")
}
