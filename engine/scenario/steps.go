package scenario

import (
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// step reads one line of the steps section. A step may end "=> rejected"
// (the engine must refuse it), optionally with the rule the refusal cites.
func (p *parser) step(l string) {
	st := &Step{Line: p.line, Text: l}
	if c := p.cursor(l); c.eat("verify") {
		chk, ok := p.wholeExpectation(c)
		if !ok {
			return
		}
		st.verify = chk
		p.sc.Steps = append(p.sc.Steps, st)
		return
	}
	body := l
	if i := strings.Index(l, "=>"); i >= 0 {
		body = strings.TrimSpace(l[:i])
		c := p.cursor(l[i+2:])
		if !c.eat("rejected") {
			p.errorf("after \"=>\" write: rejected [RULE]")
			return
		}
		st.Reject = true
		if !c.end() {
			k, ok := p.ruleRef(c.s)
			if !ok {
				return
			}
			st.Rule = k
		}
	}
	p.choiceStep, p.resolveAll = false, false
	p.cur, p.body = st, body
	build, ok := p.action(p.cursor(body))
	p.cur, p.body = nil, ""
	if !ok {
		return
	}
	st.build, st.choice, st.all = build, p.choiceStep, p.resolveAll
	p.sc.Steps = append(p.sc.Steps, st)
}

type builder = func(*run) (engine.Action, error)

// target is a player or an object, resolved when the step runs.
type target struct {
	player string
	obj    ref
}

func (p *parser) target(c *cursor) (target, bool) {
	if who, ok := c.player(); ok {
		return target{player: who}, true
	}
	if r, ok := c.ref(); ok {
		return target{obj: r}, true
	}
	return target{}, false
}

func (r *run) target(t target, prefer cardtext.Zone) (engine.Target, error) {
	if t.player != "" {
		return engine.PlayerTarget(r.player(t.player)), nil
	}
	o, err := r.object(t.obj, prefer)
	if err != nil {
		return engine.Target{}, err
	}
	return engine.ObjectTarget(o.ID), nil
}

// counterKind reads "+1/+1 counter(s)", "poison counters", "storage counter".
func counterKind(c *cursor) (string, bool) {
	k := strings.ToLower(c.word())
	if _, ok := c.eatAny("counters", "counter"); !ok || k == "" {
		return "", false
	}
	return k, true
}

// action parses a step's words into a builder that makes the engine action
// when the step runs (references resolve against the state at that moment).
func (p *parser) action(c *cursor) (builder, bool) {
	fail := func() (builder, bool) {
		if p.tried != nil { // StepForms reading the forms: no help yet
			return nil, false
		}
		p.errorf("can't read step %q; %s", clip(c.s), stepHelp())
		return nil, false
	}
	done := func(b builder) (builder, bool) {
		if !c.end() {
			p.errorf("unexpected %q at the end of the step", clip(c.s))
			return nil, false
		}
		return b, true
	}
	switch {
	case c.eat("check"):
		return done(func(*run) (engine.Action, error) { return engine.CheckSBA{}, nil })
	case c.eat("resolve", "all"), c.eat("resolve", "the", "stack"):
		p.resolveAll = true
		return done(func(*run) (engine.Action, error) { return engine.ResolveTop{}, nil })
	case c.eat("resolve"):
		c.eat("it")
		return done(func(*run) (engine.Action, error) { return engine.ResolveTop{}, nil })
	case c.eat("next", "step"):
		return done(func(*run) (engine.Action, error) { return engine.NextStep{}, nil })
	case c.eat("go", "to"):
		c.eat("the")
		c.eat("next")
		who := ""
		if w, ok := c.player(); ok {
			who = w
		}
		if c.eat("turn") || c.eat("next", "turn") {
			return done(func(r *run) (engine.Action, error) {
				pl := engine.PlayerID(-1)
				if who != "" {
					pl = r.player(who)
				}
				return engine.GoTo{Step: cardtext.StepUpkeep, Player: pl}, nil
			})
		}
		st, ok := cardtext.ParseStep(strings.TrimSpace(c.s))
		if !ok {
			p.errorf("go to which step: upkeep, draw step, main phase, beginning of combat, declare attackers, declare blockers, combat damage, end of combat, postcombat main, end step, cleanup; or B's upkeep")
			return nil, false
		}
		c.s = ""
		return done(func(r *run) (engine.Action, error) {
			pl := engine.PlayerID(-1)
			if who != "" {
				pl = r.player(who)
			}
			return engine.GoTo{Step: st, Player: pl}, nil
		})
	case c.eat("end", "step"), c.eat("end", "of", "step"):
		return done(func(*run) (engine.Action, error) { return engine.EndStep{}, nil })
	case c.eat("end", "phase"), c.eat("end", "of", "phase"):
		return done(func(*run) (engine.Action, error) { return engine.EndPhase{}, nil })
	case c.eat("end", "turn"), c.eat("end", "of", "turn"):
		return done(func(*run) (engine.Action, error) { return engine.EndTurn{}, nil })
	case c.eat("destroy"):
		o, ok := c.ref()
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			x, err := r.object(o, cardtext.Battlefield)
			if err != nil {
				return nil, err
			}
			return engine.Destroy{Object: x.ID}, nil
		})
	case c.eat("transform"):
		return p.transform(c, done, fail)
	case c.eat("flip"):
		return p.flip(c, done, fail)
	case c.eat("tap"):
		return p.tap(c, false, done, fail)
	case c.eat("untap"):
		return p.tap(c, true, done, fail)
	case c.eat("put"):
		return p.putCounters(c, done, fail)
	case c.eat("remove"):
		return p.removeCounters(c, done, fail)
	case c.eat("move"):
		o, ok := c.ref()
		if !ok {
			return fail()
		}
		z, _, ok := c.zone()
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			x, err := r.object(o, 0)
			if err != nil {
				return nil, err
			}
			return engine.Move{Object: x.ID, To: z}, nil
		})
	}
	if n, ok := c.int(); ok { // "3 damage to Bears"
		if !c.eat("damage") || !c.eat("to") {
			return fail()
		}
		t, ok := p.target(c)
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			to, err := r.target(t, cardtext.Battlefield)
			if err != nil {
				return nil, err
			}
			return engine.DealDamage{To: to, N: n}, nil
		})
	}
	if src, ok := c.ref(); ok { // "Shock deals 2 damage to Bears"
		if !c.eat("deals") {
			return fail()
		}
		n, ok := c.int()
		if !ok || !c.eat("damage") || !c.eat("to") {
			return fail()
		}
		t, ok := p.target(c)
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			s, err := r.object(src, 0)
			if err != nil {
				return nil, err
			}
			to, err := r.target(t, cardtext.Battlefield)
			if err != nil {
				return nil, err
			}
			return engine.DealDamage{Source: s.ID, To: to, N: n}, nil
		})
	}
	who, ok := c.player()
	if !ok {
		return fail()
	}
	return p.playerAction(c, who, done, fail)
}

