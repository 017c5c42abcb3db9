package registry

import (
	"regexp"
	"slices"

	"github.com/arbiter-rules/arbiter/rules"
)

// Key names a rule the engine applies, independently of where an edition
// numbers it: the legend rule is 420.5e in 2007, 704.5k in 2009 and 704.5j in
// 2026, but always SBALegend. An edition (engine.RulesEdition)
// maps keys to its numbers.
type Key string

// The rules the engine applies or decides with. Each has a recognizer below
// that finds it in an edition's text; engine/numbering.go holds what
// the recognizers found in every corpus edition.
const (
	SBACheck      Key = "sba.check"      // 704.3: whenever a player would receive priority, check SBAs until none apply
	SBALife       Key = "sba.life"       // 704.5a: 0 or less life loses
	SBADraw       Key = "sba.draw"       // 704.5b: drew from an empty library loses
	SBAPoison     Key = "sba.poison"     // 704.5c: ten or more poison counters loses
	SBAToken      Key = "sba.token"      // 704.5d: a token off the battlefield ceases to exist
	SBAToughness  Key = "sba.toughness"  // 704.5f: toughness 0 or less → graveyard
	SBALethal     Key = "sba.lethal"     // 704.5g: lethal damage → destroyed
	SBADeathtouch Key = "sba.deathtouch" // 704.5h: damage from deathtouch → destroyed
	SBALegend     Key = "sba.legend"     // 704.5j: the legend rule
	SBAWorld      Key = "sba.world"      // 704.5k: the world rule
	SBACounters   Key = "sba.counters"   // 704.5q: +1/+1 and -1/-1 counters annihilate

	ManaBurn  Key = "mana.burn"  // 300.3 (2007): unused mana at the end of a phase costs life
	ManaEmpty Key = "mana.empty" // 500.5: mana pools empty as steps and phases end (2007: 300.3)

	Color       Key = "color"        // 202.2: color from the mana cost
	Colorless   Key = "color.none"   // 202.2b: no colored symbols → colorless
	ColorHybrid Key = "color.hybrid" // 202.2d: hybrid symbols give all their colors

	ManaValue          Key = "manavalue"           // 202.3: mana value / converted mana cost
	ManaValueNone      Key = "manavalue.none"      // 202.3a: no mana cost → 0
	ManaValueX         Key = "manavalue.x"         // 202.3e: X is 0 off the stack
	ManaValueHybrid    Key = "manavalue.hybrid"    // 202.3f: hybrid counts its largest component
	ManaValuePhyrexian Key = "manavalue.phyrexian" // 202.3g: Phyrexian counts 1

	Subtypes       Key = "types.subtypes"    // 205.3b: each word after the dash is a subtype
	Correlated     Key = "types.correlated"  // 205.3c: each subtype correlates to its card type
	SubtypeChoice  Key = "types.choice"      // 205.3e: choose one, and only one, existing subtype
	CardTypes      Key = "types.card"        // 205.2a: the list of card types
	Supertypes     Key = "types.super"       // 205.4a: the list of supertypes
	ArtifactTypes  Key = "types.artifact"    // 205.3g
	EnchantTypes   Key = "types.enchantment" // 205.3h
	LandTypes      Key = "types.land"        // 205.3i
	BasicLandTypes Key = "types.basic"       // 305.6 (2003: 212.6d): the five basic land types
	WalkerTypes    Key = "types.planeswalker"
	SpellTypes     Key = "types.spell"    // 205.3k
	CreatureTypes  Key = "types.creature" // 205.3m
	PlanarTypes    Key = "types.planar"
	OwnersZone     Key = "zone.owner"      // 400.3: cards go to their owner's library, hand, graveyard
	Draw           Key = "draw"            // 121.1
	Destroy        Key = "destroy"         // 701.8a
	Sacrifice      Key = "sacrifice"       // 701.21a
	Tap            Key = "tap"             // 701.26a
	Untap          Key = "untap"           // 701.26b
	CreateToken    Key = "token.create"    // 111.1
	DamagePlayer   Key = "damage.player"   // 120.3a
	DamageInfect   Key = "damage.infect"   // 120.3b
	DamageCreature Key = "damage.creature" // 120.3e
	DamageWither   Key = "damage.wither"   // 120.3d
	Lifelink       Key = "damage.lifelink" // 120.3f
	LifeChange     Key = "life"            // 119.3
	Counters       Key = "counters"        // 122.1
	Indestructible Key = "indestructible"  // 702.12b
	ManaSymbols    Key = "mana.symbols"    // 107.4: the list of mana symbols
	ManaPool       Key = "mana.pool"       // 106.4: added mana goes into the pool
	TokenStays     Key = "token.stays"     // 111.8: a token that has left the battlefield can't move again
	Cleanup        Key = "cleanup"         // 514.2: damage wears off in the cleanup step
)

