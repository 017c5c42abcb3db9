package history

import (
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/arbiter-rules/arbiter/rules"
)

// TestUnitsKeep checks that a unit kept in the blocks reads as the unit
// made from scratch, that equal texts get one unit, and that texts the
// units make (joined paragraphs, numbered senses) are copies of their own.
func TestUnitsKeep(t *testing.T) {
	ref := func(s, cited string) rules.Block {
		n, err := rules.ParseNumber(cited)
		if err != nil {
			t.Fatal(err)
		}
		at := int32(strings.Index(s, cited))
		return rules.Block{Text: rules.Text{S: s, Spans: []rules.Span{rules.RefSpan(at, at+int32(len(cited)), rules.Cite{Kind: rules.RefRule, Number: n})}}}
	}
	plain := func(s string) rules.Block { return rules.Block{Text: rules.Text{S: s}} }
	sense := func(n int, s string) rules.Block { return rules.Block{Sense: n, Text: rules.Text{S: s}} }
	tests := []struct {
		name   string
		blocks []rules.Block
		text   string
	}{
		{"plain", []rules.Block{plain("Each player draws a card.")}, "Each player draws a card."},
		{"typography", []rules.Block{plain("A player’s “hand” — the cards")}, "A player’s “hand” — the cards"},
		{"cites", []rules.Block{ref("See rule 704.5k, then go on.", "704.5k")}, "See rule 704.5k, then go on."},
		{"paragraphs", []rules.Block{plain("First."), ref("Then rule 100.1 applies.", "100.1")}, "First.\nThen rule 100.1 applies."},
		{"sense", []rules.Block{sense(2, "The second sense.")}, "2. The second sense."},
	}
	us := newUnits()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := us.of(tt.blocks)
			want := newUnit(tt.text, tt.blocks)
			if u.text != want.text || u.masked != want.masked || !slices.Equal(u.bag, want.bag) || !slices.Equal(u.nums, want.nums) {
				t.Errorf("kept %+v, made %+v", *u, *want)
			}
			if cap(u.bag) != len(u.bag) || cap(u.nums) != len(u.nums) {
				t.Errorf("bag or numbers have room to grow into their neighbours: %d/%d, %d/%d", len(u.bag), cap(u.bag), len(u.nums), cap(u.nums))
			}
			if again := us.of(slices.Clone(tt.blocks)); again != u {
				t.Error("the same text gave a second unit")
			}
			own := len(tt.blocks) == 1 && tt.blocks[0].Sense == 0
			if shares := unsafe.StringData(u.text) == unsafe.StringData(tt.blocks[0].Text.S); shares != own {
				t.Errorf("the unit's text shares the paragraph's bytes: %v, want %v", shares, own)
			}
		})
	}
}
