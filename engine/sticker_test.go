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

// TestNamedStaticLayer: an effect that names an object ("… is a blue Frog
// creature named Froggy") applies in layer 3 with the name stickers
// (123.6c); one without a name has no part there.
func TestNamedStaticLayer(t *testing.T) {
	for _, tt := range []struct {
		text  string
		named bool
	}{
		{"Enchanted creature is a blue Frog creature named Froggy.", true},
		{"Enchanted creature is a blue Frog creature with base power and toughness 1/1.", false},
	} {
		abs, err := cardtext.ParseAbilities("Aura", tt.text, false, Latest().Types)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		if got := inLayer(abs[0].Static[0], "3"); got != tt.named {
			t.Errorf("%q: in layer 3 = %v, want %v", tt.text, got, tt.named)
		}
	}
}
