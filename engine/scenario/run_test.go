package scenario

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

func mustParse(t *testing.T, text string) *Scenario {
	t.Helper()
	sc, err := Parse("t.scn", text)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestStrictChoice: a choice the scenario doesn't script fails a strict run
// and stops a sandbox run with the choice pending.
func TestStrictChoice(t *testing.T) {
	sc := mustParse(t, `scenario "unscripted"
card Isamaru: {W} Legendary Creature — Dog 2/2
setup
  A battlefield: Isamaru
  A hand: Isamaru
steps
  A puts Isamaru#2 onto the battlefield
  A gains 1 life
expect
  A life = 21
`)
	tr := Run(sc, engine.Latest(), true)
	if tr.Err == nil || !strings.Contains(tr.Err.Error(), "t.scn:7:") || !strings.Contains(tr.Err.Error(), "A chooses Isamaru#1") {
		t.Errorf("strict: %v", tr.Err)
	}
	tr = Run(sc, engine.Latest(), false)
	if tr.Err != nil || tr.Pending == nil || tr.Pending.Player != 0 || len(tr.Steps) != 1 || tr.Passed() {
		t.Errorf("sandbox: err %v pending %+v steps %d", tr.Err, tr.Pending, len(tr.Steps))
	}
	// Under 2007 rules nobody chooses; both go.
	old, _ := engine.EditionByID("2007-02-01")
	if tr := Run(sc, old, true); tr.Err != nil || tr.Pending != nil {
		t.Errorf("2007: %v", tr.Failures())
	}
}

// TestStrictWordChoice: an unscripted yes/no choice (it has no objects to
// offer) fails a strict run with a hint, not a panic.
func TestStrictWordChoice(t *testing.T) {
	sc := mustParse(t, `scenario "unscripted copy targets"
card Shock: {R} Instant
text: Shock deals 2 damage to any target.
card Twincast: {U}{U} Instant
text: Copy target instant or sorcery spell. You may choose new targets for the copy.
setup
  A hand: Shock, Twincast
  A mana {R}{U}{U}
steps
  A casts Shock targeting B
  A casts Twincast targeting Shock
  resolve
  A gains 1 life
expect
  B life = 16
`)
	tr := Run(sc, engine.Latest(), true)
	if tr.Err == nil || !strings.Contains(tr.Err.Error(), "t.scn:12:") || !strings.Contains(tr.Err.Error(), "A chooses yes") {
		t.Errorf("strict: %v", tr.Err)
	}
}

func TestRejections(t *testing.T) {
	base := "scenario \"r\"\ncard Bears: {1}{G} Creature — Bear 2/2\nsetup\n  B battlefield: Bears\nsteps\n"
	tests := []struct {
		step string
		ok   bool
		msg  string
	}{
		{"A sacrifices Bears => rejected", true, ""},
		{"A sacrifices Bears => rejected 701.21a", true, ""},
		{"A sacrifices Bears => rejected 701.26a", false, "not by 701.26a"},
		{"B sacrifices Bears => rejected", false, "expected the engine to reject"},
		{"A sacrifices Bears", false, "Bob controls it"},
		{"tap Bears#2", false, "doesn't exist"},
	}
	for _, tt := range tests {
		sc := mustParse(t, base+"  "+tt.step+"\nexpect\n  A life = 20\n")
		tr := Run(sc, engine.Latest(), true)
		if tt.ok != (tr.Err == nil) || (tr.Err != nil && !strings.Contains(tr.Err.Error(), tt.msg)) {
			t.Errorf("%s: %v", tt.step, tr.Err)
		}
		if tr.Err != nil && !strings.Contains(tr.Err.Error(), "t.scn:6:") {
			t.Errorf("%s: error should name line 6: %v", tt.step, tr.Err)
		}
	}
}

// TestAttackFromSetUpCombat: a setup that starts in the beginning of
// combat step has had no step begin; declaring attackers there panicked.
func TestAttackFromSetUpCombat(t *testing.T) {
	sc := mustParse(t, "scenario \"c\"\ncard Bears: {1}{G} Creature — Bear 2/2\nsetup\n  A battlefield: Bears\n  turn A beginning of combat\nsteps\n  A attacks with Bears\nexpect\n  Bears attacking\n")
	if tr := Run(sc, engine.Latest(), true); !tr.Passed() {
		t.Errorf("attack from a set-up beginning of combat: %v %v", tr.Err, tr.Failures())
	}
}

// TestBlockRequirementsBounded: checking "blocks each combat if able"
// tries every declaration of blocks, (attackers+1)^blockers of them; with
// ten of each, unbounded, that is 2.6e10 and the run would never end.
func TestBlockRequirementsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("scenario \"many blockers\"\ncard Watchdog: {3} Artifact Creature — Wall 1/2\ntext: This creature blocks each combat if able.\n")
	var atk, blk []string
	for i := range 10 {
		fmt.Fprintf(&b, "card Attacker%d: {1}{G} Creature — Bear 2/2\ncard Blocker%d: {1}{G} Creature — Bear 2/2\n", i, i)
		atk = append(atk, fmt.Sprintf("Attacker%d", i))
		blk = append(blk, fmt.Sprintf("Blocker%d", i))
	}
	fmt.Fprintf(&b, "setup\n  A battlefield: %s\n  B battlefield: Watchdog, %s\n  turn A beginning of combat\nsteps\n  A attacks with %s\n  B blocks Attacker0 with Watchdog\nexpect\n  Watchdog blocking\n",
		strings.Join(atk, ", "), strings.Join(blk, ", "), strings.Join(atk, ", "))
	sc := mustParse(t, b.String())
	if tr := Run(sc, engine.Latest(), true); !tr.Passed() {
		t.Errorf("ten blockers against ten attackers: %v %v", tr.Err, tr.Failures())
	}
}

