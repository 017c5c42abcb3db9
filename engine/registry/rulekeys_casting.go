package registry

// Keys for casting spells and activating abilities: modes, permissions to
// cast, the costs of loyalty abilities, copies of spells. Like those in
// rulekeys_gated.go, each is switched off by rule ablation on its own.
const (
	ModesAhead      Key = "cast.ahead"        // 601.4: a mode that depends on a choice announced later (kicker) may consider it
	LoyaltyTiming   Key = "loyalty.timing"    // 606.3: a loyalty ability as a sorcery, once each turn for each permanent
	LoyaltyCombined Key = "loyalty.combine"   // 606.5: loyalty costs to add and remove counters combine into one
	SBALoyalty      Key = "sba.loyalty"       // 704.5i: a planeswalker with loyalty 0 goes to its owner's graveyard
	LoyaltyEnters   Key = "loyalty.enters"    // 306.5b: a planeswalker enters with its printed loyalty in loyalty counters
	FlashConsider   Key = "cast.flash"        // 601.3b: "as though it had flash" for spells with a quality considers choices that give it
	Bestow          Key = "bestow"            // 702.103b: a spell cast bestowed is an Aura enchantment with enchant creature
	BestowJudge     Key = "bestow.judge"      // 702.103d: only the bestowed characteristics decide whether it can be cast
	Flashback       Key = "flashback"         // 702.34a: cast from your graveyard for the flashback cost, then exiled
	AsThoughBoth    Key = "asthough.both"     // 609.4a: two "as though" effects can both apply
	ManaRestrict    Key = "mana.restrict"     // 106.6: mana can be restricted to how it's spent, without changing its type
	CopyOneTarget   Key = "copy.target.one"   // 707.10e: a copy that would target several objects a replacement made targets the one its controller chooses
	CopyExceptLater Key = "copy.except.later" // 707.9e: an exception's effect doesn't happen if another copy effect applies after it
	CopyExceptIf    Key = "copy.except.if"    // 707.9f: whether a conditional exception applies is judged by the copy without it
	NameOracle      Key = "name.oracle"       // 201.4a: a card name chosen with certain characteristics is that of a card whose Oracle text has them
)

// castingGated lists the keys above, all gated (gated.go).
var castingGated = []Key{ModesAhead, LoyaltyTiming, LoyaltyCombined, SBALoyalty, LoyaltyEnters,
	FlashConsider, Bestow, BestowJudge, Flashback, AsThoughBoth, ManaRestrict,
	CopyOneTarget, CopyExceptLater, CopyExceptIf, NameOracle}

var castingRecognizers = []recognizer{
	{key: LoyaltyTiming, chapters: []uint16{606}, sub: 1, re: rx(`^a player may (play|activate) a loyalty ability of a permanent`)},
	{key: LoyaltyCombined, chapters: []uint16{606}, sub: 1, re: rx(`combined into a single cost to add or remove loyalty counters`)},
	{key: SBALoyalty, chapters: sbaChapters, sub: 2, re: rx(`planeswalker (has|with) loyalty 0`)},
	{key: LoyaltyEnters, chapters: []uint16{212, 306}, sub: 2, re: rx(`enters( the battlefield)? with a number of loyalty counters on it equal to its printed loyalty`)},
	{key: FlashConsider, chapters: []uint16{601}, sub: 2, re: rx(`as though it had flash, that player may consider any choices`)},
	{key: Bestow, chapters: []uint16{702}, sub: 2, re: rx(`^as a spell cast bestowed is put onto the stack, it becomes an aura enchantment`)},
	{key: BestowJudge, chapters: []uint16{702}, sub: 2, re: rx(`^when casting a spell bestowed, only its characteristics as modified by the bestow ability`)},
	{key: Flashback, chapters: []uint16{502, 702}, sub: 2, re: rx(`^flashback appears on some instants and sorceries`)},
	{key: AsThoughBoth, chapters: []uint16{609}, sub: 2, re: rx(`if one "as though" effect satisfies the requirements for another`)},
	{key: ManaRestrict, chapters: []uint16{106}, sub: 1, re: rx(`^some spells or abilities that produce mana restrict how that mana can be spent`)},
	{key: CopyOneTarget, chapters: []uint16{706, 707}, sub: 2, re: rx(`^some effects copy a spell or ability and specify a new target for the copy`)},
	{key: CopyExceptLater, chapters: []uint16{706, 707}, sub: 2, re: rx(`exception that.s an additional effect rather than a modification`)},
	{key: CopyExceptIf, chapters: []uint16{706, 707}, sub: 2, re: rx(`^some exceptions to the copying process apply only if the copy is or has certain characteristics`)},
	{key: NameOracle, chapters: []uint16{201}, sub: 2, re: rx(`^if a player is instructed to choose a card name with certain characteristics`)},
	{key: ModesAhead, chapters: []uint16{601}, sub: 1, re: rx(`only if other choices are made that would normally be made later`)},
}
