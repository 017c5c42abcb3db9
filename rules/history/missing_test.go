package history

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// cutChain is three editions whose middle one's file stops after rule
// 100.2, before its example: 100.3, chapter 101 and its rules, the example
// and the whole glossary are missing from it. The third rewords 101.1,
// drops 101.2 and redefines Mana Burn.
func cutChain(t *testing.T) (e1, e2, e3 *rules.Edition) {
	t.Helper()
	e1 = edition(t, "January 1, 2020", baseBody, baseGloss)
	src := editionText("February 1, 2020", baseBody, baseGloss)
	const stop = "and some way to clearly track life totals."
	e2 = parseEdition(t, "February 1, 2020", src[:strings.Index(src, stop)+len(stop)])
	if tr := e2.Truncated; tr == nil || tr.Part != rules.TruncRules || tr.Last != "100.2" {
		t.Fatalf("the cut edition's truncation is %+v", tr)
	}
	e3 = edition(t, "March 1, 2020", strings.NewReplacer(
		"the card takes precedence.", "the card wins.",
		"101.2. When a rule or effect allows or directs something to happen, and another effect states that it can't happen, the \"can't\" effect takes precedence.\n", "",
	).Replace(baseBody), strings.Replace(baseGloss, "caused a player", "made a player", 1))
	return e1, e2, e3
}

// describeMissing lists a diff's missing entries as describe lists changes.
func describeMissing(d *Diff) string {
	return describe(&Diff{Changes: d.Missing})
}

// TestCutEditionDiffs: what a cut file lacks is missing, not removed from
// it nor added after it; across the cut, the diff is the whole editions'.
func TestCutEditionDiffs(t *testing.T) {
	e1, e2, e3 := cutChain(t)
	c := NewChain(rules.NewLibrary([]*rules.Edition{e3, e2, e1}))
	tests := []struct {
		name          string
		from, to      *rules.Edition
		changes, miss string
	}{
		{"into the cut", e1, e2, "",
			"example missing 100.2#1 → \nrule missing 100.3 → \nchapter missing 101 → \nrule missing 101.1 → \nrule missing 101.2 → \nterm missing Active Player → \nterm missing Mana Burn → "},
		{"out of the cut", e2, e3, "",
			"example missing  → 100.2#1\nrule missing  → 100.3\nchapter missing  → 101\nrule missing  → 101.1\nterm missing  → Active Player\nterm missing  → Mana Burn"},
		{"across the cut", e1, e3, "rule changed 101.1 → 101.1\nrule removed 101.2 → \nterm changed Mana Burn → Mana Burn", ""},
		{"back across the cut", e3, e1, "rule changed 101.1 → 101.1\nrule added  → 101.2\nterm changed Mana Burn → Mana Burn", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := c.Diff(tt.from, tt.to)
			if got := describe(d); got != tt.changes {
				t.Errorf("changes:\n%s\nwant:\n%s", got, tt.changes)
			}
			if got := describeMissing(d); got != tt.miss {
				t.Errorf("missing:\n%s\nwant:\n%s", got, tt.miss)
			}
			total := 0
			for k := range d.Counts {
				total += d.Counts[k].Missing
			}
			if total != len(d.Missing) {
				t.Errorf("counts say %d missing, the list has %d", total, len(d.Missing))
			}
		})
	}
}

// TestCutEditionHistories: a rule or term the cut file lacks is one
// history across it, the cut edition noted as missing it; what it has is
// followed as usual.
func TestCutEditionHistories(t *testing.T) {
	e1, e2, e3 := cutChain(t)
	c := NewChain(rules.NewLibrary([]*rules.Edition{e3, e2, e1}))
	rule := func(e *rules.Edition, s string) *rules.Rule { return e.Rule(num(t, s)) }
	tests := []struct {
		name     string
		h        *History
		versions string // edition dates, with the rule's number or the term
		events   string
		missing  string
	}{
		{"a rule the cut file has", c.History(e1, rule(e1, "100.1")), "2020-01-01 100.1, 2020-02-01 100.1, 2020-03-01 100.1", "", ""},
		{"reworded across the cut", c.History(e1, rule(e1, "101.1")), "2020-01-01 101.1, 2020-03-01 101.1", "2020-03-01 changed", "2020-02-01"},
		{"unchanged across the cut, from after it", c.History(e3, rule(e3, "100.3")), "2020-01-01 100.3, 2020-03-01 100.3", "", "2020-02-01"},
		{"gone after the cut", c.History(e1, rule(e1, "101.2")), "2020-01-01 101.2", "2020-03-01 removed", "2020-02-01"},
		{"a term redefined across the cut", c.TermHistory(e1, e1.Term("mana-burn")), "2020-01-01 Mana Burn, 2020-03-01 Mana Burn", "2020-03-01 changed", "2020-02-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkHistory(t, tt.h, tt.versions, tt.events, tt.missing)
		})
	}

	// A cut edition at either end of the chain: whether the entry was
	// removed after it, or there before it, is unknown.
	newest := NewChain(rules.NewLibrary([]*rules.Edition{e2, e1}))
	checkHistory(t, newest.History(e1, rule(e1, "101.2")), "2020-01-01 101.2", "", "2020-02-01")
	oldest := NewChain(rules.NewLibrary([]*rules.Edition{e3, e2}))
	checkHistory(t, oldest.History(e3, rule(e3, "101.1")), "2020-03-01 101.1", "", "2020-02-01")
}

