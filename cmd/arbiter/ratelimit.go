package main

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// rateLimiter is a token bucket per client address, kept in memory and
// bounded in size. It guards the sandbox's run endpoint, the one route
// whose cost (up to 50 ms of engine time) a client chooses.
type rateLimiter struct {
	mu      sync.Mutex
	rate    float64 // tokens added per second
	burst   float64 // bucket size
	max     int     // buckets kept
	buckets map[netip.Prefix]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// Defaults for the sandbox: stepping through a scenario costs a run per
// click, so a reader gets a generous burst, while a script gets two runs a
// second, at most a tenth of a core.
const (
	runRate    = 2
	runBurst   = 40
	runClients = 10000 // about 1 MB of buckets
)

func newRateLimiter(rate, burst float64, max int) *rateLimiter {
	return &rateLimiter{rate: rate, burst: burst, max: max, buckets: map[netip.Prefix]*bucket{}, now: time.Now}
}

// allow takes a token from key's bucket. When there is none it says how long
// until there will be.
func (l *rateLimiter) allow(key netip.Prefix) (ok bool, retry time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= l.max {
			l.evict(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if dt := now.Sub(b.last).Seconds(); dt > 0 {
		b.tokens = min(l.burst, b.tokens+dt*l.rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// evict makes room: first the buckets that have refilled (forgetting them
// changes nothing), then, if every client is busy, arbitrary ones; such a
// client starts again with a full bucket, which bounds memory at the cost
// of a little leniency under a flood of addresses.
func (l *rateLimiter) evict(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
	for k := range l.buckets {
		if len(l.buckets) < l.max*9/10 {
			break
		}
		delete(l.buckets, k)
	}
}

// clientKey is who a request counts against: its peer address, or, when
// the peer is one of the trusted reverse proxies, the nearest address in
// X-Forwarded-For that is not a trusted proxy (the header's earlier
// entries are whatever the client wrote, so only the ones our proxies
// appended are believed). IPv6 addresses are grouped by /64, the block
// one subscriber usually holds.
func clientKey(r *http.Request, trusted []netip.Prefix) netip.Prefix {
	a, ok := hostAddr(r.RemoteAddr)
	if !ok {
		return netip.Prefix{}
	}
	if isTrusted(a, trusted) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			h, ok := hostAddr(strings.TrimSpace(hops[i]))
			if !ok {
				break // garbled: trust nothing further left
			}
			a = h
			if !isTrusted(h, trusted) {
				break
			}
		}
	}
	if a.Is4() {
		return netip.PrefixFrom(a, 32)
	}
	p, _ := a.WithZone("").Prefix(64)
	return p
}

// hostAddr reads an address with or without a port.
func hostAddr(s string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(s)
	if err != nil {
		host = s
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
