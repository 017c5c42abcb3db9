package registry

// Keys for behaviour that lives inside a broader rule, named so that rule
// ablation (gated.go) can switch it off on its own: each is code that
// could be deleted without failing a scenario until one was written for it.
const (
	PreventShield    Key = "prevent.shield"        // 615.7: a shield of N damage is used up by the damage it prevents
	TrampleMarked    Key = "combat.trample.marked" // 702.19b: lethal damage counts damage already marked on the blocker
	CopyValues       Key = "copy.values"           // 707.3: a copy's copiable values are what it copied, so copying it copies that
	CopyKeeps        Key = "copy.keeps"            // 707.4: becoming a copy of something else keeps the noncopy effects on it
	CopyChoices      Key = "copy.choices"          // 707.6: choices made for a permanent aren't copied
	LayerParts       Key = "layers.parts"          // 613.6: each part of an effect applies in its layer, to the same objects
	TypesRetain      Key = "types.retain"          // 205.1b: "still a land", "in addition to its other types" keep the prior types
	SupertypesKept   Key = "types.super.kept"      // 205.4b: changing card types or subtypes doesn't change supertypes
	NameTracks       Key = "copy.name.tracks"      // 707.11: an effect naming its permanent tracks it through name changes and copies
	Cumulative       Key = "cumulative"            // 702.24a: cumulative upkeep: an age counter, then pay for each
	CumulativeShared Key = "cumulative.shared"     // 702.24b: each instance counts every age counter on the permanent
	PreventEach      Key = "prevent.each"          // 615.11: a shield for each untargeted creature, made as the effect resolves
	ReplaceChain     Key = "replace.chain"         // 616.2: a replacement can apply to an event another replacement made
	CostModified     Key = "cost.modified"         // 118.11: a cost whose actions effects changed has still been paid
	ActivateBanned   Key = "activate.prohibited"   // 602.5: an ability prohibited from being activated (beyond "Activate only once each turn") can't be
	ReplaceOrder     Key = "replace.order"         // 616.1: the affected object\'s controller or the affected player chooses which replacement applies
	CouldProduce     Key = "mana.could"            // 106.7: the mana a permanent could produce is what its abilities would produce if they resolved now
	Reflexive        Key = "trigger.reflexive"     // 603.12: "when you do": a triggered ability the resolving one creates and triggers
	TokenByName      Key = "token.named"           // 111.11: a token created by name has the characteristics of the card with that name
	AssignBlocking   Key = "combat.blocking"       // 510.1d: a creature blocking two or more attackers divides its damage among them
	Shuffle          Key = "shuffle"               // 701.24a: shuffling randomizes the library's order
	ShuffleKeep      Key = "shuffle.position"      // 701.24g: a card put in a position as the library is shuffled stays there
	ShuffleAbsent    Key = "shuffle.absent"        // 701.24c: shuffling specific objects into a library shuffles it even if they aren't there to move
	ShuffleEmpty     Key = "shuffle.empty"         // 701.24d: shuffling a set of objects into a library shuffles it even if the set is empty
	Search           Key = "search"                // 701.23a: searching a zone: look at all its cards and find those that match
	SearchPortion    Key = "search.portion"        // 701.23f: a search replaced with a portion's: the instructions about the search still apply
	SearchMay        Key = "search.may"            // 701.23b: in a hidden zone, cards with a stated quality needn't all be found
	SearchUndefined  Key = "search.undefined"      // 701.23c: a search for an undefined quality finds no cards
	Reveal           Key = "reveal"                // 701.20a: revealing a card shows it to all players
	RevealAgain      Key = "reveal.again"          // 701.20c: a card that is currently revealed may be revealed again
	TokenCopyNone    Key = "token.copy.none"       // 111.12: a token that's a copy of a nonexistent object isn't created
	OrderAttacker    Key = "combat.order"          // 509.2 (M10 to Foundations): the active player announces a blocked creature's damage assignment order
	OrderBlocker     Key = "combat.order.blocking" // 509.3 (M10 to Foundations): the defending player announces a blocking creature's
	AssignTotal      Key = "combat.assign.total"   // 510.1e: a player's total damage assignment is checked, not each creature's alone
)

