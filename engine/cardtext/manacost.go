package cardtext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SymbolKind says what a symbol in braces is (107.4 in current rules; 104.3 in
// 2007). Kinds that appeared over the years carry the edition feature that
// introduced them (see Symbols).
type SymbolKind uint8

const (
	SymColored         SymbolKind = iota + 1 // {W} {U} {B} {R} {G}
	SymGeneric                               // {0} {1} {2} … {15}
	SymVariable                              // {X} {Y} {Z}
	SymColorless                             // {C}: one colorless mana (since 2016)
	SymSnow                                  // {S} (since Coldsnap, 2006)
	SymHybrid                                // {W/U} (since Ravnica, 2005)
	SymMonoHybrid                            // {2/W} (since Shadowmoor, 2008)
	SymPhyrexian                             // {W/P} (since New Phyrexia, 2011)
	SymHybridPhyrexian                       // {W/U/P} (since 2022)
	SymTap                                   // {T}: costs only, never a mana cost
	SymUntap                                 // {Q}: costs only
)

// ManaSymbol is one symbol in braces.
type ManaSymbol struct {
	Kind  SymbolKind
	Color Color // the symbol's colors: one for colored, mono-hybrid and Phyrexian, two for hybrid
	N     int   // generic: the amount; mono-hybrid: the generic half (2)
	Var   byte  // variable: 'X', 'Y' or 'Z'
}

// ManaCost is a mana cost as printed, in order. A nil ManaCost is "no mana
// cost" (202.1b), which is not the same as {0}.
type ManaCost []ManaSymbol

// maxGeneric bounds generic symbols so a typo ("{99999999999}") is an error,
// not an overflow. The largest printed generic symbol is {1000000}.
const maxGeneric = 1000000

var letterOf = map[Color]byte{White: 'W', Blue: 'U', Black: 'B', Red: 'R', Green: 'G'}

// String writes the symbol as the rules print it: "{2/B}", "{W/U/P}".
func (m ManaSymbol) String() string {
	switch m.Kind {
	case SymColored:
		return "{" + string(letterOf[m.Color]) + "}"
	case SymGeneric:
		return "{" + strconv.Itoa(m.N) + "}"
	case SymVariable:
		return "{" + string(m.Var) + "}"
	case SymColorless:
		return "{C}"
	case SymSnow:
		return "{S}"
	case SymHybrid:
		return "{" + hybridLetters(m.Color) + "}"
	case SymMonoHybrid:
		return "{" + strconv.Itoa(m.N) + "/" + string(letterOf[m.Color]) + "}"
	case SymPhyrexian:
		return "{" + string(letterOf[m.Color]) + "/P}"
	case SymHybridPhyrexian:
		return "{" + hybridLetters(m.Color) + "/P}"
	case SymTap:
		return "{T}"
	case SymUntap:
		return "{Q}"
	}
	return "{?}"
}

// hybridOrder is the order the rules print two-color pairs in: each color
// with its neighbour first ({W/U} {U/B} {B/R} {R/G} {G/W}), then each with the
// color two along ({W/B} {U/R} {B/G} {R/W} {G/U}).
var hybridOrder = map[Color]string{
	White | Blue: "W/U", Blue | Black: "U/B", Black | Red: "B/R", Red | Green: "R/G", Green | White: "G/W",
	White | Black: "W/B", Blue | Red: "U/R", Black | Green: "B/G", Red | White: "R/W", Green | Blue: "G/U",
}

func hybridLetters(c Color) string { return hybridOrder[c] }

// String writes the whole cost, "{1}{W/U}{W/U}"; no mana cost writes "".
func (c ManaCost) String() string {
	var b strings.Builder
	for _, s := range c {
		b.WriteString(s.String())
	}
	return b.String()
}

// Colors is the object's color from its mana cost (202.2; 2007: 203.2): each
// colored, hybrid and Phyrexian symbol contributes its colors (202.2d).
func (c ManaCost) Colors() Color {
	var col Color
	for _, s := range c {
		col |= s.Color
	}
	return col
}

// Kinds reports which kinds of symbol the cost uses, as a set.
func (c ManaCost) Kinds() SymbolSet {
	var k SymbolSet
	for _, s := range c {
		k |= 1 << s.Kind
	}
	return k
}

// SymbolSet is a set of SymbolKinds.
type SymbolSet uint16

// Has reports whether k is in the set.
func (s SymbolSet) Has(k SymbolKind) bool { return s&(1<<k) != 0 }

// ParseManaCost reads a mana cost written with braces, "{2}{W/U}{W/P}".
// Spaces between symbols are allowed. {T} and {Q} are not mana symbols and are
// rejected here; ParseCost accepts them. The empty string is no mana cost.
func ParseManaCost(s string) (ManaCost, error) {
	c, err := parseSymbols(s)
	if err != nil {
		return nil, err
	}
	for _, m := range c {
		if m.Kind == SymTap || m.Kind == SymUntap {
			return nil, fmt.Errorf("%s is not a mana symbol; it can appear only in an activation cost", m)
		}
	}
	return c, nil
}

// ParseCost reads an activation cost's symbols, which may include the tap
// symbol {T} and the untap symbol {Q} (107.5, 107.6).
func ParseCost(s string) (ManaCost, error) { return parseSymbols(s) }

func parseSymbols(s string) (ManaCost, error) {
	var out ManaCost
	rest := strings.TrimSpace(s)
	if rest == "" {
		return nil, nil
	}
	for rest != "" {
		if rest[0] != '{' {
			return nil, fmt.Errorf("mana costs are written in braces, like {2}{W}: unexpected %q", clip(rest))
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return nil, fmt.Errorf("unclosed brace in %q", clip(rest))
		}
		sym, err := ParseSymbol(rest[1:end])
		if err != nil {
			return nil, err
		}
		out = append(out, sym)
		rest = strings.TrimLeft(rest[end+1:], " ")
	}
	return out, nil
}

// ParseSymbol reads the inside of one pair of braces: "W", "2", "W/U", "2/B",
// "W/P", "W/U/P", "X", "C", "S", "T", "Q". Letters may be lower case.
func ParseSymbol(in string) (ManaSymbol, error) {
	s := strings.ToUpper(strings.TrimSpace(in))
	bad := func() (ManaSymbol, error) { return ManaSymbol{}, fmt.Errorf("{%s} is not a mana symbol", in) }
	parts := strings.Split(s, "/")
	switch len(parts) {
	case 1:
		if c, ok := colorLetters[firstByte(s)]; ok && len(s) == 1 {
			return ManaSymbol{Kind: SymColored, Color: c}, nil
		}
		switch s {
		case "X", "Y", "Z":
			return ManaSymbol{Kind: SymVariable, Var: s[0]}, nil
		case "C":
			return ManaSymbol{Kind: SymColorless}, nil
		case "S":
			return ManaSymbol{Kind: SymSnow}, nil
		case "T":
			return ManaSymbol{Kind: SymTap}, nil
		case "Q":
			return ManaSymbol{Kind: SymUntap}, nil
		}
		n, ok := number(s)
		if !ok || n > maxGeneric {
			return bad()
		}
		return ManaSymbol{Kind: SymGeneric, N: n}, nil
	case 2:
		a, aok := colorLetters[firstByte(parts[0])]
		aok = aok && len(parts[0]) == 1
		b, bok := colorLetters[firstByte(parts[1])]
		bok = bok && len(parts[1]) == 1
		switch {
		case aok && parts[1] == "P":
			return ManaSymbol{Kind: SymPhyrexian, Color: a}, nil
		case aok && bok && a != b:
			return ManaSymbol{Kind: SymHybrid, Color: a | b}, nil
		case bok:
			if n, ok := number(parts[0]); ok && n > 0 && n <= 99 {
				return ManaSymbol{Kind: SymMonoHybrid, Color: b, N: n}, nil
			}
		}
	case 3:
		a, aok := colorLetters[firstByte(parts[0])]
		b, bok := colorLetters[firstByte(parts[1])]
		if aok && bok && a != b && len(parts[0]) == 1 && len(parts[1]) == 1 && parts[2] == "P" {
			return ManaSymbol{Kind: SymHybridPhyrexian, Color: a | b}, nil
		}
	}
	return bad()
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// number parses a non-negative decimal without sign or spaces.
func number(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}

// Combined is a mana cost written as one cost: its generic symbols summed
// and the rest in the usual order (colors in WUBRG order). A split card's
// cost {1}{R}{1}{U} is {2}{U}{R} so (709.4b).
func (c ManaCost) Combined() ManaCost {
	if c == nil {
		return nil
	}
	var out ManaCost
	generic := 0
	for _, m := range c {
		if m.Kind == SymGeneric {
			generic += m.N
			continue
		}
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b ManaSymbol) int {
		if a.Kind != b.Kind {
			return symbolRank(a.Kind) - symbolRank(b.Kind)
		}
		return colorRank(a.Color) - colorRank(b.Color)
	})
	if generic > 0 || len(out) == 0 {
		i := 0
		for i < len(out) && out[i].Kind == SymVariable {
			i++
		}
		out = slices.Insert(out, i, ManaSymbol{Kind: SymGeneric, N: generic})
	}
	return out
}

// symbolRank orders symbols as costs print them: {X} first.
func symbolRank(k SymbolKind) int {
	if k == SymVariable {
		return 0
	}
	return int(k) + 1
}

// colorRank orders colors white, blue, black, red, green.
func colorRank(c Color) int {
	for i, x := range AllColors {
		if c&x != 0 {
			return i
		}
	}
	return len(AllColors)
}
