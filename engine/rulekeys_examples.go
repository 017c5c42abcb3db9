package engine

// Keys for rules whose printed examples the bundled scenarios demonstrate
// (issue 16's proofs): each names one statement of its rule, and the code
// that applies that statement asks for it, so that switching it off breaks
// the example's scenario.
const (
	KeySpellEffects  Key = "spell.effects.stay"       // 112.4: an effect that changed a permanent spell goes on applying to the permanent
	KeyAbilityZone   Key = "ability.zone"             // 113.6m: an ability that moves its object out of a zone works only in that zone
	KeyFinalTargets  Key = "target.change.final"      // 115.7e: only the final set of new targets is checked
	KeyExpend        Key = "expend"                   // 700.14: expending N: mana spent on spells this turn reaching N
	KeyExchangeAll   Key = "exchange.all"             // 701.12a: if the entire exchange can't be completed, no part of it occurs
	KeyWalkNoCancel  Key = "combat.landwalk.nocancel" // 702.14d: landwalk abilities don't cancel one another
	KeyToxicTotal    Key = "toxic.total"              // 702.164b: a creature's total toxic value is the sum of its toxic abilities' N
	KeySBAResolving  Key = "sba.resolving"            // 704.4: state-based actions aren't checked during a resolution
	KeySBAOneReplace Key = "sba.replace.once"         // 704.7: one replacement effect replaces all the state-based actions with the same result
	KeyNegativeZero  Key = "number.zero"              // 107.1b: a calculation that yields a negative result uses zero
	KeyNegative      Key = "number.negative"          // 107.1b: a game value such as power can be less than zero, and calculations use it
)

var exampleRecognizers = []recognizer{
	{key: KeySpellEffects, chapters: []uint16{111, 112, 213, 415}, re: rx(`continues to apply to the permanent when the spell resolves`)},
	{key: KeyAbilityZone, chapters: []uint16{112, 113, 402}, re: rx(`moves the object it.s on out of a particular zone functions only in that zone`)},
	{key: KeyFinalTargets, chapters: []uint16{114, 115}, re: rx(`only the final set of targets is evaluated`)},
	{key: KeyExpend, chapters: []uint16{700}, re: rx(`a player expends n if`)},
	{key: KeyExchangeAll, chapters: []uint16{701}, re: rx(`^a spell or ability may instruct (two )?players to exchange something`)},
	{key: KeyWalkNoCancel, chapters: []uint16{502, 702}, sub: 2, re: rx(`landwalk abilities don.t "cancel" one another`)},
	{key: KeyToxicTotal, chapters: []uint16{702}, sub: 2, re: rx(`total toxic value is the sum`)},
	{key: KeySBAResolving, chapters: sbaChapters, re: rx(`state-based actions pay no attention to what happens during the resolution`)},
	{key: KeySBAOneReplace, chapters: sbaChapters, re: rx(`a single replacement effect will replace all of them`)},
	{key: KeyNegativeZero, chapters: []uint16{104, 107}, re: rx(`yields a negative number, zero is used instead`)},
	{key: KeyNegative, chapters: []uint16{104, 107}, re: rx(`possible for a game value, such as a creature.s power, to be less than zero`)},
}
