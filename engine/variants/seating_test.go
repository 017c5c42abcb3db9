package variants

import (
	"slices"
	"testing"
)

func TestTeams(t *testing.T) {
	got := Teams[int]([]int{1, 0, 1, 2, 0})
	want := [][]int{{0, 2}, {1, 4}, {3}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Teams = %v, want %v", got, want)
	}
}

func TestAlternate(t *testing.T) {
	for _, c := range []struct {
		teams [][]int
		want  []int
	}{
		// 811.3: no one next to a teammate, each team equally spaced.
		{[][]int{{0, 1}, {2, 3}}, []int{0, 2, 1, 3}},
		{[][]int{{0, 1}, {2, 3}, {4, 5}}, []int{0, 2, 4, 1, 3, 5}},
		{[][]int{{0, 1, 2}, {3, 4, 5}}, []int{0, 3, 1, 4, 2, 5}},
	} {
		if got := Alternate(c.teams); !slices.Equal(got, c.want) {
			t.Errorf("Alternate(%v) = %v, want %v", c.teams, got, c.want)
		}
	}
}

func TestSeatEmperors(t *testing.T) {
	for _, c := range []struct {
		teams           [][]int
		order, emperors []int
	}{
		{[][]int{{0, 1, 2}, {3, 4, 5}}, []int{0, 1, 2, 3, 4, 5}, []int{1, 4}},
		// 809.6a: general 1, emperor, general 2, general 3.
		{[][]int{{0, 1, 2, 3}, {4, 5, 6, 7}}, []int{0, 1, 2, 3, 4, 5, 6, 7}, []int{1, 5}},
		{[][]int{{5, 4, 3, 2, 1}, {0, 6, 7, 8, 9}}, []int{5, 4, 3, 2, 1, 0, 6, 7, 8, 9}, []int{3, 7}},
	} {
		order, emperors := SeatEmperors(c.teams)
		if !slices.Equal(order, c.order) || !slices.Equal(emperors, c.emperors) {
			t.Errorf("SeatEmperors(%v) = %v, %v; want %v, %v", c.teams, order, emperors, c.order, c.emperors)
		}
	}
}

func TestTurnMarkers(t *testing.T) {
	for _, c := range []struct {
		players, markers int
		seats            []int
	}{
		{3, 1, []int{0}},
		{7, 1, []int{0}},
		{8, 2, []int{0, 4}},
		{11, 2, []int{0, 4}},
		{12, 3, []int{0, 4, 8}},
	} {
		n := TurnMarkers(c.players)
		if n != c.markers {
			t.Errorf("TurnMarkers(%d) = %d, want %d", c.players, n, c.markers)
		}
		if got := MarkerSeats(n, c.players); !slices.Equal(got, c.seats) {
			t.Errorf("MarkerSeats(%d, %d) = %v, want %v", n, c.players, got, c.seats)
		}
	}
}
