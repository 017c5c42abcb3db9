package combat

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// 509.1b's restrictions from keywords (702.9b flying and reach, 702.28b
// shadow) and 802.4a's: only the player attacked blocks.
func TestCheckEvasion(t *testing.T) {
	g := fakeGame{objs: map[ObjectID]creature{
		1:  {keywords: []string{"flying"}},
		2:  {keywords: []string{"shadow"}},
		3:  {},
		10: {},
		11: {keywords: []string{"reach"}},
		12: {keywords: []string{"flying", "shadow"}},
		4:  {keywords: []string{"horsemanship"}},
		13: {keywords: []string{"horsemanship"}},
	}}
	c := &Combat{Attackers: []Attacker{{ID: 1, Defender: 1}, {ID: 2, Defender: 1}, {ID: 3, Defender: 2}, {ID: 4, Defender: 1}}}
	for _, tc := range []struct {
		name string
		blk  ObjectID
		ctrl PlayerID
		atk  ObjectID
		off  []registry.Key
		want registry.Key
	}{
		{"flying, blocker without", 10, 1, 1, nil, registry.Flying},
		{"flying, blocker with reach", 11, 1, 1, nil, ""},
		{"flying switched off", 10, 1, 1, []registry.Key{registry.Flying}, ""},
		{"shadow, blocker without", 10, 1, 2, nil, registry.Block},
		{"shadow both", 12, 1, 2, nil, ""},
		{"a shadow blocker, attacker without", 12, 2, 3, nil, registry.Block},
		{"horsemanship, blocker without", 10, 1, 4, nil, registry.Horsemanship},
		{"horsemanship, blocker with", 13, 1, 4, nil, ""},
		{"horsemanship switched off", 10, 1, 4, []registry.Key{registry.Horsemanship}, ""},
		{"a horsemanship blocker, attacker without", 13, 2, 3, nil, ""},
		{"another player's attacker", 10, 1, 3, nil, registry.BlockAttacked},
		{"another player's attacker, 802.4a off", 10, 1, 3, []registry.Key{registry.BlockAttacked}, ""},
		{"its own player's attacker", 10, 2, 3, nil, ""},
	} {
		g.off = tc.off
		if got := keyOf(t, c.CheckEvasion(g, tc.blk, tc.ctrl, tc.atk)); got != tc.want {
			t.Errorf("%s: forbidden by %q, want %q", tc.name, got, tc.want)
		}
	}
}
