package cardtext

import "testing"

// TestActivationRestrictions: "Activate only …" at the end of an activated
// ability reads into its restrictions on use (602.5b, 602.5d), alone or
// joined by "and only"; any other restriction is an error, never an
// ability that ignores it.
func TestActivationRestrictions(t *testing.T) {
	tests := []struct {
		text          string
		sorcery, once bool
		want          string // "" reads; else the error contains it
	}{
		{"{G}: ~ gets +3/+0 until end of turn. Activate only once each turn.", false, true, ""},
		{"{2}: Draw a card. Activate only as a sorcery.", true, false, ""},
		{"{2}: Draw a card. Activate only once each turn and only as a sorcery.", true, true, ""},
		{"{2}: Draw a card. Activate only during your upkeep.", false, false, ""}, // its timing: TestActivateDuring
		{"{2}: Draw a card. Activate only during combat.", false, false, `a restriction: "as a sorcery", "once each turn"`},
		{"{2}: Draw a card. Activate only once each turn. Draw a card.", false, false, "the end of the ability after its restriction"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Armodon", tt.text, false, tt.want)
		switch {
		case !ok:
		case len(abs) != 1:
			t.Errorf("%q: got %d abilities, want 1", tt.text, len(abs))
		case abs[0].Sorcery != tt.sorcery || abs[0].OncePerTurn != tt.once:
			t.Errorf("%q: sorcery/once %v/%v; want %v/%v", tt.text, abs[0].Sorcery, abs[0].OncePerTurn, tt.sorcery, tt.once)
		}
	}
}
