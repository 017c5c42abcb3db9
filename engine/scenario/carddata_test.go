package scenario

import (
	"strings"
	"testing"
)

// TestCardFromData: a card line that only names a card reads the card
// data's characteristics and Oracle text; what it can't read, or a name
// the data lacks, is an error naming the line and what stopped it.
func TestCardFromData(t *testing.T) {
	const head = "scenario \"By name\" rule 120.3\n"
	t.Run("read", func(t *testing.T) {
		sc, err := Parse("by-name.scn", head+"card Serra Angel\ncard \"Lightning Bolt\"\ncard Forest\nsetup\n  A battlefield: Serra Angel\nexpect\n  Serra Angel pt = 4/4\n")
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.Cards) != 3 {
			t.Fatalf("%d cards", len(sc.Cards))
		}
		angel, bolt, forest := sc.Cards[0], sc.Cards[1], sc.Cards[2]
		if angel.Cost.String() != "{3}{W}{W}" || angel.TypeLine != "Creature — Angel" || angel.PT != "4/4" || !angel.FromData {
			t.Errorf("Serra Angel: %s %q %s from data %v", angel.Cost, angel.TypeLine, angel.PT, angel.FromData)
		}
		if got := len(angel.Keywords) + len(angel.Text); got == 0 || !strings.Contains(strings.ToLower(texts(angel)), "vigilance") {
			t.Errorf("Serra Angel's text: %q", texts(angel))
		}
		if bolt.Cost.String() != "{R}" || !bolt.spell() || !strings.Contains(texts(bolt), "3 damage") {
			t.Errorf("Lightning Bolt: %s %q %q", bolt.Cost, bolt.TypeLine, texts(bolt))
		}
		if forest.TypeLine != "Basic Land — Forest" || len(forest.Text) != 0 {
			t.Errorf("Forest: %q, text %q (only reminder text: none)", forest.TypeLine, texts(forest))
		}
		if got := sc.FromData(); strings.Join(got, ",") != "Serra Angel,Lightning Bolt,Forest" {
			t.Errorf("FromData = %q", got)
		}
	})
	for _, tt := range []struct{ name, text, want string }{
		{"not in the data", "card Glasspool Mimic\n", "2: card Glasspool Mimic: no card of that name in the card data"},
		{"a typo", "card Serra Angle\n", "did you mean Serra Angel?"},
		{"two faces", "card Delver of Secrets\n", "card Delver of Secrets is a double-faced card"},
		{"a sentence the grammar stops on", "card Chaos Orb\n", "2: card Chaos Orb: can't read"},
		{"text added", "card Serra Angel\ntext: Flying.\n", "3: card Serra Angel is read from the card data"},
		{"invented with no characteristics", "card Serra Angel (invented)\n", "an invented card needs its characteristics"},
		{"twice", "card Serra Angel\ncard Serra Angel\n", "declared twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("by-name.scn", head+tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one with %q", err, tt.want)
			}
		})
	}
}

// TestSetupFromData: a setup naming a real card no card line declared
// declares it from the card data.
func TestSetupFromData(t *testing.T) {
	sc, err := Parse("setup.scn", "scenario \"Setup\" rule 120.3\nsetup\n  A battlefield: Serra Angel (tapped), Forest\n  B hand: Lightning Bolt\nexpect\n  Serra Angel tapped\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sc.FromData(), ","); got != "Serra Angel,Forest,Lightning Bolt" {
		t.Errorf("declared from the data: %q", got)
	}
	for _, tt := range []struct{ setup, want string }{
		{"A battlefield: Glasspool Mimic", "\"Glasspool Mimic\" is not a declared card"},
		{"A battlefield: Chaos Orb", "card Chaos Orb: can't read"},
	} {
		_, err := Parse("setup.scn", "scenario \"Setup\" rule 120.3\nsetup\n  "+tt.setup+"\nexpect\n  A life = 20\n")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.setup, err, tt.want)
		}
	}
}

func texts(d *CardDecl) string {
	var b strings.Builder
	for _, k := range d.Keywords {
		b.WriteString(k + ". ")
	}
	for _, l := range d.Text {
		b.WriteString(l.Text + " ")
	}
	return b.String()
}
