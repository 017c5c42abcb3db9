package registry

// Keys for the rules of section 6 (spells, abilities and effects) whose
// printed examples the bundled scenarios demonstrate: each names one
// statement of its rule, and the code that applies that statement asks for
// it, so that switching it off breaks the example's scenario.
const (
	CastTargetOnce   Key = "cast.targets.once"       // 601.2c: one "target" word, different objects; two words, the same one may do
	ConsiderChoices  Key = "cast.consider"           // 601.3a: a prohibition is judged considering the choices the spell's proposal may make
	AltChars         Key = "cast.altchars"           // 601.3e: a card cast with alternative characteristics (face down) is judged by them
	ActivationCost   Key = "activate.cost"           // 602.1a: the activation cost is everything before the colon
	LinkedTrigger    Key = "trigger.linked"          // 603.11: a triggered ability written after a static one in its paragraph is linked to it ("this way")
	EntersModified   Key = "enters.modified"         // 603.6b: continuous effects modify a permanent the moment it's on the battlefield
	DelayedCreated   Key = "trigger.delayed.created" // 603.7a: a delayed ability doesn't trigger on an event before it was created
	ManaAbilityStays Key = "mana.ability.stays"      // 605.2: a mana ability stays one when it can't produce mana
	TriggeredMana    Key = "mana.triggered"          // 605.4a: a triggered mana ability resolves at once, without the stack
	StaticEnters     Key = "effect.static.enters"    // 611.3c: static abilities' effects apply as a permanent enters, before its triggers are looked at
	KickerLinked     Key = "kicker.linked"           // 607.2i: an ability asking whether a kicker was paid is linked to that kicker
	LinkedMany       Key = "linked.many"             // 607.4: an ability may be part of more than one pair of linked abilities
	LinkedGained     Key = "linked.gained"           // 607.5: abilities an object acquires as part of one effect are linked to one another, and to no other
	UndefinedChoice  Key = "choice.undefined"        // 607.5a: a choice made for another ability than the linked one is undefined: that part does nothing
	OptionsPossible  Key = "resolve.options"         // 608.2d: a player can't choose an option that's illegal or impossible
	EachApart        Key = "resolve.apart"           // 608.2f: an action on several players or objects that can't be at once is taken for each apart, the controller ordering one player's
	LookBackInfo     Key = "resolve.lookback"        // 608.2i: information about a previous game state needn't hold now
	OnlyNamed        Key = "resolve.characteristic"  // 608.2j: an effect checks only the characteristic it names
	RefersPrevious   Key = "resolve.previous"        // 608.2k: an object the cost or trigger referred to is still affected if it changed
	CantEnter        Key = "resolve.cant.enter"      // 608.3e: a permanent spell that can't enter goes to its owner's graveyard
	PermanentsOnly   Key = "effects.permanents"      // 609.2: effects apply only to permanents unless their text says otherwise
	AsMuchAsPossible Key = "effects.possible"        // 609.3: an effect that attempts the impossible does as much as possible
	SimultaneousBack Key = "oneshot.simultaneous"    // 610.3d: one-shot effects created at once by simultaneous events happen at once
	DurationNever    Key = "effect.duration.never"   // 611.2b: a "for as long as" duration that never starts: the effect does nothing
	RulesEffect      Key = "effect.rules"            // 611.2c: an effect that modifies the rules affects objects that arrive later
	StaticWhere      Key = "effect.static.where"     // 611.3b: a static ability's effect applies while its object is where it works
	LayerOrder       Key = "layers.order"            // 613.5: continuous effects are applied as the layer system describes, continually
	Override         Key = "layers.override"         // 613.9: one effect can override another, and its results decide what another does
	ReplaceOnce      Key = "replace.once"            // 614.5: a replacement effect gets one opportunity to affect an event
	EntersAsItWould  Key = "replace.enters.as"       // 614.12: entering replacements judge the permanent as it would exist; its own apply only to itself
	PreventEachEvent Key = "prevent.static.each"     // 615.10: a static "prevent N of that damage" applies to each damage event apart
	ReplaceNow       Key = "replace.now"             // 616.1f: after one applies, only the replacements that would now apply are considered
	ContainedLater   Key = "replace.contained"       // 616.1g: a replacement of an event inside another is chosen after the outer one's
)

// effectGated lists the keys above whose code is gated (gated.go).
var effectGated = []Key{
	CastTargetOnce, Pay, ConsiderChoices, AltChars, LinkedTrigger, ActivationCost, EntersModified, DelayedCreated,
	ManaAbilityStays, TriggeredMana, StaticEnters, KickerLinked, LinkedMany, LinkedGained, UndefinedChoice,
	OptionsPossible, EachApart, LookBackInfo, OnlyNamed, RefersPrevious, CantEnter, PermanentsOnly,
	AsMuchAsPossible, SimultaneousBack, DurationNever, RulesEffect, StaticWhere, LayerOrder,
	Override, ReplaceOnce, EntersAsItWould, PreventEachEvent, ReplaceNow, ContainedLater,
}

