package content

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// officialFiles is how many text files of the Comprehensive Rules the
// corpus holds, from 1999-04-23 to 2026-04-17, all in the archive.
const officialFiles = 128

// readAll reads r, a CorpusReader or a DocsReader, to its end: the files
// and their bytes, or the first error.
func readAll[F any, R interface {
	Next() (F, []byte, error)
	Close() error
}](r R) ([]F, [][]byte, error) {
	defer r.Close()
	var files []F
	var data [][]byte
	for {
		f, b, err := r.Next()
		if err == io.EOF {
			return files, data, nil
		}
		if err != nil {
			return files, data, err
		}
		files = append(files, f)
		data = append(data, b)
	}
}

func TestCorpusArchive(t *testing.T) {
	manifest, err := CorpusManifest()
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenCorpus()
	if err != nil {
		t.Fatal(err)
	}
	files, data, err := readAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != officialFiles || len(manifest) != officialFiles {
		t.Errorf("%d files read, %d in the manifest; want %d", len(files), len(manifest), officialFiles)
	}
	if !slices.Equal(files, manifest) {
		t.Errorf("files read differ from the manifest:\n%v\n%v", files, manifest)
	}
	dates := map[string]string{}
	for i, f := range files {
		if err := f.Check(data[i]); err != nil {
			t.Error(err)
		}
		if i > 0 && f.Effective >= files[i-1].Effective {
			t.Errorf("%s (%s) after %s (%s): not newest first", f.Name, f.Effective, files[i-1].Name, files[i-1].Effective)
		}
		if other, ok := dates[f.Effective]; ok {
			t.Errorf("%s and %s are both effective %s", other, f.Name, f.Effective)
		}
		dates[f.Effective] = f.Name
	}
	if _, _, err := r.Next(); err == nil {
		t.Error("Next after Close gave no error")
	}
}

