package cardtext

import (
	"strings"
	"testing"
)

// TestTextChangeRead: "change the text of OBJECT by replacing all
// instances of one WORD with another [DURATION]" (612.2) reads its
// object, its kind of word and its duration as parts; what doesn't fit
// errors at its word.
func TestTextChangeRead(t *testing.T) {
	tests := []struct {
		text  string
		words string
		dur   DurKind
		want  string // an error containing it
	}{
		{text: "Change the text of target permanent by replacing all instances of one color word with another.", words: "color word"},
		{text: "Change the text of target land by replacing all instances of one basic land type with another.", words: "basic land type"},
		{text: "Change the text of target spell or permanent by replacing all instances of one basic land type with another.", words: "basic land type"},
		{text: "Change the text of target creature by replacing all instances of one color word with another until end of turn.", words: "color word", dur: DurEndOfTurn},
		// Mind Bend: either kind, the player's pick.
		{text: "Change the text of target spell or permanent by replacing all instances of one color word with another or one basic land type with another.", words: "color word or basic land type"},
		{text: "Change the text of target permanent by replacing all instances of one basic land type with another or one color word with another until end of turn.", words: "basic land type or color word", dur: DurEndOfTurn},
		{text: "Change the text of target permanent by replacing all instances of one color word with another or one color word with another.", want: `at "with another.": the kind of word`},
		{text: "Change the text of target permanent by replacing all instances of one color word with another or one creature type with another.", want: `at "creature type with anoth…": the kind of word`},
		{text: "Change the text of target permanent by replacing all instances of one color word with another or a basic land type with another.", want: `at "a basic land type with a…": "one WORD with another"`},
		{text: "Change the text of target permanent by replacing all instances of one creature type with another.", want: `at "creature type with anoth…": the kind of word: color word, basic land type`},
		{text: "Change the text of target permanent by replacing some instances of one color word with another.", want: `at "some instances of one co…": "all instances of"`},
		{text: "Change the text of target permanent by swapping all instances of one color word with another.", want: `at "by swapping all instance…": "by replacing`},
		{text: "Change the text of target permanent by replacing all instances of one color word with blue.", want: `at "with blue.": "with another"`},
		{text: "Change the text of target permanent by replacing all instances of color words with another.", want: `at "color words with another…": "one WORD with another"`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Hack", tt.text, true, tt.want)
		if !ok {
			continue
		}
		in := abs[0].Effect[0]
		if in.Op != OpContinuous || in.Cont == nil || strings.Join(in.Cont.TextWords, " or ") != tt.words || in.Dur.Kind != tt.dur || in.Cont.Affects.Kind != RefTarget {
			t.Errorf("%q: read as %+v %+v", tt.text, in, in.Cont)
		}
	}
}
