package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// A Switch is a rule whose version decides how the engine plays: mana burn,
// when mana pools empty, combat damage on the stack, the legend rule's
// wording. Each is read from the text of the rule that states it (its Key),
// so an edition the engine has never seen plays by what it says, with no
// date written in code.
type Switch struct {
	ID   string // "mana-burn": stable, for URLs and JSON
	Name string // "Mana burn"
	// Key is the rule whose presence and wording decide the state. Else, if
	// set, is the rule that states the other version where Key's rule is
	// gone (mana burn's absence is stated by the rule that empties pools).
	Key, Else registry.Key
	// States are the versions, oldest first.
	States []SwitchStateInfo
	// read picks a state from the folded text of Key's rule, or from its
	// absence ("": the edition has no such rule); ok false if the text says
	// none of the versions, and state is then today's version.
	read func(text string) (state int, ok bool)
	get  func(e *RulesEdition) int
	set  func(e *RulesEdition, state int)
}

// SwitchStateInfo names one version of a switch.
type SwitchStateInfo struct {
	ID   string // "all-go"
	Text string // what it means for play
}

// KeywordForm is which kind of ability a keyword is in an edition.
type KeywordForm uint8

const (
	KeywordAbsent    KeywordForm = iota // the edition has no such keyword
	KeywordTriggered                    // "Whenever this permanent deals damage, …" (502.63a, 502.68a until M10)
	KeywordStatic                       // a static ability the damage rules apply (702.2, 702.15 since M10)
)

