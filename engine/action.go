package engine

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Action is one thing a player or the game does. Apply performs it.
type Action interface {
	apply(t *tx) error
}

// Target is a player or an object, for damage and counters.
type Target = cardtext.Target

// PlayerTarget and ObjectTarget build Targets.
func PlayerTarget(p PlayerID) Target          { return cardtext.PlayerTarget(p) }
func ObjectTarget(o cardtext.ObjectID) Target { return cardtext.ObjectTarget(o) }

type (
	// Move puts an object into a zone (onto the battlefield, into a
	// graveyard, …). Cards go to their owner's library, hand or graveyard
	// (400.3). A permanent enters under its owner's control unless
	// Controller is set.
	Move struct {
		Object     cardtext.ObjectID
		To         cardtext.Zone
		Bottom     bool      // library: the bottom rather than the top
		Controller *PlayerID // battlefield: who controls it
	}
	// Draw: the player draws N cards (121.1), one at a time.
	Draw struct {
		Player PlayerID
		N      int
	}
	// CreateToken: the player creates N tokens with Card's characteristics
	// (111.1–111.3); the player owns and controls them.
	CreateToken struct {
		Player PlayerID
		Card   *cardtext.Card
		N      int
	}
	// PutCounters puts N counters of Kind on a permanent or player (122.1).
	PutCounters struct {
		On   Target
		Kind string
		N    int
	}
	// RemoveCounters removes up to N counters of Kind.
	RemoveCounters struct {
		From Target
		Kind string
		N    int
	}
	// DealDamage: Source (0 for an unnamed source) deals N damage to a
	// player or creature (120).
	DealDamage struct {
		Source cardtext.ObjectID
		To     Target
		N      int
	}
	// GainLife and LoseLife change a life total (119.3).
	GainLife struct {
		Player PlayerID
		N      int
	}
	LoseLife struct {
		Player PlayerID
		N      int
	}
	// Destroy moves a permanent to its owner's graveyard (701.8).
	Destroy struct{ Object cardtext.ObjectID }
	// Sacrifice: the player sacrifices permanents they control (701.21).
	Sacrifice struct {
		Player  PlayerID
		Objects []cardtext.ObjectID
	}
	// Tap and Untap turn a permanent (701.26).
	Tap   struct{ Object cardtext.ObjectID }
	Untap struct{ Object cardtext.ObjectID }
	// AddMana adds mana to a player's pool (106.4), to be spent only to
	// cast Only spells if that is set (106.6).
	AddMana struct {
		Player PlayerID
		Mana   cardtext.Mana
		Only   *cardtext.Filter
		Source string
	}
	// Choose answers the pending choice: an object (Object), several
	// (Objects), a player (Target), or a word (Word: "yes", "red", a
	// creature type).
	Choose struct {
		Player  PlayerID
		Object  cardtext.ObjectID
		Objects []cardtext.ObjectID
		Target  *PlayerID
		Word    string
		// Order answers an ordering choice: each of the choice's Words
		// once, by name ("Soul Net" for "Soul Net#1"), in the order
		// chosen.
		Order []string
	}
	// ChooseSubtype: an effect instructs the player to choose a subtype of
	// Kind; the choice must be one existing subtype (205.3e).
	ChooseSubtype struct {
		Player PlayerID
		Kind   cardtext.SubtypeKind
		Name   string
	}
	// CheckSBA does nothing but let state-based actions be checked, as
	// when a player would receive priority.
	CheckSBA struct{}
)

// ErrGameOver is returned for actions after a player has lost.
var ErrGameOver = errors.New("the game is over")

// tx is one Apply in progress: a private copy of the state and the events so
// far.
type tx struct {
	ed *RulesEdition
	// fired: the abilities the batch of events being checked for
	// triggers has triggered (603.2c); nil outside that check.
	fired map[batchTrigger]bool
	// entering, if set, is called as a permanent move puts onto the
	// battlefield is there, before what it is as it enters is noted
	// (611.2e).
	entering func(cardtext.ObjectID) error
	s        State
	events   []Event
	sba      bool  // inside a state-based action
	v        *view // characteristics of s, nil when s has changed since

	// base is the state Apply started from, with the answers given so far:
	// an action that stops for a choice starts again from it, replaying
	// the answers (states are values, so nothing is undone by hand).
	base   State
	resume Action // the action a pending choice resumes

	batchDepth int
	pre        *State // the state before the current batch of events (603.10)
	batchFrom  int    // the first event of the current batch
	// fresh: t.s is still what Apply was given, so the first batch looks
	// back to base (which, like every state Apply is given, nothing
	// changes) rather than to a copy of t.s.
	fresh bool
	// resolvedFrom is the label of the source of what last resolved in
	// this action, for finding a loop of mandatory actions (731.4).
	resolvedFrom string

	// prevented marks the static prevention effects that have prevented
	// damage in this batch of simultaneous events (615.10 switched off).
	prevented map[preventKey]bool
	// enterChosen, if set, is the choices the next permanent to enter
	// takes instead of making its own (616.1g switched off).
	enterChosen *Chosen
	// targetsBy is the opponent named to choose a target "of an
	// opponent's choice" for the ability being activated, one plus their
	// index (0: none).
	targetsBy int

	// replacing lists the replacement effects being applied, innermost
	// last (614.5, 616.2).
	replacing []replFrame

	// also maps the first card a melded permanent became as it left the
	// battlefield to its other cards (712.21c).
	also map[cardtext.ObjectID][]cardtext.ObjectID
	// lifelinked collects combat damage's lifelink gains by player, where
	// 702.15e is switched off and they would be one event.
	lifelinked map[PlayerID]int
	// sbaLKI is every permanent as it was before a pass of state-based
	// actions, the last known information of those the pass moves (704.8).
	sbaLKI map[cardtext.ObjectID]Snapshot
	// sbaReplacer: for a player whose loss a permanent's replacement
	// effect replaces in this pass, that permanent, when its controller
	// chose that another action of the pass moves it first (400.6).
	sbaReplacer map[PlayerID]replacer
	// enteringWith are the objects an effect is putting onto the
	// battlefield at the same time, while one of them enters (614.13a).
	enteringWith []cardtext.ObjectID
	// placed lists the cards put in a position in a library during the
	// current event of several moves at once (together), nil outside one.
	placed []cardtext.ObjectID
	// shuffling is set while a card is moved to be shuffled into a
	// library: it takes no position there.
	shuffling bool
}

