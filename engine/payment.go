package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Payment says how a player pays a mana cost: exactly Mana from their pool,
// and Life for Phyrexian symbols (107.4f). The zero Payment pays
// automatically: colored mana where the cost needs it, Phyrexian symbols
// with mana when there is any, generic costs with colorless mana first.
type Payment struct {
	Mana cardtext.Mana
	Life int
	Set  bool
}

func (p Payment) String() string {
	var w []string
	if p.Mana.Total() > 0 {
		w = append(w, p.Mana.String())
	}
	if p.Life > 0 {
		w = append(w, fmt.Sprintf("%d life", p.Life))
	}
	if len(w) == 0 {
		return "nothing"
	}
	return strings.Join(w, " and ")
}

// totalCost is a cost with X's value in place of {X} (107.3), additional
// costs added, and cost changes applied: increases, then reductions, which
// reduce only the generic part (601.2f).
func totalCost(base cardtext.ManaCost, x int, adds []cardtext.ManaCost, more, less []cardtext.ManaCost) cardtext.ManaCost {
	generic := 0
	var out cardtext.ManaCost
	for _, c := range append(append([]cardtext.ManaCost{base}, adds...), more...) {
		for _, s := range c {
			switch s.Kind {
			case cardtext.SymGeneric:
				generic += s.N
			case cardtext.SymVariable:
				generic += x
			default:
				out = append(out, s)
			}
		}
	}
	for _, c := range less {
		for _, s := range c {
			if s.Kind == cardtext.SymGeneric {
				generic -= s.N
			}
		}
	}
	if generic > 0 {
		out = append(cardtext.ManaCost{{Kind: cardtext.SymGeneric, N: generic}}, out...)
	}
	return out
}

// pay pays a mana cost (X already in it as generic) from pool. It returns
// the pool left, the mana spent and the life to pay, or an error naming
// what's missing.
func pay(pool cardtext.Mana, cost cardtext.ManaCost, p Payment, rules *RulesEdition) (left, spent cardtext.Mana, life int, err error) {
	if manaValue(cost, 0, nil) == 0 && len(cost) == 0 {
		if p.Set && (p.Mana.Total() > 0 || p.Life > 0) {
			return pool, cardtext.Mana{}, 0, fmt.Errorf("the cost is {0}: nothing to pay")
		}
		return pool, cardtext.Mana{}, 0, nil
	}
	if p.Set {
		if !covers(pool, p.Mana) {
			return pool, cardtext.Mana{}, 0, fmt.Errorf("the pool has %s, not %s", poolString(pool), p.Mana)
		}
		if !exactly(p.Mana, p.Life, cost, rules) {
			return pool, cardtext.Mana{}, 0, fmt.Errorf("%s doesn't pay %s exactly", p, cost)
		}
		return sub(pool, p.Mana), p.Mana, p.Life, nil
	}
	// Automatic: Phyrexian symbols with mana if possible, else with life.
	for lifeSyms := 0; lifeSyms <= countPhyrexian(cost); lifeSyms++ {
		if spend, ok := autoPay(pool, cost, lifeSyms, rules); ok {
			return sub(pool, spend), spend, 2 * lifeSyms, nil
		}
	}
	return pool, cardtext.Mana{}, 0, fmt.Errorf("%s can't be paid from a pool of %s; add mana first", cost, poolString(pool))
}

func poolString(m cardtext.Mana) string {
	if m.Total() == 0 {
		return "nothing"
	}
	return m.String()
}

func countPhyrexian(c cardtext.ManaCost) int {
	n := 0
	for _, s := range c {
		if s.Kind == cardtext.SymPhyrexian || s.Kind == cardtext.SymHybridPhyrexian {
			n++
		}
	}
	return n
}

// unit is one mana of a type: W U B R G C, by index.
var unitColors = [5]cardtext.Color{cardtext.White, cardtext.Blue, cardtext.Black, cardtext.Red, cardtext.Green}

func colorIndex(c cardtext.Color) int {
	for i, x := range unitColors {
		if x == c {
			return i
		}
	}
	return -1
}

func covers(pool, m cardtext.Mana) bool {
	for i := 0; i < 6; i++ {
		if pool.At(i) < m.At(i) {
			return false
		}
	}
	return true
}

func sub(a, b cardtext.Mana) cardtext.Mana {
	for i := 0; i < 6; i++ {
		a.AddAt(i, -b.At(i))
	}
	return a
}

