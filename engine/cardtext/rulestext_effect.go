package cardtext

import (
	"slices"
	"strings"
)

// effect reads one or more sentences of instructions (609.1) up to the end
// of the text.
func (p *textParser) effect(c *tcur, text string) ([]*Instr, error) {
	var out []*Instr
	for !c.end() {
		// One sentence: up to a top-level period, or a quoted ability
		// ending in one (`… with "… graveyard." It's still a land.`).
		end, next := sentenceEnd(c)
		sc := c.upTo(end)
		ins, err := p.sentence(sc, text, out)
		if err != nil {
			return nil, err
		}
		out = ins
		c.i = next
	}
	if len(out) == 0 {
		return nil, p.fail(c, text, "an effect")
	}
	if abs := uncosted(out[len(out)-1]); abs != nil {
		return nil, p.fail(c, text, "what the "+abs[0].Keyword+" cost is: \"The "+abs[0].Keyword+" cost is equal to its mana cost.\"")
	}
	return out, nil
}

// uncosted is the keywords an instruction grants without the cost their
// meaning needs ("gains flashback"), for the next sentence to set.
func uncosted(in *Instr) []*Ability {
	if in == nil || in.Op != OpContinuous || in.Cont == nil {
		return nil
	}
	var out []*Ability
	for _, a := range in.Cont.Gain {
		if a.Keyword != "" && keywordCost[a.Keyword] && a.KCost == nil {
			out = append(out, a)
		}
	}
	return out
}

// sentenceEnd finds where the sentence at the cursor ends (exclusive) and
// where the next one starts.
func sentenceEnd(c *tcur) (end, next int) {
	depth := 0
	for i := c.i; i < len(c.toks); i++ {
		t := c.toks[i].w
		switch {
		case t == `"` || t == "'":
			depth ^= 1
			if depth == 0 && i > 0 && c.toks[i-1].w == "." && i+1 < len(c.toks) {
				return i + 1, i + 1
			}
		case depth == 0 && t == ".":
			return i, i + 1
		}
	}
	return len(c.toks), len(c.toks)
}

// sentence reads one sentence and returns the instructions so far with it
// added. Some sentences change the one before ("It can't be regenerated.",
// "If you do, …", "It's still a land.").
func (p *textParser) sentence(c *tcur, text string, prev []*Instr) ([]*Instr, error) {
	last := func() *Instr {
		if len(prev) == 0 {
			return nil
		}
		return prev[len(prev)-1]
	}
	// "Then that player shuffles.": a sentence that follows the one before
	// in order, as every instruction does (608.2c).
	c.eat("then")
	if in, ok, err := p.eachMay(c, text); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return append(prev, in), nil
	}
	if p.chooseTargets(c) {
		return prev, nil
	}
	if in, ok, err := p.forEachTarget(c, text); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return append(prev, in), nil
	}
	switch {
	case c.eat("the", "copy", "targets"):
		// 707.10e: "The copy targets that token."
		r, ok := p.objects(c)
		if l := last(); ok && l != nil && l.Op == OpCopySpell && c.end() {
			l.CopyTargets = &r
			return prev, nil
		}
		return nil, p.fail(c, text, "\"The copy targets OBJECT.\" follows a copy instruction")
	case c.eat("you", "may", "choose", "new", "targets", "for", "the", "copy"):
		if l := last(); l != nil && l.Op == OpCopySpell && c.end() {
			l.NewTargets = true
			return prev, nil
		}
		return nil, p.fail(c, text, "\"You may choose new targets for the copy.\" follows a copy instruction")
	case c.peek() == "if" && c.peekAt(1) != "you" || c.peek() == "then" && c.peekAt(1) == "if",
		c.peek() == "if" && c.peekAt(1) == "you" && c.peekAt(2) != "do" && c.peekAt(2) != "don't" && c.peekAt(2) != "can't":
		// "Then if you have nine or more cards in hand, flip ~.": the
		// instructions are followed only if the condition is true then.
		c.eat("then")
		c.eat("if")
		cond, err := p.condToComma(c, text, "the \"if\" condition")
		if err != nil {
			return nil, err
		}
		ins, err := p.clauses(c, text)
		if err != nil {
			return nil, err
		}
		for _, in := range ins {
			if in.If == nil {
				in.If = cond
			}
		}
		return append(prev, ins...), nil
	case c.peek() == "the" && uncosted(last()) != nil:
		// "Target sorcery card in your graveyard gains flashback until end
		// of turn. The flashback cost is equal to its mana cost." (702.1a)
		if err := p.keywordCostSentence(c, text, uncosted(last())); err != nil {
			return nil, err
		}
		if !c.end() {
			return nil, p.fail(c, text, "the end of the sentence")
		}
		return prev, nil
	case c.eat("the", "same", "is", "true", "for"):
		// 702.1c: "The same is true for fear, first strike, …, landwalk,
		// protection, trample, and vigilance."
		l := last()
		if l == nil || l.Op != OpContinuous || l.Cont == nil || len(l.Cont.Gain) != 1 || l.If == nil || l.If.Filter == nil {
			return nil, p.fail(c, text, "\"The same is true for …\" follows an instruction granting a keyword if an object has it")
		}
		for !c.end() {
			c.eat(",")
			c.eat("and")
			kw, ok := p.keywordName(c)
			if !ok {
				return nil, p.fail(c, text, "a keyword: fear, first strike, landwalk, protection, …")
			}
			in := *l
			cont := *l.Cont
			cont.Gain = []*Ability{{Kind: AbKeyword, Keyword: kw, Text: strings.ToUpper(kw[:1]) + kw[1:]}}
			in.Cont = &cont
			cond := *l.If
			f := *cond.Filter
			f.With = []string{kw}
			cond.Filter = &f
			in.If = &cond
			in.Variants = true
			in.Text = strings.Replace(l.Text, l.Cont.Gain[0].Keyword, kw, -1)
			prev = append(prev, &in)
		}
		return prev, nil
	case c.eat("spend", "this", "mana", "only", "to", "cast"):
		// 106.6: "Spend this mana only to cast creature spells."
		f := &Filter{}
		if l := last(); l != nil && l.Op == OpAddMana && l.Mana != nil {
			if _, ok := p.nounPhrase(c, f); ok && f.Spell && c.end() {
				l.Mana.Only = f
				return prev, nil
			}
		}
		return nil, p.fail(c, text, "\"Spend this mana only to cast SPELLS.\" follows an instruction to add mana")
	case c.eat("it", "can't", "be", "regenerated"), c.eat("they", "can't", "be", "regenerated"):
		if l := last(); l != nil && l.Op == OpDestroy && c.end() {
			l.NoRegen = true
			return prev, nil
		}
		return nil, p.fail(c, text, "\"can't be regenerated\" follows a destroy instruction")
	case c.eat("it", "'s", "still", "a"), c.eat("it", "is", "still", "a"):
		t := c.next()
		if l := last(); l != nil && l.Cont != nil && c.end() {
			l.Cont.AddTypes = append(l.Cont.AddTypes, t)
			return prev, nil
		}
		return nil, p.fail(c, text, "\"It's still a land.\" follows a becomes instruction")
	case c.eat("when", "you", "do", ","):
		// A reflexive triggered ability (603.12): "You may sacrifice
		// another creature. When you do, ~ deals damage equal to that
		// creature's power to any target." Its targets are chosen as it
		// goes on the stack; "that creature" is what was chosen.
		start := c.i - 4
		l := last()
		if l == nil || !l.May {
			return nil, p.fail(c, text, "\"When you do\" follows a \"you may\"")
		}
		targets, words, it := p.targets, p.words, p.it
		p.targets, p.words, p.it = nil, 0, ORef{Kind: RefTriggered}
		ins, err := p.clauses(c, text)
		ab := &Ability{Kind: AbTriggered, Text: c.textBetween(start, c.i), Effect: ins, Targets: p.targets}
		p.targets, p.words, p.it = targets, words, it
		if err != nil {
			return nil, err
		}
		l.Then = append(l.Then, &Instr{Op: OpReflexive, Delay: ab, Text: ab.Text})
		return prev, nil
	case c.peek() == "when" || c.peek() == "whenever" || c.peek() == "at" && (c.peekAt(1) == "the" && c.peekAt(4) == "the" && c.peekAt(5) == "next" || c.peekAt(1) == "end"):
		// A delayed triggered ability in an effect (603.7a): "When this
		// creature leaves the battlefield, return …".
		start := c.i
		c.next()
		comma := topLevel(c, ",")
		if comma < 0 {
			return nil, p.fail(c, text, "a comma after the trigger condition")
		}
		tr, err := p.trigger(c.upTo(comma), text)
		if err != nil {
			return nil, err
		}
		c.i = comma + 1
		ins, err := p.clauses(c, text)
		if err != nil {
			return nil, err
		}
		return append(prev, &Instr{Op: OpDelayed, Text: c.textBetween(start, c.i),
			Delay: &Ability{Kind: AbTriggered, Text: c.textBetween(start, c.i), Trigger: tr, Effect: ins}}), nil
	case c.eat("if", "you", "do", ","), c.eat("if", "you", "don't", ","), c.eat("if", "you", "can't", ","):
		neg := c.toks[c.i-2].w != "do"
		l := last()
		if l == nil {
			return nil, p.fail(c, text, "\"If you do\" follows a choice")
		}
		ins, err := p.clauses(c, text)
		if err != nil {
			return nil, err
		}
		if neg {
			l.Else = append(l.Else, ins...)
		} else {
			l.Then = append(l.Then, ins...)
		}
		return prev, nil
	case c.eat("it", "has"), c.eat("they", "have"), c.eat("it", "gains"):
		// After "create …": the token has an ability.
		if l := last(); l != nil && l.Op == OpCreateToken && l.Token != nil {
			abs, err := p.withAbilities(c, text)
			if err != nil {
				return nil, err
			}
			if !c.end() {
				// "It gains haste until end of turn." after creating.
				return nil, p.fail(c, text, "the end of the sentence")
			}
			l.Token.Gains = append(l.Token.Gains, abs...)
			return prev, nil
		}
		c.i -= 2
	}
	ins, err := p.clauses(c, text)
	if err != nil {
		return nil, err
	}
	return append(prev, ins...), nil
}

// clauses reads clauses joined by "and" or ", then".
func (p *textParser) clauses(c *tcur, text string) ([]*Instr, error) {
	var out []*Instr
	for {
		var in *Instr
		if n := len(out); n > 0 && out[n-1].Op == OpGainLife {
			// "You gain X life if … and X life if …": the verb is shared.
			save := c.i
			if amt, ok := p.amount(c); ok && c.eat("life") {
				in = &Instr{Op: OpGainLife, Who: out[n-1].Who, N: amt}
				if !p.spentIf(c, in) {
					c.i = save
					in = nil
				} else {
					in.Text = c.textBetween(save, c.i)
				}
			} else {
				c.i = save
			}
		}
		if in == nil {
			var err error
			in, err = p.clause(c, text)
			if err != nil {
				return nil, err
			}
		}
		out = append(out, in)
		if c.end() {
			return out, nil
		}
		save := c.i
		if c.eat(",", "then") || c.eat("and", "then") || c.eat("then") || c.eat(",", "and") || c.eat("and") || c.eat(",") {
			if !c.end() {
				continue
			}
		}
		c.i = save
		return nil, p.fail(c, text, "the end of the sentence, or \"and\" and another instruction")
	}
}

// clause reads one instruction.
func (p *textParser) clause(c *tcur, text string) (*Instr, error) {
	start := c.i
	in, err := p.clause1(c, text)
	if err != nil {
		return nil, err
	}
	if in == nil {
		// A form that read its first words and then gave way to none
		// ("You get" and nothing after).
		return nil, p.fail(c, text, "an instruction")
	}
	// A trailing delayed trigger: "Destroy that creature at the beginning of
	// the next end step." (603.7), "… at end of turn." (2007 wording).
	save := c.i
	switch {
	case c.eat("at", "the", "beginning", "of", "the", "next", "end", "step") || c.eat("at", "end", "of", "turn"):
		in = &Instr{Op: OpDelayed, Delay: &Ability{Kind: AbTriggered, Text: c.textBetween(start, c.i),
			Trigger: &Trigger{Event: TrigStep, Step: StepEnd, Whose: AnyOnes, Next: true}, Effect: []*Instr{in}}}
	case c.eat("at", "the", "beginning", "of", "the", "next", "turn", "'s", "upkeep"):
		// "Draw a card at the beginning of the next turn's upkeep."
		// (603.7: a delayed trigger of the turn after this one)
		in = &Instr{Op: OpDelayed, Delay: &Ability{Kind: AbTriggered, Text: c.textBetween(start, c.i),
			Trigger: &Trigger{Event: TrigStep, Step: StepUpkeep, Whose: AnyOnes, Next: true, NextTurn: true}, Effect: []*Instr{in}}}
	case c.eat("at", "end", "of", "combat"):
		in = &Instr{Op: OpDelayed, Delay: &Ability{Kind: AbTriggered, Text: c.textBetween(start, c.i),
			Trigger: &Trigger{Event: TrigStep, Step: StepEndCombat, Whose: AnyOnes, Next: true}, Effect: []*Instr{in}}}
	case c.peek() == "if" && in.If == nil && in.Op == OpContinuous:
		// "… gain flying until end of turn if a creature you control has
		// flying": the instruction is followed only if it's true.
		c.next()
		cond, err := p.cond(&tcur{toks: c.toks, src: c.src, i: c.i}, text)
		if err != nil {
			return nil, err
		}
		in.If = cond
		c.i = len(c.toks)
		in.Text = c.textBetween(start, c.i)
	case c.eat("unless", "you", "pay"), in.What.Kind != 0 && c.eat("unless", "its", "controller", "pays"):
		// "Sacrifice it unless you pay {X}": you may pay; if you don't,
		// the instruction is followed (echo, 702.30a). "Counter target
		// spell unless its controller pays {3}": that spell's controller
		// may (118.12a).
		who, payer, not := PRef{Kind: PYou}, "you", "you don't"
		if c.toks[c.i-1].w == "pays" {
			who, payer, not = PRef{Kind: PControllerOf}, "its controller", "they don't"
		}
		m, ok := c.manaCost()
		if !ok {
			return nil, p.fail(c, text, "unless "+payer+" pay(s) a mana cost")
		}
		inner := in
		inner.Text = c.textBetween(start, save)
		in = &Instr{Op: OpPayMana, Who: who, May: true, Cost: true, Pays: m, N: Amount{N: 1},
			Else: []*Instr{inner}, Text: payer + " may pay " + m.String() + " (if " + not + ": " + inner.Text + ")"}
		if who.Kind == PControllerOf {
			in.What = inner.What
		}
	case in.Op == OpExile && c.eat("until"):
		// 610.3c: "exile … until ~ leaves the battlefield": the card
		// returns as soon as it leaves.
		if p.self(c) && c.eat("leaves", "the", "battlefield") {
			in.Dur = Duration{Kind: DurWhileOn, Ref: ORef{Kind: RefSelf}}
		} else {
			c.i = save
		}
	default:
		c.i = save
	}
	// "Target player gains X life, where X is …"
	if in.N.X && (c.eat(",", "where", "x", "is") || c.eat("where", "x", "is")) {
		a, ok := p.amountExpr(c)
		if !ok {
			return nil, p.fail(c, text, "where X is …: the number of …, the greatest power among …")
		}
		in.N = a
	}
	if in.Text == "" {
		in.Text = c.textBetween(start, c.i)
	}
	return in, nil
}

