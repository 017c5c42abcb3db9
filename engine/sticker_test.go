package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestWithWord: a name sticker's word goes after the first n words of the
// name (123.6b), at the end if the name has fewer (123.6c); blank lines
// aren't words and hyphenated words are one (123.6a).
func TestWithWord(t *testing.T) {
	tests := []struct {
		name, word string
		n          int
		want       string
	}{
		{"Bear Cub", "Dark", 0, "Dark Bear Cub"},
		{"Bear Cub", "Dark", 1, "Bear Dark Cub"},
		{"Bear Cub", "Dark", 2, "Bear Cub Dark"},
		{"Seeker of the Way", "Eldrazi", 3, "Seeker of the Eldrazi Way"},
		{"Bear Cub", "Eldrazi", 3, "Bear Cub Eldrazi"},
		{"Wolf in ________ Clothing", "Sheep's", 2, "Wolf in Sheep's Clothing"},
		{"Ever-Changing 'Dane", "Great", 1, "Ever-Changing Great 'Dane"},
		{"", "Dark", 0, "Dark"},
	}
	for _, tt := range tests {
		if got := withWord(tt.name, tt.word, tt.n); got != tt.want {
			t.Errorf("withWord(%q, %q, %d) = %q, want %q", tt.name, tt.word, tt.n, got, tt.want)
		}
	}
}

// TestNamedStatic: "… is a green and white Citizen creature with base
// power and toughness 1/1 named NAME" is read part by part, each in its
// layer, the name in layer 3 with the name stickers (123.6c).
func TestNamedStatic(t *testing.T) {
	tests := []struct {
		text  string
		name  string
		pt    bool
		lose  bool
		color cardtext.Color
		err   string
	}{
		{text: "Enchanted creature loses all abilities and is a green and white Citizen creature with base power and toughness 1/1 named Legitimate Businessperson.",
			name: "Legitimate Businessperson", pt: true, lose: true, color: cardtext.Green | cardtext.White},
		{text: "Enchanted creature is a blue Frog creature named Froggy.", name: "Froggy", color: cardtext.Blue},
		{text: "Enchanted creature is a blue Frog creature with base power and toughness 1/1.", pt: true, color: cardtext.Blue},
		{text: "Enchanted creature is a blue Frog creature named.", err: "the name after named"},
		{text: "Enchanted creature is a blue Frog creature with base power and toughness big.", err: "base power and toughness like 1/1"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Aura", tt.text, false, tt.err)
		if !ok {
			continue
		}
		sp := abs[0].Static[0]
		if sp.SetName != tt.name || (sp.SetPT != nil) != tt.pt || sp.LoseAll != tt.lose || sp.SetColor != tt.color {
			t.Errorf("%q: name %q, base P/T %v, loses all %v, color %v", tt.text, sp.SetName, sp.SetPT != nil, sp.LoseAll, sp.SetColor)
		}
		if got := inLayer(sp, "3"); got != (tt.name != "") {
			t.Errorf("%q: in layer 3 = %v", tt.text, got)
		}
	}
}
