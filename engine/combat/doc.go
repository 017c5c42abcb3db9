// Package combat is combat's model and its rules arithmetic.
//
// The model: who attacks whom (506, 508), which creatures block which
// (509), the attacking bands (702.22), the damage assignment orders
// (509.2, 509.3) and the assignments of combat damage players chose
// (510.1), with the queries and updates the rules make on them (a creature
// removed from combat, 506.4; the defending players; each blocker's blocks
// in its order).
//
// The arithmetic: whether a chosen assignment is legal (510.1c, 510.1d,
// 702.19b trample, 702.19c trample over planeswalkers, the damage
// assignment order), lethal damage for assignment, how a creature assigns
// its damage when its controller says nothing, who deals damage in which
// combat damage step (510.4), the bands' checks and blocks (702.22c,
// 702.22d, 702.22h), the restrictions on blocks that keywords make
// (702.9b flying and reach, 702.28b shadow, 702.111b menace) and 802.4a's
// (only the player attacked blocks), the defending player an attacker's
// abilities mean (802.2a), and the most requirements to attack or block a
// declaration could obey (508.1d, 509.1c).
//
// It reads the game only through Game: whether a rule applies (each rule's
// code here is gated by g.Applies(registry.X), so rule ablation switches
// it off as it does the engine's), the error a rule gives, names, and the
// facts of creatures (power, toughness, marked damage, loyalty, keywords).
// It knows objects and players by their IDs only, no zones, effects or
// editions, and imports nothing of package engine. Package engine owns the combat (State.Combat) and plays it: the
// declarations as actions and turn-based actions, the checks that need the
// whole game ("can't attack" and "can't block" effects, landwalk,
// protection), and dealing the damage.
package combat
