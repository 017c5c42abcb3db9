package history

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// runs writes a history's versions as the numbers it had and the edition
// each began in, oldest first: "2003-10-01 418.5a, 2009-09-04 612.1".
func runs(h *History) string {
	var out []string
	prev := ""
	for _, v := range h.Versions {
		if n := v.Rule.Number.String(); n != prev {
			out = append(out, v.Edition.ID+" "+n)
			prev = n
		}
	}
	return strings.Join(out, ", ")
}

// eventAt writes the event of a history in an edition as the tables below
// write it: "moved, wording only 403.3→602.5a", "added 612.2 split from
// 2009-05-01 418.5a"; "" if there is none.
func eventAt(h *History, edition string) string {
	for _, ev := range h.Events {
		if ev.Edition.ID != edition {
			continue
		}
		s := ev.Op.String()
		if ev.Old != nil && ev.New != nil {
			s += " " + ev.Old.Number.String() + "→" + ev.New.Number.String()
		} else if ev.New != nil {
			s += " " + ev.New.Number.String()
		}
		if v := ev.SplitFrom; v != nil {
			s += " split from " + v.Edition.ID + " " + v.Rule.Number.String()
		}
		if v := ev.MergedInto; v != nil {
			s += " merged into " + v.Edition.ID + " " + v.Rule.Number.String()
		}
		return s
	}
	return ""
}

// TestTrails follows named rules and chapters through all the editions.
// What each should be was read in the files. The rules were renumbered
// with the Magic 2010 update, 2009-07-11; the 2003 overhaul came in
// 2003-07-01.
//
//   - 2009-07-11 cut 418.5a of 2009-05-01 ("The values of an object's
//     characteristics are determined by starting with the actual object,
//     then applying continuous effects in a series of layers…", then how
//     to order effects within a layer) in two: 612.1 carries its opening
//     on (now 613.1), 612.2 (613.2 from 2009-10-01, 613.3 from 2020-04-17)
//     takes the ordering. 418.5a came in 2003-07-01, rewriting 418.5e
//     ("The value of a permanent's characteristic is determined by starting
//     with the printed or token value…"), which came in 2001-07-23.
//   - 602.5a ("A creature's activated ability with the tap symbol…") was
//     409.3 from the first edition, 403.4 from 2003-07-01 and 403.3 from
//     2008-10-01, when it swapped places with the rule on restrictions;
//     in 2009-07-11 only its words changed ("played" became "activated",
//     the haste rule it cites 502.5 became 702.10).
//   - Chapter 500 (Turn Structure's "General") was chapter 300 until the
//     2009 renumbering; today's chapter 300 (Card Types' "General") was
//     the "General" heading of chapter 212, "Type, Supertype, and Subtype"
//     (until 2003-05-26 chapter 212 was "Card Type"), from 2003-07-01,
//     which 2009-07-11 made a chapter with its siblings (212.2 Artifacts
//     became 301 Artifacts).
//   - State-based actions (704) were state-based effects (420) until
//     2009-07-11: the chapter's title changed in its wording only.
//   - Mana burn, 300.4 of the first edition, became 300.3 in 2003-07-01,
//     lost its burn in 2009-07-11 (500.4) and joined the end of steps
//     (500.5) in 2025-11-14.
//   - Two-Headed Giant (810) came as chapter 606 in 2005-08-01, with the
//     Ninth Edition update.
func TestTrails(t *testing.T) {
	lib := corpus(t)
	c := warmChain(t)
	tests := []struct {
		name, edition, number string
		runs                  string            // runs(h)
		events                map[string]string // edition → eventAt; "" for none
	}{
		{"613.1 reaches 418.5e", "2026-04-17", "613.1",
			"2001-07-23 418.5e, 2003-07-01 418.5a, 2009-07-11 612.1, 2009-10-01 613.1",
			map[string]string{"2001-07-23": "added 418.5e", "2003-07-01": "moved and changed 418.5e→418.5a",
				"2009-07-11": "moved and changed 418.5a→612.1"}},
		{"613.3 does not start at 418.5a", "2026-04-17", "613.3",
			"2009-07-11 612.2, 2009-10-01 613.2, 2020-04-17 613.3",
			map[string]string{"2009-07-11": "added 612.2 split from 2009-05-01 418.5a"}},
		{"602.5a", "2026-04-17", "602.5a",
			"1999-04-23 409.3, 2003-07-01 403.4, 2008-10-01 403.3, 2009-07-11 602.5a",
			map[string]string{"2003-07-01": "moved and changed 409.3→403.4", "2008-10-01": "moved 403.4→403.3",
				"2009-07-11": "moved, wording only 403.3→602.5a"}},
		{"chapter 500, Turn Structure", "2026-04-17", "500",
			"1999-04-23 300, 2009-07-11 500",
			map[string]string{"2009-07-11": "moved 300→500"}},
		{"chapter 300 of 2003 is 500 today", "2003-03-15", "300",
			"1999-04-23 300, 2009-07-11 500", nil},
		{"chapter 300, Card Types", "2026-04-17", "300",
			"2003-07-01 212.1, 2009-07-11 300",
			map[string]string{"2003-07-01": "added 212.1", "2009-07-11": "moved 212.1→300"}},
		{"state-based actions", "2026-04-17", "704",
			"1999-04-23 420, 2009-07-11 704",
			map[string]string{"2009-07-11": "moved, wording only 420→704"}},
		{"state-based actions, when checked", "2026-04-17", "704.3",
			"1999-04-23 420.3, 2009-07-11 704.3", nil},
		{"mana burn", "2003-03-15", "300.4",
			"1999-04-23 300.4, 2003-07-01 300.3, 2009-07-11 500.4, 2025-11-14 500.5",
			map[string]string{"2009-07-11": "moved and changed 300.3→500.4", "2025-11-14": "moved and changed 500.4→500.5"}},
		{"two-headed giant", "2026-04-17", "810",
			"2005-08-01 606, 2009-07-11 806, 2010-06-18 810",
			map[string]string{"2005-08-01": "added 606"}},
		{"two-headed giant's first rule", "2026-04-17", "810.1",
			"2005-08-01 606.1, 2009-07-11 806.1, 2010-06-18 810.1", nil},
		{"layers", "2026-04-17", "613",
			"1999-04-23 418.5, 2009-07-11 612, 2009-10-01 613", nil},
		{"comes-into-play abilities", "2009-09-04", "603.6a",
			"1999-04-23 410.10a, 2009-07-11 603.6a",
			map[string]string{"2009-07-11": "moved, wording only 410.10a→603.6a"}},
		{"legend rule", "2026-04-17", "704.5j",
			"1999-04-23 420.5e, 2009-07-11 704.5k, 2017-09-29 704.5j",
			map[string]string{"2009-07-11": "moved, wording only 420.5e→704.5k"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := lib.Edition(tt.edition)
			h := c.History(e, e.Rule(num(t, tt.number)))
			if h == nil {
				t.Fatalf("no history for %s %s", tt.edition, tt.number)
			}
			if got := runs(h); got != tt.runs {
				t.Errorf("%s %s:\n got %s\nwant %s", tt.edition, tt.number, got, tt.runs)
			}
			for ed, want := range tt.events {
				if got := eventAt(h, ed); got != want {
					t.Errorf("%s %s in %s: %q, want %q", tt.edition, tt.number, ed, got, want)
				}
			}
		})
	}
}

