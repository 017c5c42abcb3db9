package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/engine/scenario"
)

// Scenario text travels in the sandbox's URLs so a run can be shared and
// the server keeps nothing: raw DEFLATE, then base64url without padding.
// Scenario text is repetitive and compresses about four to one.

// maxShare bounds the s parameter. Most scenarios need a few hundred
// bytes; 8 KB holds nearly any 16 KB scenario and stays within what
// browsers, proxies and CDNs pass along. Longer text still runs, through a
// form post, but has no share URL.
const maxShare = 8 << 10

// maxRunQuery is the longest query /sandbox/run accepts: a share parameter
// and the few short ones beside it.
const maxRunQuery = maxShare + 512

var (
	errShareLong = fmt.Errorf("the s parameter is longer than %d characters", maxShare)
	errShareBad  = errors.New("the s parameter is not scenario text written by this sandbox (it may have been cut off when the link was copied)")
	errShareBig  = fmt.Errorf("the s parameter holds more than %d bytes of scenario text, the sandbox's limit (16 KB)", scenario.MaxBytes)
)

// writers keeps compressors for reuse: each holds about 1 MB of tables,
// and every sandbox page that carries text in its URL needs one.
var writers = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestCompression) // the level is valid
	return w
}}

// encodeShare packs scenario text for a URL.
func encodeShare(text string) string {
	var buf bytes.Buffer
	w := writers.Get().(*flate.Writer)
	w.Reset(&buf)
	io.WriteString(w, text)
	w.Close()
	writers.Put(w)
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// decodeShare unpacks an s parameter. It reads at most one byte more than
// the scenario limit, so a small parameter that inflates to gigabytes costs
// nothing.
func decodeShare(s string) (string, error) {
	if len(s) > maxShare {
		return "", errShareLong
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return "", errShareBad
	}
	r := flate.NewReader(bytes.NewReader(b))
	text, err := io.ReadAll(io.LimitReader(r, scenario.MaxBytes+1))
	if err != nil {
		return "", errShareBad
	}
	if len(text) > scenario.MaxBytes {
		return "", errShareBig
	}
	if !utf8.Valid(text) {
		return "", errShareBad
	}
	return string(text), nil
}
