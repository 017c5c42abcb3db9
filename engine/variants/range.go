package variants

import "slices"

// The limited range of influence option (801): a player affects only the
// players seated within so many seats of them, and the objects those
// players control.

// MaxRange bounds a range of influence a scenario may give: more seats than
// any table has.
const MaxRange = 16

// SeatDistance is how many seats apart p and q are at a table of seats
// seats, the shorter way round, counting only the seats of players still
// in the game (inGame: a player who left takes their seat with them). It
// is -1 if q has left.
func SeatDistance[P ~int](seats int, p, q P, inGame func(P) bool) int {
	if p == q {
		return 0
	}
	if !inGame(q) {
		return -1
	}
	best := -1
	for _, dir := range []int{1, seats - 1} { // to the left, to the right
		d := 0
		for i := 1; i < seats; i++ {
			x := P((int(p) + dir*i) % seats)
			if !inGame(x) {
				continue
			}
			d++
			if x == q {
				break
			}
		}
		if best < 0 || d < best {
			best = d
		}
	}
	return best
}

// Reach lists the players within r seats of p (801.2), p among them
// (801.2b), as they are seated now: what a range of influence covers for a
// turn, determined as it begins (801.2c).
func Reach[P ~int](seats int, p P, r int, inGame func(P) bool) []P {
	var out []P
	for i := range seats {
		q := P(i)
		if d := SeatDistance(seats, p, q, inGame); d >= 0 && d <= r {
			out = append(out, q)
		}
	}
	return out
}

// RangeReaching is the least range of influence that reaches n of the
// players at the distances given (809.6a: a general's reaches one general
// of an opposing team, an emperor's two); the whole table, seats, if
// there aren't n.
func RangeReaching(distances []int, n, seats int) int {
	ds := slices.Sorted(slices.Values(distances))
	if len(ds) < n {
		return seats
	}
	return ds[n-1]
}
