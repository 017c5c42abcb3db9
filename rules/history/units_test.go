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
// units make (joined paragraphs, numbered senses) are not kept beside the
// masked text: a unit of one paragraph shares its bytes, one of several
// keeps the paragraphs, or its masked text when that reads the same.
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
	sense := func(n int32, s string) rules.Block { return rules.Block{Sense: n, Text: rules.Text{S: s}} }
	tests := []struct {
		name   string
		blocks []rules.Block
		text   string
	}{
		{"plain", []rules.Block{plain("Each player draws a card.")}, "Each player draws a card."},
		{"typography", []rules.Block{plain("A player’s “hand” — the cards")}, "A player’s “hand” — the cards"},
		{"cites", []rules.Block{ref("See rule 704.5k, then go on.", "704.5k")}, "See rule 704.5k, then go on."},
		{"paragraphs", []rules.Block{plain("First."), ref("Then rule 100.1 applies.", "100.1")}, "First.\nThen rule 100.1 applies."},
		{"plain paragraphs", []rules.Block{plain("First."), plain("Second.")}, "First.\nSecond."},
		{"sense", []rules.Block{sense(2, "The second sense.")}, "2. The second sense."},
		{"senses", []rules.Block{sense(1, "One, see rule 100.1."), sense(2, "Two.")}, "1. One, see rule 100.1.\n2. Two."},
	}
	us := newUnits()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := us.of(tt.blocks)
			var parts []part
			for _, b := range tt.blocks {
				parts = append(parts, part{b.Text.S, int(b.Sense)})
			}
			want := newUnit(tt.text, nil, tt.blocks)
			if u.Text() != tt.text || u.mask() != want.mask() || !slices.Equal(u.bag(), want.bag()) || !slices.Equal(u.nums, want.nums) {
				t.Errorf("kept %q (masked %q, bag %v, numbers %v), made masked %q, bag %v, numbers %v", u.Text(), u.mask(), u.bag(), u.nums, want.mask(), want.bag(), want.nums)
			}
			if cap(u.bag()) != len(u.bag()) || cap(u.nums) != len(u.nums) {
				t.Errorf("bag or numbers have room to grow into their neighbours: %d/%d, %d/%d", len(u.bag()), cap(u.bag()), len(u.nums), cap(u.nums))
			}
			if again := us.of(slices.Clone(tt.blocks)); again != u {
				t.Error("the same text gave a second unit")
			}
			if !u.is(parts) {
				t.Errorf("the unit is not its own paragraphs")
			}
			if len(tt.blocks) == 1 && tt.blocks[0].Sense == 0 {
				if unsafe.StringData(u.text) != unsafe.StringData(tt.blocks[0].Text.S) {
					t.Error("the unit's text does not share the paragraph's bytes")
				}
			} else if u.parts == nil && unsafe.StringData(u.text) != unsafe.StringData(u.mask()) {
				t.Error("the unit keeps a joined text beside its masked text")
			}
		})
	}
}

// TestDropWords checks that a unit's bag of words, let go of once a
// chain's matchings are made, comes back the same when a match asks.
func TestDropWords(t *testing.T) {
	us := newUnits()
	texts := []string{"Each player draws a card.", "See rule 704.5k, then go on.", "When it comes into play, remove it from the game.", ""}
	var units []*unit
	var bags [][]uint32
	for _, s := range texts {
		u := us.of([]rules.Block{{Text: rules.Text{S: s}}})
		units = append(units, u)
		bags = append(bags, slices.Clone(u.bag()))
	}
	us.dropWords()
	for i, u := range units {
		if u != emptyUnit && u.words.Load() != nil {
			t.Errorf("%q: words kept after dropWords", texts[i])
		}
		if got := u.bag(); !slices.Equal(got, bags[i]) {
			t.Errorf("%q: bag %v after dropWords, want %v", texts[i], got, bags[i])
		}
	}
	// Units kept after the drop have their words as before.
	if u := us.of([]rules.Block{{Text: rules.Text{S: "A new text."}}}); len(u.bag()) != 3 {
		t.Errorf("a unit kept after dropWords has bag %v", u.bag())
	}
}

