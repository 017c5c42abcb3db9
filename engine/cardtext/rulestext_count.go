package cardtext

// What an amount counts: "for each creature you control", "for each
// creature you attacked with this turn", "the number of creatures that died
// this turn". The objects are described as anywhere else (nounPhrase); a
// count may also name what they did earlier this turn, which the engine
// answers from the turn's history rather than from the objects now.

// counted reads the objects a count counts into f. It reports false with
// the cursor where reading stopped.
func (p *textParser) counted(c *tcur, f *Filter) bool {
	p.counting = true
	defer func() { p.counting = false }()
	_, ok := p.nounPhrase(c, f)
	return ok
}

// past reads a relative clause naming what the objects did this turn:
// "you attacked with this turn", "that attacked this turn", "that died
// this turn", "that died under your control this turn".
func (p *textParser) past(c *tcur, f *Filter) bool {
	save := c.i
	switch {
	case c.eat("you", "attacked", "with", "this", "turn"):
		// The attacking player controlled them as they attacked (508.1).
		f.Past, f.Control = PastAttacked, Yours
	case c.eat("that", "attacked", "this", "turn"):
		f.Past = PastAttacked
	case c.eat("that", "died", "this", "turn"):
		f.Past = PastDied
	case c.eat("that", "died", "under", "your", "control", "this", "turn"):
		f.Past, f.Control = PastDied, Yours
	default:
		c.i = save
		return false
	}
	return true
}
