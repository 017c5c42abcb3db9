package engine

import "github.com/arbiter-rules/arbiter/engine/cardtext"

// A sentence whose players each do what it says: "Each player may search
// their library for up to two basic land cards, put them onto the
// battlefield, then shuffle." Each of them in turn, in APNAP order
// (101.4), may follow its instructions as "you": "their library" is that
// player's, the cards found are what that player puts onto the
// battlefield, and the library shuffled is theirs.

// eachPlayer has each player follow the instructions in turn, as "you".
func (x *execCtx) eachPlayer(in *cardtext.Instr) (bool, error) {
	did := false
	for _, p := range x.players(in.Who) {
		sub := *x
		sub.ctrl = p
		sub.chosen, sub.count, sub.hasSearched, sub.portion = nil, 0, false, nil
		if err := sub.instrs(in.Each); err != nil {
			return did, err
		}
		did = true
	}
	return did, nil
}
