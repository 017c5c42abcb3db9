package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The serving benchmark and the soak tests run each server in a process
// of its own: the test binary started again as a child (TestChild). A
// server sharing the load client's process would share its heap too, and
// the collector, marking the editions' hundred megabytes, would run on the
// client's garbage, for the static server as well; and RSS, goroutines and
// SIGHUP are a process's. A child ends when its standard input does, so
// one is never left behind by a parent that died.

// childEnv names what the child is to be, its arguments apart by
// U+001F: "serve ARGS…" (arbiter serve,
// as the command runs it) or "static BR IDENTITY TYPE" (minimalServer).
const childEnv = "ARBITER_TEST_CHILD"

// TestChild is the child's body; without childEnv it does nothing.
func TestChild(t *testing.T) {
	spec := os.Getenv(childEnv)
	if spec == "" {
		t.Skip("run as a child process by the serving benchmark and the soak tests")
	}
	go childControl()
	args := strings.Split(spec, "\x1f")
	switch args[0] {
	case "serve":
		os.Exit(run(args, os.Stdout, os.Stderr))
	case "static":
		os.Exit(minimalServer(args[1:]))
	}
	fmt.Fprintf(os.Stderr, "child: unknown role %q\n", args[0])
	os.Exit(2)
}

// childControl reads the parent's commands on standard input: "profile
// PATH" starts a CPU profile, "stop" writes it, "allocs PATH" writes the
// allocations so far, "goroutines PATH" writes its goroutines' stacks,
// "gc" collects and gives memory back. End of input ends the
// process.
func childControl() {
	sc := bufio.NewScanner(os.Stdin)
	var prof *os.File
	for sc.Scan() {
		cmd, arg, _ := strings.Cut(sc.Text(), " ")
		switch cmd {
		case "profile":
			f, err := os.Create(arg)
			if err == nil && pprof.StartCPUProfile(f) == nil {
				prof = f
			}
		case "allocs": // what was allocated since the start: pprof -base tells two apart
			if f, err := os.Create(arg); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		case "goroutines": // who they are, to tell what grew
			if f, err := os.Create(arg); err == nil {
				pprof.Lookup("goroutine").WriteTo(f, 1)
				f.Close()
			}
		case "gc": // collect, and give back what is free
			// Twice first: what sync.Pools hold (echo's contexts, each
			// with the site its last request was served from) goes at
			// the second collection.
			runtime.GC()
			runtime.GC()
			debug.FreeOSMemory()
		case "stop":
			if prof != nil {
				pprof.StopCPUProfile()
				prof.Close()
				prof = nil
			}
		}
		fmt.Println("ok " + cmd) // the parent waits for this
	}
	os.Exit(0)
}

// minimalServer is the yardstick: net/http answering every request with
// the same bytes the rule page is, in brotli to a client that takes it,
// else as they are, with Content-Type, Content-Encoding and
// Content-Length and nothing else. It prints its address.
func minimalServer(args []string) int {
	if len(args) != 3 {
		fmt.Fprintln(os.Stderr, "static: want BR-FILE IDENTITY-FILE CONTENT-TYPE")
		return 2
	}
	br, err1 := os.ReadFile(args[0])
	plain, err2 := os.ReadFile(args[1])
	if err1 != nil || err2 != nil {
		fmt.Fprintln(os.Stderr, "static:", err1, err2)
		return 1
	}
	typ := []string{args[2]}
	brLen, plainLen := []string{strconv.Itoa(len(br))}, []string{strconv.Itoa(len(plain))}
	enc := []string{"br"}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "static:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "static url=http://%s/\n", ln.Addr())
	return exitOf(http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Content-Type"] = typ
		if strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
			h["Content-Encoding"] = enc
			h["Content-Length"] = brLen
			w.Write(br)
			return
		}
		h["Content-Length"] = plainLen
		w.Write(plain)
	})))
}

func exitOf(err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// child is a running child process.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	acks  *bufio.Scanner
	url   string // "http://127.0.0.1:PORT"

	mu     sync.Mutex
	errors []string // level=ERROR lines of its log
	log    []string // its log, the first maxChildLog lines
}