// Keys for the stack, abilities and continuous effects (issue 7).
const (
	Pass              Key = "priority.pass"     // 117.3d: a player with priority who takes no action passes
	AllPass           Key = "priority.resolve"  // 117.4: all players pass in succession: the top of the stack resolves, or the step ends
	PriorityAfter     Key = "priority.after"    // 117.3b: the active player receives priority after a spell or ability resolves
	StepEnds          Key = "step.ends"         // 500.2: a step ends when the stack is empty and all players pass
	UntapStep         Key = "step.untap"        // 502.3: the active player untaps their permanents
	DrawStep          Key = "step.draw"         // 504.1: the active player draws a card
	StepBegin         Key = "step.begin"        // 500.6: "at the beginning of" abilities trigger as a step begins
	HandSize          Key = "cleanup.discard"   // 514.1: discard down to maximum hand size
	PlayLand          Key = "land.play"         // 305.1: playing a land is a special action in your main phase
	LandCount         Key = "land.count"        // 305.2: one land per turn unless effects say more
	Timing            Key = "timing.sorcery"    // 117.1a: noninstant spells only in your main phase with an empty stack
	Cast              Key = "cast"              // 601.2: casting a spell
	Targets           Key = "cast.targets"      // 601.2c: targets are chosen as a spell is cast
	TotalCost         Key = "cast.cost"         // 601.2f: the total cost is determined and locked in
	Pay               Key = "cast.pay"          // 601.2h: the player pays the total cost
	Activate          Key = "activate"          // 602.2: activating an ability puts it on the stack and pays its costs
	ManaAbility       Key = "mana.ability"      // 605.3b: a mana ability resolves at once, without the stack
	Resolve           Key = "resolve"           // 608.2c: the controller follows the instructions in the order written
	IllegalTargets    Key = "resolve.illegal"   // 608.2b: a spell or ability whose targets are all illegal doesn't resolve
	ToGraveyard       Key = "resolve.graveyard" // 608.2n: an instant or sorcery goes to its owner's graveyard as it finishes resolving
	EnterResolve      Key = "resolve.permanent" // 608.3a: a permanent spell resolves onto the battlefield
	Counter           Key = "counter"           // 701.6a: a countered spell goes to its owner's graveyard
	TargetOnce        Key = "target.once"       // 115.3: the same target only once per "target"
	Trigger           Key = "trigger"           // 603.2: an event matching a trigger condition triggers the ability
	TriggerStack      Key = "trigger.stack"     // 603.3b: triggered abilities go on the stack in APNAP order
	TriggerIf         Key = "trigger.if"        // 603.4: an intervening "if" clause is checked twice
	TriggerOnce       Key = "trigger.once"      // 603.2c: an ability triggers only once each time its trigger event occurs ("whenever one or more creatures die")
	TriggerRepeats    Key = "trigger.repeats"   // 603.2c: it triggers repeatedly if one event contains multiple occurrences ("whenever a land is put into a graveyard")
	Delayed           Key = "trigger.delayed"   // 603.7: delayed triggered abilities
	LookBack          Key = "trigger.lookback"  // 603.10: leaves-the-battlefield abilities look back in time
	StateTrigger      Key = "trigger.state"     // 603.8: state triggers
	LKI               Key = "lki"               // 608.2h: information from the game; last known information
	SourceIndependent Key = "ability.source"    // 113.7a: an ability on the stack exists independently of its source
	Layers            Key = "layers"            // 613.1: characteristics are determined layer by layer
	Layer1            Key = "layer.1"           // 613.1a: layer 1, copy effects
	Layer2            Key = "layer.2"           // 613.1b: layer 2, control
	Layer3            Key = "layer.3"           // 613.1c: layer 3, text
	Layer4            Key = "layer.4"           // 613.1d: layer 4, type
	Layer5            Key = "layer.5"           // 613.1e: layer 5, color
	Layer6            Key = "layer.6"           // 613.1f: layer 6, abilities
	Layer7a           Key = "layer.7a"          // 613.4a: layer 7a, characteristic-defining power and toughness
	Layer7b           Key = "layer.7b"          // 613.4b: layer 7b, setting power and toughness
	Layer7c           Key = "layer.7c"          // 613.4c: layer 7c, modifying power and toughness, counters
	Layer7d           Key = "layer.7d"          // 613.4d: layer 7d, switching power and toughness
	Timestamp         Key = "timestamp"         // 613.7: timestamp order
	Dependency        Key = "dependency"        // 613.8a: one effect depends on another
	CDA               Key = "cda"               // 604.3: characteristic-defining abilities work in every zone
	Copy              Key = "copy"              // 707.2: a copy acquires the copiable values
	CopyEnter         Key = "copy.enter"        // 707.5: entering as a copy
	CopyExcept        Key = "copy.except"       // 707.9: copy effects with exceptions
	CopySpell         Key = "copy.spell"        // 707.10: a copy of a spell copies the choices made for it
	ChangeTargets     Key = "target.change"     // 115.7: effects that change targets or choose new ones
	Convoke           Key = "convoke"           // 702.51a: tapping creatures to pay for a spell
	Landwalk          Key = "combat.landwalk"   // 702.14c: unblockable while the defender controls such a land
	Regenerate        Key = "regenerate"        // 701.19a: regeneration replaces destruction
	ProtectDamage     Key = "protection.damage" // 702.16e: protection prevents damage
	ProtectTarget     Key = "protection.target" // 702.16b: protection: can't be targeted
	ProtectBlock      Key = "protection.block"  // 702.16f: protection: can't be blocked
	Prevent           Key = "prevent"           // 615.1: prevention effects
	Replace           Key = "replace"           // 614.1: replacement effects
	EntersWith        Key = "enters.with"       // 614.1c: "enters with" and "as enters" are replacement effects
	EntersTapped      Key = "enters.tapped"     // 614.1d: "enters tapped" is a replacement effect
	Discard           Key = "discard"           // 701.9a: discarding
	Exile             Key = "exile"             // 701.13a: exiling
	Win               Key = "win"               // 104.2b: an effect states that a player wins
	NameSelf          Key = "name.self"         // 201.5b: an ability naming its object means whatever object has it
	NameGrant         Key = "name.grant"        // 201.5a: a granted ability naming its grantor means that object
	ThisObject        Key = "this.object"       // 700.7: "this [something]" means that object even if it changes
	Sick              Key = "combat.sick"       // 302.6: summoning sickness
	Attack            Key = "combat.attack"     // 508.1: declaring attackers
	Block             Key = "combat.block"      // 509.1: declaring blockers
	Assign            Key = "combat.damage"     // 510.1: assigning combat damage
	CombatDamage      Key = "combat.deal"       // 510.2: combat damage is dealt simultaneously
	Trample           Key = "combat.trample"    // 702.19b: trample assigns excess damage to the player
	Flying            Key = "combat.flying"     // 702.9b: flying: blocked only by flying or reach
	CanCant           Key = "can.cant"          // 101.2: "can't" beats "can"
	Phasing           Key = "phasing"           // 702.26b: a phased-out permanent is treated as though it doesn't exist
	Undying           Key = "undying"           // 702.93a: undying
	Splice            Key = "splice"            // 702.47a: splice
	Kicker            Key = "kicker"            // 702.33a: kicker
	Fading            Key = "fading"            // 702.32a: fading
	Toxic             Key = "toxic"             // 702.164c: toxic gives poison counters
	Changeling        Key = "changeling"        // 702.73a: changeling: every creature type
	X                 Key = "cost.x"            // 107.3: X is chosen
	Hybrid            Key = "cost.hybrid"       // 107.4e: hybrid symbols are paid with either half
	Phyrexian         Key = "cost.phyrexian"    // 107.4f: Phyrexian symbols are paid with mana or 2 life
	AddCost           Key = "cost.additional"   // 601.2b: additional and alternative costs are announced
	Locked            Key = "cost.locked"       // 601.2f: the total cost is locked in
	Variable          Key = "effect.variable"   // 611.2d: X in a continuous effect is fixed on resolution
	LockSet           Key = "effect.lockset"    // 611.2c: a resolved effect's set of objects is fixed as it begins
	StaticEffect      Key = "effect.static"     // 611.3a: a static ability's effect isn't locked in
	LifelinkKW        Key = "lifelink"          // 702.15b: lifelink
	AuraSBA           Key = "sba.aura"          // 704.5m: an illegal or unattached Aura goes to the graveyard
	EquipSBA          Key = "sba.equip"         // 704.5n: an Equipment or Fortification on an illegal permanent becomes unattached
	Stack             Key = "stack"             // 405.1: the stack
	EndStep           Key = "step.end"          // 513.1: the end step
)

