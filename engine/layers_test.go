package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// textCard builds a card from a type line, P/T and rules text lines read by
// ParseAbilities.
func (g *game) textCard(name, cost, typeLine string, pt []int, text ...string) *cardtext.Card {
	g.t.Helper()
	c := g.card(name, cost, typeLine, pt...)
	for _, l := range text {
		abs, err := cardtext.ParseAbilities(name, l, c.Types.Is("instant") || c.Types.Is("sorcery"), g.ed.Types)
		if err != nil {
			g.t.Fatalf("%s: %v", name, err)
		}
		c.Abilities = append(c.Abilities, abs...)
	}
	return c
}

func pt(p, t int) []int { return []int{p, t} }

// chars is an object's characteristics by label.
func (g *game) chars(label string) Chars {
	g.t.Helper()
	o := g.s.ByLabel(label)
	if o == nil {
		g.t.Fatalf("no %s", label)
	}
	return g.s.Chars(o)
}

// cast casts a card from the hand with targets and lets everything resolve.
func (g *game) castAndResolve(label string, targets ...Target) {
	g.t.Helper()
	o := g.s.ByLabel(label)
	m := cardtext.Mana{C: manaValue(o.Card.Cost, 0, nil)}
	for _, s := range o.Card.Cost {
		if s.Kind == cardtext.SymColored {
			m.C--
			m.AddAt(colorIndex(s.Color), 1)
		}
	}
	g.do(AddMana{Player: o.Owner, Mana: m})
	g.do(CastSpell{Player: o.Owner, Card: o.ID, Targets: targets})
	for g.s.StackTop() != nil && g.s.Pending == nil {
		g.do(ResolveTop{})
	}
}

func (g *game) id(label string) cardtext.ObjectID {
	g.t.Helper()
	o := g.s.ByLabel(label)
	if o == nil {
		g.t.Fatalf("no %s", label)
	}
	return o.ID
}

