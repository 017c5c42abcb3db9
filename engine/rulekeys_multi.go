package engine

// Keys for the multiplayer rules (section 8 since 2009; section 6 in the
// 2003–2009 texts) and the players of a game of any size.
const (
	KeyConcede   Key = "concede"      // 104.3a: a player who concedes leaves the game and loses it
	KeyWinAlone  Key = "win.alone"    // 104.2a: a player whose opponents have all left the game wins it
	KeyLeaveGame Key = "player.leave" // 800.4a: a player leaving takes what they own; what they still control is exiled

	KeyDefendingOne  Key = "defending.one"  // 802.2a: "defending player" means the one the creature attacks
	KeyBlockAttacked Key = "block.attacked" // 802.4a: creatures block only creatures attacking their controller
)

// multiChapters are the multiplayer rules' chapters: 600–609 until the
// Magic 2010 rules renumbered them 800–811.
var multiChapters = []uint16{600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810, 811}

var multiRecognizers = []recognizer{
	{key: KeyConcede, chapters: []uint16{102, 104}, sub: 2, re: rx(`^a player can concede the game at any time`)},
	{key: KeyWinAlone, chapters: []uint16{102, 104}, sub: 2, re: rx(`^a player still in the game wins the game if (all of )?that player.s opponents have (all )?(left|lost) the game`)},
	{key: KeyLeaveGame, chapters: multiChapters, sub: 2, re: rx(`^when a player leaves the game, all objects .*owned by that player leave the game`)},
	{key: KeyDefendingOne, chapters: []uint16{602, 802}, sub: 2, re: rx(`^any rule, object, or effect that refers to a "defending player" refers to one specific defending player`)},
	{key: KeyBlockAttacked, chapters: multiChapters, sub: 2, re: rx(`^a defending player can block only with creatures (he or she controls|they control)\. those creatures can block only creatures attacking that player`)},
}