func (p *textParser) clause1(c *tcur, text string) (*Instr, error) {
	save := c.i
	if c.eat("you", "may", "play") {
		// "You may play an additional land this turn." (305.2): a
		// permission, not a choice made now.
		if n, ok := additionalLands(c); ok && c.eat("this", "turn") {
			who := PRef{Kind: PYou}
			return &Instr{Op: OpContinuous, Cont: &ContSpec{Rules: &RuleMod{Kind: RuleExtraLand, N: n}, Player: &who}, Dur: Duration{Kind: DurEndOfTurn}}, nil
		}
		c.i = save
	}
	if c.eat("you", "may") {
		// "You may play lands and cast spells from other players'
		// graveyards this turn as though those cards were in your
		// graveyard." (609.4a)
		if mod, turn, ok := p.permission(c); ok {
			who := PRef{Kind: PYou}
			dur := Duration{Kind: DurForever}
			if turn {
				dur.Kind = DurEndOfTurn
			}
			return &Instr{Op: OpContinuous, Cont: &ContSpec{Rules: mod, Player: &who}, Dur: dur}, nil
		}
		// "you may have this creature become a copy of …"
		after := c.i
		c.eat("have")
		in, err := p.clause1(c, text)
		if err != nil {
			// "you may gain 1 life": "you" is the subject.
			c.i = after
			var ok bool
			in, ok, err = p.playerVerb(c, text, PRef{Kind: PYou})
			if !ok || err != nil {
				if err == nil {
					err = p.fail(c, text, "what you may do")
				}
				return nil, err
			}
		}
		in.May = true
		return in, nil
	}
	// "Until end of turn, target land becomes a 3/3 creature …"
	if c.eat("until", "end", "of", "turn", ",") {
		in, err := p.clause1(c, text)
		if err != nil {
			return nil, err
		}
		if in.Op != OpContinuous {
			return nil, p.fail(c, text, "a continuous effect after \"until end of turn,\"")
		}
		in.Dur = Duration{Kind: DurEndOfTurn}
		return in, nil
	}
	if in, ok, err := p.imperative(c, text); ok || err != nil {
		return in, err
	}
	c.i = save
	if in, ok, err := p.playerClause(c, text); ok || err != nil {
		return in, err
	}
	c.i = save
	if in, ok, err := p.objectClause(c, text); ok || err != nil {
		return in, err
	}
	c.i = save
	return nil, p.fail(c, text, "an instruction: deal damage, destroy, exile, return, sacrifice, draw, discard, gain/lose life, put/remove counters, create, add mana, tap/untap, counter, gets +N/+N, becomes, gains, gain control, regenerate, prevent, win the game")
}

// more reads further objects acted on the same way: "and target land".
func (p *textParser) more(c *tcur) []ORef {
	var out []ORef
	for {
		save := c.i
		if !c.eat("and") {
			return out
		}
		r, ok := p.objects(c)
		if !ok {
			c.i = save
			return out
		}
		out = append(out, r)
	}
}

// imperative reads instructions with no subject: "Destroy target creature."
func (p *textParser) imperative(c *tcur, text string) (*Instr, bool, error) {
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	switch {
	case c.eat("destroy"):
		r, ok := p.objects(c)
		if !ok {
			return fail("what to destroy")
		}
		p.it = r
		return &Instr{Op: OpDestroy, What: r, Also: p.more(c)}, true, nil
	case c.eat("exile"):
		r, ok := p.objects(c)
		if !ok {
			return fail("what to exile")
		}
		p.it = r
		if r.Kind == RefTopCard {
			p.it = ORef{Kind: RefMovedIt} // "that card": the card exiled, not the new top card
		}
		if c.eat("haunting") {
			// Haunt (702.55a): "exile it haunting target creature".
			h, ok := p.objects(c)
			if !ok {
				return fail("haunting what")
			}
			return &Instr{Op: OpExile, What: r, Haunt: &h}, true, nil
		}
		return &Instr{Op: OpExile, What: r, Also: p.more(c)}, true, nil
	case c.eat("return"):
		if p.self(c) {
			if c.eat("from", "your", "graveyard", "to", "the", "battlefield") {
				in := &Instr{Op: OpReturn, What: ORef{Kind: RefSelf}}
				in.Tapped = c.eat("tapped")
				return in, true, nil
			}
			if c.eat("to", "its", "owner", "'s", "hand") {
				return &Instr{Op: OpBounce, What: ORef{Kind: RefSelf}}, true, nil
			}
			return fail("return ~ to its owner's hand / from your graveyard to the battlefield")
		}
		r, ok := p.objects(c)
		if !ok {
			return fail("what to return")
		}
		switch {
		case c.eat("to", "its", "owner", "'s", "hand"), c.eat("to", "their", "owners", "'", "hands"), c.eat("to", "your", "hand"):
			// A card goes to its owner's hand (400.3).
			return &Instr{Op: OpBounce, What: r}, true, nil
		case c.eat("to", "its", "owner", "'s", "graveyard"), c.eat("to", "their", "owners", "'", "graveyards"):
			return &Instr{Op: OpToGraveyard, What: r}, true, nil
		case c.eat("to", "the", "battlefield"):
			in := &Instr{Op: OpReturn, What: r}
			if !c.eat("under", "its", "owner", "'s", "control") {
				in.UnderYou = c.eat("under", "your", "control")
			}
			// "… with a +1/+1 counter on it"
			save := c.i
			if c.eat("with") {
				n, ok := p.amount(c)
				kind := c.next()
				if ok && (c.eat("counter") || c.eat("counters")) && c.eat("on") && (c.eat("it") || c.eat("them") || c.eat("each", "of", "them")) {
					in.Kind, in.N = kind, n
				} else {
					c.i = save
				}
			}
			return in, true, nil
		}
		return fail("to its owner's hand, or to the battlefield")
	case c.eat("sacrifice"):
		return p.sacrifice(c, text, PRef{Kind: PYou})
	case p.event != nil && p.event.Kind == EvtDraw && c.eat("skip", "that", "draw"):
		// "you may skip that draw instead": the replaced event, and
		// nothing in its place.
		return &Instr{Op: OpSkip}, true, nil
	case c.eat("draw"):
		return p.draw(c, text, PRef{Kind: PYou})
	case c.eat("scry"):
		return p.scry(c, text, PRef{Kind: PYou})
	case c.eat("take", "an", "extra", "turn", "after", "this", "one"):
		return &Instr{Op: OpExtraTurn, Who: PRef{Kind: PYou}}, true, nil
	case c.eat("discard"):
		return p.discard(c, text, PRef{Kind: PYou})
	case c.eat("put", "a", "name", "sticker", "on"):
		// 123.3: "put a name sticker on target creature you own"
		r, ok := p.objects(c)
		if !ok {
			return fail("what to put a name sticker on")
		}
		return &Instr{Op: OpNameSticker, What: r}, true, nil
	case c.peek() == "put" && p.millWords(c, "your"):
		return &Instr{Op: OpMill, Who: PRef{Kind: PYou}, N: p.milled}, true, nil
	case c.peek() == "put" && p.putInHand(c):
		// "… put it into your hand" (a card searched for): to its owner's
		// hand, where a card goes whoever's hand it is put into (400.3).
		return &Instr{Op: OpBounce, What: p.it}, true, nil
	case c.eat("reveal", "the", "top"):
		// "Reveal the top five cards of your library." They are "those
		// cards" after it.
		if c.eat("card", "of", "your", "library") {
			// "Reveal the top card of your library.": it stays there.
			p.it = ORef{Kind: RefTopCard}
			return &Instr{Op: OpRevealObj, What: p.it}, true, nil
		}
		n, ok := c.num()
		if !ok || !c.eat("cards", "of", "your", "library") {
			return fail("reveal the top N cards of your library")
		}
		p.it = ORef{Kind: RefChosenObj}
		return &Instr{Op: OpRevealTop, N: Amount{N: n}}, true, nil
	case c.eat("put", "one", "pile"):
		// "Put one pile into your hand and the other into your graveyard."
		z1, ok1 := pileZone(c)
		ok2 := c.eat("and", "the", "other")
		z2, ok3 := pileZone(c)
		if !ok1 || !ok2 || !ok3 {
			return fail("put one pile into your hand and the other into your graveyard")
		}
		return &Instr{Op: OpPutPiles, Zone: z1, Zone2: z2}, true, nil
	case c.peek() == "reveal" && c.peekAt(1) != "the":
		// "… reveal it": shown to every player; it stays where it is.
		c.next()
		r, ok := p.objects(c)
		if !ok {
			return fail("what to reveal")
		}
		return &Instr{Op: OpRevealObj, What: r}, true, nil
	case c.eat("put"):
		// "Put that card onto the battlefield [tapped] under your control."
		save := c.i
		if r, ok := p.objects(c); ok && c.eat("onto", "the", "battlefield") {
			in := &Instr{Op: OpReturn, What: r, Put: true}
			// "… face up": as every card is put onto the battlefield but
			// for an effect that says face down (708.4).
			c.eat("face", "up")
			in.Tapped = c.eat("tapped")
			if in.UnderOwner = c.eat("under", "its", "owner", "'s", "control"); !in.UnderOwner {
				in.UnderYou = c.eat("under", "your", "control")
			}
			p.it = r // "That permanent is …" (611.2e)
			return in, true, nil
		}
		c.i = save
		// "Put a number of +1/+1 counters equal to … on target creature",
		// "… on this permanent equal to …".
		number := c.eat("a", "number", "of")
		n, ok := Amount{}, number
		if !number {
			n, ok = p.amount(c)
		}
		if !ok {
			return fail("how many counters")
		}
		kind := c.next()
		if !c.eat("counter") && !c.eat("counters") {
			return fail("put N KIND counters on …")
		}
		equal := func() bool {
			if !number || !c.eat("equal", "to") {
				return false
			}
			n, ok = p.amountExpr(c)
			number = false
			return ok
		}
		if number && !equal() && c.peek() != "on" {
			return fail("a number of counters equal to what")
		}
		if !c.eat("on") {
			return fail("on what")
		}
		r, ok := p.objects(c)
		if !ok {
			return fail("on what")
		}
		if number && !equal() {
			return fail("a number of counters equal to what")
		}
		if !number && c.eat("for", "each") {
			if a, want, ok := p.spentToCast(c, true); ok {
				// "… for each color of mana spent to cast it"
				a.Per = n.N
				return &Instr{Op: OpPutCounters, What: r, Kind: kind, N: a}, true, nil
			} else if want != "" {
				return fail(want)
			}
			// "… for each +1/+1 counter on this permanent" (modular).
			k2 := c.next()
			if !(c.eat("counter") || c.eat("counters")) || !c.eat("on") {
				return fail("for each KIND counter on …")
			}
			on, ok := p.objects(c)
			if !ok {
				return fail("counters on what")
			}
			n = Amount{CountersOf: &on, Kind: k2, Per: n.N}
		}
		return &Instr{Op: OpPutCounters, What: r, Kind: kind, N: n}, true, nil
	case c.eat("remove"):
		n, ok := p.amount(c)
		if !ok {
			return fail("how many counters")
		}
		kind := c.next()
		if !c.eat("counter") && !c.eat("counters") || !c.eat("from") {
			return fail("remove N KIND counters from …")
		}
		r, ok := p.objects(c)
		if !ok {
			return fail("from what")
		}
		return &Instr{Op: OpRemCounters, What: r, Kind: kind, N: n}, true, nil
	case c.eat("create"):
		return p.create(c, text, PRef{Kind: PYou})
	case c.eat("add"):
		m, want, ok := p.manaSpec(c)
		if !ok {
			if want != "" {
				return fail(want)
			}
			return fail("mana to add: {G}, {G} for each creature you control, one mana of the chosen color")
		}
		return &Instr{Op: OpAddMana, Who: PRef{Kind: PYou}, Mana: m}, true, nil
	case c.eat("tap"):
		r, ok := p.objects(c)
		if !ok {
			return fail("what to tap")
		}
		p.it = r
		return &Instr{Op: OpTap, What: r, Also: p.more(c)}, true, nil
	case c.eat("untap"):
		r, ok := p.objects(c)
		if !ok {
			return fail("what to untap")
		}
		return &Instr{Op: OpUntap, What: r}, true, nil
	case c.eat("counter"):
		r, ok := p.objects(c)
		if !ok {
			return fail("what to counter")
		}
		return &Instr{Op: OpCounter, What: r}, true, nil
	case c.eat("copy"):
		// "Copy target instant or sorcery spell[, except that the copy is
		// red]." (707.10)
		r, ok := p.objects(c)
		if !ok {
			return fail("what to copy: target instant or sorcery spell")
		}
		in := &Instr{Op: OpCopySpell, What: r}
		if c.eat(",", "except", "that", "the", "copy", "is") {
			col, ok := ParseColor(c.next())
			if !ok {
				return fail("the copy's color")
			}
			in.Color = col
		}
		return in, true, nil
	case c.eat("double", "the", "amount", "of"):
		// "Double the amount of each type of unspent mana you have."
		c.eat("each", "type", "of")
		c.eat("unspent")
		if !c.eat("mana") || !(c.eat("you", "have") || c.eat("in", "your", "mana", "pool")) {
			return fail("double the amount of each type of unspent mana you have")
		}
		return &Instr{Op: OpDoubleMana, Who: PRef{Kind: PYou}}, true, nil
	case c.eat("regenerate"):
		r, ok := p.objects(c)
		if !ok {
			return fail("what to regenerate")
		}
		return &Instr{Op: OpRegenerate, What: r}, true, nil
	case c.eat("prevent", "the", "next"):
		n, ok := p.amount(c)
		if !ok || !c.eat("damage", "that", "would", "be", "dealt", "to") {
			return fail("prevent the next N damage that would be dealt to …")
		}
		to, ok := p.recipient(c)
		if !ok {
			return fail("to what")
		}
		in := &Instr{Op: OpPrevent, To: to, N: n}
		if to.Player == nil {
			p.it = to.Obj // "… and each other creature that shares a color with it"
			for c.eat("and") {
				r, ok := p.objects(c)
				if !ok {
					return fail("and what")
				}
				in.Also = append(in.Also, r)
			}
		}
		c.eat("this", "turn")
		return in, true, nil
	case c.eat("the", "next"):
		// A redirection (614.9): "The next X damage that would be dealt to
		// target creature, planeswalker, or player this turn is dealt to
		// another target creature, planeswalker, or player instead."
		n, ok := p.amount(c)
		if !ok || !c.eat("damage", "that", "would", "be", "dealt", "to") {
			return fail("the next N damage that would be dealt to … this turn is dealt to … instead")
		}
		to, ok := p.recipient(c)
		if !ok || !c.eat("this", "turn", "is", "dealt", "to") {
			return fail("… this turn is dealt to … instead")
		}
		to2, ok := p.recipient(c)
		if !ok || !c.eat("instead") {
			return fail("is dealt to … instead")
		}
		return &Instr{Op: OpRedirect, To: to, To2: &to2, N: n}, true, nil
	case c.eat("prevent", "all"):
		// Fog: "Prevent all combat damage that would be dealt this turn."
		// An instruction's prevention lasts for the turn (615.1a); one
		// for as long as a permanent is around is a static ability.
		mod, thisTurn, err := p.preventAll(c, text)
		if err != nil {
			return nil, true, err
		}
		if !thisTurn {
			return fail("how long: \"this turn\"")
		}
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Rules: mod}, Dur: Duration{Kind: DurEndOfTurn}}, true, nil
	case c.eat("switch"):
		r, ok := p.objects(c)
		if !ok || !c.eat("'s", "power", "and", "toughness") {
			return fail("switch target creature's power and toughness")
		}
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, Switch: true}, Dur: p.duration(c)}, true, nil
	case c.eat("change", "the", "text", "of"):
		// 612: "Change the text of OBJECT by replacing all instances of
		// one WORD with another [DURATION]", WORD a kind of word the
		// player picks one of as it resolves (612.2).
		r, ok := p.objects(c)
		if !ok {
			return fail("the text of what: target permanent, target spell or permanent")
		}
		if !c.eat("by", "replacing") {
			return fail(`"by replacing all instances of one WORD with another"`)
		}
		if !c.eat("all", "instances", "of") {
			return fail(`"all instances of"`)
		}
		// "one color word with another or one basic land type with
		// another": the player picks a word of either kind.
		var kinds []string
		for len(kinds) == 0 || c.eat("or") {
			if !c.eat("one") {
				return fail(`"one WORD with another"`)
			}
			words, ok := c.eatAny(TextWordKinds...)
			if !ok || slices.Contains(kinds, words) {
				return fail("the kind of word: " + strings.Join(TextWordKinds, ", "))
			}
			if !c.eat("with", "another") {
				return fail(`"with another"`)
			}
			kinds = append(kinds, words)
		}
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, TextWords: kinds}, Dur: p.duration(c)}, true, nil
	case c.eat("attach"):
		// Equip (702.6a): "Attach this permanent to target creature you
		// control."
		r, ok := p.objects(c)
		if !ok || !c.eat("to") {
			return fail("attach ~ to …")
		}
		to, ok := p.objects(c)
		if !ok {
			return fail("attach ~ to what")
		}
		return &Instr{Op: OpAttach, What: r, To: Recip{Obj: to}}, true, nil
	case c.peek() == "exchange" && c.peekAt(1) != "control":
		// Aura swap (702.65a): "exchange this permanent with an Aura card
		// in your hand".
		c.next()
		r, ok := p.objects(c)
		if !ok || !c.eat("with") || !(c.eat("a") || c.eat("an")) {
			return fail("exchange ~ with a card in a zone")
		}
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok || !f.Card {
			return fail("exchange ~ with a card in a zone")
		}
		return &Instr{Op: OpSwap, What: r, With: f}, true, nil
	case c.eat("exchange", "control", "of"):
		// 701.12a: "Exchange control of two target creatures."
		r, ok := p.objects(c)
		if !ok {
			return fail("control of what")
		}
		return &Instr{Op: OpExchange, What: r, Also: p.more(c)}, true, nil
	case c.eat("gain", "control", "of"):
		r, ok := p.objects(c)
		if !ok {
			return fail("control of what")
		}
		p.it = r
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, Control: true}, Dur: p.duration(c)}, true, nil
	case c.eat("shuffle", "your", "library"):
		return &Instr{Op: OpShuffle, Who: PRef{Kind: PYou}}, true, nil
	case c.eat("your", "life", "total", "becomes"):
		n, ok := p.amount(c)
		if !ok {
			c.eat("equal", "to")
			n, ok = p.amountExpr(c)
		}
		if !ok {
			return fail("your life total becomes N")
		}
		return &Instr{Op: OpSetLife, Who: PRef{Kind: PYou}, N: n}, true, nil
	case c.eat("double"):
		// 701.10d: doubling a life total: it becomes twice what it was.
		who, ok := p.player(c)
		if !ok || !c.eat("'s", "life", "total") {
			if c.eat("your", "life", "total") {
				who, ok = PRef{Kind: PYou}, true
			}
		}
		if !ok {
			return fail("double target player's life total")
		}
		return &Instr{Op: OpSetLife, Who: who, N: Amount{LifeOf: &who, Per: 2}}, true, nil
	case c.eat("choose", "a", "color", "of"):
		// "Choose a color of a permanent you control." (106.5)
		c.eat("a")
		c.eat("an")
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			return fail("a color of what")
		}
		return &Instr{Op: OpChooseColor, Who: PRef{Kind: PYou}, What: ORef{Kind: RefGroup, Group: f}}, true, nil
	case c.eat("choose", "a", "color"):
		return &Instr{Op: OpChooseColor, Who: PRef{Kind: PYou}}, true, nil
	case c.eat("restart", "the", "game"):
		return &Instr{Op: OpRestart}, true, nil
	case c.peek() == "choose" && (c.peekAt(1) == "a" || c.peekAt(1) == "an") && cardName(c):
		// "Choose an artifact card name." (201.4a)
		c.eat("choose")
		c.eat("a")
		c.eat("an")
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok || !f.Card || !c.eat("name") {
			return fail("a card name: an artifact card name")
		}
		f.Zone = 0
		return &Instr{Op: OpChooseName, Who: PRef{Kind: PYou}, What: ORef{Kind: RefGroup, Group: f}}, true, nil
	case c.eat("search"):
		return p.search(c, text, PRef{Kind: PYou})
	case c.eat("shuffle"):
		return p.shuffleInto(c, text, &PRef{Kind: PYou})
	case c.eat("choose", "a"), c.eat("choose", "an"):
		// "Choose a nonlegendary creature on the battlefield." (Cytoshape):
		// "that creature" is the one chosen.
		f := &Filter{}
		if plural, ok := p.nounPhrase(c, f); !ok || plural {
			return fail("what to choose: a creature on the battlefield")
		}
		p.it = ORef{Kind: RefChosenObj}
		if c.eat("from", "outside", "the", "game") {
			// A wish: "Choose a creature or land card you own from
			// outside the game" (400.11b).
			if !f.Card {
				return fail("a card from outside the game")
			}
			f.Zone = 0
			sp := &SearchSpec{Whose: PRef{Kind: PYou}, Zones: []Zone{Outside}, Filter: *f, N: Amount{N: 1}}
			return &Instr{Op: OpChooseCard, Who: PRef{Kind: PYou}, Search: sp}, true, nil
		}
		return &Instr{Op: OpChooseObject, Who: PRef{Kind: PYou}, What: ORef{Kind: RefGroup, Group: f}}, true, nil
	case c.eat("meld"):
		// 701.42a: "meld them into Chittering Host".
		r, ok := p.objects(c)
		if !ok || !c.eat("into") || c.end() {
			return fail("meld them into NAME")
		}
		start := c.i
		c.i = len(c.toks)
		return &Instr{Op: OpMeld, What: r, Kind: c.textBetween(start, c.i)}, true, nil
	case c.eat("turn"):
		// "Turn target face-down creature an opponent controls face up." (708.8)
		r, ok := p.objects(c)
		if !ok || !c.eat("face", "up") {
			return fail("turn … face up")
		}
		return &Instr{Op: OpTurnFaceUp, What: r}, true, nil
	case c.eat("transform"), c.eat("flip"):
		// 701.27: "Transform ~.", "Transform all Humans."; 710.1a: "flip it".
		op, what := OpTransform, "what to transform"
		if c.toks[c.i-1].w == "flip" {
			op, what = OpFlip, "what to flip"
		}
		r, ok := p.objects(c)
		if !ok {
			return fail(what)
		}
		return &Instr{Op: op, What: r}, true, nil
	}
	return nil, false, nil
}

