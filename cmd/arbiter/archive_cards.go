package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// cardsArchiveName is the card archive's file, as content embeds it.
const cardsArchiveName = "cards.tar.zst"

// archiveCards reads the one oracle-DATE.jsonl in from, keeps only the
// fields card pages show (cards.Reduce) and writes it to out as the card
// archive, dated as the file is named.
func archiveCards(from, out string) (string, error) {
	matches, err := filepath.Glob(filepath.Join(from, "oracle-*.jsonl"))
	if err != nil {
		return "", err
	}
	if len(matches) != 1 {
		return "", fmt.Errorf("%s: want one oracle-DATE.jsonl, found %d", from, len(matches))
	}
	src := matches[0]
	data, err := os.ReadFile(src)
	if err != nil {
		return "", err
	}
	set, err := cards.ReadJSONL(src, data)
	if err != nil {
		return "", err
	}
	date, err := time.Parse(time.DateOnly, set.Date)
	if err != nil {
		return "", fmt.Errorf("%s: the name holds no date (oracle-YYYY-MM-DD.jsonl)", src)
	}
	reduced := cards.Reduce(set)
	var zst bytes.Buffer
	if err := content.WriteCards(&zst, filepath.Base(src), date, reduced); err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(out, cardsArchiveName), zst.Bytes(), 0o644); err != nil {
		return "", err
	}
	return fmt.Sprintf("wrote %s: %d faces of %s, %d of %d bytes kept, in %d bytes",
		filepath.Join(out, cardsArchiveName), set.Len(), filepath.Base(src), len(reduced), len(data), zst.Len()), nil
}
