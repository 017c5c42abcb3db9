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
// gate (Gated puts them in Keys order). Section 6's statements are listed
// with their keys (rulekeys_effects.go).
var gated = slices.Concat(effectGated, facesGated, mechanicsGated, multiGated, castingGated, casualGated, []Key{
	KeySBALife, KeySBADraw, KeySBAPoison, KeySBAToken, KeySBAToughness, KeySBALethal,
	KeySBADeathtouch, KeySBALegend, KeySBAWorld, KeySBACounters, KeyManaBurn, KeyManaEmpty,
	KeyDamageInfect, KeyDamageWither, KeyLifelink, KeyIndestructible, KeyTokenStays, KeyCleanup,
	KeyUntapStep, KeyDrawStep, KeyLandCount, KeyTiming, KeyIllegalTargets, KeyTargetOnce, KeyTrigger,
	KeyTriggerIf, KeyDelayed, KeyLandwalk, KeyRegenerate, KeyProtectDamage, KeyProtectTarget,
	KeyProtectBlock, KeyPrevent, KeyEntersWith, KeyEntersTapped, KeySick, KeyAttack, KeyBlock,
	KeyTrample, KeyFlying, KeyCanCant, KeyPhasing, KeyToxic, KeyAuraSBA,
	KeyAssignBlocked, KeyDeathtouchKW, KeyLifelinkKind, KeySBAPlaneswalker, KeyPreventShield,
	KeyTrampleMarked,
	// Characteristics, gated through State.applies (the state holds its
	// edition since issue 16's second round).
	KeyColor, KeyManaValue, KeyManaValueHybrid, KeyManaValuePhyrexian, KeyLayer7d, KeyCopy,
	KeyCopyEnter, KeyCopyExcept, KeyCopySpell, KeyHybrid, KeyPhyrexian, KeySubtypeChoice,
	KeyCopyValues, KeyCopyKeeps, KeyCopyChoices, KeyLayerParts, KeyTypesRetain, KeySupertypesKept,
	KeyLockSet, KeyLookBack, KeyStateTrigger, KeyNameTracks,
	KeyCumulative, KeyCumulativeShared, KeyPreventEach, KeyReplaceChain,
	KeyCostModified, KeyReplaceOrder, KeyCouldProduce, KeyActivateBanned,
	KeyReflexive, KeyTokenByName, KeyAssignBlocking, KeyLKI, KeyTriggerStack, KeyDamageStack,
	// Statements of rules whose printed examples scenarios demonstrate
	// (rulekeys_examples.go).
	KeySpellEffects, KeyAbilityZone, KeyFinalTargets, KeyExpend, KeyExchangeAll, KeyWalkNoCancel,
	KeyToxicTotal, KeySBAResolving, KeySBAOneReplace, KeyNegativeZero, KeyNegative,
	KeySubtypes, KeyCorrelated, KeyCreatureSubtypes, KeyLandSubtypes,
	KeyConvokeTotal, KeyEventPerAbility, KeyDevotionMods, KeyLifelinkEvents, KeySBALKI,
	KeyNameGrant, KeyNameSelf, KeySplice, KeySplicedText, KeyThisObject, KeyTokenText, KeyTokenName,
	KeyAPNAP, KeyUndefinedMana, KeyDetrimental, KeyStatedQuality, KeyIfYouDo, KeyDamageNoDestroy,
	KeyContradict, KeyUndetermined, KeyDifferentNames, KeyAddedStep,
	// Multiplayer (issue 17).
	KeyWinAlone, KeyLeaveGame, KeyDefendingOne, KeyBlockAttacked, KeyRange, KeyRangeTurn,
	KeyMeleeOptions, KeyEmperorOptions, KeyEmperorRanges, KeyAlternateSeats, KeyRangeAffect,
	KeyRangeAttack, KeyEmperorAttack, KeyRangeTrigger, KeyRangeMoving, KeyRangeTarget, KeyRangeInfo,
	// Section 6's examples (issue 16, third round).
	KeyCastTargetOnce, KeyPay, KeyConsiderChoices, KeyActivationCost, KeyEntersModified, KeyDelayedCreated,
	KeyManaAbilityStays, KeyTriggeredMana, KeyStaticEnters,
	KeyShuffle, KeyShuffleKeep, KeyShuffleAbsent, KeyShuffleEmpty, KeySearchMay, KeySearchUndefined, KeySearchPortion,
	KeyTokenCopyNone,
	// Controlling another player (rulekeys_control.go).
	KeyControlTurn, KeyControlSee, KeyControlDecide, KeyControlOwn, KeyControlConcede,
	// The damage assignment order (509.2, 509.3: M10 to Foundations) and
	// the combat damage step's rules around it.
	KeyOrderAttacker, KeyOrderBlocker, KeyAssignTotal, KeyCombatDamage,
	// The game itself: restarting it, its subgames (rulekeys_control.go).
	KeyRestartCards, KeySubgameEnd,
	// Revealing (reveal.go).
	KeyRevealAgain,
	// Name stickers (sticker.go).
	KeyStickerPlace, KeyStickerName,
})

// Gated lists the keys the engine can switch off, in Keys order.
func Gated() []Key {
	var out []Key
	for _, k := range Keys() {
		if slices.Contains(gated, k) && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

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

// applies is Applies for code that may have no edition (nil: every rule
// applies), such as characteristics computed from a setup state.
func (e *RulesEdition) applies(k Key) bool { return e == nil || e.Applies(k) }

// applies is the gate: the code that implements k's rule runs only if it
// returns true.
func (t *tx) applies(k Key) bool { return t.ed.Applies(k) }
