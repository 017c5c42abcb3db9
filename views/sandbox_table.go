package views

import (
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// seat is one player's place at the table drawn above a multiplayer board.
type seat struct {
	engine.PlayerView
	Hand, Library int
	// Place is the seat's grid cell as class names: its row ("r-1" top,
	// "r-2" the sides, "r-3" bottom) and column ("c-1" …), "span" when it
	// has a row to itself; "" when the seats are listed.
	Place string
}

// maxTableCols is the widest table sandbox.css lays out (c-1 … c-9):
// fourteen players across the top and bottom and two at the sides. A
// bigger game (a Grand Melee of sixteen or more) gets the list of seats
// a phone shows.
const maxTableCols = 9

// seatsShown reports whether a board gets a table: a game of more than two
// players, or one between teams, where who sits where decides who attacks
// whom (802), who is within whose range (801) and whose turn is next.
func seatsShown(b engine.Board) bool {
	if len(b.Players) > 2 {
		return true
	}
	for _, p := range b.Players {
		if len(p.Team) > 0 {
			return true
		}
	}
	return false
}

// seating places the players around a table in turn order, which runs
// clockwise (103.1): the first player at the bottom, then along the bottom
// to the left, up the left side, across the top to the right and down the
// right side. It returns the seats in turn order, the number of grid
// columns, and false when the table would be wider than the page lays out.
func seating(b engine.Board) ([]seat, int, bool) {
	n := len(b.Players)
	seats := make([]seat, n)
	for i, p := range b.Players {
		seats[i].PlayerView = p
		for _, z := range p.Zones {
			switch z.Zone {
			case cardtext.Hand:
				seats[i].Hand = len(z.Cards)
			case cardtext.Library:
				seats[i].Library = len(z.Cards)
			}
		}
	}
	place := func(i, row, col int) {
		seats[i].Place = "r-" + strconv.Itoa(row) + " c-" + strconv.Itoa(col)
	}
	switch {
	case n <= 3:
		// One seat at the bottom, the others across the top.
		top := n - 1
		cols := max(top, 1)
		seats[0].Place = "r-3 c-1 span"
		for i := 1; i < n; i++ {
			place(i, 1, i)
		}
		return seats, cols, true
	}
	bottom := (n - 1) / 2 // of the n-2 seats not at the sides, the larger half
	top := n - 2 - bottom
	cols := bottom + 2
	if cols > maxTableCols {
		return seats, 0, false
	}
	i := 0
	for c := bottom + 1; c >= 2; c-- { // bottom row, right to left
		place(i, 3, c)
		i++
	}
	place(i, 2, 1) // left side
	i++
	for c := 2; c < 2+top; c++ { // top row, left to right
		place(i, 1, c)
		i++
	}
	place(i, 2, cols) // right side
	return seats, cols, true
}

// seatFacts is a seat's range of influence and team in words, or "".
func seatFacts(s seat) string {
	var w []string
	if s.Emperor {
		w = append(w, "emperor")
	}
	if len(s.Team) > 0 {
		w = append(w, "team with "+strings.Join(s.Team, ", "))
	}
	if s.Range > 0 {
		w = append(w, "range of influence "+strconv.Itoa(s.Range))
	}
	return strings.Join(w, " · ")
}

// tableClass names the table's grid width for sandbox.css, or marks the
// seats as a list when the table isn't drawn.
func tableClass(cols int, drawn bool) string {
	if !drawn {
		return "seats listed"
	}
	return "seats cols-" + strconv.Itoa(cols)
}
