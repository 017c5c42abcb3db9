package history

import (
	"slices"
	"testing"
)

// TestWording: what reads alike as wording only, across the Magic 2010
// update (m10) and elsewhere. Pairs are old text, new text.
func TestWording(t *testing.T) {
	tests := []struct {
		old, new string
		m10      bool
		alike    bool
	}{
		// Typography is never a difference.
		{"Creature - Goblin Wizard", "Creature — Goblin Wizard", false, true},
		{"costs [X] more", "costs X more", false, true},
		{"Oracle card reference", "Oracle™ card reference", false, true},
		{"it doesn't untap, it stays tapped", "It doesn't untap (it stays tapped)", false, true},
		{"Time Stop", "Timestop", false, false},
		// The update's terms, across it only.
		{"Whenever a creature comes into play, you gain 1 life.", "Whenever a creature enters the battlefield, you gain 1 life.", true, true},
		{"Whenever a creature comes into play, you gain 1 life.", "Whenever a creature enters the battlefield, you gain 1 life.", false, false},
		{"Comes-into-play abilities trigger when a permanent enters the in-play zone.", "Enters-the-battlefield abilities trigger when a permanent enters the battlefield.", true, true},
		{"If an object in the removed-from-the-game zone is removed from the game, it doesn't change zones.", "If an object in the exile zone is exiled, it doesn't change zones.", true, true},
		{"Remove target creature from the game.", "Exile target creature.", true, true},
		{"removes all cards in his or her graveyard from the game", "exiles all cards in his or her graveyard", true, true},
		{"A permanent leaves play.", "A permanent leaves the battlefield.", true, true},
		{"Put it into play under your control.", "Put it onto the battlefield under your control.", true, true},
		{"the player who played it", "the player who cast it", true, true},
		{"A player may play an activated ability", "A player may activate an activated ability", true, true},
		{"This is a state-based effect.", "This is a state-based action.", true, true},
		{"This game action doesn't use the stack.", "This turn-based action doesn't use the stack.", true, true},
		{"End of Turn Step", "End Step", true, true},
		// Words the update did not rename stay different.
		{"Each player may play a land.", "Each player may draw a card.", true, false},
		{"The player removes it from combat.", "The player exiles it.", true, false},
		{"a player in the game", "a player on the battlefield", true, false},
	}
	us := newUnits()
	for _, tt := range tests {
		a, b := us.title(tt.old), us.title(tt.new)
		if got := alike(a, b, tt.m10); got != tt.alike {
			t.Errorf("alike(%q, %q, m10=%v) = %v, want %v:\n%q\n%q", tt.old, tt.new, tt.m10, got, tt.alike,
				wording(a.mask(), tt.m10), wording(b.mask(), tt.m10))
		}
		// alike trusts that texts of the same wording have the same bag.
		if wording(a.mask(), true) == wording(b.mask(), true) && !slices.Equal(a.bag(), b.bag()) {
			t.Errorf("%q and %q read alike across the update but their bags differ", tt.old, tt.new)
		}
	}
}
