package engine

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// maxSBAPasses bounds the state-based action loop. Each pass removes objects
// or counters or ends the game, so real games settle in a few passes; the
// bound turns an engine bug into an error instead of a hang.
const maxSBAPasses = 64

// sbaCheck is one state-based action: it looks at the state as the pass
// began and returns what it will do, which the pass then performs together
// with every other check's (704.3: "performs all applicable state-based
// actions simultaneously as a single event").
type sbaCheck struct {
	key  registry.Key
	find func(t *tx) []sbaDo
}

// sbaDo is one thing a check will do.
type sbaDo struct {
	key    registry.Key
	player PlayerID // for a player losing
	object cardtext.ObjectID
	what   sbaWhat
	n      int // counters to remove
}

type sbaWhat uint8

const (
	sbaLose sbaWhat = iota + 1
	sbaCease
	sbaGraveyard // put into its owner's graveyard (not destruction)
	sbaDestroy   // destroyed: indestructible and regeneration apply
	sbaUnbestow  // a bestowed Aura ceases to be bestowed (702.103f)
	sbaAnnihilate
	sbaCommandZone // a commander put into the command zone (903.9a)
	sbaUnattach    // an Equipment or Fortification becomes unattached (704.5n)
)

// sbaChecks is 704.5's list as far as the engine implements it, keyed by
// rule. Their order is the order events are reported in; all of a pass's
// actions happen at once.
var sbaChecks = []sbaCheck{
	{registry.SBALife, func(t *tx) (do []sbaDo) {
		// 704.5a: 0 or less life.
		for i, p := range t.s.Players {
			// 810.8c: a team with a shared life total loses when it is 0
			// or less.
			if !p.Left && t.s.TeamLife(PlayerID(i)) <= 0 {
				do = append(do, sbaDo{key: registry.SBALife, player: PlayerID(i), what: sbaLose})
			}
		}
		return
	}},
	{registry.SBADraw, func(t *tx) (do []sbaDo) {
		// 704.5b: attempted to draw from an empty library since the last check.
		for i, p := range t.s.Players {
			if !p.Left && p.DrewFromEmpty {
				do = append(do, sbaDo{key: registry.SBADraw, player: PlayerID(i), what: sbaLose})
			}
		}
		return
	}},
	{registry.SBAPoison, func(t *tx) (do []sbaDo) {
		// 704.5c: ten or more poison counters, from any sources: counters
		// with the same name are interchangeable (122.1).
		for i, p := range t.s.Players {
			if !p.Left && p.Counters.Get("poison") >= 10 {
				do = append(do, sbaDo{key: registry.SBAPoison, player: PlayerID(i), what: sbaLose})
			}
		}
		return
	}},
	{registry.SBAToken, func(t *tx) (do []sbaDo) {
		// 704.5d: a token in a zone other than the battlefield ceases to exist.
		for _, o := range t.s.Objects {
			if o.Token && o.Zone != cardtext.Battlefield {
				do = append(do, sbaDo{key: registry.SBAToken, object: o.ID, what: sbaCease})
			}
		}
		return
	}},
	{registry.SBAToughness, func(t *tx) (do []sbaDo) {
		// 704.5f: toughness 0 or less; regeneration can't replace this.
		for _, o := range t.creatures() {
			if ch := *t.chars(o); ch.Toughness <= 0 {
				do = append(do, sbaDo{key: registry.SBAToughness, object: o.ID, what: sbaGraveyard})
			}
		}
		return
	}},
	{registry.SBALethal, func(t *tx) (do []sbaDo) {
		// 704.5g: toughness greater than 0 and damage at least toughness.
		for _, o := range t.creatures() {
			if ch := *t.chars(o); ch.Toughness > 0 && o.Damage > 0 && o.Damage >= ch.Toughness {
				do = append(do, sbaDo{key: registry.SBALethal, object: o.ID, what: sbaDestroy})
			}
		}
		return
	}},
	{registry.SBADeathtouch, func(t *tx) (do []sbaDo) {
		// 704.5h: dealt damage by deathtouch since the last check. Before
		// M10 deathtouch was a triggered ability (damage.go); so this
		// applies only where the rule exists.
		if !t.ed.Has(registry.SBADeathtouch) {
			return nil
		}
		for _, o := range t.creatures() {
			if ch := *t.chars(o); o.Deathtouched && ch.Toughness > 0 && o.Damage < ch.Toughness {
				do = append(do, sbaDo{key: registry.SBADeathtouch, object: o.ID, what: sbaDestroy})
			}
		}
		return
	}},
	{registry.SBALoyalty, func(t *tx) (do []sbaDo) {
		// 704.5i: a planeswalker with loyalty 0 (306.5c: its loyalty
		// counters) is put into its owner's graveyard.
		for _, o := range t.s.In(-1, cardtext.Battlefield) {
			if t.chars(o).Types.Is("planeswalker") && o.Counters.Get("loyalty") == 0 {
				do = append(do, sbaDo{key: registry.SBALoyalty, object: o.ID, what: sbaGraveyard})
			}
		}
		return
	}},
	{registry.SBALegend, (*tx).legendRule},
	{registry.SBAPlaneswalker, (*tx).walkerRule},
	{registry.SBAWorld, func(t *tx) (do []sbaDo) {
		// 704.5k: all but the newest world permanent go; on a tie, all go.
		var worlds []*Object
		for _, o := range t.s.In(-1, cardtext.Battlefield) {
			if t.chars(o).Types.IsSuper("world") {
				worlds = append(worlds, o)
			}
		}
		if len(worlds) < 2 {
			return nil
		}
		newest := worlds[0].Timestamp
		for _, o := range worlds {
			newest = max(newest, o.Timestamp)
		}
		tied := 0
		for _, o := range worlds {
			if o.Timestamp == newest {
				tied++
			}
		}
		for _, o := range worlds {
			if o.Timestamp != newest || tied > 1 {
				do = append(do, sbaDo{key: registry.SBAWorld, object: o.ID, what: sbaGraveyard})
			}
		}
		return
	}},
	{registry.AuraSBA, func(t *tx) (do []sbaDo) {
		// 704.5m: an Aura attached to an illegal object or player, or not
		// attached to anything, goes to its owner's graveyard.
		for _, o := range t.s.In(-1, cardtext.Battlefield) {
			ch := t.chars(o)
			if !ch.Types.HasSubtype("Aura") || !ch.Types.Is("enchantment") {
				continue
			}
			if o.AttachedTo != 0 && o.Attached == 0 && t.enchantsPlayer(o) && !t.s.Players[o.AttachedTo-1].Lost {
				continue // an Aura enchanting a player (303.4)
			}
			host := t.s.Object(o.Attached)
			if host == nil || host.Zone != cardtext.Battlefield || t.chars(host).ProtectedFrom(*ch) || !t.enchantable(o, host) {
				if o.Bestowed && t.applies(registry.Bestow) {
					// 702.103f: a bestowed Aura that becomes unattached
					// ceases to be bestowed instead (an exception to 704.5m).
					do = append(do, sbaDo{key: registry.Bestow, object: o.ID, what: sbaUnbestow})
					continue
				}
				do = append(do, sbaDo{key: registry.AuraSBA, object: o.ID, what: sbaGraveyard})
			}
		}
		return
	}},
	{registry.EquipSBA, func(t *tx) (do []sbaDo) {
		// 704.5n: an Equipment attached to a permanent that isn't a
		// creature, or a Fortification to one that isn't a land, or
		// either to a permanent with protection from it, becomes
		// unattached and stays on the battlefield.
		for _, o := range t.s.In(-1, cardtext.Battlefield) {
			ch := t.chars(o)
			needs := ""
			switch {
			case ch.Types.HasSubtype("Equipment") && ch.Types.Is("artifact"):
				needs = "creature"
			case ch.Types.HasSubtype("Fortification") && ch.Types.Is("artifact"):
				needs = "land"
			default:
				continue
			}
			host := t.s.Object(o.Attached)
			if o.Attached == 0 || host == nil || host.Zone != cardtext.Battlefield {
				continue // attached to nothing: it stays, unattached (301.5c)
			}
			if hc := t.chars(host); !hc.Types.Is(needs) || hc.ProtectedFrom(*ch) {
				do = append(do, sbaDo{key: registry.EquipSBA, object: o.ID, what: sbaUnattach})
			}
		}
		return
	}},
	{registry.SBACounters, func(t *tx) (do []sbaDo) {
		// 704.5q: +1/+1 and -1/-1 counters annihilate, in editions that
		// have the rule (from 2007 on; not before it existed).
		if !t.ed.Has(registry.SBACounters) {
			return nil
		}
		for _, o := range t.s.In(-1, cardtext.Battlefield) {
			if n := min(o.Counters.Get("+1/+1"), o.Counters.Get("-1/-1")); n > 0 {
				do = append(do, sbaDo{key: registry.SBACounters, object: o.ID, what: sbaAnnihilate, n: n})
			}
		}
		return
	}},
}

