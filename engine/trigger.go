package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Waiting is a triggered ability that has triggered and waits to be put on
// the stack the next time a player would receive priority (603.3).
type Waiting struct {
	Ability    *cardtext.Ability
	Source     cardtext.ObjectID
	SourceName string
	SourceSnap Snapshot
	Controller PlayerID
	Trig       TrigInfo
}

// selfName is the name "~" in the waiting ability's text stands for: its
// source's as it triggered, or, for a delayed ability (which has no
// snapshot), the name of the card whose text made it.
func (w *Waiting) selfName() string {
	if n := w.SourceSnap.Chars.Name; n != "" {
		return n
	}
	if w.Ability != nil && w.Ability.Origin != "" {
		return w.Ability.Origin
	}
	n, _, _ := strings.Cut(w.SourceName, "#")
	return n
}

// origin is the name "~" in a delayed ability's text stands for.
func (d *Delayed) origin() string {
	w := Waiting{Ability: d.Ability, SourceName: d.SourceName}
	return w.selfName()
}

// Delayed is a delayed triggered ability (603.7): created by a resolving
// spell or ability, it triggers once, at its event.
type Delayed struct {
	Ability    *cardtext.Ability // its references bound to the objects they meant
	Controller PlayerID
	Source     cardtext.ObjectID
	SourceName string
	Turn       int           // when it was created, for "the next end step"
	Step       cardtext.Step // …
	// Watch is the object a "when this creature leaves the battlefield"
	// ability waits for (603.7a).
	Watch cardtext.ObjectID
}

// triggers checks a batch of events against every triggered ability
// (603.2), looking back in time for abilities that trigger on leaving the
// battlefield (603.10).
func (t *tx) triggers(pre *State, evs []Event) error {
	// The events of one batch happened simultaneously: one event, with
	// an occurrence for each object (603.2c).
	fired, prev := map[batchTrigger]bool{}, t.fired
	t.fired = fired
	for _, e := range evs {
		t.matchEvent(pre, e)
	}
	t.fired = prev
	t.stateTriggers()
	return nil
}

// trigSource is an object whose triggered abilities are checked, in the
// state they are checked in.
type trigSource struct {
	st *State
	o  *Object
	ch *Chars
}

// sourcesIn lists the objects whose abilities trigger in a state: those on
// the battlefield, and cards whose abilities work elsewhere.
func (t *tx) sourcesIn(st *State, look bool) []trigSource {
	var v *view
	if look {
		v = st.computeView()
	} else {
		if t.v == nil {
			t.v = t.s.computeView()
		}
		v = t.v
	}
	var out []trigSource
	for _, o := range st.Objects {
		if o.PhasedOut || o.Stack != nil {
			continue
		}
		if o.Zone == cardtext.Library && v.chars[o.ID] == nil && !st.hiddenTriggers(o) {
			continue // hidden, or not in the view: no triggered ability
		}
		ch := v.charsOf(o.ID)
		if ch == nil {
			continue
		}
		if o.Zone != cardtext.Battlefield && !t.hasTriggerFrom(ch, o.Zone) {
			continue
		}
		out = append(out, trigSource{st, o, ch})
	}
	return out
}

func (t *tx) hasTriggerFrom(ch *Chars, z cardtext.Zone) bool {
	for _, a := range ch.Abilities {
		if a.Kind == cardtext.AbTriggered && (a.From == z || a.Trigger != nil && a.Trigger.Event == cardtext.TrigToGraveyard && a.Trigger.What != nil && a.Trigger.What.Self && z == cardtext.Graveyard) {
			return true
		}
		// 702.29c: "When you cycle this card" triggers from whatever zone
		// the card winds up in after it's cycled.
		if a.Kind == cardtext.AbTriggered && a.Trigger != nil && a.Trigger.Event == cardtext.TrigCycle && t.applies(registry.CycleTrigger) {
			return true
		}
		for tr := a.Trigger; a.Kind == cardtext.AbTriggered && tr != nil; tr = tr.Or {
			if t.condWorksIn(a, tr, z) {
				return true
			}
		}
	}
	return false
}

// condWorksIn reports whether a trigger condition of ability a works while
// its object is in zone z: one about "the creature it haunts" from exile
// (702.55c), where the card haunts it. A condition that can't trigger from
// the battlefield works in the zones it can trigger from even if another
// condition of the same ability works on the battlefield (113.6k); without
// that rule, such an ability would work where its other condition does.
func (t *tx) condWorksIn(a *cardtext.Ability, tr *cardtext.Trigger, z cardtext.Zone) bool {
	if tr.What != nil && tr.What.Haunted {
		return z == cardtext.Exile && (a.Trigger.Or == nil || t.applies(registry.TriggerZones))
	}
	return z == cardtext.Battlefield || a.From == z
}

// triggeredAbilities lists an object's triggered abilities, keyword parts
// included (fading, undying).
func triggeredAbilities(ch *Chars) []*cardtext.Ability {
	var out []*cardtext.Ability
	for _, a := range ch.Abilities {
		if a.Kind == cardtext.AbTriggered {
			out = append(out, a)
		}
		for _, p := range a.Parts {
			if p.Kind == cardtext.AbTriggered {
				out = append(out, p)
			}
		}
	}
	return out
}

