package scenario

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/cards"
)

// testCards is a small card file, sorted by name as cards.Set keeps it.
// (Fire's text is cut short to what the engine reads.)
var testCards = &cards.Set{Cards: []cards.Card{
	{Name: "Darksteel Myr", ManaCost: "{3}", Type: "Artifact Creature — Myr", Power: "0", Toughness: "1",
		Text: `Indestructible (Damage and effects that say "destroy" don't destroy this creature. If its toughness is 0 or less, it's still put into its owner's graveyard.)`},
	{Name: "Elite Vanguard", ManaCost: "{W}", Type: "Creature — Human Soldier", Power: "2", Toughness: "1"},
	{Name: "Fire", Names: []string{"Fire", "Ice"}, Layout: "split", ManaCost: "{1}{R}", Type: "Instant", Text: "Fire deals 2 damage to any target."},
	{Name: "Ice", Names: []string{"Fire", "Ice"}, Layout: "split", ManaCost: "{1}{U}", Type: "Instant", Text: "Tap target permanent.\nDraw a card."},
	{Name: "Island", Type: "Basic Land — Island", Text: "({T}: Add {U}.)"},
	{Name: "Jace Beleren", ManaCost: "{1}{U}{U}", Type: "Legendary Planeswalker — Jace", Loyalty: "3",
		Text: "+2: Each player draws a card.\n−1: Target player draws a card.\n−10: Target player mills twenty cards."},
	{Name: "Paladin en-Vec", ManaCost: "{1}{W}{W}", Type: "Creature — Human Knight", Power: "2", Toughness: "2",
		Text: "First strike, protection from black and from red (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black or red.)"},
	{Name: "Veteran Explorer", ManaCost: "{G}", Type: "Creature — Human Soldier Scout", Power: "1", Toughness: "1",
		Text: "When Veteran Explorer dies, each player may search their library for up to two basic land cards and put them onto the battlefield. Then each player who searched their library this way shuffles it."},
}}

func TestCheckRealCards(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cards string // card lines
		want  []string
		real  int
	}{
		{"a 1/1 Elite Vanguard", "card Elite Vanguard: {W} Creature — Human Soldier 1/1", []string{"power/toughness 1/1, the card's is 2/1"}, 1},
		{"the real Elite Vanguard", "card Elite Vanguard: {W} Creature — Human Soldier 2/1", nil, 1},
		{"marked invented", "card Elite Vanguard (invented): {W} Creature — Human Soldier 1/1", nil, 1},
		{"not a real card", "card Hunted Hunter: {1}{W} Creature — Human Soldier 2/2", nil, 0},
		{"cost and type", "card Elite Vanguard: {1}{W} Creature — Human 2/1", []string{"mana cost {1}{W}, the card's is {W}", `type line "Creature — Human", the card's is "Creature — Human Soldier"`}, 1},
		{"a basic land's reminder text is no ability", "card Island: Basic Land — Island", nil, 1},
		{"keywords with reminder text", "card Darksteel Myr: {3} Artifact Creature — Myr 0/1, indestructible", nil, 1},
		{"a keyword left out", "card Darksteel Myr: {3} Artifact Creature — Myr 0/1", []string{`the card's text it leaves out: ["indestructible"]`}, 1},
		{"protection from two colors", "card Paladin en-Vec: {1}{W}{W} Creature — Human Knight 2/2, first strike, protection from black, protection from red", nil, 1},
		{"loyalty", "card Jace Beleren: {1}{U}{U} Legendary Planeswalker — Jace, loyalty 4\ntext: +2: Each player draws a card.\ntext: −1: Target player draws a card.\ntext: −10: Target player mills twenty cards.", []string{"loyalty 4, the card's is 3"}, 1},
		{"text of its own", "card Veteran Explorer: {G} Creature — Human Soldier Scout 1/1\ntext: When this creature dies, each player may search their library for up to two basic land cards, put them onto the battlefield, then shuffle.",
			[]string{"text the card doesn't have", "the card's text it leaves out"}, 1},
		{"a split card's halves", "card Fire // Ice: {1}{R} Instant\ntext: Fire deals 2 damage to any target.\nhalf Ice: {1}{U} Instant\ntext: Tap target permanent.\ntext: Draw a card.", nil, 2},
		{"a split card's half that differs", "card Fire // Ice: {1}{R} Instant\ntext: Fire deals 2 damage to any target.\nhalf Ice: {2}{U} Instant\ntext: Tap target permanent.\ntext: Draw a card.", []string{"mana cost {2}{U}, the card's is {1}{U}"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := Parse("t.scn", "scenario \"t\" rule 100.1\n"+tc.cards+"\nsetup\n  A life 20\nexpect\n  A life = 20\n")
			if err != nil {
				t.Fatal(err)
			}
			ms, n := CheckRealCards(sc, testCards)
			if n.Real != tc.real {
				t.Errorf("%d real faces, want %d", n.Real, tc.real)
			}
			var got []string
			for _, m := range ms {
				got = append(got, m.Diffs...)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("differences %q, want %q", got, tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("difference %q, want %q", got[i], tc.want[i])
				}
			}
		})
	}
}

// TestBundledScenariosAgreeWithCardData is issue 26's rule: a bundled
// scenario naming a real card gives it the card data's characteristics
// and text, or marks it invented.
func TestBundledScenariosAgreeWithCardData(t *testing.T) {
	set, err := cards.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	lib, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	var total RealCardCount
	for _, sc := range lib.Scenarios {
		ms, n := CheckRealCards(sc, set)
		total.Real += n.Real
		total.Invented += n.Invented
		for _, m := range ms {
			t.Error(m)
		}
	}
	if total.Real < 500 {
		t.Errorf("only %d faces name a real card: is the card data there?", total.Real)
	}
	t.Logf("%d faces name a real card, %d of them marked invented", total.Real, total.Invented)
}
