package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// expectHeader reads "expect", "expect from DATE", "expect before DATE".
func (p *parser) expectHeader(c *cursor) {
	from, before, ok := p.dateRange(c)
	if !ok {
		return
	}
	p.sc.Expects = append(p.sc.Expects, &ExpectBlock{Line: p.line, From: from, Before: before})
}

type check = func(*run) (bool, string, registry.Key)

const expectHelp = `expectations read like: "A life = 17", "A poison = 10", "A lost", "A graveyard count Isamaru = 1", ` +
	`"battlefield count = 0", "A mana pool empty", "Relic colors = colorless", "Gold colors = white black", ` +
	`"Tarmogoyf mana value = 2", "Dryad Arbor land types = Forest", "Bears pt = 3/3", "Bears counters +1/+1 = 1", ` +
	`"Bears tapped", "Bears damage = 2", "Bears in graveyard", "Wasp gone", "fired 704.5j", "not fired 704.5q", ` +
	`"moved Wasp to graveyard", "no pending choice", "A library top = Island", "A library order = Swamp, Island", ` +
	`"A library shuffled once"`

func (p *parser) expect(l string) {
	if len(p.sc.Expects) == 0 {
		p.errorf("expectation outside an expect section")
		return
	}
	c := p.cursor(l)
	chk, ok := p.wholeExpectation(c)
	if !ok {
		return
	}
	b := p.sc.Expects[len(p.sc.Expects)-1]
	b.Items = append(b.Items, &Expect{Line: p.line, Text: l, check: chk})
}

// wantInt reads "[=] N".
func (p *parser) wantInt(c *cursor) (int, bool) {
	c.sym("=")
	n, ok := c.signedInt()
	if !ok {
		p.errorf("expected a number, found %q", clip(c.s))
	}
	return n, ok
}

func eqInt(got, want int) (bool, string) { return got == want, strconv.Itoa(got) }

// wholeExpectation reads an expectation that must fill the rest of the line,
// as in the expect section and in a step's "verify".
func (p *parser) wholeExpectation(c *cursor) (check, bool) {
	chk, ok := p.expectation(c)
	if !ok {
		return chk, false
	}
	if !c.end() {
		p.errorf("unexpected %q at the end of the expectation", clip(c.s))
		return chk, false
	}
	return chk, true
}

