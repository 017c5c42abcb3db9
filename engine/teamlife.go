package engine

import (
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// Shared life totals (Two-Headed Giant, 810.4, 810.9; 606 in the 2005–2009
// texts): each team has one life total. A player's own life field is then
// what happens to them alone; the team's total is what the rules mean by
// the player's life total.

// Shared is a team's shared life total (810.4), indexed in State.Shared by
// the team's number (Player.Team).
type Shared struct {
	Life int
	// Start is the team's starting life total (103.4a, 810.4): a team
	// member's "starting life total".
	Start int
}

// SharesLife reports whether p's team has a shared life total.
func (s *State) SharesLife(p PlayerID) bool {
	t := s.Players[p].Team
	return t >= 0 && t < len(s.Shared)
}

// TeamLife is the shared life total of p's team, or p's own life total if
// the team has none.
func (s *State) TeamLife(p PlayerID) int {
	if s.SharesLife(p) {
		return s.Shared[s.Players[p].Team].Life
	}
	return s.Players[p].Life
}

// startingLife is p's starting life total (103.4): the game's, as their
// vanguard card modifies it (103.4b), or in a Two-Headed Giant game their
// team's (103.4a).
func (t *tx) startingLife(p PlayerID) int {
	if t.s.SharesLife(p) && t.applies(registry.TeamStartLife) {
		return t.s.Shared[t.s.Players[p].Team].Start
	}
	n := t.s.StartLife
	if t.applies(registry.VanguardLife) {
		for _, o := range t.s.vanguards(p) {
			n += o.Card.LifeMod
		}
	}
	return n
}

// LifeTotal is p's life total as a page shows it: the team's shared total
// in a game with one, else p's own.
func (s *State) LifeTotal(p PlayerID) int { return s.TeamLife(p) }

// addLife changes p's life by n (119.3) and returns the total it changed:
// damage, loss and gain happen to each player individually, and the
// result is applied to the team's shared life total (810.9).
func (t *tx) addLife(p PlayerID, n int) int {
	t.s.Players[p].Life += n
	if t.s.SharesLife(p) && t.applies(registry.TeamLifeApply) {
		sh := &t.s.Shared[t.s.Players[p].Team]
		sh.Life += n
		return sh.Life
	}
	return t.s.Players[p].Life
}

// lifeOf is the value of p's life total a cost or effect uses: with a
// shared life total, the team's (810.9a), or in the texts before 2010 the
// team's divided by two, rounded up (606.9a); else p's own.
func (t *tx) lifeOf(p PlayerID) int {
	if !t.s.SharesLife(p) || !t.applies(registry.TeamLifeValue) {
		return t.s.Players[p].Life
	}
	life := t.s.TeamLife(p)
	if t.ed.TeamLifeHalf {
		return variants.MemberLife(life)
	}
	return life
}

// setLife makes p's life total become n (119.5): p gains or loses the
// difference. With a shared life total, the difference is taken from the
// value the rules give p's life total (810.9c), and the team's total
// changes by it; in the texts before 2010, p's individual total (the
// team's halved) becomes n and the team's changes by as much (606.9c).
// Without that rule, it is taken from p's own life field.
func (t *tx) setLife(p PlayerID, n int, key registry.Key) error {
	from := t.s.Players[p].Life
	if t.s.SharesLife(p) && t.applies(registry.TeamLifeSet) {
		from = t.lifeOf(p)
	}
	return t.life(p, n-from, key, "")
}

// setLifeEach makes the life total of each of ps become n(p) at once
// (119.5): the differences are all taken from the life totals before any
// changes. On a team with a shared life total, only one member, whom the
// team chooses, is affected (810.9d); in the texts before 2010 the team's
// total becomes the sum of its members' new totals (606.9b).
func (t *tx) setLifeEach(ps []PlayerID, n func(PlayerID) int, chooser func(team []PlayerID) (PlayerID, error)) error {
	type change struct {
		p     PlayerID
		delta int
	}
	var all []change
	done := map[int]bool{}
	for _, p := range ps {
		if !t.s.SharesLife(p) || !t.applies(registry.TeamLifeSetEach) {
			from := t.s.Players[p].Life
			if t.s.SharesLife(p) && t.applies(registry.TeamLifeSet) {
				from = t.lifeOf(p)
			}
			all = append(all, change{p, n(p) - from})
			continue
		}
		team := t.s.Players[p].Team
		if done[team] {
			continue
		}
		done[team] = true
		var members []PlayerID
		for _, q := range ps {
			if t.s.Players[q].Team == team {
				members = append(members, q)
			}
		}
		if t.ed.TeamSetSum {
			// 606.9b: the team's total becomes the sum of the numbers.
			sum := 0
			for _, q := range members {
				sum += n(q)
			}
			all = append(all, change{p, sum - t.s.TeamLife(p)})
			continue
		}
		who := members[0]
		if len(members) > 1 {
			var err error
			if who, err = chooser(members); err != nil {
				return err
			}
		}
		all = append(all, change{who, n(who) - t.lifeOf(who)})
	}
	for _, c := range all {
		if err := t.life(c.p, c.delta, registry.LifeChange, ""); err != nil {
			return err
		}
	}
	return nil
}

// EditTeamLife returns s with p's team's shared life total set to n, for
// a game's setup. It is not a game action.
func (s State) EditTeamLife(p PlayerID, n int) State {
	s = s.clone()
	if s.SharesLife(p) {
		s.Shared[s.Players[p].Team].Life = n
	}
	return s
}
