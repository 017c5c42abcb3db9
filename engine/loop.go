package engine

import (
	"fmt"
	"hash/fnv"
	"slices"
	"sync"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// A fragmented loop (731.3): each player involved takes an independent
// action, and together they bring the game back to a state it was in
// before. The engine remembers, for each activated ability a player
// activates while holding priority, the game state they activated it in;
// when a player would make the same choice in the same state again after
// another player has acted in between, the loop is fragmented, and the
// player the rule names must choose differently.

// loopMark is one game choice: who made it, what it was, and the state
// the game was in as they made it.
type loopMark struct {
	Player PlayerID
	Choice string
	At     *loopState
}

// loopState is the state a choice was made in. Its digest is taken only
// when a later choice by the same player, the same choice, is compared
// with it: most choices are never made twice, and a digest renders the
// whole game.
type loopState struct {
	ed   *RulesEdition
	s    State
	once sync.Once
	sum  uint64
}

func (l *loopState) digest() uint64 {
	l.once.Do(func() { l.sum = gameState(l.ed, l.s) })
	return l.sum
}

// maxLoopMarks bounds what the game remembers: a loop that comes back to a
// state further back than this many choices is left to the players.
const maxLoopMarks = 64

// gameState is a digest of the game state as the players see it: every
// object's zone and characteristics, life totals, counters, mana pools,
// the stack, the step and who has priority. How the characteristics came
// to be (the list of continuous effects and their timestamps) isn't part
// of it: an ability that gained flying and an effect that took it away
// again leave the game where it was (731.3's example).
func gameState(ed *RulesEdition, s State) uint64 {
	b := Render(ed, s)
	b.Edition, b.Effects = "", nil
	strip := func(cs []CardView) {
		for i := range cs {
			cs[i].Notes, cs[i].PTNotes = nil, nil
		}
	}
	for i := range b.Players {
		for j := range b.Players[i].Zones {
			strip(b.Players[i].Zones[j].Cards)
		}
	}
	for j := range b.Shared {
		strip(b.Shared[j].Cards)
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%+v", b)
	return h.Sum64()
}

// fragmentedLoop checks p's choice c, made in the state before this
// action, against the choices made before, and remembers it. It rejects
// the choice when the game is back at a state in which p made this same
// choice, other players have acted since, and p is the player 731.3 says
// must make a different choice: the active player if involved in the
// loop, else the first involved in turn order.
func (t *tx) fragmentedLoop(p PlayerID, c string) error {
	if !t.ed.Has(registry.LoopFragmented) || !t.applies(registry.LoopFragmented) {
		return nil
	}
	here := &loopState{ed: t.ed, s: t.base}
	marks := t.s.Loop
	for i, m := range marks {
		if m.Player != p || m.Choice != c || m.At.digest() != here.digest() {
			continue
		}
		involved := map[PlayerID]bool{}
		for _, n := range marks[i:] {
			involved[n.Player] = true
		}
		if len(involved) < 2 {
			break // one player repeating their own choice: no fragmented loop
		}
		if t.loopBreaker(involved) == p {
			return t.ruleErr(registry.LoopFragmented, "the game is back at a state in which %s made this choice before, and each player in the loop has acted since: %s must make a different game choice so the loop doesn't continue",
				t.name(p), t.name(p))
		}
		break
	}
	marks = append(slices.Clip(marks), loopMark{Player: p, Choice: c, At: here})
	if len(marks) > maxLoopMarks {
		marks = marks[len(marks)-maxLoopMarks:]
	}
	t.s.Loop = marks
	return nil
}

// loopBreaker is the player who must break a fragmented loop: the active
// player, or if they aren't involved, the first player in turn order who
// is (731.3).
func (t *tx) loopBreaker(involved map[PlayerID]bool) PlayerID {
	n := len(t.s.Players)
	for i := range n {
		p := PlayerID((int(t.s.Active) + i) % n)
		if involved[p] {
			return p
		}
	}
	return t.s.Active
}