// matchEvent finds the abilities one event triggers.
func (t *tx) matchEvent(pre *State, e Event) {
	var kind cardtext.TrigEvent
	look := false
	switch e.Kind {
	case EvMove:
		switch {
		case e.Extra:
			// 712.21: another card of a melded permanent that left: only
			// abilities about cards put into a zone see it.
			if e.To != cardtext.Graveyard {
				return
			}
			kind = cardtext.TrigToGraveyard
		case e.To == cardtext.Battlefield:
			kind = cardtext.TrigEnters
		case e.From == cardtext.Battlefield:
			// 603.10a: leaves-the-battlefield abilities look back in time.
			kind, look = cardtext.TrigLeaves, t.applies(registry.LookBack)
		case e.To == cardtext.Graveyard:
			kind = cardtext.TrigToGraveyard
		default:
			return
		}
	case EvToken:
		kind = cardtext.TrigEnters
	case EvCycle:
		kind = cardtext.TrigCycle
	case EvCrew:
		kind = cardtext.TrigCrews
	case EvRule:
		if e.Key != registry.FaceDown {
			return
		}
		kind = cardtext.TrigTurnedUp
	case EvReveal:
		kind = cardtext.TrigReveal
	case EvTap:
		if e.Key == registry.Tap {
			kind = cardtext.TrigTapped
		} else {
			kind = cardtext.TrigUntapped
		}
	case EvLife:
		if e.N <= 0 {
			return
		}
		kind = cardtext.TrigGainLife
	case EvCast:
		if e.Key != registry.Cast {
			return
		}
		kind = cardtext.TrigCast
	case EvDamage:
		// 603.2g: damage that was all prevented wasn't dealt: there is
		// no event to trigger on.
		if e.N <= 0 {
			return
		}
		kind = cardtext.TrigDealsDamage
	case EvCombat:
		switch {
		case e.Key == registry.Attack:
			kind = cardtext.TrigAttacks
		case e.Key == registry.Block && e.N == blockedEvent:
			kind = cardtext.TrigBlocked
		case e.Key == registry.Block:
			kind = cardtext.TrigBlocks
		default:
			return
		}
	default:
		return
	}
	st := &t.s
	if look {
		st = pre
	}
	// The object the event is about, as the ability sees it.
	var eo *Object
	var ech *Chars
	switch {
	case look:
		if s := pre.LastKnownOrCurrent(e.ObjectID); s != nil {
			eo = &s.Obj
			c := s.Chars
			ech = &c
		}
		if snap := t.s.LastKnown(e.ObjectID); snap != nil {
			eo, ech = &snap.Obj, &snap.Chars
		}
	case e.Kind == EvDamage || kind == cardtext.TrigAttacks || kind == cardtext.TrigBlocks || kind == cardtext.TrigBlocked || kind == cardtext.TrigCrews:
		eo = t.s.Object(e.Source)
		if e.Kind != EvDamage {
			eo = t.s.Object(e.ObjectID)
		}
	default:
		id := e.ObjectID
		if e.NewObjectID != 0 {
			id = e.NewObjectID
		}
		eo = t.s.Object(id)
	}
	if eo != nil && ech == nil {
		ech = t.chars(eo)
		if kind == cardtext.TrigEnters && e.Entered != nil && e.NewObjectID == eo.ID {
			// As it entered, not as later effects of the same
			// resolution made it (611.2e).
			ech = e.Entered
		}
	}
	// 603.6b, 611.3c: continuous effects modify a permanent the moment it's
	// on the battlefield, before what it triggers is looked at; without
	// them, it would be seen entering as it was printed (or copied).
	unmodified := kind == cardtext.TrigEnters && eo != nil && !(t.applies(registry.EntersModified) && t.applies(registry.StaticEnters))
	if unmodified {
		ech = t.unmodifiedChars(eo)
	}
	info := TrigInfo{Player: e.PlayerID, HasPlayer: e.HasPlayer}
	if eo != nil {
		snap := Snapshot{ID: eo.ID, Obj: *eo}
		if ech != nil {
			snap.Chars = *ech
		}
		info.Obj = &snap
		if e.Kind == EvMove && e.NewObjectID != 0 && e.NewObjectID != eo.ID {
			info.NewID, info.NewAlso = e.NewObjectID, e.Also
		}
	}
	if kind == cardtext.TrigCast {
		info.Spell = e.ObjectID
	}
	if kind == cardtext.TrigBlocks || kind == cardtext.TrigCrews {
		info.Other = e.Source // the attacker it blocks; the Vehicle it crews
	}
	if kind == cardtext.TrigDealsDamage {
		info.N = e.N // "that many": the damage dealt
	}
	for _, src := range t.sourcesIn(st, look) {
		if unmodified && src.o.ID == eo.ID {
			src.ch = ech
		}
		for _, a := range triggeredAbilities(src.ch) {
			tr := a.Trigger
			for ; tr != nil; tr = tr.Or {
				// 113.6k: each condition of the ability works in its own
				// zone; the first that matches triggers it.
				if (src.o.Zone == cardtext.Battlefield || t.condWorksIn(a, tr, src.o.Zone) || tr.Or == nil && a.Trigger == tr) && t.trigMatches(tr, kind, e, src, eo, ech, st) {
					break
				}
			}
			if tr == nil {
				continue
			}
			if !t.eventInRange(src.ch.Controller, e, eo) {
				continue
			}
			if refersToChoice(a) && !t.s.choiceLinked(src.o, src.ch.Abilities, a, a) { // 607.4, 607.5a
				continue
			}
			if t.triggeredThisEvent(src.o.ID, a, tr) {
				continue
			}
			in := info
			if tr.Event == cardtext.TrigBlocked && tr.By != nil && eo != nil {
				in.Other = eo.ID // the blocker
			}
			t.trigger(a, src.o, src.ch, in)
		}
	}
	if kind == cardtext.TrigDealsDamage && eo != nil && ech != nil {
		t.keywordTriggers(e, eo, ech, info)
	}
	// Delayed triggered abilities watching objects.
	for i := 0; i < len(t.s.Delayed); i++ {
		d := t.s.Delayed[i]
		tr := d.Ability.Trigger
		if tr.Event != kind || tr.What == nil || !tr.What.Self {
			continue
		}
		if eo == nil || d.Watch != eo.ID || !t.applies(registry.Delayed) {
			continue
		}
		t.s.Delayed = slices.Delete(slices.Clone(t.s.Delayed), i, i+1)
		i--
		t.s.Waiting = append(t.s.Waiting, Waiting{Ability: d.Ability, Source: d.Source, SourceName: d.SourceName, Controller: d.Controller, Trig: info})
		t.emit(Event{Kind: EvTrigger, Key: registry.Delayed, Object: d.SourceName, Text: "delayed ability triggers: " + d.Ability.Display(d.origin())})
	}
}

