package registry

// Keys for rules whose printed examples the bundled scenarios demonstrate
// (issue 16's proofs): each names one statement of its rule, and the code
// that applies that statement asks for it, so that switching it off breaks
// the example's scenario.
const (
	SpellEffects     Key = "spell.effects.stay"       // 112.4: an effect that changed a permanent spell goes on applying to the permanent
	AbilityZone      Key = "ability.zone"             // 113.6m: an ability that moves its object out of a zone works only in that zone
	FinalTargets     Key = "target.change.final"      // 115.7e: only the final set of new targets is checked
	Expend           Key = "expend"                   // 700.14: expending N: mana spent on spells this turn reaching N
	ExchangeAll      Key = "exchange.all"             // 701.12a: if the entire exchange can't be completed, no part of it occurs
	WalkNoCancel     Key = "combat.landwalk.nocancel" // 702.14d: landwalk abilities don't cancel one another
	ToxicTotal       Key = "toxic.total"              // 702.164b: a creature's total toxic value is the sum of its toxic abilities' N
	SBAResolving     Key = "sba.resolving"            // 704.4: state-based actions aren't checked during a resolution
	SBAOneReplace    Key = "sba.replace.once"         // 704.7: one replacement effect replaces all the state-based actions with the same result
	NegativeZero     Key = "number.zero"              // 107.1b: a calculation that yields a negative result uses zero
	CreatureSubtypes Key = "types.creature.dash"      // 302.3: the creature types are listed after a long dash
	LandSubtypes     Key = "types.land.dash"          // 305.5: the land types are listed after a long dash
	ConvokeTotal     Key = "convoke.total"            // 702.51b: convoke applies only after the total cost is determined
	EventPerAbility  Key = "event.per.ability"        // 700.1: one happening may be one event to one ability and several to another
	DevotionMods     Key = "devotion.mods"            // 700.5a: effects that modify devotion count
	LifelinkEvents   Key = "lifelink.events"          // 702.15e: sources with lifelink dealing damage at once cause separate life gain events
	SBALKI           Key = "sba.lki"                  // 704.8: what state-based actions move is remembered as it was before any of them
	SplicedText      Key = "splice.text"              // 702.47c: the spliced text is the spell's: a card name in it means the spell
	TokenText        Key = "token.text"               // 111.3: what the creating effect defines is the token's text, its copiable values
	TokenName        Key = "token.name"               // 111.4: the creating effect sets the token's name: its own, or its subtypes plus "Token"
	APNAP            Key = "apnap"                    // 101.4: the active player chooses first, then the others in turn order; then all act at once
	UndefinedMana    Key = "mana.undefined"           // 106.5: mana of an undefined type is no mana
	Detrimental      Key = "ability.detrimental"      // 113.2a: abilities can be detrimental
	StatedQuality    Key = "ability.stated"           // 113.12: an effect stating a quality or setting a characteristic grants no ability
	IfYouDo          Key = "cost.ifyoudo"             // 118.12: "[do something]. If you do": a cost paid as it resolves; the follow-up only if paid
	DamageNoDestroy  Key = "damage.nodestroy"         // 120.5: damage doesn't destroy a creature; state-based actions may
	Negative         Key = "number.negative"          // 107.1b: a game value such as power can be less than zero, and calculations use it
	Contradict       Key = "zone.contradict"          // 400.6: effects or rules doing contradictory things to an object: its controller chooses which applies
	Undetermined     Key = "pt.undetermined"          // 208.2a: a number a power/toughness-defining ability can't determine is 0
	DifferentNames   Key = "name.different"           // 201.2b: objects have different names only if each has a name
	AddedStep        Key = "turn.addstep"             // 500.10: a step added after a phase comes in a new phase of its own, whose other steps are skipped
	PilesStay        Key = "piles.stay"               // 700.3c: objects grouped into piles don't leave the zone they're in
	EnterOthers      Key = "enters.others"            // 614.13a: an effect modifying how a permanent enters can't choose objects entering with it
)

