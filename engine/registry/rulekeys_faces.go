package registry

// Keys for cards with more than one face and the status that picks the
// face that applies (engine/faces.go; 110.5, 701.27, 707.8, 708–712), and
// adventurer cards (engine/adventure.go; 715).
const (
	Transform      Key = "transform"        // 701.27a: to transform a permanent, turn it over so that its other face is up
	TransformDFC   Key = "transform.dfc"    // 712.9: only permanents represented by double-faced cards can transform
	TransformSame  Key = "transform.same"   // 712.18: a permanent that transforms doesn't become a new object
	BackFaceMV     Key = "manavalue.back"   // 202.3b: a back face's mana value is its front face's; a copy of a back face has 0
	CopyFaceUp     Key = "copy.faceup"      // 707.8: copying a double-faced permanent copies the face that's up
	TokenFaces     Key = "copy.token.faces" // 707.8a: a token copy of a double-faced permanent has both faces
	Flip           Key = "flip"             // 710.2: a flipped permanent has its flip card's alternative characteristics
	CopyStatus     Key = "copy.status"      // 707.3: a copy's copiable values are modified by its own status
	FaceDown       Key = "facedown"         // 708.2: a face-down permanent is a 2/2 creature with no name, text, subtypes or mana cost
	MorphUp        Key = "morph.up"         // 702.37e: turning a face-down permanent with a morph cost face up is a special action
	SplitCombined  Key = "split.combined"   // 709.4: off the stack a split card has its two halves' characteristics combined
	SplitCost      Key = "split.cost"       // 709.4b: a split card's mana cost is its halves' combined, its colors and mana value from it
	SplitHalf      Key = "split.half"       // 709.3b: on the stack only the characteristics of the half cast exist
	Meld           Key = "meld"             // 701.42a: to meld a pair, put them onto the battlefield as one permanent, back faces up and combined
	MeldStay       Key = "meld.stay"        // 701.42c: objects that can't be melded stay in their zone
	MeldLeaves     Key = "meld.leaves"      // 712.21: a melded permanent leaving is one permanent leaving and two cards put into the zone
	MeldFinds      Key = "meld.finds"       // 712.21c: an effect that finds the new object a melded permanent becomes finds both cards
	MeldReplace    Key = "meld.replace"     // 712.21d: a replacement effect applied to one card of a melded permanent affects both
	MeldOrder      Key = "meld.order"       // 712.21b: the player exiling a melded permanent orders its cards' timestamps
	MeldMV         Key = "manavalue.meld"   // 202.3c: a melded permanent's mana value is its front faces' combined; a copy's is 0
	AdventureName  Key = "adventure.name"   // 201.4f: a card name chosen may be an adventurer card's alternative name, judged by those characteristics
	AdventureHas   Key = "adventure.has"    // 715.2a: an object "that has an Adventure" has an Adventure's alternative characteristics, used or not
	AdventureJudge Key = "adventure.judge"  // 715.3a: cast as an Adventure, only the alternative characteristics decide whether it can be cast
	AdventureChars Key = "adventure.chars"  // 715.3b: on the stack as an Adventure, the spell has only its alternative characteristics
	AdventureExile Key = "adventure.exile"  // 715.3d: an Adventure resolving is exiled, and its controller may cast it from exile, not as an Adventure
)

// facesGated lists the keys above whose code is gated (gated.go).
var facesGated = []Key{
	Transform, TransformDFC, TransformSame, BackFaceMV, CopyFaceUp, TokenFaces,
	Flip, CopyStatus, FaceDown, MorphUp, SplitCombined, SplitCost, SplitHalf,
	Meld, MeldStay, MeldLeaves, MeldFinds, MeldReplace, MeldOrder, MeldMV,
	AdventureName, AdventureHas, AdventureJudge, AdventureChars, AdventureExile,
}

