package cardtext

import (
	"fmt"
	"strings"
)

// AbilityKind is what sort of ability an Ability is (113.3 in current rules).
type AbilityKind uint8

const (
	// AbSpell is an instant's or sorcery's instructions, followed as it
	// resolves (113.3a).
	AbSpell AbilityKind = iota + 1
	// AbActivated is "cost: effect" (113.3b, 602).
	AbActivated
	// AbTriggered begins "when", "whenever" or "at" (113.3c, 603).
	AbTriggered
	// AbStatic is true while its object is where it works (113.3d, 604):
	// continuous effects, replacement effects, costs, rule changes.
	AbStatic
	// AbKeyword is a keyword ability the engine applies by name (702):
	// flying, protection from white, toxic 2, … Keywords that are
	// shorthand for other abilities carry them in Parts (fading, undying).
	AbKeyword
)

var abilityKindNames = map[AbilityKind]string{
	AbSpell: "spell ability", AbActivated: "activated ability", AbTriggered: "triggered ability",
	AbStatic: "static ability", AbKeyword: "keyword ability",
}

func (k AbilityKind) String() string { return abilityKindNames[k] }

// Ability is one ability of an object, read from its rules text by
// ParseAbilities. Abilities are never changed once parsed; an effect that
// grants one with a reference bound to an object makes a new one (Bind).
type Ability struct {
	Kind AbilityKind
	// Text is the ability as written, with the object's own name replaced
	// by "~" so it reads right on any object that has it (201.5b: an
	// ability that names its object means whatever object has it).
	Text string

	Keyword string // AbKeyword: "flying", "protection", "toxic", "kicker", …
	N       int    // a keyword's number: toxic 2, fading 7
	// Devotion and DevotionEach are the colors a KeywordDevotionMod
	// ability increases devotion to.
	Devotion     Color
	DevotionEach bool
	Param        string // protection from "white"; splice onto "arcane"
	KCost        *Cost  // kicker, splice, flashback: the keyword's cost
	Parts        []*Ability
	// XIs defines the X of a keyword an effect grants ("This creature has
	// echo {X}, where X is your life total."): reevaluated whenever it's
	// needed (702.1b).
	XIs *Amount

	Cost    *Cost // AbActivated
	Mana    bool  // a mana ability (605.1): resolves at once, never on the stack
	Sorcery bool  // "Activate only as a sorcery."
	// OncePerTurn: "Activate only once each turn." (602.5b)
	OncePerTurn bool
	// During restricts when it may be activated (602.5b): "Activate only
	// during your turn.", "… during your upkeep.", "… during your turn,
	// before attackers are declared."
	During *ActivateWhen
	// From is the zone the ability works in when that isn't the
	// battlefield (113.6m: "Return this card from your graveyard …").
	From Zone

	Trigger *Trigger // AbTriggered
	If      *Cond    // an intervening "if" clause (603.4)

	Effect  []*Instr     // AbSpell, AbActivated, AbTriggered
	Targets []TargetSpec // the targets Effect names, in order (115.1)

	Static  []*ContSpec   // AbStatic: continuous effects it generates
	Replace *Replacement  // AbStatic: a replacement effect it generates
	CDA     bool          // characteristic-defining (604.3): works in every zone
	AddCost *Cost         // "As an additional cost to cast this spell, …" (601.2b)
	AltCost *Cost         // "You may … rather than pay this spell's mana cost." (118.9)
	Cond    *Cond         // "as long as …" for a static ability
	Linked  *LinkedChoice // "As this enters, choose …" (607.2a)
	// Modal is a modal spell's "Choose one —" (700.2), its Modes the
	// bulleted options; Mode marks one of those options as read.
	Modal *Modal
	Modes []*Ability
	Mode  bool
	// Origin is the name of the card whose text the ability was read
	// from: a choice made for an object is linked only to abilities from
	// the same card (607.5a), not to ones a later copy effect brings.
	Origin string
	// ByName: the ability calls its object by its name ("Regenerate Drudge
	// Skeletons"), not "this creature" (201.5b).
	ByName bool
}

// Cost is an activation cost or an additional or alternative cost (118).
type Cost struct {
	Mana    ManaCost // may include {X}
	Tap     bool     // {T} (107.5)
	Untap   bool     // {Q} (107.6)
	SacSelf bool     // "Sacrifice ~"
	Sac     *Filter  // "Sacrifice a creature", "Sacrifice another creature"
	Life    int      // "Pay 2 life"
	// LifeHalf: "Pay half your life, rounded up": the amount is found
	// from the life total as the cost is paid (119.4).
	LifeHalf bool
	Discard  int    // "Discard a card"
	Remove   string // "Remove a fade counter from ~": the kind
	RemoveN  int    // how many; 0 with RemoveX set: any number, chosen as X
	RemoveX  bool   // "Remove any number of storage counters"
	ExileTop int    // "Exile the top ten cards of your library"
	// Waterbend is a waterbend cost's mana ("waterbend {6}", 701.67a),
	// part of the total cost; its generic mana may be paid by tapping.
	Waterbend ManaCost
	// DiscardSelf: "Discard this card" (cycling, 702.29a); the ability
	// works from its owner's hand.
	DiscardSelf bool
	// ExileSelf: "Exile this card from your graveyard" (scavenge,
	// 702.97a); the ability works from the graveyard.
	ExileSelf bool
	// TapOther: "Tap another untapped creature you control" (station,
	// 702.184a), or with TapPower set "Tap any number of untapped creatures
	// you control with total power N or greater" (crew, 702.122a).
	TapOther *Filter
	TapPower int
	// SelfMana: the mana part is the object's own mana cost ("The scavenge
	// cost is equal to its mana cost", 702.1a), read as it's activated.
	SelfMana bool
	// Loyalty is a loyalty ability's cost, "+1:" or "−4:" (606.4): loyalty
	// counters to put on (or, negative, remove from) its permanent.
	Loyalty    int
	HasLoyalty bool
	// Reveal: "reveal a Merfolk card from your hand" (701.20), a card
	// matching the filter from the payer's hand.
	Reveal *Filter
	// Or is the other cost of "… or pay {3}": the payer pays this cost
	// or Or, their choice as the spell is cast (601.2b).
	Or *Cost
}

