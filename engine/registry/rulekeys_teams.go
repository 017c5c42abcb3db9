package registry

// Keys for the shared team turns option (805; 606 in the 2005–2009 texts,
// where it was part of the Two-Headed Giant variant, 806 until 2011), which
// Two-Headed Giant (810.2) and Archenemy (904.2) use.
const (
	TeamTurns    Key = "team.turns"    // 805.4: each team takes turns rather than each player
	ActiveTeam   Key = "team.active"   // 805.4a: the team whose turn it is is the active team
	TeamDraws    Key = "team.draws"    // 805.4b: each player on a team draws during that team's draw step
	TeamLands    Key = "team.lands"    // 805.4c: each player on a team may play a land during each of that team's turns
	TeamEach     Key = "team.each"     // 805.4d: "each opponent's" step triggers once for each appropriate player that it refers to
	TeamPriority Key = "team.priority" // 805.5: teams have priority, not individual players
	TeamAct      Key = "team.act"      // 805.5a: a player may act when their team has priority
	TeamPass     Key = "team.pass"     // 805.5b: when all teams pass in succession, the top object resolves or the step ends
	TeamAttack   Key = "team.attack"   // 805.10b: the active team has one combined attack
	TeamBlock    Key = "team.block"    // 805.10d: the defending team has one combined block, of creatures attacking any of its players
)

// teamsGated lists the keys above (gated.go).
var teamsGated = []Key{TeamTurns, ActiveTeam, TeamDraws, TeamLands, TeamEach, TeamPriority, TeamAct, TeamPass, TeamAttack, TeamBlock}

// Until 2007 606.6d (806.7c until 2011) was one rule of three sentences:
// a player acts when their team has priority, each player draws, each may
// play a land. Each sentence is its own key, found wherever it is.
var teamsRecognizers = []recognizer{
	{key: TeamTurns, chapters: multiChapters, re: rx(`^each team takes turns rather than each player`)},
	// 805.4a; 606.6c–806.7b began "the active player, nonactive player
	// order rule … is modified": "the team whose turn it is is the active
	// team".
	{key: ActiveTeam, chapters: multiChapters, re: rx(`(^|\. )the team whose turn it is is the active team`)},
	{key: TeamDraws, chapters: multiChapters, re: rx(`(^|\. )each player on a team draws a card during that team.s draw step`)},
	{key: TeamLands, chapters: multiChapters, re: rx(`(^|\. )each player on a team may play a land during each of that team.s turns`)},
	{key: TeamEach, chapters: multiChapters, sub: 2, re: rx(`^an ability that triggers at the beginning of a step or phase may trigger multiple times`)},
	{key: TeamPriority, chapters: multiChapters, re: rx(`^teams have priority, not individual players`)},
	{key: TeamAct, chapters: multiChapters, re: rx(`^a player may (cast a spell|play a spell|play a spell or activated ability)[^.]* when (his or her|their) team has priority`)},
	{key: TeamPass, chapters: multiChapters, re: rx(`(all|both) teams pass in succession`)},
	// 2017's 810.7c repeated it under "a modified version of the combat
	// rules for the shared team turns option".
	{key: TeamAttack, chapters: multiChapters, sub: 2, re: rx(`the active team has one combined attack`), parent: rx(`uses different combat rules than other multiplayer`)},
	{key: TeamBlock, chapters: multiChapters, sub: 2, re: rx(`the defending team has one combined block`), parent: rx(`uses different combat rules than other multiplayer`)},
}
