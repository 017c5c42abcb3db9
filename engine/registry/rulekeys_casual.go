package registry

// Keys for the casual variants (section 9): Vanguard (902) and Commander
// (903), and the rules of the two-player game they modify.
const (
	Mulligan Key = "mulligan" // 103.5: a mulligan shuffles the hand away, draws a new one and puts that many cards on the bottom

	VanguardLife     Key = "vanguard.life"     // 902.4: starting life is 20 plus or minus the vanguard's life modifier
	VanguardHand     Key = "vanguard.hand"     // 902.5: starting hand size is seven as modified by the vanguard's hand modifier
	VanguardMulligan Key = "vanguard.mulligan" // 902.5a: a mulligan draws a new hand of the starting hand size
	VanguardMaxHand  Key = "vanguard.maxhand"  // 902.5b: maximum hand size is seven as modified by the hand modifier

	CommanderCard    Key = "commander.card"     // 903.3: the commander designation is an attribute of the card, kept across zones
	ColorIdentity    Key = "commander.identity" // 903.4: color identity: the colors of mana symbols in cost and text, and the color indicator
	IdentityBack     Key = "identity.back"      // 903.4d: a double-faced card's back face counts toward its color identity
	IdentityAlt      Key = "identity.alt"       // 903.4e: a card's alternative characteristics (an Adventure) count toward its color identity
	DeckIdentity     Key = "commander.deck"     // 903.5c: a card may be in the deck only if its color identity is within the commander's
	DeckLandTypes    Key = "commander.lands"    // 903.5d: a card with a basic land type only if the mana it could produce is within it
	CommanderCast    Key = "commander.cast"     // 903.8: a player may cast a commander they own from the command zone
	CommanderTax     Key = "commander.tax"      // 903.8: {2} more for each previous cast from the command zone
	CommandZoneSBA   Key = "commander.return"   // 903.9a: a commander put into a graveyard or exile may go to the command zone
	CommandZoneRepl  Key = "commander.replace"  // 903.9b: a commander that would go to a hand or library may go to the command zone instead
	CommanderDamage  Key = "commander.damage"   // 903.10a: combat damage dealt by each commander is counted over the game
	CommanderDamaged Key = "commander.loses"    // 704.6c: 21 or more combat damage from one commander loses the game
)

// casualGated lists the keys above whose rules the engine applies through
// the gate (ablation.go).
var casualGated = []Key{
	Mulligan, HandSize, VanguardLife, VanguardHand, VanguardMulligan, VanguardMaxHand,
	CommanderCard, ColorIdentity, IdentityBack, IdentityAlt, DeckIdentity, DeckLandTypes,
	CommanderCast, CommanderTax, CommandZoneSBA, CommandZoneRepl, CommanderDamage, CommanderDamaged,
}

var casualRecognizers = []recognizer{
	{key: Mulligan, chapters: []uint16{103}, sub: 1, re: rx(`a player who is dissatisfied with (his or her|their) initial hand may take a mulligan`)},
	{key: VanguardLife, chapters: []uint16{902}, sub: 1, re: rx(`^each player.s starting life total is 20 plus or minus the life modifier`)},
	{key: VanguardHand, chapters: []uint16{902}, sub: 1, re: rx(`^each player.s starting hand size is seven cards, as modified by the hand modifier`)},
	{key: VanguardMulligan, chapters: []uint16{902}, sub: 2, re: rx(`^if a player takes a mulligan in a vanguard game`)},
	{key: VanguardMaxHand, chapters: []uint16{902}, sub: 2, re: rx(`^a player.s maximum hand size is seven, as modified by the hand modifier`)},
	{key: CommanderCard, chapters: []uint16{903}, sub: 1, re: rx(`^each deck has a legendary (creature )?card designated as its commander`)},
	{key: ColorIdentity, chapters: []uint16{903}, sub: 1, re: rx(`^the commander variant uses color identity`)},
	{key: IdentityBack, chapters: []uint16{903}, sub: 2, re: rx(`^the back face of a double-faced card .*is included when determining a card.s color identity`)},
	{key: IdentityAlt, chapters: []uint16{903}, sub: 2, re: rx(`^if a card has any alternative characteristics, .*those characteristics are included when determining the card.s color identity`)},
	{key: DeckIdentity, chapters: []uint16{903}, sub: 2, re: rx(`^a card can be included in a commander deck only if every color in its color identity`)},
	{key: DeckLandTypes, chapters: []uint16{903}, sub: 2, re: rx(`^a card with a basic land type may be included in a commander deck only if`)},
	{key: CommanderCast, chapters: []uint16{903}, sub: 1, re: rx(`^a player may cast a commander (they own )?from the command zone`)},
	{key: CommanderTax, chapters: []uint16{903}, sub: 1, re: rx(`^a player may cast a commander .*costs an additional \{2\} for each previous time`)},
	{key: CommandZoneSBA, chapters: []uint16{903}, sub: 2, re: rx(`^if a commander is in a graveyard or in exile and that object was put into that zone since`)},
	{key: CommandZoneRepl, chapters: []uint16{903}, sub: 2, re: rx(`^if a commander would be put into its owner.s hand or library from anywhere`)},
	{key: CommanderDamage, chapters: []uint16{903}, sub: 2, re: rx(`^a player who.s been dealt 21 or more combat damage by the same commander`)},
	{key: CommanderDamaged, chapters: []uint16{704}, sub: 2, re: rx(`^in a commander game, a player who.s been dealt 21 or more combat damage by the same commander`)},
}
