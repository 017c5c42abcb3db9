package scenario

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
)

// Steps that play the game: casting, activating, passing priority,
// resolving, moving through the turn, combat.

// castOpts are the choices written after "A casts X" or "A activates X".
type castOpts struct {
	targets  []target
	x        int
	kicker   []string // kicker costs named, or "" for the first
	splice   []ref
	sac      []ref
	convoke  []ref
	water    []ref // artifacts and creatures tapped for a waterbend cost (701.67a)
	tap      []ref // creatures tapped for a cost: "tapping Bears" (station, crew)
	discard  []ref
	reveal   []ref // cards in hand revealed for a cost: "revealing Merrow Reejerey"
	pay      *engine.Payment
	alt      bool
	remove   int
	abilityN int    // "ability 2"
	abilityT string // the ability's text begins with this
	modes    []int  // "choosing modes 1 and 3" (0-based)
	modesBy  string // "with B choosing mode 1": who chooses them (700.2e)
	targetBy string // "with B choosing the other target": a target of an opponent's choice
	as       string // "as Ice": the split card's half, modal double-faced card's face, or adventurer card's Adventure cast
	bestow   bool   // "bestowed" (702.103a)
	faceDown bool   // "face down": using its morph ability (702.37c)
}

// castWords start the clauses after a spell or ability.
var castWords = []string{"as", "targeting", "with", "kicked", "splicing", "sacrificing", "convoking", "waterbending", "discarding", "paying", "for", "removing", "x", "using", "choosing", "tapping", "bestowed", "revealing", "face"}

func isCastWord(c *cursor) bool {
	for _, w := range castWords {
		save := c.s
		if c.eat(w) {
			c.s = save
			return true
		}
	}
	return false
}

// castOptions reads the clauses after the spell or ability.
func (p *parser) castOptions(c *cursor) (castOpts, bool) {
	var o castOpts
	for !c.end() {
		switch {
		case c.eat("as"):
			r, ok := c.ref()
			if !ok || r.Face == "" {
				p.errorf("as which half or face? a split card's half, a modal double-faced card's back face or an adventurer card's Adventure, like: A casts Fire // Ice as Ice")
				return o, false
			}
			o.as = r.Face
		case c.eat("targeting"), c.eat("and", "targeting"):
			for {
				tg, ok := p.target(c)
				if !ok {
					p.errorf("targeting what? a card or a player, like: targeting Runeclaw Bear, B")
					return o, false
				}
				o.targets = append(o.targets, tg)
				save := c.s
				if c.sym(",") || c.eat("and") {
					if isCastWord(c) {
						c.s = save
						break
					}
					continue
				}
				break
			}
		case c.eat("with", "x"), c.eat("x"):
			c.sym("=")
			n, ok := c.int()
			if !ok {
				p.errorf("X = a number")
				return o, false
			}
			o.x = n
		case c.eat("kicked", "with"), c.eat("with", "kicker"):
			m := c.mana()
			if m == "" {
				p.errorf("kicked with {COST}")
				return o, false
			}
			o.kicker = append(o.kicker, m)
			if c.eat("and") {
				if m := c.mana(); m != "" {
					o.kicker = append(o.kicker, m)
				}
			}
		case c.eat("kicked"):
			o.kicker = append(o.kicker, "")
		case c.eat("splicing"):
			if !p.moreRefs(c, &o.splice, "splicing which card") {
				return o, false
			}
		case c.eat("sacrificing"):
			if !p.moreRefs(c, &o.sac, "sacrificing which permanent") {
				return o, false
			}
		case c.eat("convoking"):
			if !p.moreRefs(c, &o.convoke, "convoking with which creatures") {
				return o, false
			}
		case c.eat("waterbending"):
			if !p.moreRefs(c, &o.water, "waterbending with which artifacts and creatures") {
				return o, false
			}
		case c.eat("tapping"):
			if !p.moreRefs(c, &o.tap, "tapping which creatures") {
				return o, false
			}
		case c.eat("discarding"):
			if !p.moreRefs(c, &o.discard, "discarding which card") {
				return o, false
			}
		case c.eat("revealing"):
			if !p.moreRefs(c, &o.reveal, "revealing which card") {
				return o, false
			}
		case c.eat("paying"):
			pay := engine.Payment{Set: true}
			if m := c.mana(); m != "" {
				mana, err := cardtext.ParseMana(m)
				if err != nil {
					p.errorf("%v", err)
					return o, false
				}
				pay.Mana = mana
				c.eat("and")
			}
			if n, ok := c.int(); ok {
				if !c.eat("life") {
					p.errorf("paying N life")
					return o, false
				}
				pay.Life = n
			}
			if pay.Mana.Total() == 0 && pay.Life == 0 && !c.eat("nothing") {
				p.errorf("paying what: {G}{W}, 2 life, {W} and 2 life")
				return o, false
			}
			o.pay = &pay
		case c.eat("for", "its", "alternative", "cost"), c.eat("without", "paying", "its", "mana", "cost"):
			o.alt = true
		case c.eat("removing"):
			n, ok := c.int()
			if !ok {
				p.errorf("removing N KIND counters")
				return o, false
			}
			c.word()
			c.eatAny("counters", "counter")
			o.remove = n
		case c.eat("bestowed"):
			o.bestow = true
		case c.eat("face", "down"):
			o.faceDown = true
		case c.eat("choosing", "modes"), c.eat("choosing", "mode"):
			// "choosing mode 3", "choosing modes 1 and 2" (700.2a)
			if !p.modeList(c, &o) {
				return o, false
			}
		case p.targetBy(c, &o):
			// "with B choosing the other target"
		case p.modesBy(c, &o):
			// "with B choosing mode 1": another player chooses (700.2e)
			if !p.modeList(c, &o) {
				return o, false
			}
		case c.eat("using"):
			c.eat("its")
			n, ok := c.int()
			if !ok {
				p.errorf("using ability N")
				return o, false
			}
			o.abilityN = n
			c.eatAny("ability")
		default:
			p.errorf("unexpected %q: after the card come targeting …, with X = N, kicked, splicing …, sacrificing …, discarding …, revealing …, paying …, removing N counters", clip(c.s))
			return o, false
		}
		c.sym(",")
	}
	return o, true
}