// sbaPending reports whether any state-based action would apply now
// (514.3a: then players get priority in the cleanup step).
func (t *tx) sbaPending() bool {
	pending := t.s.Pending
	defer func() { t.s.Pending = pending }()
	for _, c := range sbaChecks {
		if t.applies(c.key) && len(c.find(t)) > 0 {
			return true
		}
	}
	return false
}

func (t *tx) creatures() []*Object {
	var out []*Object
	for _, o := range t.s.In(-1, cardtext.Battlefield) {
		if t.chars(o).Types.Is("creature") {
			out = append(out, o)
		}
	}
	return out
}

// legendRule is 704.5j (2026), in the edition's version: before 2004 the
// oldest legend stays; until 2013 all go; since, each controller chooses one
// of each name to keep, which may leave a choice pending.
func (t *tx) legendRule() []sbaDo {
	return t.uniqueness(registry.SBALegend, t.ed.Legend, "legend rule", func(ch *Chars) []string {
		if !ch.Types.IsSuper("legendary") {
			return nil
		}
		return []string{ch.Name}
	})
}

// walkerRule is the planeswalker uniqueness rule (420.5q in 2007, 704.5j
// until Ixalan, 2017), in the edition's version: planeswalkers sharing a
// planeswalker type all go, or since M14 (2013) their controller keeps one.
// Editions without it (before Lorwyn; since Ixalan, where planeswalkers are
// legendary) have Walkers zero.
func (t *tx) walkerRule() []sbaDo {
	if t.ed.Walkers == 0 {
		return nil
	}
	return t.uniqueness(registry.SBAPlaneswalker, t.ed.Walkers, "planeswalker uniqueness rule", func(ch *Chars) []string {
		if !ch.Types.Is("planeswalker") {
			return nil
		}
		return ch.Types.SubtypesOf(cardtext.PlaneswalkerType)
	})
}

