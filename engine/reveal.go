package engine

import (
	"fmt"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Revealing cards (701.20): hands played revealed, and costs paid by
// revealing a card.

// handRevealedBy names the effect that has player p play with their hand
// revealed ("" if none).
func (s *State) handRevealedBy(p PlayerID) string {
	v := s.computeView()
	for _, o := range s.Objects {
		if o.Zone != cardtext.Battlefield || o.PhasedOut {
			continue
		}
		ch := v.charsOf(o.ID)
		if ch == nil {
			continue
		}
		for _, a := range ch.Abilities {
			for _, sp := range a.Static {
				if a.Kind == cardtext.AbStatic && sp.Rules != nil && sp.Rules.Kind == cardtext.RuleHandsRevealed && s.says(sp.Rules.Who, ch.Controller, p) {
					return o.Label
				}
			}
		}
	}
	return ""
}

// says reports whether an effect controlled by ctrl that speaks of who
// ("you", "your opponents", "each player") is about player q.
func (s *State) says(who cardtext.Whose, ctrl, q PlayerID) bool {
	switch who {
	case cardtext.Yours:
		return q == ctrl
	case cardtext.Opponents:
		return s.Opponents(ctrl, q)
	}
	return true
}

// revealedBy says why card o is revealed now ("" if it isn't): an effect
// that reveals its hand, or an instruction that revealed it.
func (s *State) revealedBy(o *Object) string {
	switch {
	case o.Zone == cardtext.Hand:
		if by := s.handRevealedBy(o.Owner); by != "" {
			return by
		}
	}
	if o.Revealed {
		return "an effect"
	}
	return ""
}

// payReveal reveals card id from player p's hand for a cost asking for a
// card matching f (601.2h).
func (t *tx) payReveal(p PlayerID, sp *Object, f *cardtext.Filter, id cardtext.ObjectID) error {
	o, err := t.object(id)
	if err != nil {
		return err
	}
	if o.Zone != cardtext.Hand || o.Owner != p {
		return t.ruleErr(registry.Reveal, "%s must be in %s's hand to be revealed for %s's cost", o.Label, t.name(p), sp.Label)
	}
	probe := *f
	probe.Zone = cardtext.Hand
	if !matchFilter(&t.s, &probe, o, t.chars(o), sp, p) {
		return t.ruleErr(registry.Reveal, "%s isn't a %s: it can't pay %s's cost", o.Label, f.String(), sp.Label)
	}
	if by := t.s.revealedBy(o); by != "" {
		if !t.applies(registry.RevealAgain) {
			// Without 701.20c, showing a card every player already sees
			// reveals nothing: it can't pay a cost of revealing a card.
			return t.ruleErr(registry.Reveal, "%s is already revealed (%s): revealing it shows nothing", o.Label, by)
		}
		t.emit(Event{Kind: EvCost, Key: registry.RevealAgain, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
			Text: fmt.Sprintf("%s reveals %s again for %s's cost; %s already reveals it", t.name(p), o.Label, sp.Label, by)})
		return nil
	}
	t.emit(Event{Kind: EvCost, Key: registry.Reveal, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
		Text: fmt.Sprintf("%s reveals %s for %s's cost", t.name(p), o.Label, sp.Label)})
	return nil
}

// drew counts a card player p drew this turn; the first one is revealed
// by each "Reveal the first card you draw each turn." of a permanent they
// control, an event its linked triggered abilities see (603.11).
func (t *tx) drew(p PlayerID, card cardtext.ObjectID) {
	pl := &t.s.Players[p]
	if pl.DrawnTurn != t.s.Turn {
		pl.Drawn, pl.DrawnTurn = 0, t.s.Turn
	}
	pl.Drawn++
	c := t.s.Object(card)
	if pl.Drawn != 1 || c == nil {
		return
	}
	for _, m := range t.ruleMods(cardtext.RuleRevealFirstDraw) {
		if m.ctrl != p || m.src == nil {
			continue
		}
		t.emit(Event{Kind: EvReveal, Key: registry.Reveal, Object: c.Label, ObjectID: c.ID, Player: t.name(p), PlayerID: p, HasPlayer: true,
			Source: m.src.ID, Text: fmt.Sprintf("%s reveals %s, the first card they drew this turn (%s)", t.name(p), c.Label, m.name)})
	}
}
