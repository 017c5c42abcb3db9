package engine

// Keys for the multiplayer rules (section 8 since 2009; section 6 in the
// 2003–2009 texts) and the players of a game of any size.
const (
	KeyConcede   Key = "concede"      // 104.3a: a player who concedes leaves the game and loses it
	KeyWinAlone  Key = "win.alone"    // 104.2a: a player whose opponents have all left the game wins it
	KeyMill      Key = "mill"         // 701.17a: to mill a number of cards, put that many from the top of the library into the graveyard
	KeyLeaveGame Key = "player.leave" // 800.4a: a player leaving takes what they own; what they still control is exiled

	KeyLeftTrigger     Key = "player.left.trigger" // 800.4d: a triggered ability a departed player would control isn't put on the stack
	KeyRange           Key = "range"               // 801.2: players within that many seats are within a player's range of influence
	KeyRangeTurn       Key = "range.turn"          // 801.2c: who is within range is determined as each turn begins
	KeyRangeAttack     Key = "range.attack"        // 801.3: creatures attack only opponents within their controller's range
	KeyRangeTarget     Key = "range.target"        // 801.4: objects and players outside range can't be targeted
	KeyRangeChoose     Key = "range.choose"        // 801.5a: a player chooses only objects and players within their range
	KeyRangeOptions    Key = "range.options"       // 801.5b: options may be chosen even if they refer to what's out of range
	KeyRangeNearest    Key = "range.nearest"       // 801.5c: with no one in range to choose, the closest appropriate player to the left does
	KeyRangeActivate   Key = "range.activate"      // 801.6: no activating abilities of objects outside range
	KeyRangeTrigger    Key = "range.trigger"       // 801.7: a trigger event must happen entirely within range
	KeyRangeMoving     Key = "range.moving"        // 801.7a: an object moving into or out of range: the state before or after
	KeyRangeAffect     Key = "range.affect"        // 801.10: spells and abilities can't affect what's outside their controller's range
	KeyRangeInfo       Key = "range.info"          // 801.11: information comes only from within range
	KeyRangeReplace    Key = "range.replace"       // 801.13a: a replacement effect's out-of-range part does nothing
	KeyRangePrevent    Key = "range.prevent"       // 801.13b: a prevention effect affects only sources or recipients within range
	KeyMeleeOptions    Key = "melee.range"         // 807.2a: in Grand Melee each player has a range of influence of 1
	KeyTurnMarkers     Key = "melee.markers"       // 807.4a: one turn marker for each full four players
	KeyEmperorOptions  Key = "emperor.range"       // 809.3a: emperors have range of influence 2, generals 1
	KeyEmperorAttack   Key = "emperor.attack"      // 809.3c: a player attacks only an opponent seated immediately next to them
	KeyEmperorRanges   Key = "emperor.teams"       // 809.6a: with bigger teams, the least ranges that reach opposing generals
	KeyAlternateSeats  Key = "alternating.seats"   // 811.3: no one sits next to a teammate; teams equally spaced
	KeyTeamLife        Key = "team.life"           // 810.4: each team has a shared life total (30; 40 until 2007)
	KeyTeamLoses       Key = "team.loses"          // 810.8a: players win and lose only as a team
	KeyTeamLifeApply   Key = "team.life.apply"     // 810.9: life changes happen to each player; the result is applied to the team's total
	KeyTeamLifeValue   Key = "team.life.value"     // 810.9a: an individual player's life total is the team's (606.9a: halved, rounded up)
	KeyTeamLifeSet     Key = "team.life.set"       // 810.9c: setting one player's life total gains or loses the difference, for the team
	KeyTeamLifeSetEach Key = "team.life.each"      // 810.9d: setting each player's life total affects one member the team chooses (606.9b: the sum)
	KeyDefendingOne    Key = "defending.one"       // 802.2a: "defending player" means the one the creature attacks
	KeyBlockAttacked   Key = "block.attacked"      // 802.4a: creatures block only creatures attacking their controller
)

// multiGated lists the keys above whose rules the engine applies through
// the gate (ablation.go).
var multiGated = []Key{
	KeyWinAlone, KeyLeaveGame, KeyDefendingOne, KeyBlockAttacked, KeyRange, KeyRangeTurn,
	KeyMeleeOptions, KeyEmperorOptions, KeyEmperorRanges, KeyAlternateSeats, KeyRangeAffect,
	KeyRangeAttack, KeyEmperorAttack, KeyRangeTrigger, KeyRangeMoving, KeyRangeTarget, KeyRangeInfo,
	KeyRangePrevent, KeyRangeReplace, KeyTeamLoses, KeyTeamLifeApply, KeyTeamLifeValue, KeyTeamLifeSet,
	KeyTeamLifeSetEach, KeyLeftTrigger, KeyTurnMarkers, KeyRangeChoose, KeyRangeOptions, KeyRangeNearest,
}

// multiChapters are the multiplayer rules' chapters: 600–609 until the
// Magic 2010 rules renumbered them 800–811.
var multiChapters = []uint16{600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810, 811}