var gatedRecognizers = []recognizer{
	{key: PreventShield, chapters: []uint16{419, 614, 615}, re: rx(`these work like shields`)},
	{key: TrampleMarked, chapters: []uint16{502, 702}, sub: 2, re: rx(`lethal damage, take into account damage already`)},
	{key: CopyValues, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`objects that copy the object will use the new copiable values`)},
	{key: CopyKeeps, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`copy a different object while remaining on the battlefield`)},
	{key: LayerParts, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`^if an effect should be applied in different layers`)},
	{key: TypesRetain, chapters: []uint16{204, 205}, sub: 2, re: rx(`retains a prior card type`)},
	{key: SupertypesKept, chapters: []uint16{204, 205}, sub: 2, re: rx(`changing an object.s card types or subtypes won.t change its supertypes`)},
	{key: NameTracks, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^if an effect refers to a permanent by name, the effect still tracks that permanent`)},
	{key: Cumulative, chapters: []uint16{502, 702}, sub: 2, re: rx(`^cumulative upkeep is a triggered ability`)},
	{key: CumulativeShared, chapters: []uint16{502, 702}, sub: 2, re: rx(`multiple instances of cumulative upkeep`)},
	{key: PreventEach, chapters: []uint16{419, 614, 615}, re: rx(`prevent the next n damage that would be dealt to each of a number of untargeted`)},
	{key: ReplaceChain, chapters: []uint16{419, 614, 615, 616}, re: rx(`can become applicable to an event as the result of another replacement`)},
	{key: CostModified, chapters: []uint16{118}, re: rx(`the actions performed when paying a cost may be modified by effects`)},
	// 2003-05-26 prints it as 410.4, among the triggered abilities.
	{key: ActivateBanned, chapters: []uint16{409, 410, 602}, re: rx(`^a player can.t begin to (activate an ability|play a spell or activated ability) that.s prohibited from being`)},
	{key: ReplaceOrder, chapters: []uint16{419, 614, 615, 616}, sub: 1, re: rx(`(replacement and/or prevention|replacement) effects are attempting to modify the way an event affects an object`)},
	{key: CouldProduce, chapters: []uint16{106}, sub: 1, re: rx(`the type of mana a permanent could produce at any time includes`)},
	{key: TokenByName, chapters: []uint16{110, 111}, sub: 1, re: rx(`create a token by name`)},
	{key: Reflexive, chapters: []uint16{603}, sub: 1, re: rx(`reflexive triggered abilities`)},
	{key: CopyChoices, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^when copying a permanent, any choices that have been made for that permanent aren.t copied`)},
	{key: AssignBlocking, chapters: []uint16{310, 510}, sub: 2, re: rx(`^a blocking creature (will )?assigns? combat damage`)},
	{key: Shuffle, chapters: []uint16{701}, sub: 2, re: rx(`^to shuffle a library or a face-down pile of cards, randomize`)},
	{key: ShuffleKeep, chapters: []uint16{701}, sub: 2, re: rx(`shuffle a library at the same time that an object would be put into a certain position`)},
	{key: ShuffleAbsent, chapters: []uint16{701}, sub: 2, re: rx(`shuffle one or more specific objects into a library, that library is shuffled even if`)},
	{key: ShuffleEmpty, chapters: []uint16{701}, sub: 2, re: rx(`shuffle a set of objects into a library, that library is shuffled even if there are no objects`)},
	{key: Search, chapters: []uint16{701}, sub: 2, re: rx(`^to search for a card in a zone, look at all cards in that zone`)},
	{key: SearchMay, chapters: []uint16{701}, sub: 2, re: rx(`searching a hidden zone for cards with a stated quality`)},
	{key: SearchUndefined, chapters: []uint16{701}, sub: 2, re: rx(`search a hidden zone for cards that match an undefined quality`)},
	{key: SearchPortion, chapters: []uint16{701}, sub: 2, re: rx(`searching a zone is replaced with searching a portion of that zone`)},
	{key: Reveal, chapters: []uint16{701}, sub: 2, re: rx(`^to reveal a card, show that card to all players`)},
	{key: RevealAgain, chapters: []uint16{701}, sub: 2, re: rx(`^a card that is currently revealed may be revealed again`)},
	{key: TokenCopyNone, chapters: []uint16{110, 111}, sub: 1, re: rx(`create a token that is a copy of a nonexistent object, no token is created`)},
	{key: OrderAttacker, chapters: []uint16{509}, sub: 1, re: rx(`^second, for each attacking creature that.s become blocked.*the active player announces`)},
	{key: OrderBlocker, chapters: []uint16{509}, sub: 1, re: rx(`^third, for each (blocking creature|creature that.s blocking multiple creatures).*the defending player announces`)},
	{key: AssignTotal, chapters: []uint16{510}, sub: 2, re: rx(`^once a player has assigned combat damage from each attacking or blocking creature`)},
}