// modesBy reads "with B choosing mode(s)", the player who chooses a modal
// spell's modes when it says another does (700.2e).
func (p *parser) modesBy(c *cursor, o *castOpts) bool {
	save := c.s
	if !c.eat("with") {
		return false
	}
	who, ok := c.player()
	if !ok || !c.eat("choosing", "modes") && !c.eat("choosing", "mode") {
		c.s = save
		return false
	}
	o.modesBy = who
	return true
}

// targetBy reads "with B choosing the other target": the opponent who
// chooses a target "of an opponent's choice".
func (p *parser) targetBy(c *cursor, o *castOpts) bool {
	save := c.s
	if !c.eat("with") {
		return false
	}
	who, ok := c.player()
	if !ok || !c.eat("choosing", "the", "other", "target") && !c.eat("choosing", "the", "second", "target") {
		c.s = save
		return false
	}
	o.targetBy = who
	return true
}

// modeList reads the modes' numbers: "3", "1 and 2", "1, 2 and 3".
func (p *parser) modeList(c *cursor, o *castOpts) bool {
	for {
		n, ok := c.int()
		if !ok || n < 1 {
			p.errorf("choosing mode N, or choosing modes 1 and 3")
			return false
		}
		o.modes = append(o.modes, n-1)
		save := c.s
		if c.sym(",") || c.eat("and") {
			c.eat("and")
			if c.s != "" && c.s[0] >= '0' && c.s[0] <= '9' {
				continue
			}
		}
		c.s = save
		return true
	}
}

// ordinals read "first", "second", … for abilities.
var ordinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4}