func (p *parser) tap(c *cursor, untap bool, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	o, ok := c.ref()
	if !ok {
		return fail()
	}
	return done(func(r *run) (engine.Action, error) {
		x, err := r.object(o, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		if untap {
			return engine.Untap{Object: x.ID}, nil
		}
		return engine.Tap{Object: x.ID}, nil
	})
}

// putCounters reads "N KIND counters on TARGET" after "put".
func (p *parser) putCounters(c *cursor, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	n, ok := c.count()
	if !ok {
		return fail()
	}
	kind, ok := counterKind(c)
	if !ok || !c.eat("on") {
		return fail()
	}
	t, ok := p.target(c)
	if !ok {
		return fail()
	}
	return done(func(r *run) (engine.Action, error) {
		to, err := r.target(t, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		return engine.PutCounters{On: to, Kind: kind, N: n}, nil
	})
}

// removeCounters reads "N KIND counters from TARGET" after "remove".
func (p *parser) removeCounters(c *cursor, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	n, ok := c.count()
	if !ok {
		return fail()
	}
	kind, ok := counterKind(c)
	if !ok || !c.eat("from") {
		return fail()
	}
	t, ok := p.target(c)
	if !ok {
		return fail()
	}
	return done(func(r *run) (engine.Action, error) {
		from, err := r.target(t, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		return engine.RemoveCounters{From: from, Kind: kind, N: n}, nil
	})
}

// playerAction reads what follows a player's name.
func (p *parser) playerAction(c *cursor, who string, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	if b, matched, ok := p.playStep(c, who, done); matched {
		return b, ok
	}
	switch {
	case c.eat("for"):
		// "A for B casts Shock targeting B": A makes B's decision, as the
		// player controlling B (722.5).
		whom, ok := c.player()
		if !ok || whom == who {
			return fail()
		}
		inner, ok := p.playerAction(c, whom, done, fail)
		if !ok {
			return nil, false
		}
		return func(r *run) (engine.Action, error) {
			a, err := inner(r)
			if err != nil {
				return nil, err
			}
			return engine.ActFor{By: r.player(who), Action: a}, nil
		}, true
	case c.eat("proposes", "a", "shortcut", "to") || c.eat("shortens", "the", "shortcut", "to"):
		// "A proposes a shortcut to B's upkeep": all players pass at every
		// opportunity until then (731.2a); "B shortens the shortcut to
		// beginning of combat": B will choose differently there (731.2b).
		propose := strings.HasPrefix(c.last, "proposes")
		c.eat("the")
		whose, _ := c.player()
		st, ok := cardtext.ParseStep(strings.TrimSpace(c.s))
		if !ok {
			p.errorf("to which step: upkeep, draw step, main phase, beginning of combat, …, end step; or B's upkeep")
			return nil, false
		}
		c.s = ""
		return done(func(r *run) (engine.Action, error) {
			pl := r.st.Active
			if whose != "" {
				pl = r.player(whose)
			}
			end := engine.Place{Active: pl, Priority: pl, Step: st}
			if propose {
				return engine.ProposeShortcut{Player: r.player(who), End: end}, nil
			}
			return engine.AnswerShortcut{Player: r.player(who), Shorten: &end}, nil
		})
	case c.eat("accepts", "the", "shortcut"):
		return done(func(r *run) (engine.Action, error) { return engine.AnswerShortcut{Player: r.player(who)}, nil })
	case c.eat("agrees", "to", "a", "draw"), c.eat("agrees", "to", "an", "intentional", "draw"):
		return done(func(r *run) (engine.Action, error) { return engine.AgreeDraw{Player: r.player(who)}, nil })
	case c.eat("concedes"):
		c.eatAny("the game")
		return done(func(r *run) (engine.Action, error) { return engine.Concede{Player: r.player(who)}, nil })
	case c.eat("plays"):
		o, ok := c.ref()
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			x, err := r.object(o, cardtext.Hand)
			if err != nil {
				return nil, err
			}
			return engine.PlayLand{Player: r.player(who), Card: x.ID}, nil
		})
	case c.eat("draws", "a", "starting", "hand"), c.eat("draws", "their", "starting", "hand"), c.eat("draws", "an", "opening", "hand"):
		// 103.5: the starting hand size (902.5).
		return done(func(r *run) (engine.Action, error) { return engine.DrawHand{Player: r.player(who)}, nil })
	case c.eat("takes", "a", "mulligan"), c.eat("mulligans"):
		return done(func(r *run) (engine.Action, error) { return engine.Mulligan{Player: r.player(who)}, nil })
	case c.eat("keeps"):
		c.eatAny("their hand", "the hand")
		return done(func(r *run) (engine.Action, error) { return engine.Keep{Player: r.player(who)}, nil })
	case c.eat("draws"):
		n := 1
		if k, ok := c.count(); ok {
			n = k
		}
		c.eatAny("cards", "card")
		return done(func(r *run) (engine.Action, error) { return engine.Draw{Player: r.player(who), N: n}, nil })
	case c.eat("puts"):
		if n, ok := c.count(); ok { // "A puts 2 +1/+1 counters on Bears"
			kind, ok := counterKind(c)
			if !ok || !c.eat("on") {
				return fail()
			}
			t, ok := p.target(c)
			if !ok {
				return fail()
			}
			return done(func(r *run) (engine.Action, error) {
				to, err := r.target(t, cardtext.Battlefield)
				if err != nil {
					return nil, err
				}
				return engine.PutCounters{On: to, Kind: kind, N: n}, nil
			})
		}
		o, ok := c.ref()
		if !ok {
			return fail()
		}
		z := cardtext.Battlefield
		if !c.end() {
			var ok bool
			if z, _, ok = c.zone(); !ok {
				return fail()
			}
		}
		return done(func(r *run) (engine.Action, error) {
			x, err := r.object(o, 0)
			if err != nil {
				return nil, err
			}
			pl := r.player(who)
			return engine.Move{Object: x.ID, To: z, Controller: &pl}, nil
		})
	case c.eat("creates"):
		n := 1
		if k, ok := c.count(); ok {
			n = k
		}
		o, ok := c.ref()
		if !ok || o.Index != 0 {
			return fail()
		}
		c.eatAny("tokens", "token")
		return done(func(r *run) (engine.Action, error) {
			card, err := r.card(o.Name)
			if err != nil {
				return nil, err
			}
			return engine.CreateToken{Player: r.player(who), Card: card, N: n}, nil
		})
	case c.eat("gets"):
		n, ok := c.count()
		if !ok {
			return fail()
		}
		kind, ok := counterKind(c)
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			return engine.PutCounters{On: engine.PlayerTarget(r.player(who)), Kind: kind, N: n}, nil
		})
	case c.eat("gains"):
		return p.life(c, who, true, done, fail)
	case c.eat("loses"):
		return p.life(c, who, false, done, fail)
	case c.eat("sacrifices"):
		os, ok := c.refs()
		if !ok {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) {
			var ids []cardtext.ObjectID
			for _, o := range os {
				x, err := r.object(o, cardtext.Battlefield)
				if err != nil {
					return nil, err
				}
				ids = append(ids, x.ID)
			}
			return engine.Sacrifice{Player: r.player(who), Objects: ids}, nil
		})
	case c.eat("adds"):
		m, err := cardtext.ParseMana(c.mana())
		if err != nil {
			p.errorf("%v", err)
			return nil, false
		}
		if m.Total() == 0 {
			return fail()
		}
		return done(func(r *run) (engine.Action, error) { return engine.AddMana{Player: r.player(who), Mana: m}, nil })
	case c.eat("taps"):
		save := c.s
		if o, ok := c.ref(); ok && c.eat("for") {
			// "A taps Forest for mana": its mana ability (605).
			var opts castOpts
			if m := c.mana(); m != "" {
				opts.abilityT = "{T}: Add " + m
			} else if !c.eat("mana") {
				return fail()
			}
			more, ok := p.castOptions(c)
			if !ok {
				return nil, false
			}
			more.abilityT = opts.abilityT
			return done(func(r *run) (engine.Action, error) { return r.activate(who, o, more, true) })
		}
		c.s = save
		return p.tap(c, false, done, fail)
	case c.eat("untaps"):
		return p.tap(c, true, done, fail)
	case c.eat("transforms"):
		return p.transform(c, done, fail)
	case c.eat("flips"):
		return p.flip(c, done, fail)
	case c.eat("turns"):
		return p.turnFaceUp(c, who, done, fail)
	case c.eat("destroys"):
		return p.action(p.cursor("destroy " + c.s))
	case c.eat("orders"):
		// "A orders triggers: Soul Net, Dingus Egg": the order A puts
		// their triggered abilities on the stack (603.3b), the first
		// named first, so the last named resolves first.
		if !c.eat("triggers") && !c.eat("triggered abilities") {
			return fail()
		}
		c.sym(":")
		var names []string
		for {
			// "Sparring Golem", "Soul Net#2", "Sparring Golem's second
			// ability" (among its triggered abilities), "Vampire
			// Nighthawk's lifelink".
			x, ok := c.ref()
			if !ok {
				return fail()
			}
			name := x.String()
			if c.eat("'s") || c.eat("’s") {
				// "second ability", or a keyword: "lifelink"
				end := len(c.s)
				for _, sep := range []string{",", " and "} {
					if i := strings.Index(c.s, sep); i >= 0 && i < end {
						end = i
					}
				}
				what := strings.ToLower(strings.TrimSpace(c.s[:end]))
				if what == "" {
					return fail()
				}
				c.s = strings.TrimLeft(c.s[end:], " \t")
				name += "'s " + what
			}
			names = append(names, name)
			if !c.sym(",") && !c.eat("and") {
				break
			}
		}
		if len(names) < 2 {
			return fail()
		}
		p.choiceStep = true
		return done(func(r *run) (engine.Action, error) {
			return engine.Choose{Player: r.player(who), Order: names}, nil
		})
	case c.eat("chooses"):
		c.eat("a")
		if kw, ok := c.eatAny("creature type", "land type", "artifact type", "enchantment type", "planeswalker type", "spell type", "planar type"); ok {
			c.sym(":")
			kind, _ := cardtext.ParseKind(strings.Fields(kw)[0])
			name := strings.Trim(c.s, `"“” `)
			if name == "" {
				return fail()
			}
			return func(r *run) (engine.Action, error) {
				return engine.ChooseSubtype{Player: r.player(who), Kind: kind, Name: name}, nil
			}, true
		}
		if c.eat("card name") {
			// "A chooses card name Phyrexian Walker": a name, not the
			// object of that name (201.4a)
			c.sym(":")
			name := strings.Trim(strings.TrimSpace(c.s), `"“” `)
			if name == "" {
				return fail()
			}
			c.s = ""
			p.choiceStep = true
			return done(func(r *run) (engine.Action, error) { return engine.Choose{Player: r.player(who), Word: name}, nil })
		}
		p.choiceStep = true
		if pl, ok := c.player(); ok {
			return done(func(r *run) (engine.Action, error) {
				id := r.player(pl)
				return engine.Choose{Player: r.player(who), Target: &id}, nil
			})
		}
		if q := strings.TrimSpace(c.s); len(q) > 1 && strings.ContainsAny(q[:1], `"“`) && !strings.Contains(q, "#") {
			// A quoted answer that may be words, such as a name to
			// announce (123.6b): "A chooses "Bear Dark Cub"". If the
			// choice has no such words, it names a card.
			w := strings.Trim(q, `"“” `)
			save := *c
			if rs, ok := c.refs(); ok && len(rs) == 1 {
				return done(func(r *run) (engine.Action, error) {
					if pc := r.st.Pending; pc != nil && slices.ContainsFunc(pc.Words, func(x string) bool { return strings.EqualFold(x, w) }) {
						return engine.Choose{Player: r.player(who), Word: w}, nil
					}
					if id, ok, err := r.option(rs[0]); ok || err != nil {
						return engine.Choose{Player: r.player(who), Object: id, Objects: []cardtext.ObjectID{id}}, err
					}
					x, err := r.object(rs[0], cardtext.Battlefield)
					if err != nil {
						return nil, err
					}
					return engine.Choose{Player: r.player(who), Object: x.ID, Objects: []cardtext.ObjectID{x.ID}}, nil
				})
			}
			*c = save
			c.s = ""
			return done(func(r *run) (engine.Action, error) { return engine.Choose{Player: r.player(who), Word: w}, nil })
		}
		if c.eat("nothing") {
			return done(func(r *run) (engine.Action, error) {
				return engine.Choose{Player: r.player(who), Objects: []cardtext.ObjectID{}}, nil
			})
		}
		if rs, ok := c.refs(); ok {
			return done(func(r *run) (engine.Action, error) {
				var ids []cardtext.ObjectID
				for _, o := range rs {
					if id, ok, err := r.option(o); ok || err != nil {
						if err != nil {
							return nil, err
						}
						ids = append(ids, id)
						continue
					}
					x, err := r.object(o, cardtext.Battlefield)
					if err != nil {
						return nil, err
					}
					ids = append(ids, x.ID)
				}
				if len(ids) == 1 {
					return engine.Choose{Player: r.player(who), Object: ids[0], Objects: ids}, nil
				}
				return engine.Choose{Player: r.player(who), Objects: ids}, nil
			})
		}
		// A word: yes, no, a color, a creature type.
		w := strings.Trim(strings.TrimSpace(c.s), `"“”`)
		if w == "" || strings.Contains(w, " ") && !strings.HasPrefix(strings.ToLower(w), "not ") {
			return fail()
		}
		c.s = ""
		return done(func(r *run) (engine.Action, error) { return engine.Choose{Player: r.player(who), Word: w}, nil })
	}
	return fail()
}

// life reads "N life" after "gains" or "loses".
func (p *parser) life(c *cursor, who string, gain bool, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	n, ok := c.int()
	if !ok || !c.eat("life") {
		return fail()
	}
	return done(func(r *run) (engine.Action, error) {
		if gain {
			return engine.GainLife{Player: r.player(who), N: n}, nil
		}
		return engine.LoseLife{Player: r.player(who), N: n}, nil
	})
}
