package registry

// Keys for controlling another player (722; 507 in 2003–2009, then
// 711–721 as the chapters before it grew) and for ending a game by
// agreement.
const (
	ControlTurn    Key = "control.turn"    // 722.1: controlling a player during their next turn, the whole turn
	ControlSee     Key = "control.see"     // 722.4: what the controlled player could see, the controller sees
	ControlDecide  Key = "control.decide"  // 722.5: the controller makes all the controlled player's decisions
	ControlOwn     Key = "control.own"     // 722.5b: decisions no rule or object calls for stay the controlled player's
	ControlConcede Key = "control.concede" // 722.6: the controller can't make the controlled player concede
	DrawAgreed     Key = "draw.agreed"     // 104.4i: all players in the game may agree to an intentional draw
)

// controlTitle is the chapter's title in every edition that has it.
var controlTitle = rx(`^controlling another player('s turn)?$`)

var controlRecognizers = []recognizer{
	{key: ControlTurn, title: controlTitle, sub: 1, re: rx(`^some cards allow a player to control another player during that player.s next turn`)},
	{key: ControlSee, title: controlTitle, re: rx(`^if information about an object (in the game )?would be visible to the player (being controlled|whose turn is controlled)`)},
	{key: ControlDecide, title: controlTitle, re: rx(`makes all choices and decisions (the controlled player|that player) is allowed to make`)},
	{key: ControlOwn, title: controlTitle, sub: 2, re: rx(`can.t make choices or decisions for that player that aren.t called for by the rules`)},
	{key: ControlConcede, title: controlTitle, re: rx(`can.t make that player concede`)},
	{key: DrawAgreed, chapters: []uint16{102, 104}, sub: 2, re: rx(`all players in the game may agree to an intentional draw`)},
}

// Keys for the game itself: restarting it and its subgames.
const (
	Restart      Key = "restart"       // 726.1: a restarted game ends; its players begin a new one
	RestartCards Key = "restart.cards" // 726.2: every card involved as the game ended is in the new one
)

var gameRecognizers = []recognizer{
	{key: Restart, title: rx(`^restarting the game$`), sub: 1, re: rx(`^one card \(karn liberated\) restarts the game`)},
	{key: RestartCards, title: rx(`^restarting the game$`), sub: 1, re: rx(`^all magic cards involved in the game that was restarted when it ended`)},
}

// Keys for name stickers (123.6).
const (
	StickerPlace Key = "sticker.place" // 123.6b: the object's controller chooses where the word goes and announces the name
	StickerName  Key = "sticker.name"  // 123.6c: stickers apply in timestamp order with other text-changing effects, at their positions
)

var stickerRecognizers = []recognizer{
	{key: StickerPlace, chapters: []uint16{123}, sub: 2, re: rx(`^as a name sticker is placed on an object, that object.s controller chooses a position`)},
	{key: StickerName, chapters: []uint16{123}, sub: 2, re: rx(`^the text that a name sticker is modifying may change`)},
}

// Keys for subgames (728; 713–727 as the chapters before it came and went).
const (
	Subgame    Key = "subgame"     // 728.2: a subgame begins with new zones, each player's library as their deck
	SubgameEnd Key = "subgame.end" // 728.5: cards in the subgame go to their owners' main-game libraries
)

var subgameTitle = rx(`^subgames$`)

var subgameRecognizers = []recognizer{
	{key: Subgame, title: subgameTitle, sub: 1, re: rx(`^as the subgame starts, an entirely new set of game zones is created`)},
	{key: SubgameEnd, title: subgameTitle, sub: 1, re: rx(`^at the end of a subgame, each player (takes|puts) all (traditional )?(magic )?(cards|objects) (he or she owns|they own) that (are in|were brought into) the subgame`)},
}