// playStep reads a player's game action: casts, activates, taps … for
// mana, plays, passes, attacks with, blocks, assigns. ok is false if the
// words aren't one.
func (p *parser) playStep(c *cursor, who string, done func(builder) (builder, bool)) (builder, bool, bool) {
	switch {
	case c.eat("casts"):
		card, ok := c.ref()
		if !ok {
			p.errorf("casts which card? %q", clip(c.s))
			return nil, true, false
		}
		opts, ok := p.castOptions(c)
		if !ok {
			return nil, true, false
		}
		b, ok := done(func(r *run) (engine.Action, error) { return r.cast(who, card, opts) })
		return b, true, ok
	case c.eat("activates"):
		card, ok := c.ref()
		if !ok {
			p.errorf("activates which card's ability? %q", clip(c.s))
			return nil, true, false
		}
		var opts castOpts
		if c.eat("'s") || c.eat("’s") {
			if n, ok := ordinals[strings.ToLower(c.word())]; ok {
				c.eat("ability")
				opts.abilityN = n
			}
		}
		if strings.HasPrefix(c.s, `"`) {
			end := strings.IndexByte(c.s[1:], '"')
			if end < 0 {
				p.errorf("unclosed quote")
				return nil, true, false
			}
			opts.abilityT = c.s[1 : end+1]
			c.s = strings.TrimSpace(c.s[end+2:])
			c.eat("ability")
		}
		more, ok := p.castOptions(c)
		if !ok {
			return nil, true, false
		}
		more.abilityN, more.abilityT = opts.abilityN, opts.abilityT
		if more.abilityN == 0 {
			more.abilityN = opts.abilityN
		}
		b, ok := done(func(r *run) (engine.Action, error) { return r.activate(who, card, more, false) })
		return b, true, ok
	case c.eat("passes"), c.eat("passes", "priority"):
		c.eat("priority")
		b, ok := done(func(r *run) (engine.Action, error) { return engine.PassPriority{Player: r.player(who)}, nil })
		return b, true, ok
	case c.eat("attacks", "with"):
		// "A attacks with Bears, Elves [attacking B][; Giant attacking C]":
		// each group attacks a player or a planeswalker (802.3).
		type group struct {
			rs   []ref
			at   target // zero: the next opponent
			band bool   // "in a band" (702.22c)
		}
		var groups []group
		if !c.eat("nothing") {
			for {
				rs, ok := c.refs()
				if !ok {
					p.errorf("attacks with which creatures")
					return nil, true, false
				}
				g := group{rs: rs}
				g.band = c.eat("in", "a", "band")
				if c.eat("attacking") {
					tg, ok := p.target(c)
					if !ok {
						p.errorf("attacking which player or planeswalker")
						return nil, true, false
					}
					g.at = tg
				}
				groups = append(groups, g)
				if !c.sym(";") {
					break
				}
			}
		}
		b, ok := done(func(r *run) (engine.Action, error) {
			a := engine.DeclareAttackers{Player: r.player(who), Defender: r.player(who)}
			named := false
			for _, g := range groups {
				var at engine.Target
				if g.at != (target{}) {
					tg, err := r.target(g.at, cardtext.Battlefield)
					if err != nil {
						return nil, err
					}
					at, named = tg, true
				}
				var band []cardtext.ObjectID
				for _, x := range g.rs {
					o, err := r.object(x, cardtext.Battlefield)
					if err != nil {
						return nil, err
					}
					a.Attackers = append(a.Attackers, o.ID)
					a.At = append(a.At, at)
					band = append(band, o.ID)
				}
				if g.band {
					a.Bands = append(a.Bands, band)
				}
			}
			if !named {
				a.At = nil // each attacks the next opponent in turn order
			} else {
				for _, g := range groups {
					if g.at == (target{}) {
						return nil, fmt.Errorf("say which player or planeswalker each creature attacks: %s attacks no one named", g.rs[0])
					}
				}
			}
			return a, nil
		})
		return b, true, ok
	case c.eat("blocks"):
		// "B blocks Attacker with Blocker[, Attacker2 with Blocker2]"
		var pairs [][2]ref
		if c.eat("nothing") || c.eat("with", "nothing") {
			b, ok := done(func(r *run) (engine.Action, error) {
				return engine.DeclareBlockers{Player: r.player(who)}, nil
			})
			return b, true, ok
		}
		for {
			atk, ok := c.ref()
			if !ok || !c.eat("with") {
				p.errorf("blocks ATTACKER with BLOCKER[, BLOCKER]")
				return nil, true, false
			}
			bls, ok := c.refs()
			if !ok {
				p.errorf("blocks ATTACKER with BLOCKER")
				return nil, true, false
			}
			for _, bl := range bls {
				pairs = append(pairs, [2]ref{bl, atk})
			}
			if !c.sym(";") {
				break
			}
		}
		b, ok := done(func(r *run) (engine.Action, error) {
			var blocks [][2]cardtext.ObjectID
			for _, pr := range pairs {
				bl, err := r.object(pr[0], cardtext.Battlefield)
				if err != nil {
					return nil, err
				}
				at, err := r.object(pr[1], cardtext.Battlefield)
				if err != nil {
					return nil, err
				}
				blocks = append(blocks, [2]cardtext.ObjectID{bl.ID, at.ID})
			}
			return engine.DeclareBlockers{Player: r.player(who), Blocks: blocks}, nil
		})
		return b, true, ok
	case c.eat("assigns"):
		// "A assigns Elvish Regrower's damage: 1 to Vampire Spawn, 3 to
		// Helpful Hunter"; several creatures' at once, checked as a whole
		// (510.1e), separated by ";".
		type assignment struct {
			who ref
			tos []target
			ns  []int
		}
		var all []assignment
		for {
			atk, ok := c.ref()
			if !ok || !possessive(c) || !c.eat("damage") {
				p.errorf("assigns ATTACKER's damage: N to X, M to Y")
				return nil, true, false
			}
			c.sym(":")
			as := assignment{who: atk}
			for {
				n, ok := c.int()
				if !ok || !c.eat("to") {
					p.errorf("N to a blocker or player")
					return nil, true, false
				}
				tg, ok := p.target(c)
				if !ok {
					p.errorf("N to a blocker or player")
					return nil, true, false
				}
				as.tos, as.ns = append(as.tos, tg), append(as.ns, n)
				if !c.sym(",") && !c.eat("and") {
					break
				}
			}
			all = append(all, as)
			if !c.sym(";") {
				break
			}
		}
		b, ok := done(func(r *run) (engine.Action, error) {
			var out []combat.Assignment
			for _, as := range all {
				at, err := r.object(as.who, cardtext.Battlefield)
				if err != nil {
					return nil, err
				}
				var to []engine.Target
				for _, x := range as.tos {
					tg, err := r.target(x, cardtext.Battlefield)
					if err != nil {
						return nil, err
					}
					to = append(to, tg)
				}
				out = append(out, combat.Assignment{Attacker: at.ID, To: to, N: as.ns})
			}
			return engine.AssignDamage{Attacker: out[0].Attacker, To: out[0].To, N: out[0].N, Also: out[1:]}, nil
		})
		return b, true, ok
	case c.eat("announces"):
		// "A announces Vastwood Gorger's damage assignment order: Serra
		// Angel, Llanowar Elves, Runeclaw Bear" (509.2, 509.3).
		cr, ok := c.ref()
		if !ok || !possessive(c) || !c.eat("damage assignment order") {
			p.errorf("announces CREATURE's damage assignment order: X, Y, Z")
			return nil, true, false
		}
		c.sym(":")
		order, ok := c.refs()
		if !ok {
			p.errorf("announces CREATURE's damage assignment order: X, Y, Z")
			return nil, true, false
		}
		b, ok := done(func(r *run) (engine.Action, error) {
			x, err := r.object(cr, cardtext.Battlefield)
			if err != nil {
				return nil, err
			}
			a := engine.AnnounceOrder{Player: r.player(who), Creature: x.ID}
			for _, o := range order {
				y, err := r.object(o, cardtext.Battlefield)
				if err != nil {
					return nil, err
				}
				a.Order = append(a.Order, y.ID)
			}
			return a, nil
		})
		return b, true, ok
	}
	return nil, false, false
}

