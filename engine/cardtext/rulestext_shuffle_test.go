package cardtext

import (
	"slices"
	"testing"
)

// TestShuffleIntoRead: what is shuffled into a library is a list of
// objects and of the shuffler's zones, read from its parts, so Lich's
// Mirror's "your hand, your graveyard, and all permanents you own" and
// other cards' lists read alike.
func TestShuffleIntoRead(t *testing.T) {
	tests := []struct {
		text  string
		op    Op
		who   PRefKind
		zones []Zone
		group bool // a kind of object besides the zones
		err   string
	}{
		{text: "Shuffle your hand, your graveyard, and all permanents you own into your library.", op: OpShuffleIn, who: PYou, zones: []Zone{Hand, Graveyard}, group: true},
		{text: "Shuffle your graveyard into your library.", op: OpShuffleIn, who: PYou, zones: []Zone{Graveyard}},
		{text: "Shuffle your hand and graveyard into your library.", op: OpShuffleIn, who: PYou, zones: []Zone{Hand, Graveyard}},
		{text: "Each player shuffles their hand and graveyard into their library.", op: OpShuffleIn, who: PEach, zones: []Zone{Hand, Graveyard}},
		{text: "Target player shuffles their graveyard into their library.", op: OpShuffleIn, who: PTarget, zones: []Zone{Graveyard}},
		{text: "Shuffle all creatures you own and your graveyard into your library.", op: OpShuffleIn, who: PYou, zones: []Zone{Graveyard}, group: true},
		{text: "Shuffle target card from your graveyard into your library.", op: OpShuffleObj, who: PYou},
		{text: "Shuffle your library.", op: OpShuffle, who: PYou},
		// What the grammar can't read.
		{text: "Shuffle your hand into target player's library.", err: `at "target player's library.": into their library`},
		{text: "Shuffle target player's graveyard into your library.", err: `at "target player's graveyar…": the zones of the player who shuffles`},
		{text: "Shuffle your hand and target creature into your library.", err: `at "target creature into you…": a kind of object with the shuffler's zones`},
		{text: "Shuffle your hand, your exile, and your graveyard into your library.", err: `at "your exile, and your gra…": what to shuffle into a library`},
		{text: "Shuffle all creatures you own and all lands you own into your library.", err: `at "all lands you own into y…": what else to shuffle`},
		{text: "Shuffle your graveyard onto your library.", err: `at "onto your library.": into whose library`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Mirror", tt.text, true, tt.err)
		if !ok {
			continue
		}
		eff := abs[0].Effect
		in := eff[len(eff)-1]
		if in.Op != tt.op || in.Who.Kind != tt.who {
			t.Errorf("%q: read as op %v by %v", tt.text, in.Op, in.Who.Kind)
			continue
		}
		if tt.op != OpShuffleIn {
			continue
		}
		if in.Search == nil || !slices.Equal(in.Search.Zones, tt.zones) || (in.What.Kind == RefGroup) != tt.group {
			t.Errorf("%q: shuffles in %+v and %+v", tt.text, in.Search, in.What)
		}
	}
}