var facesRecognizers = []recognizer{
	{key: Transform, chapters: []uint16{701}, sub: 2, re: rx(`^to transform a permanent, turn it over so that its other face is up`)},
	{key: TransformDFC, chapters: []uint16{711, 712}, re: rx(`^only .*double-faced (cards?|tokens?).* can transform`)},
	{key: TransformSame, chapters: []uint16{711, 712}, re: rx(`transforms( or converts)?, it doesn.t become a new object`)},
	{key: BackFaceMV, chapters: []uint16{202}, sub: 2, re: rx(`back face is calculated as though it had the mana cost of its front face`)},
	{key: CopyFaceUp, chapters: []uint16{706, 707}, sub: 1, re: rx(`^when copying (a|a melded permanent or other) double-faced`)},
	{key: TokenFaces, chapters: []uint16{706, 707}, sub: 2, re: rx(`creates a token that is a copy of a (transforming|double-faced) (permanent|card)`)},
	{key: Flip, chapters: []uint16{508, 709, 710}, re: rx(`^in every zone other than the (in-play zone|battlefield), and also (in the in-play zone|on the battlefield) before the permanent flips`)},
	{key: CopyStatus, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`as modified by the copy.s status`)},
	{key: FaceDown, chapters: []uint16{502, 707, 708}, sub: 2, re: rx(`^if a face-up permanent (with morph )?is turned face down by a spell or ability`)},
	{key: MorphUp, chapters: []uint16{502, 702}, sub: 2, re: rx(`^(any time|if) you (have priority|could play an instant), you may turn a face-down permanent you control( with a morph ability)? face up`)},
	{key: SplitCombined, chapters: []uint16{708, 709}, sub: 1, re: rx(`^in every zone except the stack, the characteristics of a split card are those of its two halves combined`)},
	{key: SplitCost, chapters: []uint16{708, 709}, sub: 2, re: rx(`^the mana cost of a split card is the combined mana costs of its two halves`)},
	{key: SplitHalf, chapters: []uint16{708, 709}, sub: 2, re: rx(`^while on the stack, only the characteristics of the half being cast exist`)},
	{key: Meld, chapters: []uint16{701}, sub: 2, re: rx(`^meld is a keyword action`)},
	{key: MeldStay, chapters: []uint16{701}, sub: 2, re: rx(`^if an effect instructs a player to meld objects that can.t be melded`)},
	{key: MeldLeaves, chapters: []uint16{711, 712, 713}, sub: 1, re: rx(`^if a melded permanent leaves the battlefield, one permanent leaves the battlefield and two cards`)},
	{key: MeldFinds, chapters: []uint16{711, 712, 713}, sub: 2, re: rx(`^if an effect can find the new object that a melded permanent becomes`)},
	{key: MeldReplace, chapters: []uint16{711, 712, 713}, sub: 2, re: rx(`^if multiple replacement effects could be applied to the event of a melded permanent`)},
	{key: MeldOrder, chapters: []uint16{711, 712, 713}, sub: 2, re: rx(`^if a player exiles a melded permanent, that player determines the relative timestamp order`)},
	{key: AdventureName, chapters: []uint16{201}, sub: 2, re: rx(`^if a player wants to choose an adventurer card.s alternative name, the player may do so`)},
	{key: AdventureHas, chapters: []uint16{715, 716}, sub: 2, re: rx(`^if an effect refers to a card, spell, or permanent that .has an adventure,. it refers to an object`)},
	{key: AdventureJudge, chapters: []uint16{715, 716}, sub: 2, re: rx(`^when casting an adventurer card as an adventure, only the alternative characteristics are evaluated`)},
	{key: AdventureChars, chapters: []uint16{715, 716}, sub: 2, re: rx(`^while on the stack as an adventure, the spell has only its alternative characteristics`)},
	{key: AdventureExile, chapters: []uint16{715, 716}, sub: 2, re: rx(`^instead of putting a spell that was cast as an adventure into its owner.s graveyard as it resolves, its controller exiles it`)},
	{key: MeldMV, chapters: []uint16{202}, sub: 2, re: rx(`(converted mana cost|mana value) of a melded permanent is calculated as though it had the combined mana cost`)},
}