// TestLayers checks each layer and sublayer (613.1, 613.4) on its own.
func TestLayers(t *testing.T) {
	tests := []struct {
		name  string
		setup func(g *game)
		check func(g *game) string // "" if right
	}{
		{"1: a copy effect replaces the copiable values", func(g *game) {
			g.put(g.textCard("Clone", "{3}{U}", "Creature — Shapeshifter", pt(0, 0),
				"You may have this creature enter as a copy of any creature on the battlefield."), 0, cardtext.Hand)
			g.put(g.card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), 1, cardtext.Battlefield)
			g.castAndResolve("Clone#1")
			g.do(Choose{Player: 0, Object: g.id("Hill Giant#1")})
		}, func(g *game) string {
			ch := g.chars("Clone#1")
			if ch.Name != "Hill Giant" || ch.Power != 3 || ch.Colors != cardtext.Red || ch.NotesFor("copy") == nil {
				return ch.Name + " " + ch.Colors.String()
			}
			return ""
		}},
		{"2: control changes, and changes back as the effect ends", func(g *game) {
			g.put(g.textCard("Act of Treason", "{2}{R}", "Sorcery", nil,
				"Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."), 0, cardtext.Hand)
			g.put(g.card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), 1, cardtext.Battlefield)
			g.castAndResolve("Act of Treason#1", ObjectTarget(g.id("Hill Giant#1")))
		}, func(g *game) string {
			o := g.s.ByLabel("Hill Giant#1")
			if o.Controller != 0 || !g.chars("Hill Giant#1").HasKeyword("haste") || !o.Sick {
				return "not A's, hasty and newly controlled"
			}
			g.do(EndTurn{})
			if o := g.s.ByLabel("Hill Giant#1"); o.Controller != 1 {
				return "control didn't return at end of turn"
			}
			return ""
		}},
		{"3: a text change replaces a color word", func(g *game) {
			g.put(g.textCard("Crusade", "{W}{W}", "Enchantment", nil, "White creatures get +1/+1."), 0, cardtext.Battlefield)
			g.put(g.card("Bog Imp", "{1}{B}", "Creature — Imp", 1, 1), 0, cardtext.Battlefield)
			g.put(g.textCard("Sleight of Mind", "{U}", "Instant", nil,
				"Change the text of target permanent by replacing all instances of one color word with another."), 0, cardtext.Hand)
			g.do(AddMana{Player: 0, Mana: cardtext.Mana{U: 1}})
			g.do(CastSpell{Player: 0, Card: g.id("Sleight of Mind#1"), Targets: []Target{ObjectTarget(g.id("Crusade#1"))}})
			g.do(ResolveTop{})
			g.do(Choose{Player: 0, Word: "white"})
			g.do(Choose{Player: 0, Word: "black"})
		}, func(g *game) string {
			if ch := g.chars("Bog Imp#1"); ch.Power != 2 {
				return "the Imp doesn't get +1/+1 from \"Black creatures get +1/+1\""
			}
			if !g.chars("Crusade#1").HasAbilityText("Black creatures get +1/+1.") {
				return strings.Join(g.chars("Crusade#1").AbilityTexts(), "; ")
			}
			return ""
		}},
		{"4: \"still a land\" keeps every type; an artifact land becomes an artifact land creature", func(g *game) {
			g.put(g.textCard("Living Plane", "{2}{G}{G}", "World Enchantment", nil, "All lands are 1/1 creatures that are still lands."), 0, cardtext.Battlefield)
			g.put(g.card("Ancient Den", "", "Artifact Land"), 0, cardtext.Battlefield)
		}, func(g *game) string {
			ch := g.chars("Ancient Den#1")
			if !ch.Types.Is("artifact") || !ch.Types.Is("land") || !ch.Types.Is("creature") || ch.Power != 1 {
				return ch.Types.String()
			}
			return ""
		}},
		{"5: the latest color-setting effect wins", func(g *game) {
			g.put(g.card("Bog Imp", "{1}{B}", "Creature — Imp", 1, 1), 0, cardtext.Battlefield)
			for _, c := range []string{"white", "red"} {
				name := "Paint " + c
				g.put(g.textCard(name, "{0}", "Instant", nil, "Target creature becomes "+c+"."), 0, cardtext.Hand)
				g.castAndResolve(name+"#1", ObjectTarget(g.id("Bog Imp#1")))
			}
		}, func(g *game) string {
			if ch := g.chars("Bog Imp#1"); ch.Colors != cardtext.Red || len(ch.NotesFor("color")) != 2 {
				return ch.Colors.String()
			}
			return ""
		}},
		{"6: losing all abilities ends a static ability's effects in later layers", func(g *game) {
			g.put(g.textCard("Crusader", "{W}", "Creature — Human", pt(2, 2), "Other creatures you control get +1/+1."), 0, cardtext.Battlefield)
			g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
			g.put(g.textCard("Humility", "{2}{W}{W}", "Enchantment", nil, "All creatures lose all abilities."), 1, cardtext.Battlefield)
		}, func(g *game) string {
			if ch := g.chars("Grizzly Bears#1"); ch.Power != 2 {
				return "the Bears still get +1/+1"
			}
			if len(g.chars("Crusader#1").Abilities) != 0 {
				return "the Crusader kept its ability"
			}
			return ""
		}},
		{"613.6: an effect that began in layer 4 goes on in 7b after its ability is lost in 6", func(g *game) {
			g.put(g.textCard("Living Statue", "{4}", "Artifact", nil, "This artifact is a 2/2 artifact creature."), 0, cardtext.Battlefield)
			g.put(g.textCard("Humility", "{2}{W}{W}", "Enchantment", nil, "All creatures lose all abilities."), 1, cardtext.Battlefield)
		}, func(g *game) string {
			ch := g.chars("Living Statue#1")
			if !ch.Types.Is("creature") || ch.Power != 2 || ch.Toughness != 2 || len(ch.Abilities) != 0 {
				return ch.Types.String()
			}
			return ""
		}},
		{"7a: a characteristic-defining ability works in the hand", func(g *game) {
			g.put(g.textCard("Maro", "{2}{G}{G}", "Creature — Avatar", pt(0, 0),
				"Maro's power and toughness are each equal to the number of cards in your hand."), 0, cardtext.Hand)
			g.put(g.card("Island", "", "Basic Land — Island"), 0, cardtext.Hand)
		}, func(g *game) string {
			if ch := g.chars("Maro#1"); ch.Power != 2 || ch.NotesFor("power/toughness")[0].Layer != "7a" {
				return "Maro isn't 2/2 by its own ability in the hand"
			}
			return ""
		}},
		{"7b before 7c, counters in 7c, switching in 7d", func(g *game) {
			g.put(g.card("Gray Ogre", "{2}{R}", "Creature — Ogre", 2, 2), 0, cardtext.Battlefield)
			g.do(PutCounters{On: ObjectTarget(g.id("Gray Ogre#1")), Kind: "+1/+1", N: 1})
			for i, text := range []string{"Target creature gets +4/+4 until end of turn.", "Target creature becomes 0/1 until end of turn.",
				"Switch target creature's power and toughness until end of turn."} {
				name := "Spell " + string(rune('A'+i))
				g.put(g.textCard(name, "{0}", "Instant", nil, text), 0, cardtext.Hand)
				g.castAndResolve(name+"#1", ObjectTarget(g.id("Gray Ogre#1")))
			}
		}, func(g *game) string {
			ch := g.chars("Gray Ogre#1")
			var ls []string
			for _, n := range ch.NotesFor("power/toughness") {
				ls = append(ls, n.Layer)
			}
			if ch.Power != 6 || ch.Toughness != 5 || strings.Join(ls, " ") != "7b 7c 7c 7d" {
				return strings.Join(ls, " ")
			}
			return ""
		}},
		{"613.8: an effect that changes what another applies to goes first, whatever the timestamps", func(g *game) {
			g.put(g.textCard("Forest Animator", "{3}", "Enchantment", nil, "All Forests are 1/1 creatures that are still lands."), 0, cardtext.Battlefield)
			g.put(g.textCard("Dryad Grove", "{3}", "Enchantment", nil, "Each land is a Forest in addition to its other types."), 0, cardtext.Battlefield)
			g.put(g.card("Island", "", "Basic Land — Island"), 0, cardtext.Battlefield)
		}, func(g *game) string {
			ch := g.chars("Island#1")
			if !ch.Types.HasSubtype("Forest") || !ch.Types.HasSubtype("Island") || !ch.Types.Is("creature") {
				return ch.Types.String()
			}
			return ""
		}},
		// 613.8a(b), "what it does to any of the things it applies to":
		// the Anthem changes the Banner's X, not what it applies to, so
		// the Banner, though older, applies after it.
		{"613.8a: an effect whose amount another changes waits for it", func(g *game) {
			g.put(g.textCard("Pack Banner", "{2}{G}", "Enchantment", nil, "Creatures you control get +X/+X, where X is the greatest power among creatures you control."), 0, cardtext.Battlefield)
			g.put(g.textCard("Glorious Anthem", "{1}{W}{W}", "Enchantment", nil, "Creatures you control get +1/+1."), 0, cardtext.Battlefield)
			g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		}, func(g *game) string {
			return ptNotes(g.chars("Grizzly Bears#1"), 6, "+1/+1 by Glorious Anthem#1, +3/+3 by Pack Banner#1")
		}},
		// An amount that reads characteristics the other effect doesn't
		// change ("the number of Forests" in layer 7c) makes no
		// dependency: timestamps decide.
		{"613.8a: an amount another leaves alone makes no dependency", func(g *game) {
			g.put(g.textCard("Grove Banner", "{2}{G}", "Enchantment", nil, "Creatures you control get +X/+X, where X is the number of Forests you control."), 0, cardtext.Battlefield)
			g.put(g.textCard("Glorious Anthem", "{1}{W}{W}", "Enchantment", nil, "Creatures you control get +1/+1."), 0, cardtext.Battlefield)
			g.put(g.card("Forest", "", "Basic Land — Forest"), 0, cardtext.Battlefield)
			g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		}, func(g *game) string {
			return ptNotes(g.chars("Grizzly Bears#1"), 4, "+1/+1 by Grove Banner#1, +1/+1 by Glorious Anthem#1")
		}},
		// Each Banner changes the other's X: a loop, applied in timestamp
		// order (613.8b): +2/+2, then +4/+4.
		{"613.8b: a loop of amounts falls back to timestamps", func(g *game) {
			for _, n := range []string{"Pack Banner", "War Banner"} {
				g.put(g.textCard(n, "{2}{G}", "Enchantment", nil, "Creatures you control get +X/+X, where X is the greatest power among creatures you control."), 0, cardtext.Battlefield)
			}
			g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		}, func(g *game) string {
			return ptNotes(g.chars("Grizzly Bears#1"), 8, "+2/+2 by Pack Banner#1, +4/+4 by War Banner#1")
		}},
		{"611.2c: a resolved effect's set is fixed; a static ability's isn't", func(g *game) {
			g.put(g.card("Savannah Lions", "{W}", "Creature — Cat", 2, 1), 0, cardtext.Battlefield)
			g.put(g.textCard("Charge", "{W}", "Instant", nil, "All white creatures get +1/+1 until end of turn."), 0, cardtext.Hand)
			g.castAndResolve("Charge#1")
			g.put(g.card("Savannah Lions", "{W}", "Creature — Cat", 2, 1), 0, cardtext.Battlefield)
		}, func(g *game) string {
			if g.chars("Savannah Lions#1").Power != 3 || g.chars("Savannah Lions#2").Power != 2 {
				return "the bonus went to the wrong Lions"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, "latest")
			tt.setup(g)
			if msg := tt.check(g); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestPTBounds: "with toughness 2 or greater", "with power 3 or less"
// qualify a noun wherever one is read, and decide a match by the value the
// object has; a bound without "or greater/less" is an error.
func TestPTBounds(t *testing.T) {
	tests := []struct {
		text string
		want *cardtext.PTBound // nil: an error
		pick func(a *cardtext.Ability) *cardtext.Filter
	}{
		{"Whenever a creature with toughness 2 or greater enters, you gain 1 life.", &cardtext.PTBound{Toughness: true, N: 2},
			func(a *cardtext.Ability) *cardtext.Filter { return a.Trigger.What }},
		{"Destroy all creatures with power 3 or less.", &cardtext.PTBound{N: 3, AtMost: true},
			func(a *cardtext.Ability) *cardtext.Filter { return a.Effect[0].What.Group }},
		{"Destroy all creatures with power 3.", nil, nil},
	}
	for _, tt := range tests {
		abs, err := cardtext.ParseAbilities("Card", tt.text, strings.HasPrefix(tt.text, "Destroy"), Latest().Types)
		if tt.want == nil {
			if err == nil {
				t.Errorf("%q: read, want an error", tt.text)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		f := tt.pick(abs[0])
		if f.PT == nil || *f.PT != *tt.want {
			t.Fatalf("%q: bound %+v, want %+v", tt.text, f.PT, tt.want)
		}
		for _, pt := range [][2]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}} {
			s := NewState(20, "A", "B")
			o := &Object{ID: 1, Zone: cardtext.Battlefield}
			ch := &Chars{Types: cardtext.TypeLine{CardTypes: []string{"Creature"}}, Power: pt[0], Toughness: pt[1], HasPT: true}
			v := pt[0]
			if tt.want.Toughness {
				v = pt[1]
			}
			want := v >= tt.want.N
			if tt.want.AtMost {
				want = v <= tt.want.N
			}
			g := *f
			g.Self = false
			if got := matchFilter(&s, &g, o, ch, nil, 0); got != want {
				t.Errorf("%q on a %d/%d: match %v, want %v", tt.text, pt[0], pt[1], got, want)
			}
		}
	}
}

// ptNotes checks a creature's power and the power/toughness notes of its
// layers, in the order they applied ("+1/+1 by Glorious Anthem#1, …").
func ptNotes(ch Chars, power int, want string) string {
	var got []string
	for _, n := range ch.NotesFor("power/toughness") {
		got = append(got, n.What+" by "+n.By)
	}
	if ch.Power != power || strings.Join(got, ", ") != want {
		return fmt.Sprintf("power %d, %s; want %d, %s", ch.Power, strings.Join(got, ", "), power, want)
	}
	return ""
}
