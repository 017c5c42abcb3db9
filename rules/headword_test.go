package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The headwords with commas, slashes or quotes of the 128 official texts and the RST
// rendering, as printed, and the terms each names.
var headwordTests = []struct {
	line  string
	terms []string
}{
	// Forms of one word or one family: several terms.
	{"You, Your", []string{"You", "Your"}},
	{"Control, Controller", []string{"Control", "Controller"}},
	{"Modal, Mode", []string{"Modal", "Mode"}},
	{"Kicker, Kicked", []string{"Kicker", "Kicked"}},
	{"Champion, Championed", []string{"Champion", "Championed"}},
	{"Legend, Legendary", []string{"Legend", "Legendary"}},
	{"Protect, Protector", []string{"Protect", "Protector"}},
	{"Life, Life Total", []string{"Life", "Life Total"}},
	{"Trigger, Triggered Ability", []string{"Trigger", "Triggered Ability"}},
	{"Base Power, Base Toughness", []string{"Base Power", "Base Toughness"}},
	{"Enchant Opponent, Enchant Player", []string{"Enchant Opponent", "Enchant Player"}},
	{"Phased In, Phased Out", []string{"Phased In", "Phased Out"}},
	{"Respond, Response (Informal)", []string{"Respond", "Response (Informal)"}},
	{"Remove from the Game, Removed, Removed-from-the-Game Zone", []string{"Remove from the Game", "Removed", "Removed-from-the-Game Zone"}},
	// 1999's slashes, read as commas are.
	{"You/Your", []string{"You", "Your"}},
	{"Legend/Legend Rule", []string{"Legend", "Legend Rule"}},
	{"Respond/Response (Informal)", []string{"Respond", "Response (Informal)"}},
	{"Play/Draw", []string{"Play/Draw"}},
	{"Play/Draw (Informal)", []string{"Play/Draw (Informal)"}},
	{"Power/Toughness", []string{"Power/Toughness"}},
	{"A/", []string{"A/"}},
	{"Y, Z", []string{"Y", "Z"}},
	// Quoted parts lose their quotes, whatever quotes the file has.
	{`Banding, "Bands with Other"`, []string{"Banding", "Bands with Other"}},
	{"Banding, “Bands with Other”", []string{"Banding", "Bands with Other"}},
	{"Banding, ?Bands with Other?", []string{"Banding", "Bands with Other"}}, // 2008-05-01
	{"Partner, “Partner with [name]”", []string{"Partner", "Partner with [name]"}},
	{"Partner, “Partner—[text],” “Partner with [name]”", []string{"Partner", "Partner—[text]", "Partner with [name]"}},
	{`"As though"`, []string{"As though"}},
	{"“As Though”", []string{"As Though"}},
	// One name holding a comma or quotes: one term.
	{"Active Player, Nonactive Player Order", []string{"Active Player, Nonactive Player Order"}},
	{"Active Player, Nonactive Player Rule", []string{"Active Player, Nonactive Player Rule"}},
	{"Intervening “If” Clause", []string{"Intervening “If” Clause"}},
	{`Intervening "If" Clause`, []string{`Intervening "If" Clause`}},
	// Plain and odd lines.
	{"Trample", []string{"Trample"}},
	{"  Trample  ", []string{"Trample"}},
	{"", nil},
	{",", []string{","}},
	{"Trample,", []string{"Trample"}},
	{"“Unclosed, quote", []string{"“Unclosed, quote"}},
	{"X, Yes", []string{"X, Yes"}},
}

func TestSplitHeadword(t *testing.T) {
	for _, tt := range headwordTests {
		got := splitHeadword(tt.line)
		if !slices.Equal(got, tt.terms) {
			t.Errorf("splitHeadword(%q) = %q, want %q", tt.line, got, tt.terms)
		}
		// A term read again is itself: what a Markdown export writes, one
		// term a line, reads back the same.
		for _, term := range got {
			if again := splitHeadword(term); len(again) != 1 || again[0] != term {
				t.Errorf("splitHeadword(%q) = %q, a term of %q", term, again, tt.line)
			}
		}
	}
}

// The three parsers find the same terms in the same headword lines.
func TestHeadwordsAgreeAcrossFormats(t *testing.T) {
	var txt, rst, md strings.Builder
	txt.WriteString("Title\n\nThese rules are effective as of May 1, 2005.\n\n1. Game Concepts\n\n100. General\n\n100.1. First rule.\n\nGlossary\n\n")
	rst.WriteString("Glossary\n========\n\n.. glossary::\n\n")
	md.WriteString("# Glossary\n\n")
	var want [][]string
	for i, tt := range headwordTests {
		if len(tt.terms) == 0 || strings.HasPrefix(tt.line, " ") || strings.HasSuffix(tt.line, ",") || strings.Contains(tt.line, "?") {
			continue // not a line a glossary prints
		}
		def := fmt.Sprintf("Definition %d.", i)
		fmt.Fprintf(&txt, "%s\n%s\n\n", tt.line, def)
		fmt.Fprintf(&rst, "    %s\n        %s\n\n", tt.line, def)
		fmt.Fprintf(&md, "%s\n: %s\n\n", tt.line, def)
		want = append(want, tt.terms)
	}
	txt.WriteString("Credits\n\nSomeone\n")
	eds := map[string]*Edition{
		"txt": ParseText(Source{Name: "g.txt", Data: []byte(txt.String())}),
		"rst": ParseRST([]Source{{Name: "g.rst", Data: []byte(rst.String())}}),
		"md":  ParseMarkdown(Source{Name: "g.md", Data: []byte(md.String())}),
	}
	for format, e := range eds {
		if len(e.Glossary) != len(want) {
			t.Errorf("%s: %d entries, want %d; %v", format, len(e.Glossary), len(want), e.Diagnostics)
			continue
		}
		for i, g := range e.Glossary {
			if !slices.Equal(g.Terms, want[i]) {
				t.Errorf("%s: entry %d has terms %q, want %q", format, i, g.Terms, want[i])
			}
		}
	}
}

func FuzzSplitHeadword(f *testing.F) {
	for _, tt := range headwordTests {
		f.Add(tt.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, term := range splitHeadword(line) {
			if term == "" {
				t.Fatalf("splitHeadword(%q) has an empty term", line)
			}
			if again := splitHeadword(term); len(again) != 1 || again[0] != term {
				t.Fatalf("splitHeadword(%q) has the term %q, which reads as %q", line, term, again)
			}
		}
	})
}

func TestPartMarks(t *testing.T) {
	for _, s := range []string{"", "Mana Ability", "You, Your", `"Bands with Other"`, "Banding, ?Bands with Other?",
		"Intervening “If” Clause", "Partner—[text]", "Dandân", "”only a closing quote", "‘single’", "a?b", "\xe2"} {
		if got, want := partMarks(s), strings.ContainsAny(s, `,"“?`); got != want {
			t.Errorf("partMarks(%q) = %v, want %v", s, got, want)
		}
	}
}
