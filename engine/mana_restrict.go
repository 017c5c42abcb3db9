package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// RestrictedMana is mana in a pool that can be spent only as the spell or
// ability that produced it says (106.6): "Spend this mana only to cast
// creature spells." It is part of the pool's mana of its types, which the
// restriction doesn't change.
type RestrictedMana struct {
	Mana   cardtext.Mana
	Only   *cardtext.Filter // the spells it can be spent to cast
	Source string
}

// spendable reports whether restricted mana r may be spent by player p to
// cast spell (nil: paying for anything else). Without 106.6 nothing
// restricts how mana is spent.
func (t *tx) spendable(r RestrictedMana, spell *Object, p PlayerID) bool {
	if !t.applies(registry.ManaRestrict) {
		return true
	}
	return spell != nil && r.Only != nil && matchFilter(&t.s, r.Only, spell, t.chars(spell), nil, p)
}

// usablePool is the mana in player p's pool they may spend on spell (nil:
// on something other than casting a spell): all of it but the restricted
// mana that can't be spent on it (106.6).
func (t *tx) usablePool(p PlayerID, spell *Object) cardtext.Mana {
	pl := &t.s.Players[p]
	pool := pl.Pool
	for _, r := range pl.Restricted {
		if !t.spendable(r, spell, p) {
			pool = sub(pool, r.Mana)
		}
	}
	return pool
}

// spendPool takes spent mana out of player p's pool: of the restricted
// mana that may be spent on spell first, then the rest.
func (t *tx) spendPool(p PlayerID, spell *Object, spent cardtext.Mana) {
	pl := &t.s.Players[p]
	pl.Pool = sub(pl.Pool, spent)
	left := spent
	var keep []RestrictedMana
	for _, r := range pl.Restricted {
		if t.spendable(r, spell, p) {
			for i := range 6 {
				n := min(r.Mana.At(i), left.At(i))
				r.Mana.AddAt(i, -n)
				left.AddAt(i, -n)
			}
		}
		if r.Mana.Total() > 0 {
			keep = append(keep, r)
		}
	}
	pl.Restricted = keep
}

// restrictedText describes the restricted part of a pool for events:
// " ({R}{G} only to cast creature spells)".
func restrictedText(pl *Player) string {
	s := ""
	for _, r := range pl.Restricted {
		s += fmt.Sprintf(" (%s only to cast %s spells)", r.Mana, r.Only)
	}
	return s
}

// doubleMana: "Double the amount of each type of unspent mana you have."
// Each player adds as much mana of each type as they have, restricted or
// not: a restriction doesn't change the mana's type (106.6). The mana
// added has no restriction.
func (x *execCtx) doubleMana(in *cardtext.Instr) (bool, error) {
	t := x.t
	did := false
	for _, p := range x.players(in.Who) {
		m := t.s.Players[p].Pool
		if m.Total() == 0 {
			continue
		}
		if err := (AddMana{Player: p, Mana: m}).apply(t); err != nil {
			return false, err
		}
		x.added = x.added.Add(m)
		did = true
	}
	return did, nil
}
