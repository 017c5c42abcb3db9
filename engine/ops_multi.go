package engine

// Instructions the multiplayer rules' examples need, numbered apart from
// the others in ability.go.
const (
	OpRedirect  Op = iota + 100 // the next N damage that would be dealt to To this turn is dealt to To2 instead (614.9)
	OpRevealTop                 // reveal the top N cards of your library: they are "those cards"
	OpPiles                     // Who separates What into two piles
	OpPutPiles                  // put one pile into Zone and the other into Zone2: the controller chooses which
)

// PAnOpponent is "an opponent": one the controller chooses as the
// instruction is followed (numbered apart from the others in ability.go).
const PAnOpponent PRefKind = 100

// Rule-modifying effects about winning and losing, numbered apart from the
// others in ability.go.
const (
	// RuleCantLose: "You can't lose the game." (104.3e: an effect may
	// stop a loss); N 1: only "for having 0 or less life" (704.5a).
	RuleCantLose RuleKind = iota + 100
	// RuleCantWin: "Your opponents can't win the game."
	RuleCantWin
)
