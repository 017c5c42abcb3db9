package main

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
)

// zipDir packs a directory of the embedded content as the export does:
// its files, and the directory to load as the comment.
func zipDir(t *testing.T, dir string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := fs.WalkDir(content.FS, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(content.FS, p)
		if err != nil {
			return err
		}
		w, err := zw.Create(p)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	zw.SetComment(dir)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestOpenAndQuery(t *testing.T) {
	s, err := open("2007-02-01", "/arbiter", zipDir(t, "cr-2007-excerpt"), true)
	if err != nil {
		t.Fatal(err)
	}
	html, jump, err := s.query("mana burn")
	if err != nil || jump != "" {
		t.Fatalf("query: %v, jump %q", err, jump)
	}
	if !strings.Contains(html, `<ol class="hits">`) || !strings.Contains(html, `href="/arbiter/2007-02-01/`) || !strings.Contains(html, `.html"`) {
		t.Errorf("results:\n%s", html)
	}
	if _, jump, _ := s.query("203.2"); jump != "/arbiter/2007-02-01/203.2.html" {
		t.Errorf("a rule number jumps to %q", jump)
	}
	if html, jump, err := s.query("+++"); err != nil || jump != "" || !strings.Contains(html, `class="msg"`) {
		t.Errorf("an operator-only query: %v %q\n%s", err, jump, html)
	}
	if html, _, err := s.query(strings.Repeat("x", 10<<10)); err != nil || html == "" {
		t.Errorf("a 10 KB query: %v", err)
	}
}

// TestServerLinks opens an edition as the server's offline search does:
// hits and jumps link to the server's paths, which the service worker
// answers from its cache.
func TestServerLinks(t *testing.T) {
	s, err := open("2007-02-01", "", zipDir(t, "cr-2007-excerpt"), false)
	if err != nil {
		t.Fatal(err)
	}
	html, _, err := s.query("mana burn")
	if err != nil || !strings.Contains(html, `href="/2007-02-01/`) || strings.Contains(html, `.html"`) {
		t.Errorf("results: %v\n%s", err, html)
	}
	if _, jump, _ := s.query("203.2"); jump != "/2007-02-01/203.2" {
		t.Errorf("a rule number jumps to %q", jump)
	}
}

func TestOpenRefuses(t *testing.T) {
	for name, data := range map[string][]byte{
		"not a zip": []byte("hello"),
		"empty":     nil,
		"no such root": func() []byte {
			b := zipDir(t, "classic")
			return bytes.Replace(b, []byte("classic"), []byte("nothere"), -1)
		}(),
		"two editions in": zipDir(t, "."),
	} {
		if _, err := open("x", "", data, true); err == nil {
			t.Errorf("%s: opened", name)
		}
	}
}
