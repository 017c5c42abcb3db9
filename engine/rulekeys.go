package engine

import (
	"regexp"
	"strings"
)

// Key names a rule the engine applies, independently of where an edition
// numbers it: the legend rule is 420.5e in 2007, 704.5k in 2009 and 704.5j in
// 2026, but always KeySBALegend. A RulesEdition maps keys to its numbers.
type Key string

// The rules the engine applies or decides with. Each has a recognizer below
// that finds it in an edition's text; numbering.go holds what the recognizers
// found in every corpus edition.
const (
	KeySBACheck      Key = "sba.check"      // 704.3: whenever a player would receive priority, check SBAs until none apply
	KeySBALife       Key = "sba.life"       // 704.5a: 0 or less life loses
	KeySBADraw       Key = "sba.draw"       // 704.5b: drew from an empty library loses
	KeySBAPoison     Key = "sba.poison"     // 704.5c: ten or more poison counters loses
	KeySBAToken      Key = "sba.token"      // 704.5d: a token off the battlefield ceases to exist
	KeySBAToughness  Key = "sba.toughness"  // 704.5f: toughness 0 or less → graveyard
	KeySBALethal     Key = "sba.lethal"     // 704.5g: lethal damage → destroyed
	KeySBADeathtouch Key = "sba.deathtouch" // 704.5h: damage from deathtouch → destroyed
	KeySBALegend     Key = "sba.legend"     // 704.5j: the legend rule
	KeySBAWorld      Key = "sba.world"      // 704.5k: the world rule
	KeySBACounters   Key = "sba.counters"   // 704.5q: +1/+1 and -1/-1 counters annihilate

	KeyManaBurn  Key = "mana.burn"  // 300.3 (2007): unused mana at the end of a phase costs life
	KeyManaEmpty Key = "mana.empty" // 500.5: mana pools empty as steps and phases end (2007: 300.3)

	KeyColor       Key = "color"        // 202.2: color from the mana cost
	KeyColorless   Key = "color.none"   // 202.2b: no colored symbols → colorless
	KeyColorHybrid Key = "color.hybrid" // 202.2d: hybrid symbols give all their colors

	KeyManaValue          Key = "manavalue"           // 202.3: mana value / converted mana cost
	KeyManaValueNone      Key = "manavalue.none"      // 202.3a: no mana cost → 0
	KeyManaValueX         Key = "manavalue.x"         // 202.3e: X is 0 off the stack
	KeyManaValueHybrid    Key = "manavalue.hybrid"    // 202.3f: hybrid counts its largest component
	KeyManaValuePhyrexian Key = "manavalue.phyrexian" // 202.3g: Phyrexian counts 1

	KeySubtypes       Key = "types.subtypes"    // 205.3b: each word after the dash is a subtype
	KeyCorrelated     Key = "types.correlated"  // 205.3c: each subtype correlates to its card type
	KeySubtypeChoice  Key = "types.choice"      // 205.3e: choose one, and only one, existing subtype
	KeyCardTypes      Key = "types.card"        // 205.2a: the list of card types
	KeySupertypes     Key = "types.super"       // 205.4a: the list of supertypes
	KeyArtifactTypes  Key = "types.artifact"    // 205.3g
	KeyEnchantTypes   Key = "types.enchantment" // 205.3h
	KeyLandTypes      Key = "types.land"        // 205.3i
	KeyWalkerTypes    Key = "types.planeswalker"
	KeySpellTypes     Key = "types.spell"    // 205.3k
	KeyCreatureTypes  Key = "types.creature" // 205.3m
	KeyPlanarTypes    Key = "types.planar"
	KeyOwnersZone     Key = "zone.owner"      // 400.3: cards go to their owner's library, hand, graveyard
	KeyDraw           Key = "draw"            // 121.1
	KeyDestroy        Key = "destroy"         // 701.8a
	KeySacrifice      Key = "sacrifice"       // 701.21a
	KeyTap            Key = "tap"             // 701.26a
	KeyUntap          Key = "untap"           // 701.26b
	KeyCreateToken    Key = "token.create"    // 111.1
	KeyDamagePlayer   Key = "damage.player"   // 120.3a
	KeyDamageInfect   Key = "damage.infect"   // 120.3b
	KeyDamageCreature Key = "damage.creature" // 120.3e
	KeyDamageWither   Key = "damage.wither"   // 120.3d
	KeyLifelink       Key = "damage.lifelink" // 120.3f
	KeyLifeChange     Key = "life"            // 119.3
	KeyCounters       Key = "counters"        // 122.1
	KeyIndestructible Key = "indestructible"  // 702.12b
	KeyManaSymbols    Key = "mana.symbols"    // 107.4: the list of mana symbols
	KeyManaPool       Key = "mana.pool"       // 106.4: added mana goes into the pool
	KeyTokenStays     Key = "token.stays"     // 111.8: a token that has left the battlefield can't move again
	KeyCleanup        Key = "cleanup"         // 514.2: damage wears off in the cleanup step
)

