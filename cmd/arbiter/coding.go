package main

import (
	"bytes"
	"io"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// Content codings (RFC 9110 §8.4.1): bodies of text are sent compressed,
// with brotli or gzip, to a client that accepts them. Pages in the cache
// and the static assets are compressed once and kept compressed (cache.go,
// assets.go); other responses are compressed as they are written
// (compress.go).

// coding is a content coding the server can send.
type coding uint8

const (
	identity coding = iota
	gzipCoding
	brCoding
	numCodings
)

// codingHeader is each coding's Content-Encoding value (none for identity).
var codingHeader = [numCodings][]string{nil, header("gzip"), header("br")}

// etagSuffix tells the representations of one body apart: RFC 9110 §8.8.3
// wants each content coding of a resource to have its own entity tag, or a
// cache could answer a client that cannot decode brotli with a 304 for
// the brotli bytes it holds.
var etagSuffix = [numCodings]string{"", "-gz", "-br"}

// codingETag is the entity tag of c's representation of the body whose
// identity tag is etag (a strong tag: `"…"`).
func codingETag(etag string, c coding) string {
	if c == identity {
		return etag
	}
	return etag[:len(etag)-1] + etagSuffix[c] + `"`
}

// minCompress is the smallest body compressed: a smaller one fits in one
// packet either way, and gzip's 18 bytes of framing eat much of what a few
// hundred bytes of HTML would save.
const minCompress = 1024

// negotiate chooses the coding of a response from the request's
// Accept-Encoding values (RFC 9110 §12.5.3): the acceptable one of highest
// weight, the first of order among codings of equal weight, identity last.
// No header means identity. "*" gives its weight to every coding not
// listed. Identity not listed is acceptable, after any coding listed
// ("gzip;q=0.5" asks for gzip); "identity;q=0", or "*;q=0" with no identity
// entry, rules it out, but a request that then accepts nothing the server
// has still gets identity: RFC 9110 lets a server ignore the header, and a
// 406 helps no one.
func negotiate(values []string, order preference) coding {
	if len(values) == 0 {
		return identity
	}
	v := values[0]
	if len(values) > 1 {
		v = strings.Join(values, ",")
	}
	// Weights in thousandths; -1 is not listed.
	qBr, qGz, qID, qAny := -1, -1, -1, -1
	for v != "" {
		var item string
		item, v, _ = strings.Cut(v, ",")
		name, params, _ := strings.Cut(item, ";")
		name = strings.TrimSpace(name)
		q, ok := weight(params)
		if !ok {
			continue // a malformed weight: ignore the entry
		}
		var at *int
		switch {
		case strings.EqualFold(name, "br"):
			at = &qBr
		case strings.EqualFold(name, "gzip"), strings.EqualFold(name, "x-gzip"): // x-gzip: RFC 9110 §8.4.1.3
			at = &qGz
		case strings.EqualFold(name, "identity"):
			at = &qID
		case name == "*":
			at = &qAny
		default:
			continue
		}
		if *at < 0 { // the first entry for a coding counts
			*at = q
		}
	}
	if qAny >= 0 { // "*" stands for every coding not listed, identity too
		qBr, qGz, qID = orElse(qBr, qAny), orElse(qGz, qAny), orElse(qID, qAny)
	}
	// Identity not listed is acceptable at weight 0: after any coding
	// listed. Listed at weight 0 it is not acceptable, but is what is left.
	best, bestQ := identity, max(qID, 0)
	q := [numCodings]int{gzipCoding: qGz, brCoding: qBr}
	for _, c := range order {
		if q[c] > 0 && (q[c] > bestQ || q[c] == bestQ && best == identity) {
			best, bestQ = c, q[c]
		}
	}
	return best
}

// preference orders the codings the client takes equally well.
type preference [2]coding

var (
	// Bodies compressed once, pages and assets, are sent in brotli, the
	// smaller.
	precompressed = preference{brCoding, gzipCoding}
	// A body compressed as it is sent goes in gzip if the client takes it
	// as well: for a search page, brotli at quality 4 took four times the
	// CPU of gzip at 5 (0.7 against 0.2 ms) to save 4% (5,132 bytes
	// against 5,323; BenchmarkCompress).
	onTheFly = preference{gzipCoding, brCoding}
)

func orElse(q, dflt int) int {
	if q >= 0 {
		return q
	}
	return dflt
}

// weight reads the parameters after a coding's name: its "q" weight in
// thousandths (RFC 9110 §12.4.2: "1", "0.8", "0.125"; 1000 if absent), and
// false if the weight is malformed.
func weight(params string) (int, bool) {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, val, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		return qvalue(strings.TrimSpace(val))
	}
	return 1000, true
}

