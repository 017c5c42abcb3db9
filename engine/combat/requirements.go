package combat

// Combat requirements (508.1d, 509.1c): "attacks each combat if able" and
// "blocks each combat if able". A declaration must obey as many
// requirements as any declaration that breaks no restriction could; the
// most is found by trying every declaration, which is cheap for the
// handful of creatures a scenario has.

// MaxRequirementCreatures and MaxRequirementTries bound the search:
// beyond them, requirements aren't checked (no printed example comes
// near). The blocks' count of declarations grows as (attackers+1) to the
// power of the blockers, so it is bounded by that count, not the
// creatures': a scenario text anyone can post must not stall a run.
const (
	MaxRequirementCreatures = 12
	MaxRequirementTries     = 1 << 12
)

// MostAttackObeyed is the most of the requirements to attack (must: the
// creatures required to) that an attack by some of able obeys among those
// allowed (breaking no restriction, 508.1c); ok is false when able is
// past the search's bound.
func MostAttackObeyed(must, able []ObjectID, allowed func([]ObjectID) bool) (best int, ok bool) {
	if len(able) > MaxRequirementCreatures {
		return 0, false
	}
	for set := 0; set < 1<<len(able); set++ {
		var try []ObjectID
		for i, id := range able {
			if set&(1<<i) != 0 {
				try = append(try, id)
			}
		}
		if allowed(try) {
			best = max(best, Obeyed(must, try))
		}
	}
	return best, true
}

// BlockOption is a creature that could block and the attackers it could
// block.
type BlockOption struct {
	Blocker   ObjectID
	Attackers []ObjectID
}

// MostBlockObeyed is the most of the requirements to block (must: the
// creatures required to) that blocks made from opts obey among those
// allowed (breaking no restriction, 509.1b); ok is false when the
// declarations to try are past the search's bound.
func MostBlockObeyed(must []ObjectID, opts []BlockOption, allowed func([][2]ObjectID) bool) (best int, ok bool) {
	tries := 1
	for _, op := range opts {
		if tries *= len(op.Attackers) + 1; tries > MaxRequirementTries {
			return 0, false
		}
	}
	var try [][2]ObjectID
	var search func(i int)
	search = func(i int) {
		if i == len(opts) {
			if allowed(try) {
				best = max(best, Obeyed(must, Blockers(try)))
			}
			return
		}
		search(i + 1) // this creature doesn't block
		for _, at := range opts[i].Attackers {
			try = append(try, [2]ObjectID{opts[i].Blocker, at})
			search(i + 1)
			try = try[:len(try)-1]
		}
	}
	search(0)
	return best, true
}

// Blockers lists the blocking creatures of blocks (blocker, attacker
// pairs), one for each pair.
func Blockers(blocks [][2]ObjectID) []ObjectID {
	var out []ObjectID
	for _, b := range blocks {
		out = append(out, b[0])
	}
	return out
}

// Obeyed counts the requirements whose creature (must) is among ids.
func Obeyed(must, ids []ObjectID) int {
	n := 0
	for _, m := range must {
		for _, id := range ids {
			if id == m {
				n++
				break
			}
		}
	}
	return n
}
