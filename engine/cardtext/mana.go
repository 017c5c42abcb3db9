package cardtext

import (
	"fmt"
	"strings"
)

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
	c, err := ParseManaCost(s)
	if err != nil {
		return Mana{}, err
	}
	var m Mana
	for _, sym := range c {
		switch sym.Kind {
		case SymColored:
			switch sym.Color {
			case White:
				m.W++
			case Blue:
				m.U++
			case Black:
				m.B++
			case Red:
				m.R++
			case Green:
				m.G++
			}
		case SymColorless:
			m.C++
		case SymGeneric:
			m.C += sym.N
		default:
			return Mana{}, fmt.Errorf("%s can't be added to a mana pool as it is; choose what it produces", sym)
		}
	}
	if m.Total() > maxGeneric {
		return Mana{}, fmt.Errorf("too much mana: %d", m.Total())
	}
	return m, nil
}

// Colors is the colors of the colored mana in m.
func (m Mana) Colors() Color {
	var c Color
	for i, col := range AllColors {
		if m.At(i) > 0 {
			c |= col
		}
	}
	return c
}

// ManaTypes names the types of mana in Mana's order: the five colors and
// colorless (106.1b).
var ManaTypes = [6]string{"white", "blue", "black", "red", "green", "colorless"}

// TypeNames lists the types of mana m holds, in that order.
func (m Mana) TypeNames() []string {
	var out []string
	for i, n := range ManaTypes {
		if m.At(i) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// At is the amount of the i-th mana type (ManaTypes' order).
func (m Mana) At(i int) int {
	return [6]int{m.W, m.U, m.B, m.R, m.G, m.C}[i]
}

// AddAt adds n mana of the i-th mana type (ManaTypes' order).
func (m *Mana) AddAt(i, n int) {
	switch i {
	case 0:
		m.W += n
	case 1:
		m.U += n
	case 2:
		m.B += n
	case 3:
		m.R += n
	case 4:
		m.G += n
	case 5:
		m.C += n
	}
}