func (p *parser) expectation(c *cursor) (check, bool) {
	fail := func() (check, bool) {
		p.errorf("can't read expectation %q; %s", clip(c.s), expectHelp)
		return nil, false
	}
	if w, ok := c.eatAny("fired", "not fired"); ok {
		not := w == "not fired"
		k, ok := p.ruleRef(c.word())
		if !ok {
			return nil, false
		}
		times := -1
		switch {
		case c.eat("once"):
			times = 1
		case c.eat("twice"):
			times = 2
		default:
			if n, ok := c.int(); ok {
				times = n
				c.eatAny("times", "time")
			}
		}
		return func(r *run) (bool, string, registry.Key) {
			n := 0
			for _, e := range r.events {
				if e.Key == k {
					n++
				}
			}
			got := fmt.Sprintf("%s fired %d time%s", r.cite(k), n, plural(n))
			if times >= 0 {
				return n == times, got, k
			}
			return (n > 0) != not, got, k
		}, true
	}
	switch {
	case c.eat("priority"):
		c.sym("=")
		who, ok := c.player()
		if !ok {
			return nil, p.bad("priority = a player")
		}
		return func(r *run) (bool, string, registry.Key) {
			return r.st.HasPriority(r.player(who)), r.st.Players[r.st.Priority].Name, registry.Pass
		}, true
	case c.eat("active"), c.eat("active", "player"):
		c.sym("=")
		who, ok := c.player()
		if !ok {
			return nil, p.bad("active = a player")
		}
		return func(r *run) (bool, string, registry.Key) {
			return r.st.IsActive(r.player(who)), r.st.Players[r.st.Active].Name, ""
		}, true
	case c.eat("step"):
		c.sym("=")
		c.eat("is")
		st, ok := cardtext.ParseStep(c.s)
		if !ok {
			return nil, p.bad("step = a step: upkeep, end step, …")
		}
		c.s = ""
		return func(r *run) (bool, string, registry.Key) {
			return r.st.Step == st, r.st.Step.String(), registry.StepBegin
		}, true
	case c.eat("seating"):
		return p.seatingExpect(c)
	case c.eat("turn", "markers"):
		// Grand Melee (807.4a): how many turn markers there are.
		n, ok := p.wantInt(c)
		if !ok {
			return nil, false
		}
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(r.st.TurnMarkers(), n)
			return ok, s, registry.TurnMarkers
		}, true
	case c.eat("turn"):
		n, ok := p.wantInt(c)
		if !ok {
			return nil, false
		}
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(r.st.Turn, n)
			return ok, s, ""
		}, true
	}
	switch {
	case c.eat("moved"):
		o, ok := c.ref()
		if !ok {
			return fail()
		}
		z, _, ok := c.zone()
		if !ok {
			return fail()
		}
		return func(r *run) (bool, string, registry.Key) {
			for _, e := range r.events {
				if e.Kind == engine.EvMove && e.To == z && o.matches(e.Object) {
					return true, e.Text, e.Key
				}
			}
			return false, "no event moved " + o.String() + " to " + r.ed.ZoneName(z), ""
		}, true
	case c.eat("in", "a", "subgame"), c.eat("in", "the", "main", "game"):
		want := c.last == "in a subgame"
		return func(r *run) (bool, string, registry.Key) {
			if n := r.st.InSubgame(); n > 0 {
				return want, "in a subgame", registry.Subgame
			}
			return !want, "in the main game", registry.Subgame
		}, true
	case c.eat("the", "game", "is", "a", "draw"), c.eat("game", "drawn"):
		return func(r *run) (bool, string, registry.Key) {
			if r.st.Drawn() {
				return true, "the game is a draw", registry.DrawAgreed
			}
			if r.st.Over() {
				return false, "the game is over with a winner", ""
			}
			return false, "the game goes on", ""
		}, true
	case c.eat("no", "pending", "choice"):
		return func(r *run) (bool, string, registry.Key) {
			if r.st.Pending != nil {
				return false, "pending: " + r.st.Pending.Prompt, r.st.Pending.Key
			}
			return true, "none", ""
		}, true
	}
	// A card whose name starts like a zone ("Battlefield Medic") is the
	// card.
	if save := c.s; true {
		if o, ok := c.ref(); ok && !c.eat("count") {
			return p.objectExpect(c, o)
		}
		c.s = save
	}
	// Shared zones with no player: "battlefield count Isamaru = 1".
	if z, who, ok := c.zone(); ok {
		if who != "" && (z == cardtext.Library || z == cardtext.Graveyard) {
			if chk, ok, found := p.zoneOrder(c, who, z); found {
				return chk, ok
			}
		}
		return p.zoneCount(c, who, z)
	}
	if who, ok := c.player(); ok {
		return p.playerExpect(c, who)
	}
	if o, ok := c.ref(); ok {
		return p.objectExpect(c, o)
	}
	return fail()
}

func (p *parser) zoneCount(c *cursor, who string, z cardtext.Zone) (check, bool) {
	if !c.eat("count") {
		p.errorf("expected \"count\" after the zone")
		return nil, false
	}
	var name *ref
	if o, ok := c.ref(); ok {
		name = &o
	}
	n, ok := p.wantInt(c)
	if !ok {
		return nil, false
	}
	return func(r *run) (bool, string, registry.Key) {
		pl := engine.PlayerID(-1)
		if who != "" {
			pl = r.player(who)
		}
		got := 0
		for _, o := range r.st.In(pl, z) {
			if name == nil || name.matches(o.Label) {
				got++
			}
		}
		ok, s := eqInt(got, n)
		return ok, s, ""
	}, true
}

