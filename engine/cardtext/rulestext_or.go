package cardtext

// Objects of two kinds that live in different zones, joined by "or":
// "target spell or permanent", "target creature spell or creature card in
// a graveyard". Kinds in the same zone are a list of types in one filter
// ("artifact or enchantment"); kinds in different zones can't be, so the
// second is a filter of its own (Filter.Or).

// otherKind reads "or NOUN-PHRASE" after a noun phrase into f.Or when the
// second names objects in another zone than the first (a spell and a
// permanent, a permanent and a card). It reports whether the second is
// plural; ok is false, and the cursor unmoved, when what follows isn't
// such a phrase.
func (p *textParser) otherKind(c *tcur, f *Filter) (plural, ok bool) {
	save := c.i
	if !c.eat("or") {
		return false, false
	}
	g := &Filter{}
	plural, ok = p.nounPhrase(c, g)
	if !ok || kindZone(f) == kindZone(g) {
		c.i = save
		return false, false
	}
	f.Or = g
	return plural, true
}

// kindZone is where a filter's objects are: a spell's stack, a card's
// zone other than the battlefield, or the battlefield.
func kindZone(f *Filter) Zone {
	switch {
	case f.Spell:
		return Stack
	case f.Zone != 0:
		return f.Zone
	case f.Card:
		return Graveyard // a card: not a permanent (its zone told later)
	}
	return Battlefield
}
