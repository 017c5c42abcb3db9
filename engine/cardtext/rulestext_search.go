package cardtext

// The grammar of hidden zones: searching (701.23), revealing a hand
// (701.20), choosing a card from it, and shuffling objects into a library
// (701.24). Each part composes with the rest: the zones' owner is any
// possessive player ("your", "its controller's", "that player's"), the
// cards any noun phrase, and what is done with the cards found is an
// ordinary instruction about "them" ("and exile them").

// search reads "search ZONES for CARDS" after "search"/"searches"; who
// searches.
func (p *textParser) search(c *tcur, text string, who PRef) (*Instr, bool, error) {
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	if c.eat("the", "top") {
		// A search replaced with a search of a portion of the library
		// (701.23f): what is searched for stays the event's.
		n, ok := c.num()
		if !ok || !(c.eat("cards") || c.eat("card")) || !c.eat("of") {
			return fail("how many: the top four cards of that library")
		}
		if p.event == nil || p.event.Kind != EvtSearch || !c.eat("that", "library") {
			return fail("\"that library\", in a replacement of a search: \"If an opponent would search a library, that player searches the top four cards of that library instead.\"")
		}
		return &Instr{Op: OpSearch, Who: who, Search: &SearchSpec{Whose: who, Zones: []Zone{Library}, Top: n}}, true, nil
	}
	whose, zones, ok := p.zoneList(c)
	if !ok {
		return fail("whose zones to search: your library, its controller's graveyard, hand, and library")
	}
	if !c.eat("for") {
		return fail("\"for\" and the cards searched for")
	}
	sp := &SearchSpec{Whose: whose, Zones: zones, N: Amount{N: 1}}
	switch {
	case c.eat("all", "cards", "with", "the", "same", "name", "as"):
		r, ok := p.objects(c)
		if !ok {
			return fail("the same name as what")
		}
		sp.All, sp.SameAs, sp.Filter.Card = true, &r, true
	case c.eat("any", "number", "of"):
		// "any number of cards with that name" (Dispossess)
		if _, ok := p.nounPhrase(c, &sp.Filter); !ok || !sp.Filter.Card {
			return fail("the cards searched for: any number of cards with that name")
		}
		sp.Filter.Zone = 0
		sp.Any = true
		if c.eat("with", "that", "name") {
			sp.Named = true
		}
	default:
		if c.eat("up", "to") {
			sp.UpTo = true
		}
		if !c.eat("a") && !c.eat("an") {
			n, ok := c.num()
			if !ok {
				return fail("how many cards: a card, up to two basic land cards, all cards with the same name as …")
			}
			sp.N = Amount{N: n}
		}
		if _, ok := p.nounPhrase(c, &sp.Filter); !ok || !sp.Filter.Card {
			return fail("the cards searched for: a card, a creature card, basic land cards")
		}
		sp.Filter.Zone = 0
	}
	p.it = ORef{Kind: RefChosenObj}
	sp2 := PRef{Kind: PSearched}
	p.itP = &sp2
	return &Instr{Op: OpSearch, Who: who, Search: sp}, true, nil
}

// zoneList reads whose zones, and which: "your library", "its
// controller's graveyard, hand, and library", "that player's hand".
func (p *textParser) zoneList(c *tcur) (PRef, []Zone, bool) {
	save := c.i
	whose, ok := p.possessive(c)
	if !ok {
		return PRef{}, nil, false
	}
	var zones []Zone
	for {
		var z Zone
		switch {
		case c.eat("graveyard"):
			z = Graveyard
		case c.eat("hand"):
			z = Hand
		case c.eat("library"):
			z = Library
		default:
			c.i = save
			return PRef{}, nil, false
		}
		zones = append(zones, z)
		if !c.eat(",", "and") && !c.eat(",") && !c.eat("and") {
			return whose, zones, true
		}
	}
}

// possessive reads a player's possessive: "your", "their" (the player the
// clause is about), "its controller's", "its owner's", "that player's",
// "target player's".
func (p *textParser) possessive(c *tcur) (PRef, bool) {
	save := c.i
	switch {
	case c.eat("your"):
		return PRef{Kind: PYou}, true
	case c.eat("their"):
		if p.itP != nil {
			return *p.itP, true
		}
		return PRef{}, false
	}
	if r, ok := p.player(c); ok && c.eat("'s") {
		return r, true
	}
	c.i = save
	return PRef{}, false
}

// reveal reads "reveals their hand" after the player, or a card they
// reveal from outside the game: "reveal a noncreature card you own from
// outside the game" (a wish, 400.11b), the card chosen.
func (p *textParser) reveal(c *tcur, text string, who PRef) (*Instr, bool, error) {
	if at := c.i; c.eat("a") || c.eat("an") {
		f := &Filter{}
		if plural, ok := p.nounPhrase(c, f); ok && !plural && f.Card && c.eat("from", "outside", "the", "game") {
			f.Zone = 0
			p.it = ORef{Kind: RefChosenObj}
			sp := &SearchSpec{Whose: who, Zones: []Zone{Outside}, Filter: *f, N: Amount{N: 1}, Reveal: true}
			return &Instr{Op: OpChooseCard, Who: who, Search: sp}, true, nil
		}
		c.i = at
		return nil, true, p.fail(c, text, "a card from outside the game: a sorcery card you own from outside the game")
	}
	if !c.eat("their", "hand") && !c.eat("your", "hand") {
		return nil, true, p.fail(c, text, "what is revealed: their hand, or a card from outside the game")
	}
	p.itP = &who
	p.itZone = Hand
	return &Instr{Op: OpReveal, Who: who, Search: &SearchSpec{Whose: who, Zones: []Zone{Hand}}}, true, nil
}

