package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// tapForCost taps the creatures a player chose to pay "Tap another
// untapped creature you control" (station, 702.184a) or "Tap any number of
// untapped creatures you control with total power N or greater" (crew,
// 702.122a). Tapping them isn't the {T} symbol: summoning sickness doesn't
// stop it (302.6 names only {T} and {Q}). It returns them as they were.
func (t *tx) tapForCost(p PlayerID, self *Object, c *cardtext.Cost, ids []cardtext.ObjectID) ([]Snapshot, error) {
	if len(ids) == 0 || c.TapPower == 0 && len(ids) != 1 {
		return nil, t.ruleErr(registry.Pay, "the cost asks for tapping %s %s", map[bool]string{true: "creatures", false: "one"}[c.TapPower > 0], c.TapOther.String())
	}
	var out []Snapshot
	power := 0
	seen := map[cardtext.ObjectID]bool{}
	for _, id := range ids {
		o := t.s.Object(id)
		if o == nil || o.Zone != cardtext.Battlefield || seen[id] {
			return nil, t.ruleErr(registry.Pay, "only untapped permanents on the battlefield can be tapped to pay a cost")
		}
		seen[id] = true
		ch := t.chars(o)
		if ch.Controller != p || !matchFilter(&t.s, c.TapOther, o, ch, self, p) {
			return nil, t.ruleErr(registry.Pay, "%s isn't an %s %s controls", o.Label, c.TapOther.String(), t.name(p))
		}
		out = append(out, *t.snapshotOf(id))
		power += ch.Power
		t.tap(o)
	}
	if c.TapPower > 0 && power < c.TapPower {
		return nil, t.ruleErr(registry.Pay, "the creatures tapped have total power %d; the cost asks for %d or greater", power, c.TapPower)
	}
	return out, nil
}

// activationCost is the cost an activated ability asks for now: its own,
// with the object's mana cost where a granting effect set the keyword's
// cost to it ("The scavenge cost is equal to its mana cost").
func (t *tx) activationCost(ab *cardtext.Ability, ch *Chars) *cardtext.Cost {
	// 602.1a: the activation cost is everything before the colon, paid by
	// the player activating it.
	if ab.Cost == nil || !t.applies(registry.ActivationCost) {
		return &cardtext.Cost{}
	}
	if !ab.Cost.SelfMana {
		return ab.Cost
	}
	c := *ab.Cost
	c.Mana = append(cardtext.ManaCost(nil), ch.Cost...)
	if !t.applies(registry.KeywordCost) {
		// 702.1a: "the scavenge cost" is only the keyword's variable cost.
		// Without that rule, it would be the activation cost as a whole:
		// the mana, and nothing else.
		c = cardtext.Cost{Mana: c.Mana}
	}
	return &c
}

// cycled reports a card discarded to pay a cycling ability's cost: "When
// you cycle this card" means "When you discard this card to pay an
// activation cost of a cycling ability" (702.29c).
func (t *tx) cycled(p PlayerID, label string, old, now cardtext.ObjectID) {
	t.emit(Event{Kind: EvCycle, Key: registry.CycleTrigger, Player: t.name(p), PlayerID: p, HasPlayer: true, Object: label, ObjectID: old, NewObjectID: now,
		Text: fmt.Sprintf("%s cycles %s", t.name(p), label)})
}

// stationValue is "the tapped creature's power" for the creature tapped to
// pay a cost: as it is now, or as it last existed. A static ability may
// have it station with its toughness instead (702.184c).
func (x *execCtx) stationValue() int {
	t := x.t
	if len(x.item.Tapped) == 0 {
		return 0
	}
	snap := x.item.Tapped[0]
	o, ch := &snap.Obj, &snap.Chars
	if cur := t.s.Object(snap.ID); cur != nil {
		o, ch = cur, t.chars(cur)
	}
	station := len(x.item.Abilities) > 0 && x.item.Abilities[0].Keyword == "station"
	if station && t.applies(registry.StationOther) {
		for _, m := range t.ruleMods(cardtext.RuleStationUsing) {
			if g := m.spec.Affects.Group; g != nil && matchFilter(&t.s, g, o, ch, m.src, m.ctrl) && m.mod.Char == "toughness" {
				t.emit(Event{Kind: EvRule, Key: registry.StationOther, Object: o.Label,
					Text: fmt.Sprintf("%s stations using its toughness rather than its power (%s)", o.Label, m.name)})
				return ch.Toughness
			}
		}
	}
	return ch.Power
}

