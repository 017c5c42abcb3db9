package combat

import (
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// A combat of two attackers: 1 attacks player 1 and is blocked by 10 and
// 11; 2 attacks planeswalker 20 (player 1's) and is blocked by 10.
func twoAttackers() *Combat {
	c := &Combat{Attackers: []Attacker{{ID: 1, Defender: 1}, {ID: 2, Defender: 1, Walker: 20}}}
	c.AddBlock(10, 1)
	c.AddBlock(11, 1)
	c.AddBlock(10, 2)
	return c
}

func TestRemove(t *testing.T) {
	for _, tc := range []struct {
		name      string
		remove    ObjectID
		attackers []ObjectID
		blockers  map[ObjectID][]ObjectID
	}{
		{"an attacker", 1, []ObjectID{2}, map[ObjectID][]ObjectID{2: {10}}},
		{"a blocker of two", 10, []ObjectID{1, 2}, map[ObjectID][]ObjectID{1: {11}, 2: nil}},
		{"not in combat", 99, []ObjectID{1, 2}, map[ObjectID][]ObjectID{1: {10, 11}, 2: {10}}},
	} {
		c := twoAttackers()
		c.Remove(tc.remove)
		var ids []ObjectID
		for _, a := range c.Attackers {
			ids = append(ids, a.ID)
			if !slices.Equal(a.Blockers, tc.blockers[a.ID]) {
				t.Errorf("%s: %d's blockers are %v, want %v", tc.name, a.ID, a.Blockers, tc.blockers[a.ID])
			}
			// 509.1h: a blocked creature stays blocked when its blockers go.
			if !a.Blocked {
				t.Errorf("%s: %d is no longer blocked", tc.name, a.ID)
			}
		}
		if !slices.Equal(ids, tc.attackers) {
			t.Errorf("%s: attackers %v, want %v", tc.name, ids, tc.attackers)
		}
	}
}

func TestCloneIsApart(t *testing.T) {
	c := twoAttackers()
	c.Declare([]ObjectID{5}, []Target{cardtext.PlayerTarget(1)}, nil)
	d := c.Clone()
	d.Attackers[0].Blockers[0] = 99
	d.Remove(2)
	d.Choose(Assignment{Attacker: 1})
	if c.Attackers[0].Blockers[0] != 10 || len(c.Attackers) != 2 || c.Chosen(1) != nil {
		t.Errorf("changing the clone changed the original: %+v", *c)
	}
	if ids, _, _ := d.TakeDeclared(); !slices.Equal(ids, []ObjectID{5}) {
		t.Errorf("the clone lost the pending declaration: %v", ids)
	}
	if ids, _, _ := c.TakeDeclared(); !slices.Equal(ids, []ObjectID{5}) {
		t.Errorf("taking the clone's declaration took the original's: %v", ids)
	}
}

func TestQueries(t *testing.T) {
	c := twoAttackers()
	for _, tc := range []struct {
		name      string
		got, want bool
	}{
		{"1 attacks", c.IsAttacking(1), true},
		{"10 doesn't attack", c.IsAttacking(10), false},
		{"10 blocks", c.IsBlocking(10), true},
		{"1 doesn't block", c.IsBlocking(1), false},
		{"11 blocks 1", c.IsBlockingIt(11, 1), true},
		{"11 doesn't block 2", c.IsBlockingIt(11, 2), false},
		{"no combat: no attacker", (*Combat)(nil).Attacker(1) == nil, true},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v", tc.name, tc.got)
		}
	}
	if got := c.Attacker(2).Attacked(); got != cardtext.ObjectTarget(20) {
		t.Errorf("2 attacks %+v, want the planeswalker", got)
	}
	if got := c.Attacker(1).Attacked(); got != cardtext.PlayerTarget(1) {
		t.Errorf("1 attacks %+v, want player 1", got)
	}
	if got := c.Defending([]PlayerID{0, 1, 2}); !slices.Equal(got, []PlayerID{1}) {
		t.Errorf("defending %v, want [1]", got)
	}
}

