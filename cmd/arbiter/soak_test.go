package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/static"
)

// TestSoak runs `arbiter serve` (every embedded edition, a data directory
// of its own) as a child process on loopback under a mixed load for
// ARBITER_SOAK (a duration; the test is skipped without it), while the
// faults of issue 27 happen to it: a data directory that gains a file that
// is not rules, then loses it, and gains a new edition, then loses it (each
// a reload by the watcher), and reloads (SIGHUP) under load. The load:
// readers, each its own client address (X-Forwarded-For from a trusted
// proxy), reading cached and uncached pages, searches, the API, and one of
// them diffs of neighbouring editions; and an abusive client asking for
// far diffs, whole editions and searches of every edition from many
// connections at once.
//
// It fails on any error: a reader's answer other than 2xx or 3xx, the
// abusive client's other than 200, 429 or 503, a failed connection, a
// fault the server did not take up (a reload that did not happen), an
// ERROR in the server's log (but the bad file's "left out"), RSS grown by
// over 10% from the end of the warm-up to the end (each measured idle,
// with every URL of the load asked for once, so that the caches hold the
// same, after a collection that gives memory back; the RSS under load is
// reported too), or more goroutines at the end than after the warm-up. The
// warm-up runs the same load and one reload.
//
// CI runs the short version (.ci/run); the long one by hand:
//
//	ARBITER_SOAK=15s go test ./cmd/arbiter -run '^TestSoak$' -count=1 -v
//	ARBITER_SOAK=10m go test ./cmd/arbiter -run '^TestSoak$' -count=1 -v -timeout 20m
func TestSoak(t *testing.T) {
	if os.Getenv("ARBITER_SOAK") == "" {
		t.Skip("set ARBITER_SOAK to a duration (15s in CI, 10m by hand) to run the soak")
	}
	dur := envDuration(t, "ARBITER_SOAK", 15*time.Second)
	// Faults come one after another, a step apart: in a short run as
	// often as a reload allows, in a long one every 8 s. The warm-up has
	// reloaded by SIGHUP already, so the bad file comes first: a short
	// run may have time for one fault only.
	step := min(max(dur/5, 3*time.Second), 8*time.Second)

	data := t.TempDir()
	cr := filepath.Join(data, "cr")
	if err := os.MkdirAll(cr, 0o755); err != nil {
		t.Fatal(err)
	}
	// An edition of the user's own, on a date no official one has.
	putFile(t, filepath.Join(cr, "2019-12-24.txt"), miniCR(time.Date(2019, 12, 24, 0, 0, 0, 0, time.UTC), "Served from the data directory."))
	srv := startChild(t, nil, "serve", "--addr", "127.0.0.1:0", "--data-dir", data, "--watch-interval", "300ms",
		"--trusted-proxy", "127.0.0.1", "--wasm", filepath.Join(t.TempDir(), "none.wasm"))
	start := time.Now()
	srv.awaitReady(t, 5*time.Minute)
	srv.awaitLog(t, time.Minute, "no search offline")
	t.Logf("ready %.1f s after the start", time.Since(start).Seconds())

	// Far diffs the abusive client asks for: each is cached once
	// answered, and each checkpoint asks for all of them (fill).
	far := 40
	if dur < time.Minute {
		far = 8 // short: CI's
	}
	mix := soakMix(t, srv.url, far)
	load := newSoakLoad(srv.url, mix)

	// Warm-up: the load, and one reload under it.
	warm := min(max(dur/10, 3*time.Second), time.Minute)
	load.start()
	time.Sleep(warm / 2)
	reloads := srv.reloads(t)
	srv.cmd.Process.Signal(syscall.SIGHUP)
	srv.awaitReloads(t, reloads+1, time.Minute)
	time.Sleep(warm / 2)
	loadedRSS := srv.rssFor(t, 2*time.Second)
	load.stop(t)
	base := srv.checkpoint(t, mix)
	t.Logf("after the warm-up (%v): RSS %.1f MiB under load, %.1f MiB idle after a collection; %d goroutines; %v",
		warm, mib(loadedRSS), mib(base.rss), base.goroutines, load.counts())
	if errs := load.errorList(); len(errs) > 0 {
		t.Fatalf("errors in the warm-up: %d, the first: %s", len(errs), errs[0])
	}

	// The soak: the load, and the faults in turn until the time is up.
	load.reset()
	load.start()
	soakStart := time.Now()
	end := soakStart.Add(dur)
	faults := []struct {
		name string
		do   func()
	}{
		{"a file that is not rules", func() {
			putFile(t, filepath.Join(cr, "notes.txt"), []byte("Shopping list\n\n1. eggs\n2) milk\n\x00\x01 binary junk\n"))
		}},
		{"that file gone", func() { os.Remove(filepath.Join(cr, "notes.txt")) }},
		{"a new edition", func() {
			putFile(t, filepath.Join(cr, "2020-02-02.txt"), miniCR(time.Date(2020, 2, 2, 0, 0, 0, 0, time.UTC), "Added under load."))
		}},
		{"that edition gone", func() { os.Remove(filepath.Join(cr, "2020-02-02.txt")) }},
		{"SIGHUP", func() { srv.cmd.Process.Signal(syscall.SIGHUP) }},
	}
	done := 0
	for i := 0; time.Now().Add(step).Before(end) || done == 0; i++ {
		f := faults[i%len(faults)]
		before := srv.reloads(t)
		at := time.Now()
		f.do()
		srv.awaitReloads(t, before+1, time.Minute)
		done++
		if testing.Verbose() {
			t.Logf("%6.1f s: %s: reloaded in %.1f s; %v", time.Since(soakStart).Seconds(), f.name, time.Since(at).Seconds(), load.counts())
		}
		if rest := step - time.Since(at); rest > 0 {
			time.Sleep(rest)
		}
	}
	time.Sleep(time.Until(end))
	endLoadedRSS := srv.rssFor(t, 2*time.Second)
	load.stop(t)
	last := srv.checkpoint(t, mix)
	t.Logf("after %v and %d faults: RSS %.1f MiB under load, %.1f MiB idle after a collection; %d goroutines; %v",
		dur, done, mib(endLoadedRSS), mib(last.rss), last.goroutines, load.counts())
	t.Logf("RSS idle %+.1f%%, under load %+.1f%%; goroutines %+d",
		100*(float64(last.rss)/float64(base.rss)-1), 100*(float64(endLoadedRSS)/float64(loadedRSS)-1), last.goroutines-base.goroutines)

	if errs := load.errorList(); len(errs) > 0 {
		t.Errorf("%d errors under load, the first: %s", len(errs), strings.Join(errs[:min(len(errs), 5)], "; "))
	}
	if got := load.ok.Load(); got == 0 {
		t.Error("no reader's request answered")
	}
	for _, l := range srv.errorLines() {
		if !strings.Contains(l, "left out") || !strings.Contains(l, "notes.txt") {
			t.Errorf("server logged: %s", l)
		}
	}
	if float64(last.rss) > 1.10*float64(base.rss) {
		t.Errorf("RSS grew from %.1f to %.1f MiB (idle, after a collection): over 10%%", mib(base.rss), mib(last.rss))
	}
	if last.goroutines > base.goroutines {
		before, _ := os.ReadFile(base.stacks)
		after, _ := os.ReadFile(last.stacks)
		t.Errorf("goroutines grew from %d to %d; after the warm-up:\n%s\nat the end:\n%s", base.goroutines, last.goroutines, before, after)
	}
}