// recognizer finds one Key's rule in an edition by what the rule says. Text
// is matched lower-cased with straight quotes (see fold).
type recognizer struct {
	key      Key
	chapters []uint16 // the rule must be in one of these chapters; none means any
	sub      int      // 1: a rule (704.3), 2: a subrule (704.5a), 0: either
	re, not  *regexp.Regexp
	// title, if set, must match the folded title of the rule's chapter
	// ("damage"), for rules that other chapters quote word for word.
	title *regexp.Regexp
}

func rx(s string) *regexp.Regexp { return regexp.MustCompile(s) }

var (
	sbaChapters = []uint16{420, 704}
	damageTitle = rx(`^damage$`)
)

// recognizers are ordered by Key declaration; KeyManaEmpty accepts the same
// rule as KeyManaBurn in editions that had mana burn.
var recognizers = []recognizer{
	{key: KeySBACheck, chapters: sbaChapters, sub: 1, re: rx(`would (get|receive) priority`)},
	{key: KeySBALife, chapters: sbaChapters, sub: 2, re: rx(`(0|zero) (or less )?life|0 life or less|0 or less life`), not: rx(`team`)},
	{key: KeySBADraw, chapters: sbaChapters, sub: 2, re: rx(`draw (a card from (an empty library|a library with no cards)|more cards than)`), not: rx(`team`)},
	{key: KeySBAPoison, chapters: sbaChapters, sub: 2, re: rx(`ten or more poison counters`), not: rx(`team`)},
	{key: KeySBAToken, chapters: sbaChapters, sub: 2, re: rx(`token.*(ceases to exist|removed from the game)`), not: rx(`copy`)},
	{key: KeySBAToughness, chapters: sbaChapters, sub: 2, re: rx(`creature (with|has) toughness 0 or less`)},
	{key: KeySBALethal, chapters: sbaChapters, sub: 2, re: rx(`lethal damage`), not: rx(`deathtouch`)},
	{key: KeySBADeathtouch, chapters: sbaChapters, sub: 2, re: rx(`deathtouch`)},
	{key: KeySBALegend, chapters: sbaChapters, sub: 2, re: rx(`legend.*same name|same name.*legend`), not: rx(`planeswalker`)},
	{key: KeySBAWorld, chapters: sbaChapters, sub: 2, re: rx(`supertype world|enchant worlds|world permanents`)},
	{key: KeySBACounters, chapters: sbaChapters, sub: 2, re: rx(`\+1/\+1 counter and a -1/-1 counter`)},

	{key: KeyManaBurn, chapters: []uint16{300}, re: rx(`loses? 1 life for each`)},
	{key: KeyManaEmpty, chapters: []uint16{300, 500}, re: rx(`(unused|unspent) mana.*(empties|is lost)`)},

	{key: KeyColor, chapters: []uint16{202, 203}, re: rx(`^an? (object|card) is the colou?r or colou?rs of the mana symbols in its mana cost`)},
	{key: KeyColorless, chapters: []uint16{202, 203}, re: rx(`no colored mana symbols in (its|their) mana costs? (is|are) colorless`)},
	{key: KeyColorHybrid, chapters: []uint16{202, 203}, re: rx(`hybrid mana symbols?.*(is|are) (each|all) of the colors`)},

	{key: KeyManaValue, chapters: []uint16{202, 203}, re: rx(`^the (converted mana cost|mana value) of an? (object|card) is (a number equal to )?the total amount of mana`)},
	{key: KeyManaValueNone, chapters: []uint16{202, 203}, re: rx(`(converted mana cost|mana value) of an object with no mana cost is 0`)},
	{key: KeyManaValueX, chapters: []uint16{202, 203}, re: rx(`x is treated as 0`)},
	{key: KeyManaValueHybrid, chapters: []uint16{202, 203}, re: rx(`largest component`)},
	{key: KeyManaValuePhyrexian, chapters: []uint16{202, 203}, re: rx(`phyrexian mana symbol.*contributes 1`)},

	{key: KeySubtypes, chapters: []uint16{204, 205}, re: rx(`each word after the dash is a separate subtype`)},
	{key: KeyCorrelated, chapters: []uint16{204, 205, 212}, re: rx(`correlated to its appropriate card type`)},
	{key: KeySubtypeChoice, chapters: []uint16{204, 205, 212, 214}, re: rx(`one, and only one, existing`)},
	{key: KeyCardTypes, chapters: []uint16{204, 205}, re: rx(`^the (card )?types are `)},
	{key: KeySupertypes, chapters: []uint16{204, 205}, re: rx(`the supertypes are `)},
	{key: KeyArtifactTypes, chapters: []uint16{204, 205}, re: rx(`the artifact types are `)},
	{key: KeyEnchantTypes, chapters: []uint16{204, 205}, re: rx(`the enchantment types are `)},
	{key: KeyLandTypes, chapters: []uint16{204, 205}, re: rx(`the land types are `)},
	{key: KeyWalkerTypes, chapters: []uint16{204, 205}, re: rx(`the planeswalker types are `)},
	{key: KeySpellTypes, chapters: []uint16{204, 205}, re: rx(`the spell types are `)},
	{key: KeyCreatureTypes, chapters: []uint16{204, 205}, re: rx(`called creature types\. (the creature types are|one creature type)`)},
	{key: KeyPlanarTypes, chapters: []uint16{204, 205}, re: rx(`the planar types are `)},

	{key: KeyOwnersZone, chapters: []uint16{217, 400}, re: rx(`would go to any library, graveyard, or hand other than its owner.?s`)},
	{key: KeyDraw, re: rx(`draws a card by putting the top card of`)},
	{key: KeyDestroy, chapters: []uint16{501, 701}, re: rx(`^to destroy a permanent, move it from`)},
	{key: KeySacrifice, chapters: []uint16{501, 701}, re: rx(`^to sacrifice a permanent, its controller moves it`)},
	{key: KeyTap, chapters: []uint16{501, 701}, re: rx(`^to tap a permanent, turn it sideways`)},
	{key: KeyUntap, chapters: []uint16{501, 701}, re: rx(`^to untap a permanent, (rotate|turn) it back`)},
	{key: KeyCreateToken, chapters: []uint16{110, 111, 216}, sub: 1, re: rx(`^some effects put tokens (into play|onto the battlefield)`)},
	{key: KeyDamagePlayer, title: damageTitle, re: rx(`^damage dealt to a player (by a source without infect )?causes that player to lose that much life`)},
	{key: KeyDamageInfect, title: damageTitle, re: rx(`^damage dealt to a player by a source with infect`)},
	{key: KeyDamageCreature, title: damageTitle, re: rx(`^damage dealt to a creature by a source (without wither|with neither wither nor infect|without wither or infect)`)},
	{key: KeyDamageWither, title: damageTitle, re: rx(`^damage dealt to a creature by a source with wither`)},
	{key: KeyLifelink, title: damageTitle, re: rx(`^damage dealt by a source with lifelink`)},
	{key: KeyLifeChange, chapters: []uint16{117, 118, 119, 215}, re: rx(`^if an effect causes a player to gain life or lose life`)},
	{key: KeyCounters, re: rx(`^a counter is a marker placed on an object or player`)},
	{key: KeyIndestructible, chapters: []uint16{502, 702}, re: rx(`^a permanent with indestructible can.?t be destroyed`)},
	{key: KeyManaSymbols, chapters: []uint16{104, 107}, re: rx(`^the mana symbols are `)},
	{key: KeyManaPool, chapters: []uint16{106}, re: rx(`mana goes into a player.?s mana pool`)},
	{key: KeyTokenStays, chapters: []uint16{110, 111, 216}, re: rx(`^a token that has left (play|the battlefield) can.?t`)},
	{key: KeyCleanup, chapters: []uint16{314, 514}, re: rx(`all damage (marked on permanents.* is removed|is removed from permanents)`)},
}

