package views

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

func TestParseDiffFilter(t *testing.T) {
	tests := []struct {
		vals    []string
		want    DiffFilter
		wantErr string
	}{
		{nil, ShowAll, ""},
		{[]string{""}, ShowAll, ""},
		{[]string{"added"}, ShowAdded, ""},
		{[]string{"added", "wording"}, ShowAdded | ShowWording, ""},
		{[]string{"removed,renumbered"}, ShowRemoved | ShowRenumbered, ""},
		{[]string{" changed , "}, ShowChanged, ""},
		{[]string{"added", "added"}, ShowAdded, ""},
		{[]string{"moved"}, 0, "“moved” is not a kind of change"},
		{[]string{"added", strings.Repeat("x", 40)}, 0, "“xxxxxxxxxxxxxxxxxxxx…”"},
	}
	for _, tt := range tests {
		got, err := ParseDiffFilter(tt.vals)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseDiffFilter(%q): error %v, want one saying %q", tt.vals, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseDiffFilter(%q) = %b, %v; want %b", tt.vals, got, err, tt.want)
		}
	}
}

func TestDiffQuery(t *testing.T) {
	tests := []struct {
		part string
		f    DiffFilter
		want string
	}{
		{"", ShowAll, ""},
		{"7", ShowAll, "section=7"},
		{"", ShowWording | ShowAdded, "show=added&show=wording"},
		{"glossary", ShowRemoved, "section=glossary&show=removed"},
	}
	for _, tt := range tests {
		if got := DiffQuery(tt.part, tt.f); got != tt.want {
			t.Errorf("DiffQuery(%q, %b) = %q, want %q", tt.part, tt.f, got, tt.want)
		}
		// What a link writes reads back as what it asks for.
		if tt.f != ShowAll {
			var vals []string
			for kv := range strings.SplitSeq(tt.want, "&") {
				if v, ok := strings.CutPrefix(kv, "show="); ok {
					vals = append(vals, v)
				}
			}
			if f, err := ParseDiffFilter(vals); err != nil || f != tt.f {
				t.Errorf("%q reads back as %b, %v", tt.want, f, err)
			}
		}
	}
}

func TestKindsOf(t *testing.T) {
	tests := []struct {
		op   history.Op
		want DiffFilter
	}{
		{history.Added, ShowAdded},
		{history.Removed, ShowRemoved},
		{history.Changed, ShowChanged},
		{history.Moved, ShowRenumbered},
		{history.Moved | history.Changed, ShowRenumbered | ShowChanged},
		{history.Reworded, ShowWording},
		{history.Moved | history.Recited, ShowRenumbered | ShowWording},
	}
	for _, tt := range tests {
		if got := kindsOf(&history.Change{Op: tt.op}); got != tt.want {
			t.Errorf("kindsOf(%v) = %b, want %b", tt.op, got, tt.want)
		}
	}
}

// TestParts groups a diff's changes by the newer edition's sections: what
// was removed stays where it stood, in its neighbours' section, so that a
// section is one heading however its rules were renumbered.
func TestParts(t *testing.T) {
	s1 := &rules.Section{Number: 1, Title: "Game Concepts"}
	s3 := &rules.Section{Number: 3, Title: "Card Types"}
	s4 := &rules.Section{Number: 4, Title: "Zones"}
	rule := func(s *rules.Section) *rules.Rule { return (&rules.Rule{}).Heading(s, "") }
	changed := func(s *rules.Section) history.Change {
		return history.Change{Kind: history.Rule, Op: history.Changed, Old: rule(s), New: rule(s)}
	}
	removed := func(old *rules.Section) history.Change {
		return history.Change{Kind: history.Rule, Op: history.Removed, Old: rule(old)}
	}
	tests := []struct {
		name    string
		changes []history.Change
		want    string // each part: key, title, count of changes
	}{
		{"one section", []history.Change{changed(s1), changed(s1)}, "1 1. Game Concepts 2"},
		{"sections, then the glossary", []history.Change{
			changed(s1), changed(s3),
			{Kind: history.Term, Op: history.Added},
		}, "1 1. Game Concepts 1 | 3 3. Card Types 1 | glossary Glossary 1"},
		// A rule removed from section 4 (renumbered into 3 by the time of
		// the newer edition) between two of section 3's: one heading.
		{"removed between a section's changes", []history.Change{
			changed(s3), removed(s4), changed(s3),
		}, "3 3. Card Types 3"},
		// Removed at a section's start: it joins the section after, which
		// its old section is, not the one before.
		{"removed at the start of its old section", []history.Change{
			changed(s1), removed(s3), changed(s3),
		}, "1 1. Game Concepts 1 | 3 3. Card Types 2"},
		{"removed at the end", []history.Change{changed(s1), removed(s4)}, "1 1. Game Concepts 2"},
		{"only removals", []history.Change{removed(s4), removed(s4)}, "4 4. Zones 2"},
		{"removed with no section", []history.Change{{Kind: history.Rule, Op: history.Removed, Old: &rules.Rule{}}}, "rules Rules 1"},
	}
	for _, tt := range tests {
		d := &history.Diff{Changes: tt.changes}
		var got []string
		n := 0
		for _, p := range Parts(d) {
			got = append(got, p.Key+" "+p.Title+" "+itoa(len(p.Changes)))
			n += len(p.Changes)
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("%s: parts %q, want %q", tt.name, g, tt.want)
		}
		if n != len(tt.changes) {
			t.Errorf("%s: %d changes in the parts, want %d", tt.name, n, len(tt.changes))
		}
	}
}

func TestPartCounts(t *testing.T) {
	s := &rules.Section{Number: 7, Title: "Additional Rules"}
	r := (&rules.Rule{}).Heading(s, "")
	d := &history.Diff{Changes: []history.Change{
		{Kind: history.Rule, Op: history.Added, New: r},
		{Kind: history.Rule, Op: history.Moved | history.Changed, Old: r, New: r},
		{Kind: history.Rule, Op: history.Moved, Old: r, New: r},
		{Kind: history.Rule, Op: history.Reworded, Old: r, New: r},
	}}
	parts := Parts(d)
	if len(parts) != 1 {
		t.Fatalf("%d parts, want 1", len(parts))
	}
	p := parts[0]
	if got, want := p.countsText(), "1 added · 1 changed · 2 renumbered · 1 wording only"; got != want {
		t.Errorf("counts %q, want %q", got, want)
	}
	if p.Kinds != ShowAdded|ShowChanged|ShowRenumbered|ShowWording {
		t.Errorf("kinds %b", p.Kinds)
	}
	for _, tt := range []struct {
		f    DiffFilter
		want int
	}{{ShowAll, 4}, {ShowRenumbered, 2}, {ShowChanged, 1}, {ShowRemoved, 0}, {ShowAdded | ShowWording, 2}} {
		if got := len(filterChanges(p.Changes, tt.f)); got != tt.want {
			t.Errorf("filter %b keeps %d changes, want %d", tt.f, got, tt.want)
		}
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 3114: "3,114", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := grouped(n); got != want {
			t.Errorf("grouped(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestChapterCounts(t *testing.T) {
	var d history.Diff
	if got := chapterCounts(&d); got != "" {
		t.Errorf("no chapter changed: %q", got)
	}
	d.Counts[history.Chapter] = history.Counts{Added: 2, Moved: 1, WordingOnly: 3}
	d.Counts[history.Rule] = history.Counts{Changed: 9}
	if got, want := chapterCounts(&d), "2 added · 1 renumbered · 3 wording only"; got != want {
		t.Errorf("chapterCounts = %q, want %q", got, want)
	}
}
