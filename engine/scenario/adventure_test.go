package scenario

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// TestAdventure: an adventurer card cast as its Adventure is only the
// Adventure on the stack (715.3b), is exiled as it resolves, and its
// controller may then cast the card from exile but not as an Adventure
// (715.3d); countered, it goes to the graveyard; elsewhere it has only its
// normal characteristics (715.4).
func TestAdventure(t *testing.T) {
	const cards = `card Giant Killer: {W} Creature — Human Peasant 1/2
text: {1}{W}, {T}: Tap target creature.
adventure Chop Down: {2}{W} Instant — Adventure
text: Destroy target creature with power 4 or greater.
card Craw Wurm: {4}{G}{G} Creature — Wurm 6/4
card Cancel: {1}{U}{U} Instant
text: Counter target spell.
`
	tests := []struct {
		name, setup, steps, expect string
	}{
		{"in hand, the card's own characteristics",
			"  A hand: Giant Killer\n", "  check\n",
			"  Giant Killer name = Giant Killer\n  Giant Killer mana value = 1\n  Giant Killer types = Creature"},
		{"on the stack, only the Adventure's",
			"  A hand: Giant Killer\n  B battlefield: Craw Wurm\n  A mana {2}{W}\n", "  A casts Giant Killer as Chop Down targeting Craw Wurm\n",
			"  Giant Killer name = Chop Down\n  Giant Killer mana value = 3\n  Giant Killer types = Instant\n  Giant Killer has no ability \"{1}{W}, {T}: Tap target creature.\""},
		{"resolved, exiled; cast from there as the creature",
			"  A hand: Giant Killer\n  B battlefield: Craw Wurm\n  A mana {2}{W}{W}\n",
			"  A casts Giant Killer as Chop Down targeting Craw Wurm\n  resolve\n  verify Giant Killer in exile\n  A casts Giant Killer\n  resolve\n",
			"  Giant Killer in battlefield\n  Craw Wurm in B's graveyard"},
		{"from exile, not as an Adventure again",
			"  A hand: Giant Killer\n  B battlefield: Craw Wurm, Craw Wurm\n  A mana {2}{W}{2}{W}\n",
			"  A casts Giant Killer as Chop Down targeting Craw Wurm#1\n  resolve\n  A casts Giant Killer as Chop Down targeting Craw Wurm#2 => rejected 715.3d\n",
			"  Giant Killer in exile\n  Craw Wurm#2 in battlefield"},
		{"countered, to the graveyard",
			"  A hand: Giant Killer\n  B hand: Cancel\n  B battlefield: Craw Wurm\n  A mana {2}{W}\n  B mana {1}{U}{U}\n",
			"  A casts Giant Killer as Chop Down targeting Craw Wurm\n  A passes\n  B casts Cancel targeting Giant Killer\n  resolve\n",
			"  Giant Killer in A's graveyard\n  Craw Wurm in battlefield"},
	}
	for _, tt := range tests {
		scn := "scenario \"a\"\nedition from 2019-10-04\n" + cards + "setup\n" + tt.setup + "steps\n" + tt.steps + "expect\n" + tt.expect + "\n"
		tr := runText(t, "", scn)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestAdventureDeclared: an Adventure is declared after its card, as an
// instant or sorcery with the Adventure subtype and a mana cost (715.2),
// and only the card can be named in setup (715.4).
func TestAdventureDeclared(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"card Giant Killer: {W} Creature — Human Peasant 1/2\nadventure Chop Down: Instant — Adventure\nsetup\n  A hand: Giant Killer\nexpect\n  A life = 20\n", "its own mana cost"},
		{"card Giant Killer: {W} Creature — Human Peasant 1/2\nadventure Chop Down: {2}{W} Instant — Adventure\nsetup\n  A hand: Chop Down\nexpect\n  A life = 20\n", "name the card"},
		{"card Giant Killer: {W} Creature — Human Peasant 1/2\nadventure Chop Down: {2}{W} Instant\nsetup\n  A hand: Giant Killer\nexpect\n  A life = 20\n", "subtype Adventure"},
	} {
		err := error(nil)
		sc, perr := Parse("t.scn", "scenario \"a\"\n"+tt.text)
		if err = perr; perr == nil {
			err = Run(sc, engine.Latest(), true).Err
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want an error with %q", tt.text, err, tt.want)
		}
	}
}

