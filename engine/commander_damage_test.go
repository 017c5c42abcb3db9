package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// TestCommanderDamageFromSourceGone: combat damage from a commander is
// counted (903.10a) though its object has left the battlefield as the
// damage is dealt (as combat damage on the stack could, 510.2 before
// M10): the source is judged as it last existed.
func TestCommanderDamageFromSourceGone(t *testing.T) {
	for _, tc := range []struct {
		name string
		ed   *RulesEdition
		want int
	}{
		{"903.10a", Latest(), 7},
		{"903.10a off", Latest().Without(registry.CommanderDamage), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewState(40, "A", "B")
			s, id := s.AddObject(&cardtext.Card{Name: "Zurgo Helmsmasher", Power: 7, Toughness: 2}, 0, cardtext.Battlefield, false)
			s = s.Designate(0, id)
			tx := &tx{ed: tc.ed, s: s.clone()}
			o := tx.s.Object(id)
			src := &damageSource{id: id, label: o.Label, ch: *tx.chars(o), ctrl: 0}
			if _, err := tx.move(id, cardtext.Graveyard, false, nil, "", ""); err != nil {
				t.Fatal(err)
			}
			if err := tx.damage(src, PlayerTarget(1), 7, true); err != nil {
				t.Fatal(err)
			}
			got := 0
			for _, d := range tx.s.Players[1].CommanderDamage {
				got += d.Damage
			}
			if got != tc.want {
				t.Errorf("commander damage %d, want %d (%+v)", got, tc.want, tx.s.Players[1].CommanderDamage)
			}
		})
	}
}
