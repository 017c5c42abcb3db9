package registry

// Keys for keyword abilities the card-text grammar reads from real cards
// (issue 26) and the rules their meanings lean on: each is applied through
// a gate, recognized in an edition's text by its wording.
const (
	Prowess       Key = "prowess"             // 702.108a: prowess, a cast trigger: +1/+1 until end of turn
	Exalted       Key = "exalted"             // 702.83a: exalted, a trigger when a creature you control attacks alone
	AttacksAlone  Key = "attack.alone"        // 506.5: a creature attacks alone if it's the only one declared as an attacker
	Flanking      Key = "flanking"            // 702.25a: flanking, a trigger giving a blocker without flanking -1/-1
	Bushido       Key = "bushido"             // 702.45a: bushido, a trigger when it blocks or becomes blocked
	Horsemanship  Key = "combat.horsemanship" // 702.31b: horsemanship: blocked only by creatures with horsemanship
	NoUntap       Key = "untap.kept"          // 502.3: effects can keep permanents from untapping during the untap step
	Uncounterable Key = "counter.cant.stack"  // 113.6g: an ability saying its object can't be countered functions on the stack
	ResolveChoice Key = "resolve.choose"      // 608.2d: a choice an effect offers is made as it's applied ("Add {G} or {W}.")
	ExtraTurn     Key = "turn.extra"          // 500.7: an extra turn is added directly after the current turn
	Scry          Key = "scry"                // 701.22a: to scry N, look at the top N cards of your library, put any on the bottom and the rest on top, each in any order
)

// keywordsGated lists the keys above (all gated).
var keywordsGated = []Key{Prowess, Exalted, AttacksAlone, Flanking, Bushido, Horsemanship, NoUntap, Uncounterable, ResolveChoice, Scry, ExtraTurn}

var keywordsRecognizers = []recognizer{
	{key: Prowess, chapters: []uint16{702}, sub: 2, re: rx(`^prowess is a triggered ability`)},
	{key: Exalted, chapters: []uint16{502, 702}, sub: 2, re: rx(`^exalted is a triggered ability`)},
	{key: AttacksAlone, chapters: []uint16{308, 506}, sub: 1, re: rx(`^a creature attacks alone if it.s the only creature declared as an attacker`)},
	{key: Flanking, chapters: []uint16{502, 702}, sub: 2, re: rx(`^flanking is a triggered ability`)},
	{key: Bushido, chapters: []uint16{502, 702}, sub: 2, re: rx(`^bushido is a triggered ability`)},
	{key: Horsemanship, chapters: []uint16{502, 702}, sub: 2, re: rx(`^a creature with horsemanship can.t be blocked by creatures without horsemanship`)},
	{key: NoUntap, chapters: []uint16{302, 502}, sub: 1, re: rx(`effects can keep one or more of a player.s permanents from untapping`)},
	{key: ResolveChoice, chapters: []uint16{413, 607, 608}, sub: 2, re: rx(`^if an effect of a spell or ability offers any choices other than choices already made`)},
	{key: ExtraTurn, chapters: []uint16{500}, sub: 1, re: rx(`^some effects can give a player extra turns`)},
	{key: Scry, chapters: []uint16{701}, sub: 2, re: rx(`^to .?scry n.? means to look at the top n cards of your library`)},
	{key: Uncounterable, chapters: []uint16{112, 113}, sub: 2, re: rx(`ability that states it can.t be countered`)},
}