func (p *parser) playerExpect(c *cursor, who string) (check, bool) {
	if chk, ok, found := p.tableExpect(c, who); found {
		return chk, ok
	}
	if chk, ok, found := p.casualPlayerExpect(c, who); found {
		return chk, ok
	}
	if chk, ok, found := p.controlExpect(c, who); found {
		return chk, ok
	}
	pl := func(r *run) engine.Player { return r.st.Players[r.player(who)] }
	switch {
	case c.eat("life"):
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(pl(r).Life, n)
			return ok, s, registry.LifeChange
		}, ok
	case c.eat("poison"):
		c.eatAny("counters")
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(pl(r).Counters.Get("poison"), n)
			return ok, s, registry.Counters
		}, ok
	case c.eat("counters"):
		kind := strings.ToLower(c.word())
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(pl(r).Counters.Get(kind), n)
			return ok, s, registry.Counters
		}, ok
	case c.eat("has", "priority"):
		return func(r *run) (bool, string, registry.Key) {
			return r.st.HasPriority(r.player(who)), r.st.Players[r.st.Priority].Name + " has priority", registry.Pass
		}, true
	case c.eat("not", "won"), c.eat("has", "not", "won"):
		return func(r *run) (bool, string, registry.Key) {
			if pl(r).Won {
				return false, "won", registry.Win
			}
			return true, "hasn't won", ""
		}, true
	case c.eat("won"), c.eat("wins"), c.eat("has", "won"):
		c.eatAny("the game")
		return func(r *run) (bool, string, registry.Key) {
			if pl(r).Won {
				return true, "won", registry.Win
			}
			return false, "hasn't won", ""
		}, true
	case c.eat("lost"), c.eat("has", "lost"), c.eat("loses"):
		c.eatAny("the game")
		return func(r *run) (bool, string, registry.Key) {
			p := pl(r)
			if p.Lost {
				return true, "lost (" + r.cite(p.LostBy) + ")", p.LostBy
			}
			return false, "still in the game", ""
		}, true
	case c.eat("left", "the", "game"), c.eat("has", "left", "the", "game"):
		return func(r *run) (bool, string, registry.Key) {
			if p := pl(r); p.Left {
				return true, "left the game", p.LostBy
			}
			return false, "still in the game", ""
		}, true
	case c.eat("in", "the", "game"), c.eat("still", "in", "the", "game"):
		return func(r *run) (bool, string, registry.Key) {
			if p := pl(r); p.Left {
				return false, "left the game", p.LostBy
			}
			return true, "still in the game", ""
		}, true
	case c.eat("not", "lost"), c.eat("has", "not", "lost"):
		return func(r *run) (bool, string, registry.Key) {
			p := pl(r)
			if p.Lost {
				return false, "lost (" + r.cite(p.LostBy) + ")", p.LostBy
			}
			return true, "still in the game", ""
		}, true
	case c.eat("mana", "pool"):
		c.sym("=")
		if c.eat("empty") {
			return func(r *run) (bool, string, registry.Key) {
				m := pl(r).Pool
				return m.Total() == 0, poolText(m), registry.ManaEmpty
			}, true
		}
		want, err := cardtext.ParseMana(c.mana())
		if err != nil {
			p.errorf("%v", err)
			return nil, false
		}
		return func(r *run) (bool, string, registry.Key) {
			m := pl(r).Pool
			return m == want, poolText(m), registry.ManaPool
		}, true
	}
	if z, _, ok := c.zone(); ok {
		if z == cardtext.Library || z == cardtext.Graveyard {
			if chk, ok, found := p.zoneOrder(c, who, z); found {
				return chk, ok
			}
		}
		return p.zoneCount(c, who, z)
	}
	p.errorf("can't read expectation about %s %q; %s", who, clip(c.s), expectHelp)
	return nil, false
}

func poolText(m cardtext.Mana) string {
	if m.Total() == 0 {
		return "empty"
	}
	return m.String()
}

