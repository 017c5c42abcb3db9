package engine

// Keys for behaviour that lives inside a broader rule, named so that rule
// ablation (ablation.go) can switch it off on its own: each is code that
// could be deleted without failing a scenario until one was written for it.
const (
	KeyPreventShield    Key = "prevent.shield"        // 615.7: a shield of N damage is used up by the damage it prevents
	KeyTrampleMarked    Key = "combat.trample.marked" // 702.19b: lethal damage counts damage already marked on the blocker
	KeyCopyValues       Key = "copy.values"           // 707.3: a copy's copiable values are what it copied, so copying it copies that
	KeyCopyKeeps        Key = "copy.keeps"            // 707.4: becoming a copy of something else keeps the noncopy effects on it
	KeyCopyChoices      Key = "copy.choices"          // 707.6: choices made for a permanent aren't copied
	KeyLayerParts       Key = "layers.parts"          // 613.6: each part of an effect applies in its layer, to the same objects
	KeyTypesRetain      Key = "types.retain"          // 205.1b: "still a land", "in addition to its other types" keep the prior types
	KeySupertypesKept   Key = "types.super.kept"      // 205.4b: changing card types or subtypes doesn't change supertypes
	KeyNameTracks       Key = "copy.name.tracks"      // 707.11: an effect naming its permanent tracks it through name changes and copies
	KeyCumulative       Key = "cumulative"            // 702.24a: cumulative upkeep: an age counter, then pay for each
	KeyCumulativeShared Key = "cumulative.shared"     // 702.24b: each instance counts every age counter on the permanent
	KeyPreventEach      Key = "prevent.each"          // 615.11: a shield for each untargeted creature, made as the effect resolves
	KeyReplaceChain     Key = "replace.chain"         // 616.2: a replacement can apply to an event another replacement made
	KeyCostModified     Key = "cost.modified"         // 118.11: a cost whose actions effects changed has still been paid
	KeyActivateBanned   Key = "activate.prohibited"   // 602.5: an ability prohibited from being activated (beyond "Activate only once each turn") can't be
	KeyReplaceOrder     Key = "replace.order"         // 616.1: the affected object\'s controller or the affected player chooses which replacement applies
	KeyCouldProduce     Key = "mana.could"            // 106.7: the mana a permanent could produce is what its abilities would produce if they resolved now
	KeyReflexive        Key = "trigger.reflexive"     // 603.12: "when you do": a triggered ability the resolving one creates and triggers
	KeyTokenByName      Key = "token.named"           // 111.11: a token created by name has the characteristics of the card with that name
	KeyAssignBlocking   Key = "combat.blocking"       // 510.1d: a creature blocking two or more attackers divides its damage among them
	KeyShuffle          Key = "shuffle"               // 701.24a: shuffling randomizes the library's order
	KeyShuffleKeep      Key = "shuffle.position"      // 701.24g: a card put in a position as the library is shuffled stays there
	KeyShuffleAbsent    Key = "shuffle.absent"        // 701.24c: shuffling specific objects into a library shuffles it even if they aren't there to move
	KeyShuffleEmpty     Key = "shuffle.empty"         // 701.24d: shuffling a set of objects into a library shuffles it even if the set is empty
	KeySearch           Key = "search"                // 701.23a: searching a zone: look at all its cards and find those that match
	KeySearchPortion    Key = "search.portion"        // 701.23f: a search replaced with a portion's: the instructions about the search still apply
	KeySearchMay        Key = "search.may"            // 701.23b: in a hidden zone, cards with a stated quality needn't all be found
	KeySearchUndefined  Key = "search.undefined"      // 701.23c: a search for an undefined quality finds no cards
	KeyReveal           Key = "reveal"                // 701.20a: revealing a card shows it to all players
	KeyRevealAgain      Key = "reveal.again"          // 701.20c: a card that is currently revealed may be revealed again
	KeyTokenCopyNone    Key = "token.copy.none"       // 111.12: a token that's a copy of a nonexistent object isn't created
	KeyOrderAttacker    Key = "combat.order"          // 509.2 (M10 to Foundations): the active player announces a blocked creature's damage assignment order
	KeyOrderBlocker     Key = "combat.order.blocking" // 509.3 (M10 to Foundations): the defending player announces a blocking creature's
	KeyAssignTotal      Key = "combat.assign.total"   // 510.1e: a player's total damage assignment is checked, not each creature's alone
)