// duration reads an optional duration at the end of a continuous effect.
func (p *textParser) duration(c *tcur) Duration {
	switch {
	case c.eat("until", "end", "of", "turn"):
		return Duration{Kind: DurEndOfTurn}
	case c.eat("for", "as", "long", "as", "you", "control"):
		save := c.i
		if p.self(c) {
			return Duration{Kind: DurWhileControl, Ref: ORef{Kind: RefSelf}}
		}
		c.i = save
	case c.eat("for", "as", "long", "as"):
		save := c.i
		if p.self(c) && c.eat("remains", "tapped") {
			return Duration{Kind: DurWhileTapped, Ref: ORef{Kind: RefSelf}}
		}
		c.i = save - 4
	case c.eat("until"):
		save := c.i
		if p.self(c) && c.eat("leaves", "the", "battlefield") {
			return Duration{Kind: DurWhileOn, Ref: ORef{Kind: RefSelf}}
		}
		c.i = save - 1
	}
	return Duration{Kind: DurForever}
}

// playerClause reads "PLAYER verb …": "you gain 2 life", "target player
// draws two cards", "each player sacrifices a creature".
func (p *textParser) playerClause(c *tcur, text string) (*Instr, bool, error) {
	who, ok := p.player(c)
	if !ok && c.eat("an", "opponent") {
		// "An opponent separates those cards into two piles."
		who, ok = PRef{Kind: PAnOpponent}, true
		if !c.eat("separates") {
			return nil, true, p.fail(c, text, "what an opponent does: separates … into two piles")
		}
		r, ok := p.objects(c)
		if !ok || !c.eat("into", "two", "piles") {
			return nil, true, p.fail(c, text, "separates those cards into two piles")
		}
		return &Instr{Op: OpPiles, Who: who, What: r}, true, nil
	}
	if !ok {
		return nil, false, nil
	}
	in, _, err := p.playerVerb(c, text, who)
	return in, true, err
}

// playerVerb reads what a player does, after the player.
func (p *textParser) playerVerb(c *tcur, text string, who PRef) (*Instr, bool, error) {
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	switch {
	case c.eat("choose", "new", "targets", "for"):
		// Redirect: "You may choose new targets for target spell." (115.7)
		r, ok := p.objects(c)
		if !ok {
			return fail("what to choose new targets for: target spell")
		}
		return &Instr{Op: OpNewTargets, What: r}, true, nil
	case c.eat("gain", "life", "equal", "to"), c.eat("gains", "life", "equal", "to"):
		n, ok := p.amountExpr(c)
		if !ok {
			return fail("life equal to what")
		}
		return &Instr{Op: OpGainLife, Who: who, N: n}, true, nil
	case c.eat("lose", "life", "equal", "to"), c.eat("loses", "life", "equal", "to"):
		n, ok := p.amountExpr(c)
		if !ok {
			return fail("life equal to what")
		}
		return &Instr{Op: OpLoseLife, Who: who, N: n}, true, nil
	case c.eat("gain"), c.eat("gains"):
		n, ok := p.amount(c)
		if !ok || !c.eat("life") {
			return fail("gain N life")
		}
		in := &Instr{Op: OpGainLife, Who: who, N: n}
		p.spentIf(c, in)
		return in, true, nil
	case c.eat("lose"), c.eat("loses"):
		if c.eat("half") {
			// "loses half their life, rounded up" (107.1a: the rounding
			// is stated).
			if _, ok := c.eatAny("their life", "your life", "his or her life"); !ok || !c.eat(",", "rounded", "up") {
				return fail("half their life, rounded up")
			}
			return &Instr{Op: OpLoseLife, Who: who, N: Amount{HalfLife: true}}, true, nil
		}
		n, ok := p.amount(c)
		if !ok || !c.eat("life") {
			return fail("lose N life")
		}
		return &Instr{Op: OpLoseLife, Who: who, N: n}, true, nil
	case c.eat("play", "a", "magic", "subgame"):
		// 728.1: Shahrazad. The subgame's decks are the players' libraries
		// (728.2), the only kind there is.
		if !c.end() && !c.eat(",", "using", "their", "libraries", "as", "their", "decks") {
			return fail("\", using their libraries as their decks\"")
		}
		return &Instr{Op: OpSubgame, Who: who}, true, nil
	case c.eat("draw"), c.eat("draws"):
		return p.draw(c, text, who)
	case c.eat("scry"), c.eat("scries"):
		return p.scry(c, text, who)
	case c.eat("takes", "an", "extra", "turn", "after", "this", "one"):
		return &Instr{Op: OpExtraTurn, Who: who}, true, nil
	case c.eat("discard"), c.eat("discards"):
		return p.discard(c, text, who)
	case c.eat("'s", "life", "total", "becomes"):
		// "Target player's life total becomes 10." (119.5)
		n, ok := p.amount(c)
		if !ok {
			n, ok = p.amountExpr(c)
		}
		if !ok {
			return fail("life total becomes N")
		}
		return &Instr{Op: OpSetLife, Who: who, N: n}, true, nil
	case c.peek() == "puts" && p.millWords(c, "their"):
		return &Instr{Op: OpMill, Who: who, N: p.milled}, true, nil
	case c.eat("mill"), c.eat("mills"):
		n, ok := p.amount(c)
		if !ok || !c.eat("card") && !c.eat("cards") {
			return fail("mill N cards")
		}
		return &Instr{Op: OpMill, Who: who, N: n}, true, nil
	case c.eat("sacrifice"), c.eat("sacrifices"):
		return p.sacrifice(c, text, who)
	case c.eat("can't", "play", "lands", "this", "turn"):
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Rules: &RuleMod{Kind: RuleCantPlayLands}, Player: &who}, Dur: Duration{Kind: DurEndOfTurn}}, true, nil
	case c.eat("get"), c.eat("gets"):
		// "you get that many additional upkeep steps after this phase"
		// (500.10): "that many" is what the trigger's event counted.
		save := c.i
		n, ok := p.amount(c)
		if !ok && (c.eat("an") || c.eat("one")) {
			n, ok = Amount{N: 1}, true
		}
		if n.ThatMany {
			n = Amount{Dealt: true}
		}
		if !ok || !c.eat("additional") {
			c.i = save - 1
			return nil, false, nil
		}
		step, ok := ParseStep(c.next() + " step")
		if !ok || !c.eat("step") && !c.eat("steps") || !c.eat("after", "this", "phase") {
			return fail("N additional upkeep steps after this phase")
		}
		return &Instr{Op: OpAddSteps, Who: who, N: n, Steps: []Step{step}}, true, nil
	case c.eat("win", "the", "game"), c.eat("wins", "the", "game"):
		return &Instr{Op: OpWin, Who: who}, true, nil
	case c.eat("create"), c.eat("creates"):
		return p.create(c, text, who)
	case c.eat("shuffle", "your", "library"), c.eat("shuffles", "their", "library"):
		return &Instr{Op: OpShuffle, Who: who}, true, nil
	case c.eat("shuffle"), c.eat("shuffles"):
		p.itP = &who
		return p.shuffleInto(c, text, &who)
	case c.eat("search"), c.eat("searches"):
		return p.search(c, text, who)
	case c.eat("control"), c.eat("controls"):
		// "You control target player during that player's next turn."
		// (722.1)
		whom, ok := p.player(c)
		if !ok {
			return fail("which player: control target player during that player's next turn")
		}
		if !c.eat("during", "that", "player", "'s", "next", "turn") && !c.eat("during", "their", "next", "turn") {
			return fail("during that player's next turn")
		}
		return &Instr{Op: OpControlPlayer, Who: who, To: Recip{Player: &whom}}, true, nil
	case c.eat("reveal"), c.eat("reveals"):
		return p.reveal(c, text, who)
	case c.eat("choose"), c.eat("chooses"):
		return p.chooseCard(c, text, who)
	case c.eat("add"), c.eat("adds"):
		m, want, ok := p.manaSpec(c)
		if !ok {
			if want != "" {
				return fail(want)
			}
			return fail("mana to add")
		}
		return &Instr{Op: OpAddMana, Who: who, Mana: m}, true, nil
	}
	return fail("what the player does: gains/loses N life, draws, discards, sacrifices, creates, searches, reveals, shuffles, wins the game")
}