var exampleRecognizers = []recognizer{
	{key: EnterOthers, chapters: []uint16{614}, re: rx(`can.t choose the object that will become that permanent or any other object entering the battlefield at the same time`)},
	{key: PilesStay, chapters: []uint16{700}, re: rx(`^objects grouped into piles don.t leave the zone they.re currently in`)},
	{key: AddedStep, chapters: []uint16{500}, re: rx(`^some effects add a step after a particular phase`)},
	{key: DifferentNames, chapters: []uint16{201}, re: rx(`^some spells and abilities refer to two or more objects with different names`)},
	{key: Undetermined, chapters: []uint16{203, 207, 208}, re: rx(`number that can.t be determined, (including inside a calculation, )?use 0 instead`)},
	{key: Contradict, chapters: []uint16{217, 400}, re: rx(`contradictory or mutually exclusive things to a particular (object|card or permanent)`)},
	{key: APNAP, chapters: []uint16{101, 103}, sub: 1, re: rx(`referred to as the "active player, nonactive player`)},
	{key: UndefinedMana, chapters: []uint16{106, 406}, re: rx(`produce one or more mana of an undefined type, it produces no mana`)},
	{key: Detrimental, chapters: []uint16{112, 113}, re: rx(`^abilities can be beneficial or detrimental`)},
	{key: StatedQuality, chapters: []uint16{112, 113}, sub: 1, re: rx(`^an effect that sets an object.s characteristic, or simply states a quality of that object, is different from an ability granted`)},
	{key: IfYouDo, chapters: []uint16{117, 118}, sub: 1, re: rx(`^some spells, activated abilities, and triggered abilities read, "\[do something\]\. if \[a player\]`)},
	{key: DamageNoDestroy, title: damageTitle, re: rx(`^damage dealt to a creature(, planeswalker, or battle| or planeswalker)? doesn.t destroy it`)},
	{key: SplicedText, chapters: []uint16{502, 702}, sub: 2, re: rx(`^the spell has the characteristics of the main spell, plus the (text boxes|rules text) of each of the spliced cards`)},
	{key: TokenText, chapters: []uint16{110, 111}, re: rx(`^the spell or ability that creates a token may define the values of any number of characteristics`)},
	{key: TokenName, chapters: []uint16{110, 111}, re: rx(`^a spell or ability that creates a token sets both its name and its subtype`)},
	{key: ConvokeTotal, chapters: []uint16{702}, sub: 2, re: rx(`^the convoke ability isn.t an additional or alternative cost`)},
	{key: EventPerAbility, chapters: []uint16{700}, re: rx(`^anything that happens in a game is an event`)},
	{key: DevotionMods, chapters: []uint16{700}, sub: 2, re: rx(`devotion to each color and combination of colors, taking into account any effects that modify devotion`)},
	{key: LifelinkEvents, chapters: []uint16{702}, sub: 2, re: rx(`sources with lifelink deal damage at the same time, they cause separate life gain events`)},
	{key: SBALKI, chapters: sbaChapters, re: rx(`last known information is derived from the game state before any of those state-based actions`)},
	{key: CreatureSubtypes, chapters: []uint16{212, 302}, re: rx(`^creature subtypes are (usually|always) a single word`)},
	{key: LandSubtypes, chapters: []uint16{212, 305}, re: rx(`^land subtypes are always a single word`)},
	{key: SpellEffects, chapters: []uint16{111, 112, 213, 415}, re: rx(`continues to apply to the permanent when the spell resolves`)},
	{key: AbilityZone, chapters: []uint16{112, 113, 402}, re: rx(`moves the object it.s on out of a particular zone functions only in that zone`)},
	{key: FinalTargets, chapters: []uint16{114, 115}, re: rx(`only the final set of targets is evaluated`)},
	{key: Expend, chapters: []uint16{700}, re: rx(`a player expends n if`)},
	{key: ExchangeAll, chapters: []uint16{701}, re: rx(`^a spell or ability may instruct (two )?players to exchange something`)},
	{key: WalkNoCancel, chapters: []uint16{502, 702}, sub: 2, re: rx(`landwalk (abilities|ablities) don.t "cancel" one another`)}, // 2003-05-26 misprints "ablities"
	{key: ToxicTotal, chapters: []uint16{702}, sub: 2, re: rx(`total toxic value is the sum`)},
	{key: SBAResolving, chapters: sbaChapters, re: rx(`state-based actions pay no attention to what happens during the resolution`)},
	{key: SBAOneReplace, chapters: sbaChapters, re: rx(`a single replacement effect will replace all of them`)},
	{key: NegativeZero, chapters: []uint16{104, 107}, re: rx(`yields a negative number, zero is used instead`)},
	{key: Negative, chapters: []uint16{104, 107}, re: rx(`possible for a game value, such as a creature.s power, to be less than zero`)},
}