// pauseErr stops an action that needs a choice the player hasn't made.
type pauseErr struct{ choice *Choice }

func (p *pauseErr) Error() string { return "waiting for a choice: " + p.choice.Prompt }

// Apply performs an action and then, as a player would receive priority,
// checks state-based actions until none apply (704.3) and puts triggered
// abilities on the stack (117.5), and returns the new state and what
// happened. It never changes s. On error it returns s unchanged, no events,
// and the error (a *RuleError when a rule forbids the action). An action
// that needs a choice the player hasn't made returns s with Pending set;
// Choose answers it and the action runs again with the answer.
func Apply(ed *RulesEdition, s State, a Action) (State, []Event, error) {
	if s.Pending != nil && !isChoose(a) {
		p := s.Pending
		return s, nil, fmt.Errorf("%s must first choose: %s", s.Players[p.By].Name, p.Prompt)
	}
	if s.Over() {
		return s, nil, ErrGameOver
	}
	if s.Shortcut != nil {
		if _, ok := a.(AnswerShortcut); !ok {
			return s, nil, fmt.Errorf("%s must first accept or shorten the proposed shortcut (731.2b)", s.Players[s.Shortcut.Next].Name)
		}
	}
	t := &tx{ed: ed, s: s.clone(), base: s.Under(ed), resume: a, fresh: true}
	t.s.rules = ed
	err := t.batch(func() error {
		if err := t.ownDecision(a); err != nil {
			return err
		}
		if !announcesOrder(a) && t.s.Combat != nil {
			// Damage assignment orders are announced before any player
			// acts in the declare blockers step (509.2, 509.3).
			t.s.Combat.Ordering = false
		}
		if err := a.apply(t); err != nil {
			return err
		}
		t.refresh()
		return nil
	})
	if err == nil {
		err = t.settle()
	}
	if errors.As(err, new(errSubgame)) {
		// 728.1a: the main game waits while the subgame is played.
		ns := t.beginSubgame(t.s)
		return ns, t.events, nil
	}
	for err == nil && t.s.Main != nil && t.s.Over() {
		err = t.finishSubgame()
	}
	var p *pauseErr
	if errors.As(err, &p) {
		ns := t.base.clone()
		ch := *p.choice
		ch.Rule = ed.Rule(ch.Key)
		// 722.5: a controlled player's choice is their controller's to make.
		ch.By = t.s.Decider(ch.Player)
		if len(ch.Labels) != len(ch.Options) {
			ch.Labels = nil
			for _, id := range ch.Options {
				ch.Labels = append(ch.Labels, t.labelOf(id))
			}
		}
		if ch.resume == nil {
			ch.resume = t.resume
		}
		ns.Pending = &ch
		ev := Event{Kind: EvChoice, Key: ch.Key, Rule: ch.Rule, Player: ns.Players[ch.Player].Name,
			Text: ch.Who(&ns) + " must choose: " + ch.Prompt}
		if _, ok := a.(Choose); ok && len(t.events) > 0 && t.events[0].Kind == EvChoice {
			// The answer was given, though the action it resumed now
			// waits for another: it is told, not lost with the rest.
			return ns, []Event{t.events[0], ev}, nil
		}
		return ns, []Event{ev}, nil
	}
	if err != nil {
		return s, nil, err
	}
	if t.s.Pending == nil {
		t.s.answers = nil
	}
	t.mandatoryLoop(a, t.resolvedFrom)
	if m := t.s.MustAct; m != nil && (m.Active != t.s.Active || m.Step != t.s.Step || t.s.Priority != m.Priority || t.top() != nil) {
		t.s.MustAct = nil // the point has passed
	}
	return t.s, t.events, nil
}

// settle is what happens each time a player would receive priority
// (117.5): state-based actions until none apply, then triggered abilities
// go on the stack (603.3), and again until neither happens.
func (t *tx) settle() error {
	for i := 0; i < 50; i++ {
		if err := t.checkSBA(); err != nil {
			return err
		}
		t.refresh()
		if t.s.Pending != nil || len(t.s.Waiting) == 0 || t.over() {
			return nil
		}
		if err := t.putTriggers(); err != nil {
			return err
		}
	}
	return errors.New("triggered abilities didn't settle")
}

