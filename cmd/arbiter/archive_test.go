package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// committedArchive is the archive content embeds, from this directory.
var committedArchive = filepath.Join("..", "..", "content", "cr")

// TestArchiveReproducible is CI's check that the committed archive and
// manifest are what `arbiter archive` makes of the official corpus, byte
// for byte.
func TestArchiveReproducible(t *testing.T) {
	t.Parallel()
	from := corpustest.Path(t, "corpus", "cr")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"archive", "--from", from, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{archiveName, manifestName} {
		got := readFile(t, filepath.Join(out, name))
		want := readFile(t, filepath.Join(committedArchive, name))
		if !bytes.Equal(got, want) {
			t.Errorf("%s: regenerated %d bytes differ from the committed %d; run go run ./cmd/arbiter archive and commit content/cr", name, len(got), len(want))
		}
	}
	if !strings.Contains(stdout.String(), "note: "+filepath.Join(from, "2006-06-01.txt")+" is effective 2004-06-01") {
		t.Errorf("no note on the file named for another date:\n%s", stdout.String())
	}
}

// ruleText is a small rules text effective on date ("January 16, 2026").
func ruleText(date string) string {
	return "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of " + date + ".\n\n" +
		"1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game.\n\n" +
		"Glossary\n\nAbandon\nTo turn a face-up ongoing scheme card face down.\n\nCredits\n\nSomeone\n"
}

