package main

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/engine/scenario"
)

// Scenario text travels in the sandbox's URLs so a run can be shared and
// the server keeps nothing: raw DEFLATE, then base64url without padding.
// Scenario text is repetitive and compresses about four to one. Since
// issue 28, DEFLATE starts from a dictionary of the scenario language's
// common words and lines (share_dict_v1.txt), and the parameter says so
// with a leading "." (not a base64url character): a scenario's link is a
// quarter shorter (bundled scenarios not mined for the dictionary: median
// 668 characters, 508 with it). Links without the dot still read as they
// did.

// shareDict is the dictionary of the links that begin with ".": mined once
// from half the bundled scenarios, the most frequent lines and runs of
// words. It never changes, for the links in the wild were written with it:
// a better one would be another file and another mark.
//
//go:embed share_dict_v1.txt
var shareDict []byte

// dictMark begins an s parameter compressed with shareDict.
const dictMark = "."

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
	w, _ := flate.NewWriterDict(nil, flate.BestCompression, shareDict) // the level is valid
	return w
}}

// encodeShare packs scenario text for a URL, with the dictionary.
func encodeShare(text string) string {
	var buf bytes.Buffer
	w := writers.Get().(*flate.Writer)
	w.Reset(&buf) // keeps the dictionary
	io.WriteString(w, text)
	w.Close()
	writers.Put(w)
	return dictMark + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// decodeShare unpacks an s parameter. It reads at most one byte more than
// the scenario limit, so a small parameter that inflates to gigabytes costs
// nothing.
func decodeShare(s string) (string, error) {
	if len(s) > maxShare {
		return "", errShareLong
	}
	var dict []byte
	if rest, ok := strings.CutPrefix(s, dictMark); ok {
		s, dict = rest, shareDict
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return "", errShareBad
	}
	r := flate.NewReaderDict(bytes.NewReader(b), dict)
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
