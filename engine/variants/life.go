package variants

// Life totals the variants set before play (103.4, 810.4, 902.4) and the
// hand sizes a vanguard modifies (103.5, 402.2, 902.5).

// TeamStartingLife is the starting shared life total of a team of size
// players (810.4) when a team of two starts with pair (30; 40 until 2007):
// half as much again for each player beyond the second (810.11). each is
// the equal share of it each player's own life starts at.
func TeamStartingLife(pair, size int) (team, each int) {
	each = pair / 2
	return each * size, each
}

// MemberLife is the value of a team member's life total in the texts
// before 2010 (606.9a): the team's shared total divided by two, rounded
// up (a total below zero too: -3 is -1).
func MemberLife(team int) int {
	if team < 0 {
		return team / 2 // Go's division rounds toward zero: here, up
	}
	return (team + 1) / 2
}

// HandSize is the starting hand size (103.5) and the maximum hand size
// (402.2) before a vanguard's hand modifier changes them (902.5, 902.5b).
const HandSize = 7
