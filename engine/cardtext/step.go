package cardtext

import "github.com/arbiter-rules/arbiter/engine/registry"

// Step is a step of a turn, or a main phase, which has no steps (500.1).
type Step uint8

const (
	StepUntap Step = iota + 1
	StepUpkeep
	StepDraw
	StepMain1
	StepBeginCombat
	StepAttackers
	StepBlockers
	StepFirstDamage // the first combat damage step, when a creature has first or double strike (510.4)
	StepDamage
	StepEndCombat
	StepMain2
	StepEnd
	StepCleanup
)

var stepNames = map[Step]string{
	StepUntap: "untap step", StepUpkeep: "upkeep", StepDraw: "draw step", StepMain1: "precombat main phase",
	StepBeginCombat: "beginning of combat step", StepAttackers: "declare attackers step", StepBlockers: "declare blockers step",
	StepFirstDamage: "first-strike combat damage step", StepDamage: "combat damage step", StepEndCombat: "end of combat step",
	StepMain2: "postcombat main phase", StepEnd: "end step", StepCleanup: "cleanup step",
}

func (s Step) String() string { return stepNames[s] }

// ParseStep reads a step's name: "upkeep", "draw step", "main phase",
// "precombat main", "beginning of combat", "declare attackers", "combat
// damage", "end step", "end of turn" (its old name), "cleanup".
func ParseStep(s string) (Step, bool) {
	switch registry.Fold(s) {
	case "untap", "untap step":
		return StepUntap, true
	case "upkeep", "upkeep step":
		return StepUpkeep, true
	case "draw", "draw step":
		return StepDraw, true
	case "main", "main phase", "precombat main", "precombat main phase", "first main phase", "main 1":
		return StepMain1, true
	case "beginning of combat", "beginning of combat step", "combat":
		return StepBeginCombat, true
	case "declare attackers", "declare attackers step":
		return StepAttackers, true
	case "declare blockers", "declare blockers step":
		return StepBlockers, true
	case "first-strike damage", "first strike damage", "first-strike combat damage step":
		return StepFirstDamage, true
	case "combat damage", "combat damage step":
		return StepDamage, true
	case "end of combat", "end of combat step":
		return StepEndCombat, true
	case "postcombat main", "postcombat main phase", "second main phase", "main 2":
		return StepMain2, true
	case "end", "end step", "end of turn", "end of turn step":
		return StepEnd, true
	case "cleanup", "cleanup step":
		return StepCleanup, true
	}
	return 0, false
}

// PhaseEnd reports whether the step is the last of its phase (a main phase
// is a phase with no steps).
func (s Step) PhaseEnd() bool {
	switch s {
	case StepDraw, StepMain1, StepEndCombat, StepMain2, StepCleanup:
		return true
	}
	return false
}

// IsMain reports whether s is a main phase.
func (s Step) IsMain() bool { return s == StepMain1 || s == StepMain2 }

// Phase numbers the phase a step belongs to (500.1).
func (s Step) Phase() int {
	switch {
	case s <= StepDraw:
		return 1
	case s == StepMain1:
		return 2
	case s <= StepEndCombat:
		return 3
	case s == StepMain2:
		return 4
	}
	return 5
}
