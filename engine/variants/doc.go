// Package variants says what each multiplayer variant and option (section
// 8) and each casual variant (section 9) is, and does the arithmetic of
// their rules that needs no game: which variant a scenario names and what
// it prescribes before play (teams, shared turns, attack options, the
// rules an edition must have to play it), how players are seated
// (Alternating Teams, 811.3; Emperor, 809.2) and how far apart they sit
// for a range of influence (801.2), a team's shared starting life (810.4,
// 810.11), and Commander's color identity of a card (903.4) and commander
// tax (903.8).
//
// What a variant does to a game in play — seating the players of a
// State, fixing each player's reach as a turn begins, applying a life
// change to a team's total, moving a commander to the command zone — is
// package engine's: its methods call these functions and ask first
// whether the rule applies (t.applies), so that rule ablation switches the
// rule off where its code runs. Seats and players are plain numbers here
// (any integer type, so the engine's PlayerID passes as it is).
//
// The package knows no game state: the engine imports it, never the other
// way round.
package variants
