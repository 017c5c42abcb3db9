package scenario

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

const good = `scenario "Legend rule" rule 704.5j
card Isamaru: {W} Legendary Creature — Dog 2/2
setup
  A battlefield: Isamaru
  A hand: Isamaru
steps
  A puts Isamaru#2 onto the battlefield
  A chooses Isamaru#1
expect
  A battlefield count Isamaru = 1
  A graveyard count Isamaru = 1
  fired 704.5j
`

func TestParseGood(t *testing.T) {
	sc, err := Parse("legend.scn", good)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Title != "Legend rule" || len(sc.Rules) != 1 || sc.Rules[0] != "704.5j" || len(sc.Cards) != 1 ||
		len(sc.Setup) != 2 || len(sc.Steps) != 2 || len(sc.Expects) != 1 || len(sc.Expects[0].Items) != 3 {
		t.Errorf("parsed %+v", sc)
	}
	d := sc.Cards[0]
	if d.Name != "Isamaru" || d.Cost.String() != "{W}" || d.TypeLine != "Legendary Creature — Dog" || !d.HasPT || d.Power != 2 {
		t.Errorf("card %+v", d)
	}
	tr := Run(sc, engine.Latest(), true)
	if !tr.Passed() {
		t.Fatalf("run: %v", tr.Failures())
	}
	if len(tr.Steps) != 2 || tr.Steps[1].State.Pending != nil || tr.Start.Pending != nil || tr.Steps[0].State.Pending == nil {
		t.Errorf("trace steps %+v", tr.Steps)
	}
	// The trace names rules in the run's numbering: 704.5k in 2013.
	ed, _ := engine.EditionByID("2013-09-27")
	tr = Run(sc, ed, true)
	if !tr.Passed() || tr.Expects[2].Rule.String() != "704.5k" {
		t.Errorf("under 2013-09-27: %v, %+v", tr.Failures(), tr.Expects)
	}
}

// TestParseErrors: every error names its line.
func TestParseErrors(t *testing.T) {
	head := "scenario \"x\"\ncard Bears: {1}{G} Creature — Bear 2/2\n"
	tests := []struct {
		text string
		line int
		msg  string
	}{
		{"", 1, "empty scenario"},
		{"hello", 1, "starts with a line like"},
		{"scenario \"x\" rule 7x4\nexpect\n  A life = 20", 1, "not a rule number"},
		{head + "setup\n  A battlefield: Bears\n", 1, "no expect section"},
		{head + "frobnicate\nexpect\n  A life = 20", 3, "unknown line"},
		{head + "card Bears: {G} Creature — Bear 1/1\nexpect\n  A life = 20", 3, "declared twice"},
		{head + "card Elf: {G Creature — Elf 1/1\nexpect\n  A life = 20", 3, "unclosed brace"},
		{head + "card Elf: {G} Creature — Elf 1/1, flyng\nexpect\n  A life = 20", 3, "unknown keyword"},
		{head + "card Elf: {G} Creature — Elf */1\nexpect\n  A life = 20", 3, "characteristic-defining"},
		{head + "card Elf:\nexpect\n  A life = 20", 3, "no type line"},
		{head + "card Elf: {G} Creature — Elf 2/\nexpect\n  A life = 20", 3, "\"2/\" is not a power/toughness"},
		{head + "card Elf: {G} Creature — Elf 1/1/1\nexpect\n  A life = 20", 3, "is not a power/toughness"},
		{head + "card A: {G} Creature\nexpect\n  A life = 20", 3, "player's name"},
		{head + "edition from 2013-99-01\nexpect\n  A life = 20", 3, "not a date"},
		{head + "edition from 2013-01-01 before 2012-01-01\nexpect\n  A life = 20", 3, "range is empty"},
		{head + "numbering 1999\nexpect\n  A life = 20", 3, "unknown edition"},
		{head + "setup\n  C battlefield: Bears\nexpect\n  A life = 20", 4, "start with a player"},
		{head + "setup\n  A battlefield: Goblins\nexpect\n  A life = 20", 4, "not a declared card"},
		{head + "setup\n  A battlefield: Bears (flying)\nexpect\n  A life = 20", 4, "unknown status"},
		{head + "setup\n  A hand: Bears (tapped)\nexpect\n  A life = 20", 4, "only permanents"},
		{head + "setup\n  A stack: Bears\nexpect\n  A life = 20", 4, "stack"},
		{head + "steps\n  A frobs Bears\nexpect\n  A life = 20", 4, "can't read step"},
		{head + "steps\n  destroy Bears later\nexpect\n  A life = 20", 4, "unexpected"},
		{head + "steps\n  destroy Bears => accepted\nexpect\n  A life = 20", 4, "rejected"},
		{head + "steps\n  destroy Bears => rejected 999.9\nexpect\n  A life = 20", 4, "not a rule the engine applies"},
		{head + "steps\n  A adds {X}\nexpect\n  A life = 20", 4, "can't be added"},
		{head + "expect\n  A life = lots", 4, "expected a number"},
		{head + "expect\n  Bears colors = plaid", 4, "colors are"},
		{head + "expect\n  fired 123.4", 4, "not a rule the engine applies"},
		{head + "expect\n  fired sba.nonsense", 4, "neither a rule number"},
		{head + "expect\n  Bears smells = nice", 4, "can't read expectation"},
		{head + "expect\n  A life = 20\nsetup\n  A life 3", 5, "must come before"},
		{head + "A life = 20", 3, "unknown line"},
		{"scenario \"x\"\nback Wolf: Creature — Wolf 2/2\nexpect\n  A life = 20", 2, "follows the card line"},
		{head + "back Big Bears: {G} Creature — Bear 4/4\nexpect\n  A life = 20", 3, "no mana cost"},
		{head + "back Bears: Creature — Bear 4/4\nexpect\n  A life = 20", 3, "declared twice"},
		{head + "back Big Bears: Creature — Bear 4/4\nback Huge Bears: Creature — Bear 5/5\nexpect\n  A life = 20", 4, "already has its other face"},
		{head + "half Ice: {1}{U} Instant\nexpect\n  A life = 20", 3, "follows a split card"},
		{head + "card Fire // Ice: {1}{R} Instant\nhalf Water: {1}{U} Instant\nexpect\n  A life = 20", 4, "second half is Ice"},
		{head + "card Fire // Ice: {1}{R} Instant\nexpect\n  A life = 20", 3, "needs its second half"},
		{head + "flip Big Bears: {G} Creature — Bear 4/4\nexpect\n  A life = 20", 3, "flip card's flipped half"},
		{head + "back Big Bears: Creature — Bear 4/4\nsetup\n  A hand: Big Bears\nexpect\n  A life = 20", 5, "only a permanent can have it up"},
		{head + "reveal A battlefield\nexpect\n  A life = 20", 3, "hidden zones"},
		{head + "reveal C hand\nexpect\n  A life = 20", 3, "hidden zones"},
		{head + "reveal A hand B hand\nexpect\n  A life = 20", 3, "separated by commas"},
		{head + "card Alice: {G} Creature\nexpect\n  A life = 20", 3, "player's name"},
		{head + "card Elf (invented) {G}: Creature\nexpect\n  A life = 20", 3, "can't be a card's name"},
	}
	for _, tt := range tests {
		_, err := Parse("t.scn", tt.text)
		var list ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Errorf("%q: want an ErrorList, got %v", tt.text, err)
			continue
		}
		if list[0].Line != tt.line || !strings.Contains(list[0].Msg, tt.msg) {
			t.Errorf("%q:\n got  %v\n want line %d: …%s…", tt.text, list[0], tt.line, tt.msg)
		}
		if !strings.HasPrefix(list[0].Error(), "t.scn:") {
			t.Errorf("error doesn't name the file: %v", list[0])
		}
	}
}