// IsManaOnly reports whether the cost is only mana.
func (c *Cost) IsManaOnly() bool {
	return c != nil && !c.Tap && !c.Untap && !c.SacSelf && c.Sac == nil && c.Life == 0 && c.Discard == 0 && c.Remove == "" && c.ExileTop == 0 &&
		!c.DiscardSelf && !c.ExileSelf && c.TapOther == nil && !c.HasLoyalty && c.Reveal == nil && c.Or == nil
}

// TargetSpec is one "target" in an ability's text (115.1).
type TargetSpec struct {
	Filter  Filter
	Objects bool // objects can be chosen
	Players bool // players can be chosen
	Count   int  // "two target creatures": distinct objects for one word (601.2c)
	UpTo    bool // "up to N": fewer, even none, may be chosen
	Word    int  // which "target" word this is; different words may name the same object (601.2c)
	// Other is the 1-based index of a target this one must differ from
	// ("any other target").
	Other int
	Text  string // "target creature", for messages
	// ByOpponent: "any target of an opponent's choice": an opponent of
	// the controller, whom the controller names, chooses it.
	ByOpponent bool
}

// Filter describes objects: "creatures you control", "target nonblack
// creature", "a creature card in a graveyard".
type Filter struct {
	Self      bool     // this object ("~", "this creature")
	Other     bool     // "another": not this object
	AnyOf     []string // card types, any of them ("artifact, creature, or enchantment")
	AllOf     []string // card types, all of them ("artifact creature")
	Not       []string // card types it must not have ("noncreature")
	Subtypes  []string // any of these subtypes ("Cleric", "Human", "Arcane")
	NotSubs   []string // subtypes it must not have ("non-Aura")
	Super     []string // supertypes ("legendary")
	Colors    Color    // at least one of these colors
	NotColors Color    // none of these ("nonblack")
	Chosen    bool     // of the chosen color (607)
	ChosenT   bool     // of the chosen creature type (607)
	Control   Whose    // who controls it
	Token     int8     // 1: only tokens, -1: only nontokens
	Zone      Zone     // where: the battlefield unless set
	Card      bool     // "card": in a zone other than the battlefield
	Spell     bool     // a spell on the stack
	Ability   bool     // "target activated or triggered ability"
	NoAbility bool     // "with no abilities" (113.12)
	// HasAdventure: "that has an Adventure", an adventurer card or spell,
	// whether or not it uses the Adventure now (715.2a).
	HasAdventure bool
	Tapped       int8 // 1: tapped, -1: untapped
	Enchanted    bool // "enchanted creature": what this Aura is attached to
	Attacking    bool
	// BlockingSelf, BlockedBySelf: "blocking or blocked by ~", the
	// object whose ability it is.
	BlockingSelf, BlockedBySelf bool
	EvenMV                      bool // "with even mana values"
	// ToughGtPower: "with toughness greater than its power".
	ToughGtPower bool
	// PT bounds its power or toughness: "with toughness 2 or greater".
	PT *PTBound
	// NotIt and SharesWithIt relate the object to the one an amount is
	// counted for ("for each other creature … that shares at least one
	// creature type with it"), or to a RefShares reference's Of: not it,
	// and sharing a creature type, a color or a card type with it.
	NotIt        bool
	SharesWithIt Share
	// FaceDown: "face-down creature" (708).
	FaceDown bool
	// With lists keywords it must have ("a creature with flying"); a
	// keyword with variants matches any of them ("landwalk": swampwalk …).
	With []string
	// Without lists keywords it must not have ("a creature without
	// flanking").
	Without []string
	// Haunted: "the creature it haunts" (702.55b).
	Haunted bool
	// Named: "a creature named Midnight Scavengers"; Owned: one its
	// controller also owns ("you both own and control").
	Named string
	Owned bool
	// Past is what it did earlier this turn, a relative clause only a
	// count reads ("for each creature you attacked with this turn"): the
	// objects counted are those the turn's history records, as they were
	// then (608.2i).
	Past Past
	// Or is another kind of object that also matches, in another zone:
	// "target spell or permanent" (a spell on the stack, or a permanent).
	Or *Filter
}

// Past is an event of the turn a counted object took part in.
type Past uint8

const (
	PastNone     Past = iota
	PastAttacked      // "you attacked with this turn", "that attacked this turn" (508.1)
	PastDied          // "that died this turn" (700.4)
)

// PTBound compares a power or toughness with a number.
type PTBound struct {
	Toughness bool // toughness, else power
	ManaValue bool // mana value (202.3), else power or toughness
	N         int
	AtMost    bool // "N or less", else "N or greater"
}

// Whose says whose objects a filter means.
type Whose uint8

const (
	AnyOnes Whose = iota
	Yours
	Opponents
	ChosenPlayers // "the chosen player controls" (607)
)

