package cardtext

// Instructions followed for each of a spell's targets in turn: "Choose any
// number of target creatures, planeswalkers, and/or players. For each of
// them, exile the top card of your library, then Soulfire Eruption deals
// damage equal to that card's mana value to that permanent or player."

// OpForEachTarget: the instructions Each are followed once for each
// target chosen for What (a RefTarget), "that permanent or player" being
// that target.
const OpForEachTarget Op = iota + 190

const (
	// RefEachTarget is the target the instructions of an OpForEachTarget
	// are being followed for ("that permanent or player").
	RefEachTarget ORefKind = iota + 240
	// RefTopCard is the top card of the controller's library ("the top
	// card of your library").
	RefTopCard
	// RefMovedIt is what the instruction before moved ("that card" after
	// "exile the top card of your library").
	RefMovedIt
)

// chooseTargets reads a sentence that only chooses targets ("Choose any
// number of target creatures, planeswalkers, and/or players."): its
// targets are chosen as the spell is cast (601.2c), and "them" in what
// follows means them.
func (p *textParser) chooseTargets(c *tcur) bool {
	save, targets, words := c.i, len(p.targets), p.words
	if !c.eat("choose") {
		return false
	}
	r, ok := p.objects(c)
	c.eat(".")
	if !ok || r.Kind != RefTarget || !c.end() {
		c.i, p.targets, p.words = save, p.targets[:targets], words
		return false
	}
	p.it = r
	return true
}

// forEachTarget reads "For each of them, INSTRUCTIONS" after a sentence
// that chose targets.
func (p *textParser) forEachTarget(c *tcur, text string) (*Instr, bool, error) {
	start := c.i
	if !c.eat("for", "each", "of", "them", ",") {
		return nil, false, nil
	}
	if p.it.Kind != RefTarget {
		return nil, true, p.fail(c, text, "\"For each of them\" after a sentence choosing targets")
	}
	what := p.it
	p.inEach = true
	ins, err := p.clauses(c, text)
	p.inEach = false
	if err != nil {
		return nil, true, err
	}
	return &Instr{Op: OpForEachTarget, What: what, Each: ins, Text: c.textBetween(start, c.i)}, true, nil
}