// Keys for the rules whose version decides how the engine plays (engine/switches.go).
const (
	Zones           Key = "zones"            // 400.1: the zones, "battlefield" and "exile" since M10 (2007: 217.1, "in play")
	DamageStack     Key = "combat.stack"     // 310.1 (2007): assigned combat damage goes on the stack; gone with M10
	AssignBlocked   Key = "combat.blocked"   // 510.1c: how a blocked creature divides its damage among its blockers
	DeathtouchKW    Key = "deathtouch"       // 702.2a: deathtouch is a static ability (2007: 502.63a, a triggered one)
	LifelinkKind    Key = "lifelink.ability" // 702.15a: lifelink is a static ability (2007: 502.68a, a triggered one)
	SBAPlaneswalker Key = "sba.planeswalker" // 704.5j (2009–2017): the planeswalker uniqueness rule
)

// recognizer finds one Key's rule in an edition by what the rule says. Text
// is matched lower-cased with straight quotes (see Fold).
type recognizer struct {
	key      Key
	chapters []uint16 // the rule must be in one of these chapters; none means any
	sub      int      // 1: a rule (704.3), 2: a subrule (704.5a), 0: either
	re, not  *regexp.Regexp
	// title, if set, must match the folded title of the rule's chapter
	// ("damage"), for rules that other chapters quote word for word.
	title *regexp.Regexp
	// parent, if set, must match the folded text of the rule's parent,
	// for subrules that sibling rules repeat word for word (610.3d and
	// 610.4d).
	parent *regexp.Regexp
}