// Trigger is a triggered ability's trigger condition (603.1).
type Trigger struct {
	Event TrigEvent
	What  *Filter // the object the event is about; nil: none
	// OneOrMore: "whenever one or more creatures die": the event is about
	// the group, so simultaneous occurrences are one event (603.2c).
	OneOrMore bool
	From      Zone  // "put into a graveyard from the battlefield"; 0: anywhere
	Step      Step  // TrigStep: the step whose beginning triggers it
	Whose     Whose // "your upkeep" (Yours), "each upkeep" (AnyOnes)
	// EachPlayer: "each player's upkeep", which with shared team turns
	// may trigger once for each player whose step it is (805.4d).
	EachPlayer bool
	Next       bool    // delayed: "the next end step"
	NextTurn   bool    // delayed: "the next turn's upkeep", not a later step of this turn
	By         *Filter // "becomes blocked by a white creature"
	Spell      *Filter // cast triggers: "a spell of the chosen color"
	// Targets: "a spell that targets only a single creature you control":
	// its targets are one object, which this matches.
	Targets *Filter
	Who     Whose // cast, gain life: whose action
	// Alone: "attacks alone", the only creature declared as an attacker
	// (506.5).
	Alone bool
	N     int // "expend 4"
	// ThisWay: "… this way": only events of the static ability printed
	// before it in its paragraph count (603.11).
	ThisWay bool
	// Or is another trigger condition of the same ability: "When this
	// creature enters or the creature it haunts dies" (113.6k).
	Or *Trigger
}

// TrigEvent is what a trigger waits for.
type TrigEvent uint8

const (
	TrigEnters       TrigEvent = iota + 1 // enters the battlefield (603.6a)
	TrigDies                              // put into a graveyard from the battlefield, a creature (700.4)
	TrigLeaves                            // leaves the battlefield (603.6c)
	TrigToGraveyard                       // put into a graveyard (from a zone, or anywhere)
	TrigStep                              // the beginning of a step (603.2 / 503.1)
	TrigTapped                            // becomes tapped (603.2e)
	TrigUntapped                          // becomes untapped
	TrigGainLife                          // a player gains life
	TrigCast                              // a spell is cast (601.2i)
	TrigAttacks                           // attacks
	TrigBlocks                            // blocks
	TrigBlocked                           // becomes blocked
	TrigDamagePlayer                      // deals combat damage to a player
	TrigDealsDamage                       // deals damage (603.2g: not if it's all prevented)
	TrigNoHand                            // a state trigger: you have no cards in hand (603.8)
	TrigTapForMana                        // a player taps a land for mana (605.1b)
	TrigCycle                             // you cycle this card
	TrigCrews                             // crews a Vehicle (702.122b)
	TrigTurnedUp                          // is turned face up (702.37e, 708.8)
)

// Cond is a condition: an intervening "if" (603.4), "as long as", "if it
// had no +1/+1 counters" (undying).
type Cond struct {
	Kind    CondKind
	N       int
	Ref     ORef
	Kind2   string // a counter kind
	Filter  *Filter
	Color   Color
	Negated bool
	Names   bool // "with different names": the count is of different names
}

// CondKind is what a Cond tests.
type CondKind uint8

const (
	CondLifeAtLeast CondKind = iota + 1 // "you have 40 or more life"
	CondTapped                          // "~ is tapped"
	CondNoCounters                      // "it had no +1/+1 counters on it"
	CondKicked                          // "if it was kicked (with its {W} kicker)"
	CondDevotion                        // "your devotion to red is less than five" (Negated: less than)
	CondControls                        // "you control a creature with flying"
	CondCastFromHand
	CondSpent        // "if {G} was spent to cast this spell" (Color); a copy had none spent (707.10)
	CondControlSince // "OBJECT came under your control since the beginning of your last upkeep" (echo, 702.30a; Ref: OBJECT)
	CondHandAtLeast  // "you have nine or more cards in hand"
	// CondControlsAtLeast: "you control four or more Demons [with
	// different names]" (N, Filter; Names: with different names, 201.2b).
	CondControlsAtLeast
)

// KeywordDevotionMod marks a static ability that increases its
// controller's devotion (700.5a) by N: to the colors Devotion, or, with
// DevotionEach, to each color and each combination of colors (Altar of
// the Pantheon).
const KeywordDevotionMod = "devotion increased"

// Instr is one instruction of a spell's or ability's effect (609.1): a
// one-shot action, or the creation of a continuous effect or a delayed
// triggered ability.
type Instr struct {
	Op   Op
	Who  PRef   // the player who does it: "you", "target player", "each player"
	Src  ORef   // the source of damage
	What ORef   // the object or objects acted on
	Also []ORef // more objects acted on the same way: "destroy target creature and target land"
	To   Recip  // damage's recipient
	To2  *Recip // "and 1 damage to you"
	N    Amount
	N2   Amount
	Kind string // counters' kind

	Token *TokenSpec
	Mana  *ManaSpec
	Cont  *ContSpec
	Dur   Duration
	Delay *Ability // a delayed triggered ability (603.7)

	May     bool     // "you may": the player chooses whether to
	Then    []*Instr // "If you do, …"
	Else    []*Instr // "If you don't, …"
	NoRegen bool     // "It can't be regenerated." (701.19c)
	// Cost marks an instruction that pays a cost (cumulative upkeep): it
	// can be chosen only if it can be paid in full (118.3).
	Cost   bool
	Pays   ManaCost // OpPayMana: the mana paid N times
	Tapped bool     // put onto the battlefield tapped
	// Is: a continuous effect stating what a permanent "is" or "has"
	// (611.2e), rather than what it "becomes": after an instruction that
	// puts it onto the battlefield, it applies as the permanent enters.
	Is bool
	// UnderYou: returned to the battlefield under the control of the
	// ability's controller ("under your control"), not its owner's.
	UnderYou bool
	Zone     Zone   // where a moved object goes
	Steps    []Step // OpAddSteps: the step added
	Zone2    Zone   // OpPutPiles: where the other pile goes
	Text     string // the sentence, for events

	// Put: OpReturn worded "put … onto the battlefield" (not "return"):
	// the player it instructs controls what enters unless the text says
	// "under its owner's control" (UnderOwner), 110.2a.
	Put, UnderOwner bool
	// If is a condition the instruction is followed only when true:
	// "you gain X life if {G} was spent to cast this spell".
	If *Cond
	// With is what an exchange of zones takes the permanent's place: "an
	// Aura card in your hand" (OpSwap).
	With *Filter
	// Haunt is the creature an exiled card haunts: "exile it haunting
	// target creature" (702.55a).
	Haunt *ORef
	// Variants: the keyword this instruction grants is each variant of it
	// found among the objects its condition looks at ("The same is true
	// for … landwalk, protection", 702.1c).
	Variants bool
	// Color and NewTargets are a spell copy's exception ("except that the
	// copy is red") and "You may choose new targets for the copy."
	Color      Color
	NewTargets bool
	// CopyTargets: "The copy targets that token." (707.10e): the copy's
	// every target is that object.
	CopyTargets *ORef
	// Search is what OpSearch looks for and where, and what OpChooseCard
	// chooses from.
	Search *SearchSpec
	// Each: the instructions each player of an OpEachPlayer follows as
	// "you", in turn.
	Each []*Instr
	// Many: OpShuffleObj shuffles a set of objects ("any number of target
	// cards", 701.24d) rather than specific ones (701.24c).
	Many bool
}

