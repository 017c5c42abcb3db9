package engine

import (
	"fmt"
	"maps"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// The game itself: cards from outside it (400.11), restarting it (726) and
// playing a subgame within it (728).

// openingHand is the number of cards each player draws as a game begins
// (103.5).
const openingHand = 7

// restart restarts the game (726.1): it ends at once, with no winner, and
// the players still in it begin a new game (103) whose starting player is
// the one who restarted it (726.1a). Each player's deck is the cards they
// began the game with and, since the rule says so, every card involved as
// the game ended, brought into it from outside or not (726.2).
func (t *tx) restart(by PlayerID) error {
	t.emit(Event{Kind: EvRule, Key: registry.Restart, Player: t.name(by), Text: "the game restarts: it ends, and a new game begins"})
	for _, o := range append([]*Object(nil), t.s.Objects...) {
		switch {
		case o.Zone == cardtext.Outside:
			continue
		case o.Token || o.Card == nil || o.Stack != nil && o.Stack.Kind != StackSpell:
			// Tokens and abilities aren't Magic cards: they're no part
			// of the new game.
			t.s.remove(o.ID)
			continue
		case !t.s.InGame(o.Owner):
			continue
		}
		to, why := cardtext.Library, "is in its owner's deck as the new game begins"
		if o.Zone == cardtext.Command && o.Card.Types.Is("vanguard") {
			// 103.2, 902.3: a vanguard card begins the game in the
			// command zone; it isn't part of a deck.
			continue
		}
		if _, _, ok := t.s.CommanderOf(o); ok {
			// 103.2c: each player puts their commander into the command
			// zone as the game begins.
			to, why = cardtext.Command, "begins the new game in the command zone"
		}
		if o.Outsider && !t.applies(registry.RestartCards) {
			// Without 726.2, a deck is what its player began with (103):
			// a card brought in from outside goes back.
			to, why = cardtext.Outside, "goes back outside the game: its owner didn't begin the game with it"
		}
		// A new object (400.7) of a new game: the same card, nothing else.
		t.s.nextID++
		seq := t.s.tick()
		n := &Object{ID: t.s.nextID, Label: o.Label, Card: o.Card, Owner: o.Owner, Controller: o.Owner, Base: o.Owner,
			Zone: to, Seq: seq, Timestamp: seq, Outsider: o.Outsider && to == cardtext.Library}
		t.s.remove(o.ID)
		t.s.Objects = append(t.s.Objects, n)
		if o.Outsider && to == cardtext.Library {
			t.emit(Event{Kind: EvMove, Key: registry.RestartCards, Object: o.Label, ObjectID: o.ID, NewObjectID: n.ID, From: o.Zone, To: to,
				Text: fmt.Sprintf("%s, brought into the game from outside it, is in %s's deck as the new game begins", o.Label, t.name(o.Owner))})
		} else if to == cardtext.Outside {
			t.emit(Event{Kind: EvMove, Key: registry.Restart, Object: o.Label, ObjectID: o.ID, NewObjectID: n.ID, From: o.Zone, To: to, Text: o.Label + " " + why})
		}
	}
	t.s.Effects, t.s.Delayed, t.s.Waiting, t.s.LKI, t.s.Combat = nil, nil, nil, nil, nil
	t.s.Log, t.s.LastCast, t.s.ExtraTurns = TurnLog{}, nil, nil
	t.dirty()
	// 103.3–103.5: each player shuffles their deck, which becomes their
	// library, has the starting life total, and draws a hand.
	for _, p := range t.s.APNAP() {
		pl := &t.s.Players[p]
		pl.Life, pl.Counters, pl.Pool, pl.DrewFromEmpty = t.startingLife(p), nil, cardtext.Mana{}, false
		pl.ctrlNow, pl.ctrlNext, pl.agreedDraw = 0, 0, false
		// A new game: no commander has been cast from the command zone
		// (903.8) or dealt combat damage (903.10a) in it.
		pl.CommanderDamage = nil
		pl.Commanders = slices.Clone(pl.Commanders)
		for i := range pl.Commanders {
			pl.Commanders[i].Casts = 0
		}
		t.shuffle(p, nil, "")
	}
	t.s.Shared = slices.Clone(t.s.Shared)
	for i := range t.s.Players {
		// 810.4: each team's shared life total starts anew; each
		// member's own share of it, as when the game was set up.
		if p := PlayerID(i); t.s.SharesLife(p) {
			sh := &t.s.Shared[t.s.Players[p].Team]
			sh.Life = sh.Start
			t.s.Players[p].Life = sh.Start / max(len(t.s.TeamOf(p)), 1)
		}
	}
	t.s.Turn, t.s.Active, t.s.Step, t.s.Log, t.s.LastCast, t.s.ExtraTurns = 1, by, cardtext.StepUntap, TurnLog{}, nil, nil
	t.s.Priority, t.s.Passes = by, 0
	t.emit(Event{Kind: EvRule, Key: registry.Restart, Player: t.name(by), Text: t.name(by) + " is the starting player of the new game"})
	for _, p := range t.s.APNAP() {
		if err := (Draw{Player: p, N: t.s.StartingHandSize(p)}).apply(t); err != nil {
			return err
		}
	}
	return nil
}

// Subgames (728): Shahrazad's "Players play a Magic subgame, using their
// libraries as their decks." The main game waits while the subgame is
// played (728.1a): the state becomes the subgame's, holding the main game
// as it was when the action that created the subgame began. When the
// subgame ends, that action runs again on the main game with the subgame's
// outcome, as it does with a choice's answer, and the spell or ability
// finishes resolving (728.5).

// MainGame is a main game waiting for its subgame to end.
type MainGame struct {
	state  State  // the main game as the action that created the subgame began
	resume Action // that action
}

// subgameEnd is how a subgame ended: who won it, and the cards in it, each
// of which goes to its owner's main-game library (728.5).
type subgameEnd struct {
	winners []PlayerID
	cards   []subgameCard
	brought []string // main-game cards brought into it (728.4a)
}

type subgameCard struct {
	label string
	card  *cardtext.Card
	owner PlayerID
}

// errSubgame stops the action that creates a subgame: Apply starts the
// subgame from the state it has reached.
type errSubgame struct{}

func (errSubgame) Error() string { return "a subgame begins" }

// InSubgame is how many games deep the state is: 0 in the main game, 1 in
// its subgame (728.6: a subgame's subgame is 2).
func (s *State) InSubgame() int {
	n := 0
	for m := s.Main; m != nil; m = m.state.Main {
		n++
	}
	return n
}

// subgame plays a subgame, or, once it has ended, finishes: the main game's
// libraries went into it (728.2), what was brought into it left the main
// game (728.4a), and each card in it goes into its owner's main-game
// library, which they then shuffle (728.5).
func (x *execCtx) subgame(in *cardtext.Instr) (bool, error) {
	t := x.t
	var end *subgameEnd
	for i, a := range t.s.answers {
		if a.key == registry.Subgame && a.game != nil {
			end = a.game
			t.s.answers = append(t.s.answers[:i:i], t.s.answers[i+1:]...)
			break
		}
	}
	if end == nil {
		return false, errSubgame{}
	}
	x.subgameWinners, x.subgameOver = end.winners, true
	for _, o := range append([]*Object(nil), t.s.Objects...) {
		if o.Zone == cardtext.Library || slices.Contains(end.brought, o.Label) {
			t.s.remove(o.ID)
		}
	}
	t.dirty()
	if !t.applies(registry.SubgameEnd) {
		// Without 728.5, the cards stay with the subgame, which is gone.
		return true, nil
	}
	for _, c := range end.cards {
		if !t.s.InGame(c.owner) {
			continue
		}
		t.s.nextID++
		seq := t.s.tick()
		t.s.Objects = append(t.s.Objects, &Object{ID: t.s.nextID, Label: c.label, Card: c.card, Owner: c.owner,
			Controller: c.owner, Base: c.owner, Zone: cardtext.Library, Seq: seq, Timestamp: seq})
		if slices.Contains(end.brought, c.label) {
			t.emit(Event{Kind: EvMove, Key: registry.SubgameEnd, Object: c.label, ObjectID: t.s.nextID, To: cardtext.Library,
				Text: fmt.Sprintf("%s, brought into the subgame, is put into %s's main-game library", c.label, t.name(c.owner))})
		}
	}
	for _, p := range t.s.APNAP() {
		t.emit(Event{Kind: EvMove, Key: registry.SubgameEnd, Player: t.name(p),
			Text: t.name(p) + " puts the cards they own in the subgame into their main-game library"})
		t.shuffle(p, nil, "")
	}
	return true, nil
}

// beginSubgame makes the subgame that main, an action's state as it
// stopped, asks for (728.2): new zones, each player's main-game library
// shuffled as their subgame library, starting life, a random first player,
// and opening hands (103).
func (t *tx) beginSubgame(main State) State {
	sub := State{Turn: 1, Step: cardtext.StepMain1, StartLife: main.StartLife, Game: main.Game, Reference: main.Reference,
		Seed: main.Seed, rng: main.rng, rules: main.rules, nextID: main.nextID, clock: main.clock,
		labels: maps.Clone(main.labels), memo: main.memo, Main: &MainGame{state: t.base.clone(), resume: t.resume}}
	for _, p := range main.Players {
		// 728.4b: main-game counters aren't part of the subgame.
		sub.Players = append(sub.Players, Player{Name: p.Name, Life: main.StartLife, Team: p.Team, Range: p.Range,
			Emperor: p.Emperor, Left: p.Left, Lost: p.Lost, Won: p.Won, LostBy: p.LostBy})
	}
	if main.Shared != nil {
		// The subgame is played by the main game's variant (103.4a,
		// 810.4): each team has its shared life total at its start,
		// each member their share of it, as the game was set up.
		sub.Shared = make([]Shared, len(main.Shared))
		for i, sh := range main.Shared {
			sub.Shared[i] = Shared{Life: sh.Start, Start: sh.Start}
		}
		for i := range sub.Players {
			if p := PlayerID(i); sub.SharesLife(p) {
				sub.Players[p].Life = sub.Shared[sub.Players[p].Team].Start / max(len(sub.TeamOf(p)), 1)
			}
		}
	}
	st := &tx{ed: t.ed, s: sub, base: sub}
	st.emit(Event{Kind: EvRule, Key: registry.Subgame, Text: "a subgame begins: the main game waits for it to end"})
	for _, p := range sub.APNAP() {
		for _, o := range main.In(p, cardtext.Library) {
			st.s.nextID++
			seq := st.s.tick()
			st.s.Objects = append(st.s.Objects, &Object{ID: st.s.nextID, Label: o.Label, Card: o.Card, Owner: o.Owner,
				Controller: o.Owner, Base: o.Owner, Zone: cardtext.Library, Seq: seq, Timestamp: seq})
		}
		st.emit(Event{Kind: EvMove, Key: registry.Subgame, Player: t.name(p), Text: t.name(p) + "'s main-game library becomes their subgame library"})
		st.shuffle(p, nil, "")
	}
	// 728.2: "Randomly determine which player goes first."
	in := st.s.APNAP()
	first := in[st.random().IntN(len(in))]
	st.s.Active, st.s.Priority = first, first
	st.emit(Event{Kind: EvRule, Key: registry.Subgame, Player: t.name(first), Text: t.name(first) + " goes first in the subgame"})
	for _, p := range st.s.APNAP() {
		if err := (Draw{Player: p, N: openingHand}).apply(st); err != nil {
			break
		}
	}
	t.events = append(t.events, st.events...)
	return st.s
}

// finishSubgame ends the subgame, which is over (728.5): the main game
// resumes where it was, and the action that created the subgame runs again
// with the subgame's outcome, so that the spell or ability finishes
// resolving.
func (t *tx) finishSubgame() error {
	end := &subgameEnd{brought: slices.Clone(t.s.brought)}
	for i, p := range t.s.Players {
		if p.Won {
			end.winners = append(end.winners, PlayerID(i))
		}
	}
	for _, o := range t.s.Objects {
		// 728.5: traditional cards, wherever they are but the command
		// zone; tokens and abilities cease to exist.
		if o.Token || o.Card == nil || o.Zone == cardtext.Command || o.Zone == cardtext.Outside || o.Stack != nil && o.Stack.Kind != StackSpell {
			continue
		}
		end.cards = append(end.cards, subgameCard{label: o.Label, card: o.Card, owner: o.Owner})
	}
	main := t.s.Main
	t.emit(Event{Kind: EvRule, Key: registry.Subgame, Text: "the subgame ends: the main game resumes"})
	ms := main.state.clone()
	ms.answers = append(ms.answers, answer{key: registry.Subgame, game: end})
	t.base, t.s, t.v, t.resume = ms, ms.clone(), nil, main.resume
	t.s.rules = t.ed
	if err := t.batch(func() error { return main.resume.apply(t) }); err != nil {
		return err
	}
	return t.settle()
}

// outsideCards are the cards outside the game a player owns that an effect
// may bring into it: their sideboard, and in a subgame every card of the
// main game and outside it (728.4).
func (t *tx) outsideCards(p PlayerID) []*Object {
	out := t.s.In(p, cardtext.Outside)
	for m := t.s.Main; m != nil; m = m.state.Main {
		for _, o := range m.state.Objects {
			if o.Owner == p && !o.Token && o.Card != nil && (o.Stack == nil || o.Stack.Kind == StackSpell) &&
				t.s.ByLabel(o.Label) == nil {
				c := *o
				c.Zone, c.Tapped, c.Counters, c.Attached = cardtext.Outside, false, nil, 0
				out = append(out, &c)
			}
		}
	}
	return out
}

// objectOrMain finds an object of this game or, in a subgame, of a game
// it's played within: a choice may name a main-game card (728.4).
func (s *State) objectOrMain(id cardtext.ObjectID) *Object {
	if o := s.Object(id); o != nil {
		return o
	}
	for m := s.Main; m != nil; m = m.state.Main {
		if o := m.state.Object(id); o != nil {
			return o
		}
	}
	return nil
}

// bringIn brings a card of the main game into this subgame, outside it
// until the effect moves it (728.4a), and returns it.
func (t *tx) bringIn(id cardtext.ObjectID) cardtext.ObjectID {
	if t.s.Object(id) != nil {
		return id
	}
	for m := t.s.Main; m != nil; m = m.state.Main {
		if o := m.state.Object(id); o != nil {
			t.s.nextID++
			seq := t.s.tick()
			t.s.Objects = append(t.s.Objects, &Object{ID: t.s.nextID, Label: o.Label, Card: o.Card, Owner: o.Owner,
				Controller: o.Owner, Base: o.Owner, Zone: cardtext.Outside, Seq: seq, Timestamp: seq, Outsider: true})
			t.s.brought = append(t.s.brought, o.Label)
			t.emit(Event{Kind: EvMove, Key: registry.Subgame, Object: o.Label, ObjectID: t.s.nextID,
				Text: fmt.Sprintf("%s is brought into the subgame from the main game", o.Label)})
			return t.s.nextID
		}
	}
	return id
}
