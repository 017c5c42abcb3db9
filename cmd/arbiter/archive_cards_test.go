package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestCardsArchiveReproducible rebuilds the card archive from the shared
// card file and wants the committed bytes: the archive is never edited by
// hand, and the same card file always gives it.
func TestCardsArchiveReproducible(t *testing.T) {
	t.Parallel()
	from := corpustest.Path(t, "cards")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"archive", "--cards", "--from", from, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	t.Log(strings.TrimSpace(stdout.String()))
	got := readFile(t, filepath.Join(out, cardsArchiveName))
	want := readFile(t, filepath.Join("..", "..", "content", "cards", cardsArchiveName))
	if !bytes.Equal(got, want) {
		t.Errorf("regenerated %d bytes differ from the committed %d; run go run ./cmd/arbiter archive --cards and commit content/cards", len(got), len(want))
	}
}

func TestCardsArchiveErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no card file", nil, "want one oracle-DATE.jsonl, found 0"},
		{"broken line", map[string]string{"oracle-2018-11-07.jsonl": "{\"name\":\"A\"}\n{\"name\":\n"}, "oracle-2018-11-07.jsonl:2:"},
		{"no date", map[string]string{"oracle-new.jsonl": "{\"name\":\"A\"}\n"}, "the name holds no date"},
	} {
		dir := t.TempDir()
		for name, body := range tt.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"archive", "--cards", "--from", dir, "--out", t.TempDir()}, &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%s: exit %d, %q; want an error containing %q", tt.name, code, stderr.String(), tt.want)
		}
	}
}
