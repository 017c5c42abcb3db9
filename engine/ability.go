package engine

import (
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Chosen holds the choices made for an object as it entered (607.2a).
type Chosen struct {
	Color     cardtext.Color
	HasColor  bool
	Player    PlayerID
	HasPlayer bool
	Type      string
	By        string // the Origin of the ability that made the choice
}

// choiceLinked reports whether ability a of o may use the choices made for
// o: a is o's ability top, or an ability top grants. Choices given without
// an ability (a scenario's setup) link to every ability.
func (s *State) choiceLinked(o *Object, abs []*cardtext.Ability, top, a *cardtext.Ability) bool {
	c := o.Chosen
	if top == nil {
		top = a
	}
	if c.By == "" || a == nil || a.Origin == "" {
		return true
	}
	// 607.5a: a choice made for an ability a isn't linked to (one of
	// another card, whose ability made it before o copied something else)
	// is undefined for a: that part of a does nothing.
	if a.Origin != c.By && s.applies(registry.UndefinedChoice) {
		return false
	}
	// 607.4: one ability may be linked to several ("choose a color" to
	// both the trigger and the mana ability that say "the chosen color").
	// Without that rule, a choice would be linked to one only: the first
	// of its card's abilities that refers to it.
	if !s.applies(registry.LinkedMany) {
		for _, b := range abs {
			if b.Origin == c.By && refersToChoice(b) {
				return b == top
			}
		}
	}
	return true
}

// refersToChoice reports whether an ability refers to a choice made as its
// object entered ("the chosen color", "the chosen player"), itself or in an
// ability it grants.
func refersToChoice(a *cardtext.Ability) bool {
	if a == nil {
		return false
	}
	chosen := func(f *cardtext.Filter) bool {
		return f != nil && (f.Chosen || f.ChosenT || f.Control == cardtext.ChosenPlayers)
	}
	if a.Kind == cardtext.AbKeyword && a.Param == cardtext.ChosenColor {
		return true
	}
	if tr := a.Trigger; tr != nil && (chosen(tr.What) || chosen(tr.By) || chosen(tr.Spell)) {
		return true
	}
	var instrs func([]*cardtext.Instr) bool
	instrs = func(ins []*cardtext.Instr) bool {
		for _, in := range ins {
			if in.Mana != nil && in.Mana.Chosen || in.Who.Kind == cardtext.PChosen || chosen(in.What.Group) || instrs(in.Then) || instrs(in.Else) {
				return true
			}
		}
		return false
	}
	if instrs(a.Effect) {
		return true
	}
	for _, sp := range a.Static {
		if chosen(sp.Affects.Group) || sp.Rules != nil && chosen(sp.Rules.Filter) {
			return true
		}
		for _, pt := range []*[2]cardtext.Amount{sp.CDAPT, sp.SetPT, sp.ModPT} {
			if pt != nil && (chosen(pt[0].Count) || chosen(pt[1].Count)) {
				return true
			}
		}
		for _, g := range sp.Gain {
			if refersToChoice(g) {
				return true
			}
		}
	}
	return false
}

// HasKeyword reports whether abilities include keyword k ("flying").
func hasKeywordAb(abs []*cardtext.Ability, k string) bool {
	for _, a := range abs {
		if a.Kind == cardtext.AbKeyword && a.Keyword == k {
			return true
		}
	}
	return false
}