// ptBound reads "with power N or greater", "with toughness N or less".
func ptBound(c *tcur) (*PTBound, bool) {
	save := c.i
	c.eat("with")
	b := &PTBound{Toughness: c.eat("toughness")}
	if !b.Toughness {
		// "with mana value 3 or less" (Smother)
		b.ManaValue = c.eat("mana", "value")
	}
	if !b.Toughness && !b.ManaValue && !c.eat("power") {
		c.i = save
		return nil, false
	}
	n, ok := c.num()
	switch {
	case !ok:
	case c.eat("or", "greater"), c.eat("or", "more"):
		b.N = n
		return b, true
	case c.eat("or", "less"):
		b.N, b.AtMost = n, true
		return b, true
	}
	c.i = save
	return nil, false
}

// possessor reads "that land's controller", "its controller", "its owner".
func (p *textParser) possessor(c *tcur) (PRef, bool) {
	save := c.i
	switch {
	case c.eat("its", "controller"):
		return PRef{Kind: PControllerOf}, true
	case c.eat("its", "owner"):
		return PRef{Kind: POwnerOf}, true
	case c.eat("that"):
		c.next()
		if c.eat("'s", "controller") {
			return PRef{Kind: PTriggerCtrl}, true
		}
	}
	c.i = save
	return PRef{}, false
}

// player reads a player reference at the start of a clause.
func (p *textParser) player(c *tcur) (PRef, bool) {
	if pr, ok := p.possessor(c); ok {
		return pr, true
	}
	switch {
	case c.eat("you"):
		return PRef{Kind: PYou}, true
	case c.eat("each", "player", "who", "doesn't", "win", "the", "subgame"):
		return PRef{Kind: PSubgameLosers}, true
	case c.eat("each", "player"), c.eat("players"):
		return PRef{Kind: PEach}, true
	case c.eat("each", "opponent"), c.eat("each", "of", "your", "opponents"):
		return PRef{Kind: PEachOpponent}, true
	case c.eat("each", "of", "that", "player", "'s", "opponents"):
		return PRef{Kind: POpponents}, true
	case c.eat("that", "player"):
		if p.itP != nil {
			return *p.itP, true
		}
		return PRef{Kind: PTriggerPlayer}, true
	case c.eat("the", "chosen", "player"):
		return PRef{Kind: PChosen}, true
	}
	save := c.i
	if c.eat("target", "player") || c.eat("target", "opponent") {
		opp := c.toks[c.i-1].w == "opponent"
		f := Filter{}
		if opp {
			f.Control = Opponents
		}
		p.words++
		p.targets = append(p.targets, TargetSpec{Filter: f, Players: true, Count: 1, Word: p.words, Text: c.textBetween(save, c.i)})
		r := PRef{Kind: PTarget, Index: len(p.targets) - 1}
		p.itP = &r
		return r, true
	}
	return PRef{}, false
}

func (p *textParser) draw(c *tcur, text string, who PRef) (*Instr, bool, error) {
	n, ok := p.amount(c)
	if !ok {
		return nil, true, p.fail(c, text, "draw N cards")
	}
	if !c.eat("card") && !c.eat("cards") {
		return nil, true, p.fail(c, text, "draw N cards")
	}
	if c.eat("for", "each") {
		if a, want, ok := p.spentToCast(c, true); ok {
			a.Per = n.N
			return &Instr{Op: OpDraw, Who: who, N: a}, true, nil
		} else if want != "" {
			return nil, true, p.fail(c, text, want)
		}
		f := &Filter{}
		if !p.counted(c, f) {
			return nil, true, p.fail(c, text, "for each what")
		}
		n = Amount{Count: f}
	}
	return &Instr{Op: OpDraw, Who: who, N: n}, true, nil
}

func (p *textParser) discard(c *tcur, text string, who PRef) (*Instr, bool, error) {
	if c.eat("your", "hand") || c.eat("their", "hand") || c.eat("his", "or", "her", "hand") {
		return &Instr{Op: OpDiscard, Who: who, N: Amount{All: true}}, true, nil
	}
	if p.it.Kind == RefChosenObj && c.eat("that", "card") {
		// "You choose a card from it. That player discards that card."
		// (701.9a: that card, from its owner's hand)
		return &Instr{Op: OpDiscard, Who: who, What: p.it}, true, nil
	}
	n, ok := p.amount(c)
	if !ok || !c.eat("card") && !c.eat("cards") {
		return nil, true, p.fail(c, text, "discard N cards, or discard your hand")
	}
	return &Instr{Op: OpDiscard, Who: who, N: n}, true, nil
}

func (p *textParser) sacrifice(c *tcur, text string, who PRef) (*Instr, bool, error) {
	if p.self(c) {
		return &Instr{Op: OpSacrifice, Who: who, What: ORef{Kind: RefSelf}}, true, nil
	}
	if c.eat("it") {
		return &Instr{Op: OpSacrifice, Who: who, What: p.it}, true, nil
	}
	f := &Filter{}
	n, ok := c.num()
	if !ok && c.eat("another") { // "sacrifice another creature": one
		n, ok, f.Other = 1, true, true
	}
	if !ok {
		return nil, true, p.fail(c, text, "sacrifice a creature, ~")
	}
	if c.eat("another") {
		f.Other = true
	}
	if _, ok := p.nounPhrase(c, f); !ok {
		return nil, true, p.fail(c, text, "what to sacrifice")
	}
	in := &Instr{Op: OpSacrifice, Who: who, What: ORef{Kind: RefGroup, Group: f}, N: Amount{N: n}}
	p.it = ORef{Kind: RefChosenObj}
	return in, true, nil
}

// create reads a token: "a 1/1 green Saproling creature token", "two 2/1 red
// Dwarf Berserker creature tokens", "Boo, a legendary 1/1 red Hamster
// creature token with trample and haste", "a token that's a copy of target
// creature".
func (p *textParser) create(c *tcur, text string, who PRef) (*Instr, bool, error) {
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	save := c.i
	// A named token: "Boo, a legendary …".
	var name string
	if comma := topLevel(c, ","); comma > c.i && comma-c.i <= 4 && comma+1 < len(c.toks) && (c.toks[comma+1].w == "a" || c.toks[comma+1].w == "an") {
		name = c.textBetween(c.i, comma)
		c.i = comma + 1
	}
	n, ok := c.num()
	if !ok {
		c.i = save
		return fail("how many tokens")
	}
	if c.eat("token", "that", "'s", "a", "copy", "of") || c.eat("token", "that", "is", "a", "copy", "of") {
		r, ok := p.objects(c)
		if !ok {
			return fail("a copy of what")
		}
		p.it = ORef{Kind: RefCreated} // "Exile it at the beginning of the next end step."
		return &Instr{Op: OpCreateToken, Who: who, Token: &TokenSpec{N: n, CopyOf: &r}}, true, nil
	}
	card := &Card{HasColor: true}
	// Power and toughness, supertypes, colors, subtypes, card types.
	if pt := c.peek(); strings.Contains(pt, "/") {
		pw, tg, ok := parsePT(pt)
		if !ok {
			return fail("power/toughness like 1/1")
		}
		c.next()
		card.Power, card.Toughness, card.HasPT = pw.N, tg.N, true
	}
	var supers, types []string
	var subs []Subtype
	for !c.end() {
		w := c.peek()
		if strings.Contains(w, "/") && !card.HasPT {
			pw, tg, ok := parsePT(w)
			if !ok {
				return fail("power/toughness like 1/1")
			}
			c.next()
			card.Power, card.Toughness, card.HasPT = pw.N, tg.N, true
			continue
		}
		if col, ok := ParseColor(w); ok && len(w) > 1 {
			card.Color |= col
			c.next()
			c.eat("and")
			continue
		}
		if w == "colorless" {
			c.next()
			continue
		}
		if st, ok := p.lists.Supertype(w); ok {
			supers = append(supers, st)
			c.next()
			continue
		}
		if ct, ok := p.lists.CardType(w); ok {
			types = append(types, ct)
			c.next()
			continue
		}
		if w == "token" || w == "tokens" {
			c.next()
			break
		}
		if kinds := p.lists.KindsOf(w); len(kinds) > 0 {
			name2, _ := p.lists.Subtype(kinds[0], w)
			subs = append(subs, Subtype{Name: name2, Kind: kinds[0]})
			c.next()
			continue
		}
		if name == "" && !card.HasPT && card.Color == 0 && len(supers)+len(types)+len(subs) == 0 {
			// "create a Tarmogoyf token": a token by name (111.11).
			if end := wordAt(c, "token", "tokens"); end > c.i {
				named := c.textBetween(c.i, end)
				c.i = end + 1
				return &Instr{Op: OpCreateToken, Who: who, Token: &TokenSpec{N: n, Named: named}}, true, nil
			}
		}
		return fail("a token description: P/T, colors, creature types, card types, then \"token\"")
	}
	if len(types) == 0 {
		return fail("the token's card types")
	}
	card.Types = TypeLine{Supertypes: supers, CardTypes: types, Subtypes: subs}
	if card.HasPT && !card.Types.Is("creature") {
		return fail("only creature tokens have power and toughness")
	}
	// 111.4: a token's name is its subtypes plus "Token", unless named.
	if name != "" {
		card.Name = strings.TrimSpace(name)
	} else {
		var words []string
		for _, s := range subs {
			words = append(words, s.Name)
		}
		card.Name = strings.Join(append(words, "Token"), " ")
	}
	spec := &TokenSpec{Card: card, N: n}
	if c.eat("with") {
		abs, err := p.withAbilities(c, text)
		if err != nil {
			return nil, true, err
		}
		for _, a := range abs {
			switch {
			case a.Kind == AbKeyword && a.Param == "" && a.KCost == nil && a.N == 0:
				card.Keywords = append(card.Keywords, a.Keyword)
			case RefersOuter(a):
				// Bound to the object that creates the token (201.5a).
				spec.Gains = append(spec.Gains, a)
			default:
				card.Abilities = append(card.Abilities, a)
			}
		}
	}
	p.it = ORef{Kind: RefCreated}
	return &Instr{Op: OpCreateToken, Who: who, Token: spec}, true, nil
}

// withAbilities reads "flying", "trample and haste", or a quoted ability
// granted to an object: "'This creature's power … on ~.'"
func (p *textParser) withAbilities(c *tcur, text string) ([]*Ability, error) {
	var out []*Ability
	for !c.end() {
		if q := c.peek(); q == `"` || q == "'" {
			inner, ok := c.quoted()
			if !ok {
				return nil, p.fail(c, text, "a closing quote")
			}
			sub := &textParser{lists: p.lists, nested: true}
			abs, err := sub.line(inner)
			if err != nil {
				return nil, err
			}
			out = append(out, abs...)
		} else {
			a, ok := p.keyword(c)
			if !ok && c.eat("flashback") {
				// "… gains flashback until end of turn. The flashback cost
				// is equal to its mana cost.": the granting text says what
				// its cost is (keywordCostSentence, 702.1a).
				a, ok = &Ability{Kind: AbKeyword, Keyword: "flashback"}, true
			}
			if !ok {
				break
			}
			a.Text = strings.ToUpper(a.Keyword[:1]) + a.Keyword[1:]
			if a.Param != "" {
				a.Text += " from " + a.Param
			}
			out = append(out, a)
		}
		if !c.eat("and") && !c.eat(",") {
			break
		}
		c.eat("and")
	}
	if len(out) == 0 {
		return nil, p.fail(c, text, "abilities: keywords or a quoted ability")
	}
	return out, nil
}

// quoted consumes a quoted span and returns the text inside.
func (c *tcur) quoted() (string, bool) {
	q := c.peek()
	if q != `"` && q != "'" {
		return "", false
	}
	for j := c.i + 1; j < len(c.toks); j++ {
		if c.toks[j].w == q {
			inner := c.src[c.toks[c.i].end:c.toks[j].start]
			c.i = j + 1
			return strings.TrimSpace(inner), true
		}
	}
	return "", false
}

// manaSpec reads what an "add" instruction adds. When it stops inside a
// part it knows, want says what that part expected there.
func (p *textParser) manaSpec(c *tcur) (spec *ManaSpec, want string, ok bool) {
	p.manaWant = ""
	spec, ok = p.manaSpecOf(c)
	if !ok && p.manaWant != "" {
		want, p.manaWant = p.manaWant, ""
	}
	return spec, want, ok
}

// producedBy reads "that OBJECT produced" after "one mana of any type
// (color)": the mana the permanent of a tap-for-mana trigger produced
// (106.12a), whatever it's called ("that land", "that permanent", "it").
// It reads nothing unless OBJECT and "produced" are there.
func (p *textParser) producedBy(c *tcur, colorOnly bool) (*ManaSpec, bool) {
	save := c.i
	r, ok := p.objects(c)
	if !ok || !c.eat("produced") {
		c.i = save
		return nil, false
	}
	if r.Kind != RefTriggered {
		c.i = save
		p.manaWant = "the permanent the trigger is about: \"that land produced\""
		return nil, false
	}
	return &ManaSpec{Produced: true, ProducedColor: colorOnly}, true
}

func (p *textParser) manaSpecOf(c *tcur) (*ManaSpec, bool) {
	// "add an additional {G}", "an additional one mana of any type that
	// land produced": more mana, the same as without.
	c.eat("an", "additional")
	switch {
	case c.eat("one", "mana", "of", "the", "chosen", "color"):
		return &ManaSpec{Chosen: true}, true
	case c.eat("one", "mana", "of", "any", "color"):
		// A triggered mana ability (605.4a): "… any color that land
		// produced", added as the land's mana is added; colorless mana is
		// no color.
		if ms, ok := p.producedBy(c, true); ok {
			return ms, true
		} else if p.manaWant != "" {
			return nil, false
		}
		if !c.eat("that") {
			return &ManaSpec{ColorOf: &Filter{}}, true
		}
		// "that a land an opponent controls could produce" (106.7): the
		// lands a filter names.
		f, ok := p.couldProduce(c)
		if !ok {
			p.manaWant = `"OBJECT produced" or "that LANDS could produce"`
			return nil, false
		}
		return &ManaSpec{CouldProduce: f}, true
	case c.eat("one", "mana", "of", "any", "type"):
		// "… any type that land produced" (605.4a; "that permanent",
		// "it": whatever names the permanent tapped).
		if ms, ok := p.producedBy(c, false); ok {
			return ms, true
		}
		if p.manaWant == "" {
			p.manaWant = `"OBJECT produced": that land produced, that permanent produced`
		}
		return nil, false
	case c.eat("one", "mana", "of", "that", "color"):
		return &ManaSpec{Chosen: true}, true
	case c.eat("an", "amount", "of"):
		m, ok := c.manaCost()
		if !ok || !c.eat("equal", "to") {
			return nil, false
		}
		a, ok := p.amountExpr(c)
		if !ok {
			return nil, false
		}
		col := m.Colors()
		return &ManaSpec{EqualTo: &a, PerColor: col}, true
	}
	m, ok := c.manaCost()
	if !ok {
		return nil, false
	}
	mana, err := ParseMana(m.String())
	if err != nil {
		return nil, false
	}
	spec := &ManaSpec{Mana: mana}
	if mana.Total() == 1 {
		spec.Or = manaChoices(c)
	}
	if c.eat("for", "each") {
		if c.peekAt(1) == "counter" && c.peekAt(2) == "removed" && c.peekAt(3) == "this" && c.peekAt(4) == "way" {
			c.i += 5
			spec.PerRemove = true
			return spec, true
		}
		f := &Filter{}
		if !p.counted(c, f) {
			return nil, false
		}
		spec.ForEach = f
	}
	return spec, true
}

