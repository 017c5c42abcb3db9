package variants

import "testing"

func TestTeamStartingLife(t *testing.T) {
	for _, c := range []struct {
		pair, size, team, each int
	}{
		{30, 2, 30, 15}, // 810.4
		{40, 2, 40, 20}, // until 2007
		{30, 3, 45, 15}, // 810.11: half as much again
		{30, 4, 60, 15},
	} {
		if team, each := TeamStartingLife(c.pair, c.size); team != c.team || each != c.each {
			t.Errorf("TeamStartingLife(%d, %d) = %d, %d; want %d, %d", c.pair, c.size, team, each, c.team, c.each)
		}
	}
}

func TestMemberLife(t *testing.T) {
	// 606.9a: the team's total divided by two, rounded up.
	for team, want := range map[int]int{30: 15, 29: 15, 1: 1, 0: 0, -1: 0, -3: -1, -4: -2} {
		if got := MemberLife(team); got != want {
			t.Errorf("MemberLife(%d) = %d, want %d", team, got, want)
		}
	}
}