// switches are listed in the order the page shows them.
var switches = []*Switch{
	{
		ID: "mana-burn", Name: "Mana burn", Key: registry.ManaBurn, Else: registry.ManaEmpty,
		States: []SwitchStateInfo{
			{"burn", "a player loses 1 life for each unused mana lost as a phase ends"},
			{"none", "unused mana empties from the pool without loss of life"},
		},
		read: func(t string) (int, bool) { return 1 - b2i(t != ""), true },
		get:  func(e *RulesEdition) int { return 1 - b2i(e.ManaBurn) },
		set:  func(e *RulesEdition, s int) { e.ManaBurn = s == 0 },
	},
	{
		ID: "mana-empty", Name: "Mana pools empty", Key: registry.ManaEmpty,
		States: []SwitchStateInfo{
			{"phase", "mana pools empty as each phase ends, but not each step"},
			{"step", "mana pools empty as each step and phase ends"},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "but not a step"):
				return 0, true
			case strings.Contains(t, "step"):
				return 1, true
			}
			return 1, false
		},
		get: func(e *RulesEdition) int { return b2i(e.EmptyEachStep) },
		set: func(e *RulesEdition, s int) { e.EmptyEachStep = s == 1 },
	},
	{
		ID: "zone-names", Name: "Zone names", Key: registry.Zones,
		States: []SwitchStateInfo{
			{"in-play", `permanents are "in play"; exiled cards are "removed from the game"`},
			{"battlefield", `permanents are on "the battlefield"; exiled cards are in "exile"`},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "battlefield"):
				return 1, true
			case strings.Contains(t, "in play"):
				return 0, true
			}
			return 1, false
		},
		get: func(e *RulesEdition) int { return b2i(e.Battlefield) },
		set: func(e *RulesEdition, s int) { e.Battlefield = s == 1 },
	},
	{
		ID: "damage-stack", Name: "Combat damage on the stack", Key: registry.DamageStack, Else: registry.CombatDamage,
		States: []SwitchStateInfo{
			{"stack", "assigned combat damage goes on the stack, and players get priority before it is dealt"},
			{"direct", "combat damage is dealt as soon as it is assigned, without the stack"},
		},
		read: func(t string) (int, bool) { return 1 - b2i(t != ""), true },
		get:  func(e *RulesEdition) int { return 1 - b2i(e.DamageStack) },
		set:  func(e *RulesEdition, s int) { e.DamageStack = s == 0 },
	},
	{
		ID: "damage-order", Name: "Damage assignment order", Key: registry.AssignBlocked,
		States: []SwitchStateInfo{
			{"divided", "a blocked creature divides its damage among its blockers as its controller chooses"},
			{"ordered", "a blocked creature assigns lethal damage to each blocker in its damage assignment order before the next"},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "damage assignment order"):
				return 1, true
			case strings.Contains(t, "divided as"):
				return 0, true
			}
			return 0, false
		},
		get: func(e *RulesEdition) int { return b2i(e.DamageOrder) },
		set: func(e *RulesEdition, s int) { e.DamageOrder = s == 1 },
	},
	{
		ID: "dfc-transform", Name: "Which double-faced cards transform", Key: registry.TransformDFC,
		States: []SwitchStateInfo{
			{"transforming", "only transforming double-faced cards (and tokens) transform; a modal double-faced card can't"},
			{"double-faced", "any double-faced card but a meld card transforms, a modal one too"},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "transforming double-faced"):
				return 0, true
			case strings.Contains(t, "double-faced"), t == "":
				return 1, true
			}
			return 1, false
		},
		get: func(e *RulesEdition) int { return 1 - b2i(e.TransformingOnly) },
		set: func(e *RulesEdition, s int) { e.TransformingOnly = s == 0 },
	},
	keywordSwitch("deathtouch", "Deathtouch", registry.DeathtouchKW, "whenever this permanent deals damage to a creature, destroy that creature",
		"any damage it deals to a creature is enough to destroy it (704.5h)",
		func(e *RulesEdition) *KeywordForm { return &e.Deathtouch }),
	keywordSwitch("lifelink", "Lifelink", registry.LifelinkKind, "whenever this permanent deals damage, you gain that much life",
		"its controller gains life as its damage is dealt",
		func(e *RulesEdition) *KeywordForm { return &e.Lifelink }),
	{
		ID: "legend-rule", Name: "The legend rule", Key: registry.SBALegend,
		States: []SwitchStateInfo{
			{"oldest-stays", "of legendary permanents with the same name, the one legendary the longest stays"},
			{"all-go", "legendary permanents with the same name all go to the graveyard"},
			{"choose", "a player with two or more legendary permanents with the same name keeps one of their choice"},
		},
		read: readUniqueness,
		get:  func(e *RulesEdition) int { return int(e.Legend) - 1 },
		set:  func(e *RulesEdition, s int) { e.Legend = LegendRule(s + 1) },
	},
	{
		ID: "planeswalker-uniqueness", Name: "The planeswalker uniqueness rule", Key: registry.SBAPlaneswalker, Else: registry.SBALegend,
		States: []SwitchStateInfo{
			{"none", "planeswalkers sharing a planeswalker type may stay together (before planeswalkers, and since they became legendary)"},
			{"all-go", "planeswalkers that share a planeswalker type all go to the graveyard"},
			{"choose", "a player with two or more planeswalkers that share a planeswalker type keeps one of their choice"},
		},
		read: func(t string) (int, bool) {
			if t == "" {
				return 0, true
			}
			s, ok := readUniqueness(t)
			return s, ok && s > 0
		},
		get: func(e *RulesEdition) int { return slices.Index(walkerStates, e.Walkers) },
		set: func(e *RulesEdition, s int) { e.Walkers = walkerStates[s] },
	},
	{
		ID: "2hg-life-start", Name: "Two-Headed Giant: starting life total", Key: registry.TeamLife,
		States: []SwitchStateInfo{
			{"40", "each team of two starts with a shared life total of 40"},
			{"30", "each team of two starts with a shared life total of 30"},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "starts at 40"):
				return 0, true
			case strings.Contains(t, "starts at 30"), t == "":
				return 1, true
			}
			return 1, false
		},
		get: func(e *RulesEdition) int { return b2i(e.TeamLifeStart != 40) },
		set: func(e *RulesEdition, s int) { e.TeamLifeStart = []int{40, 30}[s] },
	},
	{
		ID: "2hg-life-value", Name: "Two-Headed Giant: a player's life total", Key: registry.TeamLifeValue,
		States: []SwitchStateInfo{
			{"half", "an effect that needs a player's life total uses the team's divided by two, rounded up"},
			{"team", "an effect or cost that needs a player's life total uses the team's"},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "divided by two"):
				return 0, true
			case strings.Contains(t, "team's life total instead"), t == "":
				return 1, true
			}
			return 1, false
		},
		get: func(e *RulesEdition) int { return 1 - b2i(e.TeamLifeHalf) },
		set: func(e *RulesEdition, s int) { e.TeamLifeHalf = s == 0 },
	},
	{
		ID: "2hg-set-each", Name: "Two-Headed Giant: setting each player's life total", Key: registry.TeamLifeSetEach,
		States: []SwitchStateInfo{
			{"sum", "the team's life total becomes the sum of the numbers"},
			{"choose", "the team chooses one member; only that player is affected"},
		},
		read: func(t string) (int, bool) {
			switch {
			case strings.Contains(t, "sum of all the numbers"):
				return 0, true
			case strings.Contains(t, "chooses one of its members"), t == "":
				return 1, true
			}
			return 1, false
		},
		get: func(e *RulesEdition) int { return 1 - b2i(e.TeamSetSum) },
		set: func(e *RulesEdition, s int) { e.TeamSetSum = s == 0 },
	},
}

// walkerStates are the planeswalker uniqueness rule's states as the engine
// holds them: none (zero), then the legend rule's versions it followed.
var walkerStates = []LegendRule{0, LegendAllGo, LegendChoose}

// readUniqueness reads the legend rule's version, or the planeswalker
// uniqueness rule's (which followed it in 2013).
func readUniqueness(t string) (int, bool) {
	switch {
	case strings.Contains(t, "chooses one"):
		return 2, true
	case strings.Contains(t, "all are put"):
		return 1, true
	case strings.Contains(t, "the longest"), strings.Contains(t, "earliest timestamp"):
		// 1999: "all except the one with the earliest timestamp": the one
		// in play the longest stays.
		return 0, true
	}
	return 2, false
}