// manaToPay is the mana an OpPayMana instruction asks for now: its cost
// paid N times, with X the value a granted keyword defines. 702.1b: that
// variable is constantly reevaluated, so it's read as the cost is paid;
// without that rule it keeps the value it had when the ability triggered.
func (x *execCtx) manaToPay(in *cardtext.Instr) cardtext.ManaCost {
	cost := repeatCost(in.Pays, x.amount(in.N))
	if !cost.Kinds().Has(cardtext.SymVariable) {
		return cost
	}
	v := x.item.X
	if ab := x.ability(); ab != nil && ab.XIs != nil && x.t.applies(registry.KeywordVariable) {
		v = x.amount(*ab.XIs)
	}
	return totalCost(cost, max(v, 0), nil, nil, nil)
}

// ability is the ability the resolving item follows, if it is one ability.
func (x *execCtx) ability() *cardtext.Ability {
	if len(x.item.Abilities) == 1 {
		return x.item.Abilities[0]
	}
	return nil
}

// colorsSpent is the number of colors of mana spent to cast o, for "enters
// with a +1/+1 counter on it for each color of mana spent to cast it".
// Sunburst counts only for a resolving spell (702.44b); as modular's number
// (702.44c) it counts only by that rule.
func (t *tx) colorsSpent(o *Object, r *cardtext.Replacement) int {
	if r.Sunburst && !t.applies(registry.SunburstVar) {
		return 0
	}
	if o.Cast == nil {
		return 0
	}
	return spentAmount(o.Cast.Spent, true)
}

// spentAmount is the amount of mana spent, or with colors the number of
// colors among it (colorless mana is no color, 105.1).
func spentAmount(m cardtext.Mana, colors bool) int {
	if !colors {
		return m.Total()
	}
	n := 0
	for _, k := range []int{m.W, m.U, m.B, m.R, m.G} {
		if k > 0 {
			n++
		}
	}
	return n
}

// countersOf is the counters on the object r means: as it is, or, once it
// has left its zone, as it last existed there (608.2h: "for each +1/+1
// counter on this permanent" as modular's creature died with them).
func (x *execCtx) countersOf(r cardtext.ORef) (Counters, bool) {
	if x.t.applies(registry.LKI) {
		for _, id := range x.refIDs(r) {
			if x.t.s.Object(id) == nil {
				if s := x.t.s.LastKnown(id); s != nil {
					return s.Obj.Counters, true
				}
			}
		}
	}
	if os := x.objects(r); len(os) > 0 {
		return os[0].Counters, true
	}
	return nil, false
}