func TestComments(t *testing.T) {
	sc, err := Parse("", "# a comment\nscenario \"c\" # trailing\ncard Isamaru: {W} Legendary Creature — Dog 2/2\nsetup\n  A battlefield: Isamaru # here\nexpect\n  Isamaru#1 in battlefield   # a reference, then a comment\n")
	if err != nil {
		t.Fatal(err)
	}
	if tr := Run(sc, engine.Latest(), true); !tr.Passed() {
		t.Error(tr.Failures())
	}
}

func TestBounds(t *testing.T) {
	big := "scenario \"big\"\n" + strings.Repeat("# padding\n", MaxBytes/10)
	if _, err := Parse("", big); err == nil || !strings.Contains(err.Error(), "16 KB") {
		t.Errorf("over 16 KB: %v", err)
	}
	steps := "scenario \"long\"\nsteps\n" + strings.Repeat("  check\n", MaxSteps+1) + "expect\n  A life = 20\n"
	if _, err := Parse("", steps); err == nil || !strings.Contains(err.Error(), "more than 500 steps") {
		t.Errorf("over 500 steps: %v", err)
	}
	ok := "scenario \"ok\"\nsteps\n" + strings.Repeat("  check\n", MaxSteps) + "expect\n  A life = 20\n"
	sc, err := Parse("", ok)
	if err != nil {
		t.Fatal(err)
	}
	tr := RunWith(t.Context(), sc, engine.Latest(), Options{Budget: 1})
	if !errors.Is(tr.Err, ErrBudget) || tr.Passed() || !strings.Contains(tr.Err.Error(), "time budget") {
		t.Errorf("1ns budget: %v", tr.Err)
	}
	if tr := RunWith(t.Context(), sc, engine.Latest(), Options{Budget: -1}); !tr.Passed() {
		t.Errorf("500 steps without a budget: %v", tr.Failures())
	}
	// The budget is measured by the clock given: one that never moves never
	// stops the run, one that has run out stops it.
	if tr := RunWith(t.Context(), sc, engine.Latest(), Options{Budget: 1, Clock: func() time.Duration { return 0 }}); !tr.Passed() {
		t.Errorf("1ns budget by a clock that stands still: %v", tr.Err)
	}
	if tr := RunWith(t.Context(), sc, engine.Latest(), Options{Budget: time.Hour, Clock: func() time.Duration { return 2 * time.Hour }}); !errors.Is(tr.Err, ErrBudget) {
		t.Errorf("an hour's budget by a clock past it: %v", tr.Err)
	}

	// Setup can't be stopped by the budget before it has copied the state
	// once per object, so it is bounded when parsed: 200 cards, and one
	// error however far past that the text goes.
	setup := func(lines int) string {
		return "scenario \"crowd\"\ncard W: Artifact Creature — Insect 1/1\nsetup\n" +
			strings.Repeat("  A battlefield: 100 x W\n", lines) + "expect\n  A life = 20\n"
	}
	if _, err := Parse("", setup(2)); err != nil {
		t.Errorf("200 cards in setup: %v", err)
	}
	_, err = Parse("", setup(100))
	var el ErrorList
	if !errors.As(err, &el) || len(el) != 1 || el[0].Line != 6 || !strings.Contains(el[0].Msg, "more than 200 cards") {
		t.Errorf("10,000 cards in setup: %v", err)
	}

	// A huge draw is refused by the engine at once, not drawn one event at
	// a time.
	draw, err := Parse("", "scenario \"draw\"\nsteps\n  A draws 9999999\nexpect\n  A lost\n")
	if err != nil {
		t.Fatal(err)
	}
	tr = RunWith(t.Context(), draw, engine.Latest(), Options{})
	if tr.Err == nil || !strings.Contains(tr.Err.Error(), "too many") {
		t.Errorf("A draws 9999999: %v", tr.Err)
	}
}

