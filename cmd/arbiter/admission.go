package main

import (
	"fmt"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

// admission bounds the work a client can make the server do on the routes
// that cost: uncached diffs and histories across editions, search over
// every edition and whole-edition pages. A cached page is answered before
// routing (Server.ServeHTTP) and never meets it, so a reader of rule pages
// does not wait behind anyone's diffs. (A sandbox run has bounds of its
// own: 50 ms of CPU, and a rate per client.)
//
// The expensive work runs on at most Workers processors at a time; up to
// Queue more requests wait, each at most Wait, for one to be free; beyond
// that a request is refused at once with 503 and Retry-After. One client
// (an address, or a /64 for IPv6, as the sandbox's rate limit counts them)
// may have PerClient such requests in flight; another gets 429 at once.
type admission struct {
	off   bool
	opt   AdmissionOptions
	slots chan struct{} // held while the work runs
	line  chan struct{} // held while a request waits or runs: bounds the queue

	mu       sync.Mutex
	inFlight map[netip.Prefix]int

	running, waiting prometheus.Gauge
	refused          *prometheus.CounterVec
}

// AdmissionOptions are serve's --expensive-* flags.
type AdmissionOptions struct {
	Workers   int           // expensive requests run at once; 0: the processors less one, at least one
	Queue     int           // requests that may wait for a worker; 0: four per worker
	Wait      time.Duration // how long one may wait; 0: 1.5 s
	PerClient int           // expensive requests of one client in flight (running or waiting); 0: 1
}

func (o AdmissionOptions) withDefaults() AdmissionOptions {
	if o.Workers <= 0 {
		// One processor is left for the cheap requests.
		o.Workers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if o.Queue <= 0 {
		o.Queue = 4 * o.Workers
	}
	if o.Wait <= 0 {
		o.Wait = 1500 * time.Millisecond
	}
	if o.PerClient <= 0 {
		// One: a client's second would wait behind its first, and a
		// reader's one request behind both (a far diff takes up to
		// 1.3 s alone); a reader has one page loading at a time.
		o.PerClient = 1
	}
	return o
}

// newAdmission makes the bounds; off, it admits everything (a static
// export renders every page through the server, as fast as it can).
func newAdmission(o AdmissionOptions, on bool) *admission {
	o = o.withDefaults()
	return &admission{
		off:      !on,
		opt:      o,
		slots:    make(chan struct{}, o.Workers),
		line:     make(chan struct{}, o.Workers+o.Queue),
		inFlight: map[netip.Prefix]int{},
		running: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_expensive_running",
			Help: "Expensive requests (uncached diffs, histories, search of every edition, whole editions) running now.",
		}),
		waiting: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_expensive_waiting",
			Help: "Expensive requests waiting for a worker.",
		}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_expensive_refused_total",
			Help: "Expensive requests refused, by reason: client (429: too many of one client's in flight), full (503: the queue was full), timeout (503: waited too long).",
		}, []string{"reason"}),
	}
}

func (a *admission) collectors() []prometheus.Collector {
	for _, r := range []string{"client", "full", "timeout"} {
		a.refused.WithLabelValues(r)
	}
	return []prometheus.Collector{a.running, a.waiting, a.refused}
}

// expensive runs h under the admission's bounds.
func (s *Server) expensive(h echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		release, err := s.admit.enter(c.Request(), clientKey(c.Request(), s.trusted))
		if err != nil {
			return err
		}
		defer release()
		return h(c)
	}
}

// expensiveIf runs h under the admission's bounds when costly says the
// request is one of the costly kind (search over every edition), else as
// it is.
func (s *Server) expensiveIf(costly func(echo.Context) bool, h echo.HandlerFunc) echo.HandlerFunc {
	bounded := s.expensive(h)
	return func(c echo.Context) error {
		if costly(c) {
			return bounded(c)
		}
		return h(c)
	}
}

// enter admits a request of client key or says why not; release ends it.
func (a *admission) enter(r *http.Request, key netip.Prefix) (release func(), err error) {
	if a.off {
		return func() {}, nil
	}
	a.mu.Lock()
	if a.inFlight[key] >= a.opt.PerClient {
		a.mu.Unlock()
		a.refused.WithLabelValues("client").Inc()
		return nil, busy(http.StatusTooManyRequests, time.Second, fmt.Sprintf(
			"You have %s under way already (diffs, histories, searches of every edition, whole editions), "+
				"the most one address may have at once. Wait for it to finish, then try again.", costlyCount(a.opt.PerClient)))
	}
	a.inFlight[key]++
	a.mu.Unlock()
	leave := func() {
		a.mu.Lock()
		if a.inFlight[key]--; a.inFlight[key] <= 0 {
			delete(a.inFlight, key)
		}
		a.mu.Unlock()
	}
	select {
	case a.line <- struct{}{}:
	default:
		leave()
		a.refused.WithLabelValues("full").Inc()
		return nil, busy(http.StatusServiceUnavailable, 2*time.Second,
			"The server is busy with costly requests from many readers. Try again in a few seconds; rule pages answer meanwhile.")
	}
	a.waiting.Inc()
	t := time.NewTimer(a.opt.Wait)
	defer t.Stop()
	select {
	case a.slots <- struct{}{}:
		a.waiting.Dec()
	case <-t.C:
		a.waiting.Dec()
		<-a.line
		leave()
		a.refused.WithLabelValues("timeout").Inc()
		return nil, busy(http.StatusServiceUnavailable, 2*time.Second,
			"The server is busy with costly requests from many readers and could not start yours in time. Try again in a few seconds; rule pages answer meanwhile.")
	case <-r.Context().Done():
		a.waiting.Dec()
		<-a.line
		leave()
		return nil, r.Context().Err()
	}
	a.running.Inc()
	return func() {
		a.running.Dec()
		<-a.slots
		<-a.line
		leave()
	}, nil
}

func costlyCount(n int) string {
	if n == 1 {
		return "a costly request"
	}
	return strconv.Itoa(n) + " costly requests"
}

// busy is a refusal: its status, when to try again, and what happened.
func busy(status int, retry time.Duration, msg string) error {
	return &httpError{status: status, msg: msg, retryAfter: strconv.Itoa(int(retry.Seconds()))}
}

// waitingNow is how many requests wait for a worker.
func (a *admission) waitingNow() int { return len(a.line) - len(a.slots) }
