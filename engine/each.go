package engine

// A sentence whose players each do what it says: "Each player may search
// their library for up to two basic land cards, put them onto the
// battlefield, then shuffle." Each of them in turn, in APNAP order
// (101.4), may follow its instructions as "you": "their library" is that
// player's, the cards found are what that player puts onto the
// battlefield, and the library shuffled is theirs.

// OpEachPlayer: each player of Who in turn follows Each as "you".
const OpEachPlayer Op = iota + 250

// eachMay reads "Each player may …" / "Each opponent may …" as a whole
// sentence. ok=false: the sentence doesn't start so.
func (p *textParser) eachMay(c *tcur, text string) (*Instr, bool, error) {
	start := c.i
	who := PRef{Kind: PEach}
	switch {
	case c.eat("each", "player", "may"):
	case c.eat("each", "opponent", "may"):
		who.Kind = PEachOpponent
	default:
		return nil, false, nil
	}
	you := PRef{Kind: PYou}
	prevP := p.itP
	p.itP = &you
	ins, err := p.clauses(c, text)
	p.itP = prevP
	if err != nil {
		return nil, true, err
	}
	words := c.textBetween(start, len(c.toks))
	may := &Instr{Op: OpSkip, May: true, Then: ins, Text: "you may " + c.textBetween(start+3, len(c.toks))}
	return &Instr{Op: OpEachPlayer, Who: who, Each: []*Instr{may}, Text: words}, true, nil
}

// eachPlayer has each player follow the instructions in turn, as "you".
func (x *execCtx) eachPlayer(in *Instr) (bool, error) {
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
