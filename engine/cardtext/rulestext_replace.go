package cardtext

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
	ec, err := p.insteadEffect(c, text, "If EVENT, EFFECT instead.")
	if err != nil {
		return nil, true, err
	}
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
	if c.peek() == "enter" {
		c.i = save
		return nil, false, nil // enterControlReplacement's
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
	dc, err := p.insteadEffect(c, text, "If ~ would die, EFFECT instead.")
	if err != nil {
		return nil, true, err
	}
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

// damageReplacementStatic reads replacement and prevention effects of
// damage (614.1a, 615.10): "If SOURCE would deal damage [to RECIPIENT],
// RESULT." SOURCE is "a source" (any) or a kind of permanent ("a creature
// you control"); RECIPIENT "a permanent or player" or a kind of permanent
// ("a Cleric creature you control"); RESULT "prevent N of that damage"
// (a kind of permanent only) or "it deals double (triple) that damage
// [to that permanent or player] instead" (to anything). ok=false: the
// sentence isn't about damage that would be dealt.
func (p *textParser) damageReplacementStatic(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	if !c.eat("if") {
		return nil, false, nil
	}
	var src *Filter // nil: any source
	if !c.eat("a", "source") {
		c.eat("a")
		c.eat("an")
		src = &Filter{}
		if _, ok := p.nounPhrase(c, src); !ok {
			c.i = save
			return nil, false, nil
		}
	}
	if !c.eat("would", "deal", "damage") {
		c.i = save
		return nil, false, nil
	}
	var to *Filter // nil: a permanent or player
	if c.eat("to") {
		if !c.eat("a", "permanent", "or", "player") && !c.eat("any", "target") {
			c.eat("a")
			c.eat("an")
			to = &Filter{}
			if _, ok := p.nounPhrase(c, to); !ok {
				return nil, true, p.fail(c, text, "what it would deal damage to: a permanent or player, a creature you control, …")
			}
		}
	}
	if !c.eat(",") {
		return nil, true, p.fail(c, text, "a comma after the event: \"If a source would deal damage to …, …\"")
	}
	at := c.i
	switch {
	case c.eat("prevent"):
		n, ok := c.num()
		if !ok || !c.eat("of", "that", "damage") {
			return nil, true, p.fail(c, text, "how much: \"prevent 1 of that damage\"")
		}
		if src != nil || to == nil {
			// 615.10's effects the engine applies: from any source, to
			// the permanents a filter names.
			c.i = at
			return nil, true, p.fail(c, text, "an effect the engine applies to that event: prevention from \"a source\" to a kind of permanent")
		}
		c.eat(".")
		if !c.end() {
			return nil, true, p.fail(c, text, "the end of the sentence")
		}
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RulePreventSome, Filter: to, N: n}}}}, true, nil
	case c.eat("it", "deals"):
		times := 0
		switch {
		case c.eat("double"):
			times = 2
		case c.eat("triple"):
			times = 3
		default:
			return nil, true, p.fail(c, text, "how much: double or triple that damage")
		}
		if !c.eat("that", "damage") {
			return nil, true, p.fail(c, text, "\"that damage\"")
		}
		if c.eat("to") {
			if _, ok := c.eatAny("that permanent or player", "that creature", "that player", "that permanent"); !ok {
				return nil, true, p.fail(c, text, "to whom: that permanent or player")
			}
		}
		if !c.eat("instead") {
			return nil, true, p.fail(c, text, "\"instead\"")
		}
		if to != nil {
			// The engine doubles a source's damage to anything.
			c.i = at
			return nil, true, p.fail(c, text, "an effect the engine applies to that event: doubling damage to \"a permanent or player\"")
		}
		c.eat(".")
		if !c.end() {
			return nil, true, p.fail(c, text, "the end of the sentence")
		}
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleDoubleDamage, Filter: src, N: times}}}}, true, nil
	}
	return nil, true, p.fail(c, text, "what happens instead: prevent N of that damage, it deals double that damage … instead")
}

