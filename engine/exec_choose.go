package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// chooseAny is "any number of creature cards from your graveyard": the
// controller chooses, as the instruction is followed, none or any of the
// objects the description fits, once for the whole effect.
func (x *execCtx) chooseAny(f *cardtext.Filter) []cardtext.ObjectID {
	t := x.t
	if ids, ok := x.pickedAny[f]; ok {
		return ids
	}
	src := x.source()
	var opts, barred []cardtext.ObjectID
	for _, o := range t.s.Objects {
		if !matchFilter(&t.s, f, o, t.chars(o), src, x.ctrl) {
			continue
		}
		if x.entering != 0 && (o.ID == x.entering || slices.Contains(x.enteringWith, o.ID)) && t.applies(registry.EnterOthers) {
			// 614.13a: "You can't choose the object that will become
			// that permanent or any other object entering the
			// battlefield at the same time as that object."
			barred = append(barred, o.ID)
			continue
		}
		opts = append(opts, o.ID)
	}
	var ids []cardtext.ObjectID
	if len(opts) > 0 {
		ch := &Choice{Player: x.ctrl, Key: registry.Resolve, Options: opts, Min: 0, Max: len(opts),
			Prompt: "choose any number of " + anyNumberOf(f) + " (none is fine)"}
		if len(barred) > 0 {
			ch.Barred, ch.BarredKey = barred, registry.EnterOthers
			ch.BarredWhy = "it is entering the battlefield at the same time as " + t.labelOf(x.entering)
		}
		ans, err := t.ask(ch)
		if err != nil {
			x.err = err
			return nil
		}
		ids = ans.objects
		if len(ids) == 0 && ans.object != 0 {
			ids = []cardtext.ObjectID{ans.object}
		}
	}
	if x.pickedAny == nil {
		x.pickedAny = map[*cardtext.Filter][]cardtext.ObjectID{}
	}
	x.pickedAny[f] = ids
	return ids
}

// anyNumberOf names what may be chosen: "creature cards in the graveyard".
func anyNumberOf(f *cardtext.Filter) string {
	what := f.String()
	if f.Card {
		what += " cards"
	}
	if f.Zone != 0 {
		what += " in the " + f.Zone.String()
	}
	return what
}
