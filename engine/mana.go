package engine

import (
	"fmt"
	"strings"

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

// Mana is an amount of mana by type, as held in a mana pool (106.4): the five
// colors and colorless.
type Mana struct {
	W, U, B, R, G, C int
}

// Total is the amount of mana.
func (m Mana) Total() int { return m.W + m.U + m.B + m.R + m.G + m.C }

// Add returns m plus n.
func (m Mana) Add(n Mana) Mana {
	return Mana{m.W + n.W, m.U + n.U, m.B + n.B, m.R + n.R, m.G + n.G, m.C + n.C}
}

// String writes the pool as symbols, "{R}{R}{G}"; an empty pool is "".
func (m Mana) String() string {
	var b strings.Builder
	for _, p := range []struct {
		n int
		s string
	}{{m.W, "{W}"}, {m.U, "{U}"}, {m.B, "{B}"}, {m.R, "{R}"}, {m.G, "{G}"}, {m.C, "{C}"}} {
		for range p.n {
			b.WriteString(p.s)
		}
	}
	return b.String()
}

// ParseMana reads mana to add to a pool: colored symbols, {C} and generic
// numerals (which, in an instruction to add mana, mean colorless mana: 107.4b
// in older rules). Hybrid and variable symbols can't be added as they are.
func ParseMana(s string) (Mana, error) {
	c, err := cardtext.ParseManaCost(s)
	if err != nil {
		return Mana{}, err
	}
	var m Mana
	for _, sym := range c {
		switch sym.Kind {
		case cardtext.SymColored:
			switch sym.Color {
			case cardtext.White:
				m.W++
			case cardtext.Blue:
				m.U++
			case cardtext.Black:
				m.B++
			case cardtext.Red:
				m.R++
			case cardtext.Green:
				m.G++
			}
		case cardtext.SymColorless:
			m.C++
		case cardtext.SymGeneric:
			m.C += sym.N
		default:
			return Mana{}, fmt.Errorf("%s can't be added to a mana pool as it is; choose what it produces", sym)
		}
	}
	if m.Total() > cardtext.MaxGeneric {
		return Mana{}, fmt.Errorf("too much mana: %d", m.Total())
	}
	return m, nil
}

// couldProduce is the colors of mana each land on the battlefield could
// produce (106.7): what its mana abilities would add if they resolved now,
// costs ignored. An ability that adds what other lands could produce
// (Exotic Orchard) depends on those lands, so the sets grow together
// until none changes: two Orchards facing each other produce nothing
// unless a land behind one of them produces something.
func (t *tx) couldProduce() map[ObjectID]cardtext.Color {
	could := map[ObjectID]cardtext.Color{}
	var lands []*Object
	for _, o := range t.s.Objects {
		if o.Zone == Battlefield && !o.PhasedOut && t.chars(o).Types.Is("land") {
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
					if in.Op != OpAddMana || in.Mana == nil {
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
						c |= ms.Mana.colors() | ms.PerColor
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

// colors is the colors of the colored mana in m.
func (m Mana) colors() cardtext.Color {
	var c cardtext.Color
	for i, col := range cardtext.AllColors {
		if m.get(i) > 0 {
			c |= col
		}
	}
	return c
}

// manaTypes names the types of mana in Mana's order: the five colors and
// colorless (106.1b).
var manaTypes = [6]string{"white", "blue", "black", "red", "green", "colorless"}

// TypeNames lists the types of mana m holds, in that order.
func (m Mana) TypeNames() []string {
	var out []string
	for i, n := range manaTypes {
		if m.get(i) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// manaOfType is one mana of the type named (manaTypes).
func manaOfType(name string) Mana {
	var m Mana
	for i, n := range manaTypes {
		if n == name {
			m.add(i, 1)
		}
	}
	return m
}
