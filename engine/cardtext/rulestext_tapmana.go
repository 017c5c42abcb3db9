package cardtext

// tapsForMana reads "PLAYER tap(s) PERMANENT for mana" (106.12): who taps
// ("you", "a player", "an opponent") and a kind of permanent ("a land", "a
// permanent", "a Forest", "a creature"). ok=false: not that event; the
// cursor is where reading stopped once the player and verb were read.
func (p *textParser) tapsForMana(c *tcur) (Whose, *Filter, bool) {
	save := c.i
	who, ok := eventPlayer(c)
	if !ok || !c.eat("taps") && !c.eat("tap") {
		c.i = save
		return 0, nil, false
	}
	if !c.eat("a") && !c.eat("an") {
		return 0, nil, false
	}
	f := &Filter{}
	if plural, ok := p.nounPhrase(c, f); !ok || plural || f.Card || f.Spell {
		return 0, nil, false
	}
	if !c.eat("for", "mana") {
		return 0, nil, false
	}
	return who, f, true
}

// manaReplacementStatic reads a replacement effect of tapping for mana
// (106.12b): "If you tap a permanent for mana, it produces twice as much of
// that mana instead." (Mana Reflection), "… three times as much …".
// ok=false: not about tapping for mana.
func (p *textParser) manaReplacementStatic(c *tcur, text string) (*Ability, bool, error) {
	if !c.eat("if") {
		return nil, false, nil
	}
	at := c.i
	who, f, ok := p.tapsForMana(c)
	if !ok {
		if c.i == at {
			return nil, false, nil
		}
		return nil, true, p.fail(c, text, "what is tapped for mana: a permanent, a land, a kind of permanent")
	}
	fail := func(want string) (*Ability, bool, error) { return nil, true, p.fail(c, text, want) }
	if !c.eat(",") {
		return fail("a comma after the event: \"If you tap a permanent for mana, …\"")
	}
	if !c.eat("it", "produces") {
		return fail("what happens instead: \"it produces twice as much of that mana instead\"")
	}
	times, ok := c.multiplier()
	if !ok {
		return fail("how much: twice, three times as much")
	}
	if !c.eat("as", "much", "of", "that", "mana") {
		return fail("\"as much of that mana\"")
	}
	if !c.eat("instead") {
		return fail("\"instead\"")
	}
	c.eat(".")
	if !c.end() {
		return fail("the end of the sentence")
	}
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleManaTimes, Who: who, Filter: f, N: times}}}}, true, nil
}
