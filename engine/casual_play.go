package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// The casual variants in play: the opening hand and mulligans with
// Vanguard's modifiers (103.5, 902.5), discarding to the maximum hand size
// (514.1, 902.5b), and Commander's command zone, commander tax and
// commander damage (903.8–903.10).

// DrawHand: the player draws their starting hand as the game begins
// (103.5: their starting hand size, normally seven).
type DrawHand struct{ Player PlayerID }

func (a DrawHand) apply(t *tx) error {
	n := t.s.StartingHandSize(a.Player)
	t.emit(Event{Kind: EvRule, Key: registry.VanguardHand, Player: t.name(a.Player),
		Text: fmt.Sprintf("%s draws a starting hand of %d cards", t.name(a.Player), n)})
	return Draw{Player: a.Player, N: n}.apply(t)
}

// Mulligan: the player takes a mulligan (103.5): shuffles their hand into
// their library and draws a new hand; the cards go to the bottom as they
// keep (Keep).
type Mulligan struct{ Player PlayerID }

func (a Mulligan) apply(t *tx) error {
	if !t.applies(registry.Mulligan) {
		return t.ruleErr(registry.Mulligan, "%s can't take a mulligan: no rule lets a player", t.name(a.Player))
	}
	for _, o := range t.s.In(a.Player, cardtext.Hand) {
		if _, err := t.move(o.ID, cardtext.Library, false, nil, registry.Mulligan, "is shuffled into the library (mulligan)"); err != nil {
			return err
		}
	}
	t.shuffle(a.Player, nil, "mulligan")
	t.s.Players[a.Player].Mulligans++
	// 902.5a: the new hand is the starting hand size, as the vanguard's
	// hand modifier makes it; without that rule, the usual seven.
	n := variants.HandSize
	if t.applies(registry.VanguardMulligan) {
		n = t.s.StartingHandSize(a.Player)
	}
	t.emit(Event{Kind: EvRule, Key: registry.Mulligan, Player: t.name(a.Player),
		Text: fmt.Sprintf("%s takes a mulligan (%d so far) and draws a new hand of %d cards", t.name(a.Player), t.s.Players[a.Player].Mulligans, n)})
	return Draw{Player: a.Player, N: n}.apply(t)
}

// Keep: the player keeps their hand (103.5), putting a card on the bottom
// of their library for each mulligan they took, in the order chosen.
type Keep struct{ Player PlayerID }

func (a Keep) apply(t *tx) error {
	n := t.s.Players[a.Player].Mulligans
	hand := t.s.In(a.Player, cardtext.Hand)
	if n == 0 || !t.applies(registry.Mulligan) {
		return nil
	}
	n = min(n, len(hand))
	ans, err := t.ask(&Choice{Player: a.Player, By: t.s.Decider(a.Player), Key: registry.Mulligan, Rule: t.ed.Rule(registry.Mulligan), Options: ids(hand), Min: n, Max: n,
		Prompt: fmt.Sprintf("choose %d card%s to put on the bottom of your library", n, plural(n))})
	if err != nil {
		return err
	}
	chosen := ans.objects
	if len(chosen) == 0 {
		chosen = []cardtext.ObjectID{ans.object}
	}
	if len(chosen) != n {
		return t.ruleErr(registry.Mulligan, "%s must put %d cards on the bottom, not %d", t.name(a.Player), n, len(chosen))
	}
	for _, id := range chosen {
		if _, err := t.move(id, cardtext.Library, true, nil, registry.Mulligan, "is put on the bottom of the library (mulligan)"); err != nil {
			return err
		}
	}
	return nil
}

// discardToHandSize is 514.1: the active player discards down to their
// maximum hand size (402.2: normally seven; 902.5b); with shared team turns,
// each player on the active team (805.4a).
func (t *tx) discardToHandSize() error {
	if !t.applies(registry.HandSize) {
		return nil
	}
	for _, p := range t.s.activePlayers() {
		if err := t.discardDownTo(p); err != nil {
			return err
		}
	}
	return nil
}

