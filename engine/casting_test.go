package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestModalText reads modal spells' header lines and modes (700.2), and
// refuses what isn't one.
func TestModalText(t *testing.T) {
	lists := Latest().Types
	for _, tc := range []struct {
		line     string
		min, max int
		kicked   [2]int
		mode     bool
		err      bool
	}{
		{line: "Choose one —", min: 1, max: 1},
		{line: "Choose two —", min: 2, max: 2},
		{line: "Choose one or both —", min: 1, max: 2},
		{line: "Choose one or more —", min: 1, max: cardtext.AnyNumber},
		{line: "Choose any number —", min: 1, max: cardtext.AnyNumber},
		{line: "Choose one. If this spell was kicked, choose any number instead.", min: 1, max: 1, kicked: [2]int{1, cardtext.AnyNumber}},
		{line: "• Destroy target non-Aura enchantment.", mode: true},
		{line: "• Target creature you control fights target creature you don't control.", mode: true},
		{line: "Choose one. If this spell was kicked, choose any number.", err: true},
		{line: "• Frobnicate target creature.", err: true},
	} {
		abs, err := cardtext.ParseAbilities("Charm", tc.line, true, lists)
		if tc.err {
			if err == nil {
				t.Errorf("%q: read, want an error", tc.line)
			}
			continue
		}
		if err != nil || len(abs) != 1 {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		a := abs[0]
		if tc.mode {
			if !a.Mode || len(a.Effect) == 0 {
				t.Errorf("%q: not read as a mode", tc.line)
			}
			continue
		}
		if m := a.Modal; m == nil || m.Min != tc.min || m.Max != tc.max || m.Instead != tc.kicked {
			t.Errorf("%q: modal %+v, want %d to %d (kicked %v)", tc.line, a.Modal, tc.min, tc.max, tc.kicked)
		}
	}
	if _, err := FoldModes([]*cardtext.Ability{{Kind: cardtext.AbSpell, Mode: true, Text: "• Draw a card."}}); err == nil {
		t.Error("a mode with no \"Choose one —\" before it was accepted")
	}
}

// TestLoyaltyCostText reads loyalty costs as Oracle and the rules write
// them (606.4).
func TestLoyaltyCostText(t *testing.T) {
	lists := Latest().Types
	for _, tc := range []struct {
		line string
		n    int
	}{
		{"+1: You gain 2 life.", 1},
		{"−4: Creatures you control get +3/+3 and gain trample until end of turn.", -4},
		{"-1: Create a 3/3 green Beast creature token.", -1},
		{"0: You gain 1 life.", 0},
		{"[+2]: You gain 2 life.", 2},
	} {
		abs, err := cardtext.ParseAbilities("Walker", tc.line, false, lists)
		if err != nil || len(abs) != 1 || abs[0].Cost == nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if c := abs[0].Cost; !c.HasLoyalty || c.Loyalty != tc.n {
			t.Errorf("%q: loyalty %d (%v), want %d", tc.line, c.Loyalty, c.HasLoyalty, tc.n)
		}
	}
}