// writeCorpusDir writes files into a new directory in the given order,
// each with the given modification time.
func writeCorpusDir(t *testing.T, files [][2]string, mtime func(i int) time.Time) string {
	t.Helper()
	dir := t.TempDir()
	for i, f := range files {
		p := filepath.Join(dir, f[0])
		if err := os.WriteFile(p, []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime(i), mtime(i)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestArchiveIgnoresMtimesAndOrder: files written in another order, with
// other modification times, give the same archive and manifest.
func TestArchiveIgnoresMtimesAndOrder(t *testing.T) {
	files := [][2]string{
		{"2026-01-16.txt", ruleText("January 16, 2026")},
		{"2004-10-01.txt", "\xef\xbb\xbf" + ruleText("October 1, 2004")},
		{"old.txt", strings.ReplaceAll(ruleText("March 15, 2003"), "\n", "\r\n")},
		{"notes.md", "not a .txt file, so not read"},
	}
	reversed := [][2]string{files[3], files[2], files[1], files[0]}
	now := time.Now()
	var outs []string
	for _, tt := range []struct {
		files [][2]string
		mtime func(int) time.Time
	}{
		{files, func(int) time.Time { return now }},
		{reversed, func(i int) time.Time { return time.Date(1999+7*i, 12, 31, 23, 59, 59, 0, time.FixedZone("x", 5*3600)) }},
	} {
		from := writeCorpusDir(t, tt.files, tt.mtime)
		out := filepath.Join(t.TempDir(), "cr") // made by archive
		if msg, err := archive(from, out); err != nil {
			t.Fatal(err)
		} else if !strings.Contains(msg, "3 files") {
			t.Errorf("message %q; want 3 files", msg)
		}
		outs = append(outs, out)
	}
	for _, name := range []string{archiveName, manifestName} {
		if !bytes.Equal(readFile(t, filepath.Join(outs[0], name)), readFile(t, filepath.Join(outs[1], name))) {
			t.Errorf("%s differs with other mtimes and order", name)
		}
	}
	manifest := string(readFile(t, filepath.Join(outs[0], manifestName)))
	for _, want := range []string{"\n2026-01-16\t2026-01-16.txt\t", "\tutf-8\n2004-10-01\t2004-10-01.txt\t", "\tutf-8-bom\n2003-03-15\told.txt\t"} {
		if !strings.Contains(manifest, want) {
			t.Errorf("manifest lacks %q:\n%s", want, manifest)
		}
	}
}

func TestArchiveErrors(t *testing.T) {
	good := [2]string{"2026-01-16.txt", ruleText("January 16, 2026")}
	for _, tt := range []struct {
		name  string
		files [][2]string
		want  string
	}{
		{"not rules", [][2]string{good, {"junk.txt", "hello world\n"}}, "junk.txt is not a rules text: junk.txt:1: no numbered rules found"},
		{"binary", [][2]string{good, {"bin.txt", "x\x00y"}}, "bin.txt is not a rules text"},
		{"no effective date", [][2]string{good, {"undated.txt", strings.Replace(ruleText("x"), "These rules are effective as of x.\n", "", 1)}}, "undated.txt has no effective date"},
		{"one date twice", [][2]string{good, {"copy.txt", good[1]}}, "2026-01-16.txt and copy.txt have the same effective date, 2026-01-16"},
		{"no text files", [][2]string{{"a.md", "# A"}}, "has no .txt files"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			from := writeCorpusDir(t, tt.files, func(int) time.Time { return time.Now() })
			out := t.TempDir()
			var stdout, stderr bytes.Buffer
			if code := run([]string{"archive", "--from", from, "--out", out}, &stdout, &stderr); code != 1 {
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

// TestArchiveNamedForAnotherDate: a file named for a date its text does
// not state is archived under its name with its text's date, and noted.
func TestArchiveNamedForAnotherDate(t *testing.T) {
	from := writeCorpusDir(t, [][2]string{{"2006-06-01.txt", ruleText("June 1, 2004")}}, func(int) time.Time { return time.Now() })
	out := t.TempDir()
	msg, err := archive(from, out)
	if err != nil {
		t.Fatal(err)
	}
	if want := "note: " + filepath.Join(from, "2006-06-01.txt") + " is effective 2004-06-01"; !strings.Contains(msg, want) {
		t.Errorf("message %q; want %q", msg, want)
	}
	if manifest := readFile(t, filepath.Join(out, manifestName)); !bytes.Contains(manifest, []byte("\n2004-06-01\t2006-06-01.txt\t")) {
		t.Errorf("manifest:\n%s", manifest)
	}
}

func TestArchiveUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"archive", "extra"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `unexpected argument "extra"`) {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestArchiveSets: the table of sets beside the corpus directory goes into
// the archive, first, and so does one named with --sets; a table naming a
// date no file has is an error, and none beside the directory is no table.
func TestArchiveSets(t *testing.T) {
	const table = "effective_date\tset_code\tset_name\n2026-01-16\tECL\tLorwyn Eclipsed\n"
	parent := t.TempDir()
	from := filepath.Join(parent, "cr")
	if err := os.Mkdir(from, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(from, "2026-01-16.txt"), []byte(ruleText("January 16, 2026")), 0o644); err != nil {
		t.Fatal(err)
	}
	manifestOf := func(args ...string) (string, string) {
		t.Helper()
		out := t.TempDir()
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"archive", "--from", from, "--out", out}, args...), &stdout, &stderr); code != 0 {
			return "", stderr.String()
		}
		return string(readFile(t, filepath.Join(out, manifestName))), ""
	}
	if m, errs := manifestOf(); errs != "" || strings.Contains(m, "cr-sets.tsv") {
		t.Errorf("no table beside the directory: manifest\n%s\nerrors %s", m, errs)
	}
	if err := os.WriteFile(filepath.Join(parent, "cr-sets.tsv"), []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	if m, errs := manifestOf(); errs != "" || !strings.Contains(m, "\nsets\tcr-sets.tsv\t64\t") {
		t.Errorf("the table beside the directory: manifest\n%s\nerrors %s", m, errs)
	}
	other := filepath.Join(t.TempDir(), "other.tsv")
	if err := os.WriteFile(other, []byte(strings.Replace(table, "2026-01-16", "2025-11-14", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs := manifestOf("--sets", other); !strings.Contains(errs, "ECL (Lorwyn Eclipsed) names 2025-11-14, which is no file's effective date") {
		t.Errorf("--sets with a date no file has: errors %q", errs)
	}
	if _, errs := manifestOf("--sets", filepath.Join(parent, "missing.tsv")); !strings.Contains(errs, "missing.tsv") {
		t.Errorf("--sets naming no file: errors %q", errs)
	}
}
