package views

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/arbiter-rules/arbiter/rules/history"
)

// DiffFilter is the kinds of change a diff page shows, a bit each. A
// change is shown when any of its kinds is: a rule renumbered and changed
// shows under "renumbered" and under "changed".
type DiffFilter uint8

const (
	ShowAdded DiffFilter = 1 << iota
	ShowRemoved
	ShowChanged
	ShowRenumbered
	ShowWording // wording only (history.Op.WordingOnly)
	ShowAll     = ShowAdded | ShowRemoved | ShowChanged | ShowRenumbered | ShowWording
)

// diffKind names one kind of change: in the query string (show=added), as
// a CSS class of what shows it (k-add), and to the reader.
type diffKind struct {
	Bit               DiffFilter
	Key, Class, Label string
}

// diffKinds lists the kinds in the order pages name them.
var diffKinds = []diffKind{
	{ShowAdded, "added", "k-add", "added"},
	{ShowRemoved, "removed", "k-del", "removed"},
	{ShowChanged, "changed", "k-mod", "changed"},
	{ShowRenumbered, "renumbered", "k-mov", "renumbered"},
	{ShowWording, "wording", "k-word", "wording only"},
}

const nDiffKinds = 5 // len(diffKinds)

// kindsOf is the kinds a change is of.
func kindsOf(c *history.Change) DiffFilter {
	var f DiffFilter
	switch {
	case c.Op == history.Added:
		f |= ShowAdded
	case c.Op == history.Removed:
		f |= ShowRemoved
	}
	if c.Op.Is(history.Changed) {
		f |= ShowChanged
	}
	if c.Op.Is(history.Moved) {
		f |= ShowRenumbered
	}
	if c.Op.WordingOnly() {
		f |= ShowWording
	}
	return f
}

// kindClasses are the classes that let the page's filter boxes hide or
// show an element holding changes of kinds f (app.css: "k k-add k-mov").
func kindClasses(f DiffFilter) string {
	var b strings.Builder
	b.WriteString("k")
	for _, k := range diffKinds {
		if f&k.Bit != 0 {
			b.WriteString(" " + k.Class)
		}
	}
	return b.String()
}

// ParseDiffFilter reads a diff page's show parameters ("show=added&
// show=changed", or "show=added,changed"); none shows everything.
func ParseDiffFilter(vals []string) (DiffFilter, error) {
	var f DiffFilter
	for _, v := range vals {
		for key := range strings.SplitSeq(v, ",") {
			if key = strings.TrimSpace(key); key == "" {
				continue
			}
			found := false
			for _, k := range diffKinds {
				if k.Key == key {
					f |= k.Bit
					found = true
				}
			}
			if !found {
				return 0, fmt.Errorf("“%s” is not a kind of change to show: choose from added, removed, changed, renumbered and wording", clipKey(key))
			}
		}
	}
	if f == 0 {
		f = ShowAll
	}
	return f, nil
}