// Blocks lists each blocker with the attackers it blocks, in the order it
// blocked them unless an order was announced (509.3); an attacker removed
// from combat leaves the announced order (509.3a).
func TestBlocksOrder(t *testing.T) {
	c := twoAttackers()
	want := []Block{{Blocker: 10, Attackers: []ObjectID{1, 2}}, {Blocker: 11, Attackers: []ObjectID{1}}}
	if got := c.Blocks(); !blocksEqual(got, want) {
		t.Errorf("blocks %+v, want %+v", got, want)
	}
	c.SetOrder(10, []ObjectID{2, 1})
	want[0].Attackers = []ObjectID{2, 1}
	if got := c.Blocks(); !blocksEqual(got, want) {
		t.Errorf("after the order: blocks %+v, want %+v", got, want)
	}
	c.Remove(2)
	want = []Block{{Blocker: 10, Attackers: []ObjectID{1}}, {Blocker: 11, Attackers: []ObjectID{1}}}
	if got := c.Blocks(); !blocksEqual(got, want) {
		t.Errorf("after 2 left: blocks %+v, want %+v", got, want)
	}
}

func blocksEqual(a, b []Block) bool {
	return slices.EqualFunc(a, b, func(x, y Block) bool { return x.Blocker == y.Blocker && slices.Equal(x.Attackers, y.Attackers) })
}

// Blocks are made once every defending player has declared theirs (802.4).
func TestDeclareBlocks(t *testing.T) {
	c := twoAttackers()
	c.DeclareBlocks(1, [][2]ObjectID{{12, 2}})
	if !c.HasDeclared(1) || c.HasDeclared(2) {
		t.Fatalf("declared: 1 %v, 2 %v", c.HasDeclared(1), c.HasDeclared(2))
	}
	if c.IsBlocking(12) {
		t.Errorf("12 blocks before the step began")
	}
	if got := c.TakeBlocks(); len(got) != 1 || got[0] != [2]ObjectID{12, 2} {
		t.Errorf("blocks taken %v", got)
	}
	if c.HasDeclared(1) || c.TakeBlocks() != nil {
		t.Errorf("taking the blocks left them pending")
	}
}

func TestChooseReplaces(t *testing.T) {
	c := &Combat{}
	c.Choose(Assignment{Attacker: 1, To: []Target{cardtext.ObjectTarget(10)}, N: []int{2}})
	c.Choose(Assignment{Attacker: 2, N: []int{1}})
	c.Choose(Assignment{Attacker: 1, To: []Target{cardtext.ObjectTarget(11)}, N: []int{3}})
	if len(c.Assign) != 2 || c.Chosen(1).N[0] != 3 || c.Chosen(2).N[0] != 1 || c.Chosen(3) != nil {
		t.Errorf("assignments %+v", c.Assign)
	}
	m := map[ObjectID]int{}
	c.Chosen(1).Count(m, 1)
	c.Chosen(1).Count(m, 1)
	c.Chosen(1).Count(m, -1)
	if m[11] != 3 || len(m) != 1 {
		t.Errorf("counted %v, want 3 to 11", m)
	}
}

// 802.2a: an attacking creature's abilities mean the player it attacks;
// without that rule, every defending player.
func TestDefendingFor(t *testing.T) {
	c := &Combat{Attackers: []Attacker{{ID: 1, Defender: 1}, {ID: 2, Defender: 2}}}
	apnap := []PlayerID{0, 1, 2}
	if got := c.DefendingFor(fakeGame{}, 2, apnap); !slices.Equal(got, []PlayerID{2}) {
		t.Errorf("2's defending player: %v, want [2]", got)
	}
	off := fakeGame{off: []registry.Key{registry.DefendingOne}}
	if got := c.DefendingFor(off, 2, apnap); !slices.Equal(got, []PlayerID{1, 2}) {
		t.Errorf("2's defending players without 802.2a: %v, want [1 2]", got)
	}
	if got := c.DefendingFor(fakeGame{}, 9, apnap); got != nil {
		t.Errorf("a creature not attacking has defending players %v", got)
	}
}
