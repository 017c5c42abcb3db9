package main

import (
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestRateLimiter(t *testing.T) {
	clock := time.Unix(1e9, 0)
	l := newRateLimiter(2, 3, 100)
	l.now = func() time.Time { return clock }
	a := netip.MustParsePrefix("192.0.2.1/32")
	take := func(want bool) {
		t.Helper()
		ok, retry := l.allow(a)
		if ok != want {
			t.Fatalf("at %v: allowed %v, want %v", clock.Sub(time.Unix(1e9, 0)), ok, want)
		}
		if !ok && (retry <= 0 || retry > time.Second/2) {
			t.Errorf("retry after %v, want up to half a second at 2 a second", retry)
		}
	}
	take(true) // the burst: three
	take(true)
	take(true)
	take(false)
	clock = clock.Add(250 * time.Millisecond) // half a token
	take(false)
	clock = clock.Add(250 * time.Millisecond) // one token
	take(true)
	take(false)
	clock = clock.Add(time.Hour) // refilled to the burst, no more
	take(true)
	take(true)
	take(true)
	take(false)
}

// The limiter keeps at most max buckets however many addresses come.
func TestRateLimiterBounded(t *testing.T) {
	clock := time.Unix(1e9, 0)
	l := newRateLimiter(1, 2, 50)
	l.now = func() time.Time { return clock }
	for i := 0; i < 1000; i++ {
		p := netip.PrefixFrom(netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), 32)
		l.allow(p)
		l.allow(p)
		if len(l.buckets) > 50 {
			t.Fatalf("%d buckets after %d addresses", len(l.buckets), i+1)
		}
	}
	// Buckets that refilled go first: a busy client keeps its empty bucket.
	busy := netip.MustParsePrefix("10.9.9.9/32")
	l.allow(busy)
	l.allow(busy)
	clock = clock.Add(time.Minute)
	l.allow(busy)
	l.allow(busy)
	for i := 0; i < 40; i++ { // the first fills the map: the idle ones go
		l.allow(netip.PrefixFrom(netip.AddrFrom4([4]byte{10, 1, 0, byte(i)}), 32))
	}
	if ok, _ := l.allow(busy); ok {
		t.Error("the busy client was forgotten while idle ones were kept")
	}
}

func TestClientKey(t *testing.T) {
	for addr, want := range map[string]string{
		"192.0.2.7:5555":             "192.0.2.7/32",
		"[2001:db8:1:2:3:4:5:6]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:1":   "2001:db8:1:2::/64", // same /64: one client
		"[::ffff:192.0.2.7]:80":      "192.0.2.7/32",
		"[fe80::1%eth0]:80":          "fe80::/64",
		"pipe":                       "invalid Prefix",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = addr
		if got := clientKey(r, nil).String(); got != want {
			t.Errorf("%s: %s, want %s", addr, got, want)
		}
	}
}

// Behind a trusted proxy the client is the nearest untrusted address in
// X-Forwarded-For; from anywhere else the header is ignored.
func TestClientKeyTrustedProxy(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8:ffff::/48")}
	tests := []struct {
		peer string
		xff  []string
		want string
	}{
		{"10.1.2.3:80", []string{"198.51.100.9"}, "198.51.100.9/32"},
		{"10.1.2.3:80", []string{"203.0.113.5, 198.51.100.9"}, "198.51.100.9/32"},             // the client wrote the first
		{"10.1.2.3:80", []string{"203.0.113.5", "198.51.100.9, 10.4.4.4"}, "198.51.100.9/32"}, // two proxies, two headers
		{"10.1.2.3:80", []string{"[2001:db8:1:2::9]:1234"}, "2001:db8:1:2::/64"},
		{"10.1.2.3:80", []string{"garbage, 198.51.100.9"}, "198.51.100.9/32"},
		{"10.1.2.3:80", []string{"198.51.100.9, garbage"}, "10.1.2.3/32"}, // nothing believable: the proxy itself
		{"10.1.2.3:80", []string{"10.5.5.5"}, "10.5.5.5/32"},              // only proxies: the farthest
		{"10.1.2.3:80", nil, "10.1.2.3/32"},
		{"[2001:db8:ffff::1]:80", []string{"198.51.100.9"}, "198.51.100.9/32"},
		{"192.0.2.7:80", []string{"198.51.100.9"}, "192.0.2.7/32"}, // not a proxy of ours: header ignored
		{"[::ffff:10.1.2.3]:80", []string{"198.51.100.9"}, "198.51.100.9/32"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.peer
		for _, v := range tt.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := clientKey(r, trusted).String(); got != tt.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", tt.peer, tt.xff, got, tt.want)
		}
	}
}

func TestPrefixListFlag(t *testing.T) {
	var p prefixList
	for _, v := range []string{"10.0.0.0/8", "192.0.2.1", "::ffff:10.1.0.0/112", "2001:db8::1/48"} {
		if err := p.Set(v); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
	}
	if got, want := p.String(), "10.0.0.0/8, 192.0.2.1/32, 10.1.0.0/16, 2001:db8::/48"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
	for _, v := range []string{"10.0.0.0/33", "example.com", ""} {
		if err := p.Set(v); err == nil {
			t.Errorf("%q accepted", v)
		}
	}
}
