package registry

import "slices"

// gated lists every key whose rule the engine's code applies through the
// gate (Gated puts them in Keys order). Section 6's statements are listed
// with their keys (rulekeys_effects.go).
var gated = slices.Concat(effectGated, startGated, facesGated, mechanicsGated, keywordsGated, multiGated, teamsGated, castingGated, casualGated, []Key{
	SBALife, SBADraw, SBAPoison, SBAToken, SBAToughness, SBALethal,
	SBADeathtouch, SBALegend, SBAWorld, SBACounters, ManaBurn, ManaEmpty,
	DamageInfect, DamageWither, Lifelink, Indestructible, TokenStays, Cleanup,
	UntapStep, DrawStep, LandCount, Timing, IllegalTargets, TargetOnce, Trigger,
	TriggerOnce, TriggerRepeats,
	TriggerIf, Delayed, Landwalk, Regenerate, ProtectDamage, ProtectTarget,
	ProtectBlock, Prevent, EntersWith, EntersTapped, Sick, Attack, Block,
	Trample, Flying, CanCant, Phasing, Toxic, AuraSBA, EquipSBA,
	AssignBlocked, DeathtouchKW, LifelinkKind, SBAPlaneswalker, PreventShield,
	TrampleMarked,
	// Characteristics, gated through the engine's State.applies (the state holds its
	// edition since issue 16's second round).
	Color, ManaValue, ManaValueHybrid, ManaValuePhyrexian, Layer7d, Copy,
	CopyEnter, CopyExcept, CopySpell, Hybrid, Phyrexian, SubtypeChoice,
	CopyValues, CopyKeeps, CopyChoices, LayerParts, TypesRetain, SupertypesKept,
	LockSet, LookBack, StateTrigger, NameTracks, Dependency,
	Cumulative, CumulativeShared, PreventEach, ReplaceChain,
	CostModified, ReplaceOrder, CouldProduce, ActivateBanned,
	Reflexive, TokenByName, AssignBlocking, LKI, TriggerStack, DamageStack,
	// Statements of rules whose printed examples scenarios demonstrate
	// (rulekeys_examples.go).
	SpellEffects, AbilityZone, FinalTargets, Expend, ExchangeAll, WalkNoCancel,
	ToxicTotal, SBAResolving, SBAOneReplace, NegativeZero, Negative,
	Subtypes, Correlated, CreatureSubtypes, LandSubtypes,
	Convoke, ConvokeTotal, EventPerAbility, DevotionMods, LifelinkEvents, SBALKI,
	NameGrant, NameSelf, Splice, SplicedText, ThisObject, TokenText, TokenName,
	APNAP, UndefinedMana, Detrimental, StatedQuality, IfYouDo, DamageNoDestroy,
	Contradict, Undetermined, DifferentNames, AddedStep, PilesStay, EnterOthers,
	// Multiplayer (issue 17).
	WinAlone, LeaveGame, DefendingOne, BlockAttacked, Range, RangeTurn,
	MeleeOptions, EmperorOptions, EmperorRanges, AlternateSeats, RangeAffect,
	RangeAttack, EmperorAttack, RangeTrigger, RangeMoving, RangeTarget, RangeInfo,
	// Section 6's examples (issue 16, third round).
	CastTargetOnce, Pay, ConsiderChoices, ActivationCost, EntersModified, DelayedCreated,
	ManaAbilityStays, TriggeredMana, StaticEnters,
	Shuffle, ShuffleKeep, ShuffleAbsent, ShuffleEmpty, SearchMay, SearchUndefined, SearchPortion,
	TokenCopyNone,
	// Controlling another player (rulekeys_control.go).
	ControlTurn, ControlSee, ControlDecide, ControlOwn, ControlConcede,
	// The damage assignment order (509.2, 509.3: M10 to Foundations) and
	// the combat damage step's rules around it.
	OrderAttacker, OrderBlocker, AssignTotal, CombatDamage,
	// The game itself: restarting it, its subgames (rulekeys_control.go).
	RestartCards, SubgameEnd,
	// Revealing (engine/reveal.go).
	RevealAgain,
	// Name stickers (sticker.go).
	StickerPlace, StickerName,
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