// variants lists the distinct abilities of keyword family kw among the
// permanents the controller controls that match f: "The same is true for
// … landwalk, protection" grants each one found (702.1c).
func (x *execCtx) variants(kw string, f *cardtext.Filter) []*cardtext.Ability {
	t := x.t
	var out []*cardtext.Ability
	seen := map[string]bool{}
	src := x.source()
	for _, o := range t.s.Objects {
		ch := t.chars(o)
		if o.Zone != cardtext.Battlefield || ch.Controller != x.ctrl || !matchFilter(&t.s, f, o, ch, src, x.ctrl) {
			continue
		}
		for _, a := range ch.Abilities {
			if cardtext.InFamily(a, kw) && !seen[strings.ToLower(a.Text)] {
				seen[strings.ToLower(a.Text)] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// swap exchanges a permanent with a card in another zone (aura swap,
// 702.65a): the permanent goes to its owner's hand and the card takes its
// place, attached to what it was attached to (701.12e). The cards must have
// the same owner (701.12d) and the card must be able to enchant what the
// permanent enchants; if either half can't be completed, neither happens
// (702.65b).
func (x *execCtx) swap(in *cardtext.Instr) (bool, error) {
	t := x.t
	var self *Object
	if os := x.objects(in.What); len(os) > 0 && os[0].Zone == cardtext.Battlefield {
		self = os[0]
	}
	var cands []*Object
	src := x.source()
	for _, o := range t.s.Objects {
		if o.Zone == in.With.Zone && matchFilter(&t.s, in.With, o, t.chars(o), src, x.ctrl) {
			cands = append(cands, o)
		}
	}
	var host *Object
	if self != nil && self.Attached != 0 {
		host = t.s.Object(self.Attached)
	}
	// Each half: the permanent to its owner's hand, the same player's card
	// onto the battlefield attached to the host.
	out := self != nil && self.Owner == x.ctrl
	var fits []*Object
	for _, o := range cands {
		if o.Owner == x.ctrl && (host == nil || t.enchantable(o, host)) {
			fits = append(fits, o)
		}
	}
	inHalf := len(fits) > 0
	if (!out || !inHalf) && t.applies(registry.SwapWhole) {
		why := "the card can't enchant what it enchants"
		if !out {
			why = "it isn't owned by the player who would exchange it"
		}
		t.emit(Event{Kind: EvRule, Key: registry.SwapWhole, Object: x.item.SourceName,
			Text: "the exchange can't be completed (" + why + "): the ability has no effect"})
		return false, nil
	}
	hostID := cardtext.ObjectID(0)
	if host != nil {
		hostID = host.ID
	}
	if self != nil {
		if _, err := t.move(self.ID, cardtext.Hand, false, nil, registry.Resolve, "is exchanged: to its owner's hand"); err != nil {
			return false, err
		}
	}
	if !inHalf {
		return true, nil
	}
	pick := fits[0]
	if len(fits) > 1 {
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Options: ids(fits), Min: 1, Max: 1, Prompt: "choose the card to exchange it with"})
		if err != nil {
			return false, err
		}
		if o := t.s.Object(ans.object); o != nil {
			pick = o
		}
	}
	ctrl := x.ctrl
	nid, err := t.move(pick.ID, cardtext.Battlefield, false, &ctrl, registry.Resolve, "is exchanged: onto the battlefield")
	if err != nil {
		return false, err
	}
	if n := t.s.Object(nid); n != nil && hostID != 0 {
		n.Attached = hostID
		t.emit(Event{Kind: EvRule, Key: registry.Resolve, Object: n.Label, ObjectID: nid, Text: n.Label + " is attached to " + t.labelOf(hostID)})
	}
	return true, nil
}

// attach attaches an Equipment or Aura to an object (701.3a): it leaves
// what it was attached to. One already attached to that object stays as it
// is (701.3b). An Equipment or Aura receives a new timestamp each time it
// becomes attached (613.7e).
func (x *execCtx) attach(in *cardtext.Instr) (bool, error) {
	t := x.t
	os, to := x.objects(in.What), x.objects(in.To.Obj)
	if len(os) == 0 || len(to) == 0 || os[0].Zone != cardtext.Battlefield || to[0].Zone != cardtext.Battlefield || os[0].ID == to[0].ID {
		return false, nil
	}
	o, host := os[0], to[0]
	if o.Attached == host.ID {
		return false, nil
	}
	o.Attached = host.ID
	if t.applies(registry.AttachTimestamp) {
		o.Timestamp = t.s.tick()
	}
	t.dirty()
	t.emit(Event{Kind: EvRule, Key: registry.AttachTimestamp, Object: o.Label, ObjectID: o.ID,
		Text: fmt.Sprintf("%s becomes attached to %s", o.Label, host.Label)})
	return true, nil
}