// manaChoices reads the other mana symbols of a choice after the first:
// "or {W}", ", {G}, or {W}", each one mana. It reads nothing unless the
// list ends in "or" and a symbol.
func manaChoices(c *tcur) []Mana {
	save := c.i
	var out []Mana
	for {
		comma := c.eat(",")
		or := c.eat("or")
		if !comma && !or {
			break
		}
		m, ok := c.manaCost()
		if !ok {
			break
		}
		mana, err := ParseMana(m.String())
		if err != nil || mana.Total() != 1 {
			break
		}
		out = append(out, mana)
		if or {
			return out
		}
	}
	c.i = save
	return nil
}

// couldProduce reads the lands whose mana a mana ability adds one of after
// "one mana of any color that" (106.7): "a land an opponent controls
// could produce", "lands you control could produce". ok=false leaves the
// cursor where reading stopped.
func (p *textParser) couldProduce(c *tcur) (*Filter, bool) {
	plural := !c.eat("a") && !c.eat("an")
	f := &Filter{}
	pl, ok := p.nounPhrase(c, f)
	if !ok || pl != plural || len(f.AllOf) > 0 || !slices.Equal(f.AnyOf, []string{"land"}) {
		// couldProduce follows lands' mana abilities only.
		return nil, false
	}
	if !c.eat("could", "produce") {
		return nil, false
	}
	return f, true
}

// objectClause reads "OBJECT verb …": "~ deals 3 damage to any target",
// "target creature gets +2/+2 until end of turn", "it gains haste".
func (p *textParser) objectClause(c *tcur, text string) (*Instr, bool, error) {
	save := c.i
	r, ok := p.objects(c)
	if !ok {
		return nil, false, nil
	}
	fail := func(want string) (*Instr, bool, error) { return nil, true, p.fail(c, text, want) }
	switch {
	case c.eat("deals"), c.eat("deal"):
		in := &Instr{Op: OpDamage, Src: r}
		if c.eat("damage", "equal", "to") {
			a, ok := p.amountExpr(c)
			if !ok {
				return fail("damage equal to what")
			}
			in.N = a
			if !c.eat("to") {
				return fail("damage to what")
			}
		} else {
			n, ok := p.amount(c)
			if !ok || !c.eat("damage", "to") {
				return fail("deals N damage to …")
			}
			in.N = n
		}
		to, ok := p.recipient(c)
		if !ok {
			return fail("the damage's recipient: any target, target creature, you, each creature")
		}
		in.To = to
		if to.Player == nil {
			p.it = to.Obj // "That creature becomes …": the one dealt damage
		}
		save := c.i
		if c.eat("and") {
			if n2, ok := p.amount(c); ok && c.eat("damage", "to") {
				if to2, ok := p.recipient(c); ok {
					in.N2, in.To2 = n2, &to2
					return in, true, nil
				}
			}
			c.i = save
		}
		return in, true, nil
	case c.eat("gets"), c.eat("get"):
		mod, want, ok := p.ptMod(c)
		if !ok {
			if want != "" {
				return fail(want)
			}
			return fail("gets +N/+N")
		}
		spec := &ContSpec{Affects: r, ModPT: mod}
		if c.eat("and", "becomes") || c.eat("and", "become") {
			// "gets +1/+1 and becomes the color of your choice": one
			// effect, its parts in their layers (613.5).
			if err := p.becomes(c, text, spec); err != nil {
				return nil, true, err
			}
		}
		if c.eat("and", "gain") || c.eat("and", "gains") {
			// "Creatures you control get +3/+3 and gain trample until end
			// of turn": one effect, in layers 6 and 7c (613.6).
			abs, err := p.withAbilities(c, text)
			if err != nil {
				return nil, true, err
			}
			spec.Gain = abs
		}
		p.it = r
		dur := p.duration(c)
		if !p.whereX(c, mod) {
			return fail("where X is …")
		}
		return &Instr{Op: OpContinuous, Cont: spec, Dur: dur}, true, nil
	case c.eat("attacks", "this", "turn", "if", "able"), c.eat("attack", "this", "turn", "if", "able"):
		// "Target creature attacks this turn if able.": a requirement
		// (508.1d) on it for the rest of the turn, as if it had "~
		// attacks each combat if able" until end of turn.
		req := &Ability{Kind: AbStatic, Text: "~ attacks this turn if able.",
			Static: []*ContSpec{{Affects: ORef{Kind: RefSelf}, Rules: &RuleMod{Kind: RuleAttacksIfAble}}}}
		p.it = r
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, Gain: []*Ability{req}}, Dur: Duration{Kind: DurEndOfTurn}}, true, nil
	case c.eat("can", "block"):
		// "Target creature can block any number of creatures this turn."
		a, err := p.blockMore(c, text, false)
		if err != nil {
			return nil, true, err
		}
		p.it = r
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, Gain: []*Ability{a}}, Dur: Duration{Kind: DurEndOfTurn}}, true, nil
	case c.eat("becomes"), c.eat("become"):
		spec := &ContSpec{Affects: r}
		if err := p.becomes(c, text, spec); err != nil {
			return nil, true, err
		}
		p.it = r
		return &Instr{Op: OpContinuous, Cont: spec, Dur: p.duration(c)}, true, nil
	case c.peekAt(1) != "tapped" && (c.eat("is") || c.eat("are")):
		// "That permanent is an enchantment in addition to its other
		// types.": an effect stating a characteristic (611.2e), read as
		// "becomes" reads it.
		spec := &ContSpec{Affects: r}
		if err := p.becomes(c, text, spec); err != nil {
			return nil, true, err
		}
		p.it = r
		return &Instr{Op: OpContinuous, Cont: spec, Dur: p.duration(c), Is: true}, true, nil
	case c.eat("fights"):
		// 701.14a: "Target creature you control fights target creature
		// you don't control."
		other, ok := p.objects(c)
		if !ok {
			return fail("fights what: target creature you don't control")
		}
		return &Instr{Op: OpFight, What: r, Also: []ORef{other}}, true, nil
	case c.eat("gains", "all", "activated", "abilities", "of"), c.eat("gain", "all", "activated", "abilities", "of"):
		from, ok := p.objects(c)
		if !ok {
			return fail("of what")
		}
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, GainActOf: &from}, Dur: p.duration(c)}, true, nil
	case c.eat("gains"), c.eat("gain"):
		abs, err := p.withAbilities(c, text)
		if err != nil {
			return nil, true, err
		}
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, Gain: abs}, Dur: p.duration(c)}, true, nil
	case c.eat("loses", "all", "abilities"), c.eat("lose", "all", "abilities"):
		return &Instr{Op: OpContinuous, Cont: &ContSpec{Affects: r, LoseAll: true}, Dur: p.duration(c)}, true, nil
	case c.eat("loses"), c.eat("lose"):
		abs, err := p.withAbilities(c, text)
		if err != nil {
			return nil, true, err
		}
		spec := &ContSpec{Affects: r}
		for _, a := range abs {
			spec.Lose = append(spec.Lose, a.Keyword)
		}
		return &Instr{Op: OpContinuous, Cont: spec, Dur: p.duration(c)}, true, nil
	}
	c.i = save
	return nil, false, nil
}

// recipient reads damage's recipient.
func (p *textParser) recipient(c *tcur) (Recip, bool) {
	save := c.i
	if c.eat("you") {
		pr := PRef{Kind: PYou}
		return Recip{Player: &pr}, true
	}
	if c.eat("each", "player") {
		pr := PRef{Kind: PEach}
		return Recip{Player: &pr}, true
	}
	if p.inEach && c.eat("that", "permanent", "or", "player") {
		return Recip{Obj: ORef{Kind: RefEachTarget}}, true
	}
	if c.eat("that", "player") {
		pr := PRef{Kind: PTriggerPlayer}
		return Recip{Player: &pr}, true
	}
	if pr, ok := p.possessor(c); ok {
		return Recip{Player: &pr}, true
	}
	if p.mixedTarget(c, save) {
		return Recip{Obj: ORef{Kind: RefTarget, Index: len(p.targets) - 1}}, true
	}
	if c.eat("target", "player") || c.eat("target", "opponent") {
		c.i = save
		pr, _ := p.player(c)
		return Recip{Player: &pr}, true
	}
	r, ok := p.objects(c)
	if !ok {
		return Recip{}, false
	}
	return Recip{Obj: r}, true
}

// haveBasePT reads "have" or "has" and base power and toughness (layer
// 7b, 613.4b): "have base power and toughness 1/1", or Opalescence's "has
// base power and base toughness each equal to its mana value", "its"
// being each object the ability affects. It reads nothing else: when it
// reports false the cursor is where it was.
func (p *textParser) haveBasePT(c *tcur, spec *ContSpec) bool {
	save := c.i
	if !c.eat("have") && !c.eat("has") {
		return false
	}
	if !c.eat("base", "power", "and", "toughness") && !c.eat("base", "power", "and", "base", "toughness") {
		c.i = save
		return false
	}
	if c.eat("each", "equal", "to", "its", "mana", "value") {
		self := ORef{Kind: RefSelf}
		a := Amount{ValueOf: &self}
		spec.SetPT = &[2]Amount{a, a}
		return true
	}
	pw, tg, ok := parsePT(c.peek())
	if !ok {
		c.i = save
		return false
	}
	c.next()
	spec.SetPT = &[2]Amount{pw, tg}
	return true
}

// bareAnotherTarget eats "another target" when no kind of object follows
// ("… and 1 damage to another target.").
func bareAnotherTarget(c *tcur) bool {
	save := c.i
	if !c.eat("another", "target") {
		return false
	}
	switch c.peek() {
	case "", ".", ",", "and":
		return true
	}
	c.i = save
	return false
}

// mixedTarget reads a target that may be a player or some kinds of
// permanent: "target player or planeswalker", "target creature,
// planeswalker, or player", "another target creature, planeswalker, or
// player". It adds the target and reports whether it read one.
func (p *textParser) mixedTarget(c *tcur, save int) bool {
	// "any number of target creatures, planeswalkers, and/or players"
	// (115.1): none to all.
	count, upTo := 1, c.eat("any", "number", "of")
	if upTo {
		count = 100
	}
	other := c.eat("another", "target")
	if !other && !c.eat("target") {
		c.i = save
		return false
	}
	var kinds []string
	players := false
	for {
		switch w := c.peek(); w {
		case "player", "players":
			players = true
		case "creature", "planeswalker", "battle", "creatures", "planeswalkers", "battles":
			if plural := strings.HasSuffix(w, "s"); plural != upTo {
				c.i = save
				return false
			}
			kinds = append(kinds, strings.TrimSuffix(w, "s"))
		default:
			c.i = save
			return false
		}
		c.next()
		sep := false
		for c.eat(",") || c.eat("or") || c.eat("and") || c.eat("/") {
			sep = true
		}
		if !sep {
			break
		}
	}
	if !players || len(kinds) == 0 {
		c.i = save
		return false
	}
	spec := TargetSpec{Filter: Filter{AnyOf: kinds}, Objects: true, Players: true, Count: count, UpTo: upTo, Text: c.textBetween(save, c.i)}
	p.words++
	spec.Word = p.words
	if other {
		spec.Other = len(p.targets)
	}
	p.targets = append(p.targets, spec)
	return true
}

// ptMod reads "+2/+2", "-5/-0", "+X/+X" (X defined by whereX). When it
// stops inside a part it knows, want says what that part expected there.
func (p *textParser) ptMod(c *tcur) (mod *[2]Amount, want string, ok bool) {
	pw, tg, ok := parsePT(c.peek())
	if !ok {
		return nil, "", false
	}
	c.next()
	mod = &[2]Amount{pw, tg}
	if c.eat("for", "each") {
		// "+1/+1 for each other creature on the battlefield that shares
		// at least one creature type with it": N for each counted.
		f := &Filter{}
		if c.eat("other") {
			f.NotIt = true
		}
		if !p.counted(c, f) {
			return nil, "", false
		}
		if sh, want, ok := p.sharesWith(c); !ok {
			return nil, want, false
		} else if sh != ShareNone {
			// The count is taken for each object the bonus applies to:
			// "it" is that object.
			if !c.eat("it") {
				return nil, `"it": the object the bonus is counted for`, false
			}
			f.SharesWithIt = sh
		}
		for i := range mod {
			if mod[i].N != 0 {
				mod[i] = Amount{Count: f, Per: mod[i].N, Neg: mod[i].Neg}
			}
		}
		return mod, "", true
	}
	if !p.whereX(c, mod) {
		return nil, "", false
	}
	return mod, "", true
}

// sharesWith reads a relative clause relating an object to another:
// "that shares (a|at least one) (creature type|color|card type) with",
// the other object following it. Without "that shares" it reads nothing
// (ShareNone, ok); once it has read them, what it can't read is said
// in want.
func (p *textParser) sharesWith(c *tcur) (sh Share, want string, ok bool) {
	if !c.eat("that", "shares") && !c.eat("that", "share") {
		return ShareNone, "", true
	}
	if !c.eat("a") && !c.eat("at", "least", "one") {
		return ShareNone, `"a" or "at least one": that shares a color, at least one creature type …`, false
	}
	switch {
	case c.eat("creature", "type"):
		sh = ShareCreatureType
	case c.eat("color"):
		sh = ShareColor
	case c.eat("card", "type"):
		sh = ShareCardType
	default:
		return ShareNone, "what is shared: a creature type, a color, a card type", false
	}
	if !c.eat("with") {
		return ShareNone, `"with" and the object it's shared with`, false
	}
	return sh, "", true
}

// whereX reads ", where X is …" and puts the amount in place of X.
func (p *textParser) whereX(c *tcur, mod *[2]Amount) bool {
	if !mod[0].X && !mod[1].X {
		return true
	}
	if !c.eat(",", "where", "x", "is") && !c.eat("where", "x", "is") {
		return true // X chosen as the ability is activated
	}
	a, ok := p.amountExpr(c)
	if !ok {
		return false
	}
	for i := range mod {
		if mod[i].X {
			neg := mod[i].Neg
			mod[i] = a
			mod[i].Neg = neg
		}
	}
	return true
}

// parsePT reads "+2/+2", "-1/-0", "1/1", "x/x".
func parsePT(s string) (Amount, Amount, bool) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Amount{}, Amount{}, false
	}
	pa, ok1 := ptPart(a)
	pb, ok2 := ptPart(b)
	return pa, pb, ok1 && ok2
}

func ptPart(s string) (Amount, bool) {
	neg := false
	switch {
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	case strings.HasPrefix(s, "-"):
		s, neg = s[1:], true
	}
	if s == "x" {
		return Amount{X: true, Neg: neg}, true
	}
	n, ok := number(s)
	if !ok || n > 1000 {
		return Amount{}, false
	}
	if neg {
		n = -n
	}
	return Amount{N: n}, true
}

