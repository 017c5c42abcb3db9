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

// Replacement effects for an object that would be put into a graveyard
// (614.1a) are read as "If OBJECT would EVENT, [instead] DESTINATION
// [instead].": OBJECT is this object ("~", "this creature") or a kind of
// card or permanent ("a card", "a nontoken creature"); EVENT is "die"
// (from the battlefield, 700.4) or "be put into GRAVEYARD from anywhere"
// (GRAVEYARD: "a graveyard", "your graveyard", "an opponent's graveyard",
// "enchanted player's graveyard"); DESTINATION says where it goes instead,
// active ("exile it", "put it on the bottom of its owner's library",
// "reveal ~ and shuffle it into its owner's library", "return it to its
// owner's hand") or passive ("that card is revealed and put on the bottom
// of its owner's library").

// graveReplacementStatic reads such an ability. ok=false: the sentence
// isn't about an object that would be put into a graveyard.
func (p *textParser) graveReplacementStatic(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	if !c.eat("if") {
		return nil, false, nil
	}
	self := p.self(c)
	var f *Filter
	if !self {
		c.eat("a")
		c.eat("an")
		f = &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			c.i = save
			return nil, false, nil
		}
	}
	if !c.eat("would") {
		c.i = save
		return nil, false, nil
	}
	g := &GraveRepl{}
	whose := Whose(0)
	switch {
	case c.eat("die"):
		g.Die = true
	case c.eat("be", "put", "into"):
		w, ok := graveyardOf(c)
		if !ok {
			return nil, true, p.fail(c, text, "whose graveyard: a graveyard, your graveyard, an opponent's graveyard, enchanted player's graveyard")
		}
		whose = w
		switch {
		case c.eat("from", "anywhere"):
		case c.eat("from", "the", "battlefield"):
			g.Die = true
		default:
			return nil, true, p.fail(c, text, "where from: \"from anywhere\" or \"from the battlefield\"")
		}
	default:
		return nil, true, p.fail(c, text, "what it would do: die, be put into a graveyard from anywhere")
	}
	if !c.eat(",") {
		return nil, true, p.fail(c, text, "a comma after the event: \"If ~ would die, …\"")
	}
	lead := c.eat("instead")
	end := len(c.toks)
	if end > c.i && c.toks[end-1].w == "." {
		end--
	}
	if !lead {
		if end == c.i || c.toks[end-1].w != "instead" {
			return nil, true, p.fail(&tcur{toks: c.toks, src: c.src, i: end}, text, "\"instead\": \"If ~ would die, EFFECT instead.\"")
		}
		end--
	}
	dc := &tcur{toks: c.toks[:end], src: c.src, i: c.i}
	if err := p.graveDest(dc, text, g); err != nil {
		return nil, true, err
	}
	if self {
		return &Ability{Kind: AbStatic, Replace: &Replacement{Kind: ReplGraveyard, Grave: g}}, true, nil
	}
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleGraveTo, Filter: f, Who: whose, Grave: g}}}}, true, nil
}

// graveyardOf reads whose graveyard an event is about.
func graveyardOf(c *tcur) (Whose, bool) {
	switch {
	case c.eat("a", "graveyard"), c.eat("its", "owner", "'s", "graveyard"), c.eat("a", "player", "'s", "graveyard"):
		return 0, true
	case c.eat("your", "graveyard"):
		return Yours, true
	case c.eat("an", "opponent", "'s", "graveyard"):
		return Opponents, true
	case c.eat("enchanted", "player", "'s", "graveyard"):
		return EnchantedPlayer, true
	}
	return 0, false
}

// graveDest reads where the object goes instead: instructions about it
// joined by "and" ("reveal ~ and shuffle it into its owner's library"),
// or the passive "that card is revealed and put on the bottom of its
// owner's library". Exactly one of them moves it.
func (p *textParser) graveDest(c *tcur, text string, g *GraveRepl) error {
	const want = "where it goes instead: exile it, put it on top of (on the bottom of) its owner's library, shuffle it into its owner's library, return it to its owner's hand (or \"it is exiled\", \"it is put on …\")"
	moved := false
	passive := false
	save := c.i
	if p.graveObject(c) && c.eat("is") {
		passive = true
	} else {
		c.i = save
	}
	for {
		start := c.i
		verb := c.next()
		if passive {
			verb = map[string]string{"revealed": "reveal", "exiled": "exile", "shuffled": "shuffle", "put": "put", "returned": "return"}[verb]
		} else if !map[string]bool{"reveal": true, "exile": true, "shuffle": true, "put": true, "return": true}[verb] {
			verb = ""
		}
		if verb != "" && !passive && !p.graveObject(c) {
			return p.fail(c, text, "what it does that to: it, ~, that card")
		}
		to, bottom, shuffle := Zone(0), false, false
		switch verb {
		case "reveal":
			g.Reveal = true
		case "exile":
			to = Exile
		case "shuffle":
			if !c.eat("into", "its", "owner", "'s", "library") {
				return p.fail(c, text, "into its owner's library")
			}
			to, shuffle = Library, true
		case "put":
			switch {
			case c.eat("on", "top", "of"):
			case c.eat("on", "the", "bottom", "of"):
				bottom = true
			default:
				return p.fail(c, text, "on top of / on the bottom of its owner's library")
			}
			if !c.eat("its", "owner", "'s", "library") {
				return p.fail(c, text, "its owner's library")
			}
			to = Library
		case "return":
			if !c.eat("to", "its", "owner", "'s", "hand") {
				return p.fail(c, text, "to its owner's hand")
			}
			to = Hand
		default:
			c.i = start
			return p.fail(c, text, want)
		}
		if to != 0 {
			if moved {
				c.i = start
				return p.fail(c, text, "the end: it can go to only one place instead")
			}
			moved = true
			g.To, g.Bottom, g.Shuffle = to, bottom, shuffle
		}
		if c.end() {
			break
		}
		if !c.eat("and") && !c.eat(",", "then") && !c.eat("then") {
			return p.fail(c, text, "\"and\" or the end of the sentence")
		}
	}
	if !moved {
		return p.fail(c, text, want)
	}
	return nil
}

// graveObject reads the object a replacement's destination is about: the
// object that would be put into the graveyard.
func (p *textParser) graveObject(c *tcur) bool {
	if c.eat("it") || p.self(c) {
		return true
	}
	_, ok := c.eatAny("that card", "that creature", "that permanent")
	return ok
}