// exactly reports whether spending m and paying life pays cost with nothing
// left over (107.4e, 107.4f: each symbol paid one of its ways).
func exactly(m cardtext.Mana, life int, cost cardtext.ManaCost, rules *RulesEdition) bool {
	if life%2 != 0 {
		return false
	}
	var fixed []cardtext.ManaSymbol
	generic := 0
	for _, s := range cost {
		switch s.Kind {
		case cardtext.SymGeneric:
			generic += s.N
		case cardtext.SymSnow:
			generic++
		case cardtext.SymTap, cardtext.SymUntap:
		default:
			fixed = append(fixed, s)
		}
	}
	var try func(i int, avail cardtext.Mana, lifeLeft int) bool
	try = func(i int, avail cardtext.Mana, lifeLeft int) bool {
		if i == len(fixed) {
			return lifeLeft == 0 && avail.Total() == generic
		}
		for _, opt := range symbolOptions(fixed[i], rules) {
			switch {
			case opt.life:
				if lifeLeft >= 2 && try(i+1, avail, lifeLeft-2) {
					return true
				}
			case opt.generic > 0:
				// {2/B} paid with two generic: count it toward generic.
				generic += opt.generic
				if try(i+1, avail, lifeLeft) {
					return true
				}
				generic -= opt.generic
			default:
				if avail.At(opt.unit) > 0 {
					avail.AddAt(opt.unit, -1)
					if try(i+1, avail, lifeLeft) {
						return true
					}
					avail.AddAt(opt.unit, 1)
				}
			}
		}
		return false
	}
	return try(0, m, life)
}

type symOpt struct {
	unit    int // mana type index
	life    bool
	generic int
}

// symbolOptions lists the ways to pay one non-generic symbol under rules.
func symbolOptions(s cardtext.ManaSymbol, rules *RulesEdition) []symOpt {
	var out []symOpt
	colors := func() {
		for i, c := range unitColors {
			if s.Color.Has(c) {
				out = append(out, symOpt{unit: i})
			}
		}
	}
	switch s.Kind {
	case cardtext.SymColored:
		colors()
	case cardtext.SymHybrid:
		colors()
		if !rules.applies(registry.Hybrid) { // 107.4e: without it, one way only, its first half
			out = out[:1]
		}
	case cardtext.SymColorless:
		out = append(out, symOpt{unit: 5})
	case cardtext.SymMonoHybrid:
		colors()
		out = append(out, symOpt{generic: s.N})
	case cardtext.SymPhyrexian, cardtext.SymHybridPhyrexian:
		colors()
		if rules.applies(registry.Phyrexian) { // 107.4f: mana of its color or 2 life
			out = append(out, symOpt{life: true})
		}
	case cardtext.SymVariable:
		out = append(out, symOpt{generic: 0})
	}
	return out
}

// autoPay finds mana in pool that pays cost with lifeSyms Phyrexian symbols
// paid with life, preferring to keep colored mana for colored symbols.
func autoPay(pool cardtext.Mana, cost cardtext.ManaCost, lifeSyms int, rules *RulesEdition) (cardtext.Mana, bool) {
	var fixed []cardtext.ManaSymbol
	generic := 0
	for _, s := range cost {
		switch s.Kind {
		case cardtext.SymGeneric:
			generic += s.N
		case cardtext.SymSnow:
			generic++
		case cardtext.SymTap, cardtext.SymUntap, cardtext.SymVariable:
		default:
			fixed = append(fixed, s)
		}
	}
	var spent cardtext.Mana
	var try func(i int, avail cardtext.Mana, lifeLeft int) bool
	try = func(i int, avail cardtext.Mana, lifeLeft int) bool {
		if i == len(fixed) {
			if lifeLeft != 0 || avail.Total() < generic {
				return false
			}
			// Generic: colorless first, then the most plentiful colors.
			need := generic
			var g cardtext.Mana
			take := func(idx int) {
				k := min(need, avail.At(idx))
				g.AddAt(idx, k)
				avail.AddAt(idx, -k)
				need -= k
			}
			take(5)
			for need > 0 {
				best := -1
				for idx := 0; idx < 5; idx++ {
					if avail.At(idx) > 0 && (best < 0 || avail.At(idx) > avail.At(best)) {
						best = idx
					}
				}
				if best < 0 {
					return false
				}
				take(best)
			}
			for idx := 0; idx < 6; idx++ {
				spent.AddAt(idx, g.At(idx))
			}
			return true
		}
		for _, opt := range symbolOptions(fixed[i], rules) {
			switch {
			case opt.life:
				if lifeLeft > 0 && try(i+1, avail, lifeLeft-1) {
					return true
				}
			case opt.generic > 0:
				generic += opt.generic
				if try(i+1, avail, lifeLeft) {
					return true
				}
				generic -= opt.generic
			default:
				if avail.At(opt.unit) > 0 {
					avail.AddAt(opt.unit, -1)
					if try(i+1, avail, lifeLeft) {
						spent.AddAt(opt.unit, 1)
						return true
					}
					avail.AddAt(opt.unit, 1)
				}
			}
		}
		return false
	}
	if try(0, pool, lifeSyms) {
		return spent, true
	}
	return cardtext.Mana{}, false
}
