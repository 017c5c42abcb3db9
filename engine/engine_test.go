package engine

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// game is a test harness: a state under one edition, changed by Apply.
type game struct {
	t      *testing.T
	ed     *RulesEdition
	s      State
	events []Event
}

func newGame(t *testing.T, edition string) *game {
	t.Helper()
	ed, err := EditionByID(edition)
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, ed: ed, s: NewState(20, "A", "B")}
}

func (g *game) card(name, cost, typeLine string, pt ...int) *cardtext.Card {
	g.t.Helper()
	c, err := cardtext.ParseManaCost(cost)
	if err != nil {
		g.t.Fatal(err)
	}
	tl, err := cardtext.ParseTypeLine(typeLine, g.ed.Types)
	if err != nil {
		g.t.Fatal(err)
	}
	card := &cardtext.Card{Name: name, Cost: c, Types: tl}
	if len(pt) == 2 {
		card.Power, card.Toughness, card.HasPT = pt[0], pt[1], true
	}
	return card
}

func (g *game) put(c *cardtext.Card, p PlayerID, z cardtext.Zone) cardtext.ObjectID {
	var id cardtext.ObjectID
	g.s, id = g.s.AddObject(c, p, z, false)
	return id
}

// do applies an action that must succeed and returns its events.
func (g *game) do(a Action) []Event {
	g.t.Helper()
	s, evs, err := Apply(g.ed, g.s, a)
	if err != nil {
		g.t.Fatalf("%T: %v", a, err)
	}
	g.s = s
	g.events = append(g.events, evs...)
	return evs
}

// fails applies an action that must fail and returns the error.
func (g *game) fails(a Action) error {
	g.t.Helper()
	s, evs, err := Apply(g.ed, g.s, a)
	if err == nil {
		g.t.Fatalf("%T: want an error", a)
	}
	if !reflect.DeepEqual(s, g.s) || evs != nil {
		g.t.Fatalf("%T failed but changed the state or reported events", a)
	}
	return err
}

func (g *game) fired(k registry.Key) bool {
	for _, e := range g.events {
		if e.Key == k {
			return true
		}
	}
	return false
}

func (g *game) zoneOf(label string) cardtext.Zone {
	if o := g.s.ByLabel(label); o != nil {
		return o.Zone
	}
	return 0
}

func TestSBALoses(t *testing.T) {
	tests := []struct {
		name   string
		act    func(g *game) Action
		key    registry.Key
		rule07 string // the rule's number in the 2007 rules
		rule26 string
	}{
		{"0 life", func(g *game) Action { return LoseLife{Player: 1, N: 20} }, registry.SBALife, "420.5a", "704.5a"},
		{"below 0 life", func(g *game) Action { return DealDamage{To: PlayerTarget(1), N: 25} }, registry.SBALife, "420.5a", "704.5a"},
		{"draw from an empty library", func(g *game) Action { return Draw{Player: 1, N: 1} }, registry.SBADraw, "420.5g", "704.5b"},
		{"ten poison", func(g *game) Action { return PutCounters{On: PlayerTarget(1), Kind: "poison", N: 10} }, registry.SBAPoison, "420.5h", "704.5c"},
	}
	for _, tt := range tests {
		for _, ed := range []string{"2007-02-01", "2026-01-16"} {
			g := newGame(t, ed)
			evs := g.do(tt.act(g))
			b := g.s.Players[1]
			if !b.Lost || b.LostBy != tt.key || g.s.Players[0].Lost {
				t.Errorf("%s under %s: B lost=%v by %s; A lost=%v", tt.name, ed, b.Lost, b.LostBy, g.s.Players[0].Lost)
			}
			want := tt.rule26
			if ed == "2007-02-01" {
				want = tt.rule07
			}
			// The loss, then A's win: no opponent is left (104.2a).
			loss, win := evs[len(evs)-2], evs[len(evs)-1]
			if loss.Kind != EvLose || loss.Rule.String() != want || !loss.SBA {
				t.Errorf("%s under %s: event %+v, want a loss citing %s", tt.name, ed, loss, want)
			}
			if win.Kind != EvWin || win.Key != registry.WinAlone || !g.s.Players[0].Won {
				t.Errorf("%s under %s: last event %+v, want A's win (104.2a)", tt.name, ed, win)
			}
			// The game is over: nothing else happens.
			if _, _, err := Apply(g.ed, g.s, GainLife{Player: 0, N: 1}); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: action after the game ended: %v", tt.name, err)
			}
		}
	}
}

