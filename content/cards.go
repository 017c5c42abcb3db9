package content

import (
	"archive/tar"
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/klauspost/compress/zstd"
)

// The card archive: one file of Oracle text and rulings (see
// rules/cards), in a tar compressed with zstd like the rules archives, so
// the binary has every card without a loose copy of the data.
//
//go:embed cards/cards.tar.zst
var cardsArchive []byte

// CardsArchiveSize is the embedded card archive's size in bytes.
func CardsArchiveSize() int { return len(cardsArchive) }

// maxCardsFile bounds the one file the card archive holds when read: the
// reduced card file is some 12 MB.
const maxCardsFile = 64 << 20

// OpenCards returns the embedded card file: its name in the archive
// ("oracle-2018-11-07.jsonl"), its date and its bytes.
func OpenCards() (name string, date time.Time, data []byte, err error) {
	name, date, data, err = ReadCards(cardsArchive)
	// Read once a process, as a rule (rules/cards keeps what it makes of
	// the file): its pages need not stay resident. The slice is never
	// written, so its pages are still the executable's.
	release(cardsArchive)
	return name, date, data, err
}

// ReadCards reads a card archive written by WriteCards: a tar of exactly
// one file.
func ReadCards(archive []byte) (name string, date time.Time, data []byte, err error) {
	zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(corpusWindow))
	if err != nil {
		return "", time.Time{}, nil, err
	}
	defer zr.Close()
	// The tar is some 13 MB: one allocation rather than a dozen doublings.
	raw, err := zr.DecodeAll(archive, make([]byte, 0, 16<<20))
	if err != nil {
		return "", time.Time{}, nil, fmt.Errorf("card archive: %w", err)
	}
	tr := tar.NewReader(bytes.NewReader(raw))
	h, err := tr.Next()
	if err != nil {
		return "", time.Time{}, nil, fmt.Errorf("card archive: %w", err)
	}
	if h.Size > maxCardsFile {
		return "", time.Time{}, nil, fmt.Errorf("card archive: %s is %d bytes, over %d", h.Name, h.Size, maxCardsFile)
	}
	data = make([]byte, h.Size)
	if _, err := io.ReadFull(tr, data); err != nil {
		return "", time.Time{}, nil, fmt.Errorf("card archive: %s: %w", h.Name, err)
	}
	if _, err := tr.Next(); !errors.Is(err, io.EOF) {
		return "", time.Time{}, nil, fmt.Errorf("card archive: more than one file")
	}
	return h.Name, h.ModTime.UTC(), data, nil
}

// WriteCards writes the card archive: a tar holding data as name, dated
// date, compressed as the rules archive is (best level, an 8 MiB window,
// one thread), so the same bytes always give the same archive.
func WriteCards(w io.Writer, name string, date time.Time, data []byte) error {
	return writeArchive(w, corpusWindow, func(tw *tar.Writer) error {
		return writeEntry(tw, name, data, date)
	})
}
