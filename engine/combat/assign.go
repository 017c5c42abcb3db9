package combat

import (
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Tramples reports whether an attacker's trample applies (702.19b).
func Tramples(g Game, id ObjectID) bool {
	// 702.19c: trample over planeswalkers is a variant of trample.
	return (g.HasKeyword(id, "trample") || g.HasKeyword(id, "trample over planeswalkers")) && g.Applies(registry.Trample)
}

// Lethal is the damage that is lethal to creature b for src's assignment
// (702.19b): its toughness less damage already marked and what assigned
// (damage assigned to each creature so far in this step) gives it; 1 from
// deathtouch.
func Lethal(g Game, b, src ObjectID, assigned map[ObjectID]int) int {
	// 702.2c: deathtouch makes 1 lethal, since M10; the triggered
	// deathtouch before it didn't change assignment.
	if g.HasKeyword(src, "deathtouch") && g.StaticDeathtouch() && g.Applies(registry.DeathtouchKW) {
		return 1
	}
	marked := g.Marked(b)
	if !g.Applies(registry.TrampleMarked) {
		marked = 0
	}
	return max(g.Toughness(b)-marked-assigned[b], 0)
}

// CheckAssignment checks the assignment an attacker's controller chose
// (510.1c, 702.19b): all the damage; to the player only with trample and
// after lethal damage to every blocker (those of at.Blockers still in the
// game). assigned is the damage assigned to each creature by the other
// assignments checked with it.
func (c *Combat) CheckAssignment(g Game, at Attacker, blockers []ObjectID, as *Assignment, assigned map[ObjectID]int) error {
	label, power := g.Label(at.ID), g.Power(at.ID)
	total, toPlayer, toController := 0, 0, 0
	got := map[ObjectID]int{}
	for i, tg := range as.To {
		if as.N[i] < 0 {
			return g.RuleErr(registry.Assign, "damage can't be negative")
		}
		total += as.N[i]
		switch {
		case tg == at.Attacked():
			if at.Blocked && !Tramples(g, at.ID) {
				return g.RuleErr(registry.Assign, "%s is blocked and has no trample: it can't assign damage to %s", label, g.TargetText(tg))
			}
			toPlayer += as.N[i]
			continue
		case tg.IsPlayer && at.Walker != 0 && tg.Player == at.Defender && g.HasKeyword(at.ID, "trample over planeswalkers"):
			// 702.19c: excess damage past the planeswalker's loyalty
			// may go to its controller.
			if !g.Applies(registry.TrampleWalkers) {
				return g.RuleErr(registry.Assign, "%s attacks %s: it can't assign damage to %s", label, g.Label(at.Walker), g.Name(tg.Player))
			}
			toController += as.N[i]
			continue
		case tg.IsPlayer:
			return g.RuleErr(registry.Assign, "%s doesn't attack %s: it can't assign damage to them", label, g.Name(tg.Player))
		}
		if !slices.Contains(at.Blockers, tg.Object) {
			return g.RuleErr(registry.Assign, "%s isn't blocking %s", g.TargetText(tg), label)
		}
		got[tg.Object] += as.N[i]
	}
	if toController > 0 {
		// 702.19c: damage at least equal to the planeswalker's loyalty is
		// assigned to it first, counting what other creatures assign to it
		// in this combat damage step.
		loyalty := g.Loyalty(at.Walker)
		if toPlayer+c.assignedElsewhere(g, at.ID, at.Walker) < loyalty {
			return g.RuleErr(registry.TrampleWalkers, "%s must be assigned damage at least equal to its loyalty (%d) before any goes to %s", g.Label(at.Walker), loyalty, g.Name(at.Defender))
		}
		toPlayer += toController
	}
	if total != power {
		return g.RuleErr(registry.Assign, "%s must assign all %d of its damage, not %d", label, power, total)
	}
	if err := checkOrder(g, at.ID, blockers, got, assigned, false); err != nil {
		return err
	}
	if toPlayer > 0 {
		var short []string
		for _, b := range blockers {
			if got[b] < Lethal(g, b, at.ID, assigned) {
				short = append(short, g.Label(b))
			}
		}
		if len(short) > 0 {
			return g.RuleErr(registry.Trample, "%s must assign lethal damage to %s before any to the player", label, strings.Join(short, " and "))
		}
	}
	return nil
}

// assignedElsewhere is the combat damage the attackers other than id
// assign to walker in this combat damage step: their stated assignments,
// or an unblocked attacker's whole power (702.19c counts it).
func (c *Combat) assignedElsewhere(g Game, id, walker ObjectID) int {
	n := 0
	for _, at := range c.Attackers {
		if at.ID == id {
			continue
		}
		if as := c.Chosen(at.ID); as != nil {
			for i, tg := range as.To {
				if !tg.IsPlayer && tg.Object == walker {
					n += as.N[i]
				}
			}
			continue
		}
		if !at.Blocked && at.Walker == walker {
			n += max(g.Power(at.ID), 0)
		}
	}
	return n
}

// CheckBlockerAssignment checks how a blocking creature divides its damage
// (510.1d): all of it, among the creatures it blocks (attackers, those
// still in the game, in its order); in editions with a damage assignment
// order (509.3, M10 to Foundations), lethal damage to each before any to
// the next.
func CheckBlockerAssignment(g Game, blocker ObjectID, attackers []ObjectID, as *Assignment, assigned map[ObjectID]int) error {
	label, power := g.Label(blocker), g.Power(blocker)
	total := 0
	got := map[ObjectID]int{}
	for i, tg := range as.To {
		if as.N[i] < 0 {
			return g.RuleErr(registry.AssignBlocking, "damage can't be negative")
		}
		if tg.IsPlayer || !slices.Contains(attackers, tg.Object) {
			return g.RuleErr(registry.AssignBlocking, "%s isn't blocking %s", label, g.TargetText(tg))
		}
		total += as.N[i]
		got[tg.Object] += as.N[i]
	}
	if total != power {
		return g.RuleErr(registry.AssignBlocking, "%s must assign all %d of its damage, not %d", label, power, total)
	}
	return checkOrder(g, blocker, attackers, got, assigned, true)
}

// checkOrder checks an assignment against the damage assignment order, in
// editions that have one (M10 to Foundations): no damage to a creature
// unless each one before it in the order is assigned lethal damage, for an
// attacker's blockers (510.1c, the order of 509.2) and a blocker's
// attackers (510.1d, the order of 509.3). Unless a player announced
// another (engine's AnnounceOrder), the order is the one the creatures
// were declared in. Other editions let the controller divide the damage as
// they choose (510.1c; 310.2c in 2007).
func checkOrder(g Game, id ObjectID, order []ObjectID, got, assigned map[ObjectID]int, blocking bool) error {
	k := registry.AssignBlocked
	if blocking {
		k = registry.AssignBlocking
	}
	if !g.DamageOrder() || !g.Applies(k) {
		return nil
	}
	for i, b := range order {
		if got[b] == 0 {
			continue
		}
		for _, before := range order[:i] {
			if got[before] < Lethal(g, before, id, assigned) {
				return g.RuleErr(k, "%s must assign lethal damage to %s before any to %s, the next in its damage assignment order", g.Label(id), g.Label(before), g.Label(b))
			}
		}
	}
	return nil
}

// FirstStrike reports whether an attacker or blocker has first or double
// strike (510.4).
func (c *Combat) FirstStrike(g Game) bool {
	if c == nil {
		return false
	}
	for _, a := range c.Attackers {
		for _, id := range append([]ObjectID{a.ID}, a.Blockers...) {
			if g.HasKeyword(id, "first strike") || g.HasKeyword(id, "double strike") {
				return true
			}
		}
	}
	return false
}

// Strikes reports whether creature id deals combat damage in this damage
// step, the first or the second (510.4, 702.7b, 702.4b): in the first,
// those with first or double strike; in the second, after a first, those
// that had neither as the first began (BeginFirstStrike) and those that
// have double strike now; with no first step, all.
func (c *Combat) Strikes(g Game, id ObjectID, first bool) bool {
	ds := g.HasKeyword(id, "double strike")
	if first {
		return ds || g.HasKeyword(id, "first strike")
	}
	if !c.firstStep {
		return true
	}
	return ds || !slices.Contains(c.struck, id)
}

// AttackerDefault is how an attacker that's blocked assigns its damage
// (power) when its controller said nothing: lethal damage to each blocker
// in order, the rest to the last one, or with trample to what it attacks
// (510.1c, 702.19b). It adds what it assigns each blocker to assigned.
func AttackerDefault(g Game, at Attacker, blockers []ObjectID, power int, assigned map[ObjectID]int) Assignment {
	as := Assignment{Attacker: at.ID}
	left := power
	for i, b := range blockers {
		n := min(left, Lethal(g, b, at.ID, assigned))
		if i == len(blockers)-1 && !Tramples(g, at.ID) {
			n = left
		}
		if n > 0 {
			as.To, as.N = append(as.To, cardtext.ObjectTarget(b)), append(as.N, n)
			assigned[b] += n
		}
		left -= n
	}
	if left > 0 {
		as.To, as.N = append(as.To, at.Attacked()), append(as.N, left)
	}
	return as
}

// BlockerDefault is how a blocker divides its damage (power) among the
// attackers it blocks when its controller said nothing (510.1d): lethal
// damage to each in the order it blocked them, the rest to the last. It
// adds what it assigns each to assigned.
func BlockerDefault(g Game, blocker ObjectID, attackers []ObjectID, power int, assigned map[ObjectID]int) Assignment {
	as := Assignment{Attacker: blocker}
	left := power
	for i, a := range attackers {
		n := min(left, Lethal(g, a, blocker, assigned))
		if i == len(attackers)-1 {
			n = left
		}
		if n > 0 {
			as.To, as.N = append(as.To, cardtext.ObjectTarget(a)), append(as.N, n)
			assigned[a] += n
		}
		left -= n
	}
	return as
}
