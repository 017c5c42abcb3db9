package cardtext

// Modal spells (700.2): a line "Choose one —" (or "Choose one or both —",
// "Choose any number —", "Choose one. If this spell was kicked, choose any
// number instead.") and, on the lines after it, each mode as "• EFFECT",
// the effect read like any spell's instructions. FoldModes gathers them.

// modeCount reads how many modes are chosen: "one", "two", "one or both",
// "one or more", "any number", "up to two".
func modeCount(c *tcur) ([2]int, bool) {
	save := c.i
	upTo := c.eat("up", "to")
	switch {
	case !upTo && c.eat("any", "number"):
		return [2]int{1, AnyNumber}, true
	case !upTo && c.eat("one", "or", "both"):
		return [2]int{1, 2}, true
	case !upTo && c.eat("one", "or", "more"):
		return [2]int{1, AnyNumber}, true
	}
	w := c.next()
	n, ok := numberWords[w]
	if !ok || w == "a" || w == "an" || n < 1 {
		c.i = save
		return [2]int{}, false
	}
	if upTo {
		return [2]int{1, n}, true
	}
	return [2]int{n, n}, true
}

// modalHeader reads "Choose one —", "Choose one or both —", "Choose one.
// If this spell was kicked, choose any number instead." ok is false if the
// line isn't one.
func (p *textParser) modalHeader(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	// "An opponent chooses one —" (700.2e).
	byOpponent := c.eat("an", "opponent", "chooses")
	if !byOpponent && !c.eat("choose") {
		return nil, false, nil
	}
	n, ok := modeCount(c)
	if !ok || !(c.eat("—") || c.eat(":") || c.eat(".")) {
		c.i = save
		return nil, false, nil
	}
	m := &Modal{Min: n[0], Max: n[1], ByOpponent: byOpponent}
	if !c.end() {
		// "If this spell was kicked, choose any number instead."
		if !c.eat("if") {
			return nil, true, p.fail(c, text, "\"If CONDITION, choose N instead.\" after \"Choose one.\"")
		}
		cond, err := p.condToComma(c, text, "the condition")
		if err != nil {
			return nil, true, err
		}
		if !c.eat("choose") {
			return nil, true, p.fail(c, text, "choose N instead")
		}
		k, ok := modeCount(c)
		if !ok || !c.eat("instead") {
			return nil, true, p.fail(c, text, "choose N instead: one, two, one or both, any number")
		}
		c.eat(".")
		if !c.end() {
			return nil, true, p.fail(c, text, "the end of the sentence")
		}
		m.If, m.Instead = cond, k
	}
	return &Ability{Kind: AbSpell, Modal: m}, true, nil
}

// mode reads one mode of a modal spell: "• Destroy target creature."
func (p *textParser) mode(c *tcur, text string) (*Ability, error) {
	c.next() // the bullet
	if !p.spell {
		return nil, p.fail(c, text, "modes of an instant or sorcery (a permanent's modal abilities aren't read yet)")
	}
	eff, err := p.effect(c, text)
	if err != nil {
		return nil, err
	}
	return &Ability{Kind: AbSpell, Mode: true, Effect: eff, Targets: p.targets}, nil
}
