package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// The judge documents in the corpus: 63 MTR files, 47 IPG, 2 JAR.
var docCounts = map[string]int{"mtr": 63, "ipg": 47, "jar": 2}

func TestDocsArchive(t *testing.T) {
	manifest, err := DocsManifest()
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenDocs()
	if err != nil {
		t.Fatal(err)
	}
	files, data, err := readAll[DocFile](r)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(files, manifest) {
		t.Fatalf("files read differ from the manifest")
	}
	counts := map[string]int{}
	for i, f := range files {
		counts[f.Doc]++
		if err := f.Check(data[i]); err != nil {
			t.Error(err)
		}
		// What each kind of source becomes.
		switch ext := filepath.Ext(f.Source); {
		case ext == ".pdf" || ext == ".doc":
			want := "%arbiter-extract 1\n%source: " + f.Source + "\n"
			if !bytes.HasPrefix(data[i], []byte(want)) || !strings.HasSuffix(f.Name, ".txt") || f.Made == MadeAsIs {
				t.Errorf("%s (from %s, made %q) does not start %q", f.Name, f.Source, f.Made, want)
			}
		default:
			if f.Name != f.Source || f.Made != MadeAsIs || f.SHA256 != f.SourceSHA256 {
				t.Errorf("%s is not its source %s as is", f.Name, f.Source)
			}
		}
	}
	for doc, n := range docCounts {
		if counts[doc] != n {
			t.Errorf("%d %s files; want %d", counts[doc], doc, n)
		}
	}
	r.Close()
	if _, _, err := r.Next(); err == nil {
		t.Error("Next after Close worked")
	}
}

// TestDocsSources: every manifest line names a corpus file by its true
// SHA-256, and every corpus file is in the manifest.
func TestDocsSources(t *testing.T) {
	manifest, err := DocsManifest()
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, f := range manifest {
		listed[f.Source] = f.SourceSHA256
	}
	for doc := range docCounts {
		dir := corpustest.Path(t, "corpus", doc)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, de := range entries {
			if de.Name() == "README.md" {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, de.Name()))
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(b)
			name := doc + "/" + de.Name()
			if got, ok := listed[name]; !ok {
				t.Errorf("%s is not in the manifest", name)
			} else if got != hex.EncodeToString(sum[:]) {
				t.Errorf("%s: the manifest's SHA-256 is not the file's", name)
			}
		}
	}
}

// TestContentSize keeps the embedded content small: the CR archive, the
// judge documents and the founding editions together under 4 MiB.
func TestContentSize(t *testing.T) {
	var total int64
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".go") {
			return err
		}
		info, err := d.Info()
		total += info.Size()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > 4<<20 {
		t.Errorf("content holds %d bytes; the budget is 4 MiB", total)
	}
	t.Logf("content: %d bytes", total)
}

