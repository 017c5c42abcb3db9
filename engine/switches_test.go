package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/rules"
)

// TestSwitchesByEdition checks what the engine reads in corpus files on
// either side of each change against a careful reading of those texts. The
// columns are the switches in order (TestSwitchesByEdition fails if they
// move): mana-burn, mana-empty, zone-names, damage-stack, damage-order,
// dfc-transform, deathtouch, lifelink, legend-rule, planeswalker-uniqueness, and
// Two-Headed Giant's 2hg-life-start, 2hg-life-value, 2hg-set-each (an
// edition with no such variant reads as the newest).
func TestSwitchesByEdition(t *testing.T) {
	cols := "mana-burn mana-empty zone-names damage-stack damage-order dfc-transform deathtouch lifelink legend-rule planeswalker-uniqueness 2hg-life-start 2hg-life-value 2hg-set-each"
	var ids []string
	for _, s := range Switches() {
		ids = append(ids, s.ID)
	}
	if got := strings.Join(ids, " "); got != cols {
		t.Fatalf("switches are %q; the table's columns are %q", got, cols)
	}
	want := map[string]string{
		// The first edition: 420.5e "all except the one with the earliest
		// timestamp" go, the oldest stays; no Two-Headed Giant yet.
		"1999-04-23": "burn phase in-play stack divided double-faced absent absent oldest-stays none 30 team choose",
		// 300.4/300.3 "When a phase ends (but not a step) … mana burn";
		// 310.2 damage on the stack; 420.5e "the longest" stays.
		"2003-03-15": "burn phase in-play stack divided double-faced absent absent oldest-stays none 30 team choose",
		"2006-06-01": "burn phase in-play stack divided double-faced absent absent oldest-stays none 30 team choose", // effective 2004-06-01
		// Champions of Kamigawa: 420.5e "all are put into their owners' graveyards".
		"2004-10-01": "burn phase in-play stack divided double-faced absent absent all-go none 30 team choose",
		// Two-Headed Giant (606): a shared life total of 40, an individual
		// player's the team's halved (606.9a), set-each sums (606.9b).
		"2005-10-01": "burn phase in-play stack divided double-faced absent absent all-go none 40 half sum",
		"2007-02-01": "burn phase in-play stack divided double-faced absent absent all-go none 40 half sum",
		// Future Sight: 502.63a, 502.68a "… is a triggered ability".
		// 606.4a: 30 life.
		"2007-05-01": "burn phase in-play stack divided double-faced triggered triggered all-go none 30 half sum",
		"2007-09-07": "burn phase in-play stack divided double-faced triggered triggered all-go none 30 half sum",
		// Lorwyn: 420.5q planeswalkers sharing a type all go.
		"2007-10-01": "burn phase in-play stack divided double-faced triggered triggered all-go all-go 30 half sum",
		"2009-05-01": "burn phase in-play stack divided double-faced triggered triggered all-go all-go 30 half sum",
		// Magic 2010: 500.4 "When a step or phase ends"; no 300.3, no
		// damage on the stack; 510.1c damage assignment order; 702.2a,
		// 702.13a static abilities; 400.1 "battlefield".
		"2009-07-11": "none step battlefield direct ordered double-faced static static all-go all-go 30 half sum",
		"2009-09-04": "none step battlefield direct ordered double-faced static static all-go all-go 30 half sum",
		// 806.10a: a player's life total is the team's; 806.10d: the team
		// chooses the member whose life total is set.
		"2010-04-23": "none step battlefield direct ordered double-faced static static all-go all-go 30 team choose",
		"2013-04-29": "none step battlefield direct ordered double-faced static static all-go all-go 30 team choose",
		// Magic 2014: 704.5k, 704.5j "that player chooses one of them".
		"2013-09-27": "none step battlefield direct ordered double-faced static static choose choose 30 team choose",
		"2017-07-07": "none step battlefield direct ordered double-faced static static choose choose 30 team choose",
		// Ixalan: planeswalkers are legendary; no uniqueness rule.
		"2017-09-25": "none step battlefield direct ordered double-faced static static choose none 30 team choose",
		"2020-07-03": "none step battlefield direct ordered double-faced static static choose none 30 team choose",
		// Zendikar Rising: 711.5 "Only permanents represented by
		// transforming double-faced cards can transform": not a modal one.
		"2020-09-25": "none step battlefield direct ordered transforming static static choose none 30 team choose",
		"2024-08-02": "none step battlefield direct ordered transforming static static choose none 30 team choose",
		// Foundations: 510.1c "divided as its controller chooses".
		"2024-11-08": "none step battlefield direct divided transforming static static choose none 30 team choose",
		"2025-06-06": "none step battlefield direct divided transforming static static choose none 30 team choose",
		// 2025-09-19: 712.9 "double-faced cards that are not meld
		// cards".
		"2025-09-19": "none step battlefield direct divided double-faced static static choose none 30 team choose",
		"2026-01-16": "none step battlefield direct divided double-faced static static choose none 30 team choose",
	}
	seen := 0
	for _, f := range readCorpus(t) {
		w, ok := want[f.name]
		if !ok {
			continue
		}
		seen++
		fromText := FromRules(f.name, f.stated, f.texts)
		fast, _ := ReadSwitches(f.texts)
		for i, s := range fast {
			if s.Rule != fromText.Switches()[i].Rule {
				t.Errorf("%s: %s: ReadSwitches cites %s, FromRules %s", f.name, s.Switch.ID, s.Rule, fromText.Switches()[i].Rule)
			}
		}
		for name, ed := range map[string]*RulesEdition{"text": fromText, "table": EditionAt(f.stated)} {
			if got := stateLine(ed.Switches()); got != w {
				t.Errorf("%s (%s): switches\n got %s\nwant %s", f.name, name, got, w)
			}
		}
		if got := stateLine(fast); got != w {
			t.Errorf("%s (ReadSwitches): switches\n got %s\nwant %s", f.name, got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the table's %d corpus files", seen, len(want))
	}
}

func stateLine(ss []SwitchState) string {
	var w []string
	for _, s := range ss {
		w = append(w, s.Info().ID)
	}
	return strings.Join(w, " ")
}

func num(t *testing.T, s string) RuleNumber {
	t.Helper()
	n, err := rules.ParseNumber(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSwitchesFromText reads made-up editions: what decides a switch is the
// text of its rule, so an edition no one has seen (mana burn back in 2030)
// plays by what it says.
func TestSwitchesFromText(t *testing.T) {
	for _, tt := range []struct {
		name  string
		texts map[string]string
		want  map[string]string // switch → state
		rule  map[string]string // switch → rule cited
		note  string            // part of a note expected
	}{
		{
			name: "mana burn returns",
			texts: map[string]string{
				"300.3":  "When a step or phase ends, any unused mana left in a player's mana pool is lost. That player loses 1 life for each one mana lost this way.",
				"500.5":  "As a step or phase ends, any unspent mana left in a player's mana pool empties.",
				"704.5j": "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them.",
			},
			want: map[string]string{"mana-burn": "burn", "mana-empty": "step", "legend-rule": "choose", "damage-stack": "direct"},
			rule: map[string]string{"mana-burn": "300.3", "mana-empty": "300.3"},
		},
		{
			name:  "no burn: cites the rule that empties pools",
			texts: map[string]string{"500.5": "When a step or phase ends, any unused mana left in a player's mana pool empties."},
			want:  map[string]string{"mana-burn": "none"},
			rule:  map[string]string{"mana-burn": "500.5"},
		},
		{
			name: "damage on the stack and triggered keywords",
			texts: map[string]string{
				"310.1":   "As the combat damage step begins, all assignments of combat damage go on the stack as a single object.",
				"310.2c":  "A blocked creature will assign combat damage, divided as its controller chooses, to the creatures blocking it.",
				"502.63a": `Deathtouch is a triggered ability. "Deathtouch" means "Whenever this permanent deals damage to a creature, destroy that creature."`,
				"502.68a": "Lifelink is a static ability.",
			},
			want: map[string]string{"damage-stack": "stack", "damage-order": "divided", "deathtouch": "triggered", "lifelink": "static"},
			rule: map[string]string{"damage-stack": "310.1", "damage-order": "310.2c", "deathtouch": "502.63a"},
		},
		{
			name: "planeswalkers",
			texts: map[string]string{
				"704.5j": "If two or more planeswalkers that share a planeswalker type are on the battlefield, all are put into their owners' graveyards.",
				"704.5k": "If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards.",
			},
			want: map[string]string{"planeswalker-uniqueness": "all-go", "legend-rule": "all-go"},
			rule: map[string]string{"planeswalker-uniqueness": "704.5j", "legend-rule": "704.5k"},
		},
		{
			name:  "wording the reader doesn't know",
			texts: map[string]string{"704.5j": "If two or more legendary permanents with the same name are on the battlefield, their owners vote."},
			want:  map[string]string{"legend-rule": "choose"},
			note:  "legend-rule: can't tell the version from 704.5j",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var texts []registry.RuleText
			for n, s := range tt.texts {
				texts = append(texts, registry.RuleText{Number: num(t, n), Text: s})
			}
			// In the order an edition prints them, not the map's: which of
			// two rules stating a switch is cited depends on it.
			slices.SortFunc(texts, func(a, b registry.RuleText) int { return a.Number.Compare(b.Number) })
			ed := FromRules("x", date("2030-01-01"), texts)
			for id, w := range tt.want {
				if g := ed.Switch(id); g != w {
					t.Errorf("%s = %q, want %q", id, g, w)
				}
			}
			for _, s := range ed.Switches() {
				if w, ok := tt.rule[s.Switch.ID]; ok && s.Rule.String() != w {
					t.Errorf("%s cites %q, want %s", s.Switch.ID, s.Rule, w)
				}
			}
			notes := strings.Join(ed.Notes, "\n")
			if tt.note != "" && !strings.Contains(notes, tt.note) || tt.note == "" && strings.Contains(notes, "can't tell") {
				t.Errorf("notes %q, want one with %q", notes, tt.note)
			}
		})
	}
}

// TestOverlaySwitches: an excerpt decides only the switches whose rule it
// prints; the rest are the built-in edition's.
func TestOverlaySwitches(t *testing.T) {
	base := EditionAt(date("2007-02-01"))
	excerpt := FromRules("excerpt", base.Effective, []registry.RuleText{{Number: num(t, "420.5e"), Text: "If a player controls two or more legendary permanents with the same name, that player chooses one of them."}})
	got := base.Overlay(excerpt)
	if got.Legend != LegendChoose || !got.ManaBurn || !got.DamageStack || got.Battlefield {
		t.Errorf("overlay: legend %d, burn %v, stack %v, battlefield %v; want the excerpt's legend rule, the rest of 2007", got.Legend, got.ManaBurn, got.DamageStack, got.Battlefield)
	}
	if base.Legend != LegendAllGo {
		t.Error("Overlay changed its receiver")
	}
}

// TestEditionAtBetweenFiles: a day between two corpus files plays by the
// older file's text, whatever happened on that day.
func TestEditionAtBetweenFiles(t *testing.T) {
	for _, tt := range []struct {
		day, burn string
	}{
		{"2009-07-10", "burn"}, // the day before M10's rules took effect: 2009-05-01's text
		{"2009-07-11", "none"},
		{"2009-08-01", "none"}, // between M10's file and the next, 2009-09-04
		{"1998-01-01", "burn"}, // before the first file: the first file's rules
	} {
		if g := EditionAt(date(tt.day)).Switch("mana-burn"); g != tt.burn {
			t.Errorf("%s: mana burn %q, want %q", tt.day, g, tt.burn)
		}
	}
	if c := EditionAt(time.Time{}); !c.LockSource || c.Legend != LegendOldestStays {
		t.Errorf("classic: lock source %v, legend %d", c.LockSource, c.Legend)
	}
}

// BenchmarkReadSwitches measures reading the switches from one full
// edition's text, alone (ReadSwitches) and as part of FromRules.
//
//	go test ./engine -run '^$' -bench Switches -benchtime 20x
func BenchmarkReadSwitches(b *testing.B) {
	files := readCorpus(b)
	for _, f := range []corpusFile{files[0], files[len(files)-1]} {
		b.Run("ReadSwitches/"+f.name, func(b *testing.B) {
			for b.Loop() {
				ReadSwitches(f.texts)
			}
		})
		b.Run("FromRules/"+f.name, func(b *testing.B) {
			for b.Loop() {
				FromRules(f.name, f.stated, f.texts)
			}
		})
	}
}