// TestCorpusArchiveHeaders checks what makes the archive reproducible:
// one zstd frame with the window the reader allows, and tar headers that
// hold nothing but name, size, mode 0644, owner 0 and the effective date.
func TestCorpusArchiveHeaders(t *testing.T) {
	var zh zstd.Header
	if err := zh.Decode([]byte(corpusArchive)); err != nil {
		t.Fatal(err)
	}
	if zh.WindowSize != corpusWindow || !zh.HasCheckSum {
		t.Errorf("zstd window %d, checksum %v; want %d and a checksum", zh.WindowSize, zh.HasCheckSum, corpusWindow)
	}
	m, err := parseManifest(corpusManifestName, []byte(corpusManifest))
	if err != nil {
		t.Fatal(err)
	}
	// The table of sets comes first, dated as the newest edition it names.
	sets, err := CRSets()
	if err != nil {
		t.Fatal(err)
	}
	setsEntry := *m.sets
	setsEntry.Effective = sets[len(sets)-1].Effective
	manifest := append([]CorpusFile{setsEntry}, m.files...)
	zr, err := zstd.NewReader(strings.NewReader(corpusArchive), zstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	tr := tar.NewReader(zr)
	for i := 0; ; i++ {
		h, err := tr.Next()
		if err == io.EOF {
			if i != len(manifest) {
				t.Errorf("%d entries, %d in the manifest", i, len(manifest))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(manifest) {
			t.Fatalf("entry %s beyond the manifest", h.Name)
		}
		date, _ := time.Parse(time.DateOnly, manifest[i].Effective)
		want := tar.Header{Typeflag: tar.TypeReg, Name: manifest[i].Name, Size: manifest[i].Size, Mode: 0o644, ModTime: date, Format: tar.FormatUSTAR}
		got := *h
		got.ModTime = got.ModTime.UTC()
		if !reflectEqualHeader(got, want) {
			t.Errorf("entry %d header\n%+v\nwant\n%+v", i+1, got, want)
		}
	}
}

// reflectEqualHeader compares the tar header fields a writer controls.
func reflectEqualHeader(a, b tar.Header) bool {
	return a.Typeflag == b.Typeflag && a.Name == b.Name && a.Linkname == b.Linkname &&
		a.Size == b.Size && a.Mode == b.Mode && a.Uid == b.Uid && a.Gid == b.Gid &&
		a.Uname == b.Uname && a.Gname == b.Gname && a.ModTime.Equal(b.ModTime) &&
		a.AccessTime.IsZero() && a.ChangeTime.IsZero() && a.Devmajor == b.Devmajor && a.Devminor == b.Devminor &&
		len(a.PAXRecords) == 0 && a.Format == b.Format
}

// TestCorpusMatchesShared checks that every embedded file is the corpus
// file of its name, byte for byte, and that no corpus file is left out.
func TestCorpusMatchesShared(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	r, err := OpenCorpus()
	if err != nil {
		t.Fatal(err)
	}
	files, data, err := readAll(r)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i, f := range files {
		names = append(names, f.Name)
		want, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.Equal(data[i], want) {
			t.Errorf("%s: the embedded bytes differ from the corpus file", f.Name)
		}
	}
	shared, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range shared {
		shared[i] = filepath.Base(shared[i])
	}
	slices.Sort(names)
	if !slices.Equal(names, shared) {
		t.Errorf("embedded files\n%v\ncorpus files\n%v", names, shared)
	}
}

// TestCorpusDamaged reads a damaged archive or manifest to its end: each
// gives an error naming what is wrong, and none panics.
func TestCorpusDamaged(t *testing.T) {
	m, err := parseManifest(corpusManifestName, []byte(corpusManifest))
	if err != nil {
		t.Fatal(err)
	}
	files := m.files
	n := len(files)
	first, last := files[0], files[len(files)-1]
	flipped := []byte(corpusArchive)
	flipped[len(flipped)/2] ^= 0x55
	badSum := []byte(corpusArchive)
	badSum[len(badSum)-1] ^= 1 // the stream's XXH64, which only its end checks
	wrongSize := slices.Clone(files)
	wrongSize[1].Size++
	wrongHash := slices.Clone(files)
	wrongHash[0].SHA256 = strings.Repeat("0", 64)
	older := CorpusFile{Effective: "2002-01-01", Name: "2002-01-01.txt", Size: 1, SHA256: strings.Repeat("a", 64), Encoding: "utf-8"}
	renamed := slices.Clone(files)
	renamed[2].Name = "renamed.txt"
	setsSize, setsHash := *m.sets, *m.sets
	setsSize.Size++
	setsHash.SHA256 = strings.Repeat("0", 64)
	for _, tt := range []struct {
		name     string
		archive  string
		manifest []CorpusFile
		sets     *CorpusFile // the manifest's table of sets
		want     string      // in the error
	}{
		{"truncated zstd", corpusArchive[:len(corpusArchive)/2], files, m.sets, ": unexpected EOF"},
		{"truncated zstd header", corpusArchive[:5], files, m.sets, "cr.tar.zst: entry 1: unexpected EOF"},
		{"zstd checksum", string(badSum), files, m.sets, "cr.tar.zst: entry " + last.Name + ": CRC check failed"},
		{"empty archive", "", files, nil, fmt.Sprintf("cr.tar.zst: ends after 0 files; the manifest lists %d (%s is missing)", n, first.Name)},
		{"empty archive with a table of sets", "", files, m.sets, "cr.tar.zst: ends before its entry 1, cr-sets.tsv"},
		{"damaged zstd", string(flipped), files, m.sets, "cr.tar.zst: "},
		{"size differs from the manifest", corpusArchive, wrongSize, m.sets, "entry " + files[1].Name + " has " + fmt.Sprint(files[1].Size) + " bytes; the manifest says " + fmt.Sprint(wrongSize[1].Size)},
		{"hash differs from the manifest", corpusArchive, wrongHash, m.sets, first.Name + " has SHA-256 " + first.SHA256 + "; the manifest says 0000"},
		{"table of sets of another size", corpusArchive, files, &setsSize, fmt.Sprintf("entry cr-sets.tsv has %d bytes; the manifest says %d", m.sets.Size, setsSize.Size)},
		{"table of sets of another hash", corpusArchive, files, &setsHash, "cr-sets.tsv has SHA-256 " + m.sets.SHA256 + "; the manifest says 0000"},
		{"table of sets not in the manifest", corpusArchive, files, nil, "entry 1 is cr-sets.tsv; the manifest lists " + first.Name + " there"},
		{"entry not in the manifest", corpusArchive, files[:n-1], m.sets, fmt.Sprintf("entry %d, %s, is not in the manifest (it lists %d files)", n+1, last.Name, n-1)},
		{"entry under another name", corpusArchive, renamed, m.sets, "entry 4 is " + files[2].Name + "; the manifest lists renamed.txt there"},
		{"manifest file missing from the archive", corpusArchive, append(slices.Clone(files), older), m.sets, fmt.Sprintf("ends after %d files; the manifest lists %d (2002-01-01.txt is missing)", n, n+1)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := openManifest(corpusArchiveName, strings.NewReader(tt.archive), manifest{files: tt.manifest, sets: tt.sets}, corpusWindow)
			if err != nil {
				t.Fatal(err)
			}
			files, data, err := readAll(r)
			for i := range files {
				if err == nil {
					err = files[i].Check(data[i])
				}
			}
			if err == nil {
				t.Fatalf("no error; want one with %q", tt.want)
			}
			t.Log(err)
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q; want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestParseCorpusManifest(t *testing.T) {
	const hash = "abe9528405163b2a296b2b75b713814907e2bb51bbe3ffbbafabe7da01b7f7b5"
	line := func(date, name, size, sum, enc string) string {
		return strings.Join([]string{date, name, size, sum, enc}, "\t") + "\n"
	}
	good := line("2026-01-16", "2026-01-16.txt", "954522", hash, "utf-8-bom")
	older := line("2025-09-19", "2025-09-19.txt", "958590", hash, "windows-1252")
	for _, tt := range []struct {
		name, text string
		want       []CorpusFile
		err        string
	}{
		{"two files", manifestHeader + good + older, []CorpusFile{
			{"2026-01-16", "2026-01-16.txt", 954522, hash, "utf-8-bom"},
			{"2025-09-19", "2025-09-19.txt", 958590, hash, "windows-1252"},
		}, ""},
		{"comments, blank lines and CRLF", "# hi\r\n\r\n" + strings.TrimSuffix(good, "\n") + "\r\n\n# bye\n", []CorpusFile{
			{"2026-01-16", "2026-01-16.txt", 954522, hash, "utf-8-bom"},
		}, ""},
		{"a new encoding name", line("2026-01-16", "x.txt", "0", hash, "cp437"), []CorpusFile{{"2026-01-16", "x.txt", 0, hash, "cp437"}}, ""},
		{"no files", manifestHeader, nil, "m.tsv: lists no files"},
		{"four columns", "# c\n" + "2026-01-16\ta.txt\t1\t" + hash + "\n", nil, "m.tsv:2: 4 tab-separated columns, want 5"},
		{"spaces for tabs", strings.ReplaceAll(good, "\t", " "), nil, "m.tsv:1: 1 tab-separated columns"},
		{"no such day", line("2026-02-30", "a.txt", "1", hash, "utf-8"), nil, `m.tsv:1: a.txt: effective date "2026-02-30" is not a date`},
		{"short date", line("2026-1-16", "a.txt", "1", hash, "utf-8"), nil, `m.tsv:1: a.txt: effective date "2026-1-16"`},
		{"empty name", line("2026-01-16", "", "1", hash, "utf-8"), nil, `m.tsv:1: file name "" is not a file name`},
		{"dot dot", line("2026-01-16", "..", "1", hash, "utf-8"), nil, `m.tsv:1: file name ".." is not a file name`},
		{"a path", line("2026-01-16", "cr/a.txt", "1", hash, "utf-8"), nil, `m.tsv:1: file name "cr/a.txt" has a slash`},
		{"too long for ustar", line("2026-01-16", strings.Repeat("a", 101), "1", hash, "utf-8"), nil, "longer than 100 bytes"},
		{"negative size", line("2026-01-16", "a.txt", "-1", hash, "utf-8"), nil, `m.tsv:1: a.txt: size "-1" is not a number of bytes`},
		{"size with a sign", line("2026-01-16", "a.txt", "+1", hash, "utf-8"), nil, `size "+1"`},
		{"size with a leading zero", line("2026-01-16", "a.txt", "01", hash, "utf-8"), nil, `size "01"`},
		{"size not a number", line("2026-01-16", "a.txt", "1k", hash, "utf-8"), nil, `size "1k"`},
		{"short hash", line("2026-01-16", "a.txt", "1", hash[:63], "utf-8"), nil, "m.tsv:1: a.txt: sha256 \"" + hash[:63] + "\" is not 64 lowercase hex digits"},
		{"uppercase hash", line("2026-01-16", "a.txt", "1", strings.ToUpper(hash), "utf-8"), nil, "is not 64 lowercase hex digits"},
		{"hash not hex", line("2026-01-16", "a.txt", "1", "g"+hash[1:], "utf-8"), nil, "is not 64 lowercase hex digits"},
		{"encoding in capitals", line("2026-01-16", "a.txt", "1", hash, "UTF-8"), nil, `m.tsv:1: a.txt: encoding "UTF-8" is not a name`},
		{"no encoding", line("2026-01-16", "a.txt", "1", hash, ""), nil, `encoding "" is not a name`},
		{"oldest first", older + good, nil, "m.tsv:2: 2026-01-16.txt (2026-01-16) is not older than the line before (2025-09-19)"},
		{"one date twice", good + line("2026-01-16", "b.txt", "1", hash, "utf-8"), nil, "m.tsv:2: b.txt (2026-01-16) is not older than the line before (2026-01-16)"},
		{"one name twice", good + line("2025-01-01", "2026-01-16.txt", "1", hash, "utf-8"), nil, "m.tsv:2: 2026-01-16.txt is listed already on line 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseCorpusManifest("m.tsv", []byte(tt.text))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v; want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// FuzzCorpusManifest: the parser never panics, and whatever it accepts
// it reads back the same from formatCorpusManifest's rendering.
func FuzzCorpusManifest(f *testing.F) {
	f.Add([]byte(corpusManifest))
	f.Add([]byte("2026-01-16\ta.txt\t1\t" + strings.Repeat("a", 64) + "\tutf-8\n#\n\r\n"))
	f.Add([]byte("2026-02-30\t..\t-1\tX\t\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		files, err := parseCorpusManifest("m.tsv", b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "m.tsv:") {
				t.Errorf("error %q does not name the manifest", err)
			}
			return
		}
		again, err := parseCorpusManifest("m.tsv", formatCorpusManifest(files))
		if err != nil {
			t.Fatalf("formatted manifest does not parse: %v", err)
		}
		if !slices.Equal(files, again) {
			t.Errorf("round trip\n%+v\n%+v", files, again)
		}
	})
}

// TestCorpusManifestFormat: the committed manifest is exactly what
// formatCorpusManifest writes for it, so no hand edit hides in it.
func TestCorpusManifestFormat(t *testing.T) {
	m, err := parseManifest(corpusManifestName, []byte(corpusManifest))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(formatManifest(m)); got != corpusManifest {
		t.Errorf("the manifest is not in its canonical form; regenerate it")
	}
}
