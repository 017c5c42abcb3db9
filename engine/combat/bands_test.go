package combat

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// 702.22c, 702.22d: a band is one or more creatures with banding and up to
// one without, each in one band, all attacking the same thing.
func TestCheckBands(t *testing.T) {
	g := fakeGame{objs: map[ObjectID]creature{
		1: {keywords: []string{"banding"}}, 2: {keywords: []string{"banding"}}, 3: {}, 4: {},
	}}
	ids := []ObjectID{1, 2, 3, 4}
	same := []Target{pl(1), pl(1), pl(1), pl(1)}
	for _, tc := range []struct {
		name  string
		bands [][]ObjectID
		at    []Target
		bad   bool
	}{
		{"two with banding and one without", [][]ObjectID{{1, 2, 3}}, same, false},
		{"two without", [][]ObjectID{{1, 3, 4}}, same, true},
		{"none with banding", [][]ObjectID{{3}}, same, true},
		{"in two bands", [][]ObjectID{{1, 3}, {2, 3}}, same, true},
		{"not attacking", [][]ObjectID{{1, 9}}, same, true},
		{"attacking different players", [][]ObjectID{{1, 3}}, []Target{pl(1), pl(1), pl(2), pl(1)}, true},
	} {
		err := CheckBands(g, tc.bands, ids, tc.at)
		if (err != nil) != tc.bad || err != nil && keyOf(t, err) != registry.Attack {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// 702.22h: a creature blocking one creature in a band blocks each other.
func TestBandBlocked(t *testing.T) {
	c := &Combat{Attackers: []Attacker{{ID: 1, Band: 1}, {ID: 2, Band: 1}, {ID: 3}}}
	c.AddBlock(10, 1)
	got := c.BandBlocked()
	if len(got) != 1 || got[0] != (BandBlock{Blocker: 10, Attacker: 2, Mate: 1}) {
		t.Errorf("band blocks %+v", got)
	}
	if !c.IsBlockingIt(10, 2) || !c.Attacker(2).Blocked || c.IsBlockingIt(10, 3) {
		t.Errorf("after the band's blocks: %+v", c.Attackers)
	}
	if again := c.BandBlocked(); len(again) != 0 {
		t.Errorf("the blocks were made again: %+v", again)
	}
}
