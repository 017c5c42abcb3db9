package cards

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/arbiter-rules/arbiter/content"
)

// AtomicFile is the name of MTGJSON's current card file, which serve reads
// from the data directory in place of the embedded cards.
const AtomicFile = "AtomicCards.json"

// maxFile bounds a user's card file (AtomicCards.json was some 120 MB in
// 2025).
const maxFile = 512 << 20

// Embedded reads the card file embedded in the binary.
func Embedded() (*Set, error) { return readEmbedded(ReadJSONL) }

// EmbeddedNames reads only the faces' names (Name, Names and Layout) of
// the embedded card file: enough to find a card by name and to spot card
// names in the rules' text, for a fraction of the full set's time and
// memory.
func EmbeddedNames() (*Set, error) { return readEmbedded(readNames) }

// readEmbedded reads the embedded card file with read.
func readEmbedded(read func(name string, data []byte) (*Set, error)) (*Set, error) {
	name, _, data, err := content.OpenCards()
	if err != nil {
		return nil, err
	}
	s, err := read(name, data)
	if err != nil {
		return nil, err
	}
	s.Source = "embedded " + name
	return s, nil
}

// Load reads dir/AtomicCards.json if there is one, else the embedded
// cards. A broken user file is an error naming it: serve reports it and
// keeps the embedded cards rather than showing none.
func Load(dir string) (*Set, error) {
	if dir != "" {
		p := filepath.Join(dir, AtomicFile)
		if st, err := os.Stat(p); err == nil {
			if st.Size() > maxFile {
				return nil, fmt.Errorf("%s: %d bytes, over %d", p, st.Size(), maxFile)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			return ReadAtomic(p, data)
		}
	}
	return Embedded()
}
