package registry

// Keys for the rules of a game's start (103) and of a permanent's
// controller (110) that the engine applies as play goes on.
const (
	PutControl     Key = "control.put"          // 110.2a: what an effect instructs a player to put onto the battlefield enters under that player's control
	TeamStartLife  Key = "life.start.team"      // 103.4a: in Two-Headed Giant, the starting life total is the team's
	PlayFirstSkips Key = "draw.first.skip"      // 103.8a: in a two-player game, the player who plays first skips the draw step of their first turn
	TeamFirstSkips Key = "draw.first.skip.team" // 103.8b: in Two-Headed Giant, the team who plays first skips the draw step of its first turn
	// TeamFirstSecond is 2007-02-01's 101.5b: the starting team's first
	// draw step isn't skipped, but only its secondary player draws.
	TeamFirstSecond Key = "draw.first.secondary"
)

// startGated lists the keys above (gated.go).
var startGated = []Key{PutControl, TeamStartLife, PlayFirstSkips, TeamFirstSkips, TeamFirstSecond}

var startRecognizers = []recognizer{
	// 110.2a since 2010; until M10 (214.4) "by default, a permanent's
	// controller is the player who put it into play".
	{key: PutControl, chapters: []uint16{110, 214}, re: rx(`instructs a player to put an object onto the battlefield, that object enters the battlefield under that player.s control|by default, a permanent.s controller is the player who put it into play`)},
	// 103.4a (103.3a in 2019–2022); 119.1a repeats it.
	{key: TeamStartLife, chapters: []uint16{103}, sub: 2, re: rx(`^in a two-headed giant game, each team.s starting life total is`)},
	// 103.8a (103.7a, 101.6a, 101.5a as the chapter moved); until 2006 a
	// sentence of 101.4 or 101.5, when every game was a two-player one.
	{key: PlayFirstSkips, chapters: []uint16{101, 103}, re: rx(`(^in a two-player game, |^|\. )the player who plays first skips the draw step`)},
	// 103.8b (103.7b, 101.6b, 101.5b as the chapter moved); 810.6 says it
	// again for the variant, outside these chapters. From 2005-10 to
	// 2006-07 only the variant's rule said it, 606.6a: "The starting team
	// skips the draw step of its first turn."
	{key: TeamFirstSkips, chapters: []uint16{101, 103, 606}, sub: 2, re: rx(`^in a two-headed giant game, the team who plays first skips the draw step|^the starting team skips the draw step of its first turn`)},
	// 2007-02-01's 101.5b (606.6b says it again, outside this chapter).
	{key: TeamFirstSecond, chapters: []uint16{101}, sub: 2, re: rx(`only the secondary player on that team draws a card during that step`)},
}