// batch runs fn as one event (or simultaneous events) and then checks what
// triggered (603.2), looking back to the state before it for abilities that
// trigger on leaving the battlefield (603.10). Nested batches join the
// outermost.
func (t *tx) batch(fn func() error) error {
	if t.batchDepth > 0 {
		return fn()
	}
	var pre State
	if t.fresh {
		pre = t.base
	} else {
		pre = t.s.clone()
	}
	t.fresh = false
	t.pre, t.batchFrom = &pre, len(t.events)
	t.prevented = nil
	t.batchDepth++
	err := fn()
	t.batchDepth--
	if err != nil {
		return err
	}
	evs := t.events[t.batchFrom:]
	t.pre = nil
	return t.triggers(&pre, evs)
}

// triggersSoFar checks what the events of the current batch so far
// triggered, against the state now, and starts the rest of the batch after
// them: an event that isn't simultaneous with those after it.
func (t *tx) triggersSoFar() {
	if t.batchDepth == 0 || t.pre == nil {
		return
	}
	evs := t.events[t.batchFrom:]
	t.batchFrom = len(t.events)
	t.triggers(t.pre, evs)
}

// ask returns the answer to a choice, from those already given (replayed),
// or stops the action until the player makes it.
func (t *tx) ask(ch *Choice) (answer, error) {
	for i, a := range t.s.answers {
		if a.player == ch.Player && a.key == ch.Key && (a.order != nil) == ch.Order {
			t.s.answers = append(t.s.answers[:i:i], t.s.answers[i+1:]...)
			return a, nil
		}
	}
	return answer{}, &pauseErr{choice: ch}
}

// askTarget asks for one target: the answer names a player or an object.
func (t *tx) askTarget(ch *Choice) (Target, error) {
	ans, err := t.ask(ch)
	if err != nil {
		return Target{}, err
	}
	if ans.target != nil {
		return PlayerTarget(*ans.target), nil
	}
	return ObjectTarget(ans.object), nil
}

// dirty notes that the state changed, so characteristics must be
// computed again.
func (t *tx) dirty() { t.v = nil }

// chars is an object's current characteristics in this transaction.
func (t *tx) chars(o *Object) *Chars {
	if t.v == nil {
		t.v = t.s.computeView()
	}
	if ch := t.v.charsOf(o.ID); ch != nil {
		return ch
	}
	ch := t.s.Chars(o)
	return &ch
}

func (t *tx) emit(e Event) {
	e.Rule = t.ed.Rule(e.Key)
	e.SBA = t.sba
	t.events = append(t.events, e)
	t.dirty()
}

func (t *tx) ruleErr(k registry.Key, format string, args ...any) error {
	return &RuleError{Key: k, Rule: t.ed.Rule(k), Msg: fmt.Sprintf(format, args...)}
}

func (t *tx) name(p PlayerID) string { return t.s.Players[p].Name }

func (t *tx) object(id cardtext.ObjectID) (*Object, error) {
	o := t.s.Object(id)
	if o == nil {
		return nil, fmt.Errorf("no object #%d", id)
	}
	return o, nil
}

func (t *tx) permanent(id cardtext.ObjectID, verb string) (*Object, error) {
	o, err := t.object(id)
	if err != nil {
		return nil, err
	}
	if o.Zone != cardtext.Battlefield {
		return nil, fmt.Errorf("can't %s %s: it isn't a permanent (it's in %s)", verb, o.Label, t.where(o))
	}
	return o, nil
}

// where names an object's zone in the edition's words: "A's graveyard", "play".
func (t *tx) where(o *Object) string {
	if o.Zone.Private() {
		return t.name(o.Owner) + "'s " + o.Zone.String()
	}
	return t.ed.ZoneName(o.Zone)
}

