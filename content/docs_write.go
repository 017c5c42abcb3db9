package content

import (
	"archive/tar"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"slices"
	"time"
)

// DocSource is one file for WriteDocs: what goes in the archive and what
// it was made from (the caller extracts or converts; content does not
// read PDFs).
type DocSource struct {
	Doc          string // "mtr", "ipg" or "jar"
	Name         string // in the archive: "mtr/2025-04-21.txt"
	Source       string // "mtr/2025-04-21.pdf"
	SourceSHA256 string
	Made         string
	Data         []byte
}

// docDate is the date a judge document's file is named for.
var docDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}`)

// WriteDocs writes files as the judge documents' archive and manifest,
// in the archive's order whatever their order in files. As WriteCorpus
// does, it depends on nothing but the files (fixed tar headers whose time
// is the date the file is named for, zstd at its best level with the CR
// archive's window, a single-threaded encoder), so the same files always
// give the same bytes. Two files with one name are an error.
func WriteDocs(archive, manifest io.Writer, files []DocSource) error {
	srcs := slices.Clone(files)
	list := make([]DocFile, len(srcs))
	for i, s := range srcs {
		sum := sha256.Sum256(s.Data)
		list[i] = DocFile{Doc: s.Doc, Name: s.Name, Size: int64(len(s.Data)), SHA256: hex.EncodeToString(sum[:]), Source: s.Source, SourceSHA256: s.SourceSHA256, Made: s.Made}
	}
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case docLess(list[a], list[b]):
			return -1
		case docLess(list[b], list[a]):
			return 1
		}
		return 0
	})
	sorted := make([]DocFile, len(order))
	data := make([][]byte, len(order))
	for i, j := range order {
		sorted[i], data[i] = list[j], srcs[j].Data
		if i > 0 && sorted[i].Name == sorted[i-1].Name {
			return fmt.Errorf("%s and %s both make %s", sorted[i-1].Source, sorted[i].Source, sorted[i].Name)
		}
	}
	text := formatDocsManifest(sorted)
	if _, err := parseDocsManifest("the manifest", text); err != nil {
		return err // what WriteDocs writes, DocsManifest reads
	}
	if err := writeDocsArchive(archive, sorted, data); err != nil {
		return err
	}
	_, err := manifest.Write(text)
	return err
}

func writeDocsArchive(w io.Writer, files []DocFile, data [][]byte) error {
	return writeArchive(w, corpusWindow, func(tw *tar.Writer) error {
		for i, f := range files {
			var mod time.Time
			if d := docDate.FindString(f.Name[len(f.Doc)+1:]); d != "" {
				mod, _ = time.Parse(time.DateOnly, d)
			}
			if err := writeEntry(tw, f.Name, data[i], mod); err != nil {
				return err
			}
		}
		return nil
	})
}
