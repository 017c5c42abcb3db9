package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Variant names a multiplayer variant (section 8) or a casual variant
// (section 9). A game plays at most one multiplayer variant with any of its
// options (800.2); a casual variant plays on top of it (Commander's default
// is Free-for-All, 903.2).
type Variant string

const (
	FreeForAll       Variant = "free-for-all"      // 806
	GrandMelee       Variant = "grand melee"       // 807
	TeamVsTeam       Variant = "team vs. team"     // 808
	Emperor          Variant = "emperor"           // 809
	TwoHeadedGiant   Variant = "two-headed giant"  // 810
	AlternatingTeams Variant = "alternating teams" // 811
	Planechase       Variant = "planechase"        // 901
	Vanguard         Variant = "vanguard"          // 902
	Commander        Variant = "commander"         // 903
	Archenemy        Variant = "archenemy"         // 904
	ConspiracyDraft  Variant = "conspiracy draft"  // 905
)

// variants lists every variant with the words a scenario may name it by.
var variants = []struct {
	v      Variant
	casual bool
	names  []string
}{
	{FreeForAll, false, []string{"free-for-all", "free for all"}},
	{GrandMelee, false, []string{"grand melee"}},
	{TeamVsTeam, false, []string{"team vs. team", "team vs team", "teams"}},
	{Emperor, false, []string{"emperor"}},
	{TwoHeadedGiant, false, []string{"two-headed giant", "two headed giant", "2hg"}},
	{AlternatingTeams, false, []string{"alternating teams"}},
	{Planechase, true, []string{"planechase"}},
	{Vanguard, true, []string{"vanguard"}},
	{Commander, true, []string{"commander", "edh"}},
	{Archenemy, true, []string{"archenemy"}},
	{ConspiracyDraft, true, []string{"conspiracy draft", "conspiracy"}},
}

// ParseVariant reads a variant's name: "two-headed giant", "commander".
// casual reports whether it is a casual variant (section 9).
func ParseVariant(s string) (v Variant, casual, ok bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	for _, x := range variants {
		if slices.Contains(x.names, s) {
			return x.v, x.casual, true
		}
	}
	return "", false, false
}

// VariantNames lists the variants' names, for messages.
func VariantNames() []string {
	var out []string
	for _, x := range variants {
		out = append(out, string(x.v))
	}
	return out
}

// Game is how a game is played: its variants and the multiplayer options
// it uses (800.2).
type Game struct {
	Variant Variant // the multiplayer variant (section 8), if any
	Casual  Variant // the casual variant (section 9), if any

	// Range is the limited range of influence option (801): the range of
	// each player no other line gives one; 0 if the option isn't used.
	Range int
	// The attack options: attack left or right (803), attack multiple
	// players (802); deploy creatures (804); shared team turns (805).
	AttackLeft, AttackRight, AttackMultiple, Deploy, SharedTurns bool
}

// Option names one multiplayer option for a game's setup.
type Option string

const (
	OptionRange          Option = "range of influence"      // 801
	OptionAttackMultiple Option = "attack multiple players" // 802
	OptionAttackLeft     Option = "attack left"             // 803
	OptionAttackRight    Option = "attack right"            // 803
	OptionDeploy         Option = "deploy creatures"        // 804
	OptionSharedTurns    Option = "shared team turns"       // 805
)

// ParseOption reads an option line's words: "range of influence 1",
// "attack left", "deploy creatures". n is the range for the range option.
func ParseOption(s string) (o Option, n int, ok bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimPrefix(s, "limited ")
	for _, x := range []Option{OptionRange, OptionAttackMultiple, OptionAttackLeft, OptionAttackRight, OptionDeploy, OptionSharedTurns} {
		rest, found := strings.CutPrefix(s, string(x))
		if !found {
			continue
		}
		rest = strings.TrimSpace(rest)
		if x == OptionRange {
			if _, err := fmt.Sscanf(rest, "%d", &n); err != nil || n < 1 || n > 8 || fmt.Sprint(n) != rest {
				return "", 0, false
			}
			return x, n, true
		}
		return x, 0, rest == ""
	}
	return "", 0, false
}

// With returns g with option o.
func (g Game) With(o Option, n int) Game {
	switch o {
	case OptionRange:
		g.Range = n
	case OptionAttackMultiple:
		g.AttackMultiple = true
	case OptionAttackLeft:
		g.AttackLeft = true
	case OptionAttackRight:
		g.AttackRight = true
	case OptionDeploy:
		g.Deploy = true
	case OptionSharedTurns:
		g.SharedTurns = true
	}
	return g
}

// String describes the game for a page: "Commander, Free-for-All with the
// attack multiple players option".
func (g Game) String() string {
	var vs []string
	if g.Casual != "" {
		vs = append(vs, titleCase(string(g.Casual)))
	}
	if g.Variant != "" {
		vs = append(vs, titleCase(string(g.Variant)))
	}
	var opts []string
	if g.Range > 0 {
		opts = append(opts, fmt.Sprintf("range of influence %d", g.Range))
	}
	for _, o := range []struct {
		on   bool
		name Option
	}{{g.AttackMultiple, OptionAttackMultiple}, {g.AttackLeft, OptionAttackLeft}, {g.AttackRight, OptionAttackRight}, {g.Deploy, OptionDeploy}, {g.SharedTurns, OptionSharedTurns}} {
		if o.on {
			opts = append(opts, string(o.name))
		}
	}
	s := strings.Join(vs, ", ")
	if len(opts) > 0 {
		if s != "" {
			s += "; "
		}
		s += strings.Join(opts, ", ")
	}
	return s
}

func titleCase(s string) string {
	w := strings.Fields(s)
	for i, x := range w {
		if x == "vs." {
			continue
		}
		w[i] = strings.ToUpper(x[:1]) + x[1:]
	}
	return strings.Join(w, " ")
}