// uniqueness puts into their owners' graveyards the permanents that share a
// name under version: all but the oldest, all, or (LegendChoose) all but
// the one their controller chooses, which may leave a choice pending. names
// gives the names a permanent has for the rule (none: it doesn't apply).
func (t *tx) uniqueness(key registry.Key, version LegendRule, rule string, names func(*Chars) []string) []sbaDo {
	groups := map[string][]*Object{}
	var order []string
	for _, o := range t.s.In(-1, cardtext.Battlefield) {
		ch := t.chars(o)
		for _, name := range names(ch) {
			k := strings.ToLower(name)
			if version == LegendChoose {
				k = itoa(int(o.Controller)) + "\x00" + k
			}
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], o)
		}
	}
	sort.Strings(order) // APNAP-ish and deterministic: by controller, then name
	var do []sbaDo
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		keep := cardtext.ObjectID(0)
		switch version {
		case LegendOldestStays:
			oldest := g[0]
			for _, o := range g {
				if o.Timestamp < oldest.Timestamp {
					oldest = o
				}
			}
			keep = oldest.ID
		case LegendChoose:
			p := g[0].Controller
			for _, a := range t.s.answers {
				for _, o := range g {
					if a.player == p && a.key == key && a.object == o.ID {
						keep = o.ID
					}
				}
			}
			if keep == 0 {
				opts := make([]cardtext.ObjectID, len(g))
				var labels []string
				for i, o := range g {
					opts[i] = o.ID
					labels = append(labels, o.Label)
				}
				t.s.Pending = &Choice{Player: p, By: t.s.Decider(p), Key: key, Rule: t.ed.Rule(key), Options: opts, Labels: labels,
					Prompt: rule + ": keep one of " + strings.Join(labels, ", ")}
				return nil
			}
		}
		for _, o := range g {
			if o.ID != keep {
				do = append(do, sbaDo{key: key, object: o.ID, what: sbaGraveyard})
			}
		}
	}
	return do
}

