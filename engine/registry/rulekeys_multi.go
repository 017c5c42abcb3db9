package registry

// Keys for the multiplayer rules (section 8 since 2009; section 6 in the
// 2003–2009 texts) and the players of a game of any size.
const (
	Concede   Key = "concede"      // 104.3a: a player who concedes leaves the game and loses it
	WinAlone  Key = "win.alone"    // 104.2a: a player whose opponents have all left the game wins it
	Mill      Key = "mill"         // 701.17a: to mill a number of cards, put that many from the top of the library into the graveyard
	LeaveGame Key = "player.leave" // 800.4a: a player leaving takes what they own; what they still control is exiled

	LeftTrigger     Key = "player.left.trigger" // 800.4d: a triggered ability a departed player would control isn't put on the stack
	Range           Key = "range"               // 801.2: players within that many seats are within a player's range of influence
	RangeTurn       Key = "range.turn"          // 801.2c: who is within range is determined as each turn begins
	RangeAttack     Key = "range.attack"        // 801.3: creatures attack only opponents within their controller's range
	RangeTarget     Key = "range.target"        // 801.4: objects and players outside range can't be targeted
	RangeChoose     Key = "range.choose"        // 801.5a: a player chooses only objects and players within their range
	RangeOptions    Key = "range.options"       // 801.5b: options may be chosen even if they refer to what's out of range
	RangeNearest    Key = "range.nearest"       // 801.5c: with no one in range to choose, the closest appropriate player to the left does
	RangeActivate   Key = "range.activate"      // 801.6: no activating abilities of objects outside range
	RangeTrigger    Key = "range.trigger"       // 801.7: a trigger event must happen entirely within range
	RangeMoving     Key = "range.moving"        // 801.7a: an object moving into or out of range: the state before or after
	RangeAffect     Key = "range.affect"        // 801.10: spells and abilities can't affect what's outside their controller's range
	RangeInfo       Key = "range.info"          // 801.11: information comes only from within range
	RangeReplace    Key = "range.replace"       // 801.13a: a replacement effect's out-of-range part does nothing
	RangePrevent    Key = "range.prevent"       // 801.13b: a prevention effect affects only sources or recipients within range
	MeleeOptions    Key = "melee.range"         // 807.2a: in Grand Melee each player has a range of influence of 1
	TurnMarkers     Key = "melee.markers"       // 807.4a: one turn marker for each full four players
	EmperorOptions  Key = "emperor.range"       // 809.3a: emperors have range of influence 2, generals 1
	EmperorAttack   Key = "emperor.attack"      // 809.3c: a player attacks only an opponent seated immediately next to them
	EmperorRanges   Key = "emperor.teams"       // 809.6a: with bigger teams, the least ranges that reach opposing generals
	AlternateSeats  Key = "alternating.seats"   // 811.3: no one sits next to a teammate; teams equally spaced
	TeamLife        Key = "team.life"           // 810.4: each team has a shared life total (30; 40 until 2007)
	TeamLoses       Key = "team.loses"          // 810.8a: players win and lose only as a team
	TeamLifeApply   Key = "team.life.apply"     // 810.9: life changes happen to each player; the result is applied to the team's total
	TeamLifeValue   Key = "team.life.value"     // 810.9a: an individual player's life total is the team's (606.9a: halved, rounded up)
	TeamLifeSet     Key = "team.life.set"       // 810.9c: setting one player's life total gains or loses the difference, for the team
	TeamLifeSetEach Key = "team.life.each"      // 810.9d: setting each player's life total affects one member the team chooses (606.9b: the sum)
	DefendingOne    Key = "defending.one"       // 802.2a: "defending player" means the one the creature attacks
	BlockAttacked   Key = "block.attacked"      // 802.4a: creatures block only creatures attacking their controller
)

// multiGated lists the keys above whose rules the engine applies through
// the gate (gated.go).
var multiGated = []Key{
	WinAlone, LeaveGame, DefendingOne, BlockAttacked, Range, RangeTurn,
	MeleeOptions, EmperorOptions, EmperorRanges, AlternateSeats, RangeAffect,
	RangeAttack, EmperorAttack, RangeTrigger, RangeMoving, RangeTarget, RangeInfo,
	RangePrevent, RangeReplace, TeamLoses, TeamLifeApply, TeamLifeValue, TeamLifeSet,
	TeamLifeSetEach, LeftTrigger, TurnMarkers, RangeChoose, RangeOptions, RangeNearest,
}

// multiChapters are the multiplayer rules' chapters: 600–609 until the
// Magic 2010 rules renumbered them 800–811.
var multiChapters = []uint16{600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810, 811}

