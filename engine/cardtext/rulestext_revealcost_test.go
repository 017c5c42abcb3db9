package cardtext

import (
	"testing"
)

// TestRevealText: a cost of revealing a card, alone or as one of two costs
// the payer chooses between, and playing with hands revealed read from
// their parts; other wordings are errors where they stop.
func TestRevealText(t *testing.T) {
	tests := []struct {
		name, text string
		check      func(*Ability) bool
		want       string // "" reads; else the error contains it
	}{
		{"Silvergill Adept", "As an additional cost to cast this spell, reveal a Merfolk card from your hand or pay {3}.", func(a *Ability) bool {
			c := a.AddCost
			return c != nil && c.Reveal != nil && c.Reveal.String() != "" && c.Or != nil && c.Or.Mana.String() == "{3}" && c.Or.Reveal == nil
		}, ""},
		{"Revealer", "As an additional cost to cast this spell, reveal a Dragon card from your hand.", func(a *Ability) bool {
			return a.AddCost != nil && a.AddCost.Reveal != nil && a.AddCost.Or == nil
		}, ""},
		{"Telepathy", "Your opponents play with their hands revealed.", func(a *Ability) bool {
			return len(a.Static) == 1 && a.Static[0].Rules.Kind == RuleHandsRevealed && a.Static[0].Rules.Who == Opponents
		}, ""},
		{"Revealer", "You play with your hand revealed.", func(a *Ability) bool {
			return len(a.Static) == 1 && a.Static[0].Rules.Kind == RuleHandsRevealed && a.Static[0].Rules.Who == Yours
		}, ""},
		{"Revealer", "As an additional cost to cast this spell, reveal a Merfolk card.", nil, "reveal a KIND card from your hand"},
		{"Revealer", "As an additional cost to cast this spell, reveal a Merfolk card from your hand or pay three.", nil, "pay N life, pay {N}"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, tt.name, tt.text, false, tt.want)
		if ok && (len(abs) != 1 || !tt.check(abs[0])) {
			t.Errorf("%q: read as %+v", tt.text, abs)
		}
	}
}
