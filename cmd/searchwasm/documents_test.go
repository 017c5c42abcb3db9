package main

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
)

// docZip packs the judge document archived as name ("mtr/2025-04-21.txt",
// the text of its PDF) as the export does.
func docZip(t *testing.T, name string) []byte {
	t.Helper()
	rd, err := content.OpenDocs()
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	for {
		f, b, err := rd.Next()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Name != name {
			continue
		}
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
		zw.SetComment(name)
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
}

// TestJudgeDocuments searches each judge document as a static export's
// search page does: hits link to the document's pages below its prefix,
// and a number goes to the document's entry.
func TestJudgeDocuments(t *testing.T) {
	for _, tc := range []struct {
		id, file, q, hit string
		number, jump     string
	}{
		{"mtr/2025-04-21", "mtr/2025-04-21.txt", "pregame procedures", `href="/arbiter/mtr/2025-04-21/2.3.html"`, "2.3", "/arbiter/mtr/2025-04-21/2.3.html"},
		{"ipg/2024-09-23", "ipg/2024-09-23.txt", "missed trigger", `href="/arbiter/ipg/2024-09-23/2.1.html"`, "3.4", "/arbiter/ipg/2024-09-23/3.4.html"},
		{"jar/2019-01-21", "jar/2019-01-21.html", "missed trigger", `href="/arbiter/jar/2019-01-21/topic/`, "", ""},
	} {
		s, err := open(tc.id, "/arbiter", docZip(t, tc.file), true)
		if err != nil {
			t.Errorf("%s: %v", tc.id, err)
			continue
		}
		html, jump, err := s.query(tc.q)
		if err != nil || jump != "" || !strings.Contains(html, tc.hit) {
			t.Errorf("%s: %q: %v, jump %q, want a hit %s in:\n%.2000s", tc.id, tc.q, err, jump, tc.hit, html)
		}
		// Each hit quotes the entry's text.
		if strings.Contains(html, `<p class="snip"></p>`) {
			t.Errorf("%s: %q: a hit without a snippet:\n%.2000s", tc.id, tc.q, html)
		}
		if tc.number != "" {
			if _, jump, _ := s.query(tc.number); jump != tc.jump {
				t.Errorf("%s: %s jumps to %q, want %q", tc.id, tc.number, jump, tc.jump)
			}
		}
	}
}