// Keys lists every key the engine knows, in a stable order.
func Keys() []Key {
	out := make([]Key, len(recognizers))
	for i, r := range recognizers {
		out[i] = r.key
	}
	return out
}

// fold prepares rule text for recognizers and list parsing: lower case,
// straight quotes and apostrophes, single spaces.
func fold(s string) string {
	return strings.ToLower(straighten(s))
}

var quoteFolder = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201A", "'", "\u201B", "'", "\u2032", "'",
	"\u201C", `"`, "\u201D", `"`, "\u201E", `"`, "\u201F", `"`, "\u2033", `"`,
)

// straighten turns curly quotes and apostrophes into straight ones and
// collapses runs of white space.
func straighten(s string) string {
	return strings.Join(strings.Fields(quoteFolder.Replace(s)), " ")
}

func (r *recognizer) matches(n RuleNumber, text string, titles map[uint16]string) bool {
	if r.title != nil && !r.title.MatchString(titles[n.Chapter]) {
		return false
	}
	if len(r.chapters) > 0 {
		ok := false
		for _, c := range r.chapters {
			if n.Chapter == c {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	switch {
	case r.sub == 1 && (n.Rule == 0 || n.Sub != 0):
		return false
	case r.sub == 2 && n.Sub == 0:
		return false
	}
	return r.re.MatchString(text) && (r.not == nil || !r.not.MatchString(text))
}