// batchTrigger is an ability of an object that a batch of events
// triggered.
type batchTrigger struct {
	src cardtext.ObjectID
	a   *cardtext.Ability
}

// triggeredThisEvent reports whether the batch of simultaneous events being
// checked has already triggered src's ability a, and it may trigger only
// once for the batch. 603.2c: "An ability triggers only once each time its
// trigger event occurs": a condition about a group ("whenever one or more
// creatures die") is met once by the batch, however many objects it holds.
// "However, it can trigger repeatedly if one event contains multiple
// occurrences": a condition about one object ("whenever a land is put into
// a graveyard") triggers for each; without that sentence, the first
// limits it to once for the batch too.
func (t *tx) triggeredThisEvent(src cardtext.ObjectID, a *cardtext.Ability, tr *cardtext.Trigger) bool {
	once := t.applies(registry.TriggerOnce) && tr.OneOrMore ||
		!tr.OneOrMore && t.ed.Has(registry.TriggerRepeats) && !t.applies(registry.TriggerRepeats)
	if !once || t.fired == nil {
		return false
	}
	k := batchTrigger{src, a}
	if t.fired[k] {
		return true
	}
	t.fired[k] = true
	return false
}

// unmodifiedChars is an object's characteristics from its copiable values
// alone, with no other continuous effect applied.
func (t *tx) unmodifiedChars(o *Object) *Chars {
	ch := baseChars(&t.s, o, t.copiable(o), nil)
	ch.Keywords = keywordsOf(ch.Abilities)
	return &ch
}

// LastKnownOrCurrent is an object as it is, or as it last was.
func (s *State) LastKnownOrCurrent(id cardtext.ObjectID) *Snapshot {
	if o := s.Object(id); o != nil {
		return &Snapshot{ID: id, Obj: *o, Chars: s.Chars(o)}
	}
	return s.LastKnown(id)
}

