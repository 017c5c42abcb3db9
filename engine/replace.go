package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// pendingEvent is an event about to happen, which replacement effects may
// replace (614.1): its kind, the player it happens to, its amount.
type pendingEvent struct {
	kind   cardtext.ReplEvent
	player PlayerID
	n      int    // life gained, cards drawn
	what   string // how it's told: "Alice would gain 2 life"
	// announce, if set, is told before a replacement applies, with the
	// replacement's source (704.7: the reason the player would lose).
	announce func(src string)
}

// replFrame is a replacement effect being applied: the events its
// instructions make are the modified event (614.5) or new ones (616.2).
type replFrame struct {
	src  cardtext.ObjectID
	ab   *cardtext.Ability
	kind cardtext.ReplEvent
}

// replOption is a replacement effect that would apply to an event.
type replOption struct {
	src  *Object
	ctrl PlayerID
	ab   *cardtext.Ability
}

// replacementsFor lists the replacement effects of permanents that would
// apply to ev (614.1a), leaving out those already applied to it: 614.5, a
// replacement effect gets one opportunity to affect an event and the
// events that modify it.
func (t *tx) replacementsFor(ev *pendingEvent) []replOption {
	var out []replOption
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield || o.PhasedOut {
			continue
		}
		ch := t.chars(o)
		for _, a := range ch.Abilities {
			r := a.Replace
			if a.Kind != cardtext.AbStatic || r == nil || r.Kind != cardtext.ReplInstead || r.Event == nil || r.Event.Kind != ev.kind {
				continue
			}
			if !whoseFits(r.Event.Who, ch.Controller, ev.player) {
				continue
			}
			applied := slices.ContainsFunc(t.replacing, func(f replFrame) bool { return f.src == o.ID && f.ab.Text == a.Text })
			if applied && t.applies(registry.ReplaceOnce) {
				continue
			}
			out = append(out, replOption{src: o, ctrl: ch.Controller, ab: a})
		}
	}
	if r, ok := t.sbaReplacer[ev.player]; ok && r.ab.Replace.Event != nil && r.ab.Replace.Event.Kind == ev.kind {
		// 400.6: the state-based action its controller chose moved it
		// first; its replacement still applies to the same check's loss.
		out = append(out, replOption{src: &r.obj, ctrl: r.ctrl, ab: r.ab})
	}
	return out
}

// whoseFits reports whether player p is "you", "an opponent" or "a player"
// as seen by ctrl.
func whoseFits(w cardtext.Whose, ctrl, p PlayerID) bool {
	switch w {
	case cardtext.Yours:
		return p == ctrl
	case cardtext.Opponents:
		return p != ctrl
	}
	return true
}

// replaceEvent applies a replacement effect to an event about to happen,
// if one applies, and reports the source of the one applied ("" if none:
// the event happens as it would). Its instructions happen instead (614.6).
// 616.1: if several apply, the affected player chooses one; the events
// its instructions make may then be replaced by the others (616.1e) and,
// if they are events of another kind, by any (616.2).
func (t *tx) replaceEvent(ev *pendingEvent) (string, error) {
	if n := len(t.replacing); n > 0 {
		if n >= maxRepeats {
			return "", nil // without 614.5, nothing else would stop it
		}
		if t.replacing[n-1].kind != ev.kind && !t.applies(registry.ReplaceChain) {
			// 616.2: without it, an event a replacement effect made is
			// beyond the reach of the others.
			return "", nil
		}
	}
	opts := t.replacementsFor(ev)
	for len(opts) > 0 {
		i := 0
		if len(opts) > 1 && t.applies(registry.ReplaceOrder) {
			var srcs []cardtext.ObjectID
			for _, r := range opts {
				srcs = append(srcs, r.src.ID)
			}
			ans, err := t.ask(&Choice{Player: ev.player, Key: registry.ReplaceOrder, Options: srcs, Min: 1, Max: 1,
				Prompt: ev.what + ": choose which replacement effect applies (by its source)"})
			if err != nil {
				return "", err
			}
			i = max(slices.Index(srcs, ans.object), 0)
		}
		r := opts[i]
		ins := r.ab.Replace.Instead
		if len(ins) > 0 && ins[0].May {
			// "you may skip that draw instead": if the player doesn't,
			// this replacement doesn't apply (614.1a).
			ans, err := t.ask(&Choice{Player: r.ctrl, Key: registry.Replace, Words: []string{"yes", "no"},
				Prompt: fmt.Sprintf("%s (%s)?", mayText(ins[0].Text), r.src.Label)})
			if err != nil {
				return "", err
			}
			if ans.word == "no" {
				opts = slices.Delete(opts, i, i+1)
				continue
			}
			first := *ins[0]
			first.May = false
			ins = append([]*cardtext.Instr{&first}, ins[1:]...)
		}
		if ev.announce != nil {
			ev.announce(r.src.Label)
		}
		t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: r.src.Label, ObjectID: r.src.ID, Player: t.name(ev.player),
			Text: fmt.Sprintf("%s; instead (%s): %s", ev.what, r.src.Label, r.ab.Display(t.chars(r.src).Name))})
		t.replacing = append(t.replacing, replFrame{src: r.src.ID, ab: r.ab, kind: ev.kind})
		item := &StackItem{Kind: StackTriggered, Controller: r.ctrl, Source: r.src.ID, SourceName: r.src.Label,
			Trig: &TrigInfo{Player: ev.player, HasPlayer: true, N: ev.n}}
		err := t.newExec(item, nil).instrs(ins)
		t.replacing = t.replacing[:len(t.replacing)-1]
		return r.src.Label, err
	}
	return "", nil
}

// mayText is an optional instruction's words without "you may".
func mayText(s string) string {
	for _, p := range []string{"you may ", "You may "} {
		if len(s) > len(p) && s[:len(p)] == p {
			return s[len(p):]
		}
	}
	return s
}

// timesWord is how rules text says a multiplier of 2 or 3.
func timesWord(n int, two, three string) string {
	if n == 3 {
		return three
	}
	return two
}