// possessive reads "'s" after a name, or "'" after one ending in s
// ("Durkwood Boars' damage").
func possessive(c *cursor) bool {
	return c.eat("'s") || c.eat("’s") || c.eat("'") || c.eat("’")
}

// cast builds a CastSpell from a step.
func (r *run) cast(who string, card ref, o castOpts) (engine.Action, error) {
	x, err := r.object(card, cardtext.Hand)
	if err != nil {
		return nil, err
	}
	a := engine.CastSpell{Player: r.player(who), Card: x.ID, X: o.x, Alt: o.alt, Modes: o.modes, Bestow: o.bestow, FaceDown: o.faceDown}
	if o.modesBy != "" {
		a.ModesBy = int(r.player(o.modesBy)) + 1
	}
	if o.as != "" {
		switch {
		case x.Card.SplitHalf(o.as) > 0:
			a.Half = x.Card.SplitHalf(o.as)
		case x.Card.Back != nil && strings.EqualFold(x.Card.Back.Name, o.as):
			a.Back = true
		case x.Card.Adventure != nil && strings.EqualFold(x.Card.Adventure.Name, o.as):
			a.Adventure = true // 715.3
		case !strings.EqualFold(x.Card.Name, o.as):
			return nil, fmt.Errorf("%s has no half, face or Adventure named %s", x.Label, o.as)
		}
	}
	if a.Targets, err = r.targets(o.targets); err != nil {
		return nil, err
	}
	ch := r.st.Chars(x)
	for _, k := range o.kicker {
		i := 0
		found := false
		for _, ab := range ch.Abilities {
			if ab.Kind == cardtext.AbKeyword && ab.Keyword == "kicker" {
				for _, kk := range append([]*cardtext.Ability{ab}, ab.Parts...) {
					if k == "" || strings.EqualFold(kk.KCost.Mana.String(), k) {
						a.Kicker = append(a.Kicker, i)
						found = true
						break
					}
					i++
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("%s has no kicker %s", x.Label, k)
		}
	}
	for _, s := range o.splice {
		c, err := r.object(s, cardtext.Hand)
		if err != nil {
			return nil, err
		}
		a.Splice = append(a.Splice, c.ID)
	}
	if a.Sac, err = r.ids(o.sac, cardtext.Battlefield); err != nil {
		return nil, err
	}
	if a.Convoke, err = r.ids(o.convoke, cardtext.Battlefield); err != nil {
		return nil, err
	}
	if a.Waterbend, err = r.ids(o.water, cardtext.Battlefield); err != nil {
		return nil, err
	}
	if a.Discard, err = r.ids(o.discard, cardtext.Hand); err != nil {
		return nil, err
	}
	if a.Reveal, err = r.ids(o.reveal, cardtext.Hand); err != nil {
		return nil, err
	}
	if o.pay != nil {
		a.Pay = *o.pay
	}
	return a, nil
}

// activate builds an Activate from a step; mana picks a mana ability.
func (r *run) activate(who string, card ref, o castOpts, mana bool) (engine.Action, error) {
	x, err := r.object(card, cardtext.Battlefield)
	if err != nil {
		return nil, err
	}
	ch := r.st.Chars(x)
	var idx []int
	for i, ab := range ch.Abilities {
		if ab.Kind != cardtext.AbActivated || (mana && !ab.Mana) {
			continue
		}
		if o.abilityT != "" && !strings.HasPrefix(strings.ToLower(ab.Display(ch.Name)), strings.ToLower(o.abilityT)) {
			continue
		}
		idx = append(idx, i)
	}
	pick := -1
	switch {
	case o.abilityN > 0 && o.abilityN <= len(idx):
		pick = idx[o.abilityN-1]
	case len(idx) == 1:
		pick = idx[0]
	case len(idx) == 0:
		return nil, fmt.Errorf("%s has no such activated ability", x.Label)
	default:
		var ts []string
		for _, i := range idx {
			ts = append(ts, `"`+ch.Abilities[i].Display(ch.Name)+`"`)
		}
		return nil, fmt.Errorf("%s has %d activated abilities (%s); say which: %s activates %s's first ability, or %s activates %s \"{T}\"",
			x.Label, len(idx), strings.Join(ts, ", "), who, card, who, card)
	}
	if len(o.reveal) > 0 {
		return nil, fmt.Errorf("revealing a card pays a spell's cost; %s's abilities don't ask for it", x.Label)
	}
	a := engine.Activate{Player: r.player(who), Object: x.ID, Ability: pick, X: o.x, Remove: o.remove}
	if o.targetBy != "" {
		a.TargetsBy = int(r.player(o.targetBy)) + 1
	}
	if a.Targets, err = r.targets(o.targets); err != nil {
		return nil, err
	}
	if a.Sac, err = r.ids(o.sac, cardtext.Battlefield); err != nil {
		return nil, err
	}
	if a.Discard, err = r.ids(o.discard, cardtext.Hand); err != nil {
		return nil, err
	}
	if a.Tap, err = r.ids(o.tap, cardtext.Battlefield); err != nil {
		return nil, err
	}
	if o.pay != nil {
		a.Pay = *o.pay
	}
	return a, nil
}

func (r *run) targets(ts []target) ([]engine.Target, error) {
	var out []engine.Target
	for _, t := range ts {
		tg, err := r.target(t, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		out = append(out, tg)
	}
	return out, nil
}

func (r *run) ids(rs []ref, prefer cardtext.Zone) ([]cardtext.ObjectID, error) {
	var out []cardtext.ObjectID
	for _, x := range rs {
		o, err := r.object(x, prefer)
		if err != nil {
			return nil, err
		}
		out = append(out, o.ID)
	}
	return out, nil
}

// moreRefs reads the cards after a cost word ("sacrificing A, B") into
// *into, or reports question as the error when none follow.
func (p *parser) moreRefs(c *cursor, into *[]ref, question string) bool {
	rs, ok := c.refs()
	if !ok {
		p.errorf("%s", question)
		return false
	}
	*into = append(*into, rs...)
	return true
}