// trigMatches reports whether an event matches a trigger condition for the
// ability of src.
func (t *tx) trigMatches(tr *cardtext.Trigger, kind cardtext.TrigEvent, e Event, src trigSource, eo *Object, ech *Chars, st *State) bool {
	ctrl := src.ch.Controller
	objOK := func() bool {
		if tr.What == nil {
			return true
		}
		if eo == nil || ech == nil {
			return false
		}
		f := *tr.What
		if f.Self {
			return eo.ID == src.o.ID || (e.NewObjectID != 0 && e.NewObjectID == src.o.ID)
		}
		if f.Enchanted {
			return src.o.Attached == eo.ID
		}
		if f.Haunted {
			return src.o.Zone == cardtext.Exile && src.o.Haunting == eo.ID
		}
		g := f
		if g.Zone == 0 {
			g.Zone = eo.Zone
		}
		return matchFilter(st, &g, eo, ech, src.o, ctrl)
	}
	switch tr.Event {
	case cardtext.TrigEnters:
		return kind == cardtext.TrigEnters && objOK()
	case cardtext.TrigLeaves:
		return kind == cardtext.TrigLeaves && objOK()
	case cardtext.TrigDies:
		// 700.4: "dies" is put into a graveyard from the battlefield, a
		// creature as it last existed.
		return kind == cardtext.TrigLeaves && e.To == cardtext.Graveyard && ech != nil && ech.Types.Is("creature") && objOK()
	case cardtext.TrigToGraveyard:
		if e.To != cardtext.Graveyard || e.Kind != EvMove {
			return false
		}
		if tr.From != 0 && e.From != tr.From {
			return false
		}
		return (kind == cardtext.TrigLeaves || kind == cardtext.TrigToGraveyard) && objOK()
	case cardtext.TrigTapped:
		return kind == cardtext.TrigTapped && objOK()
	case cardtext.TrigUntapped:
		return kind == cardtext.TrigUntapped && objOK()
	case cardtext.TrigGainLife:
		return kind == cardtext.TrigGainLife && (tr.Who != cardtext.Yours || e.PlayerID == ctrl)
	case cardtext.TrigCast:
		if kind != cardtext.TrigCast || tr.N > 0 {
			return false
		}
		if tr.Who == cardtext.Yours && e.PlayerID != ctrl || tr.Who == cardtext.Opponents && !t.s.Opponents(e.PlayerID, ctrl) {
			return false
		}
		sp := t.s.Object(e.ObjectID)
		if tr.Spell != nil && (sp == nil || !matchFilter(&t.s, tr.Spell, sp, t.chars(sp), src.o, ctrl)) {
			return false
		}
		if tr.Targets != nil {
			return sp != nil && t.targetsOnly(sp, tr.Targets, src.o, ctrl)
		}
		return true
	case cardtext.TrigCycle:
		return kind == cardtext.TrigCycle && objOK() && (tr.Who != cardtext.Yours || e.PlayerID == ctrl)
	case cardtext.TrigCrews:
		return kind == cardtext.TrigCrews && objOK()
	case cardtext.TrigTurnedUp:
		return kind == cardtext.TrigTurnedUp && objOK()
	case cardtext.TrigReveal:
		// 603.11: "this way" links the trigger to the static ability
		// printed before it: only what that ability revealed counts.
		// Without the rule nothing links them: any reveal does.
		if kind != cardtext.TrigReveal || tr.Who == cardtext.Yours && e.PlayerID != ctrl || !objOK() {
			return false
		}
		return !tr.ThisWay || !t.applies(registry.LinkedTrigger) || e.Source == src.o.ID
	case cardtext.TrigDamagePlayer:
		return kind == cardtext.TrigDealsDamage && e.Combat && e.HasPlayer && objOK()
	case cardtext.TrigDealsDamage:
		if tr.Who == cardtext.Opponents && (!e.HasPlayer || e.PlayerID == ctrl) {
			return false // "deals damage to an opponent"
		}
		return kind == cardtext.TrigDealsDamage && objOK()
	case cardtext.TrigAttacks:
		if tr.Alone && !t.attacksAlone() {
			return false
		}
		return kind == cardtext.TrigAttacks && objOK()
	case cardtext.TrigBlocks:
		if kind != cardtext.TrigBlocks || !objOK() {
			return false
		}
		if tr.By != nil {
			atk := t.s.Object(e.Source)
			return atk != nil && matchFilter(st, tr.By, atk, t.chars(atk), src.o, ctrl)
		}
		return e.N != blockedEvent // "blocks": once per blocker (509.3)
	case cardtext.TrigBlocked:
		if tr.By == nil {
			// "Whenever this creature becomes blocked": once (509.3c).
			return kind == cardtext.TrigBlocked && objOK()
		}
		if !t.applies(registry.EventPerAbility) {
			// Without 700.1, one happening would be one event for every
			// ability: "becomes blocked by a creature" would trigger once,
			// as the creature becomes blocked.
			return kind == cardtext.TrigBlocked && objOK() && t.blockedBy(eo, tr.By, src, st)
		}
		// "… becomes blocked by a creature": once for each blocker, judged
		// as it blocks (509.3f).
		if kind != cardtext.TrigBlocks {
			return false
		}
		atk := t.s.Object(e.Source)
		if atk == nil || !(tr.What.Self && atk.ID == src.o.ID || tr.What.Enchanted && src.o.Attached == atk.ID) {
			return false
		}
		return eo != nil && matchFilter(st, tr.By, eo, ech, src.o, ctrl)
	}
	return false
}

// blockedBy reports whether one of the creatures blocking atk matches f.
func (t *tx) blockedBy(atk *Object, f *cardtext.Filter, src trigSource, st *State) bool {
	if atk == nil || t.s.Combat == nil {
		return false
	}
	for _, a := range t.s.Combat.Attackers {
		if a.ID != atk.ID {
			continue
		}
		for _, b := range a.Blockers {
			if o := t.s.Object(b); o != nil && matchFilter(st, f, o, t.chars(o), src.o, src.ch.Controller) {
				return true
			}
		}
	}
	return false
}

// blockedEvent marks the one "becomes blocked" event of an attacker, apart
// from each blocker's "blocks" event.
const blockedEvent = 2

// trigger records that an ability triggered (603.2), unless its intervening
// "if" clause is false (603.4).
func (t *tx) trigger(a *cardtext.Ability, src *Object, ch *Chars, info TrigInfo) {
	if !t.applies(registry.Trigger) {
		return
	}
	key := registry.Trigger
	if k, ok := keywordTriggerKeys[a.Keyword]; ok {
		if !t.applies(k) {
			return // the keyword's rule says what it means; without it, nothing
		}
		key = k
	}
	w := Waiting{Ability: a, Source: src.ID, SourceName: src.Label, SourceSnap: Snapshot{ID: src.ID, Obj: *src, Chars: *ch},
		Controller: ch.Controller, Trig: info}
	if a.If != nil && t.applies(registry.TriggerIf) {
		item := &StackItem{Kind: StackTriggered, Abilities: []*cardtext.Ability{a}, Source: src.ID, SourceName: src.Label, SourceSnap: &w.SourceSnap, Controller: ch.Controller, Trig: &w.Trig}
		if !t.condHolds(a.If, item) {
			return
		}
	}
	t.s.Waiting = append(t.s.Waiting, w)
	t.emit(Event{Kind: EvTrigger, Key: key, Object: src.Label, ObjectID: src.ID, Player: t.name(ch.Controller),
		Text: fmt.Sprintf("%s's ability triggers: %s", src.Label, a.Display(ch.Name))})
}

