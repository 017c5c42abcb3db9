package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// scry follows "scry N" (701.22a): each player looks at the top N cards of
// their library, then puts any number of them on the bottom in any order
// and the rest on top in any order. The player chooses the cards for the
// bottom in the order they go there, then, if two or more stay, the order
// of those left on top, the top one first. Scry 0 is no scry (701.22b).
func (x *execCtx) scry(in *cardtext.Instr) (bool, error) {
	t := x.t
	if !t.applies(registry.Scry) {
		// Without the rule, "scry" is a word no rule defines: the
		// library stays as it is.
		return false, nil
	}
	did := false
	for _, p := range x.players(in.Who) {
		lib := t.s.In(p, cardtext.Library)
		n := min(x.amount(in.N), len(lib))
		if n <= 0 {
			continue
		}
		var top []cardtext.ObjectID
		for i := len(lib) - 1; i >= len(lib)-n; i-- {
			top = append(top, lib[i].ID)
		}
		ans, err := t.ask(&Choice{Player: p, Key: registry.Scry, Options: top, Min: 0, Max: n,
			Prompt: fmt.Sprintf("scry %d: choose the cards to put on the bottom of your library, in the order they go there (none is fine)", n)})
		if err != nil {
			return false, err
		}
		bottom := ans.objects
		if len(bottom) == 0 && ans.object != 0 {
			bottom = []cardtext.ObjectID{ans.object}
		}
		var rest []cardtext.ObjectID
		for _, id := range top {
			if !containsID(bottom, id) {
				rest = append(rest, id)
			}
		}
		if len(rest) > 1 {
			ans, err := t.ask(&Choice{Player: p, Key: registry.Scry, Options: rest, Min: len(rest), Max: len(rest),
				Prompt: "scry: the order of the cards staying on top of your library, the top one first"})
			if err != nil {
				return false, err
			}
			if len(ans.objects) == len(rest) {
				rest = ans.objects
			}
		}
		// Later placements go further down the bottom; the top one is
		// placed last.
		for _, id := range bottom {
			t.s.Object(id).Seq = -t.s.tick()
		}
		for i := len(rest) - 1; i >= 0; i-- {
			t.s.Object(rest[i]).Seq = t.s.tick()
		}
		t.dirty()
		t.emit(Event{Kind: EvRule, Key: registry.Scry, Player: t.name(p),
			Text: fmt.Sprintf("%s scries %d: %d on the bottom, %d on top%s", t.name(p), n, len(bottom), len(rest), x.labels(rest))})
		did = true
	}
	return did, nil
}

// labels lists objects' labels in parentheses for an event, "" for none.
func (x *execCtx) labels(ids []cardtext.ObjectID) string {
	if len(ids) == 0 {
		return ""
	}
	var out []string
	for _, id := range ids {
		out = append(out, x.t.labelOf(id))
	}
	return " (" + strings.Join(out, ", ") + ")"
}

func containsID(ids []cardtext.ObjectID, id cardtext.ObjectID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