// TestChapterIdentity: a chapter is its title and its rules, not its
// number. Chapter 300 was Turn Structure's until 2009 and Card Types'
// after; no history joins the two.
func TestChapterIdentity(t *testing.T) {
	lib := corpus(t)
	c := warmChain(t)
	newest := lib.Edition("2026-04-17")
	sectionOf := func(r *rules.Rule) string {
		for r.Parent != nil {
			r = r.Parent
		}
		return r.Section().Title
	}
	for _, tt := range []struct {
		number, section string
	}{
		{"500", "Turn Structure"},
		{"300", "Card Types"},
	} {
		h := c.History(newest, newest.Rule(num(t, tt.number)))
		for _, v := range h.Versions {
			// Card Types was no section of its own before 2009-07-11: its
			// chapter 300 was a heading of chapter 212, in "Cards".
			if v.Edition.EffectiveDate() < "2009-07-11" && tt.number == "300" {
				if got := v.Rule.Parent; got == nil || got.Number.String() != "212" {
					t.Errorf("chapter 300's version in %s is %s, not under chapter 212", v.Edition.ID, v.Rule.Number)
				}
				continue
			}
			if got := sectionOf(v.Rule); got != tt.section {
				t.Errorf("chapter %s's version in %s is %s in section %q, want %q", tt.number, v.Edition.ID, v.Rule.Number, got, tt.section)
			}
		}
		if first := h.Versions[0]; tt.number == "300" && first.Rule.Number.String() == "300" {
			t.Errorf("chapter 300 (Card Types) starts as %s's chapter 300", first.Edition.ID)
		}
	}
}