// goroutineTotal reads the count a goroutine profile file (debug=1)
// starts with: "goroutine profile: total 8".
func goroutineTotal(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if _, err := fmt.Sscanf(string(b), "goroutine profile: total %d", &n); err != nil {
		t.Fatalf("%s: no goroutine total in %.60q: %v", file, b, err)
	}
	return n
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

// soakURLs are what the load asks for.
type soakURLs struct {
	reader []string // cheap, mostly cached pages
	differ []string // a reader's diffs of neighbouring editions
	abuse  []string // the costly kind: far diffs, whole editions, every edition searched
}

// soakMix builds the load's URLs from the editions served, and checks
// that each of the readers' answers 200 before any load.
func soakMix(t *testing.T, base string, far int) soakURLs {
	t.Helper()
	resp, err := http.Get(base + "/api/editions")
	if err != nil {
		t.Fatal(err)
	}
	var eds []struct{ ID, Document string }
	err = json.NewDecoder(resp.Body).Decode(&eds)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range eds {
		// The official editions, named by their dates (not "classic",
		// nor an excerpt, nor the data directory's).
		if _, err := time.Parse(time.DateOnly, e.ID); err == nil && e.Document == "cr" && e.ID != "2019-12-24" {
			ids = append(ids, e.ID)
		}
	}
	slices.Sort(ids)
	if len(ids) < 40 {
		t.Fatalf("only %d CR editions served", len(ids))
	}
	newest := ids[len(ids)-1]
	m := soakURLs{
		reader: []string{
			"/" + newest + "/704.5k", "/" + newest + "/704", "/" + newest + "/100.1", "/rules/704.5j",
			"/" + ids[len(ids)-2] + "/702.2", "/2012-01-01/704.5j", "/" + newest, "/" + newest + "/glossary",
			"/2019-12-24/100.1", "/mtr/2.3", "/ipg/2.1", "/", "/help", "/healthz",
			"/search?q=state-based+actions", "/search?q=can+my+wall+attack", "/api/" + newest + "/rules/704.5k",
			static.URL("app.css"), "/api/editions", "/diagnostics",
		},
	}
	for i := len(ids) - 6; i < len(ids)-1; i++ {
		m.differ = append(m.differ, "/api/diff/"+ids[i]+"/"+ids[i+1], "/diff/"+ids[i]+"/"+ids[i+1])
	}
	for i := range far {
		m.abuse = append(m.abuse, "/api/diff/"+ids[i]+"/"+ids[len(ids)-1-i%20])
	}
	m.abuse = append(m.abuse, "/"+ids[len(ids)-3]+"/all", "/search?q=lifelink&e=all", "/api/all/search?q=trample")
	for _, u := range append(slices.Clone(m.reader), m.differ[:2]...) {
		code, err := soakGet(http.DefaultClient, base+u, "203.0.113.1")
		if err != nil || code != 200 {
			t.Fatalf("GET %s: %d %v (before any load: fix the mix)", u, code, err)
		}
	}
	return m
}

// soakGet asks for url as client (X-Forwarded-For) and reads the answer.
func soakGet(c *http.Client, url, client string) (int, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("X-Forwarded-For", client)
	req.Header.Set("Accept-Encoding", []string{"br", "gzip", "identity"}[rand.IntN(3)])
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, err
}

// soakLoad is the load: readers and an abusive client, each goroutine a
// connection of its own.
type soakLoad struct {
	base   string
	mix    soakURLs
	quit   chan struct{}
	wg     sync.WaitGroup
	trs    []*http.Transport
	ok     atomic.Int64 // readers' answers
	abused atomic.Int64 // the abusive client's answers, 200
	denied atomic.Int64 // … and 429 or 503
	// The reader's diffs, and those refused with 429 or 503.
	diffs, diffRefused atomic.Int64

	mu   sync.Mutex
	errs []string
}

func newSoakLoad(base string, mix soakURLs) *soakLoad {
	return &soakLoad{base: base, mix: mix}
}

const (
	soakReaders = 6  // each its own client address
	soakAbusers = 12 // connections of the one abusive client
)

func (l *soakLoad) start() {
	l.quit = make(chan struct{})
	for i := range soakReaders + soakAbusers {
		tr := &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 1}
		l.trs = append(l.trs, tr)
		c := &http.Client{Transport: tr, Timeout: 30 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		abusive := i >= soakReaders
		client := fmt.Sprintf("203.0.113.%d", 10+i)
		if abusive {
			client = "198.51.100.7"
		}
		l.wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-l.quit:
					return
				default:
				}
				var u string
				differ := false
				switch {
				case abusive:
					u = l.mix.abuse[rand.IntN(len(l.mix.abuse))]
				case i == 0 && n%4 == 0: // one reader diffs, one request at a time
					u, differ = l.mix.differ[rand.IntN(len(l.mix.differ))], true
					l.diffs.Add(1)
				default:
					u = l.mix.reader[rand.IntN(len(l.mix.reader))]
				}
				code, err := soakGet(c, l.base+u, client)
				switch {
				case err != nil:
					l.fail("%s GET %s: %v", client, u, err)
				case abusive && code == 200:
					l.abused.Add(1)
				case abusive && (code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable):
					l.denied.Add(1)
				case !abusive && code >= 200 && code < 400:
					l.ok.Add(1)
				case differ && (code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable):
					// Refused, with Retry-After: one worker on two
					// cores, held by the abusive client's far diff
					// for longer than the wait (--expensive-wait).
					l.diffRefused.Add(1)
				default:
					l.fail("%s GET %s: %d", client, u, code)
				}
			}
		})
	}
}