// TestFailuresAreReported changes the expected values of bundled scenarios
// and checks that the runs fail: a scenario that can't fail proves nothing.
func TestFailuresAreReported(t *testing.T) {
	swaps := []struct{ from, to string }{
		{"colors = white\n", "colors = blue\n"},
		{"mana value = 5", "mana value = 4"},
		{"mana value = 3", "mana value = 2"},
		{"mana value = 6", "mana value = 3"},
		{"land types = Forest", "land types = Dryad"},
		{"B lost", "B not lost"},
		{"Wasp gone", "Wasp in graveyard"},
		{"A life = 17", "A life = 20"},
		{"A life = 20", "A life = 17"},
		{"\n  fired 704.5c", "\n  not fired 704.5c"},
		{"B graveyard count Isamaru = 1", "B graveyard count Isamaru = 0"},
		{"Grizzly Bears in B's graveyard", "Grizzly Bears in A's graveyard"},
		{"Merfolk Wizard => rejected 205.3e", "Merfolk Wizard"},
	}
	swapped := 0
	for _, sc := range bundled(t) {
		for _, sw := range swaps {
			if !strings.Contains(sc.Text, sw.from) {
				continue
			}
			bad, err := Parse(sc.Name, strings.Replace(sc.Text, sw.from, sw.to, 1))
			if err != nil {
				t.Fatalf("%s with %q: %v", sc.Name, sw.to, err)
			}
			// The changed line may be in an expect block for some
			// editions only: it must fail under at least one.
			failed := false
			for _, ed := range engine.Editions() {
				if bad.Applies(ed.Effective) && !Run(bad, ed, true).Passed() {
					failed = true
				}
			}
			swapped++
			if !failed {
				t.Errorf("%s with %q still passes under every edition", sc.Name, strings.TrimSpace(sw.to))
			}
		}
	}
	if swapped < len(swaps) {
		t.Errorf("only %d of %d swaps applied to a bundled scenario", swapped, len(swaps))
	}
}

func TestNotApplicable(t *testing.T) {
	sc := mustParse(t, "scenario \"new\"\nedition from 2013-07-11\nexpect\n  A life = 20\n")
	old, _ := engine.EditionByID("2007-02-01")
	if tr := Run(sc, old, true); !errors.Is(tr.Err, ErrNotApplicable) {
		t.Errorf("run outside the edition range: %v", tr.Err)
	}
	sc = mustParse(t, "scenario \"only new expectations\"\nexpect from 2013-07-11\n  A life = 20\n")
	if tr := Run(sc, old, true); tr.Err == nil || tr.Passed() {
		t.Error("a run with no expectation for its edition must not pass")
	}
}

func TestEditionCheckedCards(t *testing.T) {
	sc := mustParse(t, "scenario \"p\"\ncard Relic: {1}{W/P}{W/P} Artifact\nexpect\n  Relic mana value = 3\n")
	old, _ := engine.EditionByID("2007-02-01")
	tr := Run(sc, old, true)
	if tr.Err == nil || !strings.Contains(tr.Err.Error(), "t.scn:2:") || !strings.Contains(tr.Err.Error(), "Phyrexian") {
		t.Errorf("Phyrexian mana under 2007 rules: %v", tr.Err)
	}
	if tr := Run(sc, engine.Latest(), true); !tr.Passed() {
		t.Error(tr.Failures())
	}
	sc = mustParse(t, "scenario \"t\"\ncard Truck: {2} Artifact Creature — Truck 2/2\nexpect\n  Truck mana value = 2\n")
	if tr := Run(sc, engine.Latest(), true); tr.Err == nil || !strings.Contains(tr.Err.Error(), "t.scn:2:") || !strings.Contains(tr.Err.Error(), `"Truck" is not a creature or artifact type`) {
		t.Errorf("Truck: %v", tr.Err)
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ a, b string }{
		{`Dryad Arbor’s type line says “Land Creature — Forest Dryad.”`, `Dryad Arbor's type line says "Land Creature -- Forest Dryad."`},
		{`Dryad Arbor's type line says "Land Creature  --  Forest Dryad."`, `Dryad Arbor's type line says "Land Creature — Forest Dryad."`},
		{`"Basic Land – Mountain" means`, `"Basic Land - Mountain" means`},
		{"Example: A mana cost of {3}{U}{U}\n translates", "A mana cost of {3}{U}{U} translates"},
	}
	for _, tt := range tests {
		if Normalize(tt.a) != Normalize(tt.b) {
			t.Errorf("%q and %q should match: %q vs %q", tt.a, tt.b, Normalize(tt.a), Normalize(tt.b))
		}
	}
	differ := []struct{ a, b string }{
		{"put into play", "put onto the battlefield"},   // wording changed: a different example
		{"converted mana cost of 5", "mana value of 5"}, // ditto
		{"Merfolk", "merfolk"},                          // case is kept
		{"{2}{W}", "{2}{w}"},                            // symbols are kept as printed
		{"-1/-1 counter", "— 1/—1 counter"},             // hyphens are not dashes
	}
	for _, tt := range differ {
		if Normalize(tt.a) == Normalize(tt.b) {
			t.Errorf("%q and %q should differ", tt.a, tt.b)
		}
	}
}

