package variants

// Seating and teams (section 8): players are seat numbers, 0 the first
// seated, each next one to the previous one's left.

// Teams lists the teams of players seated with the team numbers teamOf
// (teamOf[i] is seat i's team), in order of each team's first player, each
// team in seat order.
func Teams[P ~int](teamOf []int) [][]P {
	var out [][]P
	seen := map[int]int{}
	for i, team := range teamOf {
		j, ok := seen[team]
		if !ok {
			j = len(out)
			seen[team] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], P(i))
	}
	return out
}

// Alternate seats teams so that no one sits next to a teammate and each
// team is equally spaced out (811.3): the first player of each team, then
// the second of each, and so on. The teams are of equal size (CheckTeams).
func Alternate[P any](teams [][]P) []P {
	var out []P
	for i := range teams[0] {
		for _, t := range teams {
			out = append(out, t[i])
		}
	}
	return out
}

// SeatEmperors seats each team together with its emperor in the middle
// (809.2): order is the teams' players as listed, team after team; each
// team's emperor is the one listed at the middle, rounded down: of three,
// the second (general, emperor, general); of four, the second too (809.6a:
// general 1, emperor, general 2, general 3).
func SeatEmperors[P any](teams [][]P) (order, emperors []P) {
	for _, t := range teams {
		emperors = append(emperors, t[(len(t)-1)/2])
		order = append(order, t...)
	}
	return order, emperors
}

// The ranges of influence of an Emperor game's players with teams of three
// (809.3a: limited to 2 for emperors and 1 for generals).
const (
	EmperorRange = 2
	GeneralRange = 1
)

// TurnMarkers is how many turn markers a Grand Melee game of players
// players has (807.4a): one for each full four players, at least one.
func TurnMarkers(players int) int { return max(players/4, 1) }

// MarkerSeats lists the seats holding the n turn markers of a Grand Melee
// game of players players as it begins (807.4b): the first marker the
// starting player's (seat 0), each next one the seat four to the left of
// the one before.
func MarkerSeats(n, players int) []int {
	out := make([]int, n)
	for k := range n {
		out[k] = (4 * k) % players
	}
	return out
}
