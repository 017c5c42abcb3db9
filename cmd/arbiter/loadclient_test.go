package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"sync"
	"time"
)

// loadClient drives a server as wrk does: each of conns connections,
// kept alive, sends one request and reads its answer, again and again,
// for a fixed time, timing each. It speaks just enough HTTP/1.1 for
// answers with a Content-Length, and spends little CPU of its own, so
// that on a machine of two cores the servers compared get most of it:
// net/http's client took as much CPU as the server it drove.
type loadClient struct {
	conns int
	dur   time.Duration
}

// loadResult is what one run measured.
type loadResult struct {
	requests int
	errors   int // failed connections and reads, and answers other than 200
	bytes    int64
	elapsed  time.Duration
	lat      []time.Duration // sorted
	firstErr error
}

func (r loadResult) rps() float64 { return float64(r.requests) / r.elapsed.Seconds() }

// pct is the latency below which a fraction p of the requests answered.
func (r loadResult) pct(p float64) time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	return r.lat[min(len(r.lat)-1, int(p*float64(len(r.lat))))]
}

func (r loadResult) String() string {
	return fmt.Sprintf("%d requests, %.0f/s, p50 %v, p99 %v, %d errors, %d bytes a body",
		r.requests, r.rps(), r.pct(.5).Round(time.Microsecond), r.pct(.99).Round(time.Microsecond), r.errors, r.bytes/int64(max(r.requests, 1)))
}

// getRequest is a GET of path from host with the headers given (name,
// value, …), as bytes on the wire.
func getRequest(host, path string, hdr ...string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: arbiter-load\r\n", path, host)
	for i := 0; i+1 < len(hdr); i += 2 {
		fmt.Fprintf(&b, "%s: %s\r\n", hdr[i], hdr[i+1])
	}
	b.WriteString("\r\n")
	return b.Bytes()
}

// run sends req to addr over every connection for the client's duration.
func (lc loadClient) run(addr string, req []byte) loadResult {
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		out loadResult
	)
	start := time.Now()
	deadline := start.Add(lc.dur)
	for range lc.conns {
		wg.Go(func() {
			lat := make([]time.Duration, 0, 1<<14)
			var n, errs int
			var nbytes int64
			var first error
			var conn net.Conn
			var br *bufio.Reader
			for time.Now().Before(deadline) {
				if conn == nil {
					c, err := net.Dial("tcp", addr)
					if err != nil {
						errs++
						first = firstOf(first, err)
						time.Sleep(10 * time.Millisecond)
						continue
					}
					c.SetDeadline(deadline.Add(10 * time.Second))
					conn, br = c, bufio.NewReaderSize(c, 32<<10)
				}
				t0 := time.Now()
				body, err := roundTrip(conn, br, req)
				if err != nil {
					errs++
					first = firstOf(first, err)
					conn.Close()
					conn = nil
					continue
				}
				lat = append(lat, time.Since(t0))
				n++
				nbytes += int64(body)
			}
			if conn != nil {
				conn.Close()
			}
			mu.Lock()
			out.requests += n
			out.errors += errs
			out.bytes += nbytes
			out.lat = append(out.lat, lat...)
			out.firstErr = firstOf(out.firstErr, first)
			mu.Unlock()
		})
	}
	wg.Wait()
	out.elapsed = time.Since(start)
	slices.Sort(out.lat)
	return out
}

func firstOf(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

var errStatus = errors.New("answer not 200")

// roundTrip writes req and reads one answer, which must be a 200 with a
// Content-Length; it returns the body's length.
func roundTrip(conn net.Conn, br *bufio.Reader, req []byte) (int, error) {
	if _, err := conn.Write(req); err != nil {
		return 0, err
	}
	line, err := br.ReadSlice('\n')
	if err != nil {
		return 0, err
	}
	var status string
	if !bytes.HasPrefix(line, []byte("HTTP/1.1 200 ")) {
		status = string(bytes.TrimSpace(line))
	}
	length := -1
	for {
		line, err = br.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		if len(line) <= 2 {
			break
		}
		if k, v, found := bytes.Cut(line, []byte(":")); found && bytes.EqualFold(k, []byte("Content-Length")) {
			length, err = strconv.Atoi(string(bytes.TrimSpace(v)))
			if err != nil {
				return 0, err
			}
		}
	}
	if length < 0 {
		return 0, errors.New("answer without Content-Length")
	}
	if _, err := br.Discard(length); err != nil {
		return 0, err
	}
	if status != "" {
		return length, fmt.Errorf("%w: %s", errStatus, status)
	}
	return length, nil
}
