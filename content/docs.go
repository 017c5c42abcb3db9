package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	_ "embed"
)

// The judge documents (every Magic Tournament Rules, Infraction Procedure
// Guide and Judging at Regular REL we have) travel in the binary as one tar
// compressed with zstd, beside a manifest, as the CR archive does (see
// README.md, "The judge documents' archive"). A PDF is there as the text
// rules/pdftext makes of it, a Word 97 file as antiword's, in extract
// format 1; text and HTML files as they are. WriteDocs (docs_write.go)
// writes both files; this file reads them and owns the manifest's format.

const (
	docsArchiveName  = "docs/docs.tar.zst"
	docsManifestName = "docs/manifest.tsv"
)

//go:embed docs/docs.tar.zst
var docsArchive string

//go:embed docs/manifest.tsv
var docsManifest string

// DocFile is one file of the judge documents' archive, as its manifest
// line says.
type DocFile struct {
	Doc          string // "mtr", "ipg" or "jar"
	Name         string // in the archive: "mtr/2025-04-21.txt"
	Size         int64
	SHA256       string // of the archived bytes, lowercase hex
	Source       string // the corpus file it was made from: "mtr/2025-04-21.pdf"
	SourceSHA256 string
	Made         string // how: pdftext.Engine, "antiword 0.37, format 1", or "as is"
}

// MadeAsIs is the Made of a file archived as it was found.
const MadeAsIs = "as is"

// Check says whether b is the file the manifest line describes.
func (f DocFile) Check(b []byte) error {
	if int64(len(b)) != f.Size {
		return fmt.Errorf("%s has %d bytes; the manifest says %d", f.Name, len(b), f.Size)
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != f.SHA256 {
		return fmt.Errorf("%s has SHA-256 %x; the manifest says %s", f.Name, sum, f.SHA256)
	}
	return nil
}

// DocsManifest returns the judge documents' manifest, in the archive's
// order (by document, newest first).
func DocsManifest() ([]DocFile, error) {
	return parseDocsManifest(docsManifestName, []byte(docsManifest))
}

// docsHeader opens every docs manifest WriteDocs writes.
const docsHeader = "# The judge documents in docs.tar.zst, in the archive's order (by document, newest first).\n" +
	"# Rebuild both: go run ./cmd/arbiter archive --docs --from ../shared/corpus --out content/docs\n" +
	"# doc\tname\tsize\tsha256\tsource\tsource_sha256\tmade\n"

// docOrder is the documents' order in the archive.
var docOrder = map[string]int{"mtr": 0, "ipg": 1, "jar": 2}

func formatDocsManifest(files []DocFile) []byte {
	var b bytes.Buffer
	b.WriteString(docsHeader)
	for _, f := range files {
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", f.Doc, f.Name, f.Size, f.SHA256, f.Source, f.SourceSHA256, f.Made)
	}
	return b.Bytes()
}

// parseDocsManifest reads a manifest (name is the file errors name),
// accepting only what formatDocsManifest could have written: known
// documents, names under their document's directory and listed once, in
// the archive's order.
func parseDocsManifest(name string, b []byte) ([]DocFile, error) {
	var files []DocFile
	seen := map[string]int{}
	for i, line := range strings.Split(string(b), "\n") {
		n := i + 1
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f, err := parseDocLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if prev, ok := seen[f.Name]; ok {
			return nil, fmt.Errorf("%s:%d: %s is listed already on line %d", name, n, f.Name, prev)
		}
		if len(files) > 0 && docLess(f, files[len(files)-1]) {
			return nil, fmt.Errorf("%s:%d: %s comes before %s in the archive's order", name, n, f.Name, files[len(files)-1].Name)
		}
		seen[f.Name] = n
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: lists no files", name)
	}
	return files, nil
}

// docLess is the archive's order: by document, then newest first.
func docLess(a, b DocFile) bool {
	if a.Doc != b.Doc {
		return docOrder[a.Doc] < docOrder[b.Doc]
	}
	return a.Name > b.Name
}

func parseDocLine(line string) (DocFile, error) {
	cols := strings.Split(line, "\t")
	if len(cols) != 7 {
		return DocFile{}, fmt.Errorf("%d tab-separated columns, want 7 (doc, name, size, sha256, source, source_sha256, made)", len(cols))
	}
	f := DocFile{Doc: cols[0], Name: cols[1], SHA256: cols[3], Source: cols[4], SourceSHA256: cols[5], Made: cols[6]}
	if _, ok := docOrder[f.Doc]; !ok {
		return f, fmt.Errorf("document %q is not mtr, ipg or jar", f.Doc)
	}
	for _, p := range []string{f.Name, f.Source} {
		dir, base, ok := strings.Cut(p, "/")
		if !ok || dir != f.Doc {
			return f, fmt.Errorf("%q is not a file under %s/", p, f.Doc)
		}
		if err := checkCorpusName(base); err != nil {
			return f, err
		}
	}
	size, err := strconv.ParseInt(cols[2], 10, 64)
	if err != nil || size < 0 || strconv.FormatInt(size, 10) != cols[2] {
		return f, fmt.Errorf("%s: size %q is not a number of bytes", f.Name, cols[2])
	}
	f.Size = size
	for _, h := range []string{f.SHA256, f.SourceSHA256} {
		if len(h) != 2*sha256.Size || strings.ToLower(h) != h {
			return f, fmt.Errorf("%s: %q is not 64 lowercase hex digits", f.Name, h)
		}
		if _, err := hex.DecodeString(h); err != nil {
			return f, fmt.Errorf("%s: %q is not 64 lowercase hex digits", f.Name, h)
		}
	}
	if f.Made == "" {
		return f, fmt.Errorf("%s: says not how it was made", f.Name)
	}
	return f, nil
}

// DocsReader reads the judge documents' archive one file at a time. The
// archive is read as the CR's is (a CorpusReader over the same names and
// sizes, with its checks and errors); DocsReader gives back the manifest's
// DocFile lines.
type DocsReader struct {
	files []DocFile
	r     *CorpusReader
}

// OpenDocs streams the judge documents' files in manifest order.
func OpenDocs() (*DocsReader, error) {
	files, err := DocsManifest()
	if err != nil {
		return nil, err
	}
	r, err := openDocs(docsArchiveName, strings.NewReader(docsArchive), files)
	if err == nil {
		r.r.embedded = docsArchive
	}
	return r, err
}

// openDocs reads archive (named name in errors) against files, with a
// decoder as small as the CR archive's (see openCorpus).
func openDocs(name string, archive io.Reader, files []DocFile) (*DocsReader, error) {
	entries := make([]CorpusFile, len(files))
	for i, f := range files {
		entries[i] = CorpusFile{Name: f.Name, Size: f.Size, SHA256: f.SHA256}
	}
	r, err := openCorpus(name, archive, entries, corpusWindow)
	if err != nil {
		return nil, err
	}
	return &DocsReader{files: files, r: r}, nil
}

// Next returns the next file and its bytes; io.EOF after the last. Each
// tar entry is checked against the manifest (name, size); zstd's checksum
// of the stream catches a damaged archive at its end.
func (r *DocsReader) Next() (DocFile, []byte, error) {
	_, b, err := r.r.Next()
	if err != nil {
		return DocFile{}, nil, err
	}
	return r.files[r.r.next-1], b, nil
}

// Close releases the decoder. Reading after Close is an error.
func (r *DocsReader) Close() error { return r.r.Close() }
