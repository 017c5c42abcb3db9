package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// hostServer serves srv on loopback through the same http.Server settings
// as `arbiter serve` (timeouts, header limit), so requests go through
// net/http's parsing as well as the app.
func hostServer(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := newHTTPServer(srv, slog.New(slog.DiscardHandler))
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// rawRequest sends req as it is, byte for byte (a Go client would refuse
// or clean much of what a hostile one sends), and reads the answer. The
// request is written while the answer is read: a server may answer and
// hang up before a huge request is all sent.
func rawRequest(t *testing.T, addr, req string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	go io.WriteString(conn, req) // an error here shows as a missing answer
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	return resp, string(b)
}

// message is what an answer tells its reader: an HTML page's main text, a
// JSON answer's error, or a plain body (net/http's own refusals).
func message(t *testing.T, resp *http.Response, body string) string {
	t.Helper()
	ct := resp.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ct, "text/html"):
		d, err := goquery.NewDocumentFromReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(d.Find("main").Text()), " ")
	case strings.HasPrefix(ct, "application/json"):
		var e struct{ Error string }
		if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error == "" {
			t.Errorf("JSON answer without an error: %.300s", body)
		}
		return e.Error
	}
	return body
}

// TestHostileRequests sends what a hostile or broken client might, through
// net/http and the whole app: every answer is a 4xx that says what was
// wrong, never a 5xx, and the server keeps serving.
func TestHostileRequests(t *testing.T) {
	srv := sandboxServer(t)
	srv.runLimit = newRateLimiter(1e9, 1e9, 10) // the limiter has its own test
	addr := hostServer(t, srv)

	form := func(text string) string { return url.Values{"text": {text}}.Encode() }
	kb := func(n int) string { return strings.Repeat("a", n<<10) }
	tests := []struct {
		name   string
		method string
		target string // sent raw: it may hold bytes no client library sends
		header string // extra header lines, each ending \r\n
		body   string
		status int
		want   string // in the answer's message (see message)
	}{
		// Long paths: the app's limit, then net/http's header limit.
		{name: "path of 600 bytes", target: "/" + strings.Repeat("x", 600), status: 414, want: "This address is too long"},
		{name: "path of 10 KB", target: "/2026-01-16/" + kb(10), status: 414, want: "This address is too long"},
		{name: "path of 1 MB", target: "/" + kb(1024), status: 431, want: "Request Header Fields Too Large"},
		{name: "many segments", target: strings.Repeat("/a", 200), status: 404, want: "There is no page at this address"},
		{name: "empty segments", target: "/2026-01-16//704.5k", status: 404, want: "There is no page"},

		// NUL and other control bytes, escaped (they reach the app) and raw
		// (net/http refuses the request line).
		{name: "%00 as a rule", target: "/rules/%00", status: 404, want: "is not a rule number"},
		{name: "%00 after a rule", target: "/2026-01-16/704.5k%00", status: 404, want: "is not a rule number"},
		{name: "%00 as an edition", target: "/%00", status: 404, want: `There is no edition "\x00"`},
		{name: "%00 in an API edition", target: "/api/%00/rules/704.5k", status: 404, want: `There is no edition "\x00"`},
		{name: "escape sequence", target: "/2026-01-16/%1b%5b2J", status: 404, want: "is not a rule number"},
		{name: "CRLF injection", target: "/rules/704.5k%0d%0aSet-Cookie:%20x=1", status: 404, want: "is not a rule number"},
		{name: "DEL", target: "/2026-01-16/glossary/%7f", status: 404, want: "glossary has no term"},
		{name: "raw NUL", target: "/rules/\x00", status: 400, want: "Bad Request"},
		{name: "raw escape", target: "/\x1b[2J", status: 400, want: "Bad Request"},
		{name: "raw space", target: "/rules/704.5k HTTP/1.0 x", status: 400, want: "Bad Request"},

		// Climbing out: plain, escaped, doubly escaped, backslashes.
		{name: "../ to a static file", target: "/static/../../go.mod", status: 404, want: "No such file"},
		{name: "../ at the root", target: "/../../etc/passwd", status: 404, want: "There is no page"},
		{name: "%2e%2e%2f", target: "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", status: 404, want: `There is no edition "../../etc/passwd"`},
		{name: "%2e%2e/ under static", target: "/static/%2e%2e/%2e%2e/go.mod", status: 404, want: "No such file"},
		{name: "%2e%2e%2f as a rule", target: "/2026-01-16/%2e%2e%2f%2e%2e%2fgo.mod", status: 404, want: "is not a rule number"},
		{name: "double escape", target: "/static/%252e%252e%252fgo.mod", status: 404, want: "No such file"},
		{name: "backslashes", target: "/static/..%5c..%5cgo.mod", status: 404, want: "No such file"},
		{name: "../ as a glossary term", target: "/2026-01-16/glossary/..%2f..%2fgo.mod", status: 404, want: "glossary has no term"},
		{name: "../ as a scenario", target: "/sandbox/scenario/..%2f..%2fgo.mod", status: 404, want: "scenario"},
		{name: "absolute URL", target: "http://evil.example/2026-01-16/704.5k/../../x", status: 404, want: "There is no page"},

		// Huge query strings.
		{name: "10 KB query", target: "/2026-01-16/704.5k?q=" + kb(10), status: 414, want: "The query is too long"},
		{name: "10 KB jump", target: "/jump?q=" + kb(10), status: 414, want: "The query is too long"},
		{name: "10 KB of parameters", target: "/?" + strings.Repeat("a=1&", 10<<10/4), status: 414, want: "The query is too long"},
		{name: "40 KB search", target: "/search?q=" + kb(40), status: 414, want: "The query is too long"},
		{name: "10 KB API search", target: "/api/latest/search?q=" + kb(40), status: 414, want: "The query is too long"},
		{name: "1 MB query", target: "/search?q=" + kb(1024), status: 431, want: "Request Header Fields Too Large"},
		{name: "jump of 300 bytes", target: "/jump?q=" + strings.Repeat("7", 300), status: 400, want: "too long to be a rule number"},

		// Huge headers.
		{name: "100 KB header", target: "/", header: "X-Junk: " + kb(100) + "\r\n", status: 431, want: "Request Header Fields Too Large"},
		{name: "1 MB cookie", target: "/", header: "Cookie: a=" + kb(1024) + "\r\n", status: 431, want: "Request Header Fields Too Large"},
		{name: "10000 headers", target: "/", header: strings.Repeat("X-A: b\r\n", 10000), status: 431, want: "Request Header Fields Too Large"},
		{name: "malformed header", target: "/", header: "No colon here\r\n", status: 400, want: "Bad Request"},

		// The sandbox's run endpoint: text that isn't a scenario, and bodies
		// larger than it reads.
		{name: "scenario of junk", method: "POST", target: "/sandbox/run", body: form("\x00\x01\x02 }{ ][ scenario"), status: 400, want: "Line 1"},
		{name: "scenario cut short", method: "POST", target: "/sandbox/run", body: form("scenario \"x\"\ncard Bear: {1}{G} Creature — Bear 2/"), status: 400, want: `Line 2: card Bear: "2/" is not a power/toughness`},
		{name: "scenario step unknown", method: "POST", target: "/sandbox/run", body: form(badScenario), status: 400, want: "can't read step"},
		{name: "scenario of invalid UTF-8", method: "POST", target: "/sandbox/run", body: form("\xff\xfe\xfd"), status: 400, want: "Line 1"},
		{name: "scenario too long", method: "POST", target: "/sandbox/run", body: form(strings.Repeat("# x\n", 5<<10)), status: 413, want: "16 KB"},
		{name: "form of 70 KB", method: "POST", target: "/sandbox/run", body: form(kb(70)), status: 413, want: "larger than 64 KB"},
		{name: "body of 2 MB", method: "POST", target: "/sandbox/run", body: form(kb(2048)), status: 413, want: "larger than 64 KB"},
		{name: "body that lies about its length", method: "POST", target: "/sandbox/run", header: "Content-Length: 99999999\r\n", body: "text=x", status: 413, want: "larger than 64 KB"},
		{name: "form not urlencoded", method: "POST", target: "/sandbox/run", header: "Content-Type: multipart/form-data; boundary=zz\r\n", body: "--zz\r\nbroken", status: 415, want: "application/x-www-form-urlencoded"},
		{name: "post of nothing", method: "POST", target: "/sandbox/run", status: 415, want: "application/x-www-form-urlencoded"},
		{name: "form of bad escapes", method: "POST", target: "/sandbox/run", body: "text=%zz", status: 400, want: "The form could not be read"},
		{name: "garbled share link", target: "/sandbox/run?s=%25%25%25", status: 400, want: "This link's"},
		{name: "unknown example", target: "/sandbox/run?ex=../../go.mod", status: 400, want: "names no example"},
		{name: "sandbox example of no edition", target: "/sandbox/nope/704.5j/1", status: 404, want: "There is no edition"},
		{name: "sandbox example number junk", target: "/sandbox/2026-01-16/704.5j/-1", status: 404, want: "example"},
		{name: "body to a page", method: "POST", target: "/2026-01-16/704.5k", body: "x=1", status: 405, want: "only answers GET and HEAD"},

		// Editions that don't exist.
		{name: "unknown edition", target: "/1999-99-99/704.5k", status: 404, want: `There is no edition "1999-99-99"`},
		{name: "edition of 400 bytes", target: "/" + strings.Repeat("2", 400), status: 404, want: "There is no edition"},
		{name: "API unknown edition", target: "/api/nope/rules/704.5k", status: 404, want: `There is no edition "nope"`},
		{name: "diff of unknown editions", target: "/diff/nope/latest", status: 404, want: `There is no edition "nope"`},
		{name: "search in unknown edition", target: "/search?q=legend&e=%00", status: 404, want: "There is no edition"},
		{name: "jump in unknown edition", target: "/jump?q=704.5k&e=..%2f", status: 404, want: "There is no edition"},

		// Rule numbers that aren't, or aren't there.
		{name: "missing rule", target: "/2026-01-16/999.9z", status: 404, want: "Rule 999.9z is not in CR 2026-01-16"},
		{name: "letters l and o", target: "/2026-01-16/704.5l", status: 404, want: "704.5l"},
		{name: "number of 30 digits", target: "/rules/" + strings.Repeat("9", 30), status: 404, want: "is not a rule number"},
		{name: "number overflowing", target: "/2026-01-16/99999999999999999999.1", status: 404, want: "is not a rule number"},
		{name: "negative number", target: "/2026-01-16/-704.5", status: 404, want: "is not a rule number"},
		{name: "double dot", target: "/rules/704..5", status: 404, want: "is not a rule number"},
		{name: "API junk number", target: "/api/latest/rules/704.5k'--", status: 404, want: "is not a rule number"},
		{name: "history of junk", target: "/api/history/latest/x", status: 404, want: "is not a rule number"},
		{name: "preview of junk", target: "/preview/2026-01-16/%ff", status: 404, want: "is not a rule number"},
		{name: "section overflowing", target: "/2026-01-16/section/99999999999999999999", status: 404, want: "is not a section number"},

		// Unicode junk: invalid UTF-8, overlong forms, right-to-left
		// overrides, emoji, full-width digits.
		{name: "invalid UTF-8 edition", target: "/%ff%fe", status: 404, want: "There is no edition"},
		{name: "overlong slash", target: "/static/%c0%af%c0%afgo.mod", status: 404, want: "No such file"},
		{name: "RTL override", target: "/2026-01-16/%E2%80%AE704.5k", status: 404, want: "is not a rule number"},
		{name: "emoji rule", target: "/rules/%F0%9F%92%A9", status: 404, want: "is not a rule number"},
		{name: "full-width digits", target: "/rules/%EF%BC%97%EF%BC%90%EF%BC%94", status: 404, want: "is not a rule number"},
		{name: "emoji term", target: "/2026-01-16/glossary/%F0%9F%92%A9", status: 404, want: "glossary has no term"},
		{name: "invalid UTF-8 API term", target: "/api/latest/glossary/%ff", status: 404, want: "glossary has no term"},
		{name: "ideographic spaces jump", target: "/jump?q=%E3%80%80%E3%80%80", status: 400, want: "Type a rule number"},

		// Methods.
		{name: "DELETE", method: "DELETE", target: "/2026-01-16", status: 405, want: "only answers GET and HEAD"},
		{name: "unknown method", method: "BREW", target: "/", status: 405, want: "only answers GET and HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = "GET"
			}
			hdr := tt.header
			if tt.body != "" && !strings.Contains(hdr, "Content-Length:") {
				hdr += fmt.Sprintf("Content-Length: %d\r\n", len(tt.body))
			}
			if tt.body != "" && !strings.Contains(hdr, "Content-Type:") {
				hdr += "Content-Type: application/x-www-form-urlencoded\r\n"
			}
			resp, body := rawRequest(t, addr, method+" "+tt.target+" HTTP/1.1\r\nHost: arbiter.test\r\nConnection: close\r\n"+hdr+"\r\n"+tt.body)
			// A scenario posted to the sandbox is redirected to its share
			// URL (see sandboxRun), as a jump is to search; a browser
			// follows, and what it then gets is the answer.
			for hops := 0; (resp.StatusCode == http.StatusSeeOther || resp.StatusCode == http.StatusFound) && hops < 3; hops++ {
				loc := resp.Header.Get("Location")
				if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") {
					t.Fatalf("redirected off the site, to %q", loc)
				}
				resp, body = rawRequest(t, addr, "GET "+loc+" HTTP/1.1\r\nHost: arbiter.test\r\nConnection: close\r\n\r\n")
			}
			msg := message(t, resp, body)
			if resp.StatusCode != tt.status {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, tt.status, clip(msg))
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("the answer says %q, want %q", msg, tt.want)
			}
			// An answer of the app's own (not net/http's refusals) carries
			// the security headers.
			if resp.Header.Get("Content-Type") != "text/plain; charset=utf-8" {
				checkSecurityHeaders(t, tt.name, resp.Header)
			}
		})
	}
	// After all that, the server still serves.
	resp, _ := rawRequest(t, addr, "GET /2026-01-16/704.5k HTTP/1.1\r\nHost: arbiter.test\r\nConnection: close\r\n\r\n")
	if resp.StatusCode != 200 {
		t.Errorf("a rule page after the hostile requests: %d", resp.StatusCode)
	}
}