func TestSBANotYet(t *testing.T) {
	g := newGame(t, "latest")
	g.do(PutCounters{On: PlayerTarget(1), Kind: "poison", N: 9})
	g.do(LoseLife{Player: 1, N: 19})
	lib := g.put(g.card("Island", "", "Basic Land — Island"), 1, cardtext.Library)
	g.do(Draw{Player: 1, N: 1})
	if b := g.s.Players[1]; b.Lost || b.Life != 1 || b.Counters.Get("poison") != 9 {
		t.Errorf("B at 1 life with 9 poison who drew a card shouldn't lose: %+v", b)
	}
	if o := g.s.ByLabel("Island#1"); o == nil || o.Zone != cardtext.Hand || o.ID == lib {
		t.Errorf("drawn card: %+v (a new object in the hand, 400.7)", o)
	}
	// The draw from an empty library is remembered until the next check.
	g.do(Draw{Player: 1, N: 1})
	if !g.s.Players[1].Lost {
		t.Error("drawing from an empty library should lose")
	}
}

func TestSBACreatures(t *testing.T) {
	g := newGame(t, "latest")
	bears := g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2)
	wall := g.card("Wall of Wood", "{G}", "Creature — Wall", 0, 3)
	b1 := g.put(bears, 0, cardtext.Battlefield)
	g.put(bears, 0, cardtext.Battlefield)
	w := g.put(wall, 1, cardtext.Battlefield)

	g.do(DealDamage{To: ObjectTarget(b1), N: 1})
	if g.zoneOf("Grizzly Bears#1") != cardtext.Battlefield {
		t.Fatal("1 damage on a 2/2 isn't lethal")
	}
	g.do(DealDamage{To: ObjectTarget(g.s.ByLabel("Grizzly Bears#1").ID), N: 1})
	if g.zoneOf("Grizzly Bears#1") != cardtext.Graveyard || !g.fired(registry.SBALethal) {
		t.Error("2 damage on a 2/2 is lethal (704.5g)")
	}
	g.do(PutCounters{On: ObjectTarget(g.s.ByLabel("Grizzly Bears#2").ID), Kind: "-1/-1", N: 2})
	if g.zoneOf("Grizzly Bears#2") != cardtext.Graveyard || !g.fired(registry.SBAToughness) {
		t.Error("a 0/0 goes to the graveyard (704.5f)")
	}
	if g.zoneOf("Wall of Wood#1") != cardtext.Battlefield {
		t.Error("a 0/3 wall has toughness 3 and stays")
	}
	g.do(PutCounters{On: ObjectTarget(w), Kind: "+1/+1", N: 1})
	ch := g.s.Chars(g.s.ByLabel("Wall of Wood#1"))
	if ch.Power != 1 || ch.Toughness != 4 {
		t.Errorf("wall with a +1/+1 counter is %d/%d", ch.Power, ch.Toughness)
	}
}

func TestCountersAnnihilate(t *testing.T) {
	for _, tt := range []struct {
		edition     string
		plus, minus int
		fired       bool
	}{
		{"2006-07-15", 2, 3, false}, // the rule didn't exist yet
		{"2007-02-01", 0, 1, true},  // 420.5n
		{"2026-01-16", 0, 1, true},  // 704.5q
	} {
		g := newGame(t, tt.edition)
		id := g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		g.do(PutCounters{On: ObjectTarget(id), Kind: "+1/+1", N: 2})
		g.do(PutCounters{On: ObjectTarget(g.s.ByLabel("Grizzly Bears#1").ID), Kind: "-1/-1", N: 3})
		o := g.s.ByLabel("Grizzly Bears#1")
		if o.Counters.Get("+1/+1") != tt.plus || o.Counters.Get("-1/-1") != tt.minus || g.fired(registry.SBACounters) != tt.fired {
			t.Errorf("%s: counters %s, fired %v", tt.edition, o.Counters, g.fired(registry.SBACounters))
		}
		if ch := g.s.Chars(o); ch.Power != 1 || ch.Toughness != 1 {
			t.Errorf("%s: P/T %d/%d, want 1/1 either way", tt.edition, ch.Power, ch.Toughness)
		}
	}
}

