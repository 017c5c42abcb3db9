package engine

// Keys for the rules of section 6 (spells, abilities and effects) whose
// printed examples the bundled scenarios demonstrate: each names one
// statement of its rule, and the code that applies that statement asks for
// it, so that switching it off breaks the example's scenario.
const (
	KeyCastTargetOnce   Key = "cast.targets.once"       // 601.2c: one "target" word, different objects; two words, the same one may do
	KeyConsiderChoices  Key = "cast.consider"           // 601.3a: a prohibition is judged considering the choices the spell's proposal may make
	KeyActivationCost   Key = "activate.cost"           // 602.1a: the activation cost is everything before the colon
	KeyEntersModified   Key = "enters.modified"         // 603.6b: continuous effects modify a permanent the moment it's on the battlefield
	KeyDelayedCreated   Key = "trigger.delayed.created" // 603.7a: a delayed ability doesn't trigger on an event before it was created
	KeyManaAbilityStays Key = "mana.ability.stays"      // 605.2: a mana ability stays one when it can't produce mana
	KeyTriggeredMana    Key = "mana.triggered"          // 605.4a: a triggered mana ability resolves at once, without the stack
	KeyStaticEnters     Key = "effect.static.enters"    // 611.3c: static abilities' effects apply as a permanent enters, before its triggers are looked at
)

var effectRecognizers = []recognizer{
	{key: KeyCastTargetOnce, chapters: []uint16{409, 601}, sub: 2, re: rx(`same target can.t be chosen (multiple times|more than once) for any one instance of the word .target. on the spell`)},
	{key: KeyConsiderChoices, chapters: []uint16{601}, sub: 2, re: rx(`^if an effect prohibits a player from casting a spell with certain qualities`)},
	{key: KeyActivationCost, chapters: []uint16{409, 602}, sub: 2, re: rx(`^the activation cost is everything before the colon`)},
	{key: KeyEntersModified, chapters: []uint16{410, 603}, re: rx(`continuous effects that modify characteristics of a permanent do so the moment the permanent is on the battlefield`)},
	{key: KeyDelayedCreated, chapters: []uint16{404, 410, 603}, re: rx(`won.t trigger until it has actually been created`)},
	{key: KeyManaAbilityStays, chapters: []uint16{406, 411, 605}, re: rx(`remains a mana ability even if the game state doesn.t allow it to produce mana`)},
	{key: KeyTriggeredMana, chapters: []uint16{406, 411, 605}, re: rx(`triggered mana ability doesn.t go on the stack`)},
	{key: KeyStaticEnters, chapters: []uint16{418, 610, 611}, sub: 2, re: rx(`continuous effects that modify characteristics of permanents do so simultaneously with the permanent entering`)},
}