// discardDownTo has p discard down to their maximum hand size.
func (t *tx) discardDownTo(p PlayerID) error {
	hand := t.s.In(p, cardtext.Hand)
	n := len(hand) - t.s.MaxHandSize(p)
	if n <= 0 {
		return nil
	}
	ans, err := t.ask(&Choice{Player: p, By: t.s.Decider(p), Key: registry.HandSize, Rule: t.ed.Rule(registry.HandSize), Options: ids(hand), Min: n, Max: n,
		Prompt: fmt.Sprintf("cleanup: choose %d card%s to discard (maximum hand size %d)", n, plural(n), t.s.MaxHandSize(p))})
	if err != nil {
		return err
	}
	chosen := ans.objects
	if len(chosen) == 0 {
		chosen = []cardtext.ObjectID{ans.object}
	}
	if len(chosen) != n {
		return t.ruleErr(registry.HandSize, "%s must discard %d cards, not %d", t.name(p), n, len(chosen))
	}
	for _, id := range chosen {
		if _, err := t.move(id, cardtext.Graveyard, false, nil, registry.HandSize, "is discarded (maximum hand size)"); err != nil {
			return err
		}
	}
	return nil
}

// commanderCast reports whether p may cast o from the command zone (903.8:
// a commander they own).
func (t *tx) commanderCast(o *Object, p PlayerID) bool {
	if o.Zone != cardtext.Command || o.Owner != p || !t.applies(registry.CommanderCast) {
		return false
	}
	c, owner, ok := t.s.CommanderOf(o)
	return ok && owner == p && c != nil
}

// commanderTax is the additional cost of casting o from the command zone
// (903.8): {2} for each previous time its caster cast it from there.
func (t *tx) commanderTax(o *Object) cardtext.ManaCost {
	c, _, ok := t.s.CommanderOf(o)
	if !ok {
		return nil
	}
	return c.tax(t.ed)
}

// tax is what casting c from the command zone costs in addition now.
func (c *CommanderCard) tax(ed *RulesEdition) cardtext.ManaCost {
	if c == nil || c.Casts == 0 || !ed.applies(registry.CommanderTax) {
		return nil
	}
	return variants.Tax(c.Casts)
}

// castFromCommand notes that p cast commander o from the command zone.
func (t *tx) castFromCommand(o *Object, p PlayerID) {
	pl := &t.s.Players[p]
	pl.Commanders = slices.Clone(pl.Commanders)
	for i := range pl.Commanders {
		if pl.Commanders[i].Card == o.Label {
			pl.Commanders[i].Casts++
			t.emit(Event{Kind: EvRule, Key: registry.CommanderCast, Object: o.Label, ObjectID: o.ID, Player: pl.Name,
				Text: fmt.Sprintf("%s casts %s from the command zone (%s time)", pl.Name, o.Label, cardtext.Ordinal(pl.Commanders[i].Casts))})
		}
	}
}

// commanderDamage records combat damage a commander dealt player p
// (903.10a). The source is judged as it last existed: damage it dealt
// counts for the commander even when the source has left the battlefield
// by the time the damage is dealt (combat damage on the stack, 510.2 before
// M10), since the count belongs to the commander card, not to one object.
func (t *tx) commanderDamage(srcID cardtext.ObjectID, p PlayerID, n int) {
	snap := t.snapshotOf(srcID)
	if snap == nil || !t.applies(registry.CommanderDamage) {
		return
	}
	src := &snap.Obj
	c, owner, ok := t.s.CommanderOf(src)
	if !ok {
		return
	}
	pl := &t.s.Players[p]
	pl.CommanderDamage = slices.Clone(pl.CommanderDamage)
	i := slices.IndexFunc(pl.CommanderDamage, func(d CommanderDamage) bool { return d.Commander == c.Card })
	if i < 0 {
		pl.CommanderDamage = append(pl.CommanderDamage, CommanderDamage{Commander: c.Card, Owner: owner})
		i = len(pl.CommanderDamage) - 1
	}
	pl.CommanderDamage[i].Damage += n
	t.emit(Event{Kind: EvRule, Key: registry.CommanderDamage, Object: src.Label, ObjectID: src.ID, Player: pl.Name,
		Text: fmt.Sprintf("%s has been dealt %d combat damage by %s, a commander, this game", pl.Name, pl.CommanderDamage[i].Damage, c.Card)})
}

