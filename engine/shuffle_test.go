package engine

import (
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// TestShuffle: a shuffle is a permutation drawn from the state's seeded
// source, the same for the same seed, leaving kept cards in place; with
// 701.24a switched off the library is "shuffled" without moving.
func TestShuffle(t *testing.T) {
	deck := func(seed uint64) (State, []cardtext.ObjectID) {
		s := NewState(20, "A", "B").Seeded(seed)
		var ids []cardtext.ObjectID
		for range 20 {
			var id cardtext.ObjectID
			s, id = s.AddObject(&cardtext.Card{Name: "Island"}, 0, cardtext.Library, false)
			ids = append(ids, id)
		}
		return s, ids
	}
	order := func(s State) []cardtext.ObjectID {
		var out []cardtext.ObjectID
		for _, o := range s.In(0, cardtext.Library) {
			out = append(out, o.ID)
		}
		return out
	}
	shuffled := func(ed *RulesEdition, seed uint64, keep ...int) (before, after []cardtext.ObjectID, s State) {
		s, ids := deck(seed)
		tx := &tx{ed: ed, s: s.clone()}
		var k []cardtext.ObjectID
		for _, i := range keep {
			k = append(k, ids[i])
		}
		tx.shuffle(0, k, "")
		return ids, order(tx.s), tx.s
	}
	for _, tc := range []struct {
		name string
		ed   *RulesEdition
		seed uint64
		keep []int
		same bool // the order doesn't change
	}{
		{name: "seed 1", ed: Latest(), seed: 1},
		{name: "seed 2", ed: Latest(), seed: 2},
		{name: "keeping the top and the third", ed: Latest(), seed: 1, keep: []int{19, 2}},
		{name: "701.24a off", ed: Latest().Without(registry.Shuffle), seed: 1, same: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, after, s := shuffled(tc.ed, tc.seed, tc.keep...)
			_, again, _ := shuffled(tc.ed, tc.seed, tc.keep...)
			if !slices.Equal(after, again) {
				t.Errorf("the same seed shuffled two ways: %v, %v", after, again)
			}
			if slices.Equal(before, after) != tc.same {
				t.Errorf("order %v from %v", after, before)
			}
			for _, i := range tc.keep {
				if after[i] != before[i] {
					t.Errorf("kept card %d moved: %v", i, after)
				}
			}
			sorted := slices.Clone(after)
			slices.Sort(sorted)
			if !slices.Equal(sorted, before) {
				t.Errorf("not a permutation: %v", after)
			}
			if s.Players[0].Shuffled != 1 {
				t.Errorf("shuffled %d times", s.Players[0].Shuffled)
			}
		})
	}
	_, a, _ := shuffled(Latest(), 1)
	_, b, _ := shuffled(Latest(), 2)
	if slices.Equal(a, b) {
		t.Error("seeds 1 and 2 shuffle alike")
	}
}
