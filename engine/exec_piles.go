package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Revealing cards and separating them into piles (Fact or Fiction).

// revealTop reveals the top N cards of the controller's library; they are
// "those cards" for the instructions after it.
func (x *execCtx) revealTop(in *cardtext.Instr) (bool, error) {
	t := x.t
	lib := t.s.In(x.ctrl, cardtext.Library)
	n := min(x.amount(in.N), len(lib))
	x.chosen = nil
	var labels []string
	for i := len(lib) - 1; i >= len(lib)-n; i-- {
		x.chosen = append(x.chosen, lib[i].ID)
		labels = append(labels, lib[i].Label)
	}
	what := "no cards"
	if n > 0 {
		what = strings.Join(labels, ", ")
	}
	t.emit(Event{Kind: EvRule, Key: registry.Reveal, Player: t.name(x.ctrl), Text: fmt.Sprintf("%s reveals the top %d cards of their library: %s", t.name(x.ctrl), n, what)})
	return n > 0, nil
}

// anOpponent is the opponent who does what "an opponent" does: one the
// controller chooses. Under the limited range of influence option the
// controller chooses one within their range (801.5a); if there is none,
// the closest opponent to the controller's left makes the choice (801.5c).
// ok is false if no one can.
func (x *execCtx) anOpponent() (PlayerID, bool, error) {
	t := x.t
	var opps, inRange []PlayerID
	n := len(t.s.Players)
	for i := 1; i < n; i++ {
		p := PlayerID((int(x.ctrl) + i) % n) // to the controller's left, nearest first
		if !t.s.InGame(p) || !t.s.Opponents(x.ctrl, p) {
			continue
		}
		opps = append(opps, p)
		if t.s.InRange(x.ctrl, p) || !t.applies(registry.RangeChoose) {
			inRange = append(inRange, p)
		}
	}
	switch {
	case len(inRange) == 1:
		return inRange[0], true, nil
	case len(inRange) > 1:
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Players: inRange, Prompt: "choose an opponent"})
		if err != nil {
			return 0, false, err
		}
		if ans.target == nil {
			return 0, false, fmt.Errorf("choose an opponent: a player")
		}
		return *ans.target, true, nil
	case len(opps) > 0 && t.applies(registry.RangeNearest):
		t.emit(Event{Kind: EvRule, Key: registry.RangeNearest, Player: t.name(opps[0]),
			Text: fmt.Sprintf("no opponent is within %s's range of influence: %s, the closest to their left, makes the choice", t.name(x.ctrl), t.name(opps[0]))})
		return opps[0], true, nil
	}
	t.emit(Event{Kind: EvRule, Key: registry.RangeChoose, Text: fmt.Sprintf("no opponent within %s's range of influence can make the choice", t.name(x.ctrl))})
	return 0, false, nil
}

// separatePiles: a player separates the objects into two piles, choosing
// the first; the rest are the second (either may be empty).
func (x *execCtx) separatePiles(in *cardtext.Instr) (bool, error) {
	t := x.t
	x.piles = [2][]cardtext.ObjectID{}
	var who PlayerID
	if in.Who.Kind == cardtext.PAnOpponent {
		p, ok, err := x.anOpponent()
		if err != nil || !ok {
			return false, err
		}
		who = p
	} else {
		ps := x.players(in.Who)
		if len(ps) == 0 {
			return false, nil
		}
		who = ps[0]
	}
	cards := x.objects(in.What)
	if len(cards) == 0 {
		return false, nil
	}
	var opts []cardtext.ObjectID
	var labels []string
	for _, o := range cards {
		opts = append(opts, o.ID)
		labels = append(labels, o.Label)
	}
	ans, err := t.ask(&Choice{Player: who, Key: registry.Resolve, Options: opts, Labels: labels, Min: 0, Max: len(opts),
		Prompt: "separate " + strings.Join(labels, ", ") + " into two piles: choose the cards of the first pile"})
	if err != nil {
		return false, err
	}
	first := ans.objects
	if len(first) == 0 && ans.object != 0 {
		first = []cardtext.ObjectID{ans.object}
	}
	for _, id := range opts {
		k := 1
		for _, f := range first {
			if f == id {
				k = 0
			}
		}
		x.piles[k] = append(x.piles[k], id)
	}
	t.emit(Event{Kind: EvChoice, Key: registry.Resolve, Player: t.name(who),
		Text: fmt.Sprintf("%s separates the cards into two piles: %s; and %s", t.name(who), x.pileText(x.piles[0]), x.pileText(x.piles[1]))})
	if t.applies(registry.PilesStay) {
		// 700.3c: "Objects grouped into piles don't leave the zone
		// they're currently in." The piles are only a grouping of the
		// revealed cards, which stay in the library until a pile is put
		// somewhere.
		t.emit(Event{Kind: EvRule, Key: registry.PilesStay, Player: t.name(x.ctrl),
			Text: "the cards in the piles stay in " + t.name(x.ctrl) + "'s library until they're put somewhere"})
		return true, nil
	}
	// Without 700.3c a pile would be a place of its own: the cards would
	// leave the library for it (set aside outside the game's zones), and
	// a pile put into a zone would come from there.
	for k := range x.piles {
		for i, id := range x.piles[k] {
			n, err := t.move(id, cardtext.Outside, false, nil, registry.Resolve, "is set aside in its pile")
			if err != nil {
				return false, err
			}
			x.piles[k][i] = n
		}
	}
	return true, nil
}

func (x *execCtx) pileText(ids []cardtext.ObjectID) string {
	if len(ids) == 0 {
		return "no cards"
	}
	var w []string
	for _, id := range ids {
		w = append(w, x.t.labelOf(id))
	}
	return strings.Join(w, ", ")
}

// putPiles: the controller chooses one of the two piles for the first
// zone; the other goes to the second.
func (x *execCtx) putPiles(in *cardtext.Instr) (bool, error) {
	t := x.t
	if x.piles[0] == nil && x.piles[1] == nil {
		return false, nil
	}
	ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Words: []string{"first", "second"},
		Prompt: fmt.Sprintf("choose the pile to put into your %s: first (%s) or second (%s)", in.Zone, x.pileText(x.piles[0]), x.pileText(x.piles[1]))})
	if err != nil {
		return false, err
	}
	one, other := x.piles[0], x.piles[1]
	if ans.word == "second" {
		one, other = other, one
	}
	for _, mv := range []struct {
		ids []cardtext.ObjectID
		to  cardtext.Zone
	}{{one, in.Zone}, {other, in.Zone2}} {
		for _, id := range mv.ids {
			o := t.s.Object(id)
			if o == nil || o.Zone != cardtext.Library && o.Zone != cardtext.Outside {
				continue // 400.7: no longer the card revealed
			}
			set := o.Zone == cardtext.Outside
			n, err := t.move(id, mv.to, false, nil, registry.Resolve, "is put there with its pile")
			if err != nil {
				return false, err
			}
			if m := t.s.Object(n); set && m != nil {
				m.Outsider = false // set aside by this effect, not brought in from outside the game (400.11b)
			}
		}
	}
	return true, nil
}
