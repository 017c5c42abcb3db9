package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// wrapped writes paragraphs as a 1999-style file does: lines broken before
// the word that would pass width columns, no space left at a line's end,
// indent before every line of an indented paragraph.
func wrapped(width int, indent string, para string) string {
	var b, line strings.Builder
	for _, w := range strings.Fields(para) {
		if line.Len() > 0 && len(indent)+line.Len()+1+len(w) > width {
			b.WriteString(indent + line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	b.WriteString(indent + line.String() + "\n")
	return b.String()
}

// oldLayout is a first-edition-like file: a banner with its date, framed
// headings and underlines, a contents list, lines wrapped at 78 columns,
// indented subrules and glossary definitions, EXAMPLE: labels, an index,
// credits and a copyright notice. It has enough rules to show its wrapping.
func oldLayout() string {
	var b strings.Builder
	rule := strings.Repeat("-", 78)
	b.WriteString("\n" + strings.Repeat("=", 78) + "\n\nCOMPREHENSIVE RULES                                                   04/23/99\n\n" + strings.Repeat("=", 78) + "\n\n")
	b.WriteString(rule + "\nContents\n" + rule + "\n\nIntroduction\n1. The Game\n     100. General\n2. Cards\n     200. General\nGlossary\nIndex\n\n")
	b.WriteString(wrapped(78, "", "In response to play issues and to keep these rules as current as possible, changes may have been made to this document since its printing.") + "\n")
	b.WriteString(rule + "\n1. The Game\n" + rule + "\n\n100. General\n------------\n\n")
	for i := 1; i <= 40; i++ {
		b.WriteString(wrapped(78, "", fmt.Sprintf("100.%d. Rule number %d of the game says that a player who has priority may do something about it, and that the other player waits until the first one is done with whatever it was doing at the time it was done, so.", i, i)) + "\n")
		b.WriteString(wrapped(78, "  ", fmt.Sprintf("100.%da A subrule of rule %d explains the rule above it at some length, because subrules are where the rules go into the details of what happens next in the game.", i, i)))
		b.WriteString(wrapped(78, "  ", "EXAMPLE: A player plays a spell and the other player responds with another spell of their own, which resolves first.") + "\n")
	}
	b.WriteString(rule + "\n2. Cards\n" + rule + "\n\n200. General\n------------\n\n")
	b.WriteString(wrapped(78, "", "200.1. When a rule or card text refers to a card, it means a Magic card.") + "\n")
	b.WriteString(rule + "\nGlossary\n" + rule + "\n\n")
	b.WriteString("Ability\n" + wrapped(78, "  ", "Text on a card that explains what the card does or can do, which the rules and this glossary go on to describe at some length.") + "\n")
	b.WriteString("You/Your\n" + wrapped(78, "  ", "The words you and your on a card always refer to its current controller.") + "\n")
	b.WriteString(rule + "\nIndex\n" + rule + "\n\nAbilities, 402\n\tactivated ability, 403\nZone, 217\n\n")
	b.WriteString(rule + "\nCredits\n" + rule + "\n\nMagic: The Gathering Original Game Design: Richard Garfield\n\n")
	b.WriteString(rule + "\nCopyrights\n" + rule + "\n\nThese rules are current as of April 23, 1999.\n")
	return b.String()
}

// TestParseTextOldLayout reads the first edition's layout as a CR.
func TestParseTextOldLayout(t *testing.T) {
	e := rules.ParseText(rules.Source{Name: "old.txt", Data: []byte(oldLayout())})
	for _, d := range e.Diagnostics {
		if d.Severity != rules.SevInfo {
			t.Errorf("%s", d)
		}
	}
	if e.ID != "1999-04-23" || e.Title != "Comprehensive Rules" {
		t.Errorf("id %q, title %q", e.ID, e.Title)
	}
	if len(e.Sections) != 2 || e.Sections[0].Title != "The Game" {
		t.Fatalf("%d sections", len(e.Sections))
	}
	var n, ex int
	e.Walk(func(r *rules.Rule) bool { n++; ex += len(r.Examples()); return true })
	if n != 2+80+1 || ex != 40 {
		t.Errorf("%d entries, %d examples; want 83 and 40", n, ex)
	}
	r := e.Rule(num("100.7"))
	if r == nil || len(r.Body) != 1 || !strings.HasSuffix(r.Body[0].Text.S, "was done, so.") || !strings.HasPrefix(r.Body[0].Text.S, "Rule number 7 of the game") {
		t.Errorf("100.7 reads %+v", r)
	}
	if sub := e.Rule(num("100.7a")); sub == nil || len(sub.Body) != 2 || sub.Body[1].Kind != rules.BlockExample ||
		sub.Body[1].Text.S != "A player plays a spell and the other player responds with another spell of their own, which resolves first." {
		t.Errorf("100.7a reads %+v", sub)
	}
	if len(e.Glossary) != 2 || strings.Join(e.Glossary[1].Terms, ",") != "You,Your" || len(e.Glossary[0].Body) != 1 {
		t.Errorf("glossary: %d entries", len(e.Glossary))
	}
	if len(e.Intro) != 1 || !strings.HasPrefix(e.Intro[0].Text.S, "In response to play issues and to keep these rules as current as possible, changes") {
		t.Errorf("introduction %+v", e.Intro)
	}
	left := false
	for _, d := range e.Diagnostics {
		left = left || strings.HasPrefix(d.Message, "the printed index (lines ")
	}
	if !left {
		t.Error("no note that the index is left out")
	}
}

// TestParseTextLayoutLines: lines that read as blank, labels and contents
// entries of the older files.
func TestParseTextLayoutLines(t *testing.T) {
	body := "Title\n\nThese rules are effective as of May 1, 2005.\n\nContents\n\n1. Game Concepts.........2\n     100. General.......2\nGlossary..........40\n\n" +
		"Introduction\n\nAn introduction after the contents.\n\n1. Game Concepts\n\n100. General\n\n100.1. First rule.\n\u00a0\nEXAMPLE: An example.\n \u00a0 \n100.2. Second rule.\n\n" +
		"Glossary\n\nTerm\nDefinition.\n\nCredits\n\nSomeone\n"
	e := rules.ParseText(rules.Source{Name: "x.txt", Data: []byte(body)})
	for _, d := range e.Diagnostics {
		if d.Severity != rules.SevInfo {
			t.Errorf("%s", d)
		}
	}
	r := e.Rule(num("100.1"))
	if r == nil || len(r.Examples()) != 1 || r.Examples()[0].S != "An example." {
		t.Errorf("100.1: %+v", r)
	}
	if len(e.Intro) != 1 || e.Intro[0].Text.S != "An introduction after the contents." {
		t.Errorf("intro %+v", e.Intro)
	}
}

// TestParseTextLostCharacters: the conversion losses of the early files
// read back by what they stand for.
func TestParseTextLostCharacters(t *testing.T) {
	head := "Title\n\nThese rules are effective as of May 1, 2001.\n\n1. Game Concepts\n\n100. General\n\n"
	tail := "\nGlossary\n\nTerm\nDefinition.\n\nCredits\n\nSomeone\n"
	for _, tt := range []struct {
		name, rules, want string // want: 100.1's text
	}{
		{"U+FFFD", "100.1. A \uFFFDcard,\uFFFD it\uFFFDs a Magic\uFFFD card\uFFFDeven one of rules 212\uFFFD215 or a Creature \uFFFD Minotaur.\n",
			"A “card,” it’s a Magic card—even one of rules 212–215 or a Creature — Minotaur."},
		{"the symbol font's marks", "100.1. A Magicr card, an UngluedT card, the DCIT rules; Your turn.\n100.2. Magic rules, Unglued cards, the DCI, your ExodusT and MirageT sets.\n",
			"A Magic® card, an Unglued™ card, the DCI™ rules; Your turn."},
		{"the old mana font", "100.1. A mana cost of o3oUoU, oo2oW, such aso1, and ocT: Add oG.\n",
			"A mana cost of {3}{U}{U}, {2}{W}, such as {1}, and {T}: Add {G}."},
		{"the first edition's tap symbol", "100.1. {Tap}: Add {G}.\n", "{T}: Add {G}."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := rules.ParseText(rules.Source{Name: "x.txt", Data: []byte(head + tt.rules + tail)})
			r := e.Rule(num("100.1"))
			if r == nil || len(r.Body) == 0 || r.Body[0].Text.S != tt.want {
				t.Fatalf("100.1 reads %+v, want %q", r, tt.want)
			}
			if len(e.Diagnostics) == 0 {
				t.Error("no diagnostic names the repair")
			}
		})
	}
}

// num is ParseNumber for a number the test writes.
func num(s string) rules.Number {
	n, err := rules.ParseNumber(s)
	if err != nil {
		panic(err)
	}
	return n
}
