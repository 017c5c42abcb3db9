package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// contradictions finds, among a state-based action pass's actions, a
// replacement of a player's losing the game that would move its own source
// while another action of the pass moves that source elsewhere (Exquisite
// Archangel dealt lethal damage as its controller reaches 0 life). 400.6:
// "If any effects or rules try to do two or more contradictory or mutually
// exclusive things to a particular object, that object's controller … chooses
// which effect to apply." The choice orders the pass: the chosen move
// happens, and the other then finds the object gone. Without the rule the
// pass keeps the order its checks found the actions in. A choice not yet
// made leaves t.s.Pending set.
func (t *tx) contradictions(all []sbaDo) []sbaDo {
	for _, d := range slices.Clone(all) {
		if d.what != sbaLose || t.cantLose(d.player, d.key) != "" {
			continue
		}
		i := slices.IndexFunc(all, func(e sbaDo) bool { return e.what == sbaLose && e.player == d.player })
		o, a := t.loseReplacer(d.player)
		if o == nil {
			continue
		}
		to, ok := movesSelf(a.Replace.Instead)
		if !ok {
			continue
		}
		j := slices.IndexFunc(all, func(e sbaDo) bool {
			return e.object == o.ID && (e.what == sbaGraveyard || e.what == sbaDestroy)
		})
		if j < 0 {
			continue
		}
		ctrl := t.chars(o).Controller
		words := []string{cardtext.Graveyard.String(), to.String()}
		k := slices.IndexFunc(t.s.answers, func(a answer) bool { return a.player == ctrl && a.key == registry.Contradict })
		if k < 0 {
			t.s.Pending = &Choice{Player: ctrl, By: t.s.Decider(ctrl), Key: registry.Contradict, Rule: t.ed.Rule(registry.Contradict), Words: words,
				Prompt: o.Label + " would go to both " + words[0] + " and " + words[1] + ": choose where it goes"}
			return all
		}
		ans := t.s.answers[k]
		t.s.answers = slices.Delete(t.s.answers, k, k+1)
		t.emit(Event{Kind: EvRule, Key: registry.Contradict, Player: t.name(ctrl), Object: o.Label, ObjectID: o.ID,
			Text: t.name(ctrl) + " chose: " + o.Label + " goes to " + ans.word})
		first, second := i, j // the loss, replaced, moves it first
		if ans.word == words[0] {
			first, second = j, i
		}
		if first > second {
			e := all[first]
			all = slices.Insert(slices.Delete(slices.Clone(all), first, first+1), second, e)
		}
		if ans.word == words[0] {
			// The replacement still applies to the loss: its source is
			// remembered as it was when the pass began.
			if t.sbaReplacer == nil {
				t.sbaReplacer = map[PlayerID]replacer{}
			}
			t.sbaReplacer[d.player] = replacer{obj: *o, ctrl: ctrl, ab: a}
		}
	}
	return all
}

// movesSelf reports where instructions move the object they're from
// ("exile this creature"), if they do.
func movesSelf(ins []*cardtext.Instr) (cardtext.Zone, bool) {
	for _, in := range ins {
		if in.What.Kind != cardtext.RefSelf {
			continue
		}
		switch in.Op {
		case cardtext.OpExile:
			return cardtext.Exile, true
		case cardtext.OpBounce:
			return cardtext.Hand, true
		}
	}
	return 0, false
}

// replacer is a permanent with a replacement effect, as it was before a
// pass of state-based actions moved it, and the ability.
type replacer struct {
	obj  Object
	ctrl PlayerID
	ab   *cardtext.Ability
}

// loseReplacer finds the permanent with a replacement effect for player
// pl's losing the game that would apply, and its ability.
func (t *tx) loseReplacer(pl PlayerID) (*Object, *cardtext.Ability) {
	opts := t.replacementsFor(&pendingEvent{kind: cardtext.EvtLoseGame, player: pl})
	if len(opts) == 0 {
		return nil, nil
	}
	return opts[0].src, opts[0].ab
}
