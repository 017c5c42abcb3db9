package variants

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in     string
		v      Variant
		casual bool
		ok     bool
	}{
		{"Two-Headed Giant", TwoHeadedGiant, false, true},
		{"  2HG ", TwoHeadedGiant, false, true},
		{"team   vs team", TeamVsTeam, false, true},
		{"EDH", Commander, true, true},
		{"conspiracy", ConspiracyDraft, true, true},
		{"free for all", FreeForAll, false, true},
		{"two-headed", "", false, false},
		{"", "", false, false},
	} {
		v, casual, ok := Parse(c.in)
		if v != c.v || casual != c.casual || ok != c.ok {
			t.Errorf("Parse(%q) = %q, %v, %v; want %q, %v, %v", c.in, v, casual, ok, c.v, c.casual, c.ok)
		}
	}
	if n := Names(); len(n) != 11 || n[0] != "free-for-all" || n[10] != "conspiracy draft" {
		t.Errorf("Names() = %q", n)
	}
}

func TestParseOption(t *testing.T) {
	for _, c := range []struct {
		in string
		o  Option
		n  int
		ok bool
	}{
		{"range of influence 2", OptionRange, 2, true},
		{"Limited range of influence 1", OptionRange, 1, true},
		{"range of influence 8", OptionRange, 8, true},
		{"range of influence 9", "", 0, false},
		{"range of influence 0", "", 0, false},
		{"range of influence 02", "", 0, false},
		{"range of influence", "", 0, false},
		{"range of influence two", "", 0, false},
		{"attack left", OptionAttackLeft, 0, true},
		{"attack  RIGHT", OptionAttackRight, 0, true},
		{"attack left twice", OptionAttackLeft, 0, false},
		{"attack multiple players", OptionAttackMultiple, 0, true},
		{"deploy creatures", OptionDeploy, 0, true},
		{"shared team turns", OptionSharedTurns, 0, true},
		{"attack everyone", "", 0, false},
	} {
		o, n, ok := ParseOption(c.in)
		if ok != c.ok || ok && (o != c.o || n != c.n) {
			t.Errorf("ParseOption(%q) = %q, %d, %v; want %q, %d, %v", c.in, o, n, ok, c.o, c.n, c.ok)
		}
	}
}

func TestGameString(t *testing.T) {
	for _, c := range []struct {
		g    Game
		want string
	}{
		{Game{}, ""},
		{Game{Variant: TwoHeadedGiant, SharedTurns: true}, "Two-Headed Giant; shared team turns"},
		{Game{Casual: Commander, Variant: FreeForAll, AttackMultiple: true}, "Commander, Free-for-All; attack multiple players"},
		{Game{Variant: TeamVsTeam}.With(OptionRange, 2).With(OptionDeploy, 0), "Team vs. Team; range of influence 2, deploy creatures"},
		{Game{}.With(OptionAttackLeft, 0), "attack left"},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.g, got, c.want)
		}
	}
}

func TestNeeds(t *testing.T) {
	for _, c := range []struct {
		g    Game
		want []Need
	}{
		{Game{Variant: FreeForAll}, nil},
		{Game{Casual: Commander}, nil},
		{Game{Variant: Emperor}, []Need{{registry.EmperorOptions, "Emperor variant"}}},
		{Game{Variant: TwoHeadedGiant}, []Need{{registry.TeamLife, "Two-Headed Giant variant"}}},
		{Game{Variant: GrandMelee, Range: 2, AttackMultiple: true}, []Need{
			{registry.MeleeOptions, "Grand Melee variant"},
			{registry.Range, "limited range of influence option"},
			{registry.BlockAttacked, "attack multiple players option"}}},
		{Game{Variant: AlternatingTeams}, []Need{{registry.AlternateSeats, "Alternating Teams variant"}}},
	} {
		if got := c.g.Needs(); !slices.Equal(got, c.want) {
			t.Errorf("%v: Needs() = %v, want %v", c.g, got, c.want)
		}
	}
}

func TestCheckTeams(t *testing.T) {
	for _, c := range []struct {
		v     Variant
		teams [][]int
		err   string // a part of the error; "" if none
	}{
		{FreeForAll, [][]int{{0}, {1, 2}}, ""},
		{TwoHeadedGiant, [][]int{{0, 1}, {2, 3}}, ""},
		{TwoHeadedGiant, [][]int{{0, 1, 2}, {3, 4, 5}}, ""},
		{TwoHeadedGiant, [][]int{{0, 1, 2, 3}}, "(810.1, 810.11): name the teams"},
		{TwoHeadedGiant, [][]int{{0}, {1}}, "the teams here have 1 and 1 players"},
		{TwoHeadedGiant, [][]int{{0, 1}, {2, 3, 4}}, "the teams here have 2 and 3 players"},
		{Emperor, [][]int{{0, 1}, {2, 3}}, "teams of three or more (809.1, 809.6)"},
		{Emperor, [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}}, ""},
		{AlternatingTeams, [][]int{{0}, {1}, {2}}, ""},
		{AlternatingTeams, [][]int{{0, 1}, {2}}, "equal size (811.1)"},
	} {
		err := CheckTeams(c.v, c.teams)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s %v: %v", c.v, c.teams, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s %v: error %v, want one with %q", c.v, c.teams, err, c.err)
		}
	}
}

func TestSettled(t *testing.T) {
	for _, c := range []struct {
		g       Game
		players int
		want    Game
	}{
		{Game{Variant: TwoHeadedGiant}, 4, Game{Variant: TwoHeadedGiant, SharedTurns: true}},
		{Game{Variant: GrandMelee}, 8, Game{Variant: GrandMelee, AttackLeft: true}},
		{Game{Variant: GrandMelee, AttackRight: true}, 8, Game{Variant: GrandMelee, AttackRight: true}},
		{Game{Variant: FreeForAll}, 3, Game{Variant: FreeForAll, AttackMultiple: true}},
		{Game{Variant: TeamVsTeam, AttackLeft: true}, 4, Game{Variant: TeamVsTeam, AttackLeft: true}},
		{Game{Casual: Commander}, 4, Game{Casual: Commander, Variant: FreeForAll, AttackMultiple: true}},
		{Game{Casual: Commander}, 2, Game{Casual: Commander}},
		{Game{Casual: Commander, Variant: TwoHeadedGiant}, 4, Game{Casual: Commander, Variant: TwoHeadedGiant, SharedTurns: true}},
		{Game{Casual: Archenemy, Variant: TeamVsTeam}, 4, Game{Casual: Archenemy, Variant: TeamVsTeam, AttackMultiple: true, SharedTurns: true}},
		{Game{Variant: Emperor}, 6, Game{Variant: Emperor}},
	} {
		if got := c.g.Settled(c.players); got != c.want {
			t.Errorf("%v with %d players: Settled() = %#v, want %#v", c.g, c.players, got, c.want)
		}
	}
}
