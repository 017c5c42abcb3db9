package cardtext

import "testing"

// TestPermissionRead: "You may cast SPELLS from ZONE." reads the spells
// from a noun phrase and the zone from its words (601.3): the top of the
// library, a graveyard, or exile, the one zone all players share.
func TestPermissionRead(t *testing.T) {
	tests := []struct {
		text string
		from Zone
		top  bool
		want string // an error containing it
	}{
		{"You may cast creature spells from the top of your library.", Library, true, ""},
		{"You may cast instant and sorcery spells from the top of your library.", Library, true, ""},
		{"You may cast spells from exile.", Exile, false, ""},
		{"You may cast spells from exile this turn.", 0, false, "this turn"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Melek", tt.text, false, tt.want)
		if !ok {
			continue
		}
		m := abs[0].Static[0].Rules
		if m == nil || m.Kind != RulePermission || !m.Cast || m.From != tt.from || m.Top != tt.top {
			t.Errorf("%q: read %+v", tt.text, m)
		}
	}
}