func checkHistory(t *testing.T, h *History, versions, events, missing string) {
	t.Helper()
	if h == nil {
		t.Fatal("no history")
	}
	var vs, evs, ms []string
	for _, v := range h.Versions {
		s := v.Edition.ID + " "
		if v.Rule != nil {
			s += v.Rule.Number.String()
		} else {
			s += v.Term.Term()
		}
		vs = append(vs, s)
	}
	for _, ev := range h.Events {
		evs = append(evs, ev.Edition.ID+" "+ev.Op.String())
	}
	for _, e := range h.Missing {
		ms = append(ms, e.ID)
	}
	for _, x := range []struct{ what, got, want string }{
		{"versions", strings.Join(vs, ", "), versions},
		{"events", strings.Join(evs, ", "), events},
		{"missing", strings.Join(ms, ", "), missing},
	} {
		if x.got != x.want {
			t.Errorf("%s: %q, want %q", x.what, x.got, x.want)
		}
	}
}

// TestMatchingsOneToOne: every matching of neighbours, and every bridge
// across a cut edition, pairs each item with at most one, both ways; a
// missing mark only appears beside a cut edition. Composing chains of
// matchings depends on it.
func TestMatchingsOneToOne(t *testing.T) {
	c := warmChain(t)
	check := func(name string, m *Matching, marks bool) {
		for _, arr := range [][2][]int32{{m.entry, m.entryBack}, {m.example, m.exampleBack}, {m.term, m.termBack}} {
			for dir := range 2 {
				fwd, back := arr[dir], arr[1-dir]
				for i, j := range fwd {
					switch {
					case j >= 0 && back[j] != int32(i):
						t.Errorf("%s: %d → %d, but %d → %d", name, i, j, j, back[j])
					case j == missing && !marks:
						t.Errorf("%s: %d is marked missing", name, i)
					case j < missing:
						t.Errorf("%s: %d → %d", name, i, j)
					}
				}
			}
		}
	}
	eds := c.Editions()
	for k := range len(eds) - 1 {
		check(eds[k].ID+" "+eds[k+1].ID, c.pair(k), eds[k].Truncated != nil || eds[k+1].Truncated != nil)
	}
	for k := range eds {
		if c.bridgeable(k) {
			check("bridge over "+eds[k].ID, c.bridge(k), false)
		}
	}
}