// stepTriggers triggers "at the beginning of" abilities as a step begins
// (500.6), and delayed ones waiting for it.
func (t *tx) stepTriggers() {
	for _, src := range t.sourcesIn(&t.s, false) {
		if src.o.Zone != cardtext.Battlefield {
			continue
		}
		for _, a := range triggeredAbilities(src.ch) {
			tr := a.Trigger
			if tr == nil || tr.Event != cardtext.TrigStep || tr.Step != t.s.Step || tr.Next {
				continue
			}
			if a.Keyword == "cumulative upkeep" && !t.applies(registry.Cumulative) { // 702.24a
				continue
			}
			if a.Keyword == "echo" && !t.applies(registry.Echo) { // 702.30a
				continue
			}
			for _, p := range t.stepTriggerPlayers(a, src.ch.Controller) {
				t.trigger(a, src.o, src.ch, TrigInfo{Player: p, HasPlayer: true})
			}
		}
	}
	kept := t.s.Delayed[:0:0]
	for _, d := range t.s.Delayed {
		tr := d.Ability.Trigger
		later := d.Turn < t.s.Turn || d.Turn == t.s.Turn && d.Step < t.s.Step && !tr.NextTurn
		if tr.Event == cardtext.TrigStep && tr.Step == t.s.Step && later && t.applies(registry.Delayed) {
			t.s.Waiting = append(t.s.Waiting, Waiting{Ability: d.Ability, Source: d.Source, SourceName: d.SourceName, Controller: d.Controller})
			t.emit(Event{Kind: EvTrigger, Key: registry.Delayed, Object: d.SourceName, Text: "delayed ability triggers: " + d.Ability.Display(d.origin())})
			continue
		}
		kept = append(kept, d)
	}
	t.s.Delayed = kept
}

// stepTriggerPlayers lists, for a step trigger controlled by ctrl, the
// player each time it triggers is about ("that player"): none if the step
// isn't one it waits for. "Your upkeep" is ctrl's when ctrl is an active
// player (805.4a: with shared team turns, each player on the active team);
// "each opponent's upkeep" is an active player's who is ctrl's opponent.
// With shared team turns several players may be active: 805.4d, an ability
// that triggers at the beginning of "each player's" or "each opponent's"
// step triggers once for each appropriate player if it refers to "that
// player"; otherwise once.
func (t *tx) stepTriggerPlayers(a *cardtext.Ability, ctrl PlayerID) []PlayerID {
	tr := a.Trigger
	var out []PlayerID
	for _, p := range t.s.activePlayers() {
		switch {
		case tr.Whose == cardtext.Yours && p == ctrl,
			tr.Whose == cardtext.Opponents && t.s.Opponents(p, ctrl),
			tr.Whose == cardtext.AnyOnes:
			out = append(out, p)
		}
	}
	if len(out) <= 1 {
		return out
	}
	each := tr.Whose == cardtext.Opponents || tr.EachPlayer
	if each && cardtext.RefersToTriggerPlayer(a) && t.s.teamOption(registry.TeamEach) && t.s.applies(registry.TeamEach) {
		return out
	}
	return out[:1]
}

// stateTriggers triggers abilities whose condition is a game state (603.8):
// once, until the ability has left the stack.
func (t *tx) stateTriggers() {
	if !t.applies(registry.StateTrigger) { // 603.8
		return
	}
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield || o.PhasedOut {
			continue
		}
		ch := t.chars(o)
		for _, a := range triggeredAbilities(ch) {
			if a.Trigger == nil || a.Trigger.Event != cardtext.TrigNoHand {
				continue
			}
			if len(t.s.In(ch.Controller, cardtext.Hand)) > 0 || t.alreadyTriggered(o.ID, a) {
				continue
			}
			t.trigger(a, o, ch, TrigInfo{})
		}
	}
}

func (t *tx) alreadyTriggered(src cardtext.ObjectID, a *cardtext.Ability) bool {
	for _, w := range t.s.Waiting {
		if w.Source == src && w.Ability == a {
			return true
		}
	}
	for _, o := range t.s.In(-1, cardtext.Stack) {
		if o.Stack != nil && o.Stack.Source == src && len(o.Stack.Abilities) == 1 && o.Stack.Abilities[0] == a {
			return true
		}
	}
	return false
}