func TestLegendRuleByEdition(t *testing.T) {
	for _, tt := range []struct {
		edition string
		legend  LegendRule
		rule    string
	}{
		{"2003-03-15", LegendOldestStays, "420.5e"},
		{"2007-02-01", LegendAllGo, "420.5e"},
		{"2013-05-01", LegendAllGo, "704.5k"},
		{"2013-09-27", LegendChoose, "704.5k"},
		{"2026-01-16", LegendChoose, "704.5j"},
	} {
		g := newGame(t, tt.edition)
		if g.ed.Legend != tt.legend || g.ed.Cite(registry.SBALegend) != tt.rule {
			t.Fatalf("%s: legend rule %d at %s", tt.edition, g.ed.Legend, g.ed.Cite(registry.SBALegend))
		}
		isamaru := g.card("Isamaru", "{W}", "Legendary Creature — Dog", 2, 2)
		g.put(isamaru, 0, cardtext.Battlefield)
		second := g.put(isamaru, 0, cardtext.Hand)
		g.do(Move{Object: second, To: cardtext.Battlefield})
		switch tt.legend {
		case LegendOldestStays:
			if g.zoneOf("Isamaru#1") != cardtext.Battlefield || g.zoneOf("Isamaru#2") != cardtext.Graveyard {
				t.Errorf("%s: the older Isamaru stays", tt.edition)
			}
		case LegendAllGo:
			if g.zoneOf("Isamaru#1") != cardtext.Graveyard || g.zoneOf("Isamaru#2") != cardtext.Graveyard {
				t.Errorf("%s: both go", tt.edition)
			}
		case LegendChoose:
			p := g.s.Pending
			if p == nil || p.Player != 0 || p.Key != registry.SBALegend || len(p.Options) != 2 || p.Rule.String() != tt.rule {
				t.Fatalf("%s: want a pending choice for A, got %+v", tt.edition, p)
			}
			// Nothing else may happen until the choice is made.
			if err := g.fails(GainLife{Player: 0, N: 1}); err == nil {
				t.Fatal("unreachable")
			}
			if err := g.fails(Choose{Player: 1, Object: p.Options[0]}); err == nil {
				t.Fatal("unreachable") // B isn't the one to choose
			}
			keep := g.s.ByLabel("Isamaru#2").ID
			g.do(Choose{Player: 0, Object: keep})
			if g.s.Pending != nil || g.zoneOf("Isamaru#2") != cardtext.Battlefield || g.zoneOf("Isamaru#1") != cardtext.Graveyard {
				t.Errorf("%s: A kept Isamaru#2", tt.edition)
			}
		}
		if !g.fired(registry.SBALegend) {
			t.Errorf("%s: legend rule didn't fire", tt.edition)
		}
	}
	// Since 2013 the rule looks at each controller separately.
	g := newGame(t, "latest")
	isamaru := g.card("Isamaru", "{W}", "Legendary Creature — Dog", 2, 2)
	g.put(isamaru, 0, cardtext.Battlefield)
	g.do(Move{Object: g.put(isamaru, 1, cardtext.Hand), To: cardtext.Battlefield})
	if g.s.Pending != nil || g.zoneOf("Isamaru#1") != cardtext.Battlefield || g.zoneOf("Isamaru#2") != cardtext.Battlefield {
		t.Error("one Isamaru each: both stay under current rules")
	}
}

func TestWorldRule(t *testing.T) {
	g := newGame(t, "latest")
	w1 := g.card("Concordant Crossroads", "{G}", "World Enchantment")
	w2 := g.card("Storm World", "{R}", "World Enchantment")
	g.put(w1, 0, cardtext.Battlefield)
	g.do(Move{Object: g.put(w2, 1, cardtext.Hand), To: cardtext.Battlefield})
	if g.zoneOf("Concordant Crossroads#1") != cardtext.Graveyard || g.zoneOf("Storm World#1") != cardtext.Battlefield || !g.fired(registry.SBAWorld) {
		t.Error("the newest world permanent stays (704.5k)")
	}
}