// TestTruncatedEdition: Wizards' 2013-02-01 file stops in the glossary's
// A's. The entries after that point are missing from it, not removed, and
// the next edition does not add them; across it, the diff is as if it
// were whole; a term's history runs through it.
func TestTruncatedEdition(t *testing.T) {
	lib := corpus(t)
	c := warmChain(t)
	before, cut, after := lib.Edition("2012-10-01"), lib.Edition("2013-02-01"), lib.Edition("2013-05-01")
	if cut.Truncated == nil || c.Index(after) != c.Index(cut)+1 || c.Index(before) != c.Index(cut)-1 {
		t.Fatal("2013-02-01 is not a cut edition between 2012-10-01 and 2013-05-01")
	}
	// The entries after the last one the cut file has.
	past := func(e *rules.Edition) int {
		i := slices.IndexFunc(e.Glossary, func(g *rules.GlossaryEntry) bool { return g.Term() == cut.Truncated.Last })
		return len(e.Glossary) - i - 1
	}
	in := c.Diff(before, cut)
	if n := in.Counts[Term]; n.Removed != 0 || n.Added != 0 || n.Missing != past(before) || n.Missing != 440 {
		t.Errorf("2012-10-01 → 2013-02-01 terms: %+v, want none removed and 440 missing", n)
	}
	out := c.Diff(cut, after)
	if n := out.Counts[Term]; n.Removed != 0 || n.Added != 0 || n.Missing != past(after) {
		t.Errorf("2013-02-01 → 2013-05-01 terms: %+v, want none added and %d missing", n, past(after))
	}
	for _, d := range []*Diff{in, out} {
		for _, ch := range d.Missing {
			if ch.Kind != Term {
				t.Errorf("%s → %s: a %s is missing; the file has every rule", d.From.ID, d.To.ID, ch.Kind)
			}
		}
	}

	// Across the cut: nothing missing; the terms as the two editions
	// matched directly have them, the rules as the plain composition does.
	across := c.Diff(before, after)
	us := newUnits()
	direct := match(prepare(before, us), prepare(after, us)).diff()
	plain := c.steps(c.Index(before), c.Index(after), false).diff()
	if len(across.Missing) != 0 {
		t.Errorf("across the cut, %d entries are missing", len(across.Missing))
	}
	if got, want := describeKinds(across, Term), describeKinds(direct, Term); got != want {
		t.Errorf("terms across the cut:\n%s\nwant (the direct matching's):\n%s", got, want)
	}
	if got, want := describeKinds(across, Chapter, Rule, Example), describeKinds(plain, Chapter, Rule, Example); got != want {
		t.Errorf("rules across the cut differ from the composition's:\n%s\nwant:\n%s", got, want)
	}
	if back := c.Diff(after, before); len(back.Missing) != 0 || back.Counts[Term].Added != across.Counts[Term].Removed {
		t.Errorf("backwards across the cut: %d missing, terms %+v", len(back.Missing), back.Counts[Term])
	}

	// A term's history: one trail, the cut edition noted.
	newest := lib.Edition("2026-04-17")
	for _, term := range []string{"banding", "trample"} {
		g := newest.Term(term)
		h := c.TermHistory(newest, g)
		if h == nil {
			t.Fatalf("no history for %s", term)
		}
		for _, ev := range h.Events {
			if ev.Op == Removed || ev.Op == Added && ev.Edition.EffectiveDate() > "2013" {
				t.Errorf("%s: %s in %s", term, ev.Op, ev.Edition.ID)
			}
		}
		if len(h.Missing) != 1 || h.Missing[0] != cut {
			t.Errorf("%s: missing from %v, want 2013-02-01 alone", term, h.Missing)
		}
		has := func(e *rules.Edition) bool {
			return slices.ContainsFunc(h.Versions, func(v Version) bool { return v.Edition == e })
		}
		if !has(before) || !has(after) || has(cut) {
			t.Errorf("%s: in 2012-10-01 %v, 2013-05-01 %v, 2013-02-01 %v", term, has(before), has(after), has(cut))
		}
		if cur, ok := h.Current(); !ok || cur.Term != g {
			t.Errorf("%s is not current", term)
		}
	}
}

// describeKinds is describe for the changes of the kinds given.
func describeKinds(d *Diff, kinds ...Kind) string {
	var cs []Change
	for _, c := range d.Changes {
		if slices.Contains(kinds, c.Kind) {
			cs = append(cs, c)
		}
	}
	return describe(&Diff{Changes: cs})
}

// TestAdjacentCutEditions: two cut editions side by side are not bridged.
// A diff between the whole editions around them has nothing missing (an
// entry that neither cut file reaches reads as removed, or added); each
// cut edition's own neighbour diffs still say what its file lacks.
func TestAdjacentCutEditions(t *testing.T) {
	e1, e2, e3 := cutChain(t)
	src := editionText("February 15, 2020", baseBody, baseGloss)
	const stop = "the card takes precedence."
	e2b := parseEdition(t, "February 15, 2020", src[:strings.Index(src, stop)+len(stop)])
	c := NewChain(rules.NewLibrary([]*rules.Edition{e3, e2b, e2, e1}))
	if c.bridgeable(1) || c.bridgeable(2) {
		t.Fatal("a cut edition beside another is bridged")
	}
	if d := c.Diff(e1, e3); len(d.Missing) != 0 {
		t.Errorf("1 → 3: %d missing:\n%s", len(d.Missing), describeMissing(d))
	}
	if d := c.Diff(e3, e1); len(d.Missing) != 0 {
		t.Errorf("3 → 1: %d missing", len(d.Missing))
	}
	// e2b has 100.3, chapter 101 and 101.1, which e2's file lacks.
	if d := c.Diff(e2, e2b); d.Counts[Rule] != (Counts{Missing: 2}) || d.Counts[Chapter] != (Counts{Missing: 1}) {
		t.Errorf("2 → 2b: rules %+v, chapters %+v, want 2 and 1 missing", d.Counts[Rule], d.Counts[Chapter])
	}
	checkHistory(t, c.History(e1, e1.Rule(num(t, "101.2"))), "2020-01-01 101.2", "", "2020-02-01")
}
