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
		ch := v.chars[o.ID]
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
