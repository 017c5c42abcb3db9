package main

import (
	"net/http"
	"strconv"
	"strings"
)

// compressWriter compresses a response as it is written, for every
// response that is not a page sent by writePage (which sends bodies
// compressed already): searches, the sandbox, errors, the API's searches.
// It decides at the first of WriteHeader with a Content-Length, minCompress
// bytes of body, or the end of the response: a body of a type worth
// compressing (compressible), of minCompress bytes or more, with no coding
// of its own and a status that has a body, is compressed in the coding the
// client takes best (gzip at a tie: onTheFly). Every response of such a
// type gets Vary, whatever the decision. A HEAD request's answer says what
// a GET's would, without compressing the body net/http discards.
type compressWriter struct {
	w      http.ResponseWriter
	head   bool
	coding coding // what the client takes best
	status int    // 0 until WriteHeader
	state  uint8
	buf    []byte       // the body held until the decision
	enc    codingWriter // while compressing a GET's body
}

// States of a compressWriter.
const (
	undecided  = iota // no header written yet, body held in buf
	passing           // sent as written
	compressed        // headers sent, body compressed (or, for HEAD, discarded)
)

func newCompressWriter(w http.ResponseWriter, r *http.Request) *compressWriter {
	return &compressWriter{w: w, head: r.Method == http.MethodHead, coding: negotiate(r.Header["Accept-Encoding"], onTheFly)}
}

func (cw *compressWriter) Header() http.Header { return cw.w.Header() }

// Unwrap lets http.ResponseController reach the connection (echo's Flush
// and Hijack go through it); Flush below keeps compressed bytes in order.
func (cw *compressWriter) Unwrap() http.ResponseWriter { return cw.w }

func (cw *compressWriter) WriteHeader(code int) {
	if cw.state != undecided || cw.status != 0 {
		return // net/http would log a superfluous call; echo does
	}
	if code >= 100 && code < 200 {
		cw.w.WriteHeader(code) // informational: the final header comes later
		return
	}
	cw.status = code
	h := cw.w.Header()
	typeOK := compressible(h.Get("Content-Type"))
	if typeOK && h.Get("Content-Encoding") == "" && !varies(h) {
		h.Add("Vary", "Accept-Encoding")
	}
	if strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		h.Add("Vary", "Cookie") // views.StylesCookie
	}
	switch {
	case !typeOK || cw.coding == identity || h.Get("Content-Encoding") != "" || h.Get("Content-Range") != "" ||
		code == http.StatusNoContent || code == http.StatusNotModified || code == http.StatusPartialContent:
		cw.pass()
	case h.Get("Content-Length") != "":
		if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < minCompress {
			cw.pass()
		} else {
			cw.compress()
		}
	}
	// Otherwise the body decides: Write holds it until minCompress bytes.
}

// varies reports whether the response already says it varies with
// Accept-Encoding (as promhttp's does).
func varies(h http.Header) bool {
	for _, v := range h["Vary"] {
		for f := range strings.SplitSeq(v, ",") {
			if f = strings.TrimSpace(f); f == "*" || strings.EqualFold(f, "Accept-Encoding") {
				return true
			}
		}
	}
	return false
}

func (cw *compressWriter) pass() {
	cw.state = passing
	cw.w.WriteHeader(cw.status)
}

// compress sends the headers of the compressed response and starts the
// compressor; the tag of a strong ETag gets the coding's suffix, as a
// page's does.
func (cw *compressWriter) compress() {
	cw.state = compressed
	h := cw.w.Header()
	h.Del("Content-Length")
	h["Content-Encoding"] = codingHeader[cw.coding]
	if et := h.Get("Etag"); strings.HasPrefix(et, `"`) && strings.HasSuffix(et, `"`) && len(et) >= 2 {
		h.Set("Etag", codingETag(et, cw.coding))
	}
	cw.w.WriteHeader(cw.status)
	if !cw.head {
		cw.enc = dynamicEncoders[cw.coding].get(cw.w)
	}
}

func (cw *compressWriter) Write(b []byte) (int, error) {
	if cw.status == 0 {
		cw.WriteHeader(http.StatusOK)
	}
	switch cw.state {
	case passing:
		return cw.w.Write(b)
	case compressed:
		if cw.enc == nil {
			return len(b), nil // HEAD
		}
		return cw.enc.Write(b)
	}
	cw.buf = append(cw.buf, b...)
	if len(cw.buf) >= minCompress {
		if err := cw.release(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// release starts compressing and writes the body held so far.
func (cw *compressWriter) release() error {
	cw.compress()
	buf := cw.buf
	cw.buf = nil
	if cw.enc == nil {
		return nil
	}
	_, err := cw.enc.Write(buf)
	return err
}

// Flush sends what has been written: a handler that flushes means to
// stream, so a body still held is compressed from here on.
func (cw *compressWriter) Flush() {
	if cw.status == 0 {
		cw.WriteHeader(http.StatusOK)
	}
	if cw.state == undecided {
		cw.release()
	}
	if cw.enc != nil {
		cw.enc.Flush()
	}
	http.NewResponseController(cw.w).Flush()
}

// close ends the response: a body held, smaller than minCompress, is sent
// as it is; a compressed one is finished.
func (cw *compressWriter) close() {
	switch {
	case cw.state == undecided && cw.status != 0:
		cw.pass()
		if len(cw.buf) > 0 {
			cw.w.Write(cw.buf)
		}
	case cw.enc != nil:
		cw.enc.Close()
		dynamicEncoders[cw.coding].put(cw.enc)
		cw.enc = nil
	}
}
