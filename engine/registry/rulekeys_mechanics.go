package registry

// Keys for keyword abilities and mechanisms: each a rule's statement the
// engine applies through a gate (gated.go), recognized in an edition's
// text.
const (
	SpellTargets    Key = "cast.targeted"          // 115.1a: a spell is targeted by its spell ability's "target"s, not its other abilities'
	Cycling         Key = "cycling"                // 702.29a: cycling, an activated ability that works from the hand
	CycleTrigger    Key = "cycling.trigger"        // 702.29c: "When you cycle this card" triggers from whatever zone the card winds up in
	KeywordCost     Key = "keyword.cost"           // 702.1a: "[keyword] cost" means only the keyword's variable cost
	StationOther    Key = "station.other"          // 702.184c: an effect may have a creature station with a characteristic other than its power
	KeywordVariable Key = "keyword.variable"       // 702.1b: a granted keyword's variable is constantly reevaluated
	Echo            Key = "echo"                   // 702.30a: echo, an upkeep trigger: sacrifice it unless you pay
	Crews           Key = "crew.crews"             // 702.122b: a creature tapped to pay a crew cost crews the Vehicle
	SunburstVar     Key = "sunburst.variable"      // 702.44c: sunburst sets another ability's number
	NoncreaturePT   Key = "pt.noncreature"         // 208.3a: an effect on a noncreature's power and toughness is created all the same
	SameIsTrue      Key = "keyword.variants"       // 702.1c: "the same is true for" a keyword grants each of its variants
	TriggerZones    Key = "trigger.zones"          // 113.6k: each trigger condition of an ability works in the zones it can trigger from
	SwapWhole       Key = "aura.swap.whole"        // 702.65b: if either half of an aura swap can't be completed, it has no effect
	TrampleWalkers  Key = "combat.trample.walkers" // 702.19c: trample over planeswalkers: excess damage to the planeswalker's controller
	DamageWalker    Key = "damage.planeswalker"    // 120.3c: damage to a planeswalker removes loyalty counters
	BandBlocked     Key = "banding.blocked"        // 702.22h: blocking one creature of an attacking band blocks the band
	StatusKept      Key = "status.kept"            // 110.5c: a permanent keeps its status even when it isn't relevant to it
	StaticTimestamp Key = "timestamp.static"       // 613.7a: a granted static ability's effect has the later of its object's and the grant's timestamps
	AttachTimestamp Key = "timestamp.attach"       // 613.7e: an Aura or Equipment gets a new timestamp each time it becomes attached
	Waterbend       Key = "waterbend"              // 701.67a: tap artifacts and creatures rather than pay a waterbend cost's generic mana
	WaterbendOnly   Key = "waterbend.only"         // 701.67b: only the waterbend cost's generic mana, not the rest of the total cost
	EntersIs        Key = "effect.enters.is"       // 611.2e: an effect stating what a permanent put onto the battlefield is applies as it enters
	Shortcut        Key = "shortcut"               // 731.2a: the player with priority may suggest a shortcut
	ShortcutShorten Key = "shortcut.shorten"       // 731.2b: each other player accepts it or shortens it to where they'll choose differently
	ShortcutTaken   Key = "shortcut.taken"         // 731.2c: the player at a shortened shortcut's end must choose differently
	LoopFragmented  Key = "loop.fragmented"        // 731.3: in a fragmented loop, the active player (or the first involved) must make a different choice
	LoopMandatory   Key = "loop.mandatory"         // 731.4: a loop of only mandatory actions is a draw (104.4b)
	LoopNotForced   Key = "loop.notforced"         // 731.5: no player is forced to end a loop by an action its objects don't call for
	LandTypeSet     Key = "types.land.set"         // 305.7: a land whose subtype is set to a basic land type loses its rules text's abilities
)

// mechanicsGated lists the keys above (all gated).
var mechanicsGated = []Key{
	SpellTargets, Cycling, CycleTrigger, KeywordCost, StationOther, KeywordVariable, Echo, Crews, SunburstVar, NoncreaturePT,
	SameIsTrue, TriggerZones, SwapWhole, TrampleWalkers, DamageWalker,
	BandBlocked, StatusKept, StaticTimestamp, AttachTimestamp, Waterbend, WaterbendOnly, EntersIs, Shortcut, ShortcutShorten, ShortcutTaken, LoopFragmented,
	LoopMandatory, LoopNotForced, LandTypeSet,
}

