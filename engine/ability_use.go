package engine

import "github.com/arbiter-rules/arbiter/engine/cardtext"

// AbilityUse is one activation of an activated ability with a restriction
// on its use ("Activate only once each turn."), on the turn it happened.
type AbilityUse struct {
	Ability *cardtext.Ability
	Turn    int
}

// UsedThisTurn lists the restricted abilities of o activated on turn.
// 602.5c: an ability acquired from another object is that ability, not
// another worded the same, so abilities are compared as themselves.
func (o *Object) UsedThisTurn(turn int) []*cardtext.Ability {
	var out []*cardtext.Ability
	for _, u := range o.Used {
		if u.Turn == turn {
			out = append(out, u.Ability)
		}
	}
	return out
}

// used notes an activation of ab on turn, dropping earlier turns' (a new
// slice: copies of the state share the old one).
func (o *Object) used(ab *cardtext.Ability, turn int) {
	var keep []AbilityUse
	for _, u := range o.Used {
		if u.Turn == turn {
			keep = append(keep, u)
		}
	}
	o.Used = append(keep, AbilityUse{ab, turn})
}