// TestDropMasks checks that a unit's masked text, let go of once a
// chain's matchings are made, is made again the same from its text and
// cuts, paragraphs, senses, ranges written short and all; that a unit
// whose masked text is its text keeps it; and that a match keeps again
// the masks it reads.
func TestDropMasks(t *testing.T) {
	cite := func(s, cited string, c rules.Cite) rules.Span {
		at := int32(strings.Index(s, cited))
		if at < 0 {
			t.Fatalf("%q not in %q", cited, s)
		}
		return rules.RefSpan(at, at+int32(len(cited)), c)
	}
	num := func(s string) rules.Number {
		n, err := rules.ParseNumber(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	block := func(sense int32, s string, spans ...rules.Span) rules.Block {
		return rules.Block{Sense: sense, Text: rules.Text{S: s, Spans: spans}}
	}
	short := "See rules 601.2e–g and rule 704.5k’s “text”."
	long := "Rules 903.6–903.11 apply."
	tests := []struct {
		name   string
		blocks []rules.Block
		masked string
		shared bool // the masked text is the text
	}{
		{"plain", []rules.Block{block(0, "Each player draws a card.")}, "Each player draws a card.", true},
		{"typography", []rules.Block{block(0, "A player’s “hand”.")}, "A player's 'hand'.", false},
		{"short range", []rules.Block{block(0, short,
			cite(short, "601.2e–g", rules.Cite{Kind: rules.RefRange, Number: num("601.2e"), Last: num("601.2g")}),
			cite(short, "704.5k", rules.Cite{Kind: rules.RefRule, Number: num("704.5k")}))}, "See rules #-# and rule #'s 'text'.", false},
		{"long range", []rules.Block{block(0, long,
			cite(long, "903.6–903.11", rules.Cite{Kind: rules.RefRange, Number: num("903.6"), Last: num("903.11")}))}, "Rules #-# apply.", false},
		{"paragraphs", []rules.Block{block(0, "First, see rule 100.1."), block(0, long,
			cite(long, "903.6–903.11", rules.Cite{Kind: rules.RefRange, Number: num("903.6"), Last: num("903.11")}))}, "First, see rule 100.1. Rules #-# apply.", false},
		{"senses", []rules.Block{block(1, "One."), block(12, short,
			cite(short, "601.2e–g", rules.Cite{Kind: rules.RefRange, Number: num("601.2e"), Last: num("601.2g")}))}, "1. One. 12. See rules #-# and rule 704.5k's 'text'.", false},
		{"plain sense", []rules.Block{block(2, "Two.")}, "2. Two.", true},
		{"plain senses", []rules.Block{block(1, "One."), block(2, "Two.")}, "1. One. 2. Two.", false}, // fold makes the newline a space
	}
	us := newUnits()
	var units []*unit
	var masks []string
	for _, tt := range tests {
		u := us.of(tt.blocks)
		if u.mask() != tt.masked {
			t.Errorf("%s: masked %q, want %q", tt.name, u.mask(), tt.masked)
		}
		units = append(units, u)
		masks = append(masks, strings.Clone(u.mask()))
	}
	us.dropMasks()
	for i, tt := range tests {
		u := units[i]
		if kept := u.masked.Load() != nil; kept != tt.shared {
			t.Errorf("%s: masked text kept after dropMasks: %v, want %v", tt.name, kept, tt.shared)
		}
		if got := u.mask(); got != masks[i] {
			t.Errorf("%s: masked %q after dropMasks, want %q", tt.name, got, masks[i])
		}
		if want := newUnit(u.text, u.parts, tt.blocks); !slices.Equal(u.nums, want.nums) {
			t.Errorf("%s: numbers %v, made %v", tt.name, u.nums, want.nums)
		}
	}
	p := &prepared{text: units}
	p.keepMasks()
	for i, u := range units {
		if p := u.masked.Load(); p == nil || *p != masks[i] {
			t.Errorf("%s: keepMasks kept %v, want %q", tests[i].name, p, masks[i])
		}
	}
}

// TestExamplesOf checks the range of examples each entry owns, for
// entries with none, first and last.
func TestExamplesOf(t *testing.T) {
	p := &prepared{examples: []example{{owner: 1}, {owner: 1, ord: 1}, {owner: 3}}}
	tests := []struct{ entry, lo, hi int }{{0, 0, 0}, {1, 0, 2}, {2, 2, 2}, {3, 2, 3}, {4, 3, 3}}
	for _, tt := range tests {
		if lo, hi := p.examplesOf(tt.entry); lo != tt.lo || hi != tt.hi {
			t.Errorf("examplesOf(%d) = %d, %d; want %d, %d", tt.entry, lo, hi, tt.lo, tt.hi)
		}
	}
}