// putTriggers puts waiting triggered abilities on the stack (603.3):
// the active player's first, then each other player's in turn order
// (603.3b), each player's in the order they triggered; targets are chosen
// now (603.3d).
func (t *tx) putTriggers() error {
	waiting := t.s.Waiting
	t.s.Waiting = nil
	players := t.s.APNAP()
	for _, w := range waiting {
		if t.s.InGame(w.Controller) || slices.Contains(players, w.Controller) {
			continue
		}
		// 800.4d: a triggered ability that would be controlled by a player
		// who has left the game isn't put on the stack.
		if t.applies(registry.LeftTrigger) {
			t.emit(Event{Kind: EvTrigger, Key: registry.LeftTrigger, Object: w.SourceName,
				Text: fmt.Sprintf("%s's triggered ability isn't put on the stack: its controller, %s, has left the game", w.SourceName, t.name(w.Controller))})
			continue
		}
		players = append(players, w.Controller)
	}
	for _, pl := range players {
		var mine []Waiting
		for _, w := range waiting {
			if w.Controller == pl {
				mine = append(mine, w)
			}
		}
		mine, err := t.orderTriggers(pl, mine)
		if err != nil {
			t.s.Waiting = waiting
			return err
		}
		for _, w := range mine {
			if err := t.putTrigger(w); err != nil {
				t.s.Waiting = waiting
				return err
			}
		}
	}
	t.s.Priority, t.s.Passes = t.activePriority(), 0
	return nil
}

// orderTriggers: a player puts the triggered abilities they control on the
// stack in any order they choose (603.3b); the last put resolves first. The
// player is asked unless the abilities are interchangeable (instances of
// one ability of one source, triggered by the same event).
func (t *tx) orderTriggers(p PlayerID, ws []Waiting) ([]Waiting, error) {
	if len(ws) < 2 || !t.applies(registry.TriggerStack) || interchangeable(ws) {
		return ws, nil
	}
	var words []string
	for _, w := range ws {
		words = append(words, triggerName(w))
	}
	ans, err := t.ask(&Choice{Player: p, Key: registry.TriggerStack, Words: words, Order: true,
		Prompt: fmt.Sprintf("the order in which %s puts %d triggered abilities on the stack (the last resolves first)", t.name(p), len(ws))})
	if err != nil {
		return nil, err
	}
	out := make([]Waiting, 0, len(ws))
	for _, i := range ans.order {
		out = append(out, ws[i])
	}
	return out, nil
}

// triggerName names a waiting triggered ability for the player ordering
// them: its source ("Soul Net#1"), and which of the source's triggered
// abilities it is when it has several ("Sparring Golem#1's second ability"),
// or the keyword it is.
func triggerName(w Waiting) string {
	if w.Ability.Keyword != "" {
		return w.SourceName + "'s " + w.Ability.Keyword // "Vampire Nighthawk#1's lifelink"
	}
	abs := triggeredAbilities(&w.SourceSnap.Chars)
	if len(abs) < 2 {
		return w.SourceName
	}
	for i, a := range abs {
		if a == w.Ability || a.Text == w.Ability.Text {
			return fmt.Sprintf("%s's %s ability", w.SourceName, cardtext.Ordinal(i+1))
		}
	}
	return w.SourceName
}

// interchangeable reports whether triggered abilities are all the same
// ability of the same source with the same trigger event, so no order of
// them differs from another.
func interchangeable(ws []Waiting) bool {
	objID := func(tr TrigInfo) cardtext.ObjectID {
		if tr.Obj != nil {
			return tr.Obj.ID
		}
		return 0
	}
	a := ws[0]
	for _, w := range ws[1:] {
		k, f := w.Trig, a.Trig
		if w.Source != a.Source || w.Ability.Text != a.Ability.Text || objID(k) != objID(f) || k.NewID != f.NewID ||
			k.Player != f.Player || k.HasPlayer != f.HasPlayer || k.Spell != f.Spell || k.Other != f.Other || k.N != f.N {
			return false
		}
	}
	return true
}