func init() {
	sbaChecks = append(sbaChecks,
		sbaCheck{registry.CommanderDamaged, func(t *tx) (do []sbaDo) {
			// 704.6c: 21 or more combat damage from the same commander.
			for i, p := range t.s.Players {
				if p.Left {
					continue
				}
				for _, d := range p.CommanderDamage {
					if d.Damage >= variants.CommanderDamageLoses {
						do = append(do, sbaDo{key: registry.CommanderDamaged, player: PlayerID(i), what: sbaLose})
						break
					}
				}
			}
			return
		}},
		sbaCheck{registry.CommandZoneSBA, (*tx).commandZoneSBA},
	)
	loseReason[registry.CommanderDamaged] = "21 or more combat damage from one commander"
}

// commandZoneSBA is 903.9a (704.6d): a commander put into a graveyard or
// exile since the last check may be put into the command zone by its
// owner, who is asked.
func (t *tx) commandZoneSBA() (do []sbaDo) {
	if !t.s.hasCommanders() {
		return nil
	}
	for _, o := range t.s.Objects {
		if (o.Zone != cardtext.Graveyard && o.Zone != cardtext.Exile) || o.Timestamp <= t.s.checked || slices.Contains(t.s.stayed, o.ID) {
			continue
		}
		_, owner, ok := t.s.CommanderOf(o)
		if !ok || owner != o.Owner {
			continue
		}
		found := false
		for i, a := range t.s.answers {
			if a.player == owner && a.key == registry.CommandZoneSBA && (a.word == "yes" || a.word == "no") {
				t.s.answers = append(t.s.answers[:i:i], t.s.answers[i+1:]...)
				found = true
				if a.word == "yes" {
					do = append(do, sbaDo{key: registry.CommandZoneSBA, object: o.ID, what: sbaCommandZone})
				} else {
					t.s.stayed = append(t.s.stayed, o.ID)
				}
				break
			}
		}
		if !found {
			t.s.Pending = &Choice{Player: owner, By: t.s.Decider(owner), Key: registry.CommandZoneSBA, Rule: t.ed.Rule(registry.CommandZoneSBA), Words: []string{"yes", "no"},
				Prompt: fmt.Sprintf("put %s, your commander, from %s into the command zone?", o.Label, strings.TrimPrefix(t.where(o), "the "))}
			return nil
		}
	}
	return do
}

// toCommandZone is 903.9b: a commander that would be put into its owner's
// hand or library may be put into the command zone instead; its owner is
// asked.
func (t *tx) toCommandZone(o *Object) (bool, error) {
	if !t.applies(registry.CommandZoneRepl) {
		return false, nil
	}
	_, owner, ok := t.s.CommanderOf(o)
	if !ok || owner != o.Owner {
		return false, nil
	}
	ans, err := t.ask(&Choice{Player: owner, By: t.s.Decider(owner), Key: registry.CommandZoneRepl, Rule: t.ed.Rule(registry.CommandZoneRepl), Words: []string{"yes", "no"},
		Prompt: fmt.Sprintf("%s, your commander, would be put into a hand or library: put it into the command zone instead?", o.Label)})
	if err != nil {
		return false, err
	}
	return ans.word == "yes", nil
}

// hasCommanders reports whether any player has a commander: the game is a
// Commander game.
func (s *State) hasCommanders() bool {
	for _, p := range s.Players {
		if len(p.Commanders) > 0 {
			return true
		}
	}
	return false
}