// becomes reads what follows "becomes": a copy, a color, power/toughness,
// types, abilities.
func (p *textParser) becomes(c *tcur, text string, spec *ContSpec) error {
	if c.eat("a", "copy", "of") {
		from, ok := p.objects(c)
		if !ok {
			return p.fail(c, text, "a copy of what")
		}
		spec.CopyOf = &from
		switch {
		case c.eat("and", "gains", "this", "ability"):
			spec.CopyHasThis = true
		case c.eat(",", "except"):
			p.extra = nil
			err := p.copyExcept(c, text, &spec.CopyPT, &spec.CopyAdd, &spec.CopyHasThis, &spec.CopyNoColor)
			spec.CopyExtra = p.extra
			return err
		}
		return nil
	}
	if read, want := p.colorOf(c, spec); want != "" {
		return p.fail(c, text, want)
	} else if read {
		return nil
	}
	c.eat("a")
	c.eat("an")
	any := false
	if pt := c.peek(); strings.Contains(pt, "/") {
		pw, tg, ok := parsePT(pt)
		if !ok {
			return p.fail(c, text, "power/toughness like 3/3")
		}
		c.next()
		spec.SetPT = &[2]Amount{pw, tg}
		any = true
	}
	for !c.end() {
		w := c.peek()
		if col, ok := ParseColor(w); ok && len(w) > 1 {
			spec.SetColor |= col
			spec.HasColor = true
			c.next()
			// "white and blue", "red, white, and blue", "a green and
			// white Citizen": a list of colors, not "and gains …".
			switch {
			case (c.peek() == "and" || c.peek() == ",") && p.isTypeOrColor(c.peekAt(1)):
				c.next()
			case c.peek() == "," && c.peekAt(1) == "and" && p.isTypeOrColor(c.peekAt(2)):
				c.next()
				c.next()
			}
			any = true
			continue
		}
		if w == "colorless" {
			spec.HasColor = true
			c.next()
			any = true
			continue
		}
		if ct, ok := p.lists.CardType(w); ok {
			spec.SetTypes = append(spec.SetTypes, ct)
			c.next()
			any = true
			continue
		}
		if plural, ok := p.pluralType(w); ok {
			spec.SetTypes = append(spec.SetTypes, plural)
			c.next()
			any = true
			continue
		}
		if kinds := p.lists.KindsOf(w); len(kinds) > 0 {
			n, _ := p.lists.Subtype(kinds[0], w)
			spec.SetSubs = append(spec.SetSubs, Subtype{Name: n, Kind: kinds[0]})
			c.next()
			any = true
			continue
		}
		if n, ok := p.lists.Subtype(LandType, strings.TrimSuffix(w, "s")); ok && strings.HasSuffix(w, "s") {
			// Blood Moon: "Nonbasic lands are Mountains."
			spec.SetSubs = append(spec.SetSubs, Subtype{Name: n, Kind: LandType})
			c.next()
			any = true
			continue
		}
		break
	}
	if !any {
		return p.fail(c, text, "what it becomes: a copy of …, a color, N/N, types")
	}
	// "that's still a land", "in addition to its other types"
	if c.eat("that", "'s", "still", "a") || c.eat("that", "is", "still", "a") || c.eat("that", "are", "still") {
		w := c.next()
		if ct, ok := p.lists.CardType(w); ok {
			spec.AddTypes = append(spec.AddTypes, ct)
		} else if ct, ok := p.pluralType(w); ok {
			spec.AddTypes = append(spec.AddTypes, ct)
		}
	}
	if c.eat("in", "addition", "to", "its", "other", "types") || c.eat("in", "addition", "to", "their", "other", "types") ||
		c.eat("in", "addition", "to", "its", "other", "land", "types") || c.eat("in", "addition", "to", "their", "other", "land", "types") {
		spec.AddTypes = append(spec.AddTypes, spec.SetTypes...)
		spec.AddSubs = append(spec.AddSubs, spec.SetSubs...)
		spec.SetTypes, spec.SetSubs = nil, nil
		if len(spec.AddTypes) == 0 {
			spec.AddTypes = nil
		}
	}
	if c.eat("with", "base", "power", "and", "toughness") {
		// "… creature with base power and toughness 1/1" (layer 7b).
		pw, tg, ok := parsePT(c.peek())
		if !ok {
			return p.fail(c, text, "base power and toughness like 1/1")
		}
		c.next()
		spec.SetPT = &[2]Amount{pw, tg}
	}
	if c.eat("named") {
		// "… named Legitimate Businessperson": the rest of the sentence is
		// the name, a text-changing effect (layer 3, 123.6c).
		i := c.i
		for !c.end() && c.peek() != "." {
			c.next()
		}
		spec.SetName = c.textBetween(i, c.i)
		if spec.SetName == "" {
			return p.fail(c, text, "the name after named")
		}
		return nil
	}
	if c.eat("with") {
		abs, err := p.withAbilities(c, text)
		if err != nil {
			return err
		}
		spec.Gain = abs
		for _, a := range abs {
			for _, s := range a.Static {
				if s.CDAPT != nil {
					// 613.4b: an effect that gives a creature an ability
					// setting its power and toughness applies in 7b.
					spec.SetPT = s.CDAPT
				}
			}
		}
	}
	return nil
}

// copyExcept reads the exceptions of a copy effect (707.9).
func (p *textParser) copyExcept(c *tcur, text string, pt **[2]int, add *[]string, hasThis, noColor *bool) error {
	cond := false // after "if it's a creature,": exceptions that apply only then (707.9f)
	for {
		switch {
		case c.eat("if", "it", "'s", "a", "creature", ","), c.eat("if", "it", "is", "a", "creature", ","):
			cond = true
			p.copyParts().IfCreature = true
			continue
		case c.eat("it", "enters", "with"):
			// "it enters with X additional +1/+1 counters on it": an
			// effect of the exception, not a copiable value (707.9e).
			n, ok := p.amount(c)
			c.eat("additional")
			kind := c.next()
			if !ok || !(c.eat("counters") || c.eat("counter")) || !c.eat("on", "it") {
				return p.fail(c, text, "it enters with N additional KIND counters on it")
			}
			m := p.copyParts()
			m.Counters, m.Kind, m.CountersIf = n, kind, cond
		case cond && (c.eat("it", "has") || c.eat("has")):
			abs, err := p.withAbilities(c, text)
			if err != nil {
				return err
			}
			p.copyParts().IfAbilities = append(p.copyParts().IfAbilities, abs...)
		case c.eat("it", "has", "this", "ability"):
			*hasThis = true
		case c.peek() == "it" && c.peekAt(1) == "has" && (c.peekAt(2) == `"` || c.peekAt(2) == "'"):
			c.i += 2
			abs, err := p.withAbilities(c, text)
			if err != nil {
				return err
			}
			p.extra = append(p.extra, abs...)
		case c.eat("it", "doesn't", "copy", "that", "creature", "'s", "color"):
			*noColor = true
		case c.eat("it", "'s"), c.eat("it", "is"):
			if w := c.peek(); strings.Contains(w, "/") {
				a, b, ok := parsePT(w)
				if !ok {
					return p.fail(c, text, "N/N")
				}
				c.next()
				*pt = &[2]int{a.N, b.N}
				break
			}
			c.eat("a")
			c.eat("an")
			for !c.end() {
				w := c.peek()
				if ct, ok := p.lists.CardType(w); ok {
					*add = append(*add, ct)
				} else if kinds := p.lists.KindsOf(w); len(kinds) > 0 {
					n, _ := p.lists.Subtype(kinds[0], w)
					*add = append(*add, n)
				} else if st, ok := p.lists.Supertype(w); ok {
					*add = append(*add, st)
				} else if w != "and" {
					break
				}
				c.next()
			}
			c.eat("in", "addition", "to", "its", "other", "types")
		default:
			return p.fail(c, text, "an exception: it has this ability, it's 7/7, it's an enchantment in addition to its other types, it enters with N additional +1/+1 counters on it")
		}
		if c.eat("and") {
			c.eat(",")
		} else if !c.eat(",") {
			return nil
		}
	}
}

// copyParts is the copy exception's parts other than copiable values, as read
// so far.
func (p *textParser) copyParts() *CopyMore {
	if p.copyMore == nil {
		p.copyMore = &CopyMore{}
	}
	return p.copyMore
}

// amount reads a number: "3", "two", "X", "that much", "a".
func (p *textParser) amount(c *tcur) (Amount, bool) {
	if c.eat("x") {
		return Amount{X: true}, true
	}
	if p.event != nil {
		// In a replacement effect, the event's amount (614.1a): "draw
		// that many cards instead", "you gain twice that much life".
		save := c.i
		times := 1
		if c.eat("twice") {
			times = 2
		}
		if c.eat("that", "much") || c.eat("that", "many") {
			return Amount{Dealt: true, Times: times}, true
		}
		c.i = save
	}
	if c.eat("that", "much") {
		return Amount{Removed: true}, true
	}
	if c.eat("that", "many") {
		return Amount{ThatMany: true}, true
	}
	if n, ok := c.num(); ok {
		return Amount{N: n}, true
	}
	return Amount{}, false
}

// amountExpr reads what follows "equal to" or "where X is": "the number of
// creatures you control", "1 plus the number of …", "~'s power", "the
// sacrificed creature's power", "the number of fade counters on ~", "the
// number of cards in your hand".
func (p *textParser) amountExpr(c *tcur) (Amount, bool) {
	var a Amount
	if n, ok := c.num(); ok && c.eat("plus") {
		a.N = n
	}
	if sp, want, ok := p.spentToCast(c, false); ok {
		sp.N = a.N
		return sp, true
	} else if want != "" {
		return a, false
	}
	switch {
	case c.eat("the", "number", "of", "card", "types", "among"):
		// "among cards in all graveyards", "among cards in your
		// graveyard", "among permanents you control"
		f := &Filter{}
		if plural, ok := p.nounPhrase(c, f); !ok || !plural {
			return a, false
		}
		a.CardTypesAmong = f
		return a, true
	case c.eat("your", "life", "total"):
		a.LifeOf = &PRef{Kind: PYou}
		return a, true
	case c.eat("your", "devotion", "to"):
		// Gray Merchant: "X is your devotion to black" (700.5).
		col, each, ok := devotionTo(c)
		if !ok || each {
			return a, false
		}
		a.Devotion = col
		return a, true
	case c.eat("your", "starting", "life", "total"):
		a.StartOf = &PRef{Kind: PYou}
		return a, true
	case c.eat("the", "lowest", "life", "total", "among", "all", "players"):
		a.LowestLife = true
		return a, true
	case c.eat("the", "number", "of", "cards", "in", "your", "hand"):
		pr := PRef{Kind: PYou}
		a.HandOf = &pr
		return a, true
	case c.eat("the", "number", "of"):
		// "fade counters on ~"
		save := c.i
		kind := c.next()
		if c.eat("counters", "on") {
			r, ok := p.objects(c)
			if !ok {
				return a, false
			}
			a.CountersOf, a.Kind = &r, kind
			return a, true
		}
		c.i = save
		f := &Filter{}
		if !p.counted(c, f) {
			return a, false
		}
		a.Count = f
		return a, true
	case c.eat("the", "greatest", "power", "among"):
		// "the greatest power among creatures they control"
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			return a, false
		}
		if c.eat("they", "control") {
			f.Control = Yours
			who := PRef{Kind: PTriggerPlayer}
			if p.itP != nil {
				who = *p.itP
			}
			a.Whose = &who
		}
		a.Count, a.Greatest = f, true
		return a, true
	case c.eat("the", "sacrificed", "creature", "'s", "power"):
		r := ORef{Kind: RefSacrificed}
		a.PowerOf = &r
		return a, true
	case p.it.Kind != RefNone && (c.eat("that", "card", "'s", "mana", "value") || c.eat("its", "mana", "value")):
		// "damage equal to that card's mana value" (202.3)
		r := p.it
		a.ValueOf = &r
		return a, true
	case c.eat("the", "sacrificed", "creature", "'s", "mana", "value"), c.eat("the", "sacrificed", "artifact", "'s", "mana", "value"),
		c.eat("the", "sacrificed", "permanent", "'s", "mana", "value"):
		// Bosh, Iron Golem: "the sacrificed artifact's mana value".
		r := ORef{Kind: RefSacrificed}
		a.ValueOf = &r
		return a, true
	case c.eat("its", "power"):
		r := p.it
		if r.Kind == RefNone {
			r = ORef{Kind: RefSelf}
		}
		a.PowerOf = &r
		return a, true
	case c.eat("its", "toughness"):
		r := p.it
		if r.Kind == RefNone {
			r = ORef{Kind: RefSelf}
		}
		a.ToughOf = &r
		return a, true
	case c.eat("that", "creature", "'s", "power"):
		r := p.it
		a.PowerOf = &r
		return a, true
	case c.eat("the", "power", "of", "the", "card", "you", "exiled"):
		// Scavenge (702.97a): the card exiled to pay the cost.
		a.PowerOf = &ORef{Kind: RefCostExiled}
		return a, true
	case c.eat("the", "tapped", "creature", "'s", "power"):
		// Station (702.184a): the creature tapped to pay the cost.
		a.PowerOf = &ORef{Kind: RefCostTapped}
		return a, true
	}
	save := c.i
	if p.self(c) && c.eat("'s", "power") {
		r := ORef{Kind: RefSelf}
		a.PowerOf = &r
		return a, true
	}
	c.i = save
	return a, false
}

// staticWant says what a static ability's amount must be instead of a,
// or "" when a static ability can determine it: its value is found again
// each time characteristics are (611.3a, 604.3), from the game as it is
// then, so there is no X chosen, nothing "that many" refers to, and no
// object but the ability's own to ask about.
func staticWant(a Amount) string {
	own := func(r *ORef) bool {
		return r == nil || r.Kind == RefSelf || r.Kind == RefOuter || r.Kind == RefBound
	}
	switch {
	case a.X:
		return "X defined by \", where X is …\""
	case a.ThatMany, a.Removed, a.Dealt, a.All, a.ToughOf != nil && a.ToughOf.Kind != RefLastExiled, a.Whose != nil,
		!own(a.PowerOf) && a.PowerOf.Kind != RefLastExiled, !own(a.CountersOf):
		return "an amount a static ability can count: the number of …, ~'s power, the number of … counters on ~"
	}
	return ""
}