func TestTokens(t *testing.T) {
	for _, ed := range []string{"2003-03-15", "latest"} {
		g := newGame(t, ed)
		wasp := g.card("Wasp", "", "Artifact Creature — Insect", 1, 1)
		evs := g.do(CreateToken{Player: 0, Card: wasp, N: 2})
		if len(evs) != 2 || evs[0].Kind != EvToken || len(g.s.In(0, cardtext.Battlefield)) != 2 {
			t.Fatalf("%s: two tokens: %v", ed, evs)
		}
		o := g.s.ByLabel("Wasp#1")
		if !o.Token || !o.Sick || o.Owner != 0 || g.s.Chars(o).Colors != 0 {
			t.Errorf("%s: token %+v", ed, o)
		}
		evs = g.do(Destroy{Object: o.ID})
		// It goes to the graveyard (an event "dies" triggers see), then
		// ceases to exist as a state-based action.
		if len(evs) != 2 || evs[0].Kind != EvMove || evs[0].To != cardtext.Graveyard || evs[1].Kind != EvCease || !evs[1].SBA {
			t.Errorf("%s: destroying a token: %v", ed, evs)
		}
		if g.s.ByLabel("Wasp#1") != nil || len(g.s.In(0, cardtext.Graveyard)) != 0 || g.s.ByLabel("Wasp#2") == nil {
			t.Errorf("%s: the token should be gone, the other still here", ed)
		}
	}
}

func TestSacrifice(t *testing.T) {
	g := newGame(t, "latest")
	bears := g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2)
	mine := g.put(bears, 1, cardtext.Battlefield) // B owns it
	g.s = g.s.Edit(mine, func(o *Object) { o.Controller = 0 })
	theirs := g.put(bears, 1, cardtext.Battlefield)
	inHand := g.put(bears, 0, cardtext.Hand)

	var re *RuleError
	for _, a := range []Sacrifice{
		{Player: 0, Objects: []cardtext.ObjectID{theirs}},       // B controls it
		{Player: 0, Objects: []cardtext.ObjectID{mine, mine}},   // not twice
		{Player: 0, Objects: []cardtext.ObjectID{inHand}},       // not a permanent
		{Player: 0, Objects: []cardtext.ObjectID{mine, theirs}}, // all or nothing
	} {
		if err := g.fails(a); !errors.As(err, &re) || re.Key != registry.Sacrifice || re.Rule.String() != "701.21a" {
			t.Errorf("%v: %v, want a 701.21a rule error", a.Objects, err)
		}
	}
	g.do(Sacrifice{Player: 0, Objects: []cardtext.ObjectID{mine}})
	if o := g.s.ByLabel("Grizzly Bears#1"); o.Zone != cardtext.Graveyard || o.Owner != 1 {
		t.Errorf("sacrificed permanent goes to its owner's graveyard: %+v", o)
	}
	// Already sacrificed: the card in the graveyard is a new object and no
	// permanent.
	if err := g.fails(Sacrifice{Player: 0, Objects: []cardtext.ObjectID{mine}}); err == nil {
		t.Fatal("unreachable")
	}
}

func TestIndestructible(t *testing.T) {
	g := newGame(t, "latest")
	c := g.card("Darksteel Myr", "{3}", "Artifact Creature — Golem", 0, 1)
	c.Keywords = []string{"indestructible"}
	id := g.put(c, 0, cardtext.Battlefield)
	g.do(Destroy{Object: id})
	g.do(DealDamage{To: ObjectTarget(id), N: 3})
	if g.zoneOf("Darksteel Myr#1") != cardtext.Battlefield || !g.fired(registry.Indestructible) {
		t.Error("indestructible: neither destroy nor lethal damage moves it")
	}
	g.do(Sacrifice{Player: 0, Objects: []cardtext.ObjectID{id}})
	if g.zoneOf("Darksteel Myr#1") != cardtext.Graveyard {
		t.Error("indestructible permanents can still be sacrificed")
	}
}

func TestDamageKeywords(t *testing.T) {
	g := newGame(t, "latest")
	mk := func(name string, kw ...string) *cardtext.Card {
		c := g.card(name, "{B}", "Creature — Rat", 1, 1)
		c.Keywords = kw
		return c
	}
	rats := g.put(mk("Typhoid Rats", "deathtouch"), 0, cardtext.Battlefield)
	elf := g.put(mk("Glistener Elf", "infect"), 0, cardtext.Battlefield)
	wither := g.put(mk("Boggart Ram-Gang", "wither"), 0, cardtext.Battlefield)
	link := g.put(mk("Vampire Nighthawk", "lifelink"), 0, cardtext.Battlefield)
	wurm := g.put(g.card("Craw Wurm", "{4}{G}{G}", "Creature — Wurm", 6, 4), 1, cardtext.Battlefield)
	giant := g.put(g.card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), 1, cardtext.Battlefield)

	g.do(DealDamage{Source: elf, To: PlayerTarget(1), N: 1})
	g.do(DealDamage{Source: wither, To: ObjectTarget(giant), N: 1})
	g.do(DealDamage{Source: link, To: PlayerTarget(1), N: 2})
	g.do(DealDamage{Source: rats, To: ObjectTarget(wurm), N: 1})
	b, a := g.s.Players[1], g.s.Players[0]
	if b.Counters.Get("poison") != 1 || b.Life != 18 || a.Life != 22 {
		t.Errorf("infect/lifelink: B %d life %d poison, A %d life", b.Life, b.Counters.Get("poison"), a.Life)
	}
	if o := g.s.ByLabel("Hill Giant#1"); o.Damage != 0 || o.Counters.Get("-1/-1") != 1 {
		t.Errorf("wither: %+v", o)
	}
	if g.zoneOf("Craw Wurm#1") != cardtext.Graveyard || !g.fired(registry.SBADeathtouch) {
		t.Error("deathtouch destroys (704.5h)")
	}
}

