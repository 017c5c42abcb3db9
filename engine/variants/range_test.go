package variants

import (
	"slices"
	"testing"
)

func TestSeatDistance(t *testing.T) {
	all := func(int) bool { return true }
	without := func(left ...int) func(int) bool {
		return func(p int) bool { return !slices.Contains(left, p) }
	}
	for _, c := range []struct {
		seats, p, q int
		in          func(int) bool
		want        int
	}{
		{6, 0, 0, all, 0},
		{6, 0, 1, all, 1},
		{6, 0, 5, all, 1}, // to the right
		{6, 0, 3, all, 3},
		{6, 1, 4, all, 3},
		{6, 0, 4, all, 2},
		{6, 0, 3, without(1, 2), 1}, // those who left take their seats with them
		{6, 0, 4, without(5), 1},
		{6, 0, 2, without(2), -1},
		{2, 0, 1, all, 1},
	} {
		if got := SeatDistance(c.seats, c.p, c.q, c.in); got != c.want {
			t.Errorf("SeatDistance(%d, %d, %d) = %d, want %d", c.seats, c.p, c.q, got, c.want)
		}
	}
}

func TestReach(t *testing.T) {
	all := func(int) bool { return true }
	for _, c := range []struct {
		seats, p, r int
		in          func(int) bool
		want        []int
	}{
		{7, 0, 1, all, []int{0, 1, 6}},
		{7, 3, 2, all, []int{1, 2, 3, 4, 5}},
		{7, 0, 0, all, []int{0}},
		{4, 0, 3, all, []int{0, 1, 2, 3}},
		// 801.2c: recomputed as a turn begins, after 1 and 6 left, the
		// next seats in the game are within range 1.
		{7, 0, 1, func(p int) bool { return p != 1 && p != 6 }, []int{0, 2, 5}},
	} {
		if got := Reach(c.seats, c.p, c.r, c.in); !slices.Equal(got, c.want) {
			t.Errorf("Reach(%d, %d, %d) = %v, want %v", c.seats, c.p, c.r, got, c.want)
		}
	}
}

func TestRangeReaching(t *testing.T) {
	for _, c := range []struct {
		ds       []int
		n, seats int
		want     int
	}{
		{[]int{3, 1, 2}, 1, 8, 1},
		{[]int{3, 1, 2}, 2, 8, 2},
		{[]int{4, 4, 2}, 2, 8, 4},
		{[]int{3}, 2, 8, 8},
	} {
		if got := RangeReaching(c.ds, c.n, c.seats); got != c.want {
			t.Errorf("RangeReaching(%v, %d, %d) = %d, want %d", c.ds, c.n, c.seats, got, c.want)
		}
	}
}
