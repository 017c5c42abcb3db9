package engine

import "strings"

// Replacement effects (614.1a) are read as "If EVENT, [instead] EFFECT
// [instead].": EVENT from the event grammar below, EFFECT by the effect
// grammar, where "that much" and "that many" are the event's amount and
// "that draw" the event itself.

// replacementStatic reads "If EVENT, EFFECT instead." It reports ok=false
// if the sentence doesn't start with an event this grammar reads, so that
// the static abilities read elsewhere are tried.
func (p *textParser) replacementStatic(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	if !c.eat("if") {
		return nil, false, nil
	}
	ev, ok, err := p.replEvent(c, text)
	if err != nil {
		return nil, true, err
	}
	if !ok {
		c.i = save
		return nil, false, nil
	}
	if !c.eat(",") {
		return nil, true, p.fail(c, text, "a comma after the event: \"If you would gain life, …\"")
	}
	lead := c.eat("instead")
	// The effect ends before a trailing "instead".
	end := len(c.toks)
	if end > c.i && c.toks[end-1].w == "." {
		end--
	}
	if !lead {
		if end == c.i || c.toks[end-1].w != "instead" {
			return nil, true, p.fail(&tcur{toks: c.toks, src: c.src, i: end}, text, "\"instead\": \"If EVENT, EFFECT instead.\"")
		}
		end--
	}
	ec := &tcur{toks: c.toks[:end], src: c.src, i: c.i}
	prev := p.event
	p.event = ev
	ins, err := p.effect(ec, text)
	p.event = prev
	if err != nil {
		return nil, true, err
	}
	return &Ability{Kind: AbStatic, Replace: &Replacement{Kind: ReplInstead, Event: ev, Instead: ins}}, true, nil
}

// replEvent reads the event of a replacement effect, after "If": "you
// would gain life", "an opponent would draw a card", "a player would lose
// the game". ok=false: the sentence isn't about such an event.
func (p *textParser) replEvent(c *tcur, text string) (*EventSpec, bool, error) {
	save := c.i
	who, ok := eventPlayer(c)
	if !ok || !c.eat("would") {
		c.i = save
		return nil, false, nil
	}
	for _, e := range replEventWords {
		if c.eatS(e.words) {
			return &EventSpec{Kind: e.kind, Who: who}, true, nil
		}
	}
	var known []string
	for _, e := range replEventWords {
		known = append(known, e.words)
	}
	return nil, true, p.fail(c, text, "what the player would do: "+strings.Join(known, ", "))
}

// eventPlayer reads the player an event happens to, as the ability's
// controller sees them: "you", "a player", "an opponent".
func eventPlayer(c *tcur) (Whose, bool) {
	switch {
	case c.eat("you"):
		return Yours, true
	case c.eat("a", "player"), c.eat("each", "player"):
		return AnyOnes, true
	case c.eat("an", "opponent"), c.eat("each", "opponent"), c.eat("one", "of", "your", "opponents"):
		return Opponents, true
	}
	return 0, false
}