// move changes an object's zone; it becomes a new object (400.7) with no
// status, damage or counters (122.2). Its last known information is kept
// (608.2h). It returns the new object's ID, or the old one if the move
// didn't happen. key names the rule that moved it.
func (t *tx) move(id cardtext.ObjectID, to cardtext.Zone, bottom bool, ctrl *PlayerID, key registry.Key, why string) (cardtext.ObjectID, error) {
	o, err := t.object(id)
	if err != nil {
		return 0, err
	}
	if o.Zone == to && to != cardtext.Battlefield {
		return id, nil
	}
	if len(o.Parts) > 0 && o.Zone == cardtext.Battlefield && to != cardtext.Battlefield {
		return t.moveMelded(o, to, bottom, key, why)
	}
	if o.Zone == cardtext.Stack && o.Stack != nil && o.Stack.Flashback && to != cardtext.Exile && t.applies(registry.Flashback) {
		// 702.34a: "If the flashback cost was paid, exile this card
		// instead of putting it anywhere else any time it would leave the
		// stack." — its own "Shuffle ~ into its owner's library" too.
		t.emit(Event{Kind: EvRule, Key: registry.Flashback, Object: o.Label, ObjectID: id,
			Text: fmt.Sprintf("%s would leave the stack for %s; it's exiled instead (flashback)", o.Label, t.ed.ZoneName(to))})
		return t.move(id, cardtext.Exile, false, nil, registry.Flashback, "is exiled (flashback)")
	}
	label, from := o.Label, t.where(o)
	var before *Chars // what a permanent entering was, for 614.12
	if to == cardtext.Battlefield {
		c := *t.chars(o)
		before = &c
	}
	if to == cardtext.Graveyard {
		if r, err := t.graveyardReplacement(o); err != nil || r != nil {
			if err != nil {
				return 0, err
			}
			t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: label, ObjectID: id,
				Text: fmt.Sprintf("%s would be put into a graveyard; instead (%s)", label, r.text)})
			if r.shuffle {
				return t.shuffleInto(id, o.Owner, "is shuffled into its owner's library")
			}
			return t.move(id, r.to, r.bottom, ctrl, key, why)
		}
	}
	if (to == cardtext.Hand || to == cardtext.Library) && o.Zone != cardtext.Command {
		if yes, err := t.toCommandZone(o); err != nil || yes {
			if err != nil {
				return 0, err
			}
			return t.move(id, cardtext.Command, false, nil, registry.CommandZoneRepl, "is put into the command zone instead")
		}
	}
	// 111.8: a token that has left the battlefield can't move again; it
	// stays until it ceases to exist.
	if o.Token && o.Zone != cardtext.Battlefield && t.applies(registry.TokenStays) {
		t.emit(Event{Kind: EvRule, Key: registry.TokenStays, Object: label,
			Text: label + " stays in " + from + ": a token that has left the battlefield can't change zones"})
		return id, nil
	}
	t.remember(o)
	if o.Zone == cardtext.Battlefield && to == cardtext.Graveyard {
		t.s.Log.Died = append(t.s.Log.Died, *t.s.LKI[len(t.s.LKI)-1])
	}
	old := *o
	n := old
	t.s.nextID++
	n.ID = t.s.nextID
	n.Zone = to
	n.Tapped, n.Damage, n.Deathtouched, n.Counters, n.Sick = false, 0, false, nil, to == cardtext.Battlefield
	n.Stack, n.Attached, n.Chosen, n.Regen, n.PhasedOut, n.LoyaltyTurn, n.Used = nil, 0, Chosen{}, 0, false, 0, nil
	n.AttachedTo = 0
	if old.Zone != cardtext.Stack || to != cardtext.Battlefield {
		n.Cast = nil
		// 110.5d, 712.8a: status is left behind; a card elsewhere has its
		// front face up. A spell becomes a permanent with the face up it
		// had on the stack (712.13), face down if it was (708.4).
		n.Face, n.FaceDown = FaceFront, false
	}
	n.Flipped, n.Half, n.Adventure, n.AdventureBy = false, 0, false, 0
	if old.Zone != cardtext.Stack || to != cardtext.Battlefield {
		n.Bestowed = false // 702.103b: only the spell and the permanent it becomes
	}
	n.Controller = old.Owner
	if to == cardtext.Battlefield && ctrl != nil {
		n.Controller = *ctrl
	}
	if to == cardtext.Battlefield {
		n.Controller = t.enterControl(&n, before, n.Controller)
	}
	n.Base = n.Controller
	n.Seq = t.s.tick()
	n.Timestamp, n.CtrlSince = n.Seq, n.Seq
	n.Revealed, n.ExiledBy, n.ExiledLink, n.Haunting = false, 0, 0, 0
	if to == cardtext.Library || to == cardtext.Hand || to == cardtext.Outside {
		n.Stickers = nil // 123.5: not retained in a hidden zone
	}
	if old.Zone == cardtext.Outside {
		n.Outsider = true // 400.11b: brought into the game
	}
	if bottom {
		n.Seq = -n.Seq
	}
	if to == cardtext.Library && t.placed != nil && !t.shuffling {
		// Put on top or at the bottom: a position a shuffle in the same
		// event leaves it in (701.24g).
		t.placed = append(t.placed, n.ID)
	}
	t.s.remove(id)
	t.s.Objects = append(t.s.Objects, &n)
	if t.s.Combat != nil {
		t.s.Combat.Remove(id)
	}
	t.dirty()
	if to == cardtext.Battlefield {
		ok, err := t.enter(n.ID, before)
		if err != nil {
			return 0, err
		}
		if ok && t.entering != nil {
			if err := t.entering(n.ID); err != nil {
				return 0, err
			}
			t.dirty()
		}
		if !ok {
			// 608.3e: it can't enter; a spell goes to its owner's
			// graveyard, anything else stays where it was.
			t.s.remove(n.ID)
			if old.Zone == cardtext.Stack && t.applies(registry.CantEnter) {
				g := old
				g.ID, g.Zone, g.Stack = n.ID, cardtext.Graveyard, nil
				g.Seq, g.Timestamp = t.s.tick(), t.s.clock
				t.s.Objects = append(t.s.Objects, &g)
				t.emit(Event{Kind: EvMove, Key: registry.EnterResolve, Object: label, ObjectID: id, NewObjectID: g.ID, From: cardtext.Stack, To: cardtext.Graveyard,
					Text: label + " can't enter the battlefield: it goes to " + t.name(g.Owner) + "'s graveyard"})
				return g.ID, nil
			}
			t.s.Objects = append(t.s.Objects, &old)
			t.emit(Event{Kind: EvRule, Key: registry.EnterResolve, Object: label, Text: label + " can't enter the battlefield"})
			return id, nil
		}
	}
	dest := t.ed.ZoneName(to)
	if to.Private() {
		dest = t.name(n.Owner) + "'s " + to.String()
	}
	text := fmt.Sprintf("%s moves from %s to %s", label, from, dest)
	if why != "" {
		text = label + " " + why + ": " + from + " → " + dest
	}
	ev := Event{Kind: EvMove, Key: key, Object: label, ObjectID: id, NewObjectID: n.ID, From: old.Zone, To: to, Text: text}
	if to == cardtext.Battlefield {
		// What it is as it enters, for the abilities it triggers: an
		// effect that starts once it's there doesn't change that (611.2e).
		if o := t.s.Object(n.ID); o != nil {
			c := *t.chars(o)
			ev.Entered = &c
		}
	}
	t.emit(ev)
	return n.ID, nil
}