// The players' names and short forms, reveal lines, invented cards, and
// where a step names players and objects.
func TestPlayersRevealInvented(t *testing.T) {
	sc, err := Parse("t.scn", `scenario "words"
reveal B hand, A's library
card Grizzly Bears (invented): {1}{G} Creature — Bear 2/2
card "Isamaru, Hound of Konda": {W} Legendary Creature — Dog 2/2
card Shock: {R} Instant
text: Shock deals 2 damage to any target.
setup
  A battlefield: Grizzly Bears
  Bob hand: Shock
  A hand: "Isamaru, Hound of Konda"
  B mana {R}
steps
  Bob casts Shock targeting Grizzly Bears#1
  verify stack count = 1
  resolve
  A puts "Isamaru, Hound of Konda" onto the battlefield
expect
  Grizzly Bears in A's graveyard
  Alice battlefield count "Isamaru, Hound of Konda" = 1
`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(sc.Players, " ") != "Alice Bob" || sc.Written(0) != "A" || sc.Written(1) != "B" {
		t.Errorf("players %v, written %q %q", sc.Players, sc.Written(0), sc.Written(1))
	}
	if !sc.IsRevealed(1, cardtext.Hand) || !sc.IsRevealed(0, cardtext.Library) || sc.IsRevealed(0, cardtext.Hand) || sc.IsRevealed(1, cardtext.Library) {
		t.Errorf("revealed %+v", sc.Revealed)
	}
	if inv := sc.Invented(); len(inv) != 1 || inv[0] != "Grizzly Bears" {
		t.Errorf("invented %q", inv)
	}
	if sc.Steps[1].IsCheck() == false || sc.Steps[0].IsCheck() || sc.Steps[2].IsCheck() {
		t.Error("only the verify step is a check")
	}
	type said struct {
		text   string
		player int
		object string
	}
	for i, want := range [][]said{
		{{"Bob", 1, ""}, {"Shock", -1, "Shock"}, {"Grizzly Bears#1", -1, "Grizzly Bears#1"}},
		nil,
		nil,
		{{"A", 0, ""}, {`"Isamaru, Hound of Konda"`, -1, "Isamaru, Hound of Konda"}},
	} {
		st := sc.Steps[i]
		var got []said
		for _, m := range st.Mentions {
			got = append(got, said{st.Text[m.Start:m.End], m.Player, m.Object})
		}
		if len(got) != len(want) {
			t.Errorf("%q: mentions %+v, want %+v", st.Text, got, want)
			continue
		}
		for j := range got {
			if got[j] != want[j] {
				t.Errorf("%q: mention %d is %+v, want %+v", st.Text, j, got[j], want[j])
			}
		}
	}
	tr := Run(sc, engine.Latest(), true)
	if !tr.Passed() {
		t.Fatal(tr.Failures())
	}
	if got := tr.Final().Players[1].Name; got != "Bob" {
		t.Errorf("the game calls B %q", got)
	}
	// A players line replaces the default names and their short forms.
	if _, err := Parse("t.scn", "scenario \"p\"\nplayers Sue Tom\nsetup\n  A life 3\nexpect\n  Sue life = 20\n"); err == nil || !strings.Contains(err.Error(), "start with a player: Sue, Tom") {
		t.Errorf("A after players Sue Tom: %v", err)
	}
}
