package views

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

func players(n int) engine.Board {
	var b engine.Board
	for i := range n {
		b.Players = append(b.Players, engine.PlayerView{Name: fmt.Sprintf("P%d", i+1)})
	}
	return b
}

// TestSeating checks the seats go clockwise in turn order: along the
// bottom right to left, up the left side, across the top left to right,
// down the right side.
func TestSeating(t *testing.T) {
	cases := []struct {
		n      int
		cols   int
		places string // each seat's place in turn order
	}{
		{2, 1, "r-3 c-1 span | r-1 c-1"},
		{3, 2, "r-3 c-1 span | r-1 c-1 | r-1 c-2"},
		{4, 3, "r-3 c-2 | r-2 c-1 | r-1 c-2 | r-2 c-3"},
		{5, 4, "r-3 c-3 | r-3 c-2 | r-2 c-1 | r-1 c-2 | r-2 c-4"},
		{6, 4, "r-3 c-3 | r-3 c-2 | r-2 c-1 | r-1 c-2 | r-1 c-3 | r-2 c-4"},
		{16, 9, "r-3 c-8 | r-3 c-7 | r-3 c-6 | r-3 c-5 | r-3 c-4 | r-3 c-3 | r-3 c-2 | r-2 c-1 | r-1 c-2 | r-1 c-3 | r-1 c-4 | r-1 c-5 | r-1 c-6 | r-1 c-7 | r-1 c-8 | r-2 c-9"},
	}
	for _, c := range cases {
		seats, cols, ok := seating(players(c.n))
		if !ok || cols != c.cols {
			t.Errorf("%d players: %d columns (drawn %v), want %d", c.n, cols, ok, c.cols)
			continue
		}
		var got []string
		for i, s := range seats {
			if s.Name != fmt.Sprintf("P%d", i+1) {
				t.Errorf("%d players: seat %d holds %s", c.n, i+1, s.Name)
			}
			got = append(got, s.Place)
		}
		if g := strings.Join(got, " | "); g != c.places {
			t.Errorf("%d players:\n got %s\nwant %s", c.n, g, c.places)
		}
	}
	// Seventeen players don't fit across the page: the seats are listed.
	seats, cols, ok := seating(players(17))
	if ok || tableClass(cols, ok) != "seats listed" {
		t.Error("seventeen players drawn around a table nine columns wide")
	}
	for _, s := range seats {
		if s.Place != "" {
			t.Errorf("listed seat %s placed at %q", s.Name, s.Place)
		}
	}
}

func TestSeatsShown(t *testing.T) {
	two := players(2)
	if seatsShown(two) {
		t.Error("a two-player game drew a table")
	}
	two.Players[0].Team = []string{"P2"}
	if !seatsShown(two) {
		t.Error("a game between teams drew no table")
	}
	if !seatsShown(players(3)) {
		t.Error("a three-player game drew no table")
	}
}

// TestSeatsCountHiddenZones: a seat counts the cards in its hand and
// library, which the board hides from other players.
func TestSeatsCountHiddenZones(t *testing.T) {
	b := players(3)
	b.Players[1].Zones = []engine.ZoneView{
		{Zone: cardtext.Library, Cards: make([]engine.CardView, 40)},
		{Zone: cardtext.Hand, Cards: make([]engine.CardView, 7)},
		{Zone: cardtext.Graveyard, Cards: make([]engine.CardView, 2)},
	}
	seats, _, _ := seating(b)
	if s := seats[1]; s.Hand != 7 || s.Library != 40 {
		t.Errorf("P2's seat counts %d in hand and %d in library, want 7 and 40", s.Hand, s.Library)
	}
}