func (a Move) apply(t *tx) error {
	if a.To == 0 {
		return errors.New("move: no zone")
	}
	key := registry.Key("")
	if a.To.Private() {
		key = registry.OwnersZone
	}
	_, err := t.move(a.Object, a.To, a.Bottom, a.Controller, key, "")
	return err
}

func (a Draw) apply(t *tx) error {
	if a.N < 1 {
		a.N = 1
	}
	if a.N > 100 {
		// Like tokens: no example needs more, and each draw from an empty
		// library is an event, so "draws 9999999" would fill memory.
		return fmt.Errorf("draw: %d cards is too many", a.N)
	}
	for range a.N {
		if done, err := t.drawReplaced(a); err != nil {
			return err
		} else if done {
			continue
		}
		top := t.s.Top(a.Player)
		if top == nil {
			// 704.5b: the attempt is remembered; the player loses at the
			// next check.
			t.s.Players[a.Player].DrewFromEmpty = true
			t.emit(Event{Kind: EvDraw, Key: registry.Draw, Player: t.name(a.Player),
				Text: t.name(a.Player) + " attempts to draw from an empty library"})
			continue
		}
		label := top.Label
		nid, err := t.move(top.ID, cardtext.Hand, false, nil, "", "")
		if err != nil {
			return err
		}
		t.events = t.events[:len(t.events)-1] // the draw event says it better
		t.emit(Event{Kind: EvDraw, Key: registry.Draw, Player: t.name(a.Player), Object: label, From: cardtext.Library, To: cardtext.Hand,
			Text: t.name(a.Player) + " draws " + label})
		t.drew(a.Player, nid)
	}
	return nil
}

func (a CreateToken) apply(t *tx) error {
	if a.Card == nil {
		return errors.New("create token: no characteristics")
	}
	if a.N < 1 {
		a.N = 1
	}
	if a.N > 100 {
		return fmt.Errorf("create token: %d tokens is too many", a.N)
	}
	for range a.N {
		if _, err := t.createToken(a.Player, a.Card, nil, FaceFront); err != nil {
			return err
		}
	}
	return nil
}

// createToken puts a token onto the battlefield (111.2), applying the
// replacement effects of entering, and returns its ID. copyOf, if set, are
// the copiable values it copies (707.2), card being the token's own; face
// is the face a double-faced token enters with up (707.8a).
func (t *tx) createToken(p PlayerID, card *cardtext.Card, copyOf *cardtext.Card, face Face) (cardtext.ObjectID, error) {
	o := t.s.newObject(card, p, cardtext.Battlefield, true)
	o.Sick, o.Face = true, face
	id := o.ID
	t.dirty()
	if copyOf != nil {
		t.addEffect(ContEffect{Spec: &cardtext.ContSpec{}, Copy: copyOf, Objects: []cardtext.ObjectID{id}, Timestamp: o.Timestamp,
			Source: id, SourceName: o.Label, Controller: p, Text: "a copy of " + copyOf.Name})
	}
	if ok, err := t.enter(id, nil); err != nil {
		return 0, err
	} else if !ok {
		t.s.remove(id)
		t.emit(Event{Kind: EvRule, Key: registry.EnterResolve, Player: t.name(p), Text: "the token can't enter the battlefield"})
		return 0, nil
	}
	o = t.s.Object(id)
	t.emit(Event{Kind: EvToken, Key: registry.CreateToken, Object: o.Label, ObjectID: id, NewObjectID: id, Player: t.name(p), To: cardtext.Battlefield,
		Text: fmt.Sprintf("%s creates %s, a %s token", t.name(p), o.Label, t.chars(o).Types)})
	return id, nil
}

func (a PutCounters) apply(t *tx) error { return t.counters(a.On, a.Kind, a.N) }

func (a RemoveCounters) apply(t *tx) error { return t.counters(a.From, a.Kind, -a.N) }

// counters adds n (or removes -n) counters of kind to a target.
func (t *tx) counters(on Target, kind string, n int) error {
	if kind == "" {
		return errors.New("counters: no kind")
	}
	if n == 0 {
		return nil
	}
	verb := "gets"
	if n < 0 {
		verb = "loses"
	}
	if on.IsPlayer {
		p := &t.s.Players[on.Player]
		if n < 0 {
			n = -min(-n, p.Counters.Get(kind))
		}
		p.Counters = p.Counters.With(kind, n)
		t.emit(Event{Kind: EvCounter, Key: registry.Counters, Player: p.Name, N: n,
			Text: fmt.Sprintf("%s %s %d %s counter%s (now %d)", p.Name, verb, abs(n), kind, plural(n), p.Counters.Get(kind))})
		return nil
	}
	o, err := t.object(on.Object)
	if err != nil {
		return err
	}
	if n < 0 {
		n = -min(-n, o.Counters.Get(kind))
	}
	o.Counters = o.Counters.With(kind, n)
	t.emit(Event{Kind: EvCounter, Key: registry.Counters, Object: o.Label, N: n,
		Text: fmt.Sprintf("%s %s %d %s counter%s (now %d)", o.Label, verb, abs(n), kind, plural(n), o.Counters.Get(kind))})
	return nil
}