func (t *tx) putTrigger(w Waiting) error {
	a := w.Ability
	snap := w.SourceSnap
	trig := w.Trig
	item := &StackItem{Kind: StackTriggered, Abilities: []*cardtext.Ability{a}, Source: w.Source, SourceName: w.SourceName,
		SourceSnap: &snap, Controller: w.Controller, Specs: a.Targets, Trig: &trig}
	if a.XIs != nil {
		// A granted keyword's X as the ability triggers (702.1b has it
		// read again whenever it's needed).
		item.X = max(t.newExec(item, nil).amount(*a.XIs), 0)
	}
	src := t.s.Object(w.Source)
	srcCh := &snap.Chars
	var chosen []Target
	for _, sp := range a.Targets {
		legal := t.legalTargets(sp, w.Controller, src, srcCh, false)
		n := max(sp.Count, 1)
		switch {
		case len(legal) == 0 && !sp.UpTo:
			// 603.3d: no legal target: removed from the stack.
			t.emit(Event{Kind: EvTrigger, Key: registry.TriggerStack, Object: w.SourceName,
				Text: fmt.Sprintf("%s's ability has no legal target for %q and is removed from the stack", w.SourceName, sp.Text)})
			return nil
		case len(legal) <= n && !sp.UpTo:
			chosen = append(chosen, legal...)
		default:
			var opts []cardtext.ObjectID
			var ps []PlayerID
			for _, tg := range legal {
				if tg.IsPlayer {
					ps = append(ps, tg.Player)
				} else {
					opts = append(opts, tg.Object)
				}
			}
			if (sp.UpTo || n > 1) && len(ps) == 0 {
				// "up to two target creatures", "any number of target
				// cards": the objects at once, as few as none with "up to".
				if len(opts) == 0 {
					break
				}
				least := min(n, len(opts))
				if sp.UpTo {
					least = 0
				}
				ans, err := t.ask(&Choice{Player: w.Controller, Key: registry.TriggerStack, Options: opts, Min: least, Max: min(n, len(opts)),
					Prompt: fmt.Sprintf("choose %s for %s's ability", sp.Text, w.SourceName)})
				if err != nil {
					return err
				}
				picked := ans.objects
				if len(picked) == 0 && ans.object != 0 {
					picked = []cardtext.ObjectID{ans.object}
				}
				for _, id := range picked {
					chosen = append(chosen, ObjectTarget(id))
				}
				break
			}
			tg, err := t.askTarget(&Choice{Player: w.Controller, Key: registry.TriggerStack, Options: opts, Players: ps,
				Prompt: fmt.Sprintf("choose %s for %s's ability", sp.Text, w.SourceName)})
			if err != nil {
				return err
			}
			chosen = append(chosen, tg)
		}
	}
	tg, err := t.checkTargets(a.Targets, chosen, w.Controller, src, srcCh, false, false)
	if err != nil {
		return err
	}
	item.Targets = tg
	name := w.SourceName
	if i := strings.LastIndexByte(name, '#'); i > 0 {
		name = name[:i]
	}
	obj := t.s.newObject(&cardtext.Card{Name: name + " ability"}, w.Controller, cardtext.Stack, false)
	obj.Label = w.SourceName + " ability" + strings.TrimPrefix(obj.Label, name+" ability")
	obj.Stack = item
	var tgts []string
	for _, ts := range tg {
		for _, x := range ts {
			tgts = append(tgts, t.targetText(x))
		}
	}
	text := fmt.Sprintf("%s's triggered ability goes on the stack: %s", w.SourceName, a.Display(w.selfName()))
	if len(tgts) > 0 {
		text += " (targeting " + strings.Join(tgts, ", ") + ")"
	}
	t.emit(Event{Kind: EvTrigger, Key: registry.TriggerStack, Object: obj.Label, ObjectID: obj.ID, Player: t.name(w.Controller), Text: text})
	return nil
}

// condHolds evaluates a condition for a triggered ability: its intervening
// "if" (603.4).
func (t *tx) condHolds(c *cardtext.Cond, item *StackItem) bool {
	switch c.Kind {
	case cardtext.CondHandAtLeast:
		return len(t.s.In(item.Controller, cardtext.Hand)) >= c.N
	case cardtext.CondCastLastTurn:
		// The werewolves' conditions ask about the previous turn's
		// spells, counted as each was cast (601.2i); the first turn had
		// none before it.
		most, all := 0, 0
		for _, n := range t.s.LastCast {
			most, all = max(most, n), all+n
		}
		if c.Negated {
			return all == 0
		}
		return most >= c.N
	case cardtext.CondOwnControl:
		return t.ownsAndControls(c.Filter, item)
	case cardtext.CondLifeAtLeast:
		return t.lifeOf(item.Controller) >= c.N
	case cardtext.CondTapped:
		o := t.s.Object(item.Source)
		return o != nil && o.Tapped != c.Negated
	case cardtext.CondNoCounters:
		// Undying: "if it had no +1/+1 counters on it" — as it last existed
		// on the battlefield (704.8 example).
		if item.Trig != nil && item.Trig.Obj != nil {
			return item.Trig.Obj.Obj.Counters.Get(c.Kind2) == 0
		}
		return true
	case cardtext.CondControls:
		// "if a creature you control has flying"
		src := t.s.Object(item.Source)
		for _, o := range t.s.Objects {
			if o.Zone == cardtext.Battlefield && t.chars(o).Controller == item.Controller && matchFilter(&t.s, c.Filter, o, t.chars(o), src, item.Controller) {
				return true
			}
		}
		return false
	case cardtext.CondControlsAtLeast:
		src := t.s.Object(item.Source)
		n, names := 0, map[string]bool{}
		for _, o := range t.s.Objects {
			if o.Zone != cardtext.Battlefield || t.chars(o).Controller != item.Controller || !matchFilter(&t.s, c.Filter, o, t.chars(o), src, item.Controller) {
				continue
			}
			name := strings.ToLower(t.chars(o).Name)
			switch {
			case !c.Names:
				n++
			case name == "" && t.applies(registry.DifferentNames):
				// 201.2b: objects have different names only if each
				// has a name; without that rule, having none would be
				// a name of its own.
			case !names[name]:
				names[name] = true
				n++
			}
		}
		return n >= c.N != c.Negated // Negated: "N-1 or fewer"
	case cardtext.CondControlSince:
		// 702.30a: since the beginning of its controller's last upkeep.
		o := t.s.Object(item.Source)
		if c.Ref.Kind == cardtext.RefTriggered {
			o = nil
			if tr := item.Trig; tr != nil && tr.Obj != nil {
				o = t.s.Object(tr.Obj.ID)
				if tr.NewID != 0 {
					o = t.s.Object(tr.NewID)
				}
			}
		}
		return o != nil && o.Zone == cardtext.Battlefield && o.CtrlSince > t.s.Players[item.Controller].LastUpkeep
	case cardtext.CondSpent:
		// 707.10: mana spent isn't copied; a copy had none spent.
		m := item.Spent
		return map[cardtext.Color]int{cardtext.White: m.W, cardtext.Blue: m.U, cardtext.Black: m.B, cardtext.Red: m.R, cardtext.Green: m.G}[c.Color] > 0
	case cardtext.CondKicked:
		o := t.s.Object(item.Source)
		if o == nil || o.Cast == nil || len(o.Cast.Kicked) == 0 {
			return false
		}
		if c.Kind2 == "" || !t.applies(registry.KickerLinked) { // 607.2i: "kicked with its {W} kicker" asks about that kicker
			return true
		}
		ch := t.chars(o)
		for _, k := range o.Cast.Kicked {
			i := 0
			for _, a := range ch.Abilities {
				if a.Kind == cardtext.AbKeyword && a.Keyword == "kicker" {
					for _, x := range append([]*cardtext.Ability{a}, a.Parts...) {
						if i == k && x.KCost.Mana.String() == c.Kind2 {
							return true
						}
						i++
					}
				}
			}
		}
		return false
	}
	return true
}

