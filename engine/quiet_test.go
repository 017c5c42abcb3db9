package engine

import (
	"reflect"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestQuietViewLeavesLibraryOut: with no continuous effect in the game, a
// view leaves the library cards out and computes one when asked, the same
// as the whole computation; any static ability anywhere computes them all.
func TestQuietViewLeavesLibraryOut(t *testing.T) {
	tests := []struct {
		name    string
		text    []string // the rules text of a creature card in the library
		static  bool     // a static ability on the battlefield
		quiet   bool
		trigger bool // the library card has a triggered ability
	}{
		{name: "vanilla", quiet: true},
		{name: "triggered", text: []string{"When this creature enters, you gain 1 life."}, quiet: true, trigger: true},
		{name: "anthem", static: true},
		{name: "static in the library", text: []string{"Creatures you control get +1/+1."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, "latest")
			g.put(g.card("Forest", "", "Basic Land — Forest"), 0, cardtext.Library)
			lib := g.put(g.textCard("Bear", "{1}{G}", "Creature — Bear", pt(2, 2), tt.text...), 0, cardtext.Library)
			g.put(g.card("Ox", "{1}{W}", "Creature — Ox", 2, 4), 0, cardtext.Battlefield)
			if tt.static {
				g.put(g.textCard("Anthem", "{2}{W}", "Enchantment", nil, "Creatures you control get +1/+1."), 0, cardtext.Battlefield)
			}
			s := g.s.Under(g.ed)
			if got := s.quiet(); got != tt.quiet {
				t.Fatalf("quiet = %v, want %v", got, tt.quiet)
			}
			v, all := s.computeView(), s.layered(s.Objects)
			if tt.quiet && v.chars[lib] != nil {
				t.Errorf("the library card's characteristics were computed before anything asked")
			}
			if got := s.hiddenTriggers(s.Object(lib)); tt.quiet && got != tt.trigger {
				t.Errorf("hiddenTriggers = %v, want %v", got, tt.trigger)
			}
			for _, o := range s.Objects {
				if got, want := v.charsOf(o.ID), all.chars[o.ID]; !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %+v, want %+v", o.Label, got, want)
				}
				if got, want := v.copiableOf(o.ID), all.copiable[o.ID]; got != want {
					t.Errorf("%s: copiable values %p, want %p", o.Label, got, want)
				}
			}
		})
	}
}
