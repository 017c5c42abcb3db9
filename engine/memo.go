package engine

import "sync"

// memo holds what the engine derives once from one game's cards and
// abilities and must hand back as the same object each time (a copy of a
// double-faced card's front face, a granted ability bound to its
// grantor), so that abilities keep their identity. Every state of a game
// shares it — NewState makes it and clones copy the pointer — so it lives
// as long as the game's states do. Caches kept for the whole process,
// keyed by card, kept every card any scenario had ever parsed: a server
// running posted scenarios grew by a few kilobytes a run, forever.
type memo struct {
	bestowed    sync.Map // *Card → *Card
	fronts      sync.Map // *Card → *Card
	flips       sync.Map // *Card → *Card
	splits      sync.Map // splitKey → *Card
	ownCosts    sync.Map // ownCostKey → *Ability
	cardAbs     sync.Map // *Card → []*Ability
	boundColors sync.Map // chosenKey → *Ability
	bound       sync.Map // bindKey → *Ability
}

// looseMemo serves states not made by NewState (a test's State literal).
var looseMemo memo

// derived is the game's memo.
func (s *State) derived() *memo {
	if s.memo == nil {
		return &looseMemo
	}
	return s.memo
}
