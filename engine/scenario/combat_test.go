package scenario

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine"
)

// runText runs a scenario's text strictly under the named edition
// ("" for the newest) and reports what failed.
func runText(t *testing.T, edition, text string) *Trace {
	t.Helper()
	ed := engine.Latest()
	if edition != "" {
		var err error
		if ed, err = engine.EditionByID(edition); err != nil {
			t.Fatal(err)
		}
	}
	return Run(mustParse(t, text), ed, true)
}

// TestBlockerDividesDamage: a creature blocking two attackers divides its
// combat damage among them (510.1d; 310.2d in 2007); it dealt its full
// power to each.
func TestBlockerDividesDamage(t *testing.T) {
	const head = `scenario "two blocked"
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Hill Giant: {3}{R} Creature — Giant 3/3
card Guard (invented): {3}{W} Creature — Human Soldier 3/6
text: This creature can block an additional creature each combat.
setup
  A battlefield: Grizzly Bears, Hill Giant
  B battlefield: Guard
  turn A beginning of combat
steps
  A attacks with Grizzly Bears, Hill Giant
  B blocks Grizzly Bears with Guard; Hill Giant with Guard
`
	tests := []struct{ name, edition, steps, expect string }{
		{"unscripted: lethal damage in order, the rest to the last", "", "  next step\n",
			"  Grizzly Bears in A's graveyard\n  Hill Giant damage = 1\n"},
		{"chosen", "", "  B assigns Guard's damage: 3 to Hill Giant\n  next step\n",
			"  Grizzly Bears damage = 0\n  Hill Giant in A's graveyard\n"},
		{"chosen, 2007", "2007-02-01", "  B assigns Guard's damage: 3 to Hill Giant\n  next step\n  resolve\n",
			"  Grizzly Bears damage = 0\n  Hill Giant in A's graveyard\n"},
		{"the damage assignment order of M10", "2010-04-23", "  B assigns Guard's damage: 3 to Hill Giant => rejected\n  next step\n",
			"  Grizzly Bears in A's graveyard\n  Hill Giant damage = 1\n"},
		{"not to a creature it doesn't block", "", "  B assigns Guard's damage: 3 to A => rejected 510.1d\n  next step\n",
			"  Guard damage = 5\n"},
	}
	for _, tt := range tests {
		tr := runText(t, tt.edition, head+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestStepsGetPriority: moving on through several steps gives each its
// turn-based actions, state-based actions and triggered abilities before
// the next (704.3, 117.5, 510.4). The damage steps ran one after another
// in one go, so a blocker destroyed by first-strike damage still dealt
// regular damage, and what triggered in the first step didn't stop the move.
func TestStepsGetPriority(t *testing.T) {
	const head = `scenario "steps"
card White Knight (invented): {W}{W} Creature — Human Knight 2/2, first strike
text: Whenever this creature deals combat damage to a player, you gain 1 life.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Soul Net (invented): {1} Artifact
text: Whenever a creature dies, you gain 1 life.
setup
  A battlefield: White Knight
  turn A beginning of combat
`
	blocked := "  B battlefield: Grizzly Bears\nsteps\n  A attacks with White Knight\n  B blocks White Knight with Grizzly Bears\n"
	survives := "  Grizzly Bears in B's graveyard\n  White Knight on the battlefield\n  White Knight damage = 0\n"
	tests := []struct{ name, setup, steps, expect string }{
		{"go to end of combat", blocked, "  go to end of combat\n", survives + "  step = end of combat step\n"},
		{"end phase", blocked, "  end phase\n", survives + "  step = postcombat main phase\n"},
		{"end turn", blocked, "  end turn\n", survives + "  turn = 2\n"},
		{"go to the next turn", blocked, "  go to B's upkeep\n", survives + "  active = B\n"},
		{"a trigger in the first damage step stops the move there",
			"steps\n  A attacks with White Knight\n  B blocks nothing\n", "  go to end of combat\n",
			"  step = first-strike combat damage step\n  stack count = 1\n  B life = 18\n  A life = 20\n"},
		{"a creature destroyed on the way triggers there",
			"  A battlefield: Soul Net\n" + blocked, "  go to end of combat\n",
			"  step = first-strike combat damage step\n  stack count = 1\n  Grizzly Bears in B's graveyard\n"},
	}
	for _, tt := range tests {
		tr := runText(t, "", head+tt.setup+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestDamageOnStack: before M10 (2009), combat damage went on the stack as
// one object and was dealt as it resolved (310.1, 310.4 in 2007); the
// engine dealt it at once in every edition.
func TestDamageOnStack(t *testing.T) {
	const head = `scenario "stack"
card White Knight (invented): {W}{W} Creature — Human Knight 2/2, first strike
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Giant Growth: {G} Instant
text: Target creature gets +3/+3 until end of turn.
setup
  A battlefield: White Knight, Grizzly Bears
  B battlefield: Grizzly Bears
  A hand: Giant Growth
  A mana {G}
  turn A beginning of combat
steps
`
	tests := []struct{ name, edition, steps, expect string }{
		{"next step stops with the damage on the stack", "2007-02-01",
			"  A attacks with Grizzly Bears#1\n  B blocks Grizzly Bears#1 with Grizzly Bears#2\n  next step\n",
			"  stack count = 1\n  Grizzly Bears#2 damage = 0\n  step = combat damage step\n"},
		{"a pump after assignment doesn't change the damage", "2007-02-01",
			"  A attacks with Grizzly Bears#1\n  B blocks Grizzly Bears#1 with Grizzly Bears#2\n  next step\n  A casts Giant Growth targeting Grizzly Bears#1\n  resolve\n  resolve\n",
			"  Grizzly Bears#1 damage = 2\n  Grizzly Bears#1 on the battlefield\n  Grizzly Bears#2 in B's graveyard\n"},
		{"the same pump today comes too late", "2026-01-16",
			"  A attacks with Grizzly Bears#1\n  B blocks Grizzly Bears#1 with Grizzly Bears#2\n  next step\n  A casts Giant Growth targeting Grizzly Bears#1 => rejected\n",
			"  Grizzly Bears#1 in A's graveyard\n  Grizzly Bears#2 in B's graveyard\n"},
		{"go to end of combat resolves each step's damage", "2007-02-01",
			"  A attacks with White Knight\n  B blocks White Knight with Grizzly Bears#2\n  go to end of combat\n",
			"  Grizzly Bears#2 in B's graveyard\n  White Knight damage = 0\n  step = end of combat step\n  stack count = 0\n"},
		{"first strike: the first step's damage on the stack", "2007-02-01",
			"  A attacks with White Knight\n  B blocks White Knight with Grizzly Bears#2\n  next step\n",
			"  step = first-strike combat damage step\n  stack count = 1\n"},
	}
	for _, tt := range tests {
		tr := runText(t, tt.edition, head+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s (%s): %v %s", tt.name, tt.edition, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}

// TestDamageAssignmentOrder: from M10 to Foundations the active player
// announces a blocked creature's damage assignment order as blockers are
// declared (509.2), and only then; a player's assignments for several
// attackers are checked as a whole (510.1e). Today's rules have no order.
func TestDamageAssignmentOrder(t *testing.T) {
	const head = `scenario "ordered"
numbering 2024-08-02
card Vastwood Gorger: {5}{G} Creature — Wurm 5/6
card Hill Giant (invented): {3}{R} Creature — Giant 3/3
text: This creature can block an additional creature each combat.
card Grizzly Bears: {1}{G} Creature — Bear 2/2
setup
  A battlefield: Vastwood Gorger, Grizzly Bears
  B battlefield: Hill Giant, Grizzly Bears
  turn A beginning of combat
steps
  A attacks with Vastwood Gorger, Grizzly Bears#1
  B blocks Vastwood Gorger with Grizzly Bears#2, Hill Giant; Grizzly Bears#1 with Hill Giant
`
	tests := []struct{ name, edition, steps, expect string }{
		{"unannounced: the order declared", "2024-08-02", "  A assigns Vastwood Gorger's damage: 4 to Hill Giant, 1 to Grizzly Bears#2 => rejected 510.1c\n  go to end of combat\n",
			"  Grizzly Bears#2 in B's graveyard\n  Hill Giant in B's graveyard\n"},
		{"announced", "2024-08-02", "  A announces Vastwood Gorger's damage assignment order: Hill Giant, Grizzly Bears#2\n  A assigns Vastwood Gorger's damage: 3 to Hill Giant, 2 to Grizzly Bears#2\n  go to end of combat\n",
			"  Grizzly Bears#2 in B's graveyard\n  Hill Giant in B's graveyard\n"},
		{"too late", "2024-08-02", "  A passes\n  A announces Vastwood Gorger's damage assignment order: Hill Giant, Grizzly Bears#2 => rejected 509.2\n",
			"  step = declare blockers step\n"},
		{"not under today's rules", "", "  A announces Vastwood Gorger's damage assignment order: Hill Giant, Grizzly Bears#2 => rejected\n",
			"  step = declare blockers step\n"},
		{"counting the other attacker's damage, announced together", "2024-08-02",
			"  A announces Vastwood Gorger's damage assignment order: Hill Giant, Grizzly Bears#2\n" +
				"  A assigns Vastwood Gorger's damage: 1 to Hill Giant, 4 to Grizzly Bears#2 => rejected 510.1c\n" +
				"  A assigns Grizzly Bears#1's damage: 2 to Hill Giant; Vastwood Gorger's damage: 1 to Hill Giant, 4 to Grizzly Bears#2\n  go to end of combat\n",
			"  Hill Giant in B's graveyard\n  Grizzly Bears#2 in B's graveyard\n"},
	}
	for _, tt := range tests {
		tr := runText(t, tt.edition, head+tt.steps+"expect\n"+tt.expect)
		if !tr.Passed() {
			t.Errorf("%s: %v %s", tt.name, tr.Err, strings.Join(tr.Failures(), "; "))
		}
	}
}