func TestWriteDocsRoundTrip(t *testing.T) {
	srcs := []DocSource{
		{Doc: "jar", Name: "jar/2019-01-21.html", Source: "jar/2019-01-21.html", Made: MadeAsIs, Data: []byte("<html>JAR</html>")},
		{Doc: "mtr", Name: "mtr/2004-09-20.txt", Source: "mtr/2004-09-20.pdf", Made: "pdftext", Data: []byte("%arbiter-extract 1\nold\n")},
		{Doc: "ipg", Name: "ipg/2024-09-23.txt", Source: "ipg/2024-09-23.pdf", Made: "pdftext", Data: []byte("%arbiter-extract 1\nipg\n")},
		{Doc: "mtr", Name: "mtr/2025-04-21.txt", Source: "mtr/2025-04-21.pdf", Made: "pdftext", Data: []byte("%arbiter-extract 1\nnew\n")},
	}
	for i := range srcs {
		srcs[i].SourceSHA256 = strings.Repeat("ab", 32)
	}
	var zst, manifest bytes.Buffer
	if err := WriteDocs(&zst, &manifest, srcs); err != nil {
		t.Fatal(err)
	}
	files, err := parseDocsManifest("m", manifest.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if want := []string{"mtr/2025-04-21.txt", "mtr/2004-09-20.txt", "ipg/2024-09-23.txt", "jar/2019-01-21.html"}; !slices.Equal(names, want) {
		t.Errorf("order %v; want %v", names, want)
	}
	r, err := openDocs("test", bytes.NewReader(zst.Bytes()), files)
	if err != nil {
		t.Fatal(err)
	}
	got, data, err := readAll[DocFile](r)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || string(data[0]) != "%arbiter-extract 1\nnew\n" || string(data[3]) != "<html>JAR</html>" {
		t.Errorf("read back %v %q", got, data)
	}
	// The same files in another order give the same bytes.
	slices.Reverse(srcs)
	var zst2, manifest2 bytes.Buffer
	if err := WriteDocs(&zst2, &manifest2, srcs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(zst.Bytes(), zst2.Bytes()) || !bytes.Equal(manifest.Bytes(), manifest2.Bytes()) {
		t.Error("another order gives other bytes")
	}
	// Two sources making one name are an error naming both.
	srcs = append(srcs, DocSource{Doc: "mtr", Name: "mtr/2025-04-21.txt", Source: "mtr/2025-04-21.doc", SourceSHA256: strings.Repeat("cd", 32), Made: "antiword", Data: []byte("x")})
	err = WriteDocs(io.Discard, io.Discard, srcs)
	if err == nil || !strings.Contains(err.Error(), "both make mtr/2025-04-21.txt") {
		t.Errorf("duplicate: %v", err)
	}
}

func TestDocsManifestErrors(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	line := func(cols ...string) string { return strings.Join(cols, "\t") + "\n" }
	good := line("mtr", "mtr/2025-04-21.txt", "10", sum, "mtr/2025-04-21.pdf", sum, "pdftext")
	for _, tt := range []struct {
		name, text, want string
	}{
		{"empty", "# nothing\n", "m: lists no files"},
		{"columns", "mtr\tmtr/x.txt\n", "m:1: 2 tab-separated columns, want 7"},
		{"document", line("cr", "cr/x.txt", "1", sum, "cr/x.txt", sum, "as is"), `m:1: document "cr" is not mtr, ipg or jar`},
		{"directory", line("mtr", "ipg/x.txt", "1", sum, "mtr/x.pdf", sum, "as is"), `m:1: "ipg/x.txt" is not a file under mtr/`},
		{"size", line("mtr", "mtr/x.txt", "01", sum, "mtr/x.pdf", sum, "as is"), `size "01" is not a number of bytes`},
		{"hash", line("mtr", "mtr/x.txt", "1", "AB", "mtr/x.pdf", sum, "as is"), `"AB" is not 64 lowercase hex digits`},
		{"made", line("mtr", "mtr/x.txt", "1", sum, "mtr/x.pdf", sum, ""), "says not how it was made"},
		{"twice", good + good, "m:2: mtr/2025-04-21.txt is listed already on line 1"},
		{"order", line("ipg", "ipg/x.txt", "1", sum, "ipg/x.pdf", sum, "as is") + good, "m:2: mtr/2025-04-21.txt comes before ipg/x.txt"},
		{"oldest first", line("mtr", "mtr/2000-01-01.txt", "1", sum, "mtr/2000-01-01.pdf", sum, "as is") + good, "comes before mtr/2000-01-01.txt"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseDocsManifest("m", []byte(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want %q", err, tt.want)
			}
		})
	}
}

// TestOpenDocsDamaged: an archive cut short or with a file too many fails
// with an error naming the archive.
func TestOpenDocsDamaged(t *testing.T) {
	manifest, err := DocsManifest()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		archive []byte
		files   []DocFile
		want    string
	}{
		{"cut short", []byte(docsArchive[:len(docsArchive)/2]), manifest, "test: "},
		{"fewer in the manifest", []byte(docsArchive), manifest[:3], "is not in the manifest"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := openDocs("test", bytes.NewReader(tt.archive), tt.files)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := readAll[DocFile](r); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want %q", err, tt.want)
			}
		})
	}
}
