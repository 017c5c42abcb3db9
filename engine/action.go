package engine

import (
	"errors"
	"fmt"
)

// Action is one thing a player or the game does. Apply performs it.
type Action interface {
	apply(t *tx) error
}

// Target is a player or an object, for damage and counters.
type Target struct {
	Object   ObjectID
	Player   PlayerID
	IsPlayer bool
}

// PlayerTarget and ObjectTarget build Targets.
func PlayerTarget(p PlayerID) Target { return Target{Player: p, IsPlayer: true} }
func ObjectTarget(o ObjectID) Target { return Target{Object: o} }

type (
	// Move puts an object into a zone (onto the battlefield, into a
	// graveyard, …). Cards go to their owner's library, hand or graveyard
	// (400.3). A permanent enters under its owner's control unless
	// Controller is set.
	Move struct {
		Object     ObjectID
		To         Zone
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
		Card   *Card
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
		Source ObjectID
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
	Destroy struct{ Object ObjectID }
	// Sacrifice: the player sacrifices permanents they control (701.21).
	Sacrifice struct {
		Player  PlayerID
		Objects []ObjectID
	}
	// Tap and Untap turn a permanent (701.26).
	Tap   struct{ Object ObjectID }
	Untap struct{ Object ObjectID }
	// AddMana adds mana to a player's pool (106.4).
	AddMana struct {
		Player PlayerID
		Mana   Mana
	}
	// EndStep ends the current step: mana pools empty (500.5) in editions
	// since M10; before, mana stayed until the phase ended.
	EndStep struct{}
	// EndPhase ends the current phase: mana pools empty, and before M10
	// each player loses 1 life per mana lost (mana burn, 300.3).
	EndPhase struct{}
	// EndTurn: the cleanup step removes damage (514.2), pools empty as its
	// phase ends, and the next player's turn begins.
	EndTurn struct{}
	// Choose answers the pending choice with one of its options.
	Choose struct {
		Player PlayerID
		Object ObjectID
	}
	// ChooseSubtype: an effect instructs the player to choose a subtype of
	// Kind; the choice must be one existing subtype (205.3e).
	ChooseSubtype struct {
		Player PlayerID
		Kind   SubtypeKind
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
	ed     *RulesEdition
	s      State
	events []Event
	sba    bool // inside a state-based action
}

// Apply performs an action and then checks state-based actions until none
// apply (704.3), and returns the new state and what happened. It never
// changes s. On error it returns s unchanged, no events, and the error (a
// *RuleError when a rule forbids the action).
func Apply(ed *RulesEdition, s State, a Action) (State, []Event, error) {
	if s.Pending != nil {
		if _, ok := a.(Choose); !ok {
			p := s.Pending
			return s, nil, fmt.Errorf("%s must first choose: %s", s.Players[p.Player].Name, p.Prompt)
		}
	}
	for _, p := range s.Players {
		if p.Lost {
			return s, nil, fmt.Errorf("%w: %s has lost", ErrGameOver, p.Name)
		}
	}
	t := &tx{ed: ed, s: s.clone()}
	if err := a.apply(t); err != nil {
		return s, nil, err
	}
	if err := t.checkSBA(); err != nil {
		return s, nil, err
	}
	return t.s, t.events, nil
}

func (t *tx) emit(e Event) {
	e.Rule = t.ed.Rule(e.Key)
	e.SBA = t.sba
	t.events = append(t.events, e)
}

func (t *tx) ruleErr(k Key, format string, args ...any) error {
	return &RuleError{Key: k, Rule: t.ed.Rule(k), Msg: fmt.Sprintf(format, args...)}
}

func (t *tx) name(p PlayerID) string { return t.s.Players[p].Name }

func (t *tx) object(id ObjectID) (*Object, error) {
	o := t.s.Object(id)
	if o == nil {
		return nil, fmt.Errorf("no object #%d", id)
	}
	return o, nil
}

func (t *tx) permanent(id ObjectID, verb string) (*Object, error) {
	o, err := t.object(id)
	if err != nil {
		return nil, err
	}
	if o.Zone != Battlefield {
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
// status, damage or counters (122.2). It returns the new object's ID, or
// the old one if the move didn't happen. key names the rule that moved it.
func (t *tx) move(id ObjectID, to Zone, bottom bool, ctrl *PlayerID, key Key, why string) (ObjectID, error) {
	o, err := t.object(id)
	if err != nil {
		return 0, err
	}
	if o.Zone == to && to != Battlefield {
		return id, nil
	}
	label, from := o.Label, t.where(o)
	// 111.8: a token that has left the battlefield can't move again; it
	// stays until it ceases to exist.
	if o.Token && o.Zone != Battlefield {
		t.emit(Event{Kind: EvRule, Key: KeyTokenStays, Object: label,
			Text: label + " stays in " + from + ": a token that has left the battlefield can't change zones"})
		return id, nil
	}
	old := *o
	n := old
	t.s.nextID++
	n.ID = t.s.nextID
	n.Zone = to
	n.Tapped, n.Damage, n.Deathtouched, n.Counters, n.Sick = false, 0, false, nil, to == Battlefield
	n.Controller = old.Owner
	if to == Battlefield && ctrl != nil {
		n.Controller = *ctrl
	}
	n.Seq = t.s.tick()
	n.Timestamp = n.Seq
	if bottom {
		n.Seq = -n.Seq
	}
	t.s.remove(id)
	t.s.Objects = append(t.s.Objects, n)
	dest := t.ed.ZoneName(to)
	if to.Private() {
		dest = t.name(n.Owner) + "'s " + to.String()
	}
	text := fmt.Sprintf("%s moves from %s to %s", label, from, dest)
	if why != "" {
		text = label + " " + why + ": " + from + " → " + dest
	}
	t.emit(Event{Kind: EvMove, Key: key, Object: label, From: old.Zone, To: to, Text: text})
	return n.ID, nil
}

func (a Move) apply(t *tx) error {
	if a.To == 0 {
		return errors.New("move: no zone")
	}
	key := Key("")
	if a.To.Private() {
		key = KeyOwnersZone
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
		top := t.s.Top(a.Player)
		if top == nil {
			// 704.5b: the attempt is remembered; the player loses at the
			// next check.
			t.s.Players[a.Player].DrewFromEmpty = true
			t.emit(Event{Kind: EvDraw, Key: KeyDraw, Player: t.name(a.Player),
				Text: t.name(a.Player) + " attempts to draw from an empty library"})
			continue
		}
		label := top.Label
		if _, err := t.move(top.ID, Hand, false, nil, "", ""); err != nil {
			return err
		}
		t.events = t.events[:len(t.events)-1] // the draw event says it better
		t.emit(Event{Kind: EvDraw, Key: KeyDraw, Player: t.name(a.Player), Object: label, From: Library, To: Hand,
			Text: t.name(a.Player) + " draws " + label})
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
		o := t.s.newObject(a.Card, a.Player, Battlefield, true)
		o.Sick = true
		t.emit(Event{Kind: EvToken, Key: KeyCreateToken, Object: o.Label, Player: t.name(a.Player), To: Battlefield,
			Text: fmt.Sprintf("%s creates %s, a %s token", t.name(a.Player), o.Label, a.Card.Types)})
	}
	return nil
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
		t.emit(Event{Kind: EvCounter, Key: KeyCounters, Player: p.Name, N: n,
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
	t.emit(Event{Kind: EvCounter, Key: KeyCounters, Object: o.Label, N: n,
		Text: fmt.Sprintf("%s %s %d %s counter%s (now %d)", o.Label, verb, abs(n), kind, plural(n), o.Counters.Get(kind))})
	return nil
}

func (a DealDamage) apply(t *tx) error {
	if a.N < 0 {
		return errors.New("damage can't be negative")
	}
	var src Chars
	srcName := "a source"
	controller := PlayerID(-1)
	if a.Source != 0 {
		o, err := t.object(a.Source)
		if err != nil {
			return err
		}
		src = t.s.Chars(o)
		srcName = o.Label
		controller = o.Controller
	}
	if a.N == 0 {
		return nil
	}
	if a.To.IsPlayer {
		p := &t.s.Players[a.To.Player]
		if src.HasKeyword("infect") {
			// 120.3b: infect gives poison counters instead.
			p.Counters = p.Counters.With("poison", a.N)
			t.emit(Event{Kind: EvDamage, Key: KeyDamageInfect, Player: p.Name, Object: srcName, N: a.N,
				Text: fmt.Sprintf("%s deals %d damage to %s, who gets %d poison counter%s", srcName, a.N, p.Name, a.N, plural(a.N))})
		} else {
			p.Life -= a.N
			t.emit(Event{Kind: EvDamage, Key: KeyDamagePlayer, Player: p.Name, Object: srcName, N: a.N,
				Text: fmt.Sprintf("%s deals %d damage to %s: life %d", srcName, a.N, p.Name, p.Life)})
		}
	} else {
		o, err := t.object(a.To.Object)
		if err != nil {
			return err
		}
		if o.Zone != Battlefield || !t.s.Chars(o).Types.Is("creature") {
			return fmt.Errorf("%s can't be dealt damage: only players, creatures, planeswalkers and battles can", o.Label)
		}
		if src.HasKeyword("wither") || src.HasKeyword("infect") {
			// 120.3d: -1/-1 counters instead of marked damage.
			o.Counters = o.Counters.With("-1/-1", a.N)
			t.emit(Event{Kind: EvDamage, Key: KeyDamageWither, Object: o.Label, N: a.N,
				Text: fmt.Sprintf("%s deals %d damage to %s as -1/-1 counters", srcName, a.N, o.Label)})
		} else {
			o.Damage += a.N
			t.emit(Event{Kind: EvDamage, Key: KeyDamageCreature, Object: o.Label, N: a.N,
				Text: fmt.Sprintf("%s deals %d damage to %s (%d marked)", srcName, a.N, o.Label, o.Damage)})
		}
		if src.HasKeyword("deathtouch") {
			o.Deathtouched = true
		}
	}
	if src.HasKeyword("lifelink") && controller >= 0 {
		p := &t.s.Players[controller]
		p.Life += a.N
		t.emit(Event{Kind: EvLife, Key: KeyLifelink, Player: p.Name, N: a.N,
			Text: fmt.Sprintf("%s gains %d life from lifelink: life %d", p.Name, a.N, p.Life)})
	}
	return nil
}

func (a GainLife) apply(t *tx) error { return t.life(a.Player, a.N) }
func (a LoseLife) apply(t *tx) error { return t.life(a.Player, -a.N) }

func (t *tx) life(pid PlayerID, n int) error {
	p := &t.s.Players[pid]
	p.Life += n
	verb := "gains"
	if n < 0 {
		verb = "loses"
	}
	t.emit(Event{Kind: EvLife, Key: KeyLifeChange, Player: p.Name, N: n,
		Text: fmt.Sprintf("%s %s %d life: life %d", p.Name, verb, abs(n), p.Life)})
	return nil
}

func (a Destroy) apply(t *tx) error {
	o, err := t.permanent(a.Object, "destroy")
	if err != nil {
		return err
	}
	return t.destroy(o, KeyDestroy, "is destroyed")
}

// destroy moves a permanent to its owner's graveyard unless it is
// indestructible (702.12b).
func (t *tx) destroy(o *Object, key Key, why string) error {
	if t.s.Chars(o).HasKeyword("indestructible") {
		t.emit(Event{Kind: EvRule, Key: KeyIndestructible, Object: o.Label, Text: o.Label + " is indestructible and isn't destroyed"})
		return nil
	}
	_, err := t.move(o.ID, Graveyard, false, nil, key, why)
	return err
}

func (a Sacrifice) apply(t *tx) error {
	if len(a.Objects) == 0 {
		return errors.New("sacrifice: nothing named")
	}
	seen := map[ObjectID]bool{}
	for _, id := range a.Objects {
		o, err := t.object(id)
		if err != nil {
			return err
		}
		// 701.21a: only a permanent you control, and (classic rules) a
		// permanent can't be sacrificed more than once.
		if seen[id] {
			return t.ruleErr(KeySacrifice, "%s can't be sacrificed twice", o.Label)
		}
		seen[id] = true
		if o.Zone != Battlefield {
			return t.ruleErr(KeySacrifice, "%s can't sacrifice %s: it isn't a permanent (it's in %s)", t.name(a.Player), o.Label, t.where(o))
		}
		if o.Controller != a.Player {
			return t.ruleErr(KeySacrifice, "%s can't sacrifice %s: %s controls it", t.name(a.Player), o.Label, t.name(o.Controller))
		}
	}
	for _, id := range a.Objects {
		// Sacrifice isn't destruction: indestructible doesn't stop it.
		if _, err := t.move(id, Graveyard, false, nil, KeySacrifice, "is sacrificed by "+t.name(a.Player)); err != nil {
			return err
		}
	}
	return nil
}

func (a Tap) apply(t *tx) error {
	o, err := t.permanent(a.Object, "tap")
	if err != nil {
		return err
	}
	if o.Tapped {
		return t.ruleErr(KeyTap, "%s is already tapped; only untapped permanents can be tapped", o.Label)
	}
	o.Tapped = true
	t.emit(Event{Kind: EvTap, Key: KeyTap, Object: o.Label, Text: o.Label + " becomes tapped"})
	return nil
}

func (a Untap) apply(t *tx) error {
	o, err := t.permanent(a.Object, "untap")
	if err != nil {
		return err
	}
	if !o.Tapped {
		return t.ruleErr(KeyUntap, "%s is already untapped; only tapped permanents can be untapped", o.Label)
	}
	o.Tapped = false
	t.emit(Event{Kind: EvTap, Key: KeyUntap, Object: o.Label, Text: o.Label + " becomes untapped"})
	return nil
}

func (a AddMana) apply(t *tx) error {
	p := &t.s.Players[a.Player]
	p.Pool = p.Pool.Add(a.Mana)
	t.emit(Event{Kind: EvMana, Key: KeyManaPool, Player: p.Name, N: a.Mana.Total(),
		Text: fmt.Sprintf("%s adds %s: pool %s", p.Name, a.Mana, p.Pool)})
	return nil
}

func (EndStep) apply(t *tx) error {
	if t.ed.EmptyEachStep {
		t.emptyPools(false)
	}
	return nil
}

func (EndPhase) apply(t *tx) error { t.emptyPools(true); return nil }

func (EndTurn) apply(t *tx) error {
	// 514.2: in the cleanup step, damage wears off.
	for i := range t.s.Objects {
		o := &t.s.Objects[i]
		if o.Zone == Battlefield && o.Damage > 0 {
			o.Damage = 0
			t.emit(Event{Kind: EvRule, Key: KeyCleanup, Object: o.Label, Text: "damage on " + o.Label + " wears off"})
		}
	}
	t.emptyPools(true)
	t.s.Active = (t.s.Active + 1) % PlayerID(len(t.s.Players))
	// 302.6: the new active player's permanents are no longer sick.
	for i := range t.s.Objects {
		o := &t.s.Objects[i]
		if o.Zone == Battlefield && o.Controller == t.s.Active {
			o.Sick = false
		}
	}
	return nil
}

// emptyPools empties every mana pool (500.5; 2007: 300.3). At the end of a
// phase before M10, each player loses 1 life per mana lost (mana burn).
func (t *tx) emptyPools(phase bool) {
	for i := range t.s.Players {
		p := &t.s.Players[i]
		n := p.Pool.Total()
		if n == 0 {
			continue
		}
		lost := p.Pool
		p.Pool = Mana{}
		t.emit(Event{Kind: EvMana, Key: KeyManaEmpty, Player: p.Name, N: n,
			Text: fmt.Sprintf("%s's mana pool empties (%s lost)", p.Name, lost)})
		if phase && t.ed.ManaBurn {
			p.Life -= n
			t.emit(Event{Kind: EvLife, Key: KeyManaBurn, Player: p.Name, N: -n,
				Text: fmt.Sprintf("mana burn: %s loses %d life: life %d", p.Name, n, p.Life)})
		}
	}
}

func (a Choose) apply(t *tx) error {
	p := t.s.Pending
	if p == nil {
		return errors.New("there is no choice to make")
	}
	if a.Player != p.Player {
		return fmt.Errorf("%s is the one to choose: %s", t.name(p.Player), p.Prompt)
	}
	ok := false
	for _, o := range p.Options {
		ok = ok || o == a.Object
	}
	if !ok {
		return fmt.Errorf("that isn't one of the choices: %s", p.Prompt)
	}
	o, _ := t.object(a.Object)
	t.emit(Event{Kind: EvChoice, Key: p.Key, Player: t.name(a.Player), Object: o.Label,
		Text: fmt.Sprintf("%s chooses %s", t.name(a.Player), o.Label)})
	t.s.answers = append(t.s.answers, answer{a.Player, p.Key, a.Object})
	t.s.Pending = nil
	return nil
}

func (a ChooseSubtype) apply(t *tx) error {
	name, err := t.ed.Types.CheckSubtypeChoice(a.Kind, a.Name)
	if err != nil {
		return &RuleError{Key: KeySubtypeChoice, Rule: t.ed.Rule(KeySubtypeChoice), Msg: err.Error()}
	}
	t.emit(Event{Kind: EvChoice, Key: KeySubtypeChoice, Player: t.name(a.Player),
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
