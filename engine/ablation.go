package engine

import (
	"maps"
	"slices"
)

// Rule ablation (issue 16): each rule the engine implements is registered
// under its Key, and the code that applies it asks t.applies(k) first. A
// rule can then be switched off (RulesEdition.Without) and the scenarios
// run again: a scenario that still passes with its example's rule off
// doesn't show that the engine follows that rule. The scenario package
// runs the ablation; TestGatesRegistered keeps this list and the gates in
// the code the same.

// gated lists every key whose rule the engine's code applies through the
// gate, in Keys order.
var gated = []Key{
	KeySBALife, KeySBADraw, KeySBAPoison, KeySBAToken, KeySBAToughness, KeySBALethal,
	KeySBADeathtouch, KeySBALegend, KeySBAWorld, KeySBACounters, KeyManaBurn, KeyManaEmpty,
	KeyDamageInfect, KeyDamageWither, KeyLifelink, KeyIndestructible, KeyTokenStays, KeyCleanup,
	KeyUntapStep, KeyDrawStep, KeyLandCount, KeyTiming, KeyIllegalTargets, KeyTargetOnce, KeyTrigger,
	KeyTriggerIf, KeyDelayed, KeyLandwalk, KeyRegenerate, KeyProtectDamage, KeyProtectTarget,
	KeyProtectBlock, KeyPrevent, KeyEntersWith, KeyEntersTapped, KeySick, KeyAttack, KeyBlock,
	KeyTrample, KeyFlying, KeyCanCant, KeyPhasing, KeyToxic, KeyAuraSBA, KeyPreventShield,
	KeyTrampleMarked,
}

// Gated lists the keys the engine can switch off, in Keys order.
func Gated() []Key { return slices.Clone(gated) }

// IsGated reports whether k's rule can be switched off.
func IsGated(k Key) bool { return slices.Contains(gated, k) }

// Without returns a copy of e in which the rules of keys don't apply: the
// code behind their gate is skipped, as if it had been deleted. Numbers,
// types and behaviour stay e's.
func (e *RulesEdition) Without(keys ...Key) *RulesEdition {
	c := *e
	c.off = maps.Clone(e.off)
	if c.off == nil {
		c.off = make(map[Key]bool, len(keys))
	}
	for _, k := range keys {
		c.off[k] = true
	}
	return &c
}

// Applies reports whether e applies k's rule: always, unless Without
// switched it off.
func (e *RulesEdition) Applies(k Key) bool { return !e.off[k] }

// applies is the gate: the code that implements k's rule runs only if it
// returns true.
func (t *tx) applies(k Key) bool { return t.ed.Applies(k) }