var multiRecognizers = []recognizer{
	{key: KeyConcede, chapters: []uint16{102, 104}, sub: 2, re: rx(`^a player can concede the game at any time`)},
	{key: KeyWinAlone, chapters: []uint16{102, 104}, sub: 2, re: rx(`^a player still in the game wins the game if (all of )?that player.s opponents have (all )?(left|lost) the game`)},
	{key: KeyMill, chapters: []uint16{701}, sub: 2, re: rx(`^for a player to mill a number of cards`)},
	{key: KeyLeaveGame, chapters: multiChapters, sub: 2, re: rx(`^when a player leaves the game, all objects .*owned by that player leave the game`)},
	{key: KeyLeftTrigger, chapters: multiChapters, sub: 2, re: rx(`(if a triggered ability that would be controlled by a player who has left the game would be put onto the stack|owned by a player who has left the game would be put into any zone)`)},
	{key: KeyRange, chapters: multiChapters, sub: 1, re: rx(`^a player.s range of influence is the maximum distance from that player, measured in player seats`)},
	{key: KeyRangeTurn, chapters: multiChapters, sub: 2, re: rx(`^the particular players within each player.s range of influence are determined as each turn begins`)},
	{key: KeyRangeAttack, chapters: multiChapters, sub: 1, re: rx(`^creatures can attack only opponents within their controller.s range of influence`)},
	{key: KeyRangeTarget, chapters: multiChapters, sub: 1, re: rx(`^objects and players outside a player.s range of influence can.t be the targets`)},
	{key: KeyRangeChoose, chapters: multiChapters, sub: 2, re: rx(`^if a player is asked to choose an object or player, (he or she|they) must choose one within (his or her|their) range`)},
	{key: KeyRangeOptions, chapters: multiChapters, sub: 2, re: rx(`^if a player is asked to choose between one or more options`)},
	{key: KeyRangeNearest, chapters: multiChapters, sub: 2, re: rx(`no player who can make that choice within its controller.s range of influence, the closest appropriate player`)},
	{key: KeyRangeActivate, chapters: multiChapters, sub: 1, re: rx(`can.t (play|activate) the activated abilities of an object outside of (his or her|their) range`)},
	{key: KeyRangeTrigger, chapters: multiChapters, sub: 1, re: rx(`^a triggered ability doesn.t trigger unless its trigger event happens entirely within the range of influence`)},
	{key: KeyRangeMoving, chapters: multiChapters, sub: 2, re: rx(`^if a trigger event includes an object moving out of or into a player.s range of influence`)},
	{key: KeyRangeAffect, chapters: multiChapters, sub: 1, re: rx(`^spells and abilities can.t affect objects or players outside their controller.s range of influence`)},
	{key: KeyRangeInfo, chapters: multiChapters, sub: 1, re: rx(`^if a spell or ability requires information from the game, it gets only information from within its controller.s range`)},
	{key: KeyRangeReplace, chapters: multiChapters, sub: 2, re: rx(`^if a replacement effect tries to cause a spell or ability to affect an object or player outside its controller.s range`)},
	{key: KeyRangePrevent, chapters: multiChapters, sub: 2, re: rx(`^if a spell or ability creates an effect that prevents damage that would be dealt by a source, it can affect only sources within`)},
	{key: KeyMeleeOptions, chapters: multiChapters, sub: 2, re: rx(`^each player has a range of influence of 1`)},
	{key: KeyTurnMarkers, chapters: multiChapters, sub: 2, re: rx(`^there is one turn marker for each full four players in the game`)},
	{key: KeyEmperorOptions, chapters: multiChapters, sub: 2, re: rx(`^the range of influence is limited to 2 for emperors and 1 for generals`)},
	{key: KeyEmperorAttack, chapters: multiChapters, sub: 2, re: rx(`^a player can attack only an opponent seated immediately next to`)},
	{key: KeyEmperorRanges, chapters: multiChapters, sub: 2, re: rx(`^each general.s range of influence should be the minimum number`)},
	{key: KeyAlternateSeats, chapters: multiChapters, sub: 1, re: rx(`players are seated so that no one is next to a teammate and each team is equally spaced out`)},
	{key: KeyTeamLife, chapters: multiChapters, re: rx(`^each team has a shared life total`)},
	{key: KeyTeamLoses, chapters: multiChapters, sub: 2, re: rx(`^players win and lose the game only as a team`)},
	{key: KeyTeamLifeApply, chapters: multiChapters, sub: 1, re: rx(`^damage, loss of life, and gaining life happens? to each player individually`)},
	{key: KeyTeamLifeValue, chapters: multiChapters, sub: 2, re: rx(`needs to know the value of an individual player.s life total`)},
	{key: KeyTeamLifeSet, chapters: multiChapters, sub: 2, re: rx(`^if an effect (would set|sets) a single player.s life total to a`)},
	{key: KeyTeamLifeSetEach, chapters: multiChapters, sub: 2, re: rx(`^if an effect would set the life total of each player on a team to a number`)},
	{key: KeyDefendingOne, chapters: []uint16{602, 802}, sub: 2, re: rx(`^any rule, object, or effect that refers to a "defending player" refers to one specific defending player`)},
	{key: KeyBlockAttacked, chapters: multiChapters, sub: 2, re: rx(`^a defending player can block only with creatures (he or she controls|they control)\. those creatures can block only creatures attacking that player`)},
}