var gatedRecognizers = []recognizer{
	{key: KeyPreventShield, chapters: []uint16{419, 614, 615}, re: rx(`these work like shields`)},
	{key: KeyTrampleMarked, chapters: []uint16{502, 702}, sub: 2, re: rx(`lethal damage, take into account damage already`)},
	{key: KeyCopyValues, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`objects that copy the object will use the new copiable values`)},
	{key: KeyCopyKeeps, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`copy a different object while remaining on the battlefield`)},
	{key: KeyLayerParts, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`^if an effect should be applied in different layers`)},
	{key: KeyTypesRetain, chapters: []uint16{204, 205}, sub: 2, re: rx(`retains a prior card type`)},
	{key: KeySupertypesKept, chapters: []uint16{204, 205}, sub: 2, re: rx(`changing an object.s card types or subtypes won.t change its supertypes`)},
	{key: KeyNameTracks, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^if an effect refers to a permanent by name, the effect still tracks that permanent`)},
	{key: KeyCumulative, chapters: []uint16{502, 702}, sub: 2, re: rx(`^cumulative upkeep is a triggered ability`)},
	{key: KeyCumulativeShared, chapters: []uint16{502, 702}, sub: 2, re: rx(`multiple instances of cumulative upkeep`)},
	{key: KeyPreventEach, chapters: []uint16{419, 614, 615}, re: rx(`prevent the next n damage that would be dealt to each of a number of untargeted`)},
	{key: KeyReplaceChain, chapters: []uint16{419, 614, 615, 616}, re: rx(`can become applicable to an event as the result of another replacement`)},
	{key: KeyCostModified, chapters: []uint16{118}, re: rx(`the actions performed when paying a cost may be modified by effects`)},
	{key: KeyActivateBanned, chapters: []uint16{409, 602}, re: rx(`^a player can.t begin to (activate an ability|play a spell or activated ability) that.s prohibited from being`)},
	{key: KeyReplaceOrder, chapters: []uint16{419, 614, 615, 616}, sub: 1, re: rx(`(replacement and/or prevention|replacement) effects are attempting to modify the way an event affects an object`)},
	{key: KeyCouldProduce, chapters: []uint16{106}, sub: 1, re: rx(`the type of mana a permanent could produce at any time includes`)},
	{key: KeyTokenByName, chapters: []uint16{110, 111}, sub: 1, re: rx(`create a token by name`)},
	{key: KeyReflexive, chapters: []uint16{603}, sub: 1, re: rx(`reflexive triggered abilities`)},
	{key: KeyCopyChoices, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^when copying a permanent, any choices that have been made for that permanent aren.t copied`)},
	{key: KeyAssignBlocking, chapters: []uint16{310, 510}, sub: 2, re: rx(`^a blocking creature (will )?assigns? combat damage`)},
	{key: KeyShuffle, chapters: []uint16{701}, sub: 2, re: rx(`^to shuffle a library or a face-down pile of cards, randomize`)},
	{key: KeyShuffleKeep, chapters: []uint16{701}, sub: 2, re: rx(`shuffle a library at the same time that an object would be put into a certain position`)},
	{key: KeyShuffleAbsent, chapters: []uint16{701}, sub: 2, re: rx(`shuffle one or more specific objects into a library, that library is shuffled even if`)},
	{key: KeyShuffleEmpty, chapters: []uint16{701}, sub: 2, re: rx(`shuffle a set of objects into a library, that library is shuffled even if there are no objects`)},
	{key: KeySearch, chapters: []uint16{701}, sub: 2, re: rx(`^to search for a card in a zone, look at all cards in that zone`)},
	{key: KeySearchMay, chapters: []uint16{701}, sub: 2, re: rx(`searching a hidden zone for cards with a stated quality`)},
	{key: KeySearchUndefined, chapters: []uint16{701}, sub: 2, re: rx(`search a hidden zone for cards that match an undefined quality`)},
	{key: KeySearchPortion, chapters: []uint16{701}, sub: 2, re: rx(`searching a zone is replaced with searching a portion of that zone`)},
	{key: KeyReveal, chapters: []uint16{701}, sub: 2, re: rx(`^to reveal a card, show that card to all players`)},
	{key: KeyRevealAgain, chapters: []uint16{701}, sub: 2, re: rx(`^a card that is currently revealed may be revealed again`)},
	{key: KeyTokenCopyNone, chapters: []uint16{110, 111}, sub: 1, re: rx(`create a token that is a copy of a nonexistent object, no token is created`)},
	{key: KeyOrderAttacker, chapters: []uint16{509}, sub: 1, re: rx(`^second, for each attacking creature that.s become blocked.*the active player announces`)},
	{key: KeyOrderBlocker, chapters: []uint16{509}, sub: 1, re: rx(`^third, for each (blocking creature|creature that.s blocking multiple creatures).*the defending player announces`)},
	{key: KeyAssignTotal, chapters: []uint16{510}, sub: 2, re: rx(`^once a player has assigned combat damage from each attacking or blocking creature`)},
}