// SearchSpec is a search's zones and the cards it looks for (701.23):
// "search its controller's graveyard, hand, and library for all cards with
// the same name as that artifact", "search your library for up to two
// basic land cards".
type SearchSpec struct {
	Whose  PRef   // whose zones
	Zones  []Zone // in the order written
	Filter Filter // the stated quality ("basic land card"); a bare Card: any card
	// Except is what the cards must not be ("a card other than a basic
	// land card").
	Except *Filter
	// SameAs: cards with the same name as this object (its name is read
	// as the search begins); none chosen makes the quality undefined
	// (701.23c).
	SameAs *ORef
	All    bool   // "all cards …"
	N      Amount // how many otherwise: "a card" is 1
	UpTo   bool   // "up to two"
	Any    bool   // "any number of cards": as many as the searcher chooses
	Named  bool   // "cards with that name": the name chosen while resolving (201.4a)
	// Top: a replacement's search of only the top Top cards of the
	// library the event would search (701.23f): "that player searches the
	// top four cards of that library instead".
	Top int
	// Reveal: the card chosen is revealed ("reveal a sorcery card you own
	// from outside the game", 701.20a).
	Reveal bool
}

// Op is what an Instr does.
type Op uint8

const (
	OpDamage Op = iota + 1
	OpDestroy
	OpExile
	OpBounce      // return to its owner's hand
	OpReturn      // return from a graveyard to the battlefield
	OpSacrifice   // Who sacrifices N objects matching What.Group
	OpDraw        // Who draws N
	OpDiscard     // Who discards N (or the whole hand: N.All)
	OpMill        // Who mills N: the top N cards of their library go to their graveyard (701.17a)
	OpGainLife    // Who gains N
	OpLoseLife    // Who loses N
	OpPutCounters // N Kind counters on What
	OpRemCounters // remove N Kind counters from What
	OpCreateToken // Who creates Token
	OpAddMana     // Who adds Mana
	OpTap         // tap What
	OpUntap       // untap What
	OpCounter     // counter What (a spell or ability, 701.6)
	OpContinuous  // create Cont for Dur
	OpDelayed     // create Delay
	OpWin         // Who wins the game
	OpRegenerate  // What gets a regeneration shield (701.19)
	OpPrevent     // prevent the next N damage to What/To this turn (615)
	OpChooseColor // Who chooses a color (for a later "that color")
	OpChooseName  // Who chooses a card name with What's qualities (for a later "that name", 201.4a)
	OpSkip        // does nothing itself; carries May/Then/Else
	OpShuffle     // Who shuffles their library
	OpExchange    // exchange control of two target creatures (701.12)
	OpCopySpell   // copy What, a spell, onto the stack (707.10); Color: "except that the copy is red"; NewTargets
	OpNewTargets  // choose new targets for What, a spell or ability on the stack (115.7)
	OpShuffleIn   // Who shuffles their hand, graveyard and the permanents they own into their library
	OpSetLife     // Who's life total becomes N (119.5)
	OpPayLife     // Who pays N life (119.4: only with at least that much life)
	OpReflexive   // Delay triggers now, about what the instruction before chose ("When you do, …", 603.12)
	OpPayMana     // Who pays Pays N times from their pool (cumulative upkeep {W} or {U}, 702.24a)
	OpDoubleMana  // Who doubles the amount of each type of mana in their pool (106.6)
	OpFight       // What and Also[0] fight: each deals damage equal to its power to the other (701.14a)
	OpShuffleObj  // shuffle What into Who's library (or its owner's): the library is shuffled even if What is gone (701.24c, d)
	OpSearch      // Who searches Search's zones for its cards, which become the chosen objects (701.23)
	OpReveal      // Who reveals their hand (701.20a)
	OpChooseCard  // Who chooses a card matching Search from a zone it names (the hand just revealed)
	OpAddSteps    // Who gets N additional Steps[0] steps after this phase (500.10)
)

// Share is what an object shares with another: "that shares a color
// with it", "that shares at least one creature type with it".
type Share uint8

const (
	ShareNone         Share = iota
	ShareCreatureType       // "a creature type", "at least one creature type"
	ShareColor              // "a color"
	ShareCardType           // "a card type"
)

// TextWordKinds are the kinds of word a text-changing effect replaces
// one of with another (612.2): "one color word with another", "one basic
// land type with another".
var TextWordKinds = []string{"color word", "basic land type"}

// ORef refers to an object or a set of objects from an ability's text.
type ORef struct {
	Kind  ORefKind
	Index int     // RefTarget: which target (0-based)
	Group *Filter // RefGroup
	Bound ObjectID
	Label string     // RefBound: the object's label, for messages
	More  []ObjectID // RefBound: more objects it means (the cards of a melded permanent, 712.21c)
	Of    *ORef      // RefShares: the object or objects compared with
	// Quality is the card type "that creature" names the object by: it
	// means that object even if it no longer has it (700.7).
	Quality string
}