func clipKey(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// values are the query parameters that ask for f: none for everything.
func (f DiffFilter) values(v url.Values) {
	if f == ShowAll {
		return
	}
	for _, k := range diffKinds {
		if f&k.Bit != 0 {
			v.Add("show", k.Key)
		}
	}
}

// DiffQuery is the canonical query string of a diff page showing part
// ("" for the first page, a section's number, "glossary") and kinds f:
// what the server keys its cache by and every link writes.
func DiffQuery(part string, f DiffFilter) string {
	v := url.Values{}
	if part != "" {
		v.Set("section", part)
	}
	f.values(v)
	// url.Values.Encode sorts by key; show's values keep diffKinds' order.
	return v.Encode()
}

// DiffPart is the changes of a diff in one section of the newer edition
// (or the glossary): a heading of its own on the page, and a page of its
// own when the diff is paged.
type DiffPart struct {
	Key     string // "7", "glossary": the section parameter
	Title   string // "7. Additional Rules", "Glossary"
	Changes []*history.Change
	Counts  [nDiffKinds]int // by kind, in diffKinds' order
	Kinds   DiffFilter      // the kinds its changes are of
}

// Parts splits a diff's changes by the section of the newer edition they
// are in, then the glossary. A change lists in the newer edition's order,
// and what was removed stands where it was: it joins a neighbour's section
// (the one before, unless only the one after is its old section's), so
// that each section is one run of the list, not one heading each time a
// removed rule's old section differs from its neighbours', as after the
// 2009 renumbering.
func Parts(d *history.Diff) []DiffPart {
	key := make([]string, len(d.Changes))
	title := make([]string, len(d.Changes))
	for i := range d.Changes {
		c := &d.Changes[i]
		switch {
		case c.Kind == history.Term:
			key[i], title[i] = "glossary", "Glossary"
		case c.New != nil && c.New.Section() != nil:
			key[i], title[i] = itoa(c.New.Section().Number), SectionHeading(c.New.Section())
		}
	}
	for i := range d.Changes {
		if key[i] != "" {
			continue
		}
		prev, next := -1, -1
		for j := i - 1; j >= 0 && prev < 0; j-- {
			if key[j] != "" && d.Changes[j].New != nil {
				prev = j
			}
		}
		for j := i + 1; j < len(d.Changes) && next < 0; j++ {
			if key[j] != "" && d.Changes[j].New != nil && d.Changes[j].Kind != history.Term {
				next = j
			}
		}
		oldTitle := ""
		if old := d.Changes[i].Old; old != nil && old.Section() != nil {
			oldTitle = SectionHeading(old.Section())
		}
		switch {
		case next >= 0 && (prev < 0 || title[prev] != oldTitle && title[next] == oldTitle):
			key[i], title[i] = key[next], title[next]
		case prev >= 0:
			key[i], title[i] = key[prev], title[prev]
		case oldTitle != "":
			key[i], title[i] = itoa(d.Changes[i].Old.Section().Number), oldTitle
		default:
			key[i], title[i] = "rules", "Rules"
		}
	}
	var out []DiffPart
	for i := range d.Changes {
		c := &d.Changes[i]
		if n := len(out); n == 0 || out[n-1].Key != key[i] {
			out = append(out, DiffPart{Key: key[i], Title: title[i]})
		}
		p := &out[len(out)-1]
		p.Changes = append(p.Changes, c)
		k := kindsOf(c)
		p.Kinds |= k
		for j, dk := range diffKinds {
			if k&dk.Bit != 0 {
				p.Counts[j]++
			}
		}
	}
	return out
}

// countsText is a part's counts in words: "3 added · 12 changed · 40
// renumbered"; kinds with none are left out.
func (p DiffPart) countsText() string {
	var parts []string
	for j, k := range diffKinds {
		if p.Counts[j] > 0 {
			parts = append(parts, itoa(p.Counts[j])+" "+k.Label)
		}
	}
	return strings.Join(parts, " · ")
}

// filterChanges keeps the changes of cs of kinds f.
func filterChanges(cs []*history.Change, f DiffFilter) []*history.Change {
	if f == ShowAll {
		return cs
	}
	out := make([]*history.Change, 0, len(cs))
	for _, c := range cs {
		if kindsOf(c)&f != 0 {
			out = append(out, c)
		}
	}
	return out
}

// foldedOf are the changes of cs a diff lists folded (foldedChange).
func foldedOf(cs []*history.Change) []*history.Change {
	var out []*history.Change
	for _, c := range cs {
		if foldedChange(c) {
			out = append(out, c)
		}
	}
	return out
}

// movesOf are the renumbered chapters and rules of cs that did not only
// follow their parent (Diff.Moves, for one part).
func movesOf(cs []*history.Change) []*history.Change {
	var out []*history.Change
	for _, c := range cs {
		if (c.Kind == history.Rule || c.Kind == history.Chapter) && c.Op.Is(history.Moved) && !c.Follows {
			out = append(out, c)
		}
	}
	return out
}

// followsOf counts the entries of cs that moved only with their parent.
func followsOf(cs []*history.Change) int {
	n := 0
	for _, c := range cs {
		if c.Follows {
			n++
		}
	}
	return n
}

// kindCount is one row of the diff's summary table: one kind of change,
// counted for each kind of entry.
type kindCount struct {
	Kind                   diffKind
	Rules, Examples, Terms int
}

// countOf is the count of kind bit among c.
func countOf(c history.Counts, bit DiffFilter) int {
	switch bit {
	case ShowAdded:
		return c.Added
	case ShowRemoved:
		return c.Removed
	case ShowChanged:
		return c.Changed
	case ShowRenumbered:
		return c.Moved
	}
	return c.WordingOnly
}

// summaryRows are the rows of the summary table: a kind of change a row,
// a kind of entry a column, three columns, so that it fits a phone's width
// (390 px). Chapter titles, which seldom change, are counted in a line
// below it (chapterCounts).
func summaryRows(d *history.Diff) []kindCount {
	out := make([]kindCount, 0, len(diffKinds))
	for _, k := range diffKinds {
		out = append(out, kindCount{
			Kind:     k,
			Rules:    countOf(d.Counts[history.Rule], k.Bit),
			Examples: countOf(d.Counts[history.Example], k.Bit),
			Terms:    countOf(d.Counts[history.Term], k.Bit),
		})
	}
	return out
}

// chapterCounts is what happened to chapter titles in words, "2 added · 1
// changed", or "" if nothing did.
func chapterCounts(d *history.Diff) string {
	var parts []string
	for _, k := range diffKinds {
		if n := countOf(d.Counts[history.Chapter], k.Bit); n > 0 {
			parts = append(parts, itoa(n)+" "+k.Label)
		}
	}
	return strings.Join(parts, " · ")
}

// kindCount is how many changes of the j-th kind (diffKinds) the page
// covers: its part's, or the whole diff's.
func (p DiffPage) kindCount(j int) int {
	if p.Part != nil {
		return p.Part.Counts[j]
	}
	n := 0
	for _, part := range p.Parts {
		n += part.Counts[j]
	}
	return n
}

// PagedDiff reports whether a diff of n changes is split into a page a
// section: past some 250 changes a page of them all weighs over 150 KB
// (the 2009-09-04 renumbering, 2,134 changes, made a 1.1 MB page).
func PagedDiff(n int) bool { return n > 250 }
