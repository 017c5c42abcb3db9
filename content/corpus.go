package content

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"

	_ "embed"
)

// Every official Comprehensive Rules text file Wizards published travels in
// the binary as one tar compressed with zstd, newest first, beside a
// plain-text manifest that says what the tar holds (see README.md, "The
// official rules archive"). The two are written by WriteCorpus
// (corpus_write.go) and read here; the manifest's format lives only here.

// The embedded archive and manifest, and the names errors use for them.
const (
	corpusArchiveName  = "cr/cr.tar.zst"
	corpusManifestName = "cr/manifest.tsv"
)

//go:embed cr/cr.tar.zst
var corpusArchive string

//go:embed cr/manifest.tsv
var corpusManifest string

// corpusWindow is the zstd window the archive is written with and the
// largest the reader accepts. Consecutive editions share most of their
// text, so what compresses is a window that reaches back over the newer
// edition before (about 1 MB, 2.6 MB past a UTF-16 file): 8 MiB gives
// 875 KB, within 1% of the whole-corpus window's 871 KB, for 9 MB of
// decoder memory instead of 68 MB; 4 MiB gives 1006 KB (+16%). The table
// is in README.md; BenchmarkCorpusWindow measures it again.
const corpusWindow = 8 << 20

// CorpusFile is one official CR file in the embedded archive, as its manifest line says.
type CorpusFile struct {
	Effective string // "2026-01-16"
	Name      string // "2026-01-16.txt"
	Size      int64
	SHA256    string // lowercase hex
	Encoding  string // as rules.Decode reports it
}

