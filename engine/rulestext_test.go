package engine

import (
	"strings"
	"testing"
)

// TestAmountsReadOrFail: an amount the engine reads, it can evaluate where
// it is written; any other is an error naming where the sentence stopped,
// never an ability that counts 0. A static ability's amount is found
// again whenever characteristics are, so nothing chosen or done ("X",
// "that many") and no other object's toughness can be its amount.
func TestAmountsReadOrFail(t *testing.T) {
	tests := []struct {
		text  string
		spell bool
		want  string // "" reads; else the error contains it
	}{
		{"Fling deals damage equal to the sacrificed creature's power to any target.", true, ""},
		{"Creatures you control get +X/+X, where X is the number of cards in your hand.", false, ""},
		{"This creature's power and toughness are each equal to the number of creatures you control.", false, ""},
		{"You gain life equal to the number of card types among cards in all graveyards.", true, ""},
		{"Target creature gets +X/+0 until end of turn, where X is 1 plus its toughness.", true, ""},
		{"Fling deals damage equal to twice its power to any target.", true, `at "twice its power`},
		{"You gain life equal to the number of gizmos you control.", true, `at "gizmos you control.": life equal to what`},
		{"Enchanted creature gets +X/+X.", false, `X defined by ", where X is …"`},
		{"Enchanted creature gets +X/+0, where X is its toughness.", false, "an amount a static ability can count"},
	}
	for _, tt := range tests {
		_, err := ParseAbilities("Fling", tt.text, tt.spell, Latest().Types)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v", tt.text, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%q: got %v, want an error with %q", tt.text, err, tt.want)
		}
	}
}