// ORefKind is what an ORef refers to.
type ORefKind uint8

const (
	RefNone       ORefKind = iota
	RefSelf                // the object the ability is on ("~", "this creature")
	RefTarget              // a target (Index)
	RefGroup               // every object matching Group ("all black creatures")
	RefSacrificed          // the object sacrificed to pay the cost
	RefTriggered           // the object the trigger event was about ("that creature")
	RefEnchanted           // the object this Aura or Equipment is attached to
	RefOuter               // in a granted ability: the object whose ability granted it
	RefBound               // a particular object (Bound), fixed when an effect began
	RefCreated             // the token just created ("It has …")
	RefChosenObj           // an object chosen as the effect resolved
	RefStackSpell          // the spell this ability's trigger is about ("that spell")
	RefTrigOther           // the other creature in a block trigger ("that creature": what it blocked, or blocked it)
	RefShares              // "each other creature that shares a color with it": Group (its SharesWithIt) related to Of
	RefCostTapped          // the creature tapped to pay the cost ("the tapped creature", station)
	RefCostExiled          // the card exiled to pay the cost ("the card you exiled", scavenge)
	RefExiledWith          // a card exiled by this object's abilities ("a card exiled with ~", 607.2a)
	RefChooseOne           // one object matching Group, chosen as the instruction is followed ("a card from your graveyard")
	RefChooseAny           // any number of objects matching Group, chosen as the instruction is followed ("any number of creature cards from your graveyard")
)

// PRef refers to a player.
type PRef struct {
	Kind  PRefKind
	Index int // PTarget: which target
}

// PRefKind is what a PRef refers to.
type PRefKind uint8

const (
	PYou           PRefKind = iota // the controller of the spell or ability
	PTarget                        // a target player (Index)
	PEach                          // each player, in APNAP order
	PEachOpponent                  // each opponent
	PControllerOf                  // the controller of the object in the instruction (its controller)
	POwnerOf                       // the owner of it
	PChosen                        // the chosen player (607)
	PTriggerPlayer                 // the player in the trigger event ("that player")
	POpponents                     // your opponents, for "each of that player's opponents"
	PTriggerCtrl                   // the controller of the object the trigger was about ("that land's controller")
	PSearched                      // the player whose zones the effect searched or looked at ("that player" after a search)
	PSubgameLosers                 // each player who doesn't win the subgame the effect played (728)
)

// Recip is damage's recipient: a player or an object reference.
type Recip struct {
	Player *PRef
	Obj    ORef
}

// Amount is a number in an effect: a constant, X, or counted.
type Amount struct {
	N     int
	X     bool    // the value chosen for X (107.3)
	Count *Filter // "the number of creatures you control", "for each creature you control"
	// CountersOf counts Kind counters on the object ("fade counters on ~").
	CountersOf *ORef
	Kind       string
	PowerOf    *ORef // "equal to ~'s power", "the sacrificed creature's power"
	ValueOf    *ORef // "the sacrificed artifact's mana value" (202.3)
	ToughOf    *ORef // "equal to its toughness"
	HandOf     *PRef // cards in a player's hand
	LowestLife bool  // "the lowest life total among all players"
	Removed    bool  // "for each storage counter removed this way"
	// CardTypesAmong counts the card types among the objects it matches:
	// "the number of card types among cards in all graveyards" (Tarmogoyf).
	CardTypesAmong *Filter
	LifeOf         *PRef // "your life total"
	// HalfLife: "half their life, rounded up", of each player it's for.
	HalfLife bool
	StartOf  *PRef // "your starting life total" (103.4)
	All      bool  // "your hand": every card
	ThatMany bool  // "that many": as many as the instruction before affected
	Dealt    bool  // "that much" in a damage trigger or a replacement effect: its event's amount
	Times    int   // a multiple of it: "twice that much" (0 means 1)
	Neg      bool  // the amount is subtracted: "-X"
	// Per multiplies what CountersOf counts: "pay 2 life for each age
	// counter" (cumulative upkeep, 702.24a). 0 means 1.
	Per int
	// Cumulative marks the age counters cumulative upkeep counts: all of
	// them, whichever instance put them (702.24b).
	Cumulative bool
	// Greatest: the greatest power among the objects Count matches,
	// rather than their number; Whose is the player "they control" means.
	Greatest bool
	Whose    *PRef
	// Devotion counts its controller's devotion to these colors (700.5):
	// "your devotion to black".
	Devotion Color
	// SpentToCast is the object whose mana spent to cast it is counted:
	// "the amount of mana spent to cast it" (its total), or with
	// SpentColors "for each color of mana spent to cast it" (how many of
	// the five colors were spent, 105.1). Nothing was spent to cast an
	// object that wasn't cast.
	SpentToCast *ORef
	SpentColors bool
}

// IsZero reports whether the amount is the constant 0.
func (a Amount) IsZero() bool {
	return a.N == 0 && !a.X && a.Count == nil && a.CountersOf == nil && a.PowerOf == nil && a.ValueOf == nil && a.HandOf == nil && !a.Removed && !a.All &&
		a.LifeOf == nil && !a.LowestLife && a.StartOf == nil && a.Devotion == 0
}

// TokenSpec is what a "create" instruction makes (111.2).
type TokenSpec struct {
	Card   *Card // the token's characteristics (nil: a copy)
	N      int
	CopyOf *ORef // "a token that's a copy of target creature" (707.2)
	Gains  []*Ability
	// Named: "create a Tarmogoyf token", a token with the characteristics
	// of the card of that name in the Oracle card reference (111.11).
	Named string
}