// tokenReplacementStatic reads replacement effects of creating tokens
// (614.1a): "If an effect would create one or more tokens under PLAYER's
// control, it creates twice that many of those tokens instead." or "If one
// or more tokens would be created under PLAYER's control, three times that
// many of those tokens are created instead." (PLAYER's: "your", "a
// player's", "an opponent's"). ok=false: not about tokens created.
func (p *textParser) tokenReplacementStatic(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	passive := false
	switch {
	case c.eat("if", "an", "effect", "would", "create", "one", "or", "more", "tokens"):
	case c.eat("if", "one", "or", "more", "tokens", "would", "be", "created"):
		passive = true
	default:
		return nil, false, nil
	}
	whose := AnyOnes
	if c.eat("under") {
		switch {
		case c.eat("your"):
			whose = Yours
		case c.eat("a", "player", "'s"), c.eat("each", "player", "'s"):
		case c.eat("an", "opponent", "'s"):
			whose = Opponents
		default:
			return nil, true, p.fail(c, text, "whose control: your, a player's, an opponent's")
		}
		if !c.eat("control") {
			return nil, true, p.fail(c, text, "\"control\"")
		}
	}
	if !c.eat(",") {
		c.i = save
		return nil, true, p.fail(c, text, "a comma after the event: \"If an effect would create one or more tokens under your control, …\"")
	}
	if !passive && !c.eat("it", "creates") && !c.eat("that", "player", "creates") && !c.eat("they", "create") {
		return nil, true, p.fail(c, text, "\"it creates\"")
	}
	times, ok := c.multiplier()
	if !ok {
		return nil, true, p.fail(c, text, "how many: twice, three times that many")
	}
	if !c.eat("that", "many", "of", "those", "tokens") && !c.eat("that", "many", "tokens") {
		return nil, true, p.fail(c, text, "\"that many of those tokens\"")
	}
	if passive && !c.eat("are", "created") {
		return nil, true, p.fail(c, text, "\"are created\"")
	}
	if !c.eat("instead") {
		return nil, true, p.fail(c, text, "\"instead\"")
	}
	c.eat(".")
	if !c.end() {
		return nil, true, p.fail(c, text, "the end of the sentence")
	}
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleDoubleTokens, Who: whose, N: times}}}}, true, nil
}

// enterControlReplacement reads "If OBJECT would enter [the battlefield]
// under WHOSE control [this turn], it enters under your control
// instead.": OBJECT a kind of permanent ("a creature"), WHOSE "an
// opponent's" or "a player's". With "this turn" it is a spell's effect
// that lasts until the turn ends; without, a static ability's.
func (p *textParser) enterControlReplacement(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	if !c.eat("if") {
		return nil, false, nil
	}
	c.eat("a")
	c.eat("an")
	f := &Filter{}
	if _, ok := p.nounPhrase(c, f); !ok || !c.eat("would", "enter") {
		c.i = save
		return nil, false, nil
	}
	c.eat("the", "battlefield")
	var who Whose
	switch {
	case c.eat("under", "an", "opponent", "'s", "control"):
		who = Opponents
	case c.eat("under", "a", "player", "'s", "control"):
		who = AnyOnes
	default:
		return nil, true, p.fail(c, text, "whose control it would enter under: an opponent's, a player's")
	}
	turn := c.eat("this", "turn")
	if !c.eat(",", "it", "enters") {
		return nil, true, p.fail(c, text, "\", it enters under your control instead\"")
	}
	c.eat("the", "battlefield")
	if !c.eat("under", "your", "control", "instead") {
		return nil, true, p.fail(c, text, "\"under your control instead\"")
	}
	c.eat(".")
	if !c.end() {
		return nil, true, p.fail(c, text, "the end of the sentence")
	}
	mod := &RuleMod{Kind: RuleEnterControl, Filter: f, Who: who}
	if !turn {
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, true, nil
	}
	if !p.spell {
		return nil, true, p.fail(c, text, "a permanent's replacement effect without \"this turn\"")
	}
	return &Ability{Kind: AbSpell, Effect: []*Instr{{Op: OpContinuous, Cont: &ContSpec{Rules: mod}, Dur: Duration{Kind: DurEndOfTurn}, Text: text}}}, true, nil
}

// insteadEffect is the cursor over a replacement's effect after its
// event's comma: up to a closing "instead" ("If EVENT, EFFECT instead.")
// or, when "instead" leads ("If EVENT, instead EFFECT."), to the end; form
// is the sentence shown when neither is there.
func (p *textParser) insteadEffect(c *tcur, text, form string) (*tcur, error) {
	lead := c.eat("instead")
	end := len(c.toks)
	if end > c.i && c.toks[end-1].w == "." {
		end--
	}
	if !lead {
		if end == c.i || c.toks[end-1].w != "instead" {
			return nil, p.fail(&tcur{toks: c.toks, src: c.src, i: end}, text, "\"instead\": \""+form+"\"")
		}
		end--
	}
	return c.upTo(end), nil
}
