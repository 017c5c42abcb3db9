package engine

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// textNow is a spell's stack item as its text reads now. 612.1: a
// text-changing effect can apply to a spell ("target spell or permanent");
// as the spell resolves, its targets must fit what its text now asks
// (608.2b) and it follows the instructions its text now gives. The item
// keeps the abilities it was cast with (the modes chosen, the text spliced
// onto it) and changes only those the spell's own text gives, when the new
// text still has them with as many targets. It returns item itself when
// nothing changed, else a copy (items are shared by the states that hold
// the spell).
func (t *tx) textNow(o *Object, item *StackItem) *StackItem {
	if item.Kind != StackSpell || len(item.Modes) > 0 {
		return item
	}
	var now []*cardtext.Ability
	for _, ab := range t.chars(o).Abilities {
		if ab.Kind == cardtext.AbSpell || ab.Kind == cardtext.AbKeyword && ab.Keyword == "enchant" {
			now = append(now, ab)
		}
	}
	if len(now) > len(item.Abilities) {
		return item
	}
	changed := false
	for i, ab := range now {
		if len(ab.Targets) != len(item.Abilities[i].Targets) {
			return item
		}
		changed = changed || ab != item.Abilities[i]
	}
	if !changed {
		return item
	}
	cp := *item
	cp.Abilities, cp.Specs = slices.Clone(item.Abilities), slices.Clone(item.Specs)
	off := 0
	for i, ab := range now {
		cp.Abilities[i] = ab
		if off+len(ab.Targets) <= len(cp.Specs) {
			copy(cp.Specs[off:], ab.Targets)
		}
		off += len(ab.Targets)
	}
	return &cp
}