func TestManaPools(t *testing.T) {
	for _, tt := range []struct {
		edition   string
		afterStep string
		life      int
		burnRule  string
	}{
		{"2007-02-01", "{R}{R}{G}", 17, "300.3"},
		{"2009-05-01", "{R}{R}{G}", 17, "300.3"},
		{"2009-09-04", "", 20, ""},
		{"2026-01-16", "", 20, ""},
	} {
		g := newGame(t, tt.edition)
		// The beginning of combat: a step that isn't the last of its phase.
		g.s.Step = cardtext.StepBeginCombat
		m, _ := cardtext.ParseMana("{R}{R}{G}")
		g.do(AddMana{Player: 0, Mana: m})
		g.do(EndStep{})
		if got := g.s.Players[0].Pool.String(); got != tt.afterStep {
			t.Errorf("%s: after a step the pool is %q, want %q", tt.edition, got, tt.afterStep)
		}
		g.do(EndPhase{})
		a := g.s.Players[0]
		if a.Pool.Total() != 0 || a.Life != tt.life || g.ed.Cite(registry.ManaBurn) != tt.burnRule || g.fired(registry.ManaBurn) != (tt.burnRule != "") {
			t.Errorf("%s: pool %s, life %d, burn rule %q fired %v", tt.edition, a.Pool, a.Life, g.ed.Cite(registry.ManaBurn), g.fired(registry.ManaBurn))
		}
	}
	// Mana burn can kill.
	g := newGame(t, "2007-02-01")
	g.do(LoseLife{Player: 0, N: 18})
	g.do(AddMana{Player: 0, Mana: cardtext.Mana{C: 2}})
	g.do(EndPhase{})
	if !g.s.Players[0].Lost || g.s.Players[0].LostBy != registry.SBALife {
		t.Error("mana burn to 0 life loses")
	}
}

func TestTapUntapAndCleanup(t *testing.T) {
	g := newGame(t, "latest")
	id := g.put(g.card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), 0, cardtext.Battlefield)
	g.do(Tap{Object: id})
	var re *RuleError
	if err := g.fails(Tap{Object: id}); !errors.As(err, &re) || re.Key != registry.Tap {
		t.Errorf("tapping a tapped permanent: %v", err)
	}
	g.do(Untap{Object: id})
	if err := g.fails(Untap{Object: id}); !errors.As(err, &re) || re.Key != registry.Untap {
		t.Errorf("untapping an untapped permanent: %v", err)
	}
	g.do(DealDamage{To: ObjectTarget(id), N: 2})
	g.do(EndTurn{})
	if o := g.s.ByLabel("Hill Giant#1"); o.Damage != 0 || g.s.Active != 1 || !g.fired(registry.Cleanup) {
		t.Errorf("cleanup: damage %d, active %d", o.Damage, g.s.Active)
	}
}

func TestMoveToOwnersZone(t *testing.T) {
	g := newGame(t, "latest")
	id := g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 1, cardtext.Battlefield)
	g.s = g.s.Edit(id, func(o *Object) {
		o.Controller = 0
		o.Tapped = true
		o.Damage = 1
		o.Counters = o.Counters.With("+1/+1", 1)
	})
	evs := g.do(Move{Object: id, To: cardtext.Hand})
	o := g.s.ByLabel("Grizzly Bears#1")
	if o.Zone != cardtext.Hand || o.Owner != 1 || o.Controller != 1 || o.ID == id || o.Tapped || o.Damage != 0 || o.Counters != nil {
		t.Errorf("a card leaving the battlefield becomes a new object in its owner's hand: %+v", o)
	}
	if evs[0].Key != registry.OwnersZone || evs[0].Rule.String() != "400.3" {
		t.Errorf("event %+v", evs[0])
	}
	// The old ID no longer names anything.
	if _, _, err := Apply(g.ed, g.s, Tap{Object: id}); err == nil {
		t.Error("the old object is gone (400.7)")
	}
}

