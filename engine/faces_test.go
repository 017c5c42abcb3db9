package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestDoubleFacedCharacteristics: a double-faced card shows the face that's
// up on the battlefield and only its front face elsewhere (712.8), its back
// face has its front face's mana value (202.3b), and transforming turns it
// over without making a new object (712.18).
func TestDoubleFacedCharacteristics(t *testing.T) {
	g := newGame(t, "2026-01-16")
	front := g.card("Huntmaster of the Fells", "{2}{R}{G}", "Creature — Human Werewolf", 2, 2)
	back := g.card("Ravager of the Fells", "", "Creature — Werewolf", 4, 4)
	back.Cost, back.Color, back.HasColor = nil, cardtext.Red|cardtext.Green, true
	dfc := cardtext.DoubleFaced(front, back, false)
	onField := g.put(dfc, 0, cardtext.Battlefield)
	inHand := g.put(dfc, 0, cardtext.Hand)
	g.s = g.s.Edit(inHand, func(o *Object) { o.Face = FaceBack }) // ignored off the battlefield
	g.do(Transform{Object: onField})
	for _, tc := range []struct {
		id         cardtext.ObjectID
		name       string
		mv         int
		pt         [2]int
		colors     cardtext.Color
		transformd bool
	}{
		{onField, "Ravager of the Fells", 4, [2]int{4, 4}, cardtext.Red | cardtext.Green, true},
		{inHand, "Huntmaster of the Fells", 4, [2]int{2, 2}, cardtext.Red | cardtext.Green, false},
	} {
		o := g.s.Object(tc.id)
		if o == nil {
			t.Fatalf("object %d is gone: transforming made a new object", tc.id)
		}
		ch := g.s.Chars(o)
		if ch.Name != tc.name || ch.ManaValue() != tc.mv || ch.Power != tc.pt[0] || ch.Toughness != tc.pt[1] || ch.Colors != tc.colors || o.Transformed() != tc.transformd {
			t.Errorf("%s: got %s mv %d %d/%d %s transformed %v; want %s mv %d %v %s %v", o.Label, ch.Name, ch.ManaValue(), ch.Power, ch.Toughness,
				ch.Colors, o.Transformed(), tc.name, tc.mv, tc.pt, tc.colors, tc.transformd)
		}
	}
	// Turned back over, it is Huntmaster again; a card that isn't
	// double-faced doesn't transform (712.9).
	g.do(Transform{Object: onField})
	if n := g.s.Chars(g.s.Object(onField)).Name; n != "Huntmaster of the Fells" {
		t.Errorf("transformed twice: %s", n)
	}
	bear := g.put(g.card("Runeclaw Bear", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
	g.do(Transform{Object: bear})
	if g.s.Object(bear).Transformed() {
		t.Error("a single-faced permanent transformed")
	}
}

// TestFlipCard: a flip card has its normal characteristics until it flips
// (710.2), then its alternative name, type line and power and toughness
// with its own color and mana cost (710.1c); flipping is one-way (710.4).
func TestFlipCard(t *testing.T) {
	g := newGame(t, "2026-01-16")
	top := g.card("Akki Lavarunner", "{3}{R}", "Creature — Goblin Warrior", 1, 1)
	flipped := g.card("Tok-Tok, Volcano Born", "", "Legendary Creature — Goblin Shaman", 2, 2)
	flipped.Cost = nil
	card := cardtext.FlipCard(top, flipped)
	id := g.put(card, 0, cardtext.Battlefield)
	inHand := g.put(card, 0, cardtext.Hand)
	for i, want := range []struct {
		name      string
		legendary bool
	}{{"Akki Lavarunner", false}, {"Tok-Tok, Volcano Born", true}, {"Tok-Tok, Volcano Born", true}} {
		if i > 0 {
			g.do(Flip{Object: id})
		}
		ch := g.s.Chars(g.s.Object(id))
		if ch.Name != want.name || ch.Types.IsSuper("legendary") != want.legendary || ch.Colors != cardtext.Red || ch.ManaValue() != 4 {
			t.Errorf("after %d flips: %s legendary %v %s mv %d", i, ch.Name, ch.Types.IsSuper("legendary"), ch.Colors, ch.ManaValue())
		}
	}
	if n := g.s.Chars(g.s.Object(inHand)).Name; n != "Akki Lavarunner" {
		t.Errorf("in hand: %s", n)
	}
}

// TestFaceDown: a face-down permanent is a nameless colorless 2/2 with no
// abilities (708.2a); turning it face up pays the morph cost it would have
// face up (702.37e) and keeps it the same object (708.8); one without a
// morph cost can't be turned face up that way.
func TestFaceDown(t *testing.T) {
	g := newGame(t, "2026-01-16")
	demon := g.card("Grinning Demon", "{2}{B}{B}", "Creature — Demon", 6, 6)
	demon.Abilities = mustParse(t, "Morph {2}{B}{B}")
	ones := g.card("Wandering Ones", "{U}", "Creature — Spirit", 1, 1)
	d := g.put(demon, 0, cardtext.Battlefield)
	w := g.put(ones, 0, cardtext.Battlefield)
	for _, id := range []cardtext.ObjectID{d, w} {
		g.s = g.s.Edit(id, func(o *Object) { o.FaceDown = true })
		ch := g.s.Chars(g.s.Object(id))
		if ch.Name != "" || ch.Power != 2 || ch.Toughness != 2 || ch.Colors != 0 || len(ch.Abilities) != 0 || ch.Cost != nil {
			t.Errorf("face down: %q %d/%d %s %d abilities cost %v", ch.Name, ch.Power, ch.Toughness, ch.Colors, len(ch.Abilities), ch.Cost)
		}
	}
	if _, _, err := Apply(g.ed, g.s, TurnFaceUp{Player: 0, Object: w}); err == nil {
		t.Error("Wandering Ones, with no morph cost, was turned face up as a special action")
	}
	g.s = g.s.EditPlayer(0, func(p *Player) { p.Pool = cardtext.Mana{B: 2, C: 2} })
	g.do(TurnFaceUp{Player: 0, Object: d})
	if o := g.s.Object(d); o == nil || o.FaceDown || g.s.Chars(o).Name != "Grinning Demon" || g.s.Players[0].Pool.Total() != 0 {
		t.Errorf("turned face up: %+v, pool %s", o, g.s.Players[0].Pool)
	}
}

func mustParse(t *testing.T, text string) []*cardtext.Ability {
	t.Helper()
	abs, err := cardtext.ParseAbilities("", text, false, Latest().Types)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestSplitCard: off the stack a split card has its halves combined, its
// mana cost their costs (709.4, 709.4b); the spell cast from it has only
// its half's characteristics (709.3b), and it must say which half (709.3).
func TestSplitCard(t *testing.T) {
	g := newGame(t, "2026-01-16")
	card := cardtext.SplitCard(g.card("Assault", "{R}", "Sorcery"), g.card("Battery", "{3}{G}", "Sorcery"))
	card.Halves[0].Abilities = mustSpell(t, "Assault", "Assault deals 2 damage to any target.")
	id := g.put(card, 0, cardtext.Hand)
	ch := g.s.Chars(g.s.Object(id))
	if ch.Name != "Assault // Battery" || ch.ManaValue() != 5 || ch.Colors != cardtext.Red|cardtext.Green || ch.Cost.Combined().String() != "{3}{R}{G}" {
		t.Errorf("in hand: %s mv %d %s cost %s", ch.Name, ch.ManaValue(), ch.Colors, ch.Cost.Combined())
	}
	if _, _, err := Apply(g.ed, g.s, CastSpell{Player: 0, Card: id, Targets: []Target{PlayerTarget(1)}}); err == nil {
		t.Error("cast without choosing a half")
	}
	g.s = g.s.EditPlayer(0, func(p *Player) { p.Pool = cardtext.Mana{R: 1} })
	g.do(CastSpell{Player: 0, Card: id, Half: 1, Targets: []Target{PlayerTarget(1)}})
	sp := g.s.StackTop()
	if ch := g.s.Chars(sp); ch.Name != "Assault" || ch.ManaValue() != 1 || ch.Colors != cardtext.Red {
		t.Errorf("on the stack: %s mv %d %s", ch.Name, ch.ManaValue(), ch.Colors)
	}
}

func mustSpell(t *testing.T, name, text string) []*cardtext.Ability {
	t.Helper()
	abs, err := cardtext.ParseAbilities(name, text, true, Latest().Types)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