// A client that goes away before its answer is ready (a phone losing its
// signal; wrk ending a run) is no error of ours: it is not logged as one,
// and the metrics count it as 499, not 500.
func TestClientGone(t *testing.T) {
	var logs bytes.Buffer
	srv := sandboxServer(t)
	srv.log = slog.New(slog.NewTextHandler(&logs, nil))
	paths := []string{"/2026-01-16/704.5k", "/2026-01-16/glossary", "/search?q=legend", "/sandbox/scenario/legend-rule", "/sandbox/run"}
	for _, p := range paths {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		srv.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil).WithContext(ctx))
	}
	if logs.Len() != 0 {
		t.Errorf("the log says:\n%s", logs.String())
	}
	body := do(t, srv, "GET", "/metrics").Body.String()
	if strings.Contains(body, `code="500"`) {
		t.Errorf("requests of clients gone counted as 500s:\n%s", grepLines(body, `code="500"`))
	}
	for _, route := range []string{"/:edition/:number", "/:edition/glossary", "/sandbox/scenario/:name"} {
		if got := metric(t, srv, `arbiter_http_requests_total{code="499",method="GET",route="`+route+`"}`); got != "1" {
			t.Errorf("%s: 499s counted %q, want 1", route, got)
		}
	}
	// The pages render for the next client: nothing half-made was cached.
	for _, p := range paths {
		if w := do(t, srv, "GET", p); w.Code != 200 {
			t.Errorf("%s afterwards: %d", p, w.Code)
		}
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
