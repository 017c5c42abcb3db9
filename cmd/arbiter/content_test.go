package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// A rules directory is read through an os.Root: symlinks inside it are
// followed while they stay inside, and refused when they lead out, so a
// rules directory cannot be used to read files elsewhere. A file named on
// the command line is followed wherever it is.
func TestContentPathsStayInside(t *testing.T) {
	top := t.TempDir()
	outside := filepath.Join(top, "outside")
	rulesDir := filepath.Join(top, "rules")
	for _, d := range []string{outside, rulesDir, filepath.Join(rulesDir, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	putFile(t, filepath.Join(outside, "2025-06-01.txt"), miniCR(jun2025, "Outside."))
	putFile(t, filepath.Join(rulesDir, "sub", "2024-03-01.txt"), miniCR(mar2024, "Inside."))
	log := slog.New(slog.DiscardHandler)
	// ids lists the editions read from paths, and an error with the
	// diagnostics of the files left out.
	ids := func(paths ...string) ([]string, error) {
		l, err := loadContent(contentOptions{paths: paths}, log)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, e := range l.lib.Editions {
			out = append(out, e.ID)
		}
		if l.user.skipped() > 0 {
			return out, &rules.ParseError{Diagnostics: l.user.diags}
		}
		return out, nil
	}

	// A link inside the directory to another file inside it is followed.
	if err := os.Symlink(filepath.Join("sub", "2024-03-01.txt"), filepath.Join(rulesDir, "linked.txt")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	got, err := ids(rulesDir)
	if err != nil || !slices.Contains(got, "2024-03-01") || !slices.Contains(got, "2024-03-01-2") {
		t.Fatalf("inside link: %v %v", got, err)
	}

	// A link leading out of the directory is refused, by relative or
	// absolute path, and so is a linked directory leading out.
	for name, target := range map[string]string{
		"up.txt":  filepath.Join("..", "outside", "2025-06-01.txt"),
		"abs.txt": filepath.Join(outside, "2025-06-01.txt"),
		"dir.txt": outside,
	} {
		link := filepath.Join(rulesDir, name)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		got, err := ids(rulesDir)
		if err == nil || slices.Contains(got, "2025-06-01") {
			t.Errorf("%s → %s: loaded %v", name, target, got)
		} else if !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %q does not name the link", name, err)
		}
		os.Remove(link)
	}
	// A linked subdirectory is not walked into.
	if err := os.Symlink(outside, filepath.Join(rulesDir, "elsewhere")); err != nil {
		t.Fatal(err)
	}
	if got, err := ids(rulesDir); err != nil || slices.Contains(got, "2025-06-01") {
		t.Errorf("linked directory: %v %v", got, err)
	}

	// A file named outright is the user's choice: followed through links,
	// and "../" in the path given is just a path.
	fileLink := filepath.Join(top, "current.txt")
	if err := os.Symlink(filepath.Join(outside, "2025-06-01.txt"), fileLink); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fileLink, filepath.Join(rulesDir, "..", "outside", "2025-06-01.txt")} {
		if got, err := ids(p); err != nil || !slices.Contains(got, "2025-06-01") {
			t.Errorf("--rules %s: %v %v", p, got, err)
		}
	}
	// Diagnostics name files as the user wrote the path; the file is left
	// out and the others in its directory are read.
	putFile(t, filepath.Join(outside, "bad.txt"), []byte("Not the rules.\n"))
	if got, err := ids(outside); err == nil || !strings.Contains(err.Error(), filepath.Join(outside, "bad.txt")+":") || !slices.Contains(got, "2025-06-01") {
		t.Errorf("bad file in a directory: %v %v", got, err)
	}
	if _, err := ids(filepath.Join(top, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing path: %v", err)
	}
}

// A user's copy of an official edition replaces it when whole (a newer
// printing), and is left out with a warning when cut short, so the whole
// embedded text keeps serving.
func TestUserCopyOfOfficialEdition(t *testing.T) {
	t.Parallel()
	text := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	for _, tt := range []struct {
		name     string
		data     []byte
		fromUser bool
		warn     string
	}{
		{"whole", bytes.Replace(text, []byte("Credits"), []byte("Credits\r\n\r\nA newer printing."), 1), true, ""},
		{"cut short", text[:len(text)/2], false, "cut short (it stops at"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			putFile(t, filepath.Join(dir, "2026-01-16.txt"), tt.data)
			l, err := loadContent(contentOptions{official: true, dataDir: dir}, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			e := l.lib.Edition("2026-01-16")
			if n := len(byDocument(l.lib)[rules.DocCR].Editions); e == nil || n != 131 {
				t.Fatalf("2026-01-16 missing, or %d editions of the CR", n)
			}
			if got := slices.Contains(l.user.eds, e); got != tt.fromUser {
				t.Errorf("2026-01-16 served from the user's file: %v, want %v", got, tt.fromUser)
			}
			if e.Truncated != nil {
				t.Errorf("a cut copy is served: %+v", e.Truncated)
			}
			var warned bool
			for _, d := range l.user.diags {
				warned = warned || tt.warn != "" && strings.Contains(d.Message, tt.warn) && d.File == filepath.Join(dir, "2026-01-16.txt")
			}
			if warned != (tt.warn != "") {
				t.Errorf("warnings %v", l.user.diags)
			}
		})
	}
}
