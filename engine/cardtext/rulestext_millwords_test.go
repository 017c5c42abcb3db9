package cardtext

import "testing"

// TestMillWordsRead: milling's wording before it was a keyword action,
// "put(s) the top N cards of WHOSE library into WHOSE graveyard", reads as
// mill (701.17a) for "you" and for another player; a library and a
// graveyard of different players' isn't milling.
func TestMillWordsRead(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		n     int
		who   PRefKind
		want  string // an error containing it
	}{
		{text: "When ~ enters, put the top four cards of your library into your graveyard.", n: 4, who: PYou},
		{text: "{3}: Target player puts the top three cards of their library into their graveyard.", n: 3, who: PTarget},
		{text: "Each opponent puts the top card of their library into their graveyard.", spell: true, n: 1, who: PEachOpponent},
		{text: "Target player puts the top two cards of their library into your graveyard.", spell: true, want: "what the player does"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Armored Skaab", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		in := abs[0].Effect[0]
		if in.Op != OpMill || in.N.N != tt.n || in.Who.Kind != tt.who {
			t.Errorf("%q: read as %+v", tt.text, in)
		}
	}
}