// objects reads a reference to an object or objects: "~", "this creature",
// "it", "that creature", "target creature", "any target", "all black
// creatures", "each creature", "enchanted creature", "the sacrificed
// creature".
func (p *textParser) objects(c *tcur) (ORef, bool) {
	save := c.i
	if c.peek() == "~" {
		c.next()
		if p.nested {
			return ORef{Kind: RefOuter}, true
		}
		return ORef{Kind: RefSelf}, true
	}
	if p.self(c) {
		return ORef{Kind: RefSelf}, true
	}
	var exiled Filter
	switch {
	case c.eat("the", "top", "card", "of", "your", "library"):
		return ORef{Kind: RefTopCard}, true
	case c.eat("the", "chosen", "card"):
		return ORef{Kind: RefChosenObj}, true
	case c.eat("each", "other", "card", "exiled", "with"):
		// Mimic Vat: "each other card exiled with Mimic Vat": every card
		// its abilities exiled but the one just exiled (607.2a).
		if c.peek() == "~" {
			c.next()
		} else if !p.self(c) {
			c.i = save
			return ORef{}, false
		}
		return ORef{Kind: RefOtherExiledWith}, true
	case p.spellIt.Kind != RefNone && c.eat("that", "spell"):
		// A cast trigger's spell, whatever "it" has come to mean since
		// ("create a token, then copy that spell").
		return p.spellIt, true
	case c.eat("a", "card", "exiled", "with"):
		// Linked abilities (607.2a): "a card exiled with Mimic Vat".
		if c.peek() == "~" {
			c.next()
		} else if !p.self(c) {
			c.i = save
			return ORef{}, false
		}
		return ORef{Kind: RefExiledWith}, true
	case c.eat("the", "exiled", "card"):
		// Oblivion Ring: "When ~ leaves the battlefield, return the
		// exiled card to the battlefield under its owner's control.": the
		// card the linked ability exiled (607.2a).
		return ORef{Kind: RefExiledWith}, true
	case p.exiledWith(c, &exiled):
		// "a creature card exiled with Sisters of Stone Death"
		return ORef{Kind: RefExiledWith, Group: &exiled}, true
	case p.it.Kind == RefTrigOther && c.eat("the", "blocking", "creature"):
		// A "becomes blocked by" trigger's blocker (flanking, 702.25a).
		r := p.it
		r.Quality = "creature"
		return r, true
	case c.eat("it"), c.eat("that", "creature"), c.eat("that", "permanent"), c.eat("that", "card"), c.eat("that", "land"),
		c.eat("them"), c.eat("they"), c.eat("that", "spell"), c.eat("that", "token"), c.eat("that", "artifact"),
		c.eat("that", "enchantment"), c.eat("those", "cards"), c.eat("that", "vehicle"):
		if p.it.Kind == RefNone {
			c.i = save
			return ORef{}, false
		}
		r := p.it
		if w := c.toks[c.i-1].w; c.toks[save].w == "that" && (w == "creature" || w == "land" || w == "artifact" || w == "enchantment") {
			r.Quality = w // "that creature" (700.7)
		}
		return r, true
	case c.eat("the", "sacrificed", "creature"):
		return ORef{Kind: RefSacrificed}, true
	case p.sharesRef(c):
		// Wojek Apothecary (615.11): untargeted, fixed as it resolves.
		f := &Filter{}
		c.eat("each", "other")
		p.nounPhrase(c, f)
		f.SharesWithIt, _, _ = p.sharesWith(c)
		of, ok := p.objects(c)
		if !ok {
			c.i = save
			return ORef{}, false
		}
		return ORef{Kind: RefShares, Group: f, Of: &of}, true
	case c.eat("enchanted", "creature"), c.eat("enchanted", "permanent"), c.eat("enchanted", "land"), c.eat("equipped", "creature"),
		c.eat("enchanted", "equipment"), c.eat("enchanted", "artifact"):
		return ORef{Kind: RefEnchanted}, true
	case p.mixedTarget(c, save):
		return ORef{Kind: RefTarget, Index: len(p.targets) - 1}, true
	case c.eat("any", "target"), c.eat("target", "creature", "or", "player"), c.eat("any", "other", "target"), bareAnotherTarget(c):
		// "another target" with no kind after it is Arc Trail's "any
		// other target" (Oracle's wording since 2018): a creature,
		// planeswalker, battle or player other than the earlier one.
		other := c.toks[c.i-2].w == "other" || c.toks[c.i-2].w == "another"
		spec := TargetSpec{Filter: Filter{AnyOf: []string{"creature", "planeswalker", "battle"}}, Objects: true, Players: true, Count: 1, Text: c.textBetween(save, c.i)}
		p.words++
		spec.Word = p.words
		if other {
			spec.Other = len(p.targets)
		}
		// "any target of an opponent's choice"
		spec.ByOpponent = c.eat("of", "an", "opponent", "'s", "choice")
		p.targets = append(p.targets, spec)
		return ORef{Kind: RefTarget, Index: len(p.targets) - 1}, true
	}
	// Targets: "target creature", "two target creatures", "another target
	// creature", "up to one target creature".
	n, upTo := 1, false
	if c.eat("any", "number", "of") {
		// "any number of target cards" (115.1): none to all.
		n, upTo = 100, true
	} else if c.eat("up", "to") {
		upTo = true
		k, ok := c.num()
		if !ok {
			c.i = save
			return ORef{}, false
		}
		n = k
	} else if k, ok := c.num(); ok && c.peek() == "target" {
		n = k
	}
	other := c.eat("another")
	if c.eat("target") {
		f := Filter{Other: other}
		if _, ok := p.nounPhrase(c, &f); !ok {
			c.i = save
			return ORef{}, false
		}
		p.words++
		p.targets = append(p.targets, TargetSpec{Filter: f, Objects: true, Count: n, UpTo: upTo, Word: p.words, Text: c.textBetween(save, c.i)})
		r := ORef{Kind: RefTarget, Index: len(p.targets) - 1}
		return r, true
	}
	c.i = save
	// Cards in a zone, as many as the player chooses as the instruction
	// is followed: "any number of creature cards from your graveyard".
	if c.eat("any", "number", "of") {
		f := &Filter{}
		if plural, ok := p.nounPhrase(c, f); ok && plural && f.Zone != 0 && f.Zone != Battlefield {
			return ORef{Kind: RefChooseAny, Group: f}, true
		}
		c.i = save
	}
	// One card in a zone, chosen as the instruction is followed: "a card
	// from your graveyard".
	if c.eat("a") || c.eat("an") {
		f := &Filter{}
		if plural, ok := p.nounPhrase(c, f); ok && !plural && f.Zone != 0 && f.Zone != Battlefield {
			return ORef{Kind: RefChooseOne, Group: f}, true
		}
		c.i = save
	}
	// Groups: "all black creatures", "each creature", "creatures you control".
	all := c.eat("all") || c.eat("each")
	f := &Filter{}
	if c.eat("other") || c.eat("another") {
		f.Other = true
	}
	plural, ok := p.nounPhrase(c, f)
	if !ok || (!all && !plural) {
		c.i = save
		return ORef{}, false
	}
	return ORef{Kind: RefGroup, Group: f}, true
}

// pluralType reads a plural card type ("creatures").
func (p *textParser) pluralType(w string) (string, bool) {
	for _, s := range []string{"s", "es"} {
		if strings.HasSuffix(w, s) {
			if ct, ok := p.lists.CardType(strings.TrimSuffix(w, s)); ok {
				return ct, true
			}
		}
	}
	if w == "sorceries" {
		return "Sorcery", true
	}
	return "", false
}

// singular guesses a plural subtype's singular: "Elves" → "Elf".
func singular(w string) []string {
	out := []string{w}
	switch {
	case strings.HasSuffix(w, "ves"):
		out = append(out, strings.TrimSuffix(w, "ves")+"f")
	case strings.HasSuffix(w, "ies"):
		out = append(out, strings.TrimSuffix(w, "ies")+"y")
	case strings.HasSuffix(w, "es"):
		out = append(out, strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "s"))
	case strings.HasSuffix(w, "s"):
		out = append(out, strings.TrimSuffix(w, "s"))
	}
	return out
}

// nounPhrase reads adjectives and nouns describing objects into f:
// "nonblack creature", "artifact land", "white creatures you control",
// "creature card from a graveyard", "creatures with no abilities",
// "artifacts, creatures, and enchantments". It reports whether the noun was
// plural.
func (p *textParser) nounPhrase(c *tcur, f *Filter) (plural, ok bool) {
	save := c.i
	noun := false
	var types []string
	for !c.end() {
		w := c.peek()
		switch {
		case w == "tapped":
			f.Tapped = 1
		case w == "untapped":
			f.Tapped = -1
		case w == "nontoken":
			f.Token = -1
		case w == "attacking":
			f.Attacking = true
		case w == "face-down":
			f.FaceDown = true
		case w == "and" || w == "or" || w == ",":
			// Lists of types or colors: "artifact, creature, or enchantment".
			j := 1
			if w == "," && (c.peekAt(1) == "and" || c.peekAt(1) == "or") {
				j = 2
			}
			nx := c.peekAt(j)
			adjective := len(f.Not) > 0 || f.NotColors != 0
			if len(types) == 0 && f.Colors == 0 && len(f.Subtypes) == 0 && !adjective ||
				!p.isTypeOrColor(nx) && !(strings.HasPrefix(nx, "non") && len(nx) > 3) {
				goto post
			}
			c.i += j - 1
		case w == "colorless":
			// leave Colors empty: matching colorless is rare; ignore
		case strings.HasPrefix(w, "non") && len(w) > 3:
			base := strings.TrimPrefix(strings.TrimPrefix(w, "non"), "-")
			if col, ok := ParseColor(base); ok && len(base) > 1 {
				f.NotColors |= col
			} else if ct, ok := p.lists.CardType(base); ok {
				f.Not = append(f.Not, strings.ToLower(ct))
			} else if base == "token" {
				f.Token = -1
			} else if st, ok := p.lists.Supertype(base); ok {
				f.Super = append(f.Super, "non"+strings.ToLower(st))
			} else if kinds := p.lists.KindsOf(base); len(kinds) > 0 {
				n, _ := p.lists.Subtype(kinds[0], base)
				f.NotSubs = append(f.NotSubs, n)
			} else {
				goto post
			}
		default:
			if col, ok := ParseColor(w); ok && len(w) > 1 {
				f.Colors |= col
				break
			}
			if st, ok := p.lists.Supertype(w); ok {
				f.Super = append(f.Super, strings.ToLower(st))
				break
			}
			if w == "permanent" || w == "permanents" {
				noun, plural = true, plural || w == "permanents"
				break
			}
			if w == "card" || w == "cards" {
				f.Card = true
				noun, plural = true, plural || w == "cards"
				break
			}
			if w == "spell" || w == "spells" {
				f.Spell, f.Zone = true, Stack
				noun, plural = true, plural || w == "spells"
				break
			}
			if w == "token" || w == "tokens" {
				f.Token = 1
				noun, plural = true, plural || w == "tokens"
				break
			}
			if ct, ok := p.lists.CardType(w); ok {
				types = append(types, strings.ToLower(ct))
				noun = true
				break
			}
			if ct, ok := p.pluralType(w); ok {
				types = append(types, strings.ToLower(ct))
				noun, plural = true, true
				break
			}
			found := false
			for _, s := range singular(w) {
				if kinds := p.lists.KindsOf(s); len(kinds) > 0 {
					n, _ := p.lists.Subtype(kinds[0], s)
					f.Subtypes = append(f.Subtypes, n)
					noun, found = true, true
					plural = plural || s != w
					break
				}
			}
			if !found {
				goto post
			}
		}
		c.next()
	}
post:
	if !noun {
		c.i = save
		return false, false
	}
	// "artifact creature": all of; "artifacts, creatures, and enchantments"
	// or "creature or planeswalker": any of.
	if len(types) > 1 && !listed(c.toks[save:c.i]) {
		f.AllOf = types
	} else {
		f.AnyOf = types
	}
	// Postfix qualifiers.
	for {
		switch {
		case c.eat("you", "control"):
			f.Control = Yours
		case c.eat("you", "own"):
			f.Owned = true
		case c.eat("an", "opponent", "controls"), c.eat("your", "opponents", "control"), c.eat("you", "don't", "control"):
			f.Control = Opponents
		case c.eat("the", "chosen", "player", "controls"):
			f.Control = ChosenPlayers
		case c.eat("with", "no", "abilities"):
			f.NoAbility = true
		case c.eat("that", "has", "an", "adventure"), c.eat("that", "have", "an", "adventure"):
			f.HasAdventure = true
		case c.eat("with", "toughness", "greater", "than", "its", "power"):
			f.ToughGtPower = true
		case c.peek() == "with" && p.keywordAt(c, 1):
			c.next()
			kw, _ := p.qualityKeyword(c)
			if c.peek() == "or" && p.keywordAt(c, 1) && f.Or == nil {
				// "creatures with flying or reach": either keyword, the
				// filter read so far with each.
				c.next()
				kw2, _ := p.qualityKeyword(c)
				alt := *f
				alt.With = append(slices.Clone(f.With), kw2)
				f.Or = &alt
			}
			f.With = append(f.With, kw)
		case c.peek() == "without" && p.keywordAt(c, 1):
			// "a creature without flanking" (702.25a)
			c.next()
			kw, _ := p.qualityKeyword(c)
			f.Without = append(f.Without, kw)
		case c.peek() == "with" && (c.peekAt(1) == "power" || c.peekAt(1) == "toughness" || c.peekAt(1) == "mana" && c.peekAt(2) == "value"):
			b, ok := ptBound(c)
			if !ok {
				return plural, true // the caller names the word it can't read
			}
			f.PT = b
		case c.eat("with", "even", "mana", "values"), c.eat("with", "an", "even", "mana", "value"):
			f.EvenMV = true
		case c.eat("of", "the", "chosen", "color"):
			f.Chosen = true
		case c.eat("of", "the", "chosen", "type"):
			f.ChosenT = true
		case c.eat("in", "graveyards"), c.eat("in", "all", "graveyards"), c.eat("from", "all", "graveyards"):
			f.Zone, f.Card = Graveyard, true
		case c.eat("in", "a", "graveyard"), c.eat("from", "a", "graveyard"):
			f.Zone, f.Card = Graveyard, true
		case c.eat("in", "your", "graveyard"), c.eat("from", "your", "graveyard"):
			f.Zone, f.Card, f.Control = Graveyard, true, Yours
		case c.eat("in", "their", "graveyard"), c.eat("from", "their", "graveyard"):
			// The graveyard of the player the clause is about: the
			// instruction acts only on that player's cards.
			f.Zone, f.Card = Graveyard, true
		case c.eat("in", "your", "hand"), c.eat("from", "your", "hand"):
			f.Zone, f.Card, f.Control = Hand, true, Yours
		case c.eat("on", "the", "battlefield"):
			f.Zone = Battlefield
		case p.counting && f.Past == PastNone && p.past(c, f):
		case c.peek() == "blocking" || c.peek() == "blocked":
			// "target creature blocking or blocked by ~"; what isn't one
			// is left for the caller to name.
			at := c.i
			switch {
			case c.eat("blocking", "or", "blocked", "by"):
				f.BlockingSelf, f.BlockedBySelf = true, true
			case c.eat("blocking"):
				f.BlockingSelf = true
			case c.eat("blocked", "by"):
				f.BlockedBySelf = true
			}
			if !p.selfRef(c) {
				c.i = at
				f.BlockingSelf, f.BlockedBySelf = false, false
				return plural, true
			}
		default:
			if pl, ok := p.otherKind(c, f); ok {
				return plural || pl, true
			}
			return plural, true
		}
	}
}

// listed reports whether a run of tokens separates its types with commas
// or "or"/"and" (a list: any of them) rather than stacking them ("artifact
// creature": all of them).
func listed(toks []token) bool {
	for _, t := range toks {
		if t.w == "," || t.w == "or" || t.w == "and" {
			return true
		}
	}
	return false
}

func (p *textParser) isTypeOrColor(w string) bool {
	if _, ok := p.lists.CardType(w); ok {
		return true
	}
	if _, ok := p.pluralType(w); ok {
		return true
	}
	if col, ok := ParseColor(w); ok && len(w) > 1 && col != 0 {
		return true
	}
	return len(p.lists.KindsOf(w)) > 0
}