// Check says whether b is the file the manifest line describes: its size
// and SHA-256. The error names the file.
func (f CorpusFile) Check(b []byte) error {
	if int64(len(b)) != f.Size {
		return fmt.Errorf("%s has %d bytes; the manifest says %d", f.Name, len(b), f.Size)
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != f.SHA256 {
		return fmt.Errorf("%s has SHA-256 %x; the manifest says %s", f.Name, sum, f.SHA256)
	}
	return nil
}

// CorpusManifest returns the manifest's rules files, newest first (parsed
// from the embedded manifest; an error names the manifest line).
func CorpusManifest() ([]CorpusFile, error) {
	m, err := parseManifest(corpusManifestName, []byte(corpusManifest))
	return m.files, err
}

// manifest is what a manifest lists: the rules files, newest first, and
// the table of sets (cr-sets.tsv) if the archive holds one, as its first
// entry.
type manifest struct {
	files []CorpusFile
	sets  *CorpusFile // Effective is setsKey
}

// setsKey stands in a manifest line's first column for the table of sets,
// which has no effective date of its own.
const setsKey = "sets"

// The manifest is tab-separated text, one file a line in the archive's
// order; lines starting with # are comments. Tabs, because names and
// encodings never hold one and a diff of the file stays readable.
// manifestHeader opens every manifest WriteCorpus writes.
const manifestHeader = "# The official Comprehensive Rules files in cr.tar.zst, in the archive's order (newest first).\n" +
	"# Rebuild both: go run ./cmd/arbiter archive --from ../shared/corpus/cr --out content/cr\n" +
	"# effective\tname\tsize\tsha256\tencoding (\"sets\" for the table of the sets that brought each edition, held first)\n"

// formatCorpusManifest writes files as a manifest, which
// parseCorpusManifest reads back to the same slice.
func formatCorpusManifest(files []CorpusFile) []byte {
	return formatManifest(manifest{files: files})
}

// formatManifest writes m, the table of sets first (as in the archive),
// which parseManifest reads back the same.
func formatManifest(m manifest) []byte {
	var b bytes.Buffer
	b.WriteString(manifestHeader)
	line := func(f CorpusFile) {
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\n", f.Effective, f.Name, f.Size, f.SHA256, f.Encoding)
	}
	if m.sets != nil {
		line(*m.sets)
	}
	for _, f := range m.files {
		line(f)
	}
	return b.Bytes()
}

// parseCorpusManifest reads a manifest; name is the file errors name. It
// accepts only what formatCorpusManifest could have written, so a
// hand-edited manifest cannot say one thing and mean another: dates are
// real and strictly decreasing (newest first, none repeated), names are
// plain file names that appear once, sizes are canonical decimals.
func parseCorpusManifest(name string, b []byte) ([]CorpusFile, error) {
	m, err := parseManifest(name, b)
	return m.files, err
}

// parseManifest is parseCorpusManifest that also reads the line of the
// table of sets ("sets" in place of a date), which may come only first.
func parseManifest(name string, b []byte) (manifest, error) {
	var m manifest
	seen := map[string]int{} // file name → manifest line
	for i, line := range strings.Split(string(b), "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sets := strings.HasPrefix(line, setsKey+"\t")
		if sets {
			line = "2000-01-01" + line[len(setsKey):] // a date, for parseManifestLine
		}
		f, err := parseManifestLine(line)
		if err != nil {
			return manifest{}, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if prev, ok := seen[f.Name]; ok {
			return manifest{}, fmt.Errorf("%s:%d: %s is listed already on line %d", name, n, f.Name, prev)
		}
		seen[f.Name] = n
		if sets {
			if len(m.files) > 0 || m.sets != nil {
				return manifest{}, fmt.Errorf("%s:%d: the table of sets %s is not the first line; the archive holds it first", name, n, f.Name)
			}
			f.Effective = setsKey
			m.sets = &f
			continue
		}
		if len(m.files) > 0 && f.Effective >= m.files[len(m.files)-1].Effective {
			return manifest{}, fmt.Errorf("%s:%d: %s (%s) is not older than the line before (%s); the manifest lists each date once, newest first",
				name, n, f.Name, f.Effective, m.files[len(m.files)-1].Effective)
		}
		m.files = append(m.files, f)
	}
	if len(m.files) == 0 {
		return manifest{}, fmt.Errorf("%s: lists no files", name)
	}
	return m, nil
}

// parseManifestLine reads one file's line.
func parseManifestLine(line string) (CorpusFile, error) {
	cols := strings.Split(line, "\t")
	if len(cols) != 5 {
		return CorpusFile{}, fmt.Errorf("%d tab-separated columns, want 5 (effective, name, size, sha256, encoding)", len(cols))
	}
	f := CorpusFile{Effective: cols[0], Name: cols[1], SHA256: cols[3], Encoding: cols[4]}
	if err := checkCorpusName(f.Name); err != nil {
		return f, err
	}
	if t, err := time.Parse(time.DateOnly, f.Effective); err != nil || t.Format(time.DateOnly) != f.Effective {
		return f, fmt.Errorf("%s: effective date %q is not a date like 2026-01-16", f.Name, f.Effective)
	}
	size, err := strconv.ParseInt(cols[2], 10, 64)
	if err != nil || size < 0 || strconv.FormatInt(size, 10) != cols[2] {
		return f, fmt.Errorf("%s: size %q is not a number of bytes", f.Name, cols[2])
	}
	f.Size = size
	if len(f.SHA256) != 2*sha256.Size || strings.ToLower(f.SHA256) != f.SHA256 {
		return f, fmt.Errorf("%s: sha256 %q is not 64 lowercase hex digits", f.Name, f.SHA256)
	}
	if _, err := hex.DecodeString(f.SHA256); err != nil {
		return f, fmt.Errorf("%s: sha256 %q is not 64 lowercase hex digits", f.Name, f.SHA256)
	}
	if !isEncodingName(f.Encoding) {
		return f, fmt.Errorf("%s: encoding %q is not a name like utf-8 or windows-1252", f.Name, f.Encoding)
	}
	return f, nil
}

// checkCorpusName accepts a plain file name that fits a tar header: the
// archive has no directories, and a name is also a manifest column.
func checkCorpusName(name string) error {
	switch {
	case name == "" || name == "." || name == "..":
		return fmt.Errorf("file name %q is not a file name", name)
	case len(name) > 100: // what a ustar header's name field holds
		return fmt.Errorf("file name %q is longer than 100 bytes", name)
	case strings.ContainsAny(name, "/\\\t\r\n\x00"):
		return fmt.Errorf("file name %q has a slash or a control character", name)
	}
	return nil
}

// isEncodingName accepts the names rules.Decode reports (utf-8,
// windows-1252…) and any like them, so a new decoder's name (a DOS code
// page) needs no change here.
func isEncodingName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// CorpusReader reads the embedded archive's files one at a time, so a
// caller can use the newest edition before the older ones are decompressed.
type CorpusReader struct {
	name  string // the archive, for errors
	files []CorpusFile
	sets  *CorpusFile // the table of sets the archive holds first, if any
	data  []byte      // the table's bytes, once read
	next  int         // index in files of the entry Next reads
	zr    *zstd.Decoder
	tr    *tar.Reader
	err   error // sticky: io.EOF after the last file, or what went wrong
	// embedded is the archive the binary embeds that the reader reads,
	// "" for another: its pages are released (release) once it is read
	// to the end or closed.
	embedded string
}

// OpenCorpus streams the archive's files in manifest order (newest first).
func OpenCorpus() (*CorpusReader, error) {
	m, err := parseManifest(corpusManifestName, []byte(corpusManifest))
	if err != nil {
		return nil, err
	}
	r, err := openManifest(corpusArchiveName, strings.NewReader(corpusArchive), m, corpusWindow)
	if err == nil {
		r.embedded = corpusArchive
	}
	return r, err
}

// openManifest is openCorpus for an archive whose manifest may list a
// table of sets, which the reader reads first and keeps (sets).
func openManifest(name string, archive io.Reader, m manifest, window int) (*CorpusReader, error) {
	r, err := openCorpus(name, archive, m.files, window)
	if err == nil {
		r.sets = m.sets
	}
	return r, err
}

// openCorpus reads archive (named name in errors) against files. The
// decoder is synchronous (concurrency 1: no goroutines, one block in
// flight) and grows its buffers only as needed (low memory), and refuses a
// window larger than window, so its memory stays near the window's size.
func openCorpus(name string, archive io.Reader, files []CorpusFile, window int) (*CorpusReader, error) {
	zr, err := zstd.NewReader(archive,
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(uint64(window)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &CorpusReader{name: name, files: files, zr: zr, tr: tar.NewReader(zr)}, nil
}

// Next returns the next file and its bytes; io.EOF after the last. It
// checks each tar entry against the manifest (name, size) and fails with
// an error naming the entry otherwise. After an error every call returns
// it again.
//
// It does not hash the bytes: SHA-256 of all 48 MB costs more than
// decompressing them (35 ms against 50), and zstd's own checksum of the
// stream, checked at its end, already catches a damaged archive. Tests
// check every file with CorpusFile.Check; a caller that wants to can too.
func (r *CorpusReader) Next() (CorpusFile, []byte, error) {
	if r.err != nil {
		return CorpusFile{}, nil, r.err
	}
	f, b, err := r.read()
	if err != nil {
		r.err = err
		return CorpusFile{}, nil, err
	}
	r.next++
	return f, b, nil
}

// read reads the tar entry the manifest says comes next, after the table
// of sets if the manifest lists one.
func (r *CorpusReader) read() (CorpusFile, []byte, error) {
	if err := r.readSets(); err != nil {
		return CorpusFile{}, nil, err
	}
	h, err := r.tr.Next()
	if err == io.EOF {
		return CorpusFile{}, nil, r.end()
	}
	if err != nil {
		return CorpusFile{}, nil, fmt.Errorf("%s: entry %d: %w", r.name, r.entries()+1, err)
	}
	if r.next == len(r.files) {
		return CorpusFile{}, nil, fmt.Errorf("%s: entry %d, %s, is not in the manifest (it lists %d files)", r.name, r.entries()+1, h.Name, len(r.files))
	}
	want := r.files[r.next]
	b, err := r.body(h, want, r.entries()+1)
	return want, b, err
}

// readSets reads the table of sets, the first entry, if the manifest
// lists one and it is not read yet.
func (r *CorpusReader) readSets() error {
	if r.sets == nil || r.data != nil {
		return nil
	}
	b, err := r.entry(*r.sets, 1)
	if err != nil {
		return err
	}
	if err := r.sets.Check(b); err != nil {
		return fmt.Errorf("%s: %w", r.name, err)
	}
	r.data = b
	return nil
}

// entries is how many entries were read.
func (r *CorpusReader) entries() int {
	if r.data != nil {
		return r.next + 1
	}
	return r.next
}

// entry reads the next tar entry, which must be want, the n-th.
func (r *CorpusReader) entry(want CorpusFile, n int) ([]byte, error) {
	h, err := r.tr.Next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: ends before its entry %d, %s", r.name, n, want.Name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: entry %d: %w", r.name, n, err)
	}
	return r.body(h, want, n)
}

// body checks the header of the n-th entry against want and reads its bytes.
func (r *CorpusReader) body(h *tar.Header, want CorpusFile, n int) ([]byte, error) {
	switch {
	case h.Name != want.Name:
		return nil, fmt.Errorf("%s: entry %d is %s; the manifest lists %s there", r.name, n, h.Name, want.Name)
	case h.Typeflag != tar.TypeReg:
		return nil, fmt.Errorf("%s: entry %s is not a regular file (tar type %q)", r.name, h.Name, h.Typeflag)
	case h.Size != want.Size:
		return nil, fmt.Errorf("%s: entry %s has %d bytes; the manifest says %d", r.name, h.Name, h.Size, want.Size)
	}
	b := make([]byte, h.Size)
	if _, err := io.ReadFull(r.tr, b); err != nil {
		return nil, fmt.Errorf("%s: entry %s: %w", r.name, h.Name, err)
	}
	return b, nil
}

// end checks, at the tar's end, that every manifest file was read and
// that the compressed stream ends cleanly (zstd checks its own checksum of
// the whole stream there).
func (r *CorpusReader) end() error {
	if r.next < len(r.files) {
		return fmt.Errorf("%s: ends after %d files; the manifest lists %d (%s is missing)", r.name, r.next, len(r.files), r.files[r.next].Name)
	}
	if _, err := io.Copy(io.Discard, r.zr); err != nil {
		return fmt.Errorf("%s: after the last entry: %w", r.name, err)
	}
	releaseString(r.embedded)
	return io.EOF
}

// Close releases the decoder, and the embedded archive's pages. Reading
// after Close is an error.
func (r *CorpusReader) Close() error {
	releaseString(r.embedded)
	if r.zr != nil {
		r.zr.Close()
		r.zr = nil
	}
	if r.err == nil {
		r.err = errors.New(r.name + ": read after Close")
	}
	return nil
}