func (p *parser) objectExpect(c *cursor, o ref) (check, bool) {
	chars := func(r *run) (engine.Chars, *engine.Object, error) { return r.chars(o) }
	type prop = func(engine.Chars, *engine.Object, *run) (bool, string, registry.Key)
	with := func(f prop) (check, bool) {
		return func(r *run) (bool, string, registry.Key) {
			ch, obj, err := chars(r)
			if err != nil {
				return false, err.Error(), ""
			}
			return f(ch, obj, r)
		}, true
	}
	needObj := func(f func(*engine.Object, *run) (bool, string, registry.Key)) (check, bool) {
		return func(r *run) (bool, string, registry.Key) {
			obj, err := r.object(o, 0)
			if err != nil {
				return false, err.Error(), ""
			}
			return f(obj, r)
		}, true
	}
	if chk, ok, found := p.casualObjectExpect(c, o); found {
		return chk, ok
	}
	switch {
	case c.eat("name"):
		c.sym("=")
		want := strings.Trim(strings.TrimSpace(c.s), `"`)
		c.s = ""
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			return strings.EqualFold(ch.Name, want), ch.Name, ""
		})
	case c.eat("mana", "cost"), c.eat("cost"):
		c.sym("=")
		none := c.eat("none")
		var want cardtext.ManaCost
		if !none {
			m, err := cardtext.ParseManaCost(c.mana())
			if err != nil || m == nil {
				return nil, p.bad("cost = {2}{W}, or none")
			}
			want = m
		}
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			// A cost is the same cost however its symbols are written out:
			// a split card's {1}{R}{1}{U} is {2}{U}{R} (709.4b).
			got := costText(ch.Cost.Combined())
			if ch.Cost.String() != ch.Cost.Combined().String() {
				got += " (" + ch.Cost.String() + ")"
			}
			return ch.Cost.Combined().String() == want.Combined().String(), got, registry.ManaValueNone
		})
	case c.eat("mana", "symbols"):
		// The symbols an effect that looks at them one by one sees: a split
		// card's halves' separately (709.4b).
		c.sym("=")
		want, err := cardtext.ParseManaCost(c.mana())
		if err != nil || want == nil {
			return nil, p.bad("mana symbols = {1}{R}{1}{U}")
		}
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			return sameSymbols(ch.Cost, want), costText(ch.Cost), registry.SplitCost
		})
	case c.eat("has", "no", "name"):
		// A face-down permanent has no name (708.2a).
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			if ch.Name == "" {
				return true, "no name", registry.FaceDown
			}
			return false, ch.Name, registry.FaceDown
		})
	case c.eat("face", "down"), c.eat("is", "face", "down"), c.eat("face", "up"), c.eat("is", "face", "up"):
		want := strings.HasSuffix(c.last, "down")
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			if obj.FaceDown {
				return want, "face down", registry.FaceDown
			}
			return !want, "face up", registry.FaceDown
		})
	case c.eat("has", "no", "abilities"):
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			return len(ch.Abilities) == 0, abilitiesText(ch), registry.Layer6
		})
	case c.eat("has", "ability"), c.eat("has", "the", "ability"):
		want := strings.Trim(strings.TrimSpace(c.s), `"`)
		c.s = ""
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			return ch.HasAbilityText(want), abilitiesText(ch), registry.NameSelf
		})
	case c.eat("has", "no"), c.eat("doesn't", "have"), c.eat("does", "not", "have"), c.eat("has"):
		neg := c.last != "has"
		kw := strings.ToLower(strings.TrimSpace(c.s))
		c.s = ""
		if kw == "" {
			return nil, p.bad("has which keyword")
		}
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			has := ch.HasKeyword(kw)
			for _, a := range ch.Abilities {
				if strings.EqualFold(a.Display(ch.Name), kw) {
					has = true
				}
			}
			return has != neg, abilitiesText(ch), registry.Layer6
		})
	case c.eat("pt", "layers"), c.eat("p/t", "layers"):
		c.sym("=")
		want := normalizeList(c.s)
		c.s = ""
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			var got []string
			for _, n := range ch.NotesFor("power/toughness") {
				got = append(got, n.Layer+" "+n.What)
			}
			s := strings.Join(got, ", ")
			return normalizeList(s) == want, s, registry.Layers
		})
	case c.eat("attached", "to"), c.eat("is", "attached", "to"), c.eat("not", "attached"), c.eat("is", "not", "attached"):
		// "Arcanum Wings attached to Grizzly Bears", "Rune of Flight not attached"
		neg := strings.Contains(c.last, "not")
		var to ref
		if !neg {
			var ok bool
			if to, ok = c.ref(); !ok {
				return nil, p.bad("attached to which permanent")
			}
		}
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			got := "not attached"
			if h := r.st.Object(obj.Attached); obj.Attached != 0 && h != nil {
				got = "attached to " + h.Label
			}
			if neg {
				return obj.Attached == 0 || r.st.Object(obj.Attached) == nil, got, registry.AuraSBA
			}
			h, err := r.object(to, cardtext.Battlefield)
			return err == nil && obj.Attached == h.ID, got, registry.AuraSBA
		})
	case c.eat("attacking"), c.eat("is", "attacking"):
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			got := attacking(r, obj.ID)
			return got, attackingText(got), registry.Attack
		})
	case c.eat("not", "attacking"), c.eat("is", "not", "attacking"):
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			got := attacking(r, obj.ID)
			return !got, attackingText(got), registry.Attack
		})
	case c.eat("blocking"), c.eat("is", "blocking"):
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			if r.st.Combat != nil {
				for _, a := range r.st.Combat.Attackers {
					if slices.Contains(a.Blockers, obj.ID) {
						return true, "blocking", registry.Block
					}
				}
			}
			return false, "not blocking", registry.Block
		})
	case c.eat("blocked"), c.eat("is", "blocked"):
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			if r.st.Combat != nil {
				for _, a := range r.st.Combat.Attackers {
					if a.ID == obj.ID && a.Blocked {
						return true, "blocked", registry.Block
					}
				}
			}
			return false, "not blocked", registry.Block
		})
	case c.eat("chosen", "color"):
		c.sym("=")
		col, ok := cardtext.ParseColor(c.word())
		if !ok {
			return nil, p.bad("chosen color = a color")
		}
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			if !obj.Chosen.HasColor {
				return false, "no color chosen", registry.EntersWith
			}
			return obj.Chosen.Color == col, obj.Chosen.Color.String(), registry.EntersWith
		})
	case c.eat("colors"), c.eat("color"), c.eat("is", "colorless"):
		want, ok := p.colorList(c)
		if !ok {
			return nil, false
		}
		return with(func(ch engine.Chars, _ *engine.Object, r *run) (bool, string, registry.Key) {
			k := registry.Color
			switch {
			case ch.Colors == 0:
				k = registry.Colorless
			case ch.Cost.Kinds().Has(cardtext.SymHybrid) || ch.Cost.Kinds().Has(cardtext.SymPhyrexian):
				k = registry.ColorHybrid
			}
			return ch.Colors == want, ch.Colors.String(), k
		})
	case c.eat("mana", "value"), c.eat("converted", "mana", "cost"), c.eat("cmc"):
		n, ok := p.wantInt(c)
		if !ok {
			return nil, false
		}
		return with(func(ch engine.Chars, _ *engine.Object, r *run) (bool, string, registry.Key) {
			got := ch.ManaValue()
			k := registry.ManaValue
			kinds := ch.Cost.Kinds()
			switch {
			case ch.Cost == nil:
				k = registry.ManaValueNone
			case kinds.Has(cardtext.SymPhyrexian) || kinds.Has(cardtext.SymHybridPhyrexian):
				k = registry.ManaValuePhyrexian
			case kinds.Has(cardtext.SymHybrid) || kinds.Has(cardtext.SymMonoHybrid):
				k = registry.ManaValueHybrid
			case kinds.Has(cardtext.SymVariable):
				k = registry.ManaValueX
			}
			if from, other := ch.ManaValueCost(); other {
				// 202.3b: a back face's mana value is its front face's.
				what := "from " + costText(from)
				if from == nil {
					what = "a copy"
				}
				return got == n, fmt.Sprintf("%d (%s)", got, what), registry.BackFaceMV
			}
			return got == n, fmt.Sprintf("%d (%s)", got, costText(ch.Cost)), k
		})
	case c.eat("types"), c.eat("card", "types"):
		return p.wordsExpect(c, with, func(ch engine.Chars) []string { return ch.Types.CardTypes }, registry.Subtypes)
	case c.eat("supertypes"):
		return p.wordsExpect(c, with, func(ch engine.Chars) []string { return ch.Types.Supertypes }, registry.Subtypes)
	case c.eat("subtypes"):
		return p.wordsExpect(c, with, func(ch engine.Chars) []string { return ch.Types.SubtypeNames() }, registry.Subtypes)
	case c.eat("pt"), c.eat("p/t"), c.eat("power/toughness"):
		c.sym("=")
		pw, ok1 := c.signedInt()
		if !c.sym("/") {
			return nil, p.bad("expected P/T like 2/2")
		}
		tg, ok2 := c.signedInt()
		if !ok1 || !ok2 {
			return nil, p.bad("expected P/T like 2/2")
		}
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			if !ch.HasPT {
				return false, "no power or toughness", ""
			}
			return ch.Power == pw && ch.Toughness == tg, fmt.Sprintf("%d/%d", ch.Power, ch.Toughness), registry.Counters
		})
	case c.eat("power"), c.eat("toughness"):
		tough := c.last == "toughness"
		n, ok := p.wantInt(c)
		if !ok {
			return nil, false
		}
		return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
			got := ch.Power
			if tough {
				got = ch.Toughness
			}
			ok, s := eqInt(got, n)
			return ok && ch.HasPT, s, ""
		})
	case c.eat("counters"):
		kind := strings.ToLower(c.word())
		n, ok := p.wantInt(c)
		if !ok {
			return nil, false
		}
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			ok, s := eqInt(obj.Counters.Get(kind), n)
			return ok, s, registry.Counters
		})
	case c.eat("transformed"), c.eat("is", "transformed"), c.eat("not", "transformed"), c.eat("is", "not", "transformed"):
		// 701.27g: a double-faced permanent with its back face up.
		want := !strings.Contains(c.last, "not")
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			got := obj.Transformed()
			return got == want, transformedText(got), registry.Transform
		})
	case c.eat("flipped"), c.eat("is", "flipped"), c.eat("not", "flipped"), c.eat("is", "not", "flipped"):
		want := !strings.Contains(c.last, "not")
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			if obj.Flipped {
				return want, "flipped", registry.Flip
			}
			return !want, "not flipped", registry.Flip
		})
	case c.eat("tapped"), c.eat("is", "tapped"):
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			return obj.Tapped, tappedText(obj), registry.Tap
		})
	case c.eat("untapped"), c.eat("is", "untapped"):
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			return !obj.Tapped, tappedText(obj), registry.Untap
		})
	case c.eat("damage"):
		n, ok := p.wantInt(c)
		if !ok {
			return nil, false
		}
		return needObj(func(obj *engine.Object, _ *run) (bool, string, registry.Key) {
			ok, s := eqInt(obj.Damage, n)
			return ok, s, registry.DamageCreature
		})
	case c.eat("gone"), c.eat("ceased", "to", "exist"), c.eat("does", "not", "exist"):
		return func(r *run) (bool, string, registry.Key) {
			var where []string
			for _, x := range r.st.Objects {
				if o.matches(x.Label) {
					where = append(where, x.Label+" in "+r.ed.ZoneName(x.Zone))
				}
			}
			if len(where) == 0 {
				return true, "gone", registry.SBAToken
			}
			return false, strings.Join(where, ", "), ""
		}, true
	case c.eat("controller"), c.eat("owner"):
		owner := c.last == "owner"
		c.sym("=")
		who, ok := c.player()
		if !ok {
			return nil, p.bad("name a player")
		}
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			got := obj.Controller
			if obj.Zone == cardtext.Battlefield {
				got = r.st.Chars(obj).Controller // layer 2, in a setup no action has refreshed too
			}
			if owner {
				got = obj.Owner
			}
			return got == r.player(who), r.st.Players[got].Name, ""
		})
	}
	if c.eat("zone") {
		c.sym("=")
	}
	if z, who, ok := c.zone(); ok {
		return needObj(func(obj *engine.Object, r *run) (bool, string, registry.Key) {
			ok := obj.Zone == z && (who == "" || obj.Owner == r.player(who) || (z == cardtext.Battlefield && obj.Controller == r.player(who)))
			return ok, r.where(obj), ""
		})
	}
	// "Dryad Arbor creature types = Dryad"
	if w, ok := c.eatAny("creature types", "land types", "artifact types", "enchantment types", "planeswalker types", "spell types", "planar types"); ok {
		kind, _ := cardtext.ParseKind(strings.Fields(w)[0])
		return p.wordsExpect(c, with, func(ch engine.Chars) []string { return ch.Types.SubtypesOf(kind) }, registry.Correlated)
	}
	p.errorf("can't read expectation about %s %q; %s", o, clip(c.s), expectHelp)
	return nil, false
}

