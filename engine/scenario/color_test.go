package scenario

import (
	"strings"
	"testing"
)

// TestComposedColorChange: the color an effect gives is fixed as it
// begins (layer 5): color words, colorless, or another object's colors
// then, which later changes to that object don't follow (611.2c); the
// duration ends it.
func TestComposedColorChange(t *testing.T) {
	tests := []struct{ name, text, steps, expect string }{
		{"two color words", "Target creature becomes white and blue until end of turn.",
			"  A casts Paint targeting Grizzly Bears\n  resolve\n", "  Grizzly Bears colors = white and blue\n"},
		{"colorless", "Target creature becomes colorless until end of turn.",
			"  A casts Paint targeting Grizzly Bears\n  resolve\n", "  Grizzly Bears colors = colorless\n"},
		{"another object's colors, fixed as it resolves",
			"Target creature becomes the color of target permanent until end of turn.",
			"  A casts Paint targeting Grizzly Bears, Hill Giant\n  resolve\n  A casts Wash targeting Hill Giant\n  resolve\n",
			"  Grizzly Bears colors = red\n  Hill Giant colors = blue\n"},
		{"the color or colors of your choice", "Target creature becomes the color or colors of your choice until end of turn.",
			"  A casts Paint targeting Grizzly Bears\n  resolve\n  A chooses white\n  A chooses black\n  A chooses done\n", "  Grizzly Bears colors = white and black\n"},
		{"one color is a choice of colors too", "Target creature becomes the color or colors of your choice until end of turn.",
			"  A casts Paint targeting Grizzly Bears\n  resolve\n  A chooses red\n  A chooses done\n", "  Grizzly Bears colors = red\n"},
		{"until end of turn ends", "Target creature becomes the color of target permanent until end of turn.",
			"  A casts Paint targeting Grizzly Bears, Hill Giant\n  resolve\n  go to cleanup step\n", "  Grizzly Bears colors = green\n"},
	}
	for _, tt := range tests {
		text := "scenario \"color\"\ncard Grizzly Bears: {1}{G} Creature — Bear 2/2\ncard Hill Giant: {3}{R} Creature — Giant 3/3\n" +
			"card Paint (invented): {U} Instant\ntext: " + tt.text + "\ncard Wash (invented): {U} Instant\ntext: Target creature becomes blue until end of turn.\n" +
			"setup\n  A battlefield: Grizzly Bears, Hill Giant\n  A hand: Paint, Wash\n  A mana {U}{U}\nsteps\n" + tt.steps + "expect\n" + tt.expect
		tr := runText(t, "", text)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
