package combat

import "github.com/arbiter-rules/arbiter/engine/registry"

// CheckMenace checks the restriction menace puts on the blocks as a whole
// (509.1b; 702.111b: two or more blockers, or none).
func (c *Combat) CheckMenace(g Game, blocks [][2]ObjectID) error {
	for _, at := range c.Attackers {
		n := 0
		for _, b := range blocks {
			if b[1] == at.ID {
				n++
			}
		}
		if n == 1 && g.HasKeyword(at.ID, "menace") {
			return g.RuleErr(registry.Block, "%s has menace: it can't be blocked except by two or more creatures", g.Label(at.ID))
		}
	}
	return nil
}
