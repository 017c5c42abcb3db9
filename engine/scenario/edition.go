package scenario

import (
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/rules"
)

// EditionFor returns the rules the engine applies for a parsed edition. A
// full edition is read from its own text (engine.FromRules): its numbers,
// its type lists, its mana symbols, and how it plays (mana burn, damage on
// the stack, the legend rule's version: engine.Switches). An excerpt takes
// the built-in edition in force on its date and overlays what its own text
// says. A prose edition with no date (the classic rules) gets the oldest
// rules.
func EditionFor(e *rules.Edition) *engine.RulesEdition {
	texts := RuleTexts(e)
	own := engine.FromRules(e.ID, e.Effective, texts)
	if e.Kind == rules.KindFull {
		return own
	}
	return engine.EditionAt(e.Effective).Overlay(own)
}

// RuleTexts lists an edition's chapters (by title), rules and subrules (their
// text paragraphs, joined) and glossary entries, as engine.FromRules reads
// them.
func RuleTexts(e *rules.Edition) []registry.RuleText {
	var out []registry.RuleText
	e.Walk(func(r *rules.Rule) bool {
		if r.Number.Level() == rules.LevelChapter {
			out = append(out, registry.RuleText{Number: r.Number, Text: r.Title()})
			return true
		}
		var parts []string
		for _, p := range r.Paragraphs() {
			parts = append(parts, p.S)
		}
		out = append(out, registry.RuleText{Number: r.Number, Text: strings.Join(parts, " ")})
		return true
	})
	for _, g := range e.Glossary {
		var parts []string
		for _, b := range g.Body {
			parts = append(parts, b.Text.S)
		}
		for _, t := range g.Terms {
			out = append(out, registry.RuleText{Term: t, Text: strings.Join(parts, " ")})
		}
	}
	return out
}

// EditionSwitch is one switch as the engine plays a parsed edition.
type EditionSwitch struct {
	engine.SwitchState
	// Builtin is the built-in edition the state comes from when the
	// edition's own text lacks the rule (an excerpt, a prose edition); ""
	// when its text decides.
	Builtin string
}

// SwitchesFor returns how the engine plays a parsed edition, as EditionFor
// reads it, for a fraction of the cost: only the switches' rules are
// looked for.
func SwitchesFor(e *rules.Edition) []EditionSwitch {
	own, _ := engine.ReadSwitches(RuleTexts(e))
	out := make([]EditionSwitch, len(own))
	if e.Kind == rules.KindFull {
		for i, s := range own {
			out[i] = EditionSwitch{SwitchState: s}
		}
		return out
	}
	// EditionFor's overlay, switch by switch: the base's numbers are the
	// built-in edition's, so it is the one to name.
	base := engine.EditionAt(e.Effective)
	id := engine.BuiltinAt(e.Effective).ID
	for i, s := range base.Switches() {
		if own[i].Stated {
			out[i] = EditionSwitch{SwitchState: own[i]}
		} else {
			s.Stated = false // the built-in edition states it; e doesn't
			out[i] = EditionSwitch{SwitchState: s, Builtin: id}
		}
	}
	return out
}
