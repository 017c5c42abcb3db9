package combat

import (
	"errors"
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

var (
	obj = cardtext.ObjectTarget
	pl  = cardtext.PlayerTarget
)

// keyOf is the rule that forbade an assignment ("" if none did).
func keyOf(t *testing.T, err error) registry.Key {
	t.Helper()
	if err == nil {
		return ""
	}
	var re *ruleErr
	if !errors.As(err, &re) {
		t.Fatalf("not a rule's error: %v", err)
	}
	return re.key
}

// Attacker 1 (5 power) attacks player 1 and is blocked by 10 (2/2) and 11
// (2/3, 1 damage marked); walker 20 has loyalty 3.
func assignGame() fakeGame {
	return fakeGame{objs: map[ObjectID]creature{
		1:  {power: 5},
		10: {power: 1, toughness: 2},
		11: {power: 1, toughness: 3, damage: 1},
		20: {loyalty: 3},
	}, static: true}
}

func TestCheckAssignment(t *testing.T) {
	blocked := Attacker{ID: 1, Defender: 1, Blockers: []ObjectID{10, 11}, Blocked: true}
	for _, tc := range []struct {
		name     string
		kw       []string // the attacker's keywords
		order    bool
		off      []registry.Key
		at       Attacker
		to       []Target
		n        []int
		assigned map[ObjectID]int
		want     registry.Key // the rule that forbids it; "" if allowed
	}{
		{name: "all damage to blockers", at: blocked, to: []Target{obj(10), obj(11)}, n: []int{3, 2}},
		{name: "not all the damage (510.1c)", at: blocked, to: []Target{obj(10), obj(11)}, n: []int{2, 2}, want: registry.Assign},
		{name: "more than its power", at: blocked, to: []Target{obj(10), obj(11)}, n: []int{3, 3}, want: registry.Assign},
		{name: "negative damage", at: blocked, to: []Target{obj(10), obj(11)}, n: []int{6, -1}, want: registry.Assign},
		{name: "a creature not blocking it", at: blocked, to: []Target{obj(10), obj(12)}, n: []int{3, 2}, want: registry.Assign},
		{name: "to the player without trample", at: blocked, to: []Target{obj(10), obj(11), pl(1)}, n: []int{2, 2, 1}, want: registry.Assign},
		{name: "to another player", at: blocked, kw: []string{"trample"}, to: []Target{obj(10), obj(11), pl(2)}, n: []int{2, 2, 1}, want: registry.Assign},
		// 702.19b: lethal damage to each blocker first; 11's is 2, its
		// marked damage counted.
		{name: "trample after lethal damage", at: blocked, kw: []string{"trample"}, to: []Target{obj(10), obj(11), pl(1)}, n: []int{2, 2, 1}},
		{name: "trample before lethal damage", at: blocked, kw: []string{"trample"}, to: []Target{obj(10), obj(11), pl(1)}, n: []int{2, 1, 2}, want: registry.Trample},
		// Without 702.19b's marked damage, lethal for 11 is 3.
		{name: "trample, marked damage not counted", at: blocked, kw: []string{"trample"}, off: []registry.Key{registry.TrampleMarked},
			to: []Target{obj(10), obj(11), pl(1)}, n: []int{2, 2, 1}, want: registry.Trample},
		// Damage other creatures assign counts toward lethal (702.19b).
		{name: "trample counting others' assignments", at: blocked, kw: []string{"trample"}, assigned: map[ObjectID]int{10: 2},
			to: []Target{obj(11), pl(1)}, n: []int{2, 3}},
		{name: "trample switched off", at: blocked, kw: []string{"trample"}, off: []registry.Key{registry.Trample},
			to: []Target{obj(10), obj(11), pl(1)}, n: []int{2, 2, 1}, want: registry.Assign},
		// 702.2c: deathtouch makes 1 lethal.
		{name: "trample and deathtouch", at: blocked, kw: []string{"trample", "deathtouch"}, to: []Target{obj(10), obj(11), pl(1)}, n: []int{1, 1, 3}},
		{name: "deathtouch switched off", at: blocked, kw: []string{"trample", "deathtouch"}, off: []registry.Key{registry.DeathtouchKW},
			to: []Target{obj(10), obj(11), pl(1)}, n: []int{1, 1, 3}, want: registry.Trample},
		// 510.1c in the editions with a damage assignment order: none to
		// 11 until 10 is assigned lethal damage.
		{name: "out of order", order: true, at: blocked, to: []Target{obj(10), obj(11)}, n: []int{1, 4}, want: registry.AssignBlocked},
		{name: "in order", order: true, at: blocked, to: []Target{obj(10), obj(11)}, n: []int{2, 3}},
		{name: "out of order, no order in the edition", at: blocked, to: []Target{obj(10), obj(11)}, n: []int{1, 4}},
		{name: "out of order, 510.1c off", order: true, off: []registry.Key{registry.AssignBlocked}, at: blocked, to: []Target{obj(10), obj(11)}, n: []int{1, 4}},
		// 702.19c: trample over planeswalkers: the excess past its
		// loyalty to the planeswalker's controller.
		{name: "over a planeswalker", kw: []string{"trample over planeswalkers"}, at: Attacker{ID: 1, Defender: 1, Walker: 20},
			to: []Target{obj(20), pl(1)}, n: []int{3, 2}},
		{name: "over a planeswalker, short of its loyalty", kw: []string{"trample over planeswalkers"}, at: Attacker{ID: 1, Defender: 1, Walker: 20},
			to: []Target{obj(20), pl(1)}, n: []int{2, 3}, want: registry.TrampleWalkers},
		{name: "over a planeswalker, 702.19c off", kw: []string{"trample over planeswalkers"}, off: []registry.Key{registry.TrampleWalkers},
			at: Attacker{ID: 1, Defender: 1, Walker: 20}, to: []Target{obj(20), pl(1)}, n: []int{3, 2}, want: registry.Assign},
		{name: "plain trample attacking a planeswalker", kw: []string{"trample"}, at: Attacker{ID: 1, Defender: 1, Walker: 20},
			to: []Target{obj(20), pl(1)}, n: []int{3, 2}, want: registry.Assign},
	} {
		g := assignGame()
		a := g.objs[1]
		a.keywords = tc.kw
		g.objs[1] = a
		g.order, g.off = tc.order, tc.off
		c := &Combat{Attackers: []Attacker{tc.at}}
		assigned := tc.assigned
		if assigned == nil {
			assigned = map[ObjectID]int{}
		}
		err := c.CheckAssignment(g, tc.at, tc.at.Blockers, &Assignment{Attacker: 1, To: tc.to, N: tc.n}, assigned)
		if got := keyOf(t, err); got != tc.want {
			t.Errorf("%s: forbidden by %q (%v), want %q", tc.name, got, err, tc.want)
		}
	}
}

// 702.19c: what other attackers assign to the planeswalker counts toward
// its loyalty: their chosen assignments, or an unblocked one's power.
func TestTrampleOverWalkersCountsOthers(t *testing.T) {
	g := assignGame()
	g.objs[1] = creature{power: 5, keywords: []string{"trample over planeswalkers"}}
	g.objs[2] = creature{power: 2}
	at := Attacker{ID: 1, Defender: 1, Walker: 20}
	as := &Assignment{Attacker: 1, To: []Target{obj(20), pl(1)}, N: []int{1, 4}}
	for _, tc := range []struct {
		name  string
		other Attacker
		chose *Assignment
		want  registry.Key
	}{
		{"an unblocked attacker's power", Attacker{ID: 2, Defender: 1, Walker: 20}, nil, ""},
		{"a blocked attacker assigns none", Attacker{ID: 2, Defender: 1, Walker: 20, Blocked: true}, nil, registry.TrampleWalkers},
		{"one attacking the player", Attacker{ID: 2, Defender: 1}, nil, registry.TrampleWalkers},
		{"a chosen assignment", Attacker{ID: 2, Defender: 1, Walker: 20}, &Assignment{Attacker: 2, To: []Target{obj(20)}, N: []int{1}}, registry.TrampleWalkers},
	} {
		c := &Combat{Attackers: []Attacker{at, tc.other}}
		if tc.chose != nil {
			c.Choose(*tc.chose)
		}
		if got := keyOf(t, c.CheckAssignment(g, at, nil, as, map[ObjectID]int{})); got != tc.want {
			t.Errorf("%s: forbidden by %q, want %q", tc.name, got, tc.want)
		}
	}
}

// 510.1d: a blocker divides its damage among the attackers it blocks.
func TestCheckBlockerAssignment(t *testing.T) {
	g := fakeGame{objs: map[ObjectID]creature{
		10: {power: 4},
		1:  {toughness: 3},
		2:  {toughness: 2},
	}}
	for _, tc := range []struct {
		name  string
		order bool
		to    []Target
		n     []int
		want  registry.Key
	}{
		{name: "all of it", to: []Target{obj(1), obj(2)}, n: []int{1, 3}},
		{name: "not all", to: []Target{obj(1), obj(2)}, n: []int{1, 2}, want: registry.AssignBlocking},
		{name: "negative", to: []Target{obj(1), obj(2)}, n: []int{5, -1}, want: registry.AssignBlocking},
		{name: "to a player", to: []Target{obj(1), pl(0)}, n: []int{3, 1}, want: registry.AssignBlocking},
		{name: "to a creature it doesn't block", to: []Target{obj(1), obj(3)}, n: []int{3, 1}, want: registry.AssignBlocking},
		{name: "out of order (509.3)", order: true, to: []Target{obj(1), obj(2)}, n: []int{1, 3}, want: registry.AssignBlocking},
		{name: "in order", order: true, to: []Target{obj(1), obj(2)}, n: []int{3, 1}},
	} {
		g.order = tc.order
		err := CheckBlockerAssignment(g, 10, []ObjectID{1, 2}, &Assignment{Attacker: 10, To: tc.to, N: tc.n}, map[ObjectID]int{})
		if got := keyOf(t, err); got != tc.want {
			t.Errorf("%s: forbidden by %q (%v), want %q", tc.name, got, err, tc.want)
		}
	}
}

// When its controller says nothing, an attacker assigns lethal damage to
// each blocker in order and the rest to the last, or with trample to what
// it attacks (510.1c, 702.19b); a blocker likewise among the attackers
// (510.1d).
func TestDefaultAssignments(t *testing.T) {
	at := Attacker{ID: 1, Defender: 1, Blockers: []ObjectID{10, 11}, Blocked: true}
	for _, tc := range []struct {
		name     string
		power    int
		kw       []string
		assigned map[ObjectID]int
		to       []Target
		n        []int
	}{
		{name: "the rest to the last", power: 5, to: []Target{obj(10), obj(11)}, n: []int{2, 3}},
		{name: "too little for the second", power: 3, to: []Target{obj(10), obj(11)}, n: []int{2, 1}},
		{name: "trample's excess to the player", power: 5, kw: []string{"trample"}, to: []Target{obj(10), obj(11), pl(1)}, n: []int{2, 2, 1}},
		{name: "others' damage counts", power: 5, kw: []string{"trample"}, assigned: map[ObjectID]int{10: 2}, to: []Target{obj(11), pl(1)}, n: []int{2, 3}},
		{name: "deathtouch and trample", power: 5, kw: []string{"trample", "deathtouch"}, to: []Target{obj(10), obj(11), pl(1)}, n: []int{1, 1, 3}},
	} {
		g := assignGame()
		g.objs[1] = creature{power: tc.power, keywords: tc.kw}
		assigned := tc.assigned
		if assigned == nil {
			assigned = map[ObjectID]int{}
		}
		before := assigned[11]
		as := AttackerDefault(g, at, at.Blockers, tc.power, assigned)
		if !slices.Equal(as.To, tc.to) || !slices.Equal(as.N, tc.n) {
			t.Errorf("%s: assigned %v %v, want %v %v", tc.name, as.To, as.N, tc.to, tc.n)
		}
		if i := slices.Index(as.To, obj(11)); i >= 0 && assigned[11] != before+as.N[i] {
			t.Errorf("%s: assigned[11] is %d, want %d", tc.name, assigned[11], before+as.N[i])
		}
	}
	g := assignGame()
	g.objs[12] = creature{power: 3}
	as := BlockerDefault(g, 12, []ObjectID{10, 11}, 3, map[ObjectID]int{})
	if !slices.Equal(as.To, []Target{obj(10), obj(11)}) || !slices.Equal(as.N, []int{2, 1}) {
		t.Errorf("the blocker assigned %v %v, want 2 to #10 and 1 to #11", as.To, as.N)
	}
}

// 510.4: with a first or double striker in combat, a creature deals damage
// in the first step if it has first or double strike, and in the second
// if it has double strike now or had neither as the first step began.
func TestStrikes(t *testing.T) {
	g := fakeGame{objs: map[ObjectID]creature{
		1:  {keywords: []string{"first strike"}},
		2:  {keywords: []string{"double strike"}},
		3:  {},
		4:  {keywords: []string{"first strike"}},
		10: {},
	}}
	c := &Combat{Attackers: []Attacker{{ID: 1}, {ID: 2}, {ID: 3}, {ID: 4}}}
	c.AddBlock(10, 3)
	c.BeginFirstStrike(g)
	// After the first step, 4 loses first strike and 3 gains it.
	g.objs[4] = creature{}
	g.objs[3] = creature{keywords: []string{"first strike"}}
	for _, tc := range []struct {
		id    ObjectID
		later bool
	}{{1, false}, {2, true}, {3, true}, {4, false}, {10, true}} {
		if got := c.Strikes(g, tc.id, false); got != tc.later {
			t.Errorf("%d strikes in the second step: %v", tc.id, got)
		}
	}
	for _, tc := range []struct {
		id    ObjectID
		first bool
	}{{1, true}, {2, true}, {3, true}, {4, false}, {10, false}} {
		if got := c.Strikes(g, tc.id, true); got != tc.first {
			t.Errorf("%d strikes in a first step now: %v", tc.id, got)
		}
	}
	g.objs[3] = creature{}
	plain := &Combat{Attackers: []Attacker{{ID: 3}}}
	if plain.FirstStrike(g) || !plain.Strikes(g, 3, false) {
		t.Errorf("without first strike, one step: all creatures strike in it")
	}
	if (*Combat)(nil).FirstStrike(g) {
		t.Errorf("no combat has first strike")
	}
}