var effectRecognizers = []recognizer{
	{key: CastTargetOnce, chapters: []uint16{409, 601}, sub: 2, re: rx(`same target can.t be chosen (multiple times|more than once) for any one instance of the word .target. on the spell`)},
	{key: LinkedTrigger, chapters: []uint16{603}, sub: 1, re: rx(`^some objects have a static ability that.s linked to one or more triggered abilities`)},
	{key: AltChars, chapters: []uint16{601}, sub: 2, re: rx(`^some rules and effects state that an alternative set of characteristics or a subset of characteristics are considered`)},
	{key: ConsiderChoices, chapters: []uint16{601}, sub: 2, re: rx(`^if an effect prohibits a player from casting a spell with certain qualities`)},
	{key: ActivationCost, chapters: []uint16{409, 602}, sub: 2, re: rx(`^the activation cost is everything before the colon`)},
	{key: EntersModified, chapters: []uint16{410, 603}, re: rx(`continuous effects that modify characteristics of a permanent do so the moment the permanent is on the battlefield`)},
	{key: DelayedCreated, chapters: []uint16{404, 410, 603}, re: rx(`won.t trigger until it has actually been created`)},
	{key: ManaAbilityStays, chapters: []uint16{406, 411, 605}, re: rx(`remains a mana ability even if the game state doesn.t allow it to produce mana`)},
	{key: TriggeredMana, chapters: []uint16{406, 411, 605}, re: rx(`triggered mana ability doesn.t go on the stack`)},
	{key: KickerLinked, chapters: []uint16{607}, sub: 2, re: rx(`refers to whether that cost was paid, those abilities are linked`)},
	{key: LinkedMany, chapters: []uint16{607}, sub: 1, re: rx(`^an ability may be part of more than one pair of linked abilities`)},
	{key: LinkedGained, chapters: []uint16{607}, sub: 1, re: rx(`^if an object acquires a pair of linked abilities as part of the same effect`)},
	{key: UndefinedChoice, chapters: []uint16{607}, sub: 2, re: rx(`choice is considered to be .undefined`)},
	{key: OptionsPossible, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`can.t choose an option that.s illegal or impossible`)},
	{key: EachApart, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`^some spells and abilities include actions taken on multiple players and/or objects`)},
	{key: LookBackInfo, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`^some effects look back in time and require information about previous game states`)},
	{key: OnlyNamed, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`refers to certain characteristics, it checks only for the value of the specified characteristics`)},
	{key: RefersPrevious, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`refers to a specific untargeted object that has been previously referred to by that ability.s cost or trigger condition`)},
	{key: CantEnter, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`^if a permanent spell resolves but its controller can.t put it onto the battlefield`)},
	{key: PermanentsOnly, chapters: []uint16{416, 608, 609}, sub: 1, re: rx(`^effects apply only to permanents unless the instruction.s text states otherwise`)},
	{key: AsMuchAsPossible, chapters: []uint16{416, 608, 609}, sub: 1, re: rx(`^if an effect attempts to do something impossible, it does only as much as possible`)},
	{key: SimultaneousBack, chapters: []uint16{418, 609, 610}, sub: 2, re: rx(`^if multiple one-shot effects are created this way immediately after one or more simultaneous events`),
		parent: rx(`change zones .until.`)},
	{key: DurationNever, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`if the .for as long as. duration never starts`)},
	{key: RulesEffect, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`doesn.t modify the characteristics or change the controller of any objects modifies the rules of the game`)},
	{key: StaticWhere, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`^the effect applies at all times that the permanent generating it is on the battlefield`)},
	{key: LayerOrder, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`^the application of continuous effects as described by the layer system is continually and automatically performed`)},
	{key: Override, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`^one continuous effect can override another`)},
	{key: ReplaceOnce, chapters: []uint16{419, 613, 614}, sub: 1, re: rx(`^a replacement effect doesn.t invoke itself repeatedly`)},
	{key: EntersAsItWould, chapters: []uint16{419, 613, 614}, sub: 1, re: rx(`^some replacement effects modify how a permanent enters the battlefield`)},
	{key: PreventEachEvent, chapters: []uint16{419, 614, 615}, sub: 1, re: rx(`^some prevention effects generated by static abilities refer to a specific amount of damage`)},
	{key: ReplaceNow, chapters: []uint16{419, 614, 615, 616}, sub: 2, re: rx(`^once the chosen effect has been applied, this process is repeated`)},
	{key: ContainedLater, chapters: []uint16{419, 614, 615, 616}, sub: 2, re: rx(`another may apply to an event contained within the first event`)},
	{key: StaticEnters, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`continuous effects that modify characteristics of permanents do so simultaneously with the permanent entering`)},
}