// ManaSpec is what an "add" instruction adds (106.4).
type ManaSpec struct {
	Mana      Mana
	ForEach   *Filter // "{G} for each creature you control"
	EqualTo   *Amount // "an amount of {G} equal to ~'s power"
	PerColor  Color   // the color added for ForEach / EqualTo
	Chosen    bool    // "one mana of the chosen color"
	ColorOf   *Filter // "one mana of a color of a permanent you control" (Meteor Crater)
	PerRemove bool    // "{B} for each storage counter removed this way"
	Produced  bool    // "one mana of any type that land produced"
	// ProducedColor: "one mana of any color that land produced" (not
	// colorless).
	ProducedColor bool
	// CouldProduce: "one mana of any color that a land an opponent
	// controls could produce" (Exotic Orchard, 106.7): the lands it
	// matches, as seen by the ability's controller.
	CouldProduce *Filter
	// Only restricts how the mana is spent: "Spend this mana only to cast
	// creature spells." (106.6)
	Only *Filter
	// Or lists the other mana it may add instead of Mana, one type each:
	// "Add {G} or {W}.", "Add {R}, {G}, or {W}." (106.1a: one mana of a
	// type the player chooses among them).
	Or []Mana
}

// ActivateWhen is an activated ability's timing restriction: on its
// controller's turn only (OwnTurn), in one step (Step, 0: any), before the
// declare attackers step (BeforeAttackers).
type ActivateWhen struct {
	OwnTurn         bool
	Step            Step
	BeforeAttackers bool
}

// Duration is how long a continuous effect lasts (611.2a).
type Duration struct {
	Kind DurKind
	Ref  ORef // DurWhileControl / DurWhileOn / DurWhileTapped: the object it depends on
}

// DurKind is a kind of Duration.
type DurKind uint8

const (
	DurForever      DurKind = iota // no duration stated: until the game ends
	DurEndOfTurn                   // "until end of turn" (514.2)
	DurWhileControl                // "for as long as you control ~" (611.2b)
	DurWhileOn                     // "until ~ leaves the battlefield" (610.3)
	DurWhileTapped                 // "for as long as ~ remains tapped" (611.2b)
)

// ContSpec is a continuous effect as written: what it changes (by layer,
// 613.1) and what it applies to. A static ability generates it anew each
// time characteristics are computed; a resolving spell or ability creates a
// ContEffect from it, fixing the set of objects (611.2c).
type ContSpec struct {
	Affects ORef // what it applies to

	// Layer 1 (613.2): becomes a copy of an object, with exceptions (707.9).
	CopyOf      *ORef
	CopyHasThis bool       // "except it has this ability"
	CopyPT      *[2]int    // "except it's 7/7"
	CopyAdd     []string   // "except it's an enchantment in addition to its other types"
	CopyNoColor bool       // "except it doesn't copy that creature's color"
	CopyExtra   []*Ability // abilities the exception adds
	// Layer 2: control (613.1b).
	Control bool
	// Layer 3: text (612): replace all instances of one word of a kind
	// TextWords names with another of that kind, both chosen as it
	// resolves ("one color word with another or one basic land type with
	// another": either kind).
	TextWords []string
	// SetName: "… named Legitimate Businessperson", the object's name
	// (a text-changing effect, as 123.6c's example counts it).
	SetName string
	// Layer 4: types (205.1).
	SetTypes         []string  // card types that replace the old ones
	AddTypes         []string  // "in addition to its other types", "still a land"
	RemoveTypes      []string  // "~ isn't a creature"
	SetSubs          []Subtype // subtypes that replace the old ones of their kind
	AddSubs          []Subtype
	AddSuper         []string
	AllCreatureTypes bool // changeling (702.73)
	// TypesOf: "has the … creature types of" an object: its creature
	// types replace the old ones.
	TypesOf *ORef
	// Layer 5: color (105.3).
	SetColor    Color
	HasColor    bool
	ColorChoice bool // "the color of your choice": chosen as it begins
	// ColorsChoice: "the color or colors of your choice": one or more
	// (with ColorChoice).
	ColorsChoice bool
	// ColorOf: "the color of target permanent": that object's colors as
	// the effect begins (611.2c: fixed, not followed later).
	ColorOf *ORef
	// Layer 6: abilities.
	Gain      []*Ability
	Lose      []string // keywords lost
	LoseAll   bool
	GainActOf *ORef // "gains all activated abilities of target creature"
	// Layer 7 (613.4): power and toughness.
	CDAPT  *[2]Amount // 7a: "~'s power and toughness are each equal to …"
	SetPT  *[2]Amount // 7b: "becomes 0/1", "are 1/1 creatures"
	ModPT  *[2]Amount // 7c: "gets +2/+2"
	Switch bool       // 7d

	// Rule-modifying effects (613.11).
	Rules *RuleMod
	// Player is the player a rule-modifying effect is about ("Target
	// player can't play lands this turn").
	Player *PRef
}

// RuleMod is a continuous effect that changes the rules rather than
// objects (611.2c, 613.11).
type RuleMod struct {
	Kind   RuleKind
	Filter *Filter  // what it's about: spells, sources, permanents
	Mana   ManaCost // a cost change
	N      int
	Who    Whose
	// A permission (RulePermission) to Cast spells matching Filter or
	// Play lands: From a zone (its Top card only; FromWhose: whose), as
	// though they had Flash, or as though the cards were in AsIn (609.4).
	Cast, Play, Top, Flash bool
	From, AsIn             Zone
	FromWhose              Whose
	// Loyalty is a loyalty cost an effect adds (606.4), for loyalty
	// abilities only (LoyaltyOnly).
	Loyalty     int
	LoyaltyOnly bool
	// Self marks a spell's own cost change ("This spell costs {1} less to
	// cast …"), which applies as it is cast (601.2f); Per repeats it for
	// each object it counts ("for each creature you attacked with this
	// turn").
	Self bool
	Per  *Filter
	// Char is the characteristic a RuleStationUsing effect has a creature
	// station with: "toughness".
	Char string
	// Grave is where a RuleGraveTo effect sends a card instead of a
	// graveyard.
	Grave *GraveRepl
	// To is whom a RulePreventAll effect's damage would be dealt to
	// ("… that would be dealt to you"); nil: anyone.
	To *DamageTo
}

