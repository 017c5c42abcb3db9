package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

func TestManaCost(t *testing.T) {
	tests := []struct {
		cost   string
		colors cardtext.Color
		mv     int // mana value off the stack (202.3e: X is 0)
		mvX3   int // with X = 3 on the stack
	}{
		{"{2}{W}", cardtext.White, 3, 3},                         // 202.2a example
		{"{2}", 0, 2, 2},                                         // colorless
		{"{2}{W}{B}", cardtext.White | cardtext.Black, 4, 4},     // white and black
		{"{3}{U}{U}", cardtext.Blue, 5, 5},                       // 202.3 example
		{"{1}{W/U}{W/U}", cardtext.White | cardtext.Blue, 3, 3},  // 202.3f hybrid
		{"{2/B}{2/B}{2/B}", cardtext.Black, 6, 6},                // monocolored hybrid counts 2
		{"{1}{W/P}{W/P}", cardtext.White, 3, 3},                  // 202.3g Phyrexian counts 1
		{"{W/U/P}", cardtext.White | cardtext.Blue, 1, 1},        // hybrid Phyrexian
		{"{X}{R}", cardtext.Red, 1, 4},                           // X is 0 off the stack
		{"{X}{Y}{Z}", 0, 0, 9},                                   // each variable
		{"{C}{C}", 0, 2, 2},                                      // colorless mana symbol
		{"{S}{S}{G}", cardtext.Green, 3, 3},                      // snow
		{"{0}", 0, 0, 0},                                         // zero, but a mana cost
		{"", 0, 0, 0},                                            // no mana cost (202.3a)
		{"{w}{u}", cardtext.White | cardtext.Blue, 2, 2},         // lower case letters
		{"{15}", 0, 15, 15},                                      // big generic
		{" {1} {G} ", cardtext.Green, 2, 2},                      // spaces allowed
		{"{R/G}{G/R}", cardtext.Red | cardtext.Green, 2, 2},      // either order
		{"{2/W}{W/P}{B}", cardtext.White | cardtext.Black, 4, 4}, // mixed
		{"{1000000}", 0, 1000000, 1000000},                       // Gleemax
		{"{U/R}{B/G}{G/W}", cardtext.Blue | cardtext.Red | cardtext.Black | cardtext.Green | cardtext.White, 3, 3},
	}
	for _, tt := range tests {
		c, err := cardtext.ParseManaCost(tt.cost)
		if err != nil {
			t.Errorf("ParseManaCost(%q): %v", tt.cost, err)
			continue
		}
		if got := c.Colors(); got != tt.colors {
			t.Errorf("%q colors = %s, want %s", tt.cost, got, tt.colors)
		}
		if got := manaValue(c, 0, nil); got != tt.mv {
			t.Errorf("%q mana value = %d, want %d", tt.cost, got, tt.mv)
		}
		if got := manaValue(c, 3, nil); got != tt.mvX3 {
			t.Errorf("%q mana value with X=3 = %d, want %d", tt.cost, got, tt.mvX3)
		}
		// Printing and reading again gives the same cost.
		again, err := cardtext.ParseManaCost(c.String())
		if err != nil || again.String() != c.String() {
			t.Errorf("%q printed as %q, read back as %q (%v)", tt.cost, c.String(), again.String(), err)
		}
	}
	if c, _ := cardtext.ParseManaCost(""); c != nil {
		t.Errorf("no mana cost should be nil, got %v", c)
	}
}

func TestManaCostErrors(t *testing.T) {
	for _, s := range []string{
		"2W", "{2}W", "{", "{W", "{}", "{W/W}", "{P}", "{W/B/U}", "{2/2}", "{0/W}", "{1000001}",
		"{T}", "{Q}", "{H}", "{-1}", "{W/U/X}", "{99999999999}", "{E}",
	} {
		if c, err := cardtext.ParseManaCost(s); err == nil {
			t.Errorf("ParseManaCost(%q) = %v, want an error", s, c)
		}
	}
	// {T} and {Q} are fine in activation costs.
	c, err := cardtext.ParseCost("{1}{T}{Q}")
	if err != nil || len(c) != 3 || c[1].Kind != cardtext.SymTap || c[2].Kind != cardtext.SymUntap || manaValue(c, 0, nil) != 1 {
		t.Errorf("ParseCost({1}{T}{Q}) = %v, %v", c, err)
	}
}

func TestEditionSymbols(t *testing.T) {
	tests := []struct {
		date, cost string
		ok         bool
	}{
		{"2003-03-15", "{2}{W}", true},
		{"2003-03-15", "{W/U}", false}, // hybrid arrived with Ravnica
		{"2005-10-01", "{W/U}", true},  // ...
		{"2006-02-01", "{S}", false},   // snow with Coldsnap
		{"2006-07-15", "{S}", true},
		{"2007-02-01", "{2/W}", false}, // Shadowmoor
		{"2008-05-01", "{2/W}", true},
		{"2011-02-04", "{W/P}", false}, // New Phyrexia
		{"2011-05-01", "{W/P}", true},
		{"2015-09-26", "{C}", false}, // Oath of the Gatewatch
		{"2016-07-22", "{C}", true},
		{"2021-11-15", "{W/U/P}", false}, // hybrid Phyrexian
		{"2022-04-29", "{W/U/P}", true},
	}
	for _, tt := range tests {
		c, err := cardtext.ParseManaCost(tt.cost)
		if err != nil {
			t.Fatal(err)
		}
		err = EditionAt(date(tt.date)).CheckCost(c)
		if (err == nil) != tt.ok {
			t.Errorf("%s under %s: err = %v, want ok=%v", tt.cost, tt.date, err, tt.ok)
		}
	}
}