func (a DealDamage) apply(t *tx) error {
	if a.N < 0 {
		return errors.New("damage can't be negative")
	}
	var src *damageSource
	if a.Source != 0 {
		o, err := t.object(a.Source)
		if err != nil {
			return err
		}
		src = &damageSource{label: o.Label, ch: *t.chars(o), ctrl: t.chars(o).Controller, id: o.ID}
	}
	if !a.To.IsPlayer {
		o, err := t.object(a.To.Object)
		if err != nil {
			return err
		}
		if o.Zone != cardtext.Battlefield || !t.chars(o).Types.Is("creature") && !t.chars(o).Types.Is("planeswalker") {
			return fmt.Errorf("%s can't be dealt damage: only players, creatures, planeswalkers and battles can", o.Label)
		}
	}
	return t.damage(src, a.To, a.N, false)
}

func (a GainLife) apply(t *tx) error { return t.life(a.Player, a.N, registry.LifeChange, "") }
func (a LoseLife) apply(t *tx) error { return t.life(a.Player, -a.N, registry.LifeChange, "") }

// life changes a player's life total (119.3); why says where it came from.
func (t *tx) life(pid PlayerID, n int, key registry.Key, why string) error {
	if n == 0 {
		return nil
	}
	if n > 0 {
		// "If you would gain life, …instead" (614.1a).
		ev := &pendingEvent{kind: cardtext.EvtGainLife, player: pid, n: n, what: fmt.Sprintf("%s would gain %d life", t.name(pid), n)}
		if by, err := t.replaceEvent(ev); by != "" || err != nil {
			return err
		}
	}
	p := &t.s.Players[pid]
	total := t.addLife(pid, n)
	verb := "gains"
	if n < 0 {
		verb = "loses"
	}
	if why != "" {
		why = " " + why
	}
	t.emit(Event{Kind: EvLife, Key: key, Player: p.Name, PlayerID: pid, HasPlayer: true, N: n,
		Text: fmt.Sprintf("%s %s %d life%s: life %d", p.Name, verb, abs(n), why, total)})
	return nil
}

func (a Destroy) apply(t *tx) error {
	o, err := t.permanent(a.Object, "destroy")
	if err != nil {
		return err
	}
	return t.destroy(o, registry.Destroy, "is destroyed")
}

// destroy moves a permanent to its owner's graveyard unless it is
// indestructible (702.12b) or regenerates (701.19a: a regeneration shield
// taps it, removes it from combat and removes its damage instead).
func (t *tx) destroy(o *Object, key registry.Key, why string) error {
	return t.destroyX(o, key, why, false)
}

func (t *tx) destroyX(o *Object, key registry.Key, why string, noRegen bool) error {
	if t.chars(o).HasKeyword("indestructible") && t.applies(registry.Indestructible) {
		t.emit(Event{Kind: EvRule, Key: registry.Indestructible, Object: o.Label, Text: o.Label + " is indestructible and isn't destroyed"})
		return nil
	}
	if o.Regen > 0 && !noRegen && t.applies(registry.Regenerate) {
		o.Regen--
		o.Tapped, o.Damage = true, 0
		if t.s.Combat != nil {
			t.s.Combat.Remove(o.ID)
		}
		t.emit(Event{Kind: EvRule, Key: registry.Regenerate, Object: o.Label, ObjectID: o.ID,
			Text: o.Label + " regenerates: it is tapped, its damage is removed, and it isn't destroyed"})
		return nil
	}
	_, err := t.move(o.ID, cardtext.Graveyard, false, nil, key, why)
	return err
}

func (a Sacrifice) apply(t *tx) error {
	if len(a.Objects) == 0 {
		return errors.New("sacrifice: nothing named")
	}
	seen := map[cardtext.ObjectID]bool{}
	for _, id := range a.Objects {
		o, err := t.object(id)
		if err != nil {
			return err
		}
		// 701.21a: only a permanent you control, and (classic rules) a
		// permanent can't be sacrificed more than once.
		if seen[id] {
			return t.ruleErr(registry.Sacrifice, "%s can't be sacrificed twice", o.Label)
		}
		seen[id] = true
		if o.Zone != cardtext.Battlefield {
			return t.ruleErr(registry.Sacrifice, "%s can't sacrifice %s: it isn't a permanent (it's in %s)", t.name(a.Player), o.Label, t.where(o))
		}
		if o.Controller != a.Player {
			return t.ruleErr(registry.Sacrifice, "%s can't sacrifice %s: %s controls it", t.name(a.Player), o.Label, t.name(o.Controller))
		}
	}
	// The permanents are sacrificed at once: one event (701.24g).
	return t.together(func() error {
		for _, id := range a.Objects {
			// Sacrifice isn't destruction: indestructible doesn't stop it.
			if _, err := t.move(id, cardtext.Graveyard, false, nil, registry.Sacrifice, "is sacrificed by "+t.name(a.Player)); err != nil {
				return err
			}
		}
		return nil
	})
}

func (a Tap) apply(t *tx) error {
	o, err := t.permanent(a.Object, "tap")
	if err != nil {
		return err
	}
	if o.Tapped {
		return t.ruleErr(registry.Tap, "%s is already tapped; only untapped permanents can be tapped", o.Label)
	}
	t.tap(o)
	return nil
}

// tap taps an untapped permanent (701.26a).
func (t *tx) tap(o *Object) {
	o.Tapped = true
	t.emit(Event{Kind: EvTap, Key: registry.Tap, Object: o.Label, ObjectID: o.ID, Text: o.Label + " becomes tapped"})
}

func (a Untap) apply(t *tx) error {
	o, err := t.permanent(a.Object, "untap")
	if err != nil {
		return err
	}
	if !o.Tapped {
		return t.ruleErr(registry.Untap, "%s is already untapped; only tapped permanents can be untapped", o.Label)
	}
	o.Tapped = false
	t.emit(Event{Kind: EvTap, Key: registry.Untap, Object: o.Label, ObjectID: o.ID, Text: o.Label + " becomes untapped"})
	return nil
}