// checkSBA is 704.3: check, perform everything that applies at once, and
// repeat until nothing applies. A pending choice stops the loop; the Choose
// action that answers it runs the loop again.
func (t *tx) checkSBA() error {
	t.sba = true
	defer func() { t.sba = false }()
	for pass := 0; ; pass++ {
		if pass == maxSBAPasses {
			return errors.New("state-based actions didn't settle after 64 passes")
		}
		var all []sbaDo
		for _, c := range sbaChecks {
			if !t.applies(c.key) {
				continue
			}
			all = append(all, c.find(t)...)
			if t.s.Pending != nil {
				t.emit(Event{Kind: EvChoice, Key: t.s.Pending.Key, Player: t.name(t.s.Pending.Player),
					Text: t.name(t.s.Pending.Player) + " must choose: " + t.s.Pending.Prompt})
				return nil
			}
		}
		t.sbaReplacer = nil
		if t.applies(registry.Contradict) {
			if all = t.contradictions(all); t.s.Pending != nil {
				t.emit(Event{Kind: EvChoice, Key: t.s.Pending.Key, Player: t.name(t.s.Pending.Player),
					Text: t.name(t.s.Pending.Player) + " must choose: " + t.s.Pending.Prompt})
				return nil
			}
		}
		// "Since the last time state-based actions were checked" starts over.
		for i := range t.s.Players {
			t.s.Players[i].DrewFromEmpty = false
		}
		for i := range t.s.Objects {
			t.s.Objects[i].Deathtouched = false
		}
		var changed bool
		if len(all) == 0 {
			// Nothing to perform: no event, so no batch (whose copy of the
			// state to look back to would go unused); only the abilities
			// that trigger on a state (603.8), which a batch checks last,
			// are checked.
			if t.batchDepth == 0 {
				t.stateTriggers()
			}
		} else if t.applies(registry.SBALKI) {
			// 704.8: what the pass moves is remembered as it was before
			// any of the pass's actions.
			t.sbaLKI = map[cardtext.ObjectID]Snapshot{}
			for _, o := range t.s.In(-1, cardtext.Battlefield) {
				t.sbaLKI[o.ID] = Snapshot{ID: o.ID, Obj: *o, Chars: *t.chars(o), Copiable: t.copiable(o)}
			}
		}
		if len(all) > 0 {
			err := t.batch(func() error {
				var err error
				// 704.3: all of them at once, one event (701.24g).
				return t.together(func() error {
					changed, err = t.perform(all)
					return err
				})
			})
			t.sbaLKI = nil
			if err != nil {
				return err
			}
		}
		// An action that changed nothing (an indestructible creature with
		// lethal damage stays) doesn't make the check repeat.
		if !changed {
			t.s.checked = t.s.clock
			// The uniqueness rules' answers are used up; others (a target
			// for a triggered ability) wait for what asked for them.
			t.s.answers = slices.DeleteFunc(t.s.answers, func(a answer) bool { return a.key == registry.SBALegend || a.key == registry.SBAPlaneswalker })
			return nil
		}
	}
}