func (l *soakLoad) fail(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.errs) < 1000 {
		l.errs = append(l.errs, fmt.Sprintf(format, args...))
	}
}

// stop ends the load and closes its connections, so that the server's
// goroutines for them end too.
func (l *soakLoad) stop(t *testing.T) {
	close(l.quit)
	l.wg.Wait()
	for _, tr := range l.trs {
		tr.CloseIdleConnections()
	}
	l.trs = nil
}

func (l *soakLoad) reset() {
	l.ok.Store(0)
	l.abused.Store(0)
	l.denied.Store(0)
	l.diffs.Store(0)
	l.diffRefused.Store(0)
	l.mu.Lock()
	l.errs = nil
	l.mu.Unlock()
}

func (l *soakLoad) errorList() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.errs)
}

func (l *soakLoad) counts() string {
	return fmt.Sprintf("readers %d answers (%d of %d diffs refused), abusive client %d answered and %d refused, %d errors",
		l.ok.Load(), l.diffRefused.Load(), l.diffs.Load(), l.abused.Load(), l.denied.Load(), len(l.errorList()))
}

// reloads is how many reloads the server has finished, of every result.
func (c *child) reloads(t *testing.T) float64 {
	t.Helper()
	n := 0.0
	for _, r := range []string{"ok", "partial", "failed"} {
		n += c.metricOr(t, `arbiter_reloads_total{result="`+r+`"}`, 0)
	}
	return n
}

