package cardtext

// Permissions to cast spells and play lands (601.3, 305.1), after "You
// may": "You may cast creature spells from the top of your library." "You
// may cast spells from exile." "You may cast spells as though they had
// flash." "You may play lands and cast spells from other players'
// graveyards this turn as though those cards were in your graveyard."
// thisTurn reports a "this turn" (an effect's duration).
func (p *textParser) permission(c *tcur) (mod *RuleMod, thisTurn, ok bool) {
	save := c.i
	mod = &RuleMod{Kind: RulePermission}
	for {
		switch {
		case c.eat("play", "lands"):
			mod.Play = true
		case c.eat("cast"):
			f := &Filter{}
			if _, ok := p.nounPhrase(c, f); !ok || !f.Spell {
				c.i = save
				return nil, false, false
			}
			mod.Cast, mod.Filter = true, f
		default:
			c.i = save
			return nil, false, false
		}
		if !c.eat("and") {
			break
		}
	}
	if c.eat("from") {
		switch {
		case c.eat("the", "top", "of", "your", "library"):
			mod.From, mod.Top, mod.FromWhose = Library, true, Yours
		case c.eat("your", "graveyard"):
			mod.From, mod.FromWhose = Graveyard, Yours
		case c.eat("exile"):
			// "You may cast spells from exile.": exile is one zone shared by
			// all players (400.1).
			mod.From = Exile
		case c.eat("other", "players", "'", "graveyards"), c.eat("your", "opponents", "'", "graveyards"):
			mod.From, mod.FromWhose = Graveyard, Opponents
		default:
			c.i = save
			return nil, false, false
		}
	}
	thisTurn = c.eat("this", "turn")
	switch {
	case c.eat("as", "though", "they", "had", "flash"), c.eat("as", "though", "it", "had", "flash"):
		mod.Flash = true
	case c.eat("as", "though", "those", "cards", "were", "in", "your", "graveyard"):
		mod.AsIn = Graveyard
	}
	c.eat(".")
	if !c.end() || mod.From == 0 && !mod.Flash {
		c.i = save
		return nil, false, false
	}
	return mod, thisTurn, true
}