// TestStatesAreValues applies a run of actions, keeping every state, and
// checks that no later Apply changed an earlier state.
func TestStatesAreValues(t *testing.T) {
	g := newGame(t, "latest")
	isamaru := g.card("Isamaru", "{W}", "Legendary Creature — Dog", 2, 2)
	wasp := g.card("Wasp", "", "Artifact Creature — Insect", 1, 1)
	a := g.put(isamaru, 0, cardtext.Battlefield)
	h := g.put(isamaru, 0, cardtext.Hand)
	g.put(g.card("Island", "", "Basic Land — Island"), 1, cardtext.Library)
	steps := []func() Action{
		func() Action { return PutCounters{On: ObjectTarget(a), Kind: "+1/+1", N: 2} },
		func() Action { return CreateToken{Player: 1, Card: wasp, N: 1} },
		func() Action { return AddMana{Player: 0, Mana: cardtext.Mana{W: 1}} },
		func() Action { return DealDamage{To: ObjectTarget(g.s.ByLabel("Wasp#1").ID), N: 1} },
		func() Action { return Tap{Object: a} },
		func() Action { return PutCounters{On: PlayerTarget(1), Kind: "poison", N: 3} },
		func() Action { return Draw{Player: 1, N: 1} },
		func() Action { return Move{Object: h, To: cardtext.Battlefield} },
		func() Action { return Choose{Player: 0, Object: g.s.Pending.Options[1]} },
		func() Action { return EndTurn{} },
	}
	var kept []State
	var copies []State
	for _, step := range steps {
		kept = append(kept, g.s)
		copies = append(copies, deepCopy(g.s))
		g.do(step())
	}
	for i := range kept {
		if !reflect.DeepEqual(kept[i], copies[i]) {
			t.Errorf("state before step %d changed after later steps", i)
		}
	}
	if len(g.s.In(0, cardtext.Battlefield)) != 1 || g.s.Players[1].Counters.Get("poison") != 3 {
		t.Errorf("final state: %+v", g.s)
	}
}

// deepCopy copies a state field by field, sharing nothing that Apply could
// change in place.
func deepCopy(s State) State {
	c := s
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		c.Players[i].Counters = slices.Clone(s.Players[i].Counters)
	}
	c.Objects = make([]*Object, len(s.Objects))
	for i, o := range s.Objects {
		x := *o
		x.Counters = slices.Clone(o.Counters)
		c.Objects[i] = &x
	}
	if s.Pending != nil {
		p := *s.Pending
		p.Options = slices.Clone(p.Options)
		c.Pending = &p
	}
	c.labels = make(map[string]int)
	for k, v := range s.labels {
		c.labels[k] = v
	}
	c.answers = slices.Clone(s.answers)
	return c
}

func TestRender(t *testing.T) {
	g := newGame(t, "2007-02-01")
	id := g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 1, cardtext.Battlefield)
	g.s = g.s.Edit(id, func(o *Object) { o.Controller = 0; o.Tapped = true; o.Counters = o.Counters.With("+1/+1", 1) })
	g.do(AddMana{Player: 0, Mana: cardtext.Mana{G: 2}})
	g.do(PutCounters{On: PlayerTarget(1), Kind: "poison", N: 2})
	b := Render(g.ed, g.s)
	if len(b.Players) != 2 || b.Players[0].Pool != "{G}{G}" || b.Players[1].Poison != 2 {
		t.Fatalf("board %+v", b)
	}
	bf := b.Players[0].Zones[2]
	if bf.Name != "In play" || len(bf.Cards) != 1 {
		t.Fatalf("A's zone %+v", bf)
	}
	c := bf.Cards[0]
	if c.PT != "3/3" || !c.Tapped || c.Owner != "B" || c.Colors != "green" || c.Cost != "{1}{G}" || c.Counters != "1 +1/+1" || c.TypeLine != "Creature — Bear" {
		t.Errorf("card %+v", c)
	}
	if Render(Latest(), g.s).Players[0].Zones[2].Name != "Battlefield" {
		t.Error("current rules call it the battlefield")
	}
}
