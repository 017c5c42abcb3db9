package variants

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// What a game's variant and options prescribe before play (section 8's
// setup rules), as far as they need no game: the engine's State.Begin seats
// the players and hands out what the variant gives them.

// Need is a rule an edition must have for a game to be played under it:
// what is the variant or option needing it, for the error.
type Need struct {
	Key  registry.Key
	What string
}

// Needs lists the rules g's variant and options need (an edition without
// the rule that sets a variant's options can't play it).
func (g Game) Needs() []Need {
	var out []Need
	if k := lookup(g.Variant).needs; k != "" {
		out = append(out, Need{k, g.Variant.Title() + " variant"})
	}
	if g.Range > 0 {
		out = append(out, Need{registry.Range, "limited range of influence option"})
	}
	if g.AttackMultiple {
		out = append(out, Need{registry.BlockAttacked, "attack multiple players option"})
	}
	return out
}

// CheckTeams checks that teams, each listed in seat order, suit v: for a
// variant played by teams of equal size, two or more teams of the same
// size, each of at least the variant's least players. Any teams suit a
// variant with no such rule.
func CheckTeams[P any](v Variant, teams [][]P) error {
	f := lookup(v)
	if f.least == 0 {
		return nil
	}
	if len(teams) < 2 {
		return fmt.Errorf("%s: name the teams with team lines", f.teamRule)
	}
	for _, t := range teams {
		if len(t) != len(teams[0]) || len(t) < f.least {
			return fmt.Errorf("%s: the teams here have %d and %d players", f.teamRule, len(teams[0]), len(t))
		}
	}
	return nil
}

// MeleeRange is the range of influence each player of a Grand Melee game
// has unless an option gives another (807.2a).
const MeleeRange = 1

// Settled returns g with the options its variants prescribe for a game of
// players players: what follows from the variant whatever the edition.
func (g Game) Settled(players int) Game {
	if lookup(g.Variant).sharedTurns {
		g.SharedTurns = true // 810.2: a team takes its turn as one
	}
	switch g.Variant {
	case GrandMelee:
		g.AttackLeft = g.AttackLeft || !g.AttackRight // 807.2b
	case TeamVsTeam, FreeForAll:
		if !g.AttackLeft && !g.AttackRight {
			g.AttackMultiple = true // 808.3a; 806.2b: one attack option
		}
	}
	if g.Casual == Commander && g.Variant == "" && players > 2 {
		g.Variant, g.AttackMultiple = FreeForAll, true // 903.2
	}
	if lookup(g.Casual).sharedTurns {
		g.SharedTurns = true // 904.2: with the shared team turns option
	}
	return g
}
