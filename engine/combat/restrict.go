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

// CheckEvasion checks the restrictions on creature blk, controlled by
// ctrl, blocking attacker atk that come from their keywords (509.1b),
// and that it blocks for the player attacked.
func (c *Combat) CheckEvasion(g Game, blk ObjectID, ctrl PlayerID, atk ObjectID) error {
	if g.HasKeyword(atk, "flying") && !g.HasKeyword(blk, "flying") && !g.HasKeyword(blk, "reach") && g.Applies(registry.Flying) { // 702.9b
		return g.RuleErr(registry.Flying, "%s has flying: only creatures with flying or reach can block it", g.Label(atk))
	}
	if g.HasKeyword(atk, "shadow") != g.HasKeyword(blk, "shadow") && g.Applies(registry.Block) { // 509.1b, 702.28b
		return g.RuleErr(registry.Block, "shadow: creatures with shadow block and are blocked only by creatures with shadow")
	}
	if g.HasKeyword(atk, "horsemanship") && !g.HasKeyword(blk, "horsemanship") && g.Applies(registry.Horsemanship) { // 702.31b
		return g.RuleErr(registry.Horsemanship, "%s has horsemanship: only creatures with horsemanship can block it", g.Label(atk))
	}
	at := c.Attacker(atk)
	if at != nil && at.Defender != ctrl && g.Applies(registry.BlockAttacked) { // 802.4a
		return g.RuleErr(registry.BlockAttacked, "%s attacks %s: only %s's creatures can block it", g.Label(atk), g.TargetText(at.Attacked()), g.Name(at.Defender))
	}
	return nil
}
