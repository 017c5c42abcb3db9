package main

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// rulesPageHTML is the shape of magic.wizards.com/en/rules: the current
// rules as PDF, TXT and DOCX (file names with a space and the release
// date), and older links elsewhere on the page.
const rulesPageHTML = `<!DOCTYPE html>
<html lang="en"><head><title>Rules | Magic: The Gathering</title></head>
<body>
<main>
  <h1>Magic: The Gathering Comprehensive Rules</h1>
  <p>These rules are effective as of January 16, 2026.</p>
  <div class="links">
    <a class="cta" href="https://media.example/downloads/MagicCompRules 20260116.pdf">PDF</a>
    <a class="cta" href="/downloads/MagicCompRules%2020260116.txt" target="_blank">TXT</a>
    <a class="cta" href="/downloads/MagicCompRules 20260116.docx">DOCX</a>
  </div>
  <h2>Previous rules</h2>
  <a href="/downloads/MagicCompRules 20250919.txt">September 19, 2025</a>
  <a href="/downloads/MagicTournamentRules.txt">Tournament rules</a>
</main>
</body></html>`

// rulesServer serves the page at /en/rules and each of texts under
// /downloads/, as the real site serves them.
func rulesServer(t *testing.T, page string, texts map[string][]byte) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/en/rules", func(w http.ResponseWriter, r *http.Request) {
		// Sent in two flushed halves, so without a Content-Length.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page[:len(page)/2]))
		w.(http.Flusher).Flush()
		w.Write([]byte(page[len(page)/2:]))
	})
	mux.HandleFunc("/downloads/", func(w http.ResponseWriter, r *http.Request) {
		b, ok := texts[strings.TrimPrefix(r.URL.Path, "/downloads/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func runFetchCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(append([]string{"fetch"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestFetch(t *testing.T) {
	text := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	srv := rulesServer(t, rulesPageHTML, map[string][]byte{
		"MagicCompRules 20260116.txt": text,
		"MagicCompRules 20250919.txt": []byte("an older text that must not be fetched"),
	})
	page := srv.URL + "/en/rules"
	dir := t.TempDir()

	code, out, errOut := runFetchCmd(t, "--dir", dir, "--url", page)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	saved := filepath.Join(dir, "2026-01-16.txt")
	got, err := os.ReadFile(saved)
	if err != nil {
		t.Fatalf("not saved under its effective date: %v (stdout %q)", err, out)
	}
	if !bytes.Equal(got, text) {
		t.Error("the saved file differs from the text served")
	}
	if !strings.Contains(out, "saved "+saved) || !strings.Contains(out, "/downloads/MagicCompRules%2020260116.txt") {
		t.Errorf("stdout %q should name the file and the URL", out)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("dir holds %d entries, want the one file (no temporary left)", len(entries))
	}

	// Again: the file is there, nothing is written.
	before, _ := os.Stat(saved)
	code, out, errOut = runFetchCmd(t, "--dir", dir, "--url", page)
	if code != 0 || !strings.Contains(out, "already present") {
		t.Errorf("second fetch: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if after, _ := os.Stat(saved); !after.ModTime().Equal(before.ModTime()) {
		t.Error("second fetch rewrote the file")
	}

	// The same text under a release name (as the corpus names some files).
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "2026-01-20.txt"), text, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runFetchCmd(t, "--dir", other, "--url", page)
	if code != 0 || !strings.Contains(out, "already holds this text") {
		t.Errorf("fetch beside the same text: exit %d, stdout %q", code, out)
	}
	if _, err := os.Stat(filepath.Join(other, "2026-01-16.txt")); err == nil {
		t.Error("saved a second copy of a text the directory already has")
	}
}

// TestFetchNewRelease: a text built from a corpus file with a new date is
// saved under that date; the file name on the site does not matter.
func TestFetchNewRelease(t *testing.T) {
	old := corpustest.ReadFile(t, "corpus", "cr", "2025-09-19.txt")
	text := bytes.ReplaceAll(old, []byte("September 19, 2025"), []byte("March 6, 2026"))
	page := strings.ReplaceAll(rulesPageHTML, "20260116.txt", "20260306-final.txt")
	srv := rulesServer(t, page, map[string][]byte{"MagicCompRules 20260306-final.txt": text})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "2025-09-19.txt"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runFetchCmd(t, "--dir", dir, "--url", srv.URL+"/en/rules")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "2026-03-06.txt")); err != nil || !bytes.Equal(got, text) {
		t.Errorf("not saved as 2026-03-06.txt: %v; stdout %q", err, out)
	}
}

// TestFetchIntoDataDir: with no --dir, fetch saves into the data directory
// (made if need be), which a server reads with no flags: after a reload the
// fetched edition is the newest, and the embedded ones are all still there.
func TestFetchIntoDataDir(t *testing.T) {
	old := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	text := bytes.ReplaceAll(old, []byte("January 16, 2026"), []byte("March 6, 2026"))
	page := strings.ReplaceAll(rulesPageHTML, "20260116.txt", "20260306.txt")
	srv := rulesServer(t, page, map[string][]byte{"MagicCompRules 20260306.txt": text})
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	data := defaultDataDir()
	if !strings.HasPrefix(data, os.Getenv("XDG_DATA_HOME")) {
		t.Fatalf("data directory %s is not under XDG_DATA_HOME", data)
	}
	o := contentOptions{official: true, dataDir: data}
	set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	server := NewServer(set.library(), Options{Content: set, Reread: o})
	server.Warm()
	if ids := editionIDs(t, server); ids[0] != "2026-01-16" {
		t.Fatalf("before the fetch the newest is %s", ids[0])
	}
	if code, out, errOut := runFetchCmd(t, "--url", srv.URL+"/en/rules"); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(data, "2026-03-06.txt")); err != nil {
		t.Fatalf("not saved in the data directory: %v", err)
	}
	if err := server.Reload("test"); err != nil {
		t.Fatal(err)
	}
	ids := editionIDs(t, server)
	if len(ids) != 77 || ids[0] != "2026-03-06" || ids[1] != "2026-01-16" {
		t.Errorf("after the reload: %d editions, %v…", len(ids), ids[:3])
	}
	if w := do(t, server, "GET", "/"); !strings.Contains(w.Body.String(), "2026-03-06") {
		t.Error("the home page does not show the fetched edition")
	}
}