// tapForManaTriggers handles the triggered mana abilities (605.1b) that
// tapping land for mana triggers: "Whenever a player taps a land for mana,
// that player adds one mana of any type that land produced." 605.4a: they
// don't go on the stack but resolve at once, after the mana ability that
// triggered them, so the mana is there to pay with.
func (t *tx) tapForManaTriggers(land *Object, p PlayerID, added cardtext.Mana) error {
	if added.Total() == 0 {
		return nil
	}
	lch := t.chars(land)
	snap := Snapshot{ID: land.ID, Obj: *land, Chars: *lch}
	info := TrigInfo{Obj: &snap, Player: p, HasPlayer: true, Mana: added}
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield || o.PhasedOut {
			continue
		}
		ch := t.chars(o)
		for _, a := range triggeredAbilities(ch) {
			if a.Trigger == nil || a.Trigger.Event != cardtext.TrigTapForMana {
				continue
			}
			// 106.12a: "whenever a player taps a land for mana": who
			// tapped it and what it is.
			if !whoseFits(a.Trigger.Who, ch.Controller, p) || a.Trigger.What != nil && !matchFilter(&t.s, a.Trigger.What, land, lch, o, ch.Controller) {
				continue
			}
			if !t.applies(registry.TriggeredMana) {
				// Without 605.4a it would wait for the stack like any
				// triggered ability (603.3).
				t.trigger(a, o, ch, info)
				continue
			}
			if !t.applies(registry.Trigger) {
				continue
			}
			in := info
			item := &StackItem{Kind: StackTriggered, Abilities: []*cardtext.Ability{a}, Source: o.ID, SourceName: o.Label, Controller: ch.Controller, Trig: &in}
			t.emit(Event{Kind: EvTrigger, Key: registry.TriggeredMana, Object: o.Label, ObjectID: o.ID, Player: t.name(ch.Controller),
				Text: fmt.Sprintf("%s's triggered mana ability triggers and resolves at once: %s", o.Label, a.Display(ch.Name))})
			if err := t.newExec(item, nil).run(a, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// expend triggers "Whenever you expend N" (700.14) when a player's mana
// spent on spells this turn reaches N.
func (t *tx) expend(p PlayerID, before, after int) {
	if !t.applies(registry.Expend) {
		return
	}
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield {
			continue
		}
		ch := t.chars(o)
		if ch.Controller != p {
			continue
		}
		for _, a := range triggeredAbilities(ch) {
			if tr := a.Trigger; tr != nil && tr.Event == cardtext.TrigCast && tr.N > 0 && before < tr.N && after >= tr.N {
				t.trigger(a, o, ch, TrigInfo{Player: p, HasPlayer: true})
			}
		}
	}
}

// targetsOnly reports whether spell sp targets only a single object, and
// that one matches f: "a spell that targets only a single creature you
// control" (the same object chosen for several "target" words is still a
// single one).
func (t *tx) targetsOnly(sp *Object, f *cardtext.Filter, src *Object, ctrl PlayerID) bool {
	if sp.Stack == nil {
		return false
	}
	var one *Target
	for _, ts := range sp.Stack.Targets {
		for i := range ts {
			switch {
			case one == nil:
				one = &ts[i]
			case *one != ts[i]:
				return false
			}
		}
	}
	if one == nil || one.IsPlayer {
		return false
	}
	o := t.s.Object(one.Object)
	return o != nil && matchFilter(&t.s, f, o, t.chars(o), src, ctrl)
}

// keywordTriggerKeys are the triggered keyword abilities whose meaning is
// written in their rule (rulestext_keyword.go), each under that rule: a
// keyword triggers only under an edition whose rules define it.
var keywordTriggerKeys = map[string]registry.Key{
	"prowess":  registry.Prowess,  // 702.108a
	"exalted":  registry.Exalted,  // 702.83a
	"flanking": registry.Flanking, // 702.25a
	"bushido":  registry.Bushido,  // 702.45a
}

// attacksAlone reports whether one creature alone was declared as an
// attacker this combat (506.5). Without the rule, "attacks alone" is any
// attack.
func (t *tx) attacksAlone() bool {
	if !t.applies(registry.AttacksAlone) {
		return true
	}
	return t.s.Combat != nil && len(t.s.Combat.Attackers) == 1
}