func (a AddMana) apply(t *tx) error {
	p := &t.s.Players[a.Player]
	p.Pool = p.Pool.Add(a.Mana)
	if a.Only != nil {
		p.Restricted = append(p.Restricted, RestrictedMana{Mana: a.Mana, Only: a.Only, Source: a.Source})
	}
	t.emit(Event{Kind: EvMana, Key: registry.ManaPool, Player: p.Name, N: a.Mana.Total(),
		Text: fmt.Sprintf("%s adds %s: pool %s%s", p.Name, a.Mana, p.Pool, restrictedText(p))})
	return nil
}

func (a Choose) apply(t *tx) error {
	p := t.s.Pending
	if p == nil {
		return errors.New("there is no choice to make")
	}
	if a.Player != p.Player {
		return fmt.Errorf("%s is the one to choose: %s", t.name(p.Player), p.Prompt)
	}
	ans := answer{player: a.Player, key: p.Key, object: a.Object, objects: a.Objects, target: a.Target, word: strings.ToLower(a.Word)}
	if err := t.validAnswer(p, &ans, a.Order); err != nil {
		return err
	}
	what := ans.text(&t.s)
	t.emit(Event{Kind: EvChoice, Key: p.Key, Player: t.name(a.Player), Object: t.labelOf(ans.object),
		Text: fmt.Sprintf("%s chooses %s", t.name(a.Player), what)})
	if p.resume == nil {
		// The legend rule: the state-based actions read the answer.
		t.s.answers = append(t.s.answers, ans)
		t.s.Pending = nil
		return nil
	}
	// Start the paused action again from where it started, with every
	// answer so far.
	events := t.events
	t.base = t.base.clone()
	t.base.Pending = nil
	t.base.answers = append(t.base.answers, ans)
	t.s = t.base.clone()
	t.v = nil
	t.resume = p.resume
	t.events = events
	return p.resume.apply(t)
}

// validAnswer checks an answer against the choice's options.
func (t *tx) validAnswer(p *Choice, a *answer, order []string) error {
	for _, id := range append([]cardtext.ObjectID{a.object}, a.objects...) {
		if id != 0 && slices.Contains(p.Barred, id) {
			return t.ruleErr(p.BarredKey, "%s can't be chosen: %s", t.labelOf(id), p.BarredWhy)
		}
	}
	switch {
	case p.Order:
		o, err := orderAnswer(p, order)
		if err != nil {
			return err
		}
		a.order = o
		var ws []string
		for _, i := range o {
			ws = append(ws, p.Words[i])
		}
		a.word = strings.Join(ws, ", ") // for the event that tells it
		return nil
	case len(order) > 0:
		return fmt.Errorf("that isn't an order to choose: %s", p.Prompt)
	case len(p.Words) > 0:
		if o := t.s.Object(a.object); a.word == "" && o != nil && slices.ContainsFunc(p.Words, func(w string) bool { return strings.EqualFold(w, t.chars(o).Name) }) {
			// A word that is also a card's name ("swamp" with a Swamp
			// on the battlefield) answers as the word.
			a.word, a.object = strings.ToLower(t.chars(o).Name), 0
		}
		if a.word == "" && a.object != 0 {
			return fmt.Errorf("that isn't one of the choices: %s (%s)", p.Prompt, strings.Join(p.Words, ", "))
		}
		for _, w := range p.Words {
			if strings.EqualFold(w, a.word) {
				a.word = w
				return nil
			}
		}
		return fmt.Errorf("%q isn't one of the choices: %s (%s)", a.word, p.Prompt, strings.Join(p.Words, ", "))
	case a.target != nil:
		if slices.Contains(p.Players, *a.target) {
			return nil
		}
	case p.Max > 1 || p.Min == 0 && p.Max > 0:
		if len(a.objects) == 0 && a.object != 0 {
			a.objects = []cardtext.ObjectID{a.object}
		}
		if len(a.objects) < p.Min || len(a.objects) > max(p.Max, 1) {
			return fmt.Errorf("choose between %d and %d: %s", p.Min, p.Max, p.Prompt)
		}
		for _, o := range a.objects {
			if !slices.Contains(p.Options, o) {
				return fmt.Errorf("that isn't one of the choices: %s", p.Prompt)
			}
		}
		return nil
	default:
		if slices.Contains(p.Options, a.object) {
			return nil
		}
	}
	return fmt.Errorf("that isn't one of the choices: %s", p.Prompt)
}

// labelNumber is the "#2" of a label, left out when a name is enough.
var labelNumber = regexp.MustCompile(`#\d+`)

