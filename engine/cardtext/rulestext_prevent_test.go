package cardtext

import (
	"slices"
	"testing"
)

// TestPreventAllRead: "Prevent all …" is read from its parts — which
// damage (all, combat), its sources ("that would be dealt by creatures",
// "creatures would deal"), its recipients ("to you", "to you and
// creatures you control") and its duration ("this turn": an instruction;
// none: a permanent's static ability) — so Fog and other cards' wordings
// read alike; what the grammar can't read is an error where it stopped.
func TestPreventAllRead(t *testing.T) {
	tests := []struct {
		text    string
		spell   bool
		combat  bool
		src     []string // the sources' card types (nil: any source)
		players bool     // recipients: players
		who     Whose
		perms   []string // recipients: permanents of these types
		err     string
	}{
		{text: "Prevent all combat damage that would be dealt this turn.", spell: true, combat: true},
		{text: "Prevent all damage that would be dealt this turn.", spell: true},
		{text: "Prevent all combat damage that would be dealt to you this turn.", spell: true, combat: true, players: true, who: Yours},
		{text: "Prevent all combat damage that would be dealt this turn to you.", spell: true, combat: true, players: true, who: Yours},
		{text: "Prevent all damage that would be dealt to you and creatures you control this turn.", spell: true, players: true, who: Yours, perms: []string{"creature"}},
		{text: "Prevent all combat damage that would be dealt to creatures this turn.", spell: true, combat: true, perms: []string{"creature"}},
		{text: "Prevent all combat damage that would be dealt to your opponents this turn.", spell: true, combat: true, players: true, who: Opponents},
		{text: "Prevent all damage creatures would deal this turn.", spell: true, src: []string{"creature"}},
		{text: "Prevent all combat damage that would be dealt by creatures this turn.", spell: true, combat: true, src: []string{"creature"}},
		{text: "Prevent all damage that artifact creatures would deal to you this turn.", spell: true, src: []string{"artifact", "creature"}, players: true, who: Yours},
		{text: "Prevent all damage that would be dealt by creatures.", src: []string{"creature"}},
		{text: "Prevent all combat damage that would be dealt to you.", combat: true, players: true, who: Yours},
		{text: "Prevent all damage that would be dealt to creatures you control.", perms: []string{"creature"}},
		// What the grammar can't read, or the engine doesn't apply.
		{text: "Prevent all damage that would be dealt by creatures.", spell: true, err: `how long: "this turn"`},
		{text: "Prevent all damage that would be dealt this turn.", err: `at "this turn": a static ability's prevention has no "this turn"`},
		{text: "Prevent all noncombat damage that would be dealt this turn.", spell: true, err: `at "noncombat damage that wo…": what to prevent`},
		{text: "Prevent all combat damage that would be dealt to target creature this turn.", spell: true, err: `at "target creature this tur…": dealt to what`},
		{text: "Prevent all damage that would be dealt by target creature this turn.", spell: true, err: `at "target creature this tur…": dealt by what`},
		{text: "Prevent all damage target creature would deal this turn.", spell: true, err: `at "target creature would de…": whose damage`},
		{text: "Prevent all combat damage that would be dealt this turn by sources you control.", spell: true, err: `at "sources you control.": dealt by what`},
		{text: "Prevent all combat damage that would be dealt to and dealt by it this turn.", spell: true, err: `at "and dealt by it this tur…": dealt to what`},
		{text: "Prevent all damage creatures would deal until your next turn.", spell: true, err: `at "until your next turn.": the rest of the damage prevented`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Fog", tt.text, tt.spell, tt.err)
		if !ok {
			continue
		}
		var m *RuleMod
		switch a := abs[0]; {
		case tt.spell && len(a.Effect) == 1 && a.Effect[0].Cont != nil && a.Effect[0].Dur.Kind == DurEndOfTurn:
			m = a.Effect[0].Cont.Rules
		case !tt.spell && a.Kind == AbStatic && len(a.Static) == 1:
			m = a.Static[0].Rules
		}
		if m == nil || m.Kind != RulePreventAll {
			t.Errorf("%q: read as %+v", tt.text, abs[0])
			continue
		}
		if (m.N == 1) != tt.combat {
			t.Errorf("%q: combat damage only = %v", tt.text, m.N == 1)
		}
		if (m.Filter == nil) != (tt.src == nil) || m.Filter != nil && !slices.Equal(append(m.Filter.AnyOf, m.Filter.AllOf...), tt.src) {
			t.Errorf("%q: sources %+v, want %v", tt.text, m.Filter, tt.src)
		}
		to := m.To
		if to == nil {
			to = &DamageTo{}
		}
		if to.Players != tt.players || to.Who != tt.who || (to.Perms == nil) != (tt.perms == nil) || to.Perms != nil && !slices.Equal(to.Perms.AnyOf, tt.perms) {
			t.Errorf("%q: recipients %+v (permanents %+v)", tt.text, to, to.Perms)
		}
	}
}
