package content

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"testing"
	"unsafe"
)

// resident counts the pages wholly inside b that the process has mapped,
// from /proc/self/pagemap (bit 63 of a page's entry: present).
func resident(t *testing.T, b []byte) (present, pages int) {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skipf("no pagemap: %v", err)
	}
	defer f.Close()
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := (start+page-1)/page, (start+uintptr(len(b)))/page
	entry := make([]byte, 8)
	for p := lo; p < hi; p++ {
		if _, err := f.ReadAt(entry, int64(p*8)); err != nil {
			t.Fatal(err)
		}
		if binary.LittleEndian.Uint64(entry)>>63 == 1 {
			present++
		}
		pages++
	}
	return present, pages
}

// sink keeps touch's reads from being optimised away.
var sink byte

// touch reads a byte of every page of b.
func touch(b []byte) {
	for i := 0; i < len(b); i += 512 {
		sink += b[i]
	}
}

// TestReleaseArchives reads each embedded archive through its reader and
// checks that its pages are no longer mapped after, and that reading it
// again still gives the files the manifests describe (the pages come back
// from the executable).
func TestReleaseArchives(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		read func(t *testing.T)
	}{
		{"cr", unsafe.Slice(unsafe.StringData(corpusArchive), len(corpusArchive)), readCorpusChecked},
		{"docs", unsafe.Slice(unsafe.StringData(docsArchive), len(docsArchive)), readDocsChecked},
		{"cards", cardsArchive, func(t *testing.T) {
			if _, _, data, err := OpenCards(); err != nil || len(data) == 0 {
				t.Fatalf("OpenCards: %d bytes, %v", len(data), err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			touch(tc.data)
			if n, of := resident(t, tc.data); n == 0 {
				t.Fatalf("none of the %d pages mapped after reading them", of)
			}
			for round := range 2 {
				tc.read(t)
				if n, of := resident(t, tc.data); n != 0 {
					t.Errorf("round %d: %d of %d pages still mapped after reading the archive", round, n, of)
				}
			}
		})
	}
}

func readCorpusChecked(t *testing.T) {
	rd, err := OpenCorpus()
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	readAllChecked(t, rd.Next)
}

func readDocsChecked(t *testing.T) {
	rd, err := OpenDocs()
	if err != nil {
		t.Fatal(err)
	}
	// Not closed: the server's reader of the judge documents reads them to
	// the end and lets go of the reader, which must be enough.
	readAllChecked(t, rd.Next)
}

// readAllChecked reads an archive to its end, checking every file against
// its manifest entry.
func readAllChecked[F interface{ Check([]byte) error }](t *testing.T, next func() (F, []byte, error)) {
	t.Helper()
	n := 0
	for {
		f, b, err := next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Check(b); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no files read")
	}
}