// keywordSwitch is a keyword that was a triggered ability when it was
// printed (2007) and became a static ability with the Magic 2010 rules.
func keywordSwitch(id, name string, k registry.Key, trigger, static string, field func(*RulesEdition) *KeywordForm) *Switch {
	return &Switch{
		ID: id, Name: name, Key: k,
		States: []SwitchStateInfo{
			{"absent", "the edition has no " + name + " keyword"},
			{"triggered", `a triggered ability: "` + trigger + `"`},
			{"static", "a static ability: " + static},
		},
		read: func(t string) (int, bool) {
			switch {
			case t == "":
				return 0, true
			case strings.Contains(t, "triggered ability"):
				return 1, true
			case strings.Contains(t, "static ability"):
				return 2, true
			}
			return 2, false
		},
		get: func(e *RulesEdition) int { return int(*field(e)) },
		set: func(e *RulesEdition, s int) { *field(e) = KeywordForm(s) },
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Switches lists every switch, in a stable order.
func Switches() []*Switch { return switches }

// SwitchByID returns the switch with that ID.
func SwitchByID(id string) (*Switch, bool) {
	for _, s := range switches {
		if s.ID == id {
			return s, true
		}
	}
	return nil, false
}

// stateIndex returns the index of the state named id, or -1.
func (s *Switch) stateIndex(id string) int {
	for i, st := range s.States {
		if st.ID == id {
			return i
		}
	}
	return -1
}

// SwitchState is one switch's state in one edition and the rule that says
// so there.
type SwitchState struct {
	Switch *Switch
	State  int        // index into Switch.States
	Rule   RuleNumber // the rule stating it; zero if the edition has neither Key's nor Else's
	// Stated: the edition has Key's rule. A full edition that lacks it is
	// still read (mana burn's absence means none); an excerpt's isn't.
	Stated bool
}

// Info is the state's name and meaning.
func (s SwitchState) Info() SwitchStateInfo { return s.Switch.States[s.State] }

// Switches returns the state of every switch in e, with the rule that states
// each in e's numbering.
func (e *RulesEdition) Switches() []SwitchState {
	out := make([]SwitchState, len(switches))
	for i, s := range switches {
		out[i] = SwitchState{Switch: s, State: s.get(e), Rule: e.switchRule(s), Stated: e.Has(s.Key)}
	}
	return out
}

// Switch returns the state of the switch with that ID ("" if none).
func (e *RulesEdition) Switch(id string) string {
	if s, ok := SwitchByID(id); ok {
		return s.States[s.get(e)].ID
	}
	return ""
}

func (e *RulesEdition) switchRule(s *Switch) RuleNumber {
	if n := e.Rule(s.Key); !n.IsZero() || s.Else == "" {
		return n
	}
	return e.Rule(s.Else)
}

// readSwitches sets every switch from the rules found in an edition's text
// (registry.FindKeys): a switch whose rule the text lacks takes the state that
// absence means, and wording the reader doesn't know is noted and leaves
// the newest version.
func (e *RulesEdition) readSwitches(found map[registry.Key][]registry.RuleText) {
	for _, s := range switches {
		text := ""
		if rs := found[s.Key]; len(rs) > 0 {
			text = registry.Fold(rs[0].Text)
		}
		// A rule the text lacks is quietly the newest version where absence
		// says nothing: an excerpt lacks most rules.
		st, ok := s.read(text)
		if !ok && text != "" {
			e.Notes = append(e.Notes, fmt.Sprintf("%s: can't tell the version from %s %q; playing by %q",
				s.ID, found[s.Key][0].Number, clip(text), s.States[st].ID))
		}
		s.set(e, st)
	}
}

// ReadSwitches reads only the switches from an edition's rule texts: what
// FromRules would set, for a fraction of its cost (only the switches'
// recognizers run). Notes has what couldn't be read.
func ReadSwitches(texts []registry.RuleText) (states []SwitchState, notes []string) {
	keys := map[registry.Key]bool{}
	for _, s := range switches {
		keys[s.Key] = true
		if s.Else != "" {
			keys[s.Else] = true
		}
	}
	found := registry.FindOnly(texts, keys)
	e := &RulesEdition{numbers: map[registry.Key]RuleNumber{}}
	for k, rs := range found {
		e.set(k, rs[0].Number)
	}
	e.readSwitches(found)
	return e.Switches(), e.Notes
}

// setSwitches applies a built-in table entry: "mana-burn=none legend-rule=choose".
func (e *RulesEdition) setSwitches(spec string) error {
	for _, f := range strings.Fields(spec) {
		id, v, _ := strings.Cut(f, "=")
		s, ok := SwitchByID(id)
		if !ok {
			return fmt.Errorf("no switch %q", id)
		}
		i := s.stateIndex(v)
		if i < 0 {
			return fmt.Errorf("switch %s has no state %q", id, v)
		}
		s.set(e, i)
	}
	return nil
}

// clip shortens text quoted in an error message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}