// TestAnswerChoice is the sandbox's loop: run, see the pending choice, insert
// the chosen step, run again.
func TestAnswerChoice(t *testing.T) {
	text := "scenario \"c\"\ncard Isamaru: {W} Legendary Creature — Dog 2/2\nsetup\n  A battlefield: Isamaru\n  A hand: Isamaru\nsteps\n  A puts Isamaru#2 onto the battlefield\nexpect\n  Isamaru#2 in A's graveyard\n"
	tr := Run(mustParse(t, text), engine.Latest(), false)
	steps := tr.ChoiceSteps()
	if tr.Pending == nil || len(steps) != 2 || steps[0] != "A chooses Isamaru#1" || tr.LastLine() != 7 {
		t.Fatalf("pending %+v, steps %q, line %d", tr.Pending, steps, tr.LastLine())
	}
	again := InsertStep(text, tr.LastLine(), steps[0])
	if !strings.Contains(again, "battlefield\n  A chooses Isamaru#1\nexpect") {
		t.Fatalf("inserted:\n%s", again)
	}
	if tr := Run(mustParse(t, again), engine.Latest(), true); !tr.Passed() {
		t.Error(tr.Failures())
	}
}

// TestVocabulary runs one scenario using every step and expectation form.
func TestVocabulary(t *testing.T) {
	sc := mustParse(t, `scenario "everything" rules 704.5a, 122.1 and 120.3e
players Ann Bob
life 10
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card "Bolas, the Rock": {B}{R} Legendary Artifact
card Forest: Basic Land — Forest
card Rats: {B} Creature — Rat 1/1, deathtouch, lifelink
card Wasp: Artifact Creature — Insect 1/1, flying
card Vault: Land
setup
  Ann battlefield: Grizzly Bears (tapped, 1 damage, 1 +1/+1 counter), 2 x Forest, Vault (3 storage counters)
  Ann library: Forest, Rats
  Ann hand: "Bolas, the Rock"
  Bob battlefield: Rats (owned by Ann)
  Bob life 7
  Ann mana {G}
  Ann counters energy 2
  active Bob
steps
  Ann draws a card
  Ann draws
  untap Grizzly Bears
  Ann taps Forest#1
  put 2 +1/+1 counters on Grizzly Bears
  remove a storage counter from Vault
  Ann puts "Bolas, the Rock" onto the battlefield
  Ann creates 2 Wasp tokens
  move Wasp#2 to exile
  Rats#1 deals 1 damage to Wasp#1
  Ann gains 2 life
  Bob loses 1 life
  Ann adds {R}{2}
  end step
  Ann gets a poison counter
  check
  Ann sacrifices Forest#2 and Vault
  3 damage to Bob
  end turn
expect
  Ann life = 13
  Bob life = 3
  Ann poison = 1
  Ann counters energy = 2
  Bob not lost
  Ann mana pool empty
  Ann hand count = 2
  Ann hand count Rats = 1
  Ann library count = 0
  Ann graveyard count = 2
  battlefield count = 4
  exile count = 0
  Grizzly Bears pt = 5/5
  Grizzly Bears power = 5
  Grizzly Bears toughness = 5
  Grizzly Bears counters +1/+1 = 3
  Grizzly Bears untapped
  Grizzly Bears damage = 0
  Grizzly Bears colors = green
  Grizzly Bears creature types = Bear
  Forest#1 untapped
  Forest#1 supertypes = basic
  Forest#1 subtypes = Forest
  "Bolas, the Rock" colors = black and red
  "Bolas, the Rock" mana value = 2
  "Bolas, the Rock" types = artifact
  "Bolas, the Rock" supertypes = legendary
  "Bolas, the Rock" subtypes = none
  "Bolas, the Rock" in battlefield
  Vault in Ann's graveyard
  Rats#2 controller = Bob
  Rats#2 owner = Ann
  Wasp gone
  moved Wasp#1 to graveyard
  moved Wasp#2 to exile
  Wasp colors = colorless
  fired 120.3e
  fired 704.5d
  fired 701.21a
  not fired 704.5a
  no pending choice
`)
	tr := Run(sc, engine.Latest(), true)
	if !tr.Passed() {
		t.Fatal(strings.Join(tr.Failures(), "\n"))
	}
	if len(tr.Expects) != 41 {
		t.Errorf("%d expectations checked", len(tr.Expects))
	}
}
