package engine

import (
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// manaValue is a mana cost's mana value, formerly converted mana cost
// (202.3; 2007: 203.3): the total amount of mana in the cost. x is the value chosen for
// each {X}, {Y} and {Z} while the object is on the stack, 0 elsewhere
// (202.3e). A hybrid symbol counts its largest component (202.3f), a
// Phyrexian symbol 1 (202.3g). No mana cost is 0 (202.3a). Under rules with
// one of those rules switched off (rule ablation), the cost counts as it
// would without that rule; nil rules are all of them.
func manaValue(c cardtext.ManaCost, x int, rules *RulesEdition) int {
	n := 0
	for _, s := range c {
		switch s.Kind {
		case cardtext.SymGeneric:
			if !rules.applies(registry.ManaValue) { // 202.3: without it, each symbol counts one
				n++
				continue
			}
			n += s.N
		case cardtext.SymVariable:
			n += x
		case cardtext.SymHybrid:
			if !rules.applies(registry.ManaValueHybrid) { // 202.3f: without it, both halves count
				n += 2
				continue
			}
			n++
		case cardtext.SymMonoHybrid:
			if !rules.applies(registry.ManaValueHybrid) { // 202.3f
				n += s.N + 1
				continue
			}
			n += max(s.N, 1)
		case cardtext.SymPhyrexian, cardtext.SymHybridPhyrexian:
			if rules.applies(registry.ManaValuePhyrexian) { // 202.3g: without it, life pays it: no mana
				n++
			}
		case cardtext.SymTap, cardtext.SymUntap:
		default:
			n++
		}
	}
	return n
}

// couldProduce is the colors of mana each land on the battlefield could
// produce (106.7): what its mana abilities would add if they resolved now,
// costs ignored. An ability that adds what other lands could produce
// (Exotic Orchard) depends on those lands, so the sets grow together
// until none changes: two Orchards facing each other produce nothing
// unless a land behind one of them produces something.
func (t *tx) couldProduce() map[cardtext.ObjectID]cardtext.Color {
	could := map[cardtext.ObjectID]cardtext.Color{}
	var lands []*Object
	for _, o := range t.s.Objects {
		if o.Zone == cardtext.Battlefield && !o.PhasedOut && t.chars(o).Types.Is("land") {
			lands = append(lands, o)
		}
	}
	rounds := 1
	if t.applies(registry.CouldProduce) {
		rounds = len(lands) + 1
	}
	for range rounds {
		changed := false
		for _, o := range lands {
			ch := t.chars(o)
			c := could[o.ID]
			for _, a := range ch.Abilities {
				if !a.Mana {
					continue
				}
				for _, in := range a.Effect {
					if in.Op != cardtext.OpAddMana || in.Mana == nil {
						continue
					}
					switch ms := in.Mana; {
					case ms.CouldProduce != nil:
						for _, l := range lands {
							if matchFilter(&t.s, ms.CouldProduce, l, t.chars(l), o, ch.Controller) {
								c |= could[l.ID]
							}
						}
					case ms.ColorOf != nil || ms.Chosen:
						c |= cardtext.White | cardtext.Blue | cardtext.Black | cardtext.Red | cardtext.Green
					default:
						c |= ms.Mana.Colors() | ms.PerColor
						for _, o := range ms.Or {
							c |= o.Colors()
						}
					}
				}
			}
			if c != could[o.ID] {
				could[o.ID], changed = c, true
			}
		}
		if !changed {
			break
		}
	}
	return could
}

// manaOfType is one mana of the type named (manaTypes).
func manaOfType(name string) cardtext.Mana {
	var m cardtext.Mana
	for i, n := range cardtext.ManaTypes {
		if n == name {
			m.AddAt(i, 1)
		}
	}
	return m
}