// TestWholeAt2009: no trail ends at 2009-05-01 while one of the same
// wording (the Magic 2010 update's terms and typography set aside)
// starts at 2009-07-11, the update. Before the update's terms were read
// alike there were 6 such breaks (410.10a → 603.6a, 410.10e → 603.6e,
// 217.1f and 217.7e → 400.8, chapter 313 End of Turn Step → 513 End Step,
// 212.1 General → 300 General); the tests above follow some of them.
func TestWholeAt2009(t *testing.T) {
	lib := corpus(t)
	c := warmChain(t)
	k := c.Index(lib.Edition("2009-05-01"))
	if c.Editions()[k+1].ID != "2009-07-11" {
		t.Fatalf("the edition after 2009-05-01 is %s", c.Editions()[k+1].ID)
	}
	m := c.pair(k)
	started := map[string][]int{}
	for j, i := range m.entryBack {
		if i < 0 {
			w := wording(m.b.text[j].mask(), true)
			started[w] = append(started[w], j)
		}
	}
	broken := 0
	for i, j := range m.entry {
		if j >= 0 {
			continue
		}
		if js := started[wording(m.a.text[i].mask(), true)]; len(js) > 0 {
			broken++
			t.Errorf("%s of 2009-05-01 ends there, and %s of 2009-07-11 starts with the same wording: %q",
				m.a.entries[i].Number, m.b.entries[js[0]].Number, m.a.text[i].Text())
		}
	}
	// 217.1f and 217.7e said the same from 2007-02-01 on; 2009-07-11 kept
	// one copy, 400.8.
	h := c.History(lib.Edition("2026-04-17"), lib.Edition("2026-04-17").Rule(num(t, "400.8")))
	if got, want := runs(h), "2007-02-01 217.1f, 2009-07-11 400.8"; got != want {
		t.Errorf("400.8: %s, want %s", got, want)
	}
	if broken > 0 {
		t.Errorf("%d trails break at 2009-07-11 with the same wording on both sides", broken)
	}
}

// TestWordingOnly: a difference of typography alone, or across the Magic
// 2010 update of its renamed terms alone, is never a change of what a text
// says; checkDiff (TestAdjacentDiffs) checks it of every change between
// neighbours. These are a few, read in the files.
func TestWordingOnly(t *testing.T) {
	lib := corpus(t)
	c := warmChain(t)
	tests := []struct {
		from, to, number string // number in to
		kind             Kind
		op               Op
		old, new         string // the words that differ
	}{
		{"2004-06-01", "2004-10-01", "502.12a", Rule, Reworded, "[X]", "X"},
		{"2012-07-01", "2013-02-01", "206.2", Rule, Reworded, "", "™"},
		{"2017-07-08", "2017-09-29", "103.2c", Rule, Reworded, ", ", " ("},
		{"2009-05-01", "2009-09-04", "603.6e", Rule, Moved | Reworded, "comes into play", "enters the battlefield"},
		{"2017-07-08", "2017-09-29", "205.4d", Rule, Recited, "704.5k", "704.5j"},
		// 601.2e–g became 601.2f–h when 601.2e was inserted: the ranges that
		// cite them are renumbered, not changed.
		{"2015-01-23", "2015-07-17", "702.34b", Rule, Recited, "601.2e–g", "601.2f–h"},
	}
	for _, tt := range tests {
		t.Run(tt.to+" "+tt.number, func(t *testing.T) {
			d := c.Diff(lib.Edition(tt.from), lib.Edition(tt.to))
			var ch *Change
			for i := range d.Changes {
				if x := &d.Changes[i]; x.Kind == tt.kind && x.New != nil && x.New.Number.String() == tt.number {
					ch = x
				}
			}
			if ch == nil {
				t.Fatalf("%s is not in the diff", tt.number)
			}
			if ch.Op != tt.op {
				t.Errorf("op %s, want %s", ch.Op, tt.op)
			}
			var old, new []string
			for _, s := range ch.Words() {
				switch s.Op {
				case Delete:
					old = append(old, s.Text)
				case Insert:
					new = append(new, s.Text)
				}
			}
			if o, n := strings.Join(old, "|"), strings.Join(new, "|"); !strings.Contains(o, tt.old) || !strings.Contains(n, tt.new) {
				t.Errorf("the words that differ are %q → %q, want %q → %q", o, n, tt.old, tt.new)
			}
		})
	}
	// Every rule citing 601.2e–g in 2015-01-23 cites 601.2f–h in 2015-07-17,
	// and no such rule is changed for it.
	d := c.Diff(lib.Edition("2015-01-23"), lib.Edition("2015-07-17"))
	n := 0
	for _, ch := range d.Changes {
		if ch.Kind == Rule && strings.Contains(ch.OldText, "601.2e–g") && strings.Contains(ch.NewText, "601.2f–h") {
			n++
			if ch.Op.Is(Changed) {
				t.Errorf("%s: %s for citing 601.2f–h", ch.New.Number, ch.Op)
			}
		}
	}
	if n < 10 {
		t.Errorf("%d rules cite 601.2e–g then 601.2f–h, want at least 10", n)
	}
}