// qvalue parses "0", "0.5", "1.000" and the like into thousandths.
func qvalue(s string) (int, bool) {
	if s == "" || s[0] != '0' && s[0] != '1' {
		return 0, false
	}
	q := int(s[0]-'0') * 1000
	if len(s) == 1 {
		return q, true
	}
	if s[1] != '.' || len(s) > 5 {
		return 0, false
	}
	scale := 100
	for _, c := range []byte(s[2:]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		q += int(c-'0') * scale
		scale /= 10
	}
	if q > 1000 {
		return 0, false // "1.5"
	}
	return q, true
}

// compressible reports whether a body of this Content-Type is worth
// compressing: text of every kind, JSON, XML, SVG and WebAssembly. Images,
// archives and fonts other than SVG are compressed already.
func compressible(contentType string) bool {
	t, _, _ := strings.Cut(contentType, ";")
	t = strings.ToLower(strings.TrimSpace(t))
	typ, sub, _ := strings.Cut(t, "/")
	switch {
	case typ == "text":
		return sub != "event-stream" // written a message at a time, never buffered
	case typ == "application":
		return sub == "json" || sub == "javascript" || sub == "xml" || sub == "wasm" ||
			strings.HasSuffix(sub, "+json") || strings.HasSuffix(sub, "+xml")
	case typ == "image":
		return sub == "svg+xml"
	}
	return false
}

// Compression levels. Pages are compressed once, when first rendered, and
// served from the cache thousands of times, so they get slower, denser
// levels than a response compressed as it is sent (a search); the assets,
// compressed once per process, get the densest (assets.go).
const (
	pageBrotli    = 6
	pageGzip      = 6
	dynamicBrotli = 4
	dynamicGzip   = 5
	assetBrotli   = brotli.BestCompression
	assetGzip     = gzip.BestCompression
)

// brotliWindow is the brotli window, 2^18 = 256 KB: larger than all but the
// largest pages (a long chapter, 370 KB, loses 0.2%), and it keeps each
// pooled writer's buffers small.
const brotliWindow = 18

// encoder compresses with one coding at one level; writers are pooled,
// since a brotli writer's tables take a megabyte or two to allocate.
type encoder struct {
	c     coding
	level int
	pool  sync.Pool
}

func newEncoder(c coding, level int) *encoder { return &encoder{c: c, level: level} }

// A codingWriter is a compressor the pool hands out.
type codingWriter interface {
	io.WriteCloser
	Flush() error
	Reset(io.Writer)
}

// get returns a writer compressing into w; put it back when closed.
func (e *encoder) get(w io.Writer) codingWriter {
	if cw, ok := e.pool.Get().(codingWriter); ok {
		cw.Reset(w)
		return cw
	}
	if e.c == brCoding {
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: e.level, LGWin: brotliWindow})
	}
	gw, err := gzip.NewWriterLevel(w, e.level)
	if err != nil {
		panic(err) // the levels are constants, all valid
	}
	return gw
}

func (e *encoder) put(cw codingWriter) {
	cw.Reset(nil) // hold on to no response
	e.pool.Put(cw)
}

// compress returns b compressed.
func (e *encoder) compress(b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b)/3 + 64)
	cw := e.get(&buf)
	cw.Write(b) // writes to a bytes.Buffer do not fail
	cw.Close()
	e.put(cw)
	return bytes.Clone(buf.Bytes()) // kept long: no spare capacity
}

var (
	pageEncoders    = [numCodings]*encoder{gzipCoding: newEncoder(gzipCoding, pageGzip), brCoding: newEncoder(brCoding, pageBrotli)}
	dynamicEncoders = [numCodings]*encoder{gzipCoding: newEncoder(gzipCoding, dynamicGzip), brCoding: newEncoder(brCoding, dynamicBrotli)}
)

// inflater inflates a gzip body for the client that takes no coding and
// asks for a page the cache keeps only compressed. Inflaters are pooled:
// the reader's tables and the buffer are reused, and reading into the
// buffer, unlike gzip.Reader.WriteTo, allocates nothing.
type inflater struct {
	src bytes.Reader
	zr  gzip.Reader
	buf [16 << 10]byte
}

var inflaters sync.Pool

// writeGunzipped writes the gzip stream gz decompressed to w.
func writeGunzipped(w io.Writer, gz []byte) error {
	in, _ := inflaters.Get().(*inflater)
	if in == nil {
		in = new(inflater)
	}
	defer inflaters.Put(in)
	in.src.Reset(gz)
	if err := in.zr.Reset(&in.src); err != nil {
		return err
	}
	for {
		n, err := in.zr.Read(in.buf[:])
		if n > 0 {
			if _, werr := w.Write(in.buf[:n]); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
