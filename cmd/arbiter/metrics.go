package main

import (
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are what /metrics exposes, in a registry of the server's own so
// that tests can run many servers in one process. Requests are counted by
// route pattern ("/:edition/:number"), never by raw path, so a crawler or
// an attacker cannot grow the series without bound.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec   // route, method, code
	latency  *prometheus.HistogramVec // route
	reloads  *prometheus.CounterVec   // result: ok or failed
	editions prometheus.Gauge
	diags    *prometheus.GaugeVec // severity: diagnostics of the last load attempt
	parseErr prometheus.Counter

	mu     sync.RWMutex
	routes map[string]*routeMetrics
}

// routeMetrics are one route's series, resolved once so that serving a
// cached page does not hash label values on every request.
type routeMetrics struct {
	latency  prometheus.Observer
	ok, same prometheus.Counter // GET 200 and GET 304, by far the most frequent
	route    string
}

// Latency buckets from 100 µs: a cached page takes tens of microseconds,
// a search a millisecond, a sandbox run up to 50 ms.
var latencyBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "arbiter_http_request_duration_seconds",
			Help:    "Time to answer a request, by route pattern.",
			Buckets: latencyBuckets,
		}, []string{"route"}),
		reloads: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arbiter_reloads_total",
			Help: "Content reloads (SIGHUP or --watch), by result: ok, or failed (the previous editions kept serving).",
		}, []string{"result"}),
		editions: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "arbiter_editions_loaded",
			Help: "Editions being served.",
		}),
		diags: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "arbiter_content_diagnostics",
			Help: "Diagnostics of the last content load, by severity (error means the load was refused).",
		}, []string{"severity"}),
		parseErr: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "arbiter_parse_errors_total",
			Help: "Parse errors found in content loads since start (each refused load counts its errors).",
		}),
		routes: map[string]*routeMetrics{},
	}
	m.reloads.WithLabelValues("ok")
	m.reloads.WithLabelValues("failed")
	m.reg.MustRegister(s.admit.collectors()...)
	m.reg.MustRegister(m.requests, m.latency, m.reloads, m.editions, m.diags, m.parseErr,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "arbiter_search_indexes_held",
			Help: "Editions whose search index is in memory (built on first search, least recently used dropped).",
		}, func() float64 { n, _ := s.site.Load().search.Stats(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "arbiter_search_index_builds_total",
			Help: "Search indexes built for the library now served.",
		}, func() float64 { _, n := s.site.Load().search.Stats(); return float64(n) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "arbiter_ready",
			Help: "1 once the editions are loaded and the newest one's search index and history are built.",
		}, func() float64 {
			if s.ready.Load() {
				return 1
			}
			return 0
		}),
	)
	return m
}

// route returns the series of a route pattern, making them on first use.
func (m *metrics) route(pattern string) *routeMetrics {
	m.mu.RLock()
	rm := m.routes[pattern]
	m.mu.RUnlock()
	if rm != nil {
		return rm
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if rm = m.routes[pattern]; rm == nil {
		rm = &routeMetrics{
			route:   pattern,
			latency: m.latency.WithLabelValues(pattern),
			ok:      m.requests.WithLabelValues(pattern, http.MethodGet, "200"),
			same:    m.requests.WithLabelValues(pattern, http.MethodGet, "304"),
		}
		m.routes[pattern] = rm
	}
	return rm
}

// observe records one request.
func (m *metrics) observe(rm *routeMetrics, method string, code int, took time.Duration) {
	rm.latency.Observe(took.Seconds())
	switch {
	case method == http.MethodGet && code == http.StatusOK:
		rm.ok.Inc()
	case method == http.MethodGet && code == http.StatusNotModified:
		rm.same.Inc()
	default:
		m.requests.WithLabelValues(rm.route, methodLabel(method), strconv.Itoa(code)).Inc()
	}
}

// methodLabel keeps the method label to the methods HTTP defines: a
// client may send any token as a method.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "other"
}

// unmatched is the route label of requests no route matched.
const unmatched = "unmatched"

// instrument counts and times every request that goes through echo, by
// the route echo matched. It runs first, so it sees panics as the 500s
// recoverPanics makes of them.
func (s *Server) instrument(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		status := c.Response().Status
		if err != nil && !c.Response().Committed {
			status = asHTTPError(err).status
		}
		route := c.Path()
		if route == "" || errors.Is(err, echo.ErrNotFound) {
			route = unmatched // echo's own 404: no route took the path
		}
		s.metrics.observe(s.metrics.route(route), c.Request().Method, status, time.Since(start))
		return err
	}
}

// serveMetrics serves /metrics in Prometheus' text format.
func (s *Server) serveMetrics(c echo.Context) error {
	s.metricsHandler.ServeHTTP(c.Response(), c.Request())
	return nil
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
