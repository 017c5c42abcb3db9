package history

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// edition builds a small official text: body is the rules of section 1
// (one rule or example per line), gloss the glossary paragraphs.
func edition(t *testing.T, date, body, gloss string) *rules.Edition {
	t.Helper()
	return parseEdition(t, date, editionText(date, body, gloss))
}

// editionText is the official text edition builds.
func editionText(date, body, gloss string) string {
	return "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of " + date + ".\n\n" +
		"Introduction\n\nA test edition.\n\nContents\n\n1. Game Concepts\n100. General\n101. Other\n\nGlossary\n\nCredits\n\n" +
		"1. Game Concepts\n\n" + strings.ReplaceAll(strings.TrimSpace(body), "\n", "\n\n") + "\n\nGlossary\n\n" +
		strings.TrimSpace(gloss) + "\n\nCredits\n\nNobody.\n"
}

func parseEdition(t *testing.T, date, src string) *rules.Edition {
	t.Helper()
	e := rules.ParseText(rules.Source{Name: date + ".txt", Data: []byte(src)})
	if e.Failed() {
		t.Fatalf("test edition %s: %v", date, e.Diagnostics)
	}
	return e
}

// describe lists a diff's changes one a line: kind, op, old → new.
func describe(d *Diff) string {
	var lines []string
	for _, c := range d.Changes {
		s := c.Kind.String() + " " + c.Op.String() + " "
		switch c.Kind {
		case Term:
			if c.OldTerm != nil {
				s += c.OldTerm.Term()
			}
			s += " → "
			if c.NewTerm != nil {
				s += c.NewTerm.Term()
			}
		default:
			if c.Old != nil {
				s += c.Old.Number.String()
				if c.Kind == Example {
					s += "#" + string(rune('1'+c.OldExample))
				}
			}
			s += " → "
			if c.New != nil {
				s += c.New.Number.String()
				if c.Kind == Example {
					s += "#" + string(rune('1'+c.NewExample))
				}
			}
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

func diffOf(t *testing.T, a, b *rules.Edition) *Diff {
	t.Helper()
	us := newUnits()
	return match(prepare(a, us), prepare(b, us)).diff()
}

const baseBody = `
100. General
100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.
100.2. To play, each player needs their own deck of traditional Magic cards, small items to represent any tokens and counters, and some way to clearly track life totals.
Example: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.
100.3. Some casual variants require additional items, such as specially designated cards, nontraditional Magic cards, and dice.
101. Other
101.1. Whenever a card's text directly contradicts these rules, the card takes precedence. See rule 100.3.
101.2. When a rule or effect allows or directs something to happen, and another effect states that it can't happen, the "can't" effect takes precedence.
`

const baseGloss = `
Active Player
The player whose turn it is. See rule 101.1.

Mana Burn (Obsolete)
Older versions of the rules stated that unused mana caused a player to lose life.
`

// TestExampleMoves: the same example text moving from one rule to another
// is one move, not a removal and an addition, and the rules it left and
// joined are otherwise unchanged.
func TestExampleMoves(t *testing.T) {
	a := edition(t, "January 1, 2020", baseBody, baseGloss)
	b := edition(t, "February 1, 2020", strings.Replace(strings.Replace(baseBody,
		"Example: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.\n", "", 1),
		"and dice.\n", "and dice.\nExample: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.\n", 1),
		baseGloss)
	d := diffOf(t, a, b)
	if got, want := describe(d), "example moved 100.2#1 → 100.3#1"; got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
	if n := d.Counts[Example]; n != (Counts{Moved: 1}) {
		t.Errorf("example counts %+v, want one move", n)
	}
	// Moved and reworded a little: still a move, now changed too.
	b2 := edition(t, "March 1, 2020", strings.Replace(strings.Replace(baseBody,
		"Example: Alex and Bianca each bring a sixty-card deck, a handful of dice for counters and a notepad for their life totals.\n", "", 1),
		"and dice.\n", "and dice.\nExample: Alex and Bianca each bring a sixty-card deck, some dice for counters and a notepad for their life totals.\n", 1),
		baseGloss)
	if got, want := describe(diffOf(t, a, b2)), "example moved and changed 100.2#1 → 100.3#1"; got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
}

// TestRenumbering: a rule inserted before 100.2 shifts 100.2 and 100.3;
// 101.1 now cites 100.4 for what it cited as 100.3, which is not a change
// of what it says: its citations are renumbered (Recited). A reference
// that points somewhere else is a change.
func TestRenumbering(t *testing.T) {
	a := edition(t, "January 1, 2020", baseBody, baseGloss)
	inserted := strings.NewReplacer(
		"100.2. To play", "100.2. A brand new rule about sideboards, which lists what a player may bring.\n100.3. To play",
		"100.3. Some casual", "100.4. Some casual",
		"See rule 100.3.", "See rule 100.4.",
	).Replace(baseBody)
	b := edition(t, "February 1, 2020", inserted, baseGloss)
	d := diffOf(t, a, b)
	want := "rule added  → 100.2\nrule moved 100.2 → 100.3\nrule moved 100.3 → 100.4\nrule citations renumbered 101.1 → 101.1"
	if got := describe(d); got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
	// 101.1 citing 100.2 instead (now the new rule) is a real change.
	c := edition(t, "March 1, 2020", strings.Replace(inserted, "See rule 100.4.", "See rule 100.2.", 1), baseGloss)
	got := describe(diffOf(t, a, c))
	if !strings.Contains(got, "rule changed 101.1 → 101.1") {
		t.Errorf("a reference to another rule is not reported:\n%s", got)
	}
	var words []Segment
	for _, ch := range diffOf(t, a, c).Changes {
		if ch.New != nil && ch.New.Number.String() == "101.1" {
			words = ch.Words()
		}
	}
	if len(words) != 4 || words[1] != (Segment{Delete, "100.3"}) || words[2] != (Segment{Insert, "100.2"}) {
		t.Errorf("word diff of 101.1 = %+v", words)
	}
}

// TestGlossaryAndChapters: a renamed term with the same definition is a
// move; a changed definition is a change; a retitled chapter is a change.
func TestGlossaryAndChapters(t *testing.T) {
	a := edition(t, "January 1, 2020", baseBody, baseGloss)
	b := edition(t, "February 1, 2020", strings.Replace(baseBody, "101. Other", "101. The Golden Rules", 1),
		strings.NewReplacer("Active Player\n", "Active Player, Nonactive Player\n", "caused a player", "made a player").Replace(baseGloss))
	want := "chapter changed 101 → 101\nterm moved Active Player → Active Player, Nonactive Player\nterm changed Mana Burn → Mana Burn"
	if got := describe(diffOf(t, a, b)); got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
}

// TestChain composes neighbouring matchings: a diff across three editions
// and a history through two renumberings.
func TestChain(t *testing.T) {
	e1 := edition(t, "January 1, 2020", baseBody, baseGloss)
	e2 := edition(t, "February 1, 2020", strings.NewReplacer(
		"100.2. To play", "100.2. A brand new rule about sideboards, which lists what a player may bring.\n100.3. To play",
		"100.3. Some casual", "100.4. Some casual",
		"See rule 100.3.", "See rule 100.4.",
	).Replace(baseBody), baseGloss)
	// In the third, 100.4 moves to the end of chapter 101 and is reworded.
	e3 := edition(t, "March 1, 2020", strings.NewReplacer(
		"100.2. To play", "100.2. A brand new rule about sideboards, which lists what a player may bring.\n100.3. To play",
		"100.3. Some casual variants require additional items, such as specially designated cards, nontraditional Magic cards, and dice.\n", "",
		"See rule 100.3.", "See rule 101.3.",
		"takes precedence.\n", "takes precedence.\n101.3. Some casual variants require extra items, such as specially designated cards, nontraditional Magic cards, and dice.\n",
	).Replace(baseBody), baseGloss)
	lib := rules.NewLibrary([]*rules.Edition{e3, e1, e2})
	c := NewChain(lib)
	if got := len(c.Editions()); got != 3 || c.Editions()[0] != e1 || c.Editions()[2] != e3 {
		t.Fatalf("chain has %d editions in the wrong order", got)
	}
	h := c.History(e1, e1.Rule(rules.Number{Chapter: 100, Rule: 3}))
	var got []string
	for _, ev := range h.Events {
		got = append(got, ev.Edition.ID+" "+ev.Op.String()+" "+ev.Old.Number.String()+"→"+ev.New.Number.String())
	}
	want := []string{"2020-02-01 moved 100.3→100.4", "2020-03-01 moved and changed 100.4→101.3"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("history of 100.3:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if cur, ok := h.Current(); !ok || cur.Edition != e3 || cur.Rule.Number.String() != "101.3" {
		t.Errorf("current = %v %v", cur, ok)
	}
	// The diff from the first to the last composes the two matchings.
	d := c.Diff(e1, e3)
	if got, want := describe(d), "rule added  → 100.2\nrule moved 100.2 → 100.3\nrule citations renumbered 101.1 → 101.1\nrule moved and changed 100.3 → 101.3"; got != want {
		t.Errorf("diff 1→3:\n%s\nwant:\n%s", got, want)
	}
	// Backwards, everything turns round; what is removed is listed where it
	// stood, after the entry before it.
	if got, want := describe(c.Diff(e3, e1)), "rule removed 100.2 → \nrule moved 100.3 → 100.2\nrule moved and changed 101.3 → 100.3\nrule citations renumbered 101.1 → 101.1"; got != want {
		t.Errorf("diff 3→1:\n%s\nwant:\n%s", got, want)
	}
	// A rule added in the middle has a history that starts there.
	h2 := c.History(e3, e3.Rule(rules.Number{Chapter: 100, Rule: 2}))
	if len(h2.Versions) != 2 || h2.Events[0].Op != Added || h2.Events[0].Edition != e2 {
		t.Errorf("history of the new rule: %d versions, first event %s in %s", len(h2.Versions), h2.Events[0].Op, h2.Events[0].Edition.ID)
	}
}

// TestMatchAsideLetsGo checks that a match of an edition outside a warmed
// chain (a second rendering of a date) lets go, after, of the masked texts
// and words it made again for its units, and that it diffs as a chain not
// warmed does.
func TestMatchAsideLetsGo(t *testing.T) {
	e1 := edition(t, "January 1, 2020", baseBody, baseGloss)
	e2 := edition(t, "February 1, 2020", strings.Replace(baseBody, "See rule 100.3.", "See rule 100.3, as “printed”.", 1), baseGloss)
	aside := edition(t, "February 1, 2020", strings.Replace(baseBody, "See rule 100.3.", "See rule 100.3 or rule 101.1.", 1), baseGloss)
	lib := rules.NewLibrary([]*rules.Edition{e2, aside, e1})
	warm, cold := NewChain(lib), NewChain(lib)
	if warm.Index(aside) >= 0 || warm.Index(e2) < 0 {
		t.Fatalf("the second rendering of 2020-02-01 is in the chain (%d), or the first is not (%d)", warm.Index(aside), warm.Index(e2))
	}
	warm.Warm()
	for _, pair := range [][2]*rules.Edition{{aside, e1}, {e1, aside}, {aside, e2}} {
		from, to := pair[0], pair[1]
		if got, want := describe(warm.Diff(from, to)), describe(cold.Diff(from, to)); got != want {
			t.Errorf("diff %s → %s from a warmed chain:\n%s\nwant:\n%s", from.ID, to.ID, got, want)
		}
		m := warm.match(from, to)
		for _, p := range []*prepared{m.a, m.b} {
			units := append(append([]*unit{}, p.text...), p.terms...)
			for _, x := range p.examples {
				units = append(units, x.u)
			}
			for _, u := range units {
				if m := u.masked.Load(); m != nil && m != &u.text || u.words.Load() != nil {
					t.Fatalf("diff %s → %s: unit %q keeps its masked copy or words after the match", from.ID, to.ID, u.Text())
				}
			}
		}
	}
	if _, r := warm.twin(aside, aside.Rule(rules.Number{Chapter: 100, Rule: 1})); r == nil {
		t.Error("100.1 of the second rendering has no twin in the chain")
	}
}
