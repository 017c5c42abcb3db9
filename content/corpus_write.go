package content

import (
	"archive/tar"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/klauspost/compress/zstd"
)

// CorpusSource is one file for WriteCorpus: its bytes exactly as
// published and what its text says (the caller parses it; content does
// not know the rules).
type CorpusSource struct {
	Effective string // "2026-01-16", from the text
	Name      string // the file name in the archive
	Encoding  string // as rules.Decode reports it
	Data      []byte
}

// WriteCorpus writes files as the rules archive (tar, then zstd) and its
// manifest, newest first whatever their order in files. The output
// depends on nothing but the files' names, dates, encodings and bytes
// (fixed tar headers, a single-threaded encoder), so the same files
// always give the same bytes; CI regenerates the committed archive to
// check it. Two files with one date or one name are an error naming them.
//
// sets, if not nil, is the table of the sets that brought the editions
// (cr-sets.tsv, see sets.go): the archive holds it first, as it is, and
// every date it names must be a file's effective date.
func WriteCorpus(archive, manifest io.Writer, files []CorpusSource, sets []byte) error {
	return writeCorpus(archive, manifest, files, sets, corpusWindow)
}

// writeCorpus is WriteCorpus with a chosen zstd window, which the window
// benchmark varies.
func writeCorpus(archive, mw io.Writer, files []CorpusSource, sets []byte, window int) error {
	srcs, list, err := corpusList(files)
	if err != nil {
		return err
	}
	m := manifest{files: list}
	if sets != nil {
		if err := checkSets(sets, list); err != nil {
			return err
		}
		sum := sha256.Sum256(sets)
		m.sets = &CorpusFile{Effective: setsKey, Name: setsName, Size: int64(len(sets)), SHA256: hex.EncodeToString(sum[:]), Encoding: "utf-8"}
	}
	if err := writeCorpusArchive(archive, srcs, m, sets, window); err != nil {
		return err
	}
	_, err = mw.Write(formatManifest(m))
	return err
}

// corpusList sorts files newest first and makes their manifest, which it
// checks by reading it back: what WriteCorpus writes, OpenCorpus reads.
func corpusList(files []CorpusSource) ([]CorpusSource, []CorpusFile, error) {
	srcs := slices.Clone(files)
	slices.SortFunc(srcs, func(a, b CorpusSource) int {
		return cmp.Or(cmp.Compare(b.Effective, a.Effective), cmp.Compare(a.Name, b.Name))
	})
	list := make([]CorpusFile, len(srcs))
	for i, s := range srcs {
		if i > 0 && s.Effective == srcs[i-1].Effective {
			return nil, nil, fmt.Errorf("%s and %s have the same effective date, %s", srcs[i-1].Name, s.Name, s.Effective)
		}
		sum := sha256.Sum256(s.Data)
		list[i] = CorpusFile{Effective: s.Effective, Name: s.Name, Size: int64(len(s.Data)), SHA256: hex.EncodeToString(sum[:]), Encoding: s.Encoding}
	}
	if _, err := parseCorpusManifest("the manifest", formatCorpusManifest(list)); err != nil {
		return nil, nil, err
	}
	return srcs, list, nil
}

// writeCorpusArchive writes srcs as a tar whose headers hold nothing but
// the name, size and a fixed mode, owner and time (the edition's
// effective date), compressed at zstd's best level.
//
// The table of sets, if any, comes first, dated as the newest edition it
// names.
func writeCorpusArchive(w io.Writer, srcs []CorpusSource, m manifest, sets []byte, window int) error {
	return writeArchive(w, window, func(tw *tar.Writer) error {
		if m.sets != nil {
			parsed, _ := parseCRSets(setsName, sets) // checked by writeCorpus
			date, _ := time.Parse(time.DateOnly, parsed[len(parsed)-1].Effective)
			if err := writeEntry(tw, setsName, sets, date); err != nil {
				return err
			}
		}
		for i, s := range srcs {
			date, _ := time.Parse(time.DateOnly, m.files[i].Effective) // checked by corpusList
			if err := writeEntry(tw, s.Name, s.Data, date); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeArchive writes a tar of what entries writes to it, compressed with
// zstd at its best level with the given window, one block at a time and in
// order, so the same bytes always give the same archive: the rules', the
// judge documents' and the cards' archives are all written so.
func writeArchive(w io.Writer, window int, entries func(*tar.Writer) error) error {
	zw, err := zstd.NewWriter(w,
		zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithWindowSize(window),
		zstd.WithEncoderConcurrency(1), // one block at a time, in order: the same bytes every run
		zstd.WithEncoderCRC(true))
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	if err := entries(tw); err != nil {
		zw.Close()
		return err
	}
	if err := tw.Close(); err != nil {
		zw.Close()
		return err
	}
	return zw.Close()
}

// writeEntry writes one file to the tar with a header that holds nothing
// but its name, size, mode 0644 and date.
func writeEntry(tw *tar.Writer, name string, data []byte, date time.Time) error {
	h := &tar.Header{
		Typeflag: tar.TypeReg,
		Name:     name,
		Size:     int64(len(data)),
		Mode:     0o644,
		ModTime:  date.UTC(),
		Format:   tar.FormatUSTAR,
	}
	if err := tw.WriteHeader(h); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := tw.Write(data); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