func TestFetchErrors(t *testing.T) {
	text := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	noLink := strings.ReplaceAll(strings.ReplaceAll(rulesPageHTML, "MagicCompRules 20250919.txt", "x.pdf"), "MagicCompRules%2020260116.txt", "rules.pdf")
	slow := http.NewServeMux()
	slow.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	})
	slowSrv := httptest.NewServer(slow)
	t.Cleanup(slowSrv.Close)

	tests := []struct {
		name    string
		page    string
		texts   map[string][]byte
		path    string // of the page; default /en/rules
		args    []string
		limit   int64 // of the text, announced by Content-Length
		pageMax int64 // of the page, which is sent without a length
		wantErr []string
	}{
		{name: "page missing", path: "/nope", page: rulesPageHTML,
			wantErr: []string{"GET http://", "/nope: 404 Not Found"}},
		{name: "no link on the page", page: noLink,
			wantErr: []string{"/en/rules links no rules text", "the page may have changed"}},
		{name: "text missing", page: rulesPageHTML, texts: map[string][]byte{},
			wantErr: []string{"GET http://", "/downloads/MagicCompRules%2020260116.txt: 404 Not Found"}},
		{name: "not a rules text", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": []byte("\x00\x01binary")},
			wantErr: []string{"MagicCompRules%2020260116.txt is not a rules text"}},
		{name: "no date", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": bytes.Replace(text, []byte("These rules are effective as of"), []byte("These rules were written on"), -1)},
			wantErr: []string{"has no effective date"}},
		{name: "too large", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": text}, limit: 1000,
			wantErr: []string{"MagicCompRules%2020260116.txt: " + strconv.Itoa(len(text)) + " bytes, over the limit of 1000 bytes"}},
		{name: "page too large", page: rulesPageHTML, pageMax: 100,
			wantErr: []string{"/en/rules: over the limit of 100 bytes"}},
		{name: "no such directory", page: rulesPageHTML, args: []string{"--dir", "/nonexistent/rules"},
			wantErr: []string{"/nonexistent/rules"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.limit > 0 {
				old := maxTextBytes
				maxTextBytes = tt.limit
				t.Cleanup(func() { maxTextBytes = old })
			}
			if tt.pageMax > 0 {
				old := maxPageBytes
				maxPageBytes = tt.pageMax
				t.Cleanup(func() { maxPageBytes = old })
			}
			srv := rulesServer(t, tt.page, tt.texts)
			path := tt.path
			if path == "" {
				path = "/en/rules"
			}
			dir := t.TempDir()
			args := append([]string{"--dir", dir, "--url", srv.URL + path}, tt.args...)
			code, out, errOut := runFetchCmd(t, args...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stdout %q", code, out)
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q does not say %q", errOut, w)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("a failed fetch left %d files", len(entries))
			}
		})
	}

	t.Run("timeout", func(t *testing.T) {
		start := time.Now()
		code, _, errOut := runFetchCmd(t, "--dir", t.TempDir(), "--url", slowSrv.URL+"/en/rules", "--timeout", "200ms")
		if code != 1 || !strings.Contains(errOut, "deadline exceeded") || !strings.Contains(errOut, "gave up after 200ms") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
		if d := time.Since(start); d > 4*time.Second {
			t.Errorf("took %s to give up", d)
		}
	})
	t.Run("usage", func(t *testing.T) {
		if code, _, _ := runFetchCmd(t, "extra"); code != 2 {
			t.Errorf("an argument: exit %d, want 2", code)
		}
	})
}

func TestTextLink(t *testing.T) {
	tests := []struct {
		page, body, want string
	}{
		{"https://magic.wizards.com/en/rules", rulesPageHTML, "https://magic.wizards.com/downloads/MagicCompRules%2020260116.txt"},
		{"https://magic.wizards.com/en/rules", `<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260116.txt">TXT</a>`,
			"https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"},
		{"https://magic.wizards.com/en/rules", `<A HREF='MagicCompRules.TXT?v=2'>TXT</A>`, "https://magic.wizards.com/en/MagicCompRules.TXT?v=2"},
	}
	for _, tt := range tests {
		got, err := textLink(tt.page, []byte(tt.body))
		if err != nil || got != tt.want {
			t.Errorf("textLink(%q) = %q, %v; want %q", tt.body, got, err, tt.want)
		}
	}
	for _, body := range []string{"", "<a>TXT</a>", `<a href="MagicCompRules.pdf">`, `<a href="rules.txt">`, `<a href="javascript:MagicCompRules.txt">`} {
		if got, err := textLink("https://magic.wizards.com/en/rules", []byte(body)); err == nil {
			t.Errorf("textLink(%q) = %q, want an error", body, got)
		}
	}
}
