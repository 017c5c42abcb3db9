package variants

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/registry"
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

// catalogue lists every variant with the words a scenario may name it by
// and what its rules prescribe before play.
var catalogue = []facts{
	{v: FreeForAll, title: "Free-for-All", names: []string{"free-for-all", "free for all"}},
	{v: GrandMelee, title: "Grand Melee", names: []string{"grand melee"}, needs: registry.MeleeOptions},
	{v: TeamVsTeam, title: "Team vs. Team", names: []string{"team vs. team", "team vs team", "teams"}},
	{v: Emperor, title: "Emperor", names: []string{"emperor"}, needs: registry.EmperorOptions,
		least: 3, teamRule: "an Emperor game is played by teams of three or more (809.1, 809.6)"},
	{v: TwoHeadedGiant, title: "Two-Headed Giant", names: []string{"two-headed giant", "two headed giant", "2hg"}, needs: registry.TeamLife,
		least: 2, teamRule: "Two-Headed Giant is played by two or more teams of two or more players (810.1, 810.11)",
		sharedTurns: true, sharedLife: true},
	{v: AlternatingTeams, title: "Alternating Teams", names: []string{"alternating teams"}, needs: registry.AlternateSeats,
		least: 1, teamRule: "an Alternating Teams game is played by teams of equal size (811.1)"},
	{v: Planechase, title: "Planechase", casual: true, names: []string{"planechase"}},
	{v: Vanguard, title: "Vanguard", casual: true, names: []string{"vanguard"}},
	{v: Commander, title: "Commander", casual: true, names: []string{"commander", "edh"}},
	{v: Archenemy, title: "Archenemy", casual: true, names: []string{"archenemy"}, sharedTurns: true},
	{v: ConspiracyDraft, title: "Conspiracy Draft", casual: true, names: []string{"conspiracy draft", "conspiracy"}},
}

// facts is what the rules say about one variant that needs no game.
type facts struct {
	v      Variant
	title  string   // its name as its section's title has it
	casual bool     // a casual variant (section 9)
	names  []string // the words a scenario may name it by
	// needs is the rule an edition must have for the variant to be
	// played under it: the rule that sets the variant's options or seats
	// its players.
	needs registry.Key
	// least is the fewest players each team has, for a variant played by
	// two or more teams of equal size (0: none); teamRule is the rule
	// saying so, for the error when the teams aren't.
	least    int
	teamRule string
	// sharedTurns: each team takes its turns as one (810.2, 904.2: the
	// shared team turns option, 805). sharedLife: each team has one life
	// total (810.4).
	sharedTurns, sharedLife bool
}

func lookup(v Variant) facts {
	for _, x := range catalogue {
		if x.v == v {
			return x
		}
	}
	return facts{v: v, title: string(v)}
}

// Title is v's name as the rules write it: "Two-Headed Giant".
func (v Variant) Title() string { return lookup(v).title }

// SharesLife reports whether each team of v has one shared life total
// (810.4).
func (v Variant) SharesLife() bool { return lookup(v).sharedLife }

// Parse reads a variant's name: "two-headed giant", "commander".
// casual reports whether it is a casual variant (section 9).
func Parse(s string) (v Variant, casual, ok bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	for _, x := range catalogue {
		if slices.Contains(x.names, s) {
			return x.v, x.casual, true
		}
	}
	return "", false, false
}

// Names lists the variants' names, for messages.
func Names() []string {
	var out []string
	for _, x := range catalogue {
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
		vs = append(vs, g.Casual.Title())
	}
	if g.Variant != "" {
		vs = append(vs, g.Variant.Title())
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
