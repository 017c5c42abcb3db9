package engine

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
		abs, err := ParseAbilities("Colossus", tt.text, false, Latest().Types)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: got %v, want an error with %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
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