var multiRecognizers = []recognizer{
	{key: Concede, chapters: []uint16{102, 104}, sub: 2, re: rx(`^a player can concede the game at any time`)},
	{key: WinAlone, chapters: []uint16{102, 104}, sub: 2, re: rx(`^a player still in the game wins the game if (all of )?that player.s opponents have (all )?(left|lost) the game`)},
	{key: Mill, chapters: []uint16{701}, sub: 2, re: rx(`^for a player to mill a number of cards`)},
	{key: LeaveGame, chapters: multiChapters, sub: 2, re: rx(`^when a player leaves the game, all objects .*owned by that player leave the game`)},
	{key: LeftTrigger, chapters: multiChapters, sub: 2, re: rx(`(if a triggered ability that would be controlled by a player who has left the game would be put onto the stack|owned by a player who has left the game would be put into any zone)`)},
	{key: Range, chapters: multiChapters, sub: 1, re: rx(`^a player.s range of influence is the maximum distance from that player, measured in player seats`)},
	{key: RangeTurn, chapters: multiChapters, sub: 2, re: rx(`^the particular players within each player.s range of influence are determined as each turn begins`)},
	{key: RangeAttack, chapters: multiChapters, sub: 1, re: rx(`^creatures can attack only opponents within their controller.s range of influence`)},
	{key: RangeTarget, chapters: multiChapters, sub: 1, re: rx(`^objects and players outside a player.s range of influence can.t be the targets`)},
	{key: RangeChoose, chapters: multiChapters, sub: 2, re: rx(`^if a player is asked to choose an object or player, (he or she|they) must choose one within (his or her|their) range`)},
	{key: RangeOptions, chapters: multiChapters, sub: 2, re: rx(`^if a player is asked to choose between one or more options`)},
	{key: RangeNearest, chapters: multiChapters, sub: 2, re: rx(`no player who can make that choice within its controller.s range of influence, the closest appropriate player`)},
	{key: RangeActivate, chapters: multiChapters, sub: 1, re: rx(`can.t (play|activate) the activated abilities of an object outside of (his or her|their) range`)},
	{key: RangeTrigger, chapters: multiChapters, sub: 1, re: rx(`^a triggered ability doesn.t trigger unless its trigger event happens entirely within the range of influence`)},
	{key: RangeMoving, chapters: multiChapters, sub: 2, re: rx(`^if a trigger event includes an object moving out of or into a player.s range of influence`)},
	{key: RangeAffect, chapters: multiChapters, sub: 1, re: rx(`^spells and abilities can.t affect objects or players outside their controller.s range of influence`)},
	{key: RangeInfo, chapters: multiChapters, sub: 1, re: rx(`^if a spell or ability requires information from the game, it gets only information from within its controller.s range`)},
	{key: RangeReplace, chapters: multiChapters, sub: 2, re: rx(`^if a replacement effect tries to cause a spell or ability to affect an object or player outside its controller.s range`)},
	{key: RangePrevent, chapters: multiChapters, sub: 2, re: rx(`^if a spell or ability creates an effect that prevents damage that would be dealt by a source, it can affect only sources within`)},
	{key: MeleeOptions, chapters: multiChapters, sub: 2, re: rx(`^each player has a range of influence of 1`)},
	{key: TurnMarkers, chapters: multiChapters, sub: 2, re: rx(`^there is one turn marker for each full four players in the game`)},
	{key: EmperorOptions, chapters: multiChapters, sub: 2, re: rx(`^the range of influence is limited to 2 for emperors and 1 for generals`)},
	{key: EmperorAttack, chapters: multiChapters, sub: 2, re: rx(`^a player can attack only an opponent seated immediately next to`)},
	{key: EmperorRanges, chapters: multiChapters, sub: 2, re: rx(`^each general.s range of influence should be the minimum number`)},
	{key: AlternateSeats, chapters: multiChapters, sub: 1, re: rx(`players are seated so that no one is next to a teammate and each team is equally spaced out`)},
	{key: TeamLife, chapters: multiChapters, re: rx(`^each team has a shared life total`)},
	{key: TeamLoses, chapters: multiChapters, sub: 2, re: rx(`^players win and lose the game only as a team`)},
	{key: TeamLifeApply, chapters: multiChapters, sub: 1, re: rx(`^damage, loss of life, and gaining life happens? to each player individually`)},
	{key: TeamLifeValue, chapters: multiChapters, sub: 2, re: rx(`needs to know the value of an individual player.s life total`)},
	{key: TeamLifeSet, chapters: multiChapters, sub: 2, re: rx(`^if an effect (would set|sets) a single player.s life total to a`)},
	{key: TeamLifeSetEach, chapters: multiChapters, sub: 2, re: rx(`^if an effect would set the life total of each player on a team to a number`)},
	{key: DefendingOne, chapters: []uint16{602, 802}, sub: 2, re: rx(`^any rule, object, or effect that refers to a "defending player" refers to one specific defending player`)},
	{key: BlockAttacked, chapters: multiChapters, sub: 2, re: rx(`^a defending player can block only with creatures (he or she controls|they control)\. those creatures can block only creatures attacking that player`)},
}