// DamageTo is the recipients of damage a prevention effect names (615.1a):
// players ("you", "your opponents", "players": Who), permanents a filter
// matches ("creatures you control"), or both ("you and creatures you
// control").
type DamageTo struct {
	Players bool
	Who     Whose
	Perms   *Filter
}

// RuleKind is the rule a RuleMod changes.
type RuleKind uint8

const (
	RuleCostLess        RuleKind = iota + 1 // "Your black spells cost {1} less to cast." (601.2f)
	RuleCostMore                            // "… cost {1} more to cast."
	RuleCantCast                            // "Your opponents can't cast spells with even mana values."
	RuleCantPlayLands                       // "You can't play lands this turn." (101.2)
	RuleExtraLand                           // "You may play an additional land this turn." (305.2)
	RuleCantBlock                           // "~ can't block."
	RuleUnblockable                         // "~ can't be blocked."
	RulePreventAll                          // "Prevent all damage … would deal this turn."
	RulePreventSome                         // "prevent 1 of that damage" (615.10)
	RuleCantEnter                           // "Lands can't enter the battlefield." (608.3e)
	RuleDoubleDamage                        // "… it deals double that damage instead." (614.5)
	RuleEntersTapped                        // "Permanents enter tapped." (614.12)
	RuleCantAttackAlone                     // "~ can't attack alone." (508.1c)
	RuleEnterAsSource                       // "Creatures you control enter as a copy of this creature." (616.1f)
	RuleDoubleTokens                        // "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead." (614.1a)
	RuleGraveTo                             // "If a card would be put into a graveyard from anywhere, instead exile it." (616.1f): Filter, Who (whose graveyard), Grave
	RuleAttacksIfAble                       // "~ attacks each combat if able." (508.1d: a requirement)
	RuleBlocksIfAble                        // "~ blocks each combat if able." (509.1c: a requirement)
	RuleAttackLimit                         // "No more than N creatures can attack each turn." (508.1c: a restriction)
	RuleStationUsing                        // "… stations permanents using its toughness rather than its power." (702.184c)
	RuleAbilityCostMore                     // "Planeswalkers' loyalty abilities you control cost an additional [+1] to activate." (606.4)
	RulePermission                          // "You may cast creature spells from the top of your library." (601.3)
	// RuleManaTimes: "If you tap a permanent for mana, it produces twice
	// as much of that mana instead." (106.12b): Who taps a permanent
	// Filter matches; N: twice, three times.
	RuleManaTimes
	// RuleEnterControl: "If a creature would enter the battlefield under
	// an opponent's control this turn, it enters under your control
	// instead." (614.1a): Filter, Who (whose control it would enter under).
	RuleEnterControl
	// RuleNoUntap: "~ doesn't untap during your untap step.", "Enchanted
	// creature doesn't untap during its controller's untap step." (502.3)
	RuleNoUntap
	// RuleBlockOnly: "~ can block only creatures with flying." (509.1b):
	// Filter is what it may block.
	RuleBlockOnly
	// RuleAttackUnless: "~ can't attack unless defending player controls
	// an Island." (508.1c): Filter is what the player must control.
	RuleAttackUnless
	// RuleCantAttack: "Enchanted creature can't attack [or block]."
	// (508.1c: a restriction on attacking)
	RuleCantAttack
	// RuleBlockedOnlyBy: "~ can't be blocked except by creatures with
	// flying or reach." (509.1b): Filter is what may block it.
	RuleBlockedOnlyBy
	// RuleCantBeBlockedBy: "~ can't be blocked by Walls." (509.1b):
	// Filter is what may not block it.
	RuleCantBeBlockedBy
)

// Replacement is a replacement effect a static ability generates (614).
type Replacement struct {
	Kind  ReplKind
	Kind2 string // counters' kind
	N     int
	// Unless: "~ enters tapped unless you control two or fewer other
	// lands": the replacement applies only while it's false.
	Unless      *Cond
	Filter      *Filter // EnterAsCopy: what may be copied
	CopyPT      *[2]int
	CopyAdd     []string
	CopyHasThis bool
	CopyNoColor bool
	CopyExtra   []*Ability // "except … it has '…'"
	CopyMore    *CopyMore  // "except it enters with X additional +1/+1 counters on it", "if it's a creature, …"
	// Event and Instead: a replacement effect "If EVENT, … instead" and
	// the instructions followed instead of the event (614.1a, 614.6).
	Event   *EventSpec
	Instead []*Instr
	// Grave is where a ReplGraveyard effect sends the object instead.
	Grave *GraveRepl
	// As are the instructions a ReplAsEnters effect follows as its
	// permanent enters ("exile any number of creature cards from your
	// graveyard"), which may move other objects (614.13).
	As []*Instr
	// PerColor: "enters with a +1/+1 counter on it for each color of mana
	// spent to cast it" (sunburst as modular's number, 702.44c).
	PerColor bool
	// Sunburst marks PerColor as sunburst setting another keyword's
	// number ("Modular—Sunburst", 702.44c).
	Sunburst bool
}

// CopyMore is what a copy effect's exception does besides modifying the
// copiable values: an effect (707.9e: "it enters with X additional +1/+1
// counters on it"), and parts that apply only if the copy would be a
// creature (707.9f).
type CopyMore struct {
	Counters    Amount
	Kind        string
	CountersIf  bool       // the counters only "if it's a creature"
	IfCreature  bool       // some part is conditional
	IfAbilities []*Ability // "if it's a creature, … it has changeling"
}

