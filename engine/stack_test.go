package engine

import (
	"errors"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

func (g *game) rejects(a Action, k registry.Key) {
	g.t.Helper()
	err := g.fails(a)
	var re *RuleError
	if !errors.As(err, &re) || re.Key != k {
		g.t.Errorf("%T: got %v, want a refusal citing %s", a, err, k)
	}
}

func (g *game) bolt() *cardtext.Card {
	return g.textCard("Lightning Bolt", "{R}", "Instant", nil, "Lightning Bolt deals 3 damage to any target.")
}

// TestStackRules checks the rules of casting, priority, the stack and
// resolving, one rule each.
func TestStackRules(t *testing.T) {
	t.Run("117.1a: a sorcery only in its controller's main phase, with an empty stack", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Divination", "{2}{U}", "Sorcery", nil, "Draw two cards."), 1, cardtext.Hand)
		g.do(AddMana{Player: 1, Mana: cardtext.Mana{U: 1, C: 2}})
		g.do(PassPriority{Player: 0})
		g.rejects(CastSpell{Player: 1, Card: g.id("Divination#1")}, registry.Timing)
	})
	t.Run("117.3c, 117.4: the caster gets priority; all passing resolves the top", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.bolt(), 0, cardtext.Hand)
		g.put(g.bolt(), 1, cardtext.Hand)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{R: 1}})
		g.do(AddMana{Player: 1, Mana: cardtext.Mana{R: 1}})
		g.do(CastSpell{Player: 0, Card: g.id("Lightning Bolt#1"), Targets: []Target{PlayerTarget(1)}})
		if g.s.Priority != 0 {
			t.Fatal("the caster should have priority")
		}
		g.rejects(CastSpell{Player: 1, Card: g.id("Lightning Bolt#2"), Targets: []Target{PlayerTarget(0)}}, registry.Timing)
		g.do(PassPriority{Player: 0})
		g.do(CastSpell{Player: 1, Card: g.id("Lightning Bolt#2"), Targets: []Target{PlayerTarget(0)}})
		g.do(PassPriority{Player: 1})
		g.do(PassPriority{Player: 0})
		// 405.5: last in, first out.
		if g.s.Players[0].Life != 17 || g.s.Players[1].Life != 20 || len(g.s.Stack()) != 1 || g.s.Priority != 0 {
			t.Errorf("after the first resolution: lives %d %d, stack %d", g.s.Players[0].Life, g.s.Players[1].Life, len(g.s.Stack()))
		}
		g.do(ResolveTop{})
		if g.s.Players[1].Life != 17 || g.s.StackTop() != nil {
			t.Error("the second Bolt didn't resolve")
		}
	})
	t.Run("500.2: all passing with an empty stack ends the step", func(t *testing.T) {
		g := newGame(t, "latest")
		g.do(PassPriority{Player: 0})
		g.do(PassPriority{Player: 1})
		if g.s.Step != cardtext.StepBeginCombat {
			t.Errorf("step %s", g.s.Step)
		}
	})
	t.Run("115.3, 702.16b, 702.18: target choices", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Double Tap", "{0}", "Instant", nil, "Tap two target creatures."), 0, cardtext.Hand)
		g.put(g.bolt(), 0, cardtext.Hand)
		g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 1, cardtext.Battlefield)
		knight := g.card("Black Knight", "{B}{B}", "Creature — Human Knight", 2, 2)
		knight.Abilities, _ = cardtext.ParseAbilities("Black Knight", "protection from red", false, g.ed.Types)
		g.put(knight, 1, cardtext.Battlefield)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{R: 1}})
		bears := ObjectTarget(g.id("Grizzly Bears#1"))
		g.rejects(CastSpell{Player: 0, Card: g.id("Double Tap#1"), Targets: []Target{bears, bears}}, registry.CastTargetOnce)
		g.rejects(CastSpell{Player: 0, Card: g.id("Lightning Bolt#1"), Targets: []Target{ObjectTarget(g.id("Black Knight#1"))}}, registry.ProtectTarget)
	})
	t.Run("608.2b: a spell whose only target is gone doesn't resolve", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.bolt(), 0, cardtext.Hand)
		g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 1, cardtext.Battlefield)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{R: 1}})
		g.do(CastSpell{Player: 0, Card: g.id("Lightning Bolt#1"), Targets: []Target{ObjectTarget(g.id("Grizzly Bears#1"))}})
		g.do(Move{Object: g.id("Grizzly Bears#1"), To: cardtext.Hand})
		g.do(ResolveTop{})
		if !g.fired(registry.IllegalTargets) || g.s.ByLabel("Lightning Bolt#1").Zone != cardtext.Graveyard {
			t.Error("the Bolt should fizzle into the graveyard")
		}
	})
	t.Run("701.6a: a countered spell goes to the graveyard; costs stay paid", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Fling", "{1}{R}", "Instant", nil, "As an additional cost to cast this spell, sacrifice a creature.",
			"Fling deals damage equal to the sacrificed creature's power to any target."), 0, cardtext.Hand)
		g.put(g.textCard("Counterspell", "{U}{U}", "Instant", nil, "Counter target spell."), 1, cardtext.Hand)
		g.put(g.card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), 0, cardtext.Battlefield)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{R: 1, C: 1}})
		g.do(AddMana{Player: 1, Mana: cardtext.Mana{U: 2}})
		g.do(CastSpell{Player: 0, Card: g.id("Fling#1"), Sac: []cardtext.ObjectID{g.id("Hill Giant#1")}, Targets: []Target{PlayerTarget(1)}})
		g.do(PassPriority{Player: 0})
		g.do(CastSpell{Player: 1, Card: g.id("Counterspell#1"), Targets: []Target{ObjectTarget(g.id("Fling#1"))}})
		g.do(ResolveTop{})
		if g.s.ByLabel("Fling#1").Zone != cardtext.Graveyard || g.s.ByLabel("Hill Giant#1").Zone != cardtext.Graveyard || g.s.Players[1].Life != 20 {
			t.Error("countered: Fling and the sacrificed Giant in graveyards, no damage")
		}
	})
	t.Run("601.2f: cost reductions come off the generic part, locked in before paying", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Familiar", "{1}{R}", "Creature — Kavu", pt(1, 1), "Your black spells cost {1} less to cast."), 0, cardtext.Battlefield)
		g.put(g.textCard("Altar's Reap", "{1}{B}", "Instant", nil, "As an additional cost to cast this spell, sacrifice a creature.", "Draw two cards."), 0, cardtext.Hand)
		g.put(g.card("Island", "", "Basic Land — Island"), 0, cardtext.Library)
		g.put(g.card("Island", "", "Basic Land — Island"), 0, cardtext.Library)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{B: 1}})
		g.do(CastSpell{Player: 0, Card: g.id("Altar's Reap#1"), Sac: []cardtext.ObjectID{g.id("Familiar#1")}})
		if g.s.Players[0].Pool.Total() != 0 || !g.fired(registry.TotalCost) {
			t.Error("{B} should have paid it")
		}
	})
	t.Run("107.3: X is chosen as the spell is cast; its mana value counts it on the stack", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Blaze", "{X}{R}", "Sorcery", nil, "Blaze deals X damage to any target."), 0, cardtext.Hand)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{R: 1, C: 4}})
		g.do(CastSpell{Player: 0, Card: g.id("Blaze#1"), X: 4, Targets: []Target{PlayerTarget(1)}})
		if mv := manaValue(g.s.StackTop().Card.Cost, g.s.StackTop().Stack.X, nil); mv != 5 {
			t.Errorf("mana value on the stack %d", mv)
		}
		g.do(ResolveTop{})
		if g.s.Players[1].Life != 16 {
			t.Errorf("life %d", g.s.Players[1].Life)
		}
	})
	t.Run("605.3b: a mana ability doesn't use the stack", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.card("Forest", "", "Basic Land — Forest"), 0, cardtext.Battlefield)
		ch := g.chars("Forest#1")
		if len(ch.Abilities) != 1 || !ch.Abilities[0].Mana {
			t.Fatal("a Forest has a mana ability (305.6)")
		}
		g.do(Activate{Player: 0, Object: g.id("Forest#1"), Ability: 0})
		if g.s.StackTop() != nil || g.s.Players[0].Pool.G != 1 {
			t.Error("the mana should be in the pool at once")
		}
	})
	t.Run("603.3b: APNAP: the active player's triggers go on the stack first", func(t *testing.T) {
		g := newGame(t, "latest")
		net := "Whenever a creature dies, you gain 1 life."
		g.put(g.textCard("Soul Net", "{1}", "Artifact", nil, net), 0, cardtext.Battlefield)
		g.put(g.textCard("Soul Net", "{1}", "Artifact", nil, net), 1, cardtext.Battlefield)
		g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		g.do(Destroy{Object: g.id("Grizzly Bears#1")})
		st := g.s.Stack()
		if len(st) != 2 || st[0].Controller != 0 || st[1].Controller != 1 {
			t.Fatalf("stack %v", st)
		}
		g.do(ResolveTop{})
		if g.s.Players[1].Life != 21 || g.s.Players[0].Life != 20 {
			t.Error("the nonactive player's trigger resolves first")
		}
	})
	t.Run("603.4: an intervening if that's false doesn't trigger", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Felidar Sovereign", "{4}{W}{W}", "Creature — Cat Beast", pt(4, 6),
			"At the beginning of your upkeep, if you have 40 or more life, you win the game."), 0, cardtext.Battlefield)
		g.put(g.card("Island", "", "Basic Land — Island"), 1, cardtext.Library)
		g.put(g.card("Island", "", "Basic Land — Island"), 0, cardtext.Library)
		g.do(GoTo{Step: cardtext.StepUpkeep, Player: 0})
		if g.fired(registry.Trigger) || g.s.StackTop() != nil {
			t.Error("it shouldn't trigger at 20 life")
		}
	})
	t.Run("113.7a: an ability resolves after its source has gone, using what it last was", func(t *testing.T) {
		for _, tt := range []struct {
			edition string
			lock    bool
		}{{"latest", false}, {"2003-03-15", false}} {
			g := newGame(t, tt.edition)
			g.put(g.textCard("Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard", pt(1, 1),
				"{T}: Prodigal Sorcerer deals 1 damage to any target."), 0, cardtext.Battlefield)
			g.do(Activate{Player: 0, Object: g.id("Prodigal Sorcerer#1"), Ability: 0, Targets: []Target{PlayerTarget(1)}})
			g.do(Destroy{Object: g.id("Prodigal Sorcerer#1")})
			g.do(ResolveTop{})
			if g.s.Players[1].Life != 19 || !g.fired(registry.LKI) || g.ed.LockSource != tt.lock {
				t.Errorf("%s: life %d", tt.edition, g.s.Players[1].Life)
			}
		}
	})
	t.Run("choices pause an action and replay it with the answer", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Innocent Blood", "{B}", "Sorcery", nil, "Each player sacrifices a creature."), 0, cardtext.Hand)
		g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		g.put(g.card("Hill Giant", "{3}{R}", "Creature — Giant", 3, 3), 0, cardtext.Battlefield)
		g.castAndResolve("Innocent Blood#1")
		if g.s.Pending == nil || g.s.Pending.Player != 0 {
			t.Fatal("A chooses what to sacrifice")
		}
		before := g.s
		g.do(Choose{Player: 0, Object: g.id("Hill Giant#1")})
		if g.s.ByLabel("Hill Giant#1").Zone != cardtext.Graveyard || g.s.ByLabel("Grizzly Bears#1").Zone != cardtext.Battlefield {
			t.Error("the Giant should be sacrificed")
		}
		if before.Pending == nil || before.ByLabel("Hill Giant#1").Zone != cardtext.Battlefield {
			t.Error("the state before the choice changed")
		}
	})
	t.Run("707.10: a copy of a spell keeps its choices (X, targets), not the mana spent; an exception sets its color", func(t *testing.T) {
		g := newGame(t, "latest")
		g.put(g.textCard("Blaze", "{X}{R}", "Sorcery", nil, "Blaze deals X damage to any target."), 0, cardtext.Hand)
		g.put(g.textCard("Fork", "{R}{R}", "Instant", nil,
			"Copy target instant or sorcery spell, except that the copy is blue. You may choose new targets for the copy."), 0, cardtext.Hand)
		g.do(AddMana{Player: 0, Mana: cardtext.Mana{R: 4, C: 2}})
		g.do(CastSpell{Player: 0, Card: g.id("Blaze#1"), X: 2, Targets: []Target{PlayerTarget(1)}})
		g.do(CastSpell{Player: 0, Card: g.id("Fork#1"), Targets: []Target{ObjectTarget(g.id("Blaze#1"))}})
		g.do(PassPriority{Player: 0})
		g.do(PassPriority{Player: 1})
		if g.s.Pending == nil || g.s.Pending.Key != registry.CopySpell {
			t.Fatal("Fork should ask whether to choose new targets")
		}
		g.do(Choose{Player: 0, Word: "yes"})
		a := PlayerID(0)
		g.do(Choose{Player: 0, Target: &a})
		cp := g.s.ByLabel("Blaze#2")
		if cp == nil || cp.Zone != cardtext.Stack || cp.Stack == nil || !cp.Stack.Copy {
			t.Fatal("no copy of Blaze on the stack")
		}
		if c := g.chars("Blaze#2"); c.Colors != cardtext.Blue {
			t.Errorf("the copy's colors are %v, want blue (the exception)", c.Colors)
		}
		if cp.Cast == nil || cp.Cast.X != 2 || cp.Stack.Spent != (cardtext.Mana{}) {
			t.Errorf("the copy should have X = 2 and no mana spent: %+v, spent %+v", cp.Cast, cp.Stack.Spent)
		}
		g.do(ResolveTop{})
		g.do(ResolveTop{})
		if g.s.Players[0].Life != 18 || g.s.Players[1].Life != 18 {
			t.Errorf("lives %d %d, want 18 18: the copy hits A (a new target), the original B", g.s.Players[0].Life, g.s.Players[1].Life)
		}
		if g.s.ByLabel("Blaze#2") != nil {
			t.Error("a resolved copy should cease to exist (707.10a)")
		}
	})
}
