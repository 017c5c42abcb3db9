package variants

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

func TestIdentity(t *testing.T) {
	const W, U, B, R, G = cardtext.White, cardtext.Blue, cardtext.Black, cardtext.Red, cardtext.Green
	cost := func(s string) cardtext.ManaCost {
		c, err := cardtext.ParseManaCost(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	text := func(ts ...string) []*cardtext.Ability {
		var out []*cardtext.Ability
		for _, s := range ts {
			out = append(out, &cardtext.Ability{Text: s})
		}
		return out
	}
	for _, c := range []struct {
		name string
		card cardtext.Card
		want cardtext.Color
	}{
		// 903.4's example: Bosh, Iron Golem is red by its rules text.
		{"Bosh", cardtext.Card{Cost: cost("{8}"), Abilities: text("{3}{R}, Sacrifice an artifact: ~ deals damage equal to the sacrificed artifact's mana value to any target.")}, R},
		// 903.5c's example: Wort's hybrid symbols give both colors.
		{"Wort", cardtext.Card{Cost: cost("{4}{R/G}{R/G}")}, R | G},
		{"Phyrexian", cardtext.Card{Cost: cost("{1}{B/P}")}, B},
		{"monocolored hybrid", cardtext.Card{Cost: cost("{2/W}{2/U}")}, W | U},
		{"color indicator", cardtext.Card{Color: G, HasColor: true}, G},
		{"indicator and cost", cardtext.Card{Cost: cost("{U}"), Color: B, HasColor: true}, U | B},
		{"keyword cost", cardtext.Card{Cost: cost("{1}"), Keywords: []string{"equip {w}"}}, W},
		{"colorless and generic", cardtext.Card{Cost: cost("{C}"), Abilities: text("{T}: Add {C}{C}.", "{2}, {T}: Draw a card.")}, 0},
		{"a brace that isn't a symbol", cardtext.Card{Abilities: text("Choose {one} —")}, 0},
		{"several symbols", cardtext.Card{Abilities: text("{T}: Add {W} or {U}.", "{B}{G/P}: Regenerate ~.")}, W | U | B | G},
	} {
		if got := Identity(&c.card); got != c.want {
			t.Errorf("%s: Identity = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestLandTypeColor(t *testing.T) {
	for _, c := range []struct {
		subtype string
		color   cardtext.Color
		ok      bool
	}{
		{"Mountain", cardtext.Red, true},
		{"forest", cardtext.Green, true},
		{"Plains", cardtext.White, true},
		{"Desert", 0, false},
		{"Wastes", 0, false},
	} {
		if col, ok := LandTypeColor(c.subtype); col != c.color || ok != c.ok {
			t.Errorf("LandTypeColor(%q) = %v, %v; want %v, %v", c.subtype, col, ok, c.color, c.ok)
		}
	}
}

func TestTax(t *testing.T) {
	for _, c := range []struct {
		casts int
		want  string
	}{
		{0, ""},
		{1, "{2}"},
		{2, "{4}"},
		{5, "{10}"},
	} {
		if got := Tax(c.casts).String(); got != c.want {
			t.Errorf("Tax(%d) = %q, want %q", c.casts, got, c.want)
		}
	}
}