// GraveRepl is a replacement effect for an object that would be put into
// a graveyard (614.1a): where it goes instead.
type GraveRepl struct {
	// Die: only from the battlefield ("would die", 700.4).
	Die bool
	// To is the zone it goes to instead; a library's top unless Bottom,
	// or shuffled into it (Shuffle). Reveal: it is revealed first.
	To                      Zone
	Bottom, Shuffle, Reveal bool
}

// ReplKind is a kind of Replacement.
type ReplKind uint8

const (
	ReplEntersTapped ReplKind = iota + 1 // "This creature enters tapped." (614.1c)
	ReplEntersWith                       // "enters with N counters" (614.1c)
	ReplEnterAsCopy                      // "You may have this creature enter as a copy of …" (707.5)
	ReplInstead                          // "If EVENT would happen, EFFECT instead" (614.1a): Event, Instead
	ReplGraveyard                        // "If ~ would die / be put into a graveyard from anywhere, DESTINATION instead" (614.1a): Grave
	ReplAsEnters                         // "As this creature enters, INSTRUCTIONS." (614.1c, 614.12): As
)

// LinkedChoice is an "As this enters, choose …" ability (607.2a); the
// choice is kept on the object for the abilities linked to it.
type LinkedChoice struct {
	What ChoiceWhat
}

// ChoiceWhat is what a player chooses.
type ChoiceWhat uint8

const (
	ChooseColor ChoiceWhat = iota + 1
	ChooseOpponent
	ChooseCreatureType
	ChoosePlayer
)

// Detrimental reports whether the ability is one its object would rather
// not have (113.2a): a restriction or requirement on it, or entering tapped.
func (a *Ability) Detrimental() bool {
	if a.Kind == AbKeyword {
		return a.Keyword == "defender"
	}
	if a.Replace != nil && a.Replace.Kind == ReplEntersTapped {
		return true
	}
	for _, sp := range a.Static {
		if sp.Rules == nil || sp.Affects.Kind != RefSelf {
			continue
		}
		switch sp.Rules.Kind {
		case RuleCantBlock, RuleCantAttack, RuleCantAttackAlone, RuleAttacksIfAble, RuleBlocksIfAble, RuleNoUntap, RuleBlockOnly, RuleAttackUnless:
			return true
		}
	}
	return false
}

// Activated reports whether the ability is an activated ability, mana or
// not.
func (a *Ability) Activated() bool { return a.Kind == AbActivated }

// IsMana reports whether the ability is a mana ability (605.1).
func (a *Ability) IsMana() bool { return a.Mana }

// Display is the ability's text as it reads on an object named name: "~"
// becomes the name (201.5b).
func (a *Ability) Display(name string) string {
	if a == nil {
		return ""
	}
	return strings.ReplaceAll(a.Text, "~", name)
}

// Bare reports whether a filter states no quality beyond being a card.
func (f Filter) Bare() bool {
	g := f
	g.Card, g.Zone = false, 0
	return g.String() == (Filter{}).String() && len(f.AnyOf) == 0 && len(f.Super) == 0 && len(f.Subtypes) == 0 && f.Colors == 0
}

// ChosenColor is the parameter of "protection from the chosen color"
// before a color is bound to it; with none chosen it protects from
// nothing (607.5a).
const ChosenColor = "the chosen color"

// RefersOuter reports whether a granted ability names the object that
// granted it ("~" in the quoted text).
func RefersOuter(a *Ability) bool { return strings.Contains(a.Text, "~") }

// Modal is how many modes a modal spell's controller chooses (700.2):
// "Choose one —" is 1 to 1, "Choose one or both —" 1 to 2, "Choose any
// number —" 1 to all (Max -1).
type Modal struct {
	Min, Max int
	// If, true as the modes are announced, makes the count Instead: "Choose
	// one. If this spell was kicked, choose any number instead." (601.4).
	If      *Cond
	Instead [2]int
	// ByOpponent: "An opponent chooses one —": an opponent of the
	// controller, whom the controller picks, chooses the modes (700.2e).
	ByOpponent bool
}

// AnyNumber is a Max with no limit: "any number", "one or more".
const AnyNumber = -1

// Describe lists a cost's parts other than mana, for events.
func (c *Cost) Describe() string {
	if c == nil {
		return ""
	}
	var w []string
	if c.Tap {
		w = append(w, "{T}")
	}
	if c.SacSelf {
		w = append(w, "sacrifice it")
	}
	if c.Sac != nil {
		w = append(w, "sacrifice a "+c.Sac.String())
	}
	if c.Life > 0 {
		w = append(w, fmt.Sprintf("pay %d life", c.Life))
	}
	if c.Discard > 0 {
		w = append(w, fmt.Sprintf("discard %d", c.Discard))
	}
	if c.Reveal != nil {
		w = append(w, "reveal a "+c.Reveal.String())
	}
	if c.Remove != "" {
		w = append(w, "remove "+c.Remove+" counters")
	}
	if len(w) == 0 {
		return ""
	}
	return ", plus " + strings.Join(w, ", ")
}

// Describe says what a rule-modifying effect forbids, for messages.
func (m *RuleMod) Describe() string {
	switch m.Kind {
	case RuleCantCast:
		s := m.Filter.String() + " spells can't be cast"
		if m.Filter.EvenMV {
			s = "spells with even mana values can't be cast"
		}
		return s
	}
	return "an effect forbids it"
}

// String says when it may be activated: "only during your upkeep".
func (w ActivateWhen) String() string {
	var parts []string
	switch {
	case w.Step == StepUpkeep:
		parts = append(parts, "during your upkeep")
	case w.OwnTurn:
		parts = append(parts, "during your turn")
	}
	if w.BeforeAttackers {
		parts = append(parts, "before attackers are declared")
	}
	return "only " + strings.Join(parts, ", ")
}
