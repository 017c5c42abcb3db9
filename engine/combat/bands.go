package combat

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// CheckBands checks attacking bands as they're declared (702.22c): each
// one or more creatures with banding and up to one without, each creature
// in one band only, all attacking the same player or planeswalker
// (702.22d). ids are the attackers declared, each a creature in the game,
// and at what each attacks.
func CheckBands(g Game, bands [][]ObjectID, ids []ObjectID, at []Target) error {
	seen := map[ObjectID]bool{}
	for _, band := range bands {
		with, without := 0, 0
		var to *Target
		for _, id := range band {
			i := slices.Index(ids, id)
			if i < 0 || seen[id] {
				return g.RuleErr(registry.Attack, "a band is made of attacking creatures, each in one band only")
			}
			seen[id] = true
			if g.HasKeyword(id, "banding") {
				with++
			} else {
				without++
			}
			if to != nil && *to != at[i] {
				return g.RuleErr(registry.Attack, "all creatures in a band attack the same player or planeswalker (702.22d)")
			}
			to = &at[i]
		}
		if with == 0 || without > 1 {
			return g.RuleErr(registry.Attack, "a band is one or more creatures with banding and up to one without (702.22c)")
		}
	}
	return nil
}

// BandBlock is a block 702.22h makes: Blocker blocks Attacker because it
// blocks Mate, in the same band.
type BandBlock struct {
	Blocker, Attacker, Mate ObjectID
}

// BandBlocked makes the blocks of 702.22h and returns them: if an
// attacking creature becomes blocked by a creature, each other creature in
// the same band becomes blocked by that same blocking creature.
func (c *Combat) BandBlocked() []BandBlock {
	var out []BandBlock
	for i := range c.Attackers {
		at := &c.Attackers[i]
		if at.Band == 0 {
			continue
		}
		for j := range c.Attackers {
			mate := &c.Attackers[j]
			if j == i || mate.Band != at.Band {
				continue
			}
			for _, b := range at.Blockers {
				if slices.Contains(mate.Blockers, b) {
					continue
				}
				mate.Blockers = append(mate.Blockers, b)
				mate.Blocked = true
				out = append(out, BandBlock{Blocker: b, Attacker: mate.ID, Mate: at.ID})
			}
		}
	}
	return out
}
