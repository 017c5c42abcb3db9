package cardtext

import (
	"testing"
)

// TestDevotionRead: devotion (700.5) is a part — the colors after
// "devotion to" — that reads as an amount ("X is your devotion to
// black"), in a condition ("your devotion to red is less than five") and
// in a static ability that increases it (Altar of the Pantheon's "each
// color and each combination of colors", or one color).
func TestDevotionRead(t *testing.T) {
	const wub = White | Blue | Black | Red | Green
	tests := []struct {
		text  string
		spell bool
		check func(a *Ability) bool
		err   string
	}{
		{text: "Your devotion to each color and each combination of colors is increased by one.", check: func(a *Ability) bool {
			return a.Keyword == KeywordDevotionMod && a.N == 1 && a.DevotionEach && a.Devotion == wub
		}},
		{text: "Your devotion to black is increased by two.", check: func(a *Ability) bool {
			return a.Keyword == KeywordDevotionMod && a.N == 2 && !a.DevotionEach && a.Devotion == Black
		}},
		{text: "Your devotion to white and black is increased by one.", check: func(a *Ability) bool {
			return a.Keyword == KeywordDevotionMod && a.Devotion == White|Black
		}},
		{text: "As long as your devotion to red is less than five, ~ isn't a creature.", check: func(a *Ability) bool {
			return a.Cond != nil && a.Cond.Kind == CondDevotion && a.Cond.Color == Red && a.Cond.N == 5 && a.Cond.Negated
		}},
		{text: "As long as your devotion to white and blue is seven or greater, ~ gets +2/+2.", check: func(a *Ability) bool {
			return a.Cond != nil && a.Cond.Kind == CondDevotion && a.Cond.Color == White|Blue && a.Cond.N == 7 && !a.Cond.Negated
		}},
		{text: "You gain life equal to your devotion to black.", spell: true, check: func(a *Ability) bool {
			return len(a.Effect) == 1 && a.Effect[0].Op == OpGainLife && a.Effect[0].N.Devotion == Black
		}},
		// What the grammar can't read.
		{text: "Your devotion to each color is increased by one.", err: `at "each color is increased …": devotion to which colors`},
		{text: "Your devotion to black is decreased by one.", err: `at "is decreased by one.": how it changes`},
		{text: "Your devotion to black is increased by one for each Swamp you control.", err: `at "for each Swamp you contr…": the end of the sentence`},
		{text: "As long as your devotion to each color and each combination of colors is less than five, ~ isn't a creature.", err: `devotion to which colors: red, black and red`},
		{text: "As long as your devotion to red is five, ~ isn't a creature.", err: `"is less than N", "is N or greater"`},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Purphoros", tt.text, tt.spell, tt.err)
		if ok && !tt.check(abs[0]) {
			t.Errorf("%q: read as %+v", tt.text, abs[0])
		}
	}
}
