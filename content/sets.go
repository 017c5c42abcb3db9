package content

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// The archive's first entry, cr-sets.tsv, says which set's release brought
// each Comprehensive Rules edition from 1999 to 2020 (the names public
// archives gave the files), so an edition can be named by its set ("Magic
// 2010", M10) as judges remember them. It travels as the corpus's own file,
// byte for byte, inside the archive; this file reads it.

// CRSet is one line of the table: a set and the edition its release
// brought.
type CRSet struct {
	Effective string // the edition's effective date: "2009-07-11"
	Code      string // the set's code: "M10"
	Name      string // the set's name: "Magic 2010"
}

// setsName is the table's name in the archive and the corpus.
const setsName = "cr-sets.tsv"

// setsHeader is the table's first line.
const setsHeader = "effective_date\tset_code\tset_name"

// parseCRSets reads a table of sets (name is the file errors name): the
// header line, then a line per set, tab-separated, in the order of the
// editions (oldest first; a date may carry two sets, and two dates one
// set: Ikoria's release brought 2020-04-17, and its update 2020-06-01).
// Codes are two to five capitals or digits.
func parseCRSets(name string, b []byte) ([]CRSet, error) {
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%s: not UTF-8", name)
	}
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n"), "\n")
	if lines[0] != setsHeader {
		return nil, fmt.Errorf("%s:1: header %q, want %q", name, lines[0], setsHeader)
	}
	var sets []CRSet
	seen := map[CRSet]int{}
	for i, line := range lines[1:] {
		n := i + 2
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			return nil, fmt.Errorf("%s:%d: %d tab-separated columns, want 3 (effective_date, set_code, set_name)", name, n, len(cols))
		}
		s := CRSet{Effective: cols[0], Code: cols[1], Name: cols[2]}
		if t, err := time.Parse(time.DateOnly, s.Effective); err != nil || t.Format(time.DateOnly) != s.Effective {
			return nil, fmt.Errorf("%s:%d: %q is not a date like 2009-07-11", name, n, s.Effective)
		}
		if !setCode(s.Code) {
			return nil, fmt.Errorf("%s:%d: set code %q is not two to five capitals or digits", name, n, s.Code)
		}
		if strings.TrimSpace(s.Name) != s.Name || s.Name == "" {
			return nil, fmt.Errorf("%s:%d: set name %q is empty or has spaces around it", name, n, s.Name)
		}
		if len(sets) > 0 && s.Effective < sets[len(sets)-1].Effective {
			return nil, fmt.Errorf("%s:%d: %s comes after %s; the table lists editions oldest first", name, n, s.Effective, sets[len(sets)-1].Effective)
		}
		key := CRSet{Effective: s.Effective, Code: s.Code}
		if prev, ok := seen[key]; ok {
			return nil, fmt.Errorf("%s:%d: %s %s is listed already on line %d", name, n, s.Effective, s.Code, prev)
		}
		seen[key] = n
		sets = append(sets, s)
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("%s: lists no sets", name)
	}
	return sets, nil
}

// setCode reports whether s is a set code: "M10", "6ED", "2XM".
func setCode(s string) bool {
	if len(s) < 2 || len(s) > 5 {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// embeddedSets is the archive's table, read once: decompressing the
// archive's first entry costs a fraction of a millisecond.
var embeddedSets = sync.OnceValues(func() ([]CRSet, error) {
	m, err := parseManifest(corpusManifestName, []byte(corpusManifest))
	if err != nil {
		return nil, err
	}
	if m.sets == nil {
		return nil, fmt.Errorf("%s lists no table of sets", corpusManifestName)
	}
	b, err := readSets(corpusArchiveName, strings.NewReader(corpusArchive), m)
	if err != nil {
		return nil, err
	}
	return parseCRSets(corpusArchiveName+": "+setsName, b)
})

// readSets reads the table of sets, the archive's first entry, and checks
// it against the manifest.
func readSets(name string, archive io.Reader, m manifest) ([]byte, error) {
	r, err := openManifest(name, archive, m, corpusWindow)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if err := r.readSets(); err != nil {
		return nil, err
	}
	return r.data, nil
}

// CRSets returns the table of sets in the embedded archive, oldest edition
// first.
func CRSets() ([]CRSet, error) {
	return embeddedSets()
}

// SetsOf returns the sets whose release brought the edition effective on
// date ("2011-06-17": Commander and Planechase 2012), none for an edition
// the table does not list (those after 2020, and updates between sets).
func SetsOf(effective string) []CRSet {
	sets, _ := embeddedSets()
	var out []CRSet
	for _, s := range sets {
		if s.Effective == effective {
			out = append(out, s)
		}
	}
	return out
}

// EditionOfSet returns the effective date of the edition a set's release
// brought, by the set's code in any case ("m10": 2009-07-11). A set that
// brought two editions names the first (IKO: 2020-04-17, not its update
// of 2020-06-01).
func EditionOfSet(code string) (string, bool) {
	sets, _ := embeddedSets()
	for _, s := range sets {
		if strings.EqualFold(s.Code, code) {
			return s.Effective, true
		}
	}
	return "", false
}

// checkSets checks a table of sets for the archive: it parses, and every
// date is the effective date of one of the files.
func checkSets(b []byte, files []CorpusFile) error {
	sets, err := parseCRSets(setsName, b)
	if err != nil {
		return err
	}
	dates := map[string]bool{}
	for _, f := range files {
		dates[f.Effective] = true
	}
	for _, s := range sets {
		if !dates[s.Effective] {
			return fmt.Errorf("%s: %s (%s) names %s, which is no file's effective date", setsName, s.Code, s.Name, s.Effective)
		}
	}
	return nil
}