// perform does a pass's actions and reports whether any changed the game.
func (t *tx) perform(all []sbaDo) (changed bool, err error) {
	// The actions are simultaneous (704.3); the engine changes objects
	// (counters) before it moves any.
	all = slices.Clone(all)
	slices.SortStableFunc(all, func(a, b sbaDo) int { return b2i(b.what == sbaAnnihilate) - b2i(a.what == sbaAnnihilate) })
	replaced := map[PlayerID]string{} // players whose loss was replaced, and by what
	var losers []PlayerID             // players who lost in this pass: they leave the game together
	defer func() {
		if err == nil && len(losers) > 0 {
			err = t.leave(losers...)
		}
	}()
	for _, d := range all {
		switch d.what {
		case sbaLose:
			p := &t.s.Players[d.player]
			if p.Left {
				continue
			}
			if by, ok := replaced[d.player]; ok && t.applies(registry.SBAOneReplace) {
				// 704.7: one replacement for all of this pass's losses;
				// without it, each loss would have to be replaced again.
				t.emit(Event{Kind: EvRule, Key: d.key, Player: p.Name, Text: p.Name + " would lose the game: " + loseReason[d.key] + "; replaced by " + by})
				continue
			}
			if by := t.cantLose(d.player, d.key); by != "" {
				t.emit(Event{Kind: EvRule, Key: d.key, Player: p.Name, Text: p.Name + " would lose the game: " + loseReason[d.key] + "; " + by})
				continue
			}
			if by, err := t.loseInstead(d.player, d.key); by != "" || err != nil {
				replaced[d.player] = by
				changed = true
				if err != nil {
					return changed, err
				}
				continue
			}
			if t.losing(d.player, d.key, loseReason[d.key]) {
				losers = append(losers, d.player)
			}
			changed = true
		case sbaCease:
			o := t.s.Object(d.object)
			if o == nil {
				continue
			}
			label, where := o.Label, t.where(o)
			t.s.remove(d.object)
			changed = true
			verb := "ceases to exist"
			if t.ed.Effective.IsZero() {
				verb = "is removed from the game" // the classic rules' words
			}
			t.emit(Event{Kind: EvCease, Key: registry.SBAToken, Object: label, Text: fmt.Sprintf("%s (a token in %s) %s", label, where, verb)})
		case sbaGraveyard, sbaDestroy:
			o := t.s.Object(d.object)
			if o == nil || o.Zone != cardtext.Battlefield {
				continue // already moved by another action of this pass
			}
			why, id := sbaWhy[d.key], o.ID
			if d.what == sbaDestroy {
				err = t.destroy(o, d.key, why)
			} else {
				_, err = t.move(o.ID, cardtext.Graveyard, false, nil, d.key, why)
			}
			if err != nil {
				return false, err
			}
			changed = changed || t.s.Object(id) == nil
		case sbaUnbestow:
			if o := t.s.Object(d.object); o != nil {
				changed = true
				o.Bestowed, o.Attached = false, 0
				t.dirty()
				t.emit(Event{Kind: EvRule, Key: registry.Bestow, Object: o.Label, ObjectID: o.ID,
					Text: o.Label + " is unattached: it ceases to be bestowed and is a creature again"})
			}
		case sbaUnattach:
			if o := t.s.Object(d.object); o != nil && o.Attached != 0 {
				host := ""
				if h := t.s.Object(o.Attached); h != nil {
					host = h.Label
				}
				changed = true
				o.Attached = 0
				t.dirty()
				t.emit(Event{Kind: EvRule, Key: registry.EquipSBA, Object: o.Label, ObjectID: o.ID,
					Text: o.Label + " becomes unattached from " + host + " (attached to an illegal permanent) and stays on the battlefield"})
			}
		case sbaCommandZone:
			o := t.s.Object(d.object)
			if o == nil || (o.Zone != cardtext.Graveyard && o.Zone != cardtext.Exile) {
				continue
			}
			if _, err := t.move(o.ID, cardtext.Command, false, nil, registry.CommandZoneSBA, "is put into the command zone"); err != nil {
				return false, err
			}
			changed = true
		case sbaAnnihilate:
			o := t.s.Object(d.object)
			if o == nil {
				continue
			}
			changed = true
			o.Counters = o.Counters.With("+1/+1", -d.n).With("-1/-1", -d.n)
			t.emit(Event{Kind: EvCounter, Key: registry.SBACounters, Object: o.Label, N: d.n,
				Text: fmt.Sprintf("%d +1/+1 and %d -1/-1 counter%s removed from %s", d.n, d.n, plural(d.n), o.Label)})
		}
	}
	return changed, nil
}

var loseReason = map[registry.Key]string{
	registry.SBALife:   "0 or less life",
	registry.SBADraw:   "attempted to draw from an empty library",
	registry.SBAPoison: "ten or more poison counters",
}

// enchantable reports whether an Aura's enchant ability allows what it's
// attached to.
func (t *tx) enchantable(aura, host *Object) bool {
	for _, a := range t.chars(aura).Abilities {
		if a.Kind == cardtext.AbKeyword && a.Keyword == "enchant" && len(a.Targets) > 0 {
			f := a.Targets[0].Filter
			return matchFilter(&t.s, &f, host, t.chars(host), aura, t.chars(aura).Controller)
		}
	}
	return true
}

var sbaWhy = map[registry.Key]string{
	registry.AuraSBA:         "is put into its owner's graveyard (an Aura not attached to a legal object)",
	registry.SBAToughness:    "has toughness 0 or less",
	registry.SBALethal:       "has lethal damage and is destroyed",
	registry.SBADeathtouch:   "was dealt damage by deathtouch and is destroyed",
	registry.SBALegend:       "goes to the graveyard (legend rule)",
	registry.SBAPlaneswalker: "goes to the graveyard (planeswalker uniqueness rule)",
	registry.SBAWorld:        "goes to the graveyard (world rule)",
	registry.SBALoyalty:      "has loyalty 0 and is put into its owner's graveyard",
}

// loseInstead applies a replacement effect for player pl's losing the game
// ("If you would lose the game, instead …", Lich's Mirror), if one applies,
// and names its source. 704.7: if several state-based actions would make a
// player lose at once, one replacement replaces them all.
func (t *tx) loseInstead(pl PlayerID, why registry.Key) (string, error) {
	ev := &pendingEvent{kind: cardtext.EvtLoseGame, player: pl, what: t.name(pl) + " would lose the game"}
	ev.announce = func(src string) {
		t.emit(Event{Kind: EvRule, Key: why, Player: t.name(pl), Text: t.name(pl) + " would lose the game: " + loseReason[why] + "; replaced by " + src})
	}
	return t.replaceEvent(ev)
}