func (p *parser) bad(msg string) bool { p.errorf("%s", msg); return false }

// abilitiesText lists an object's abilities for a failed expectation.
func abilitiesText(ch engine.Chars) string {
	ts := ch.AbilityTexts()
	if len(ts) == 0 {
		return "no abilities"
	}
	return strings.Join(ts, "; ")
}

// normalizeList folds a comma-separated list for comparison: lower case,
// single spaces.
func normalizeList(s string) string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		out = append(out, strings.ToLower(strings.Join(strings.Fields(x), " ")))
	}
	return strings.Join(out, ",")
}

func transformedText(b bool) string {
	if b {
		return "transformed: its back face is up"
	}
	return "not transformed: its front face is up"
}

func tappedText(o *engine.Object) string {
	if o.Tapped {
		return "tapped"
	}
	return "untapped"
}

func costText(c cardtext.ManaCost) string {
	if c == nil {
		return "no mana cost"
	}
	return c.String()
}

// wordsExpect reads "[=] word word …" or "none" and compares as sets,
// case-insensitively.
func (p *parser) wordsExpect(c *cursor, with func(func(engine.Chars, *engine.Object, *run) (bool, string, registry.Key)) (check, bool), get func(engine.Chars) []string, k registry.Key) (check, bool) {
	c.sym("=")
	var want []string
	if !c.eat("none") {
		for _, w := range strings.FieldsFunc(c.s, func(r rune) bool { return r == ' ' || r == ',' }) {
			if !strings.EqualFold(w, "and") {
				want = append(want, strings.ToLower(w))
			}
		}
		c.s = ""
	}
	slices.Sort(want)
	return with(func(ch engine.Chars, _ *engine.Object, _ *run) (bool, string, registry.Key) {
		got := get(ch)
		lower := make([]string, len(got))
		for i, g := range got {
			lower[i] = strings.ToLower(g)
		}
		slices.Sort(lower)
		s := strings.Join(got, " ")
		if s == "" {
			s = "none"
		}
		return slices.Equal(lower, want), s, k
	})
}

// matches reports whether an object's label is this reference: "Wasp"
// matches every Wasp ("Wasp#1", "Wasp#2"), "Wasp#2" only that one.
func (r ref) matches(label string) bool {
	if r.Index != 0 {
		return strings.EqualFold(label, r.String())
	}
	i := strings.LastIndexByte(label, '#')
	return i >= 0 && strings.EqualFold(label[:i], r.Name)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// attacking reports whether the object is an attacking creature.
func attacking(r *run, id cardtext.ObjectID) bool {
	if r.st.Combat == nil {
		return false
	}
	for _, a := range r.st.Combat.Attackers {
		if a.ID == id {
			return true
		}
	}
	return false
}

func attackingText(b bool) string {
	if b {
		return "attacking"
	}
	return "not attacking"
}

// sameSymbols reports whether two costs have the same symbols, in any
// order.
func sameSymbols(a, b cardtext.ManaCost) bool {
	key := func(c cardtext.ManaCost) []string {
		var out []string
		for _, m := range c {
			out = append(out, m.String())
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}
