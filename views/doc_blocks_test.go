package views

import (
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

func TestLabelled(t *testing.T) {
	item := func(s string) rules.Block { return rules.Block{Kind: rules.BlockItem, Text: rules.Text{S: s}} }
	for _, tc := range []struct {
		items []string
		want  bool
	}{
		{[]string{"1. Players shuffle.", "2. Each player draws seven cards.", "10. Last."}, true},
		{[]string{"A. Knight of Infamy attacks.", "B. A player forgets."}, true},
		{[]string{"(a) one", "(b) two"}, true},
		{[]string{"Standard", "Modern"}, false},
		{[]string{"1. One", "Two"}, false},
		{[]string{"I am a sentence.", "A plain item"}, false},
		{[]string{"1.5 million"}, false},
		{nil, false},
	} {
		var bs []rules.Block
		for _, s := range tc.items {
			bs = append(bs, item(s))
		}
		if got := labelled(bs); got != tc.want {
			t.Errorf("labelled(%q) = %v, want %v", tc.items, got, tc.want)
		}
	}
}
