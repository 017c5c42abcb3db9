package cardtext

import (
	"strings"
	"testing"
)

// TestGraveReplacementsRead: "If OBJECT would die / be put into GRAVEYARD
// from anywhere, DESTINATION instead." is read from its parts, so the
// Oracle sentences of Darksteel Colossus, Gravebane Zombie, Rest in Peace,
// Leyline of the Void and Wheel of Sun and Moon and other cards' wordings
// of the same effects read alike; what the grammar can't read is an error
// at the word where it stopped.
func TestGraveReplacementsRead(t *testing.T) {
	tests := []struct {
		text  string
		self  bool
		whose Whose
		types []string // the filter's card types (nil: any)
		token int8
		card  bool
		want  GraveRepl
		err   string // an error containing it
	}{
		{text: "If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead.", self: true,
			want: GraveRepl{To: Library, Shuffle: true, Reveal: true}},
		{text: "If this creature would die, put it on top of its owner's library instead.", self: true, want: GraveRepl{Die: true, To: Library}},
		{text: "If this creature would die, instead shuffle it into its owner's library.", self: true, want: GraveRepl{Die: true, To: Library, Shuffle: true}},
		{text: "If a card would be put into a graveyard from anywhere, instead exile it.", card: true, want: GraveRepl{To: Exile}},
		{text: "If a card would be put into an opponent's graveyard from anywhere, exile it instead.", card: true, whose: Opponents, want: GraveRepl{To: Exile}},
		{text: "If a card would be put into enchanted player's graveyard from anywhere, instead that card is revealed and put on the bottom of its owner's library.",
			card: true, whose: EnchantedPlayer, want: GraveRepl{To: Library, Bottom: true, Reveal: true}},
		// Other cards' wordings of the same effects.
		{text: "If this creature would die, exile it instead.", self: true, want: GraveRepl{Die: true, To: Exile}},
		{text: "If ~ would be put into a graveyard from anywhere, instead shuffle it into its owner's library.", self: true,
			want: GraveRepl{To: Library, Shuffle: true}},
		{text: "If ~ would be put into a graveyard from the battlefield, return it to its owner's hand instead.", self: true,
			want: GraveRepl{Die: true, To: Hand}},
		{text: "If a nontoken creature would die, exile it instead.", types: []string{"creature"}, token: -1, want: GraveRepl{Die: true, To: Exile}},
		{text: "If a creature card would be put into your graveyard from anywhere, put it on the bottom of its owner's library instead.",
			types: []string{"creature"}, card: true, whose: Yours, want: GraveRepl{To: Library, Bottom: true}},
		{text: "If a card would be put into an opponent's graveyard from anywhere, instead it is exiled.", card: true, whose: Opponents, want: GraveRepl{To: Exile}},
		{text: "If a creature would die, reveal it and put it on top of its owner's library instead.", types: []string{"creature"},
			want: GraveRepl{Die: true, To: Library, Reveal: true}},
		// What the grammar can't read.
		{text: "If this creature would fly, exile it instead.", err: `at "fly, exile it instead.": what it would do: die, be put into a graveyard`},
		{text: "If a card would be put into a library from anywhere, exile it instead.", err: `at "a library from anywhere,…": whose graveyard`},
		{text: "If a card would be put into a graveyard from your hand, exile it instead.", err: `at "from your hand, exile it…": where from`},
		{text: "If this creature would die, destroy it instead.", err: `at "destroy it instead.": where it goes instead`},
		{text: "If this creature would die, exile it.", err: `"instead": "If ~ would die, EFFECT instead."`},
		{text: "If this creature would die, exile it and return it to its owner's hand instead.", err: `it can go to only one place instead`},
		{text: "If this creature would die, put it on top of your library instead.", err: `at "your library instead.": its owner's library`},
		{text: "If this creature would die, reveal it instead.", err: "where it goes instead"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Colossus", tt.text, false, tt.err)
		if !ok {
			continue
		}
		a := abs[0]
		var g *GraveRepl
		if tt.self {
			if a.Replace == nil || a.Replace.Kind != ReplGraveyard {
				t.Errorf("%q: not its own replacement: %+v", tt.text, a)
				continue
			}
			g = a.Replace.Grave
		} else {
			if len(a.Static) != 1 || a.Static[0].Rules == nil || a.Static[0].Rules.Kind != RuleGraveTo {
				t.Errorf("%q: not a replacement of others: %+v", tt.text, a)
				continue
			}
			m := a.Static[0].Rules
			g = m.Grave
			if m.Who != tt.whose || m.Filter.Card != tt.card || m.Filter.Token != tt.token || strings.Join(m.Filter.AnyOf, ",") != strings.Join(tt.types, ",") {
				t.Errorf("%q: about %+v of %v's graveyard", tt.text, m.Filter, m.Who)
			}
		}
		if *g != tt.want {
			t.Errorf("%q: read as %+v, want %+v", tt.text, *g, tt.want)
		}
	}
}

// TestDamageAndTokenReplacementsRead: damage that would be dealt and
// tokens that would be created are read from their parts: the source, the
// recipient, the player, and how much ("double", "triple", "three times").
func TestDamageAndTokenReplacementsRead(t *testing.T) {
	tests := []struct {
		text  string
		kind  RuleKind
		n     int
		who   Whose
		types []string // the filter's card types
		any   bool     // no filter: any source
		err   string
	}{
		{text: "If a source would deal damage to a Cleric creature you control, prevent 1 of that damage.", kind: RulePreventSome, n: 1},
		{text: "If a source would deal damage to an artifact creature, prevent 2 of that damage.", kind: RulePreventSome, n: 2, types: []string{"artifact", "creature"}},
		{text: "If a creature you control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.",
			kind: RuleDoubleDamage, n: 2, types: []string{"creature"}},
		{text: "If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.", kind: RuleDoubleDamage, n: 2, any: true},
		{text: "If a red creature would deal damage, it deals triple that damage instead.", kind: RuleDoubleDamage, n: 3, types: []string{"creature"}},
		{text: "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.", kind: RuleDoubleTokens, n: 2, who: Yours},
		{text: "If one or more tokens would be created under a player's control, twice that many of those tokens are created instead.", kind: RuleDoubleTokens, n: 2, who: AnyOnes},
		{text: "If one or more tokens would be created under your control, three times that many of those tokens are created instead.", kind: RuleDoubleTokens, n: 3, who: Yours},
		{text: "If an effect would create one or more tokens under an opponent's control, it creates twice that many of those tokens instead.", kind: RuleDoubleTokens, n: 2, who: Opponents},
		// What the grammar can't read, or the engine doesn't apply.
		{text: "If a source would deal damage to you, prevent 1 of that damage.", err: `at "you, prevent 1 of that d…": what it would deal damage to`},
		{text: "If a source would deal damage to a creature, prevent all of that damage.", err: `at "all of that damage.": how much`},
		{text: "If a creature would deal damage to a permanent or player, it deals quadruple that damage instead.", err: `at "quadruple that damage in…": how much: double or triple`},
		{text: "If a creature would deal damage to a creature, it deals double that damage to that creature instead.", err: `doubling damage to "a permanent or player"`},
		{text: "If a creature would deal damage to a permanent or player, it gains lifelink.", err: `at "it gains lifelink.": what happens instead`},
		{text: "If one or more tokens would be created under your control, four times that many of those tokens are created instead.", err: `at "four times that many of …": how many`},
		{text: "If an effect would create one or more tokens under target player's control, it creates twice that many of those tokens instead.", err: `whose control`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Card", tt.text, false, tt.err)
		if !ok {
			continue
		}
		if len(abs[0].Static) != 1 || abs[0].Static[0].Rules == nil {
			t.Errorf("%q: read as %+v", tt.text, abs[0])
			continue
		}
		m := abs[0].Static[0].Rules
		if m.Kind != tt.kind || m.N != tt.n || m.Who != tt.who {
			t.Errorf("%q: read as kind %v, %d, %v", tt.text, m.Kind, m.N, m.Who)
		}
		if tt.kind != RuleDoubleTokens && tt.any != (m.Filter == nil) || m.Filter != nil && tt.types != nil && strings.Join(m.Filter.AnyOf, ",")+strings.Join(m.Filter.AllOf, ",") != strings.Join(tt.types, ",") {
			t.Errorf("%q: about %+v", tt.text, m.Filter)
		}
	}
}

// TestExtraLandsRead: "You may play N additional land(s)" with "this turn"
// (an instruction) or "on each of your turns" (a static ability).
func TestExtraLandsRead(t *testing.T) {
	tests := []struct {
		text   string
		spell  bool
		n      int
		static bool
	}{
		{"You may play an additional land this turn.", true, 1, false},
		{"You may play two additional lands this turn.", true, 2, false},
		{"You may play an additional land on each of your turns.", false, 1, true},
		{"You may play two additional lands on each of your turns.", false, 2, true},
	}
	for _, tt := range tests {
		abs, err := ParseAbilities("Card", tt.text, tt.spell, testLists)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		var m *RuleMod
		if tt.static {
			if len(abs[0].Static) == 1 {
				m = abs[0].Static[0].Rules
			}
		} else if len(abs[0].Effect) == 1 && abs[0].Effect[0].Cont != nil {
			m = abs[0].Effect[0].Cont.Rules
		}
		if m == nil || m.Kind != RuleExtraLand || m.N != tt.n {
			t.Errorf("%q: read as %+v", tt.text, abs[0])
		}
	}
	if _, err := ParseAbilities("Card", "You may play an additional land on each turn.", false, testLists); err == nil {
		t.Errorf("an unread duration read")
	}
}
