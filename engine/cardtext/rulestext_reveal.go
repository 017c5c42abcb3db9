package cardtext

// A static ability and the triggered ability linked to it, written as one
// paragraph, the static ability first (603.11): "Reveal the first card you
// draw each turn. Whenever you reveal a basic land card this way, draw a
// card."

// RuleRevealFirstDraw: "Reveal the first card you draw each turn." Its
// controller reveals the first card they draw each turn. Numbered apart
// from the others in ability.go.
const RuleRevealFirstDraw RuleKind = iota + 232

// TrigReveal: a player reveals a card ("Whenever you reveal a basic land
// card this way"). Numbered apart from the others in ability.go.
const TrigReveal TrigEvent = iota + 200

// revealStatic reads "Reveal the first card you draw each turn."
func (p *textParser) revealStatic(c *tcur) (*Ability, bool) {
	if !c.eat("reveal", "the", "first", "card", "you", "draw", "each", "turn") {
		return nil, false
	}
	c.eat(".")
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleRevealFirstDraw, Who: Yours}}}}, true
}

// linkedParagraph reads a paragraph of a static ability followed by the
// triggered abilities linked to it (603.11), each an ability of its own.
// ok=false: the line doesn't start with such a static ability.
func (p *textParser) linkedParagraph(c *tcur, text string) ([]*Ability, bool, error) {
	st, ok := p.revealStatic(c)
	if !ok {
		c.i = 0
		return nil, false, nil
	}
	st.Text = c.textBetween(0, c.i)
	out := []*Ability{st}
	for !c.end() {
		if c.peek() != "whenever" && c.peek() != "when" {
			return nil, true, p.fail(c, text, "a triggered ability linked to the static ability before it (\"Whenever you reveal … this way, …\")")
		}
		rest := c.rest()
		sub := &tcur{toks: lexRules(rest), src: rest}
		p.targets, p.words, p.it, p.spellIt = nil, 0, ORef{}, ORef{}
		a, err := p.ability(sub, rest)
		if err != nil {
			return nil, true, err
		}
		a.Text = rest
		out = append(out, a)
		c.i = len(c.toks)
	}
	return out, true, nil
}

// revealTrigger reads what follows "Whenever you reveal": "a basic land
// card [this way]".
func (p *textParser) revealTrigger(c *tcur) (*Trigger, bool) {
	save := c.i
	if !c.eat("a") && !c.eat("an") {
		return nil, false
	}
	f := &Filter{}
	if _, ok := p.nounPhrase(c, f); !ok || !f.Card {
		c.i = save
		return nil, false
	}
	tr := &Trigger{Event: TrigReveal, What: f, Who: Yours, ThisWay: c.eat("this", "way")}
	if !c.end() {
		c.i = save
		return nil, false
	}
	return tr, true
}
