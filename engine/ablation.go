package engine

import (
	"maps"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Rule ablation (issue 16): each rule the engine implements is registered
// under its key (package registry lists those that can be switched off),
// and the code that applies it asks t.applies(k) first. A
// rule can then be switched off (RulesEdition.Without) and the scenarios
// run again: a scenario that still passes with its example's rule off
// doesn't show that the engine follows that rule. The scenario package
// runs the ablation; TestGatesRegistered keeps the registry's list and the
// gates in the code the same.

// Without returns a copy of e in which the rules of keys don't apply: the
// code behind their gate is skipped, as if it had been deleted. Numbers,
// types and behaviour stay e's.
func (e *RulesEdition) Without(keys ...registry.Key) *RulesEdition {
	c := *e
	c.off = maps.Clone(e.off)
	if c.off == nil {
		c.off = make(map[registry.Key]bool, len(keys))
	}
	for _, k := range keys {
		c.off[k] = true
	}
	return &c
}

// Applies reports whether e applies k's rule: always, unless Without
// switched it off.
func (e *RulesEdition) Applies(k registry.Key) bool { return !e.off[k] }

// applies is Applies for code that may have no edition (nil: every rule
// applies), such as characteristics computed from a setup state.
func (e *RulesEdition) applies(k registry.Key) bool { return e == nil || e.Applies(k) }

// applies is the gate: the code that implements k's rule runs only if it
// returns true.
func (t *tx) applies(k registry.Key) bool { return t.ed.Applies(k) }
