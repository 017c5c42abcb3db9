package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/scenario"
)

func TestShareRoundTrip(t *testing.T) {
	lib, err := scenario.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range lib.Scenarios {
		enc := encodeShare(sc.Text)
		if strings.ContainsAny(enc, "+/=%&?#") {
			t.Errorf("%s: %q is not URL-safe", sc.Name, enc)
		}
		got, err := decodeShare(enc)
		if err != nil || got != sc.Text {
			t.Errorf("%s: round trip gives %q, %v", sc.Name, got, err)
		}
		if len(enc) > len(sc.Text) {
			t.Errorf("%s: %d bytes of text take %d in a URL", sc.Name, len(sc.Text), len(enc))
		}
		// Links written before the dictionary still read.
		if got, err := decodeShare(oldShare(sc.Text)); err != nil || got != sc.Text {
			t.Errorf("%s: an old link gives %q, %v", sc.Name, got, err)
		}
	}
}

// oldShare is encodeShare as it was before the dictionary (issue 28).
func oldShare(text string) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write([]byte(text))
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// TestShareShorter: with the dictionary, the links of the bundled
// scenarios not mined for it (the odd ones, by name) are shorter, by a
// fifth at least in all.
func TestShareShorter(t *testing.T) {
	lib, err := scenario.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(lib.Scenarios))
	text := map[string]string{}
	for _, sc := range lib.Scenarios {
		names = append(names, sc.Name)
		text[sc.Name] = sc.Text
	}
	slices.Sort(names)
	var before, after int
	for i, n := range names {
		if i%2 == 1 {
			before += len(oldShare(text[n]))
			after += len(encodeShare(text[n]))
		}
	}
	t.Logf("held-out scenarios' links: %d characters before, %d with the dictionary (%.0f%%)", before, after, 100*float64(after)/float64(before))
	if after*5 > before*4 {
		t.Errorf("%d characters with the dictionary, %d without", after, before)
	}
}

func TestDecodeShareRejects(t *testing.T) {
	deflate := func(b []byte) string {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestCompression)
		w.Write(b)
		w.Close()
		return base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}
	// A bomb: 5 MB of zeros in under 8 KB of parameter.
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	zero := make([]byte, 1<<20)
	for range 5 {
		w.Write(zero)
	}
	w.Close()
	bomb := base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(bomb) > maxShare {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	for name, tc := range map[string]struct {
		s    string
		want error
	}{
		"not base64":       {"a+b/c", errShareBad},
		"padding":          {"YQ==", errShareBad},
		"not deflate":      {base64.RawURLEncoding.EncodeToString([]byte("hello")), errShareBad},
		"cut off":          {encodeShare(strings.Repeat("scenario text ", 50))[:20], errShareBad},
		"not UTF-8":        {deflate([]byte{0xff, 0xfe, 'a'}), errShareBad},
		"over 16 KB":       {deflate(bytes.Repeat([]byte("a"), scenario.MaxBytes+1)), errShareBig},
		"bomb":             {bomb, errShareBig},
		"over the maximum": {strings.Repeat("A", maxShare+1), errShareLong},
	} {
		if _, err := decodeShare(tc.s); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
	if s, err := decodeShare(deflate(bytes.Repeat([]byte("a"), scenario.MaxBytes))); err != nil || len(s) != scenario.MaxBytes {
		t.Errorf("exactly 16 KB: %d bytes, %v", len(s), err)
	}
}

// FuzzDecodeShare: any s parameter decodes to valid text within the limit,
// or fails with one of the share errors; never a panic.
func FuzzDecodeShare(f *testing.F) {
	f.Add(encodeShare(badScenario))
	f.Add("")
	f.Add("AAAA")
	f.Add(encodeShare(strings.Repeat("x", 20000)))
	f.Fuzz(func(t *testing.T, s string) {
		text, err := decodeShare(s)
		switch {
		case err == nil:
			if len(text) > scenario.MaxBytes {
				t.Errorf("%d bytes decoded", len(text))
			}
			if again, err := decodeShare(encodeShare(text)); err != nil || again != text {
				t.Errorf("re-encoding %q fails: %v", text, err)
			}
		case !errors.Is(err, errShareBad) && !errors.Is(err, errShareBig) && !errors.Is(err, errShareLong):
			t.Errorf("unexpected error %v", err)
		}
	})
}