// shortcutsTitle is the chapter on shortcuts and loops (731 in 2026).
var shortcutsTitle = rx(`^taking shortcuts$`)

var mechanicsRecognizers = []recognizer{
	{key: LandTypeSet, chapters: []uint16{212, 305}, re: rx(`^if an effect (changes|sets) a land.s subtype to one or more of the basic land types`)},
	{key: SpellTargets, chapters: []uint16{113, 114, 115, 415}, re: rx(`^an instant or sorcery spell is targeted if`)},
	{key: Cycling, chapters: []uint16{502, 702}, sub: 2, re: rx(`^cycling is an activated ability that functions only while`)},
	{key: CycleTrigger, chapters: []uint16{502, 702}, sub: 2, re: rx(`abilities that trigger when they.re cycled`)},
	{key: KeywordCost, chapters: []uint16{702}, sub: 2, re: rx(`^if an effect refers to a "\[keyword ability\] cost`)},
	{key: StationOther, chapters: []uint16{702}, sub: 2, re: rx(`modify the result of a station ability`)},
	{key: KeywordVariable, chapters: []uint16{702}, sub: 2, re: rx(`^an effect that grants an object a keyword ability may define a variable`)},
	{key: Echo, chapters: []uint16{502, 702}, sub: 2, re: rx(`^echo is an? (upkeep-)?triggered ability`)}, // "an upkeep-triggered ability" until 2003-05-26
	{key: Crews, chapters: []uint16{702}, sub: 2, re: rx(`crews a vehicle.? when it.s tapped to pay`)},
	{key: SunburstVar, chapters: []uint16{502, 702}, sub: 2, re: rx(`^sunburst can also be used to set a variable`)},
	{key: NoncreaturePT, chapters: []uint16{208}, sub: 2, re: rx(`that effect is created even though it doesn.t do anything unless that permanent becomes a creature`)},
	{key: SameIsTrue, chapters: []uint16{702}, sub: 2, re: rx(`"the same is true for" a list of keyword abilities`)},
	{key: TriggerZones, chapters: []uint16{112, 113}, sub: 2, re: rx(`^a trigger condition that can.t trigger from the battlefield functions in all zones`)},
	{key: SwapWhole, chapters: []uint16{502, 702}, sub: 2, re: rx(`^if either half of the exchange can.t be completed, the ability has no effect`)},
	{key: TrampleWalkers, chapters: []uint16{702}, sub: 2, re: rx(`^trample over planeswalkers is a variant of trample`)},
	{key: DamageWalker, title: damageTitle, re: rx(`^damage dealt to a planeswalker causes that many loyalty counters`)},
	{key: BandBlocked, chapters: []uint16{502, 702}, sub: 2, re: rx(`each other creature in the same band as the attacking creature becomes blocked`)},
	{key: StatusKept, chapters: []uint16{110, 510}, re: rx(`^a permanent retains its status until`)},
	{key: StaticTimestamp, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^a continuous effect generated by a static ability has the same timestamp as the object the static ability is on, or the timestamp of the effect that created the ability`)},
	{key: AttachTimestamp, chapters: []uint16{418, 612, 613}, sub: 2, re: rx(`^an aura, equipment, or fortification receives a new timestamp`)},
	{key: Waterbend, chapters: []uint16{701}, sub: 2, re: rx(`^"waterbend \[cost\]" means`)},
	{key: WaterbendOnly, chapters: []uint16{701}, sub: 2, re: rx(`^if a waterbend cost is part of the total cost`)},
	{key: EntersIs, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`^if a resolving spell or ability both puts a nontoken permanent onto the battlefield and creates a continuous effect stating`)},
	{key: Shortcut, title: shortcutsTitle, sub: 2, re: rx(`^at any point in the game, the player with priority may suggest a shortcut`)},
	{key: ShortcutShorten, title: shortcutsTitle, sub: 2, re: rx(`^each other player, in turn order starting after the player who suggested the shortcut, may either accept`)},
	{key: ShortcutTaken, title: shortcutsTitle, sub: 2, re: rx(`^once the last player has either accepted or shortened the shortcut proposal`)},
	{key: LoopFragmented, title: shortcutsTitle, re: rx(`^sometimes a loop can be fragmented`)},
	{key: LoopMandatory, title: shortcutsTitle, re: rx(`^if a loop contains only mandatory actions, the game (is|ends in) a draw`)},
	{key: LoopNotForced, title: shortcutsTitle, re: rx(`^no player can be forced to perform an action that would end a loop`)},
}
