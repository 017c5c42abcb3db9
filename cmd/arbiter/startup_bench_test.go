package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartup measures issue 23's budgets on the binary as a user
// runs it: `arbiter serve` with no flags but an address, every embedded
// edition of every document served, no data directory (HOME and the XDG
// directories point into an empty temporary directory, so no user's
// editions leak in) and no source tree around it (so it builds no search
// for reading offline). Each iteration starts a new process and reports:
//
//   - first-rule-ms: from the start to the first 200 of /2026-04-17/704.5k;
//   - ready-ms: from the start to /readyz's 200, which comes once every
//     edition of every document is parsed and linked, every document's
//     history matched and its newest edition's search index built;
//   - ready-cpu-ms: the CPU time the process had used by then, all
//     threads (a figure a busy machine disturbs less than the wall clock);
//   - rss-MiB and peak-MiB: VmRSS and VmHWM from /proc once the server has
//     been ready for startupSettle, with heap-MiB, the Go heap in use
//     (go_memstats_heap_inuse_bytes of /metrics) at that time.
//
// Figures only, never a pass or fail: they mean something on a quiet
// machine. Each iteration takes some 10 s, so run it as
//
//	go test ./cmd/arbiter -run '^$' -bench Startup -benchtime 1x -count 3
func BenchmarkStartup(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads the server's memory and CPU time from /proc")
	}
	bin := buildArbiter(b)
	var sum startupFigures
	for range b.N {
		f := startOnce(b, bin)
		sum.first += f.first
		sum.ready += f.ready
		sum.cpu += f.cpu
		sum.rss += f.rss
		sum.peak += f.peak
		sum.heap += f.heap
	}
	n := float64(b.N)
	b.ReportMetric(0, "ns/op") // the wall clock of a whole iteration says nothing
	b.ReportMetric(sum.first/n, "first-rule-ms")
	b.ReportMetric(sum.ready/n, "ready-ms")
	b.ReportMetric(sum.cpu/n, "ready-cpu-ms")
	b.ReportMetric(sum.rss/n, "rss-MiB")
	b.ReportMetric(sum.peak/n, "peak-MiB")
	b.ReportMetric(sum.heap/n, "heap-MiB")
}

// startupSettle is how long after /readyz the memory is read: the
// background work that follows readiness (search's lineages) is done by
// then and the runtime has given back what loading left.
const startupSettle = 5 * time.Second

type startupFigures struct {
	first, ready, cpu float64 // milliseconds
	rss, peak, heap   float64 // MiB
}

// buildArbiter builds the command into a temporary directory.
func buildArbiter(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "arbiter")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var servingURL = regexp.MustCompile(`url=(http://\S+/)`)

// startOnce starts bin, measures one start and stops it.
func startOnce(b *testing.B, bin string) startupFigures {
	b.Helper()
	home := b.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--addr", "127.0.0.1:0")
	cmd.Dir = home
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_CACHE_HOME="+filepath.Join(home, "cache"), "GOMEMLIMIT=", "GOGC=")
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 15 * time.Second
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cancel()
		cmd.Wait()
	}()
	// The server logs its URL once it listens (the port is the system's
	// choice); the rest of its log is drained, so it never blocks on it.
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case urls <- m[1]:
				default:
				}
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	var base string
	select {
	case base = <-urls:
	case <-ctx.Done():
		b.Fatal("the server never said where it listens")
	}
	client := &http.Client{Timeout: 30 * time.Second}
	await := func(path string, every time.Duration) time.Duration {
		for ctx.Err() == nil {
			if resp, err := client.Get(base + strings.TrimPrefix(path, "/")); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					return time.Since(start)
				}
			}
			time.Sleep(every)
		}
		b.Fatalf("%s: no 200 within %v of the start", path, time.Since(start))
		return 0
	}
	var f startupFigures
	f.first = ms(await("/2026-04-17/704.5k", 2*time.Millisecond))
	f.ready = ms(await("/readyz", 10*time.Millisecond))
	f.cpu = cpuMillis(b, cmd.Process.Pid)
	time.Sleep(startupSettle)
	f.rss = statusMiB(b, cmd.Process.Pid, "VmRSS")
	f.peak = statusMiB(b, cmd.Process.Pid, "VmHWM")
	f.heap = heapInUse(b, client, base)
	return f
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// cpuMillis is the user and system time pid has used, all its threads,
// from /proc/PID/stat (in clock ticks, 100 a second on Linux).
func cpuMillis(b *testing.B, pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	// The command's name, in parentheses, may hold spaces: fields count
	// from after it. utime and stime are the 14th and 15th of the line.
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		b.Fatalf("/proc/%d/stat: %q", pid, s)
	}
	user, err1 := strconv.ParseFloat(fields[11], 64)
	sys, err2 := strconv.ParseFloat(fields[12], 64)
	if err1 != nil || err2 != nil {
		b.Fatalf("/proc/%d/stat: %q", pid, s)
	}
	return (user + sys) * 10
}

// statusMiB reads a field of /proc/PID/status given in kB.
func statusMiB(b *testing.B, pid int, field string) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(raw)) {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			if err != nil {
				b.Fatalf("%s: %q", field, line)
			}
			return kb / 1024
		}
	}
	b.Fatalf("/proc/%d/status has no %s", pid, field)
	return 0
}

// heapInUse reads go_memstats_heap_inuse_bytes from the server's /metrics.
func heapInUse(b *testing.B, client *http.Client, base string) float64 {
	resp, err := client.Get(base + "metrics")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "go_memstats_heap_inuse_bytes "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				b.Fatal(err)
			}
			return n / (1 << 20)
		}
	}
	b.Fatal("/metrics has no go_memstats_heap_inuse_bytes")
	return 0
}
