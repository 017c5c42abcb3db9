package cardtext

// preventAll reads what "Prevent all" prevents (615.1a), from the words
// after it: which damage ("damage", "combat damage"), then, in any order,
// where it would come from and go and for how long — "that would be dealt
// [by SOURCES] [to RECIPIENTS] [this turn]" or "[that] SOURCES would deal
// [to RECIPIENTS] [this turn]". thisTurn reports a "this turn" read; the
// caller decides whether the sentence needs one (an instruction) or may
// not have one (a static ability).
func (p *textParser) preventAll(c *tcur, text string) (mod *RuleMod, thisTurn bool, err error) {
	mod = &RuleMod{Kind: RulePreventAll}
	if c.eat("combat") {
		mod.N = 1 // only combat damage (510.2)
	}
	if !c.eat("damage") {
		return nil, false, p.fail(c, text, "what to prevent: all damage, all combat damage")
	}
	passive := c.eat("that", "would", "be", "dealt")
	if !passive && !c.end() && c.peek() != "." && !(c.peek() == "this" && c.peekAt(1) == "turn") {
		// "Prevent all damage creatures would deal this turn."
		c.eat("that")
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, false, p.fail(c, text, "whose damage: \"that would be dealt by SOURCES\", \"SOURCES would deal\" (sources: a kind of permanent)")
		}
		if !c.eat("would", "deal") {
			return nil, false, p.fail(c, text, "\"would deal\" after the sources")
		}
		mod.Filter = f
	}
	for !c.end() && c.peek() != "." {
		switch {
		case passive && mod.Filter == nil && c.eat("by"):
			f := &Filter{}
			if _, ok := p.nounPhrase(c, f); !ok {
				return nil, false, p.fail(c, text, "dealt by what: a kind of permanent (\"creatures\", \"artifacts you control\")")
			}
			mod.Filter = f
		case mod.To == nil && c.eat("to"):
			to, ok := p.damageTo(c)
			if !ok {
				return nil, false, p.fail(c, text, "dealt to what: you, players, your opponents, a kind of permanent (\"creatures you control\")")
			}
			mod.To = to
		case !thisTurn && c.eat("this", "turn"):
			thisTurn = true
		default:
			return nil, false, p.fail(c, text, "the rest of the damage prevented: by SOURCES, to RECIPIENTS, this turn")
		}
	}
	return mod, thisTurn, nil
}

// damageTo reads the recipients of damage an effect prevents, a list of
// players and kinds of permanent: "you", "you and creatures you control",
// "creatures", "players", "your opponents". A single object ("target
// creature", "~") is not a kind: ok=false there.
func (p *textParser) damageTo(c *tcur) (*DamageTo, bool) {
	to := &DamageTo{}
	for {
		switch {
		case !to.Players && c.eat("you"):
			to.Players, to.Who = true, Yours
		case !to.Players && (c.eat("your", "opponents") || c.eat("each", "opponent") || c.eat("opponents")):
			to.Players, to.Who = true, Opponents
		case !to.Players && (c.eat("players") || c.eat("each", "player")):
			to.Players, to.Who = true, AnyOnes
		case to.Perms == nil:
			f := &Filter{}
			if plural, ok := p.nounPhrase(c, f); !ok || !plural {
				return nil, false
			}
			to.Perms = f
		default:
			return nil, false
		}
		if !c.eat(",", "and") && !c.eat("and") && !c.eat(",") {
			return to, true
		}
	}
}