const maxChildLog = 10000

var urlInLog = regexp.MustCompile(`url=(http://[0-9.:]+)/`)

// startChild starts the test binary as a child in role (with args), with
// env added to its environment, and waits for it to print its address.
// The child is killed when the test ends.
func startChild(t testing.TB, env []string, role string, args ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChild$")
	cmd.Env = append(append(os.Environ(), env...), childEnv+"="+strings.Join(append([]string{role}, args...), "\x1f"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stdin: stdin, acks: bufio.NewScanner(stdout)}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if m := urlInLog.FindStringSubmatch(line); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
			c.mu.Lock()
			if len(c.log) < maxChildLog {
				c.log = append(c.log, line)
			}
			if strings.Contains(line, "level=ERROR") || strings.Contains(line, "panic") {
				c.errors = append(c.errors, line)
			}
			c.mu.Unlock()
			if testing.Verbose() && os.Getenv("ARBITER_CHILD_LOG") != "" {
				fmt.Fprintln(os.Stderr, "child:", line)
			}
		}
	}()
	select {
	case c.url = <-found:
	case <-time.After(2 * time.Minute):
		t.Fatalf("child %s printed no address in 2 minutes", role)
	}
	return c
}

// command sends the child a control command and waits for its answer.
func (c *child) command(t testing.TB, cmd string) {
	t.Helper()
	if _, err := fmt.Fprintln(c.stdin, cmd); err != nil {
		t.Fatal(err)
	}
	for c.acks.Scan() {
		if strings.HasPrefix(c.acks.Text(), "ok ") {
			return
		}
	}
	t.Fatalf("child gave no answer to %q", cmd)
}

// errorLines is a copy of the level=ERROR lines the child has logged.
func (c *child) errorLines() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.errors...)
}

// awaitLog waits until the child has logged a line containing one of
// subs, and returns the line.
func (c *child) awaitLog(t testing.TB, limit time.Duration, subs ...string) string {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		for _, l := range c.log {
			for _, s := range subs {
				if strings.Contains(l, s) {
					c.mu.Unlock()
					return l
				}
			}
		}
		c.mu.Unlock()
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("child logged none of %q in %v", subs, limit)
	return ""
}

// awaitReady waits until the child's /readyz answers 200.
func (c *child) awaitReady(t testing.TB, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		resp, err := http.Get(c.url + "/readyz")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s/readyz not 200 after %v", c.url, limit)
}

// cpu is the CPU time the child has used.
func (c *child) cpu(t testing.TB) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	// The fields after the command's name, which is in parentheses:
	// utime and stime are the 12th and 13th, in clock ticks (100 a second).
	_, rest, _ := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		t.Fatalf("short /proc stat: %q", b)
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * 10 * time.Millisecond
}

// awaitIdle waits until the child has used under a tenth of a processor
// for a second: work left in the background after /readyz (the search's
// lineages, the runtime giving memory back) is done.
func (c *child) awaitIdle(t testing.TB, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	last := c.cpu(t)
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		now := c.cpu(t)
		if now-last < 100*time.Millisecond {
			return
		}
		last = now
	}
	t.Fatalf("child still busy after %v", limit)
}

// metric reads one series from the child's /metrics: a name, with its
// labels if it has any (`arbiter_reloads_total{result="ok"}`).
func (c *child) metric(t testing.TB, series string) float64 {
	t.Helper()
	v, ok := c.readMetric(t, series)
	if !ok {
		t.Fatalf("no %s in /metrics", series)
	}
	return v
}

// metricOr is metric, or def for a series not there (yet).
func (c *child) metricOr(t testing.TB, series string, def float64) float64 {
	t.Helper()
	if v, ok := c.readMetric(t, series); ok {
		return v
	}
	return def
}

// metricsClient keeps no connection open: the server's goroutines are
// counted through it.
var metricsClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: time.Minute}

func (c *child) readMetric(t testing.TB, series string) (float64, bool) {
	t.Helper()
	resp, err := metricsClient.Get(c.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f, true
		}
	}
	return 0, false
}

// rss is the child's resident set, in bytes.
func (c *child) rss(t testing.TB) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc status")
	return 0
}
