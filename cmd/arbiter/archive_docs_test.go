package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// committedDocs is the judge documents' archive content embeds.
var committedDocs = filepath.Join("..", "..", "content", "docs")

// needAntiword skips without antiword locally, and fails under CI, which
// installs it (.ci/run).
func needAntiword(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("antiword"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("antiword is missing; .ci/run installs it")
		}
		t.Skip("antiword is not installed")
	}
}

// TestDocsArchiveReproducible is CI's check that the committed judge
// documents' archive and manifest are what `arbiter archive --docs` makes
// of the corpus, byte for byte: every PDF extracted again, both Word files
// converted again.
func TestDocsArchiveReproducible(t *testing.T) {
	t.Parallel()
	needAntiword(t)
	from := corpustest.Path(t, "corpus")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	start := time.Now()
	if code := run([]string{"archive", "--docs", "--from", from, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	t.Logf("%s (%v)", strings.TrimSpace(stdout.String()), time.Since(start).Round(time.Millisecond))
	for _, name := range []string{docsArchiveName, manifestName} {
		got := readFile(t, filepath.Join(out, name))
		want := readFile(t, filepath.Join(committedDocs, name))
		if !bytes.Equal(got, want) {
			t.Errorf("%s: regenerated %d bytes differ from the committed %d; run go run ./cmd/arbiter archive --docs and commit content/docs", name, len(got), len(want))
		}
	}
}

func TestDocsArchiveErrors(t *testing.T) {
	corpus := func(files map[string]string) string {
		dir := t.TempDir()
		for _, d := range []string{"mtr", "ipg", "jar"} {
			if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for name, body := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no documents", nil, "has no judge documents"},
		{"not a PDF", map[string]string{"mtr/2025-04-21.pdf": "<html>"}, "mtr/2025-04-21.pdf: is not a PDF (no %PDF- header"},
		{"unknown format", map[string]string{"ipg/2024-09-23.rtf": "{\\rtf1}"}, "not a judge document's format"},
		{"not a Word file", map[string]string{"mtr/2003-12-01.doc": "plain text"}, "mtr/2003-12-01.doc: antiword"},
		{"one name twice", map[string]string{"mtr/2000-06-15.txt": "text", "mtr/2000-06-15.pdf": ""}, "mtr/2000-06-15.pdf and mtr/2000-06-15.txt both make mtr/2000-06-15.txt"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if strings.HasSuffix(tt.want, "antiword") {
				needAntiword(t)
			}
			if _, ok := tt.files["mtr/2000-06-15.pdf"]; ok {
				tt.files["mtr/2000-06-15.pdf"] = string(corpustest.ReadFile(t, "corpus", "mtr", "2000-06-15.pdf"))
			}
			out := t.TempDir()
			var stdout, stderr bytes.Buffer
			if code := run([]string{"archive", "--docs", "--from", corpus(tt.files), "--out", out}, &stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q; want %q", stderr.String(), tt.want)
			}
			if entries, _ := os.ReadDir(out); len(entries) > 0 {
				t.Errorf("wrote %d files in --out", len(entries))
			}
		})
	}
}