// chooseCard reads "choose a card [other than a basic land card] from it"
// after the player: a card of the hand just revealed.
func (p *textParser) chooseCard(c *tcur, text string, who PRef) (*Instr, bool, error) {
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	if !c.eat("a") && !c.eat("an") {
		return fail("choose a card …")
	}
	sp := &SearchSpec{N: Amount{N: 1}}
	if _, ok := p.nounPhrase(c, &sp.Filter); !ok || !sp.Filter.Card {
		return fail("a card to choose")
	}
	if c.eat("other", "than") {
		c.eat("a")
		c.eat("an")
		ex := &Filter{}
		if _, ok := p.nounPhrase(c, ex); !ok {
			return fail("other than what")
		}
		ex.Zone = 0
		sp.Except = ex
	}
	sp.Filter.Zone = 0
	if !c.eat("from", "it") || p.itP == nil || p.itZone == 0 {
		return fail("from it: the hand just revealed")
	}
	sp.Whose, sp.Zones = *p.itP, []Zone{p.itZone}
	p.it = ORef{Kind: RefChosenObj}
	return &Instr{Op: OpChooseCard, Who: who, Search: sp}, true, nil
}

// shuffleInto reads what is shuffled into a library after
// "shuffle"/"shuffles" (701.24): a list of objects ("it", "target card
// from a graveyard", "all permanents you own") and of the shuffler's zones
// ("your hand", "their hand and graveyard"), then "into [its owner's |
// their | your] library"; who shuffles (nil: the objects' owners).
func (p *textParser) shuffleInto(c *tcur, text string, who *PRef) (*Instr, bool, error) {
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	if c.end() && who != nil {
		// Oracle's "Then that player shuffles.": their library.
		return &Instr{Op: OpShuffle, Who: *who}, true, nil
	}
	many := c.peek() == "any"
	var r *ORef
	var zones []Zone
	objAt := 0
	for {
		at := c.i
		if whose, zs, ok := p.ownZones(c); ok {
			if who == nil || whose != *who {
				c.i = at
				return fail("the zones of the player who shuffles: \"your hand\", \"their graveyard\"")
			}
			zones = append(zones, zs...)
		} else if r == nil {
			objAt = c.i
			o, ok := p.objects(c)
			if !ok {
				return fail("what to shuffle into a library: objects, or the shuffler's hand and graveyard")
			}
			r = &o
		} else {
			return fail("what else to shuffle into the library: the shuffler's hand, graveyard")
		}
		if !c.eat(",", "and") && !c.eat(",") && !c.eat("and") {
			break
		}
	}
	if !c.eat("into") {
		return fail("into whose library")
	}
	if zones != nil {
		// "Shuffle your hand, your graveyard, and all permanents you own
		// into your library": the cards of the shuffler's zones and the
		// objects named go into that player's library.
		if r != nil && r.Kind != RefGroup {
			c.i = objAt
			return fail("a kind of object with the shuffler's zones (\"all permanents you own\"), not one object")
		}
		if !c.eat("your", "library") && !c.eat("their", "library") {
			return fail("into their library: the player's whose zones are shuffled in")
		}
		in := &Instr{Op: OpShuffleIn, Who: *who, Search: &SearchSpec{Whose: *who, Zones: zones}}
		if r != nil {
			in.What = *r
		}
		return in, true, nil
	}
	in := &Instr{Op: OpShuffleObj, What: *r, Many: many || r.Kind == RefGroup}
	switch {
	case c.eat("its", "owner", "'s", "library"), c.eat("their", "owners", "'", "libraries"), c.eat("its", "owners", "'", "libraries"):
		in.Who = PRef{Kind: POwnerOf}
	case c.eat("their", "library") && who != nil, c.eat("your", "library") && who != nil:
		in.Who = *who
	default:
		return fail("into its owner's library, or their library")
	}
	return in, true, nil
}

// ownZones reads a player's zones a card can be shuffled from: "your
// hand", "their hand and graveyard", "your graveyard" — stopping before
// a separator that another kind of thing follows ("your hand, your
// graveyard").
func (p *textParser) ownZones(c *tcur) (PRef, []Zone, bool) {
	save := c.i
	whose, ok := p.possessive(c)
	if !ok {
		return PRef{}, nil, false
	}
	var zones []Zone
	for {
		switch {
		case c.eat("hand"):
			zones = append(zones, Hand)
		case c.eat("graveyard"):
			zones = append(zones, Graveyard)
		default:
			c.i = save
			return PRef{}, nil, false
		}
		at := c.i
		if !c.eat(",", "and") && !c.eat(",") && !c.eat("and") || c.peek() != "hand" && c.peek() != "graveyard" {
			c.i = at
			return whose, zones, true
		}
	}
}

// cardName reports whether "choose a/an … card name" starts at the cursor.
func cardName(c *tcur) bool {
	for i := 2; i < 6; i++ {
		if c.peekAt(i) == "card" {
			return c.peekAt(i+1) == "name"
		}
	}
	return false
}