// TestAdventureColorIdentity: an adventurer card's Adventure counts toward
// its color identity (903.4e), though the card's colors are its own
// (715.4).
func TestAdventureColorIdentity(t *testing.T) {
	const scn = `scenario "identity"
variant commander
card Garden Seer (invented): {1}{G} Creature — Elf Druid 1/2
adventure Sea Glimpse: {U} Instant — Adventure
text: Draw a card.
setup
  A library: Garden Seer
expect
  Garden Seer colors = green
  Garden Seer color identity = blue and green
`
	if tr := runText(t, "", scn); !tr.Passed() {
		t.Errorf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
}

// TestAdventureRendered: a board shows an adventurer card's Adventure in
// its inset where the card has its normal characteristics, and a spell
// cast as an Adventure by the Adventure's name; in exile after it
// resolved, who may cast it from there (715.3d).
func TestAdventureRendered(t *testing.T) {
	const scn = `scenario "shown"
card Giant Killer: {W} Creature — Human Peasant 1/2
adventure Chop Down: {2}{W} Instant — Adventure
text: Destroy target creature with power 4 or greater.
card Craw Wurm: {4}{G}{G} Creature — Wurm 6/4
setup
  A hand: Giant Killer
  B battlefield: Craw Wurm
  A mana {2}{W}
steps
  A casts Giant Killer as Chop Down targeting Craw Wurm
  resolve
expect
  Giant Killer in exile
`
	tr := runText(t, "", scn)
	if !tr.Passed() {
		t.Fatalf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
	card := func(b engine.Board, label string) *engine.CardView {
		for _, p := range b.Players {
			for _, z := range p.Zones {
				for i := range z.Cards {
					if z.Cards[i].Label == label {
						return &z.Cards[i]
					}
				}
			}
		}
		for _, z := range b.Shared {
			for i := range z.Cards {
				if z.Cards[i].Label == label {
					return &z.Cards[i]
				}
			}
		}
		return nil
	}
	if c := card(engine.Render(tr.Edition, tr.Start), "Giant Killer#1"); c == nil || c.Adventure == nil || c.Adventure.Name != "Chop Down" || c.Adventure.TypeLine != "Instant — Adventure" {
		t.Errorf("in hand: %+v", c)
	}
	b := engine.Render(tr.Edition, tr.Steps[0].State)
	if len(b.Stack) != 1 || b.Stack[0].Named != "Chop Down" || !strings.Contains(b.Stack[0].Kind, "Adventure") {
		t.Errorf("on the stack: %+v", b.Stack)
	}
	if c := card(engine.Render(tr.Edition, tr.Final()), "Giant Killer#1"); c == nil || c.AdventureBy != "Alice" || c.Adventure == nil {
		t.Errorf("in exile: %+v", c)
	}
}

// TestHasAdventure: "a creature spell that has an Adventure" is an
// adventurer card cast as the creature, which has an Adventure though it
// doesn't use it (715.2a); a creature card without one isn't.
func TestHasAdventure(t *testing.T) {
	const cards = `card Edgewall Innkeeper: {G} Creature — Human Peasant 1/1
text: Whenever you cast a creature spell that has an Adventure, draw a card.
card Giant Killer: {W} Creature — Human Peasant 1/2
adventure Chop Down: {2}{W} Instant — Adventure
text: Destroy target creature with power 4 or greater.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Island: Basic Land — Island
`
	for _, tt := range []struct{ cast, hand string }{
		{"Giant Killer", "2"},
		{"Grizzly Bears", "1"},
	} {
		scn := "scenario \"has\"\nedition from 2019-10-04\n" + cards + "setup\n  A battlefield: Edgewall Innkeeper\n  A hand: Giant Killer, Grizzly Bears\n  A library: Island, Island\n  A mana {1}{G}{W}\nsteps\n  A casts " + tt.cast + "\n  resolve all\nexpect\n  A hand count = " + tt.hand + "\n"
		if tr := runText(t, "", scn); !tr.Passed() {
			t.Errorf("%s: %v %s", tt.cast, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