// continuousStatic reads a static ability's continuous effect: "White
// creatures you control get +1/+1", "Enchanted creature has flying", "All
// lands are 1/1 creatures that are still lands", "~'s power and toughness
// are each equal to …" (a characteristic-defining ability, 604.3).
func (p *textParser) continuousStatic(c *tcur, text string) ([]*ContSpec, bool, error) {
	save := c.i
	if p.spell {
		return nil, false, nil // an instant's or sorcery's sentences are instructions
	}
	p.static = true
	defer func() { p.static = false }()
	// "You control enchanted creature." (layer 2)
	if c.eat("you", "control") {
		r, ok := p.objects(c)
		c.eat(".")
		if !ok || r.Kind != RefEnchanted && r.Kind != RefGroup || !c.end() {
			return nil, true, p.fail(c, text, "You control enchanted creature.")
		}
		return []*ContSpec{{Affects: r, Control: true}}, true, nil
	}
	// CDA: "~'s power and toughness are each equal to …", "This creature's
	// power is equal to …".
	if p.self(c) || c.eat("its") {
		if c.eat("'s", "power", "is", "equal", "to") {
			// "Tarmogoyf's power is equal to A and its toughness is equal to
			// that number plus 1."
			a, ok := p.amountExpr(c)
			if !ok || !c.eat("and", "its", "toughness", "is", "equal", "to", "that", "number", "plus") {
				return nil, true, p.fail(c, text, "power is equal to … and its toughness is equal to that number plus N")
			}
			n, ok := c.num()
			if !ok {
				return nil, true, p.fail(c, text, "plus a number")
			}
			if want := staticWant(a); want != "" {
				return nil, true, p.fail(c, text, want)
			}
			b := a
			b.N += n
			c.eat(".")
			return []*ContSpec{{Affects: ORef{Kind: RefSelf}, CDAPT: &[2]Amount{a, b}}}, true, nil
		}
		if c.eat("'s", "power", "and", "toughness", "are", "each", "equal", "to") || c.toks[c.i-1].w == "its" && c.eat("power", "and", "toughness", "are", "each", "equal", "to") {
			a, ok := p.amountExpr(c)
			if !ok {
				return nil, true, p.fail(c, text, "equal to what")
			}
			if want := staticWant(a); want != "" {
				return nil, true, p.fail(c, text, want)
			}
			c.eat(".")
			if !c.end() {
				return nil, true, p.fail(c, text, "the end of the sentence")
			}
			return []*ContSpec{{Affects: ORef{Kind: RefSelf}, CDAPT: &[2]Amount{a, a}}}, true, nil
		}
		c.i = save
	}
	var r ORef
	if p.self(c) {
		r = ORef{Kind: RefSelf}
	} else {
		var ok bool
		r, ok = p.objects(c)
		if !ok || (r.Kind != RefGroup && r.Kind != RefEnchanted && r.Kind != RefSelf) {
			c.i = save
			return nil, false, nil
		}
	}
	spec := &ContSpec{Affects: r}
	var also *ContSpec // a second effect of the same sentence
	switch {
	case c.eat("get"), c.eat("gets"):
		mod, want, ok := p.ptMod(c)
		if !ok {
			if want != "" {
				return nil, true, p.fail(c, text, want)
			}
			return nil, true, p.fail(c, text, "+N/+N")
		}
		for _, a := range mod {
			if want := staticWant(a); want != "" {
				return nil, true, p.fail(c, text, want)
			}
		}
		spec.ModPT = mod
	case p.haveBasePT(c, spec):
		// "… have base power and toughness 1/1" (layer 7b)
	case c.eat("have"), c.eat("has"):
		abs, err := p.withAbilities(c, text)
		if err != nil {
			return nil, true, err
		}
		if err := p.keywordCostSentence(c, text, abs); err != nil {
			return nil, true, err
		}
		if c.eat(",", "where", "x", "is") || c.eat("where", "x", "is") {
			// "… has echo {X}, where X is your life total." (702.1b)
			a, ok := p.amountExpr(c)
			if !ok {
				return nil, true, p.fail(c, text, "what X is")
			}
			for _, ab := range abs {
				if ab.Keyword != "" && ab.KCost != nil && ab.KCost.Mana.Kinds().Has(SymVariable) {
					ab.XIs = &a
				}
			}
		}
		spec.Gain = abs
	case c.eat("lose", "all", "abilities"), c.eat("loses", "all", "abilities"):
		spec.LoseAll = true
	case c.eat("lose"), c.eat("loses"):
		abs, err := p.withAbilities(c, text)
		if err != nil {
			return nil, true, err
		}
		for _, a := range abs {
			spec.Lose = append(spec.Lose, a.Keyword)
		}
	case c.eat("can't", "block"):
		spec.Rules = &RuleMod{Kind: RuleCantBlock}
	case c.eat("doesn't", "untap", "during"), c.eat("don't", "untap", "during"):
		// 502.3: effects can keep permanents from untapping. "Your" untap
		// step is only the permanent's own controller's when it's the
		// permanent with the ability.
		if !(r.Kind == RefSelf && c.eat("your", "untap", "step") || c.eat("its", "controller", "'s", "untap", "step") ||
			c.eat("their", "controllers", "'", "untap", "steps") || c.eat("their", "controller", "'s", "untap", "step")) {
			return nil, true, p.fail(c, text, "doesn't untap during its controller's untap step")
		}
		spec.Rules = &RuleMod{Kind: RuleNoUntap}
	case c.eat("can't", "attack", "unless", "defending", "player", "controls"):
		// "~ can't attack unless defending player controls an Island."
		// (508.1c: a restriction on attacking)
		_, _ = c.eatAny("a", "an")
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, true, p.fail(c, text, "what defending player controls: an Island")
		}
		spec.Rules = &RuleMod{Kind: RuleAttackUnless, Filter: f}
	case c.peek() == "can't" && c.peekAt(1) == "attack" && (c.peekAt(2) == "" || c.peekAt(2) == "." || c.peekAt(2) == "or" && c.peekAt(3) == "block"):
		// "Enchanted creature can't attack or block." (Pacifism): a
		// restriction on attacking (508.1c) and, with "or block", one on
		// blocking (509.1b), each an effect of its own.
		c.i += 2
		spec.Rules = &RuleMod{Kind: RuleCantAttack}
		if c.eat("or", "block") {
			also = &ContSpec{Affects: r, Rules: &RuleMod{Kind: RuleCantBlock}}
		}
	case c.eat("can", "block", "only"):
		// "~ can block only creatures with flying." (509.1b: a
		// restriction on blocking)
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, true, p.fail(c, text, "what it can block: creatures with flying")
		}
		spec.Rules = &RuleMod{Kind: RuleBlockOnly, Filter: f}
	case c.eat("can", "block"):
		// "Each creature you control can block an additional creature
		// each combat."
		a, err := p.blockMore(c, text, true)
		if err != nil {
			return nil, true, err
		}
		spec.Gain = []*Ability{a}
	case c.eat("can't", "be", "blocked", "except", "by"), c.eat("can't", "be", "blocked", "by"):
		// "~ can't be blocked except by creatures with flying or reach.",
		// "~ can't be blocked by Walls." (509.1b: restrictions)
		kind := RuleBlockedOnlyBy
		if c.toks[c.i-2].w != "except" {
			kind = RuleCantBeBlockedBy
		}
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, true, p.fail(c, text, "by what: creatures with flying, Walls")
		}
		spec.Rules = &RuleMod{Kind: kind, Filter: f}
	case c.eat("can't", "be", "blocked"):
		spec.Rules = &RuleMod{Kind: RuleUnblockable}
	case c.eat("stations", "permanents", "using", "its"), c.eat("station", "permanents", "using", "their"):
		// Tapestry Warden (702.184c): "… stations permanents using its
		// toughness rather than its power."
		char := c.next()
		if char != "toughness" || !(c.eat("rather", "than", "its", "power") || c.eat("rather", "than", "their", "power")) {
			return nil, true, p.fail(c, text, "stations permanents using its toughness rather than its power")
		}
		spec.Rules = &RuleMod{Kind: RuleStationUsing, Char: char}
	case c.eat("isn't", "a"), c.eat("isn't", "an"):
		// "As long as your devotion to red is less than five, Purphoros
		// isn't a creature." (layer 4)
		ct := c.next()
		if _, ok := KindOf(ct); !ok {
			return nil, true, p.fail(c, text, "a card type: ~ isn't a creature")
		}
		spec.RemoveTypes = []string{ct}
	case c.eat("is"), c.eat("are"):
		if err := p.becomes(c, text, spec); err != nil {
			return nil, true, err
		}
		// 205.1b: "are 1/1 artifact creatures" keeps other types; "are
		// creatures" with "still" too. A plain "is white" sets color.
		if len(spec.SetTypes) > 0 && spec.AddTypes == nil {
			// "All artifacts are 1/1 artifact creatures": becoming an
			// "artifact creature" retains prior types (205.1b).
			if r.Group != nil && sharesType(r.Group.AnyOf, spec.SetTypes) {
				spec.AddTypes, spec.SetTypes = spec.SetTypes, nil
			}
		}
	default:
		c.i = save
		return nil, false, nil
	}
	// "Equipped creature gets +10/+10 and loses flying.": one effect, in
	// two layers.
	for c.eat("and") {
		switch {
		case c.eat("loses"), c.eat("lose"):
			abs, err := p.withAbilities(c, text)
			if err != nil {
				return nil, true, err
			}
			for _, a := range abs {
				spec.Lose = append(spec.Lose, a.Keyword)
			}
		case p.haveBasePT(c, spec):
			// Humility: "… lose all abilities and have base power and
			// toughness 1/1."
		case c.eat("has"), c.eat("have"):
			abs, err := p.withAbilities(c, text)
			if err != nil {
				return nil, true, err
			}
			spec.Gain = append(spec.Gain, abs...)
		case c.eat("is"), c.eat("are"):
			// "Enchanted creature loses all abilities and is a green and
			// white Citizen creature …": what it is, in its own layers.
			if err := p.becomes(c, text, spec); err != nil {
				return nil, true, err
			}
		default:
			return nil, true, p.fail(c, text, "and loses/has an ability or is …")
		}
	}
	c.eat(".")
	if !c.end() {
		return nil, true, p.fail(c, text, "the end of the sentence")
	}
	if also != nil {
		return []*ContSpec{spec, also}, true, nil
	}
	return []*ContSpec{spec}, true, nil
}

func sharesType(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if strings.EqualFold(x, y) {
				return true
			}
		}
	}
	return false
}

// String describes a filter for messages: "nonblack creature".
func (f Filter) String() string {
	var w []string
	if f.Other {
		w = append(w, "other")
	}
	if f.FaceDown {
		w = append(w, "face-down")
	}
	for _, c := range AllColors {
		if f.NotColors.Has(c) {
			w = append(w, "non"+colorNames[c])
		}
	}
	for _, c := range AllColors {
		if f.Colors.Has(c) {
			w = append(w, colorNames[c])
		}
	}
	w = append(w, f.Super...)
	for _, n := range f.Not {
		w = append(w, "non"+n)
	}
	for _, n := range f.NotSubs {
		w = append(w, "non-"+n)
	}
	w = append(w, f.Subtypes...)
	switch {
	case len(f.AllOf) > 0:
		w = append(w, strings.Join(f.AllOf, " "))
	case len(f.AnyOf) > 0:
		w = append(w, strings.Join(f.AnyOf, " or "))
	case f.Spell:
		w = append(w, "spell")
	case f.Card:
		w = append(w, "card")
	default:
		w = append(w, "permanent")
	}
	return strings.Join(w, " ")
}

// spentIf reads a trailing "if {G} was spent to cast this spell" (or "…
// to cast it") into in.If.
func (p *textParser) spentIf(c *tcur, in *Instr) bool {
	save := c.i
	if !c.eat("if") {
		return false
	}
	m, ok := c.manaCost()
	if ok && len(m) == 1 && c.eat("was", "spent", "to", "cast") && (c.eat("this", "spell") || c.eat("it") || p.self(c)) {
		if m[0].Kind == SymColored {
			in.If = &Cond{Kind: CondSpent, Color: m[0].Color}
			return true
		}
	}
	c.i = save
	return false
}

// wordAt is the index of the first of words from c's position, or -1.
func wordAt(c *tcur, words ...string) int {
	for j := c.i; j < len(c.toks); j++ {
		if slices.Contains(words, c.toks[j].w) {
			return j
		}
	}
	return -1
}

// putInHand reads "put it into your hand" (and "into its owner's hand"):
// the object "it" means, put into a hand.
func (p *textParser) putInHand(c *tcur) bool {
	save := c.i
	c.next()
	if p.it.Kind != RefNone && (c.eat("it") || c.eat("that", "card")) &&
		(c.eat("into", "your", "hand") || c.eat("into", "its", "owner", "'s", "hand")) {
		return true
	}
	c.i = save
	return false
}

// additionalLands reads "an additional land", "two additional lands"
// after "you may play" (305.2).
func additionalLands(c *tcur) (int, bool) {
	save := c.i
	n, ok := c.num()
	if !ok || !c.eat("additional") || !(c.eat("land") || c.eat("lands")) {
		c.i = save
		return 0, false
	}
	return n, true
}

// pileZone reads where a pile goes: "into your hand", "into your
// graveyard".
func pileZone(c *tcur) (Zone, bool) {
	switch {
	case c.eat("into", "your", "hand"):
		return Hand, true
	case c.eat("into", "your", "graveyard"):
		return Graveyard, true
	}
	return 0, false
}

// selfRef reads a reference to the ability's own object: "~", "this
// creature".
func (p *textParser) selfRef(c *tcur) bool {
	if c.peek() == "~" {
		c.next()
		return true
	}
	return p.self(c)
}

// exiledWith reads "a KIND card exiled with ~" (607.2a) into f: a card of
// that kind in exile that the object's linked ability exiled.
func (p *textParser) exiledWith(c *tcur, out *Filter) bool {
	save := c.i
	if !c.eat("a") && !c.eat("an") {
		return false
	}
	var f Filter
	if _, ok := p.nounPhrase(c, &f); !ok || !f.Card || !c.eat("exiled", "with") || !p.selfRef(c) {
		c.i = save
		return false
	}
	f.Zone = Exile
	*out = f
	return true
}

// sharesRef looks ahead for "each other NOUN that shares QUALITY with",
// leaving the cursor where it was: the objects other than some object
// that share something with it.
func (p *textParser) sharesRef(c *tcur) bool {
	save := c.i
	defer func() { c.i = save }()
	if !c.eat("each", "other") {
		return false
	}
	if _, ok := p.nounPhrase(c, &Filter{}); !ok {
		return false
	}
	sh, _, ok := p.sharesWith(c)
	return ok && sh != ShareNone
}

// spentToCast reads an amount of the mana spent to cast an object: "the
// amount of mana spent to cast OBJECT", "the number of colors of mana
// spent to cast OBJECT", and after "for each" (perEach) "color of mana
// spent to cast OBJECT". It reads nothing unless "… of mana spent" is
// there; once it is, want says what it couldn't read, the cursor at it.
func (p *textParser) spentToCast(c *tcur, perEach bool) (a Amount, want string, ok bool) {
	save := c.i
	switch {
	case perEach && c.eat("color", "of", "mana", "spent"):
		a.SpentColors = true
	case !perEach && c.eat("the", "number", "of", "colors", "of", "mana", "spent"):
		a.SpentColors = true
	case !perEach && c.eat("the", "amount", "of", "mana", "spent"):
	default:
		c.i = save
		return Amount{}, "", false
	}
	if !c.eat("to") || !c.eat("cast") {
		return Amount{}, `"to cast": mana spent to cast OBJECT`, false
	}
	r, ok := p.objects(c)
	if !ok {
		return Amount{}, "the object cast: it, this spell, ~", false
	}
	a.SpentToCast = &r
	return a, "", true
}

// scry reads "scry N" after the verb (701.22a): the player looks at the
// top N cards of their library and puts any of them on the bottom.
func (p *textParser) scry(c *tcur, text string, who PRef) (*Instr, bool, error) {
	n, ok := p.amount(c)
	if !ok {
		return nil, true, p.fail(c, text, "how many cards to scry: scry 2")
	}
	return &Instr{Op: OpScry, Who: who, N: n}, true, nil
}

// millWords reads the wording milling had before it was a keyword action
// (701.17a, 2020): "put(s) the top card (the top N cards) of WHOSE library
// into WHOSE graveyard", WHOSE "your" or "their" as the clause's player
// has it; the number is left in p.milled. It reads nothing unless all of
// it is there.
func (p *textParser) millWords(c *tcur, whose string) bool {
	save := c.i
	c.next() // "put" or "puts"
	n, ok := Amount{N: 1}, c.eat("the", "top", "card")
	if !ok && c.eat("the", "top") {
		n, ok = p.amount(c)
		ok = ok && c.eat("cards")
	}
	if !ok || !c.eat("of", whose, "library", "into", whose, "graveyard") {
		c.i = save
		return false
	}
	p.milled = n
	return true
}
