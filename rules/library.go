package rules

import (
	"slices"
	"sort"
	"strings"
)

// Library is the set of editions a server or tool works with, newest first.
// It is read-only once built.
type Library struct {
	Editions []*Edition
	byID     map[string]*Edition
}

// NewLibrary orders editions newest first and gives each a unique ID
// (AssignIDs). Failed editions are left out.
func NewLibrary(eds []*Edition) *Library {
	l := &Library{byID: map[string]*Edition{}}
	for _, e := range eds {
		if e == nil || e.Failed() {
			continue
		}
		l.Editions = append(l.Editions, e)
	}
	sortEditions(l.Editions)
	l.byID = AssignIDs(nil, l.Editions)
	return l
}

// sortEditions orders eds newest first and, within a date, the whole rules
// in Wizards' own text first.
func sortEditions(eds []*Edition) {
	sort.SliceStable(eds, func(i, j int) bool {
		a, b := eds[i], eds[j]
		if !a.Effective.Equal(b.Effective) {
			return a.Effective.After(b.Effective)
		}
		if ka, kb := kindRank(a.Kind), kindRank(b.Kind); ka != kb {
			return ka < kb
		}
		return formatRank(a.Format) < formatRank(b.Format)
	})
}

// AssignIDs gives each of eds a unique ID and returns them by ID. The
// editions in keep hold their IDs as they are and go first; eds are taken
// newest first. An edition's ID is its effective date; one with no date
// keeps its own ID (or its file's base name). When two editions share a
// date, the whole Comprehensive Rules in Wizards' own text keeps the bare
// date and the other gets a suffix naming how it differs: its format
// ("2011-07-15-rst") or, in the same format, its kind
// ("2007-02-01-excerpt"); then a counter.
//
// An ID is written only where it changes, so a server can assign the IDs
// of a whole set once and then build libraries of any part of it while
// other libraries with the same editions are being read.
func AssignIDs(keep, eds []*Edition) map[string]*Edition {
	byID := map[string]*Edition{}
	for _, e := range keep {
		byID[e.ID] = e
	}
	eds = slices.Clone(eds)
	sortEditions(eds)
	for _, e := range eds {
		id := e.ID
		if id == "" {
			id = e.EffectiveDate()
		}
		if id == "" && len(e.Files) > 0 {
			id = Slug(strings.TrimSuffix(baseName(e.Files[0]), extOf(e.Files[0])))
		}
		if id == "" || id == "latest" {
			id = "edition"
		}
		// Another document's editions live below its prefix: the MTR of
		// 2025-04-21 is "mtr/2025-04-21", beside the CR of that date.
		if pre := e.Document().Prefix(); pre != "" && !strings.HasPrefix(id, pre) {
			id = pre + id
		}
		if held := byID[id]; held != nil {
			switch {
			case held.Format != e.Format:
				id += "-" + string(e.Format)
			case held.Kind != e.Kind && e.Kind != "":
				id += "-" + string(e.Kind)
			}
		}
		base := id
		for n := 2; byID[id] != nil; n++ {
			id = base + "-" + itoa(n)
		}
		if e.ID != id {
			e.ID = id
		}
		byID[id] = e
	}
	return byID
}

// formatRank prefers Wizards' own text when two editions share a date.
func formatRank(f Format) int {
	switch f {
	case FormatText:
		return 0
	case FormatRST:
		return 1
	}
	return 2
}

// kindRank prefers a whole CR to an excerpt of the same date.
func kindRank(k Kind) int {
	switch k {
	case KindFull:
		return 0
	case KindExcerpt:
		return 1
	}
	return 2
}

// Edition returns the edition with the given ID, or nil. "latest" names the
// newest edition with numbered rules.
func (l *Library) Edition(id string) *Edition {
	if _, rest := SplitID(id); rest == "latest" {
		return l.Latest()
	}
	return l.byID[id]
}

// Latest is the newest edition with numbered rules (not a prose edition),
// or of a library of prose editions alone (Judging at Regular REL) the
// newest.
func (l *Library) Latest() *Edition {
	for _, e := range l.Editions {
		if e.Kind != KindProse {
			return e
		}
	}
	if len(l.Editions) > 0 {
		return l.Editions[0]
	}
	return nil
}

// Newest returns the newest edition holding rule n, and that rule.
func (l *Library) Newest(n Number) (*Edition, *Rule) {
	for _, e := range l.Editions {
		if r := e.Rule(n); r != nil {
			return e, r
		}
	}
	return nil, nil
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func extOf(p string) string {
	b := baseName(p)
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		return b[i:]
	}
	return ""
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