func rx(s string) *regexp.Regexp { return regexp.MustCompile(s) }

var (
	sbaChapters = []uint16{420, 704}
	damageTitle = rx(`^damage$`)
)

// recognizers are ordered by Key declaration; ManaEmpty accepts the same
// rule as ManaBurn in editions that had mana burn. Those of the keys
// rule ablation added are in rulekeys_gated.go, rulekeys_casting.go,
// rulekeys_examples.go and rulekeys_effects.go; the multiplayer rules' in
// rulekeys_multi.go.
var recognizers = slices.Concat(coreRecognizers, gatedRecognizers, castingRecognizers, exampleRecognizers, multiRecognizers, teamsRecognizers, effectRecognizers, facesRecognizers, mechanicsRecognizers, keywordsRecognizers, controlRecognizers, gameRecognizers, startRecognizers, subgameRecognizers, casualRecognizers, stickerRecognizers)

var coreRecognizers = []recognizer{
	{key: SBACheck, chapters: sbaChapters, sub: 1, re: rx(`would (get|receive) priority`)},
	{key: SBALife, chapters: sbaChapters, sub: 2, re: rx(`(0|zero) (or less )?life|0 life or less|0 or less life`), not: rx(`team`)},
	{key: SBADraw, chapters: sbaChapters, sub: 2, re: rx(`draw (a card from (an empty library|a library with no cards)|more cards than)`), not: rx(`team`)},
	{key: SBAPoison, chapters: sbaChapters, sub: 2, re: rx(`ten or more poison counters`), not: rx(`team`)},
	{key: SBAToken, chapters: sbaChapters, sub: 2, re: rx(`token.*(ceases to exist|removed from the game)`), not: rx(`copy`)},
	{key: SBAToughness, chapters: sbaChapters, sub: 2, re: rx(`creature (with|has) toughness 0 or less`)},
	{key: SBALethal, chapters: sbaChapters, sub: 2, re: rx(`lethal damage`), not: rx(`deathtouch`)},
	{key: SBADeathtouch, chapters: sbaChapters, sub: 2, re: rx(`deathtouch`)},
	{key: SBALegend, chapters: sbaChapters, sub: 2, re: rx(`legend.*same name|same name.*legend`), not: rx(`planeswalker`)},
	{key: SBAWorld, chapters: sbaChapters, sub: 2, re: rx(`supertype world|enchant worlds|world permanents`)},
	{key: SBACounters, chapters: sbaChapters, sub: 2, re: rx(`\+1/\+1 counter and a -1/-1 counter`)},

	{key: ManaBurn, chapters: []uint16{300}, re: rx(`loses? 1 life for each`)},
	// 2003-05-26 misprints "is lost" as "is lsot".
	{key: ManaEmpty, chapters: []uint16{300, 500}, re: rx(`(unused|unspent) mana.*(empties|is lost|is lsot)`)},

	{key: Color, chapters: []uint16{202, 203}, re: rx(`^an? (object|card) is the colou?r or colou?rs of the mana symbols in its mana cost`)},
	{key: Colorless, chapters: []uint16{202, 203}, re: rx(`no colored mana symbols in (its|their) mana costs? (is|are) colorless`)},
	{key: ColorHybrid, chapters: []uint16{202, 203}, re: rx(`hybrid mana symbols?.*(is|are) (each|all) of the colors`)},

	{key: ManaValue, chapters: []uint16{202, 203}, re: rx(`^the (converted mana cost|mana value) of an? (object|card) is (a number equal to )?the total amount of mana`)},
	{key: ManaValueNone, chapters: []uint16{202, 203}, re: rx(`(converted mana cost|mana value) of an object with no mana cost is 0`)},
	{key: ManaValueX, chapters: []uint16{202, 203}, re: rx(`x is treated as 0`)},
	{key: ManaValueHybrid, chapters: []uint16{202, 203}, re: rx(`largest component`)},
	{key: ManaValuePhyrexian, chapters: []uint16{202, 203}, re: rx(`phyrexian mana symbol.*contributes 1`)},

	{key: Subtypes, chapters: []uint16{204, 205}, re: rx(`each word after the dash is a separate subtype`)},
	{key: Correlated, chapters: []uint16{204, 205, 212}, re: rx(`correlated to its appropriate card type`)},
	{key: SubtypeChoice, chapters: []uint16{204, 205, 212, 214}, re: rx(`one, and only one, existing`)},
	{key: CardTypes, chapters: []uint16{204, 205}, re: rx(`^the (card )?types are `)},
	{key: Supertypes, chapters: []uint16{204, 205}, re: rx(`the supertypes are `)},
	{key: ArtifactTypes, chapters: []uint16{204, 205}, re: rx(`the artifact types are `)},
	{key: EnchantTypes, chapters: []uint16{204, 205}, re: rx(`the enchantment types are `)},
	{key: LandTypes, chapters: []uint16{204, 205}, re: rx(`the land types are `)},
	{key: BasicLandTypes, chapters: []uint16{212, 305}, re: rx(`^the basic land types are `)},
	{key: WalkerTypes, chapters: []uint16{204, 205}, re: rx(`the planeswalker types are `)},
	{key: SpellTypes, chapters: []uint16{204, 205}, re: rx(`(the spell types are|the only spell type at this time is) `)},
	{key: CreatureTypes, chapters: []uint16{204, 205}, re: rx(`called creature types\. (the creature types are|one creature type)`)},
	{key: PlanarTypes, chapters: []uint16{204, 205}, re: rx(`the planar types are `)},

	{key: OwnersZone, chapters: []uint16{217, 400}, re: rx(`would go to any library, graveyard, or hand other than its owner.?s`)},
	{key: Draw, re: rx(`draws a card by putting the top card of`)},
	{key: Destroy, chapters: []uint16{501, 701}, re: rx(`^to destroy a permanent, move it from`)},
	{key: Sacrifice, chapters: []uint16{501, 701}, re: rx(`^to sacrifice a permanent, its controller moves it`)},
	{key: Tap, chapters: []uint16{501, 701}, re: rx(`^to tap a permanent, turn it sideways`)},
	{key: Untap, chapters: []uint16{501, 701}, re: rx(`^to untap a permanent, (rotate|turn) it back`)},
	{key: CreateToken, chapters: []uint16{110, 111, 216}, sub: 1, re: rx(`^some effects put tokens (into play|onto the battlefield)`)},
	{key: DamagePlayer, title: damageTitle, re: rx(`^damage dealt to a player (by a source without infect )?causes that player to lose that much life`)},
	{key: DamageInfect, title: damageTitle, re: rx(`^damage dealt to a player by a source with infect`)},
	{key: DamageCreature, title: damageTitle, re: rx(`^damage dealt to a creature by a source (without wither|with neither wither nor infect|without wither or infect)`)},
	{key: DamageWither, title: damageTitle, re: rx(`^damage dealt to a creature by a source with wither`)},
	{key: Lifelink, title: damageTitle, re: rx(`^damage dealt by a source with lifelink`)},
	{key: LifeChange, chapters: []uint16{117, 118, 119, 215}, re: rx(`^if an effect causes a player to gain life or lose life`)},
	{key: Counters, re: rx(`^a counter is a marker placed on an object or player`)},
	{key: Indestructible, chapters: []uint16{502, 702}, re: rx(`^a permanent with indestructible can.?t be destroyed`)},
	{key: ManaSymbols, chapters: []uint16{104, 107}, re: rx(`^the mana symbols are `)},
	{key: ManaPool, chapters: []uint16{106}, re: rx(`mana goes into a player.?s mana pool`)},
	{key: TokenStays, chapters: []uint16{110, 111, 216}, re: rx(`^a token that has left (play|the battlefield) can.?t`)},
	{key: Cleanup, chapters: []uint16{314, 514}, re: rx(`all damage (marked on permanents.* is removed|is removed from permanents)`)},
	{key: Pass, sub: 2, re: rx(`(chooses not to (take any actions|do anything)|doesn.t want to (play|do) anything).*(pass|next player)`)},
	{key: AllPass, chapters: []uint16{115, 116, 117, 217, 300}, re: rx(`^(if|each time|when) (all|both) players pass in succession`)},
	{key: PriorityAfter, chapters: []uint16{115, 116, 117, 408}, sub: 2, re: rx(`receives priority after a spell or ability .*resolves`)},
	{key: StepEnds, chapters: []uint16{300, 500}, sub: 1, re: rx(`(phase|step) (in which players receive priority )?ends when the stack is empty and (all|both) players pass`)},
	{key: UntapStep, chapters: []uint16{302, 502}, re: rx(`determines which permanents (he or she controls|they control) will untap`)},
	{key: DrawStep, chapters: []uint16{304, 504}, re: rx(`^(first, )?the active player draws a card|the draw step action.the active player drawing a card`)},
	{key: StepBegin, chapters: []uint16{300, 500}, sub: 1, re: rx(`(when|as) a (phase|step) begins, any abilities that trigger "at the beginning of|abilities that trigger "at the beginning of" (that|a) (phase|step)`)},
	{key: HandSize, chapters: []uint16{314, 514}, re: rx(`maximum hand size \(normally seven\), (he or she|they) discards?`)},
	{key: PlayLand, chapters: []uint16{305}, re: rx(`may play (a|one) land( card)? from (his or her|their) hand`)},
	{key: LandCount, chapters: []uint16{305}, sub: 1, re: rx(`((can|may) normally play (only )?one land( card)? during (his or her|their) turn|may play one land( card)? from his or her hand)`)},
	{key: Timing, chapters: []uint16{115, 116, 117, 408}, sub: 2, re: rx(`(noninstant spell|spells other than instants).*main phase`)},
	// 2003-05-26's 409.1 keeps only its second sentence: "If, at any
	// point during the playing of a spell or ability, a player is unable
	// to comply with any of these steps listed below, …".
	{key: Cast, chapters: []uint16{409, 601}, sub: 1, re: rx(`^(to cast a spell|casting a spell|playing a spell)( or activated ability)? (is|follows)|^if, at any point during the playing of a spell or ability, a player is unable to comply`), not: rx(`alters costs`)},
	{key: Targets, chapters: []uint16{409, 601}, sub: 2, re: rx(`announces (his or her|their) choice of an appropriate player, object, or zone for each target|declares? (his or her|their|the) (choice|targets)|announces how many targets|chooses the appropriate players and/or objects for each target`)},
	{key: TotalCost, chapters: []uint16{409, 601}, sub: 2, re: rx(`determines the total cost`)},
	{key: Pay, chapters: []uint16{409, 601}, sub: 2, re: rx(`pays the total cost`)},
	{key: Activate, chapters: []uint16{409, 602}, sub: 1, re: rx(`^(to activate an ability is|activating an ability)`), not: rx(`alters costs`)},
	{key: ManaAbility, chapters: []uint16{408, 411, 406, 605}, re: rx(`(an activated mana ability doesn.t go on the stack|mana abilities resolve immediately|^a mana ability doesn.t go on the stack)`)},
	// 2003-05-26 misprints "in the order written" as "in the order within".
	{key: Resolve, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`follows its instructions in the order (written|within)`)},
	{key: IllegalTargets, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`checks whether the targets are still legal`)},
	{key: ToGraveyard, chapters: []uint16{413, 607, 608}, re: rx(`(instant or sorcery spell.s resolution, the spell is put into its owner.s graveyard|as the final part of an instant or sorcery spell.s resolution)`)},
	{key: EnterResolve, chapters: []uint16{413, 607, 608}, re: rx(`(becomes a permanent and (is put onto|enters) the battlefield|a spell (card )?is put into play from the stack|is put onto the battlefield under the control of the spell.s controller|^a spell card is put into play under the control of the spell.s controller)`), not: rx(`^if the object that.s resolving is (an aura|a copy of a permanent spell|a mutating)|illegal target|bestow`)},
	{key: Counter, chapters: []uint16{414, 701}, re: rx(`^to counter a spell`)},
	{key: TargetOnce, chapters: []uint16{113, 114, 115, 409, 415}, re: rx(`same target can.t be chosen (multiple times|more than once) for any one instance of the word "target"|can.t choose the same target more than once`)},
	{key: Trigger, chapters: []uint16{404, 410, 603}, sub: 1, re: rx(`^whenever a game event or game state matches a triggered ability.s trigger event`)},
	// 603.2c: both sentences of one subrule, each its own key.
	{key: TriggerOnce, chapters: []uint16{410, 603}, sub: 2, re: rx(`^an ability triggers only once each time its trigger event occurs`)},
	{key: TriggerRepeats, chapters: []uint16{410, 603}, sub: 2, re: rx(`it can trigger repeatedly if one event contains multiple occurrences`)},
	{key: TriggerStack, chapters: []uint16{410, 603}, re: rx(`(next time a player would receive priority, each player, in apnap order|pseudospells controlled by the active player go on the stack first|each player, in apnap order, puts triggered abilities|in apnap order|active player go on the stack first)`)},
	{key: TriggerIf, chapters: []uint16{410, 603}, sub: 1, re: rx(`(intervening "if" clause|condition directly following the trigger event|^a triggered ability may read "when/whenever/at \[trigger event\], if \[condition\])`)},
	{key: Delayed, chapters: []uint16{404, 603}, sub: 1, re: rx(`(delayed triggered abilit(y|ies) (is|are) created|effects? (may )?creates? (a )?delayed triggered abilit)`)},
	{key: LookBack, chapters: []uint16{410, 603}, re: rx(`^normally, objects that exist immediately after an event are checked|must be treated specially because the permanent with the ability`)},
	{key: StateTrigger, chapters: []uint16{410, 603}, sub: 1, re: rx(`trigger (on|when) a game state`)},
	{key: LKI, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`if an effect requires information from the game`)},
	{key: SourceIndependent, chapters: []uint16{112, 113, 402}, re: rx(`exists? (on the stack )?independently of its source`)},
	{key: Layers, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`(the values of an object.s characteristics are determined by starting|characteristic is determined by starting with the printed)`)},
	{key: Layer1, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^layer 1:`)},
	{key: Layer2, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^layer 2:`)},
	{key: Layer3, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^layer 3:`)},
	{key: Layer4, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^layer 4:`)},
	{key: Layer5, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^layer 5:`)},
	{key: Layer6, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^layer 6:`)},
	{key: Layer7a, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^(layer 7a|7a):`)},
	{key: Layer7b, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^(layer 7b|7b):`)},
	{key: Layer7c, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^(layer 7c|7c):`)},
	{key: Layer7d, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^(layer 7d|7d):`)},
	{key: Timestamp, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`determining which order effects are applied in is usually done using a timestamp system`)},
	{key: Dependency, chapters: []uint16{418, 612, 613}, re: rx(`is said to "depend on" another`)},
	{key: CDA, chapters: []uint16{405, 412, 604}, sub: 1, re: rx(`characteristic-defining abilit`)},
	{key: Copy, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^when copying an object, the copy acquires the copiable values`)},
	{key: CopyEnter, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`(enters the battlefield "as a copy" or "that.s a copy"|(comes into play|enters the battlefield) as a copy)`), not: rx(`choices`)},
	{key: CopyExcept, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`copy effects may include modifications or exceptions`)},
	{key: CopySpell, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^to copy a spell`)},
	{key: ChangeTargets, chapters: []uint16{113, 114, 115}, sub: 1, re: rx(`^some effects allow a player to change the target`)},
	{key: Convoke, chapters: []uint16{502, 702}, sub: 2, re: rx(`^convoke is a static ability`)},
	{key: Landwalk, chapters: []uint16{502, 702}, sub: 2, re: rx(`^(landwalk and snow(-covered)? landwalk are evasion abilities\. |landwalk is an evasion ability\. )?a creature with landwalk (is unblockable|can't be blocked) as long as`)},
	{key: Regenerate, chapters: []uint16{419, 501, 701}, re: rx(`^(if the effect of a resolving spell or ability regenerates a permanent|regenerate \[permanent\]" means|the phrase "regenerate \[permanent\]" means)`)},
	{key: ProtectDamage, chapters: []uint16{502, 702}, sub: 2, re: rx(`damage that would be dealt by sources that have the stated quality to a (creature|permanent) (or player )?with protection is prevented`)},
	{key: ProtectTarget, chapters: []uint16{502, 702}, sub: 2, re: rx(`can.t be targeted by spells with the stated quality`)},
	{key: ProtectBlock, chapters: []uint16{502, 702}, sub: 2, re: rx(`with protection can.t be blocked by creatures that have the stated quality`)},
	{key: Prevent, chapters: []uint16{419, 614, 615}, sub: 1, re: rx(`^some continuous effects are prevention effects`)},
	{key: Replace, chapters: []uint16{419, 613, 614}, sub: 1, re: rx(`^some continuous effects are replacement effects`)},
	{key: EntersWith, chapters: []uint16{419, 613, 614}, sub: 2, re: rx(`effects that read "\[this permanent\] enters( the battlefield)? with`)},
	{key: EntersTapped, re: rx(`continuous effects that read "\[this permanent\] enters|"\[this permanent\] enters tapped"`)},
	{key: Discard, chapters: []uint16{501, 701}, re: rx(`^to discard a card, move it from its owner.s hand`)},
	{key: Exile, chapters: []uint16{406, 701}, sub: 2, re: rx(`^to exile an object, move it to the exile zone`)},
	{key: Win, chapters: []uint16{102, 104}, sub: 2, re: rx(`^an effect may state that a player wins the game`)},
	{key: NameSelf, chapters: []uint16{201, 202}, sub: 2, re: rx(`refers to that object by name, and an object with a different name gains that ability`)},
	{key: NameGrant, chapters: []uint16{201, 202}, sub: 2, re: rx(`(grants another ability|grants to (another|an) object an ability).*(by name|that refers to)`)},
	{key: ThisObject, chapters: []uint16{201, 202, 700}, re: rx(`uses a phrase such as "this \[something\]"`)},
	{key: Sick, chapters: []uint16{212, 302}, re: rx(`(attack|use).*(continuously|continuous control).*(since|beginning of).*most recent turn|summoning sickness`)},
	{key: Attack, chapters: []uint16{308, 508}, sub: 1, re: rx(`^first, the active player declares attackers`)},
	{key: Block, chapters: []uint16{309, 509}, sub: 1, re: rx(`^first, the defending player declares blockers`)},
	{key: Assign, chapters: []uint16{310, 510}, sub: 1, re: rx(`^first, the active player announces how each attacking creature assigns its combat damage`)},
	{key: CombatDamage, chapters: []uint16{310, 510}, sub: 1, re: rx(`^second, all combat damage that.s been assigned is dealt simultaneously`)},
	{key: Trample, chapters: []uint16{502, 702}, sub: 2, re: rx(`controller of an attacking creature with trample first assigns damage to the creature\(s\) blocking it`)},
	{key: Flying, chapters: []uint16{502, 702}, sub: 2, re: rx(`^a creature with flying can.t be blocked except by creatures with flying and/or reach`), not: rx(`rule 702.9|rule 502.4`)},
	{key: CanCant, chapters: []uint16{103, 101}, sub: 1, re: rx(`^when a rule or effect allows or directs something to happen, and another effect states that it can.t happen`)},
	{key: Phasing, chapters: []uint16{502, 702}, sub: 2, re: rx(`phased-out permanent is treated as though it does not exist`)},
	{key: Undying, chapters: []uint16{502, 702}, sub: 2, re: rx(`^undying is a triggered ability`)},
	{key: Splice, chapters: []uint16{502, 702}, sub: 2, re: rx(`^splice is a static ability that functions while a card is in your hand`)},
	{key: Kicker, chapters: []uint16{502, 702}, sub: 2, re: rx(`^kicker is a static ability that functions while the spell with kicker is on the stack`)},
	{key: Fading, chapters: []uint16{502, 702}, sub: 2, re: rx(`^fading is a keyword that represents two abilities`)},
	{key: Toxic, chapters: []uint16{702}, sub: 2, re: rx(`^combat damage dealt to a player by a creature with toxic`)},
	{key: Changeling, chapters: []uint16{502, 702}, sub: 2, re: rx(`^changeling is a characteristic-defining ability`)},
	{key: X, chapters: []uint16{104, 107}, re: rx(`letter x as a placeholder|x is a placeholder`)},
	{key: Hybrid, chapters: []uint16{104, 107}, sub: 2, re: rx(`(hybrid mana symbols? (is|are) also (a )?colored mana symbols?|each hybrid mana symbol .*can be paid)`)},
	{key: Phyrexian, chapters: []uint16{104, 107}, sub: 2, re: rx(`phyrexian mana symbol.*can be paid (either )?with`)},
	{key: AddCost, chapters: []uint16{409, 601}, sub: 2, re: rx(`alternative or additional costs that will be paid as it.s being cast|announces (his or her|their) intentions to pay`)},
	{key: Locked, chapters: []uint16{409, 601}, sub: 2, re: rx(`"locked in`)},
	{key: Variable, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`contains a variable such as x, the value of that variable is determined only once`)},
	{key: LockSet, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`(modifies the characteristics or changes the controller of any objects, the set of objects it affects is determined when that continuous effect begins|the set of affected cards and/or permanents is determined)`)},
	{key: StaticEffect, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`^a continuous effect generated by a static ability (of a permanent )?isn.t "locked in"`)},
	{key: LifelinkKW, chapters: []uint16{702, 502}, sub: 2, re: rx(`^damage dealt by a source with lifelink causes`)},
	{key: AuraSBA, chapters: []uint16{420, 704}, sub: 2, re: rx(`aura.*(illegal|isn.t attached|not attached)`)},
	{key: EquipSBA, chapters: []uint16{420, 704}, sub: 2, re: rx(`^(if )?an equipment( or fortification)?( that equips| is attached to| attached to) an illegal`)},
	{key: Stack, chapters: []uint16{217, 405}, re: rx(`^when a spell is (played|cast), the physical card is put on the stack|^when a spell is (played|cast), it goes on (top of )?the stack`)},
	// 2003-05-26: "The end of turn steps begins with the cative player having priority".
	{key: EndStep, chapters: []uint16{312, 313, 513}, re: rx(`^(as the end( of turn)? step begins|the end step has no turn-based actions|first, all abilities that trigger .at the beginning of the end step|the end of turn steps? begins with the (active|cative) player having priority)`)},

	// 2003-05-26: "a zone is a place that"; 1999: "announcements of combat damage".
	{key: Zones, chapters: []uint16{217, 400}, sub: 1, re: rx(`^a zone is a place (where|that)`)},
	{key: DamageStack, chapters: []uint16{310, 510}, re: rx(`(assignments|announcements) of combat damage go on the stack`)},
	{key: AssignBlocked, chapters: []uint16{310, 510}, sub: 2, re: rx(`^a blocked creature (will )?assigns? (its )?combat damage`)},
	{key: DeathtouchKW, chapters: []uint16{502, 702}, sub: 2, re: rx(`^deathtouch is an? (static|triggered) ability`)},
	{key: LifelinkKind, chapters: []uint16{502, 702}, sub: 2, re: rx(`^lifelink is an? (static|triggered) ability`)},
	{key: SBAPlaneswalker, chapters: sbaChapters, sub: 2, re: rx(`planeswalkers that share a planeswalker type`)},
}

// Keys lists every key the engine knows, in a stable order.
func Keys() []Key {
	out := make([]Key, len(recognizers))
	for i, r := range recognizers {
		out[i] = r.key
	}
	return out
}

func (r *recognizer) matches(n rules.Number, text string, titles map[uint16]string) bool {
	return r.fits(n, titles) && r.says(text)
}

// fits reports whether rule n is where r's rule can be: the cheap test,
// done before a rule's text is folded.
func (r *recognizer) fits(n rules.Number, titles map[uint16]string) bool {
	if r.title != nil && !r.title.MatchString(titles[n.Chapter]) {
		return false
	}
	if len(r.chapters) > 0 && !slices.Contains(r.chapters, n.Chapter) {
		return false
	}
	switch {
	case r.sub == 1 && (n.Rule == 0 || n.Sub != 0):
		return false
	case r.sub == 2 && n.Sub == 0:
		return false
	}
	return true
}

// says reports whether folded text is r's rule.
func (r *recognizer) says(text string) bool {
	return r.re.MatchString(text) && (r.not == nil || !r.not.MatchString(text))
}
