package engine

import (
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// A loop of mandatory actions (731.4, 104.4b): the stack resolves, what
// resolves puts more on it, and the game comes back to a state it was in,
// with every player only passing priority in between. Nothing any player
// chose took part in it, so nothing will stop it: the game is a draw. A
// choice any player makes (an action other than passing, or answering a
// "may" of an object in the loop) starts the count again: such a loop has
// an optional action in it and isn't a draw.

// cycleMark is a state the game reached when something resolved with
// every player passing, and the label of the object whose ability or
// spell resolved into it.
type cycleMark struct {
	Key    cycleKey
	Source string
	At     State
}

// cycleKey is part of what a state's digest is taken of (the turn, the
// step, the life totals, each as rendered): a mark whose key differs from
// a state's isn't that state, and is told without rendering either. Most
// resolutions are compared with nothing.
type cycleKey struct {
	Turn int
	Step cardtext.Step
	Life uint64 // the life totals, hashed (FNV-1a)
}

func cycleKeyOf(s *State) cycleKey {
	k := cycleKey{Turn: s.Turn, Step: s.Step, Life: 14695981039346656037}
	for i := range s.Players {
		k.Life = (k.Life ^ uint64(s.LifeTotal(PlayerID(i)))) * 1099511628211
	}
	return k
}

// cycleState is a digest of the game state as loopState's, but for the
// stack's labels: a triggered ability that triggers again is a new object
// with a new number, the same ability with the same source, text and
// targets.
func cycleState(ed *RulesEdition, s State) uint64 {
	b := Render(ed, s)
	b.Edition, b.Effects = "", nil
	for i := range b.Players {
		for j := range b.Players[i].Zones {
			for k := range b.Players[i].Zones[j].Cards {
				c := &b.Players[i].Zones[j].Cards[k]
				c.Notes, c.PTNotes = nil, nil
			}
		}
	}
	for j := range b.Shared {
		for k := range b.Shared[j].Cards {
			c := &b.Shared[j].Cards[k]
			c.Notes, c.PTNotes = nil, nil
			if b.Shared[j].Zone == cardtext.Stack {
				c.Label = ""
			}
		}
	}
	for i := range b.Stack {
		b.Stack[i].Label = ""
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%+v", b)
	return h.Sum64()
}

// mandatoryLoop runs after action a: it remembers the state a resolution
// with every player passing led to, forgets them all when a player chose
// anything else, and ends the game in a draw when a state comes back.
func (t *tx) mandatoryLoop(a Action, resolved string) {
	if !t.ed.Has(registry.LoopMandatory) || !t.applies(registry.LoopMandatory) {
		return
	}
	switch a.(type) {
	case PassPriority, ResolveTop:
	default:
		t.s.Cycle = nil
		return
	}
	if resolved == "" || t.s.Pending != nil || t.over() {
		return
	}
	here := cycleMark{Key: cycleKeyOf(&t.s), Source: resolved, At: t.s}
	var sum uint64 // here's digest, taken once a mark's key is the same
	summed := false
	for i, m := range t.s.Cycle {
		if m.Key != here.Key {
			continue
		}
		if !summed {
			sum, summed = cycleState(t.ed, t.s), true
		}
		if cycleState(t.ed, m.At) != sum {
			continue
		}
		loop := append(slices.Clone(t.s.Cycle[i:]), here)
		if p, way, ok := t.loopWayOut(loop); ok {
			// 104.4b: a loop a player can stop by their own choice isn't
			// one of only mandatory actions.
			t.emit(Event{Kind: EvRule, Key: registry.LoopMandatory, Player: t.name(p),
				Text: fmt.Sprintf("the game is back at a state it was in, but %s can stop the loop: %s", t.name(p), way)})
			t.s.Cycle = nil
			return
		}
		for j := range t.s.Players {
			pl := &t.s.Players[j]
			if !pl.Left {
				pl.Left = true
				t.emit(Event{Kind: EvLose, Key: registry.LoopMandatory, Player: pl.Name, PlayerID: PlayerID(j), HasPlayer: true,
					Text: "the game is a draw for " + pl.Name + ": it repeats a loop of mandatory actions with no way to stop"})
			}
		}
		return
	}
	marks := append(slices.Clip(t.s.Cycle), here)
	if len(marks) > maxLoopMarks {
		marks = marks[len(marks)-maxLoopMarks:]
	}
	t.s.Cycle = marks
}

// loopWayOut looks, in each state of the loop, for an action a player
// could take that would end it: activating an ability of a permanent
// outside the loop targeting a permanent in it. 731.5: no player can be
// forced to take an action that would end a loop other than those the
// loop's own objects call for, so with it such actions don't count, and
// the loop stays one of mandatory actions.
func (t *tx) loopWayOut(loop []cycleMark) (PlayerID, string, bool) {
	if t.applies(registry.LoopNotForced) {
		return 0, "", false
	}
	involved := map[string]bool{}
	for _, m := range loop {
		involved[m.Source] = true
	}
	for _, m := range loop {
		s := m.At
		for _, o := range s.In(-1, cardtext.Battlefield) {
			if involved[o.Label] || !s.InGame(o.Controller) {
				continue
			}
			ch := s.Chars(o)
			for i, ab := range ch.Abilities {
				if ab.Kind != cardtext.AbActivated || ab.IsMana() {
					continue
				}
				for _, in := range s.In(-1, cardtext.Battlefield) {
					if !involved[in.Label] {
						continue
					}
					try := s
					try.Priority, try.Passes = o.Controller, 0
					act := Activate{Player: o.Controller, Object: o.ID, Ability: i, Targets: []Target{cardtext.ObjectTarget(in.ID)}}
					if _, _, err := Apply(t.ed, try, act); err == nil {
						return o.Controller, fmt.Sprintf("activating %s's ability targeting %s", o.Label, in.Label), true
					}
				}
			}
		}
	}
	return 0, "", false
}