// orderAnswer reads an order of a choice's Words, each named by its label
// ("Soul Net#1") or, the first not yet used, its name ("Soul Net").
func orderAnswer(p *Choice, names []string) ([]int, error) {
	if len(names) != len(p.Words) {
		return nil, fmt.Errorf("name all %d, in order: %s (%s)", len(p.Words), p.Prompt, strings.Join(p.Words, ", "))
	}
	var out []int
	for _, n := range names {
		// Words may repeat (two instances of one ability): each name
		// takes the first one not yet taken.
		i := -1
		for j, w := range p.Words {
			if !slices.Contains(out, j) && (strings.EqualFold(w, n) || strings.EqualFold(labelNumber.ReplaceAllString(w, ""), n)) {
				i = j
				break
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("%q isn't one of them, or is named twice: %s (%s)", n, p.Prompt, strings.Join(p.Words, ", "))
		}
		out = append(out, i)
	}
	return out, nil
}

// text describes an answer for events.
func (a answer) text(s *State) string {
	switch {
	case a.order != nil:
		return "the order " + a.word
	case a.word != "":
		return a.word
	case a.target != nil:
		return s.Players[*a.target].Name
	case len(a.objects) > 0:
		var ls []string
		for _, id := range a.objects {
			if o := s.objectOrMain(id); o != nil {
				ls = append(ls, o.Label)
			}
		}
		if len(ls) == 0 {
			return "nothing"
		}
		return strings.Join(ls, ", ")
	}
	if o := s.objectOrMain(a.object); o != nil {
		return o.Label
	}
	return "nothing"
}

func (t *tx) labelOf(id cardtext.ObjectID) string {
	if o := t.s.objectOrMain(id); o != nil {
		return o.Label
	}
	return ""
}

func (a ChooseSubtype) apply(t *tx) error {
	name, err := t.ed.Types.CheckSubtypeChoice(a.Kind, a.Name)
	if !t.applies(registry.SubtypeChoice) { // 205.3e: without it, any words will do
		name, err = a.Name, nil
	}
	if err != nil {
		return &RuleError{Key: registry.SubtypeChoice, Rule: t.ed.Rule(registry.SubtypeChoice), Msg: err.Error()}
	}
	t.emit(Event{Kind: EvChoice, Key: registry.SubtypeChoice, Player: t.name(a.Player),
		Text: fmt.Sprintf("%s chooses the %s type %s", t.name(a.Player), a.Kind, name)})
	return nil
}

func (CheckSBA) apply(*tx) error { return nil }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func plural(n int) string {
	if abs(n) == 1 {
		return ""
	}
	return "s"
}

// drawReplaced applies a replacement effect to one draw ("If you would
// draw a card, … instead", 614.1a) and reports whether one did.
func (t *tx) drawReplaced(a Draw) (bool, error) {
	ev := &pendingEvent{kind: cardtext.EvtDraw, player: a.Player, n: 1, what: t.name(a.Player) + " would draw a card"}
	by, err := t.replaceEvent(ev)
	return by != "", err
}

// graveReplacement is a replacement effect for a card put into a
// graveyard: where it goes instead.
type graveReplacement struct {
	src     cardtext.ObjectID
	text    string
	to      cardtext.Zone
	shuffle bool // shuffled into the library rather than put on top
	bottom  bool // put on the bottom of the library
}

// graveyardReplacement finds the replacement effects that apply to o
// going to a graveyard (614.1a): its own (Darksteel Colossus into its
// owner's library, Gravebane Zombie on top if it would die) and others'
// ("If a card would be put into a graveyard from anywhere, instead exile
// it"). If several apply, o's controller (its owner, off the battlefield)
// chooses one (616.1); once applied, the event no longer puts it into a
// graveyard, so the others do nothing (616.1f).
func (t *tx) graveyardReplacement(o *Object) (*graveReplacement, error) {
	var rs []graveReplacement
	for _, a := range t.chars(o).Abilities {
		if a.Kind != cardtext.AbStatic || a.Replace == nil || a.Replace.Kind != cardtext.ReplGraveyard {
			continue
		}
		if g := a.Replace.Grave; !g.Die || o.Zone == cardtext.Battlefield {
			rs = append(rs, graveReplacement{src: o.ID, text: a.Text, to: g.To, shuffle: g.Shuffle, bottom: g.Bottom})
		}
	}
	for _, m := range t.ruleMods(cardtext.RuleGraveTo) {
		if m.src != nil && t.graveOwnerFits(m, o) && t.graveWhatFits(m, o) {
			g := m.mod.Grave
			rs = append(rs, graveReplacement{src: m.src.ID, text: m.name + ": " + g.String(), to: g.To, shuffle: g.Shuffle, bottom: g.Bottom})
		}
	}
	switch {
	case len(rs) == 0:
		return nil, nil
	case len(rs) == 1 || !t.applies(registry.ReplaceOrder):
		return t.thenOthers(rs, 0), nil // without 616.1, the first found applies
	}
	who := o.Owner
	if o.Zone == cardtext.Battlefield {
		who = t.chars(o).Controller
	}
	var opts []cardtext.ObjectID
	for _, r := range rs {
		opts = append(opts, r.src)
	}
	ans, err := t.ask(&Choice{Player: who, Key: registry.ReplaceOrder, Options: opts, Min: 1, Max: 1,
		Prompt: fmt.Sprintf("%s would be put into a graveyard: choose which replacement effect applies (by its source)", o.Label)})
	if err != nil {
		return nil, err
	}
	for i := range rs {
		if rs[i].src == ans.object {
			return t.thenOthers(rs, i), nil
		}
	}
	return t.thenOthers(rs, 0), nil
}

// thenOthers is the replacement rs[i] once chosen. 616.1f: after it, only
// the replacement effects that would now apply are considered, and once
// the card no longer goes to a graveyard, none does. Without that rule,
// the others that applied at first would apply too, one after another:
// the last would decide where the card goes.
func (t *tx) thenOthers(rs []graveReplacement, i int) *graveReplacement {
	r := rs[i]
	if t.applies(registry.ReplaceNow) {
		return &r
	}
	for j, o := range rs {
		if j != i {
			r.to, r.shuffle, r.text = o.to, o.shuffle, r.text+"; then "+o.text
		}
	}
	return &r
}