// awaitReloads waits until the server has finished n reloads.
func (c *child) awaitReloads(t *testing.T, n float64, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for c.reloads(t) < n {
		if time.Now().After(deadline) {
			t.Fatalf("no reload within %v", limit)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// rssFor is the child's mean RSS over d, sampled every 100 ms.
func (c *child) rssFor(t *testing.T, d time.Duration) int64 {
	var sum, n int64
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		sum += c.rss(t)
		n++
	}
	return sum / max(n, 1)
}

var checkpoints int

// soakPoint is the server at rest.
type soakPoint struct {
	rss        int64
	goroutines int
	stacks     string // a file of the goroutines' stacks
}

// checkpoint brings the server to the same state each time and measures
// it: every URL of the mix asked for once, one after another, so that what
// the server keeps of them (pages in the cache, search indexes) is there
// whatever the last reload emptied; then idle (what a reload leaves in the
// background done, the connections closed), collected, memory given back.
func (c *child) checkpoint(t *testing.T, mix soakURLs) soakPoint {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	retried := 0
	for _, u := range slices.Concat(mix.reader, mix.differ, mix.abuse) {
		for try := 0; ; try++ {
			code, err := soakGet(client, c.url+u, "203.0.113.200")
			if err == nil && code == 200 {
				break
			}
			// A client's costly request counts against it until its
			// handler has returned, which may be after the client has
			// read the whole answer and sent its next: a 429.
			if err != nil || code != http.StatusTooManyRequests || try == 5 {
				t.Fatalf("at rest, GET %s: %d %v", u, code, err)
			}
			retried++
			time.Sleep(100 * time.Millisecond)
		}
	}
	if retried > 0 {
		t.Logf("at rest, %d requests of one client at a time were refused with 429 and asked again", retried)
	}
	http.DefaultClient.CloseIdleConnections()
	c.awaitIdle(t, 2*time.Minute)
	c.command(t, "gc")
	if prefix := os.Getenv("ARBITER_SOAK_HEAP"); prefix != "" {
		// go tool pprof -sample_index=inuse_space -base PREFIX.1 PREFIX.2
		c.command(t, fmt.Sprintf("allocs %s.%d", prefix, checkpoints+1))
	}
	time.Sleep(500 * time.Millisecond)
	checkpoints++
	p := soakPoint{rss: c.rss(t), stacks: filepath.Join(t.TempDir(), fmt.Sprintf("goroutines.%d", checkpoints))}
	// The count is the stacks file's, written by the process itself: the
	// go_goroutines metric counts the goroutines serving its own scrape
	// too, one more or one fewer from one scrape to the next (a 10-minute
	// soak once read 13 then 14 with the same 8 goroutines in both files).
	c.command(t, "goroutines "+p.stacks)
	p.goroutines = goroutineTotal(t, p.stacks)
	t.Logf("at rest: RSS %.1f MiB, Go heap %.1f MiB of %.1f MiB held from the system, limit %.1f MiB",
		mib(p.rss), c.metric(t, "go_memstats_heap_alloc_bytes")/(1<<20),
		(c.metric(t, "go_memstats_sys_bytes")-c.metric(t, "go_memstats_heap_released_bytes"))/(1<<20),
		c.metric(t, "go_gc_gomemlimit_bytes")/(1<<20))
	return p
}
