package rules

import (
	"slices"
	"testing"
)

func TestManaSymbols(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"{2}{W}", []string{"{2}", "{W}"}},
		{"Add {C}{C}. {T}: draw.", []string{"{C}", "{C}", "{T}"}},
		{"{W/U} {2/B} {W/P} {W/U/P} {10} {X} {CHAOS} {PW} {½} {∞} {S} {Q} {E} {TK}",
			[]string{"{W/U}", "{2/B}", "{W/P}", "{W/U/P}", "{10}", "{X}", "{CHAOS}", "{PW}", "{½}", "{∞}", "{S}", "{Q}", "{E}", "{TK}"}},
		{"“{LEVEL N1-N2} [Abilities]” and {rN}—[Effect]", []string{"{LEVEL N1-N2}", "{rN}"}},
		{"mana cost {4}{(R/G){R/G}.", []string{"{4}", "{R/G}"}}, // a typo in the 2013 rules
		{"no symbols: {} { W } {W, {a long thing in braces here}", nil},
		{"{oT}{o2}", []string{"{oT}", "{o2}"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := ManaSymbols(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("ManaSymbols(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSymbolName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{W}", "white mana"},
		{"{U}", "blue mana"},
		{"{C}", "colorless mana"},
		{"{0}", "zero mana"},
		{"{2}", "two generic mana"},
		{"{10}", "ten generic mana"},
		{"{100}", "100 generic mana"},
		{"{X}", "X generic mana"},
		{"{2/B}", "two generic or one black mana"},
		{"{W/U}", "white or blue mana"},
		{"{C/W}", "colorless or white mana"},
		{"{W/P}", "Phyrexian white mana"},
		{"{W/U/P}", "Phyrexian white or blue mana"},
		{"{H}", "Phyrexian mana"},
		{"{HW}", "half a white mana"},
		{"{H/R}", "half a red mana"},
		{"{½}", "half a generic mana"},
		{"{∞}", "infinite generic mana"},
		{"{T}", "tap"},
		{"{Q}", "untap"},
		{"{S}", "snow mana"},
		{"{E}", "energy"},
		{"{CHAOS}", "chaos"},
		{"{PW}", "planeswalker"},
		{"{TK}", "ticket"},
		{"{oT}", "tap"},
		{"{o2}", "two generic mana"},
		{"{rN}", "chapter N"},
		{"{LEVEL N1-N2}", "level N1-N2"},
		{"G", "green mana"},
		{"{BB}", "BB"},
		{"{W/Q}", "W/Q"},
	}
	for _, tt := range tests {
		if got := SymbolName(tt.in); got != tt.want {
			t.Errorf("SymbolName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsSymbol(t *testing.T) {
	for s, want := range map[string]bool{"{W}": true, "{2/B}": true, "{W}{U}": false, "W": false, "{}": false, "{W": false, "{ W}": false} {
		if got := IsSymbol(s); got != want {
			t.Errorf("IsSymbol(%q) = %v, want %v", s, got, want)
		}
	}
}
