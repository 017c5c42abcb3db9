package engine

import (
	"errors"
	"slices"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// newTable is a game of n players, A, B, C, … seated in that order.
func newTable(t *testing.T, n int) *game {
	g := newGame(t, "2026-01-16")
	names := []string{"A", "B", "C", "D", "E", "F"}[:n]
	g.s = NewState(20, names...)
	return g
}

func TestOpponentsAndTeams(t *testing.T) {
	g := newTable(t, 4)
	if !g.s.Opponents(0, 2) || g.s.Opponents(1, 1) {
		t.Fatal("without teams every other player is an opponent (102.2)")
	}
	g.s = g.s.EditPlayer(2, func(p *Player) { p.Team = 0 })
	if g.s.Opponents(0, 2) || !g.s.Teammates(0, 2) || !g.s.Opponents(0, 1) {
		t.Error("teammates aren't opponents (102.3)")
	}
	if got := g.s.TeamOf(2); !slices.Equal(got, []PlayerID{0, 2}) {
		t.Errorf("TeamOf(C) = %v", got)
	}
	if g.s.LeftOf(3) != 0 || g.s.RightOf(0) != 3 {
		t.Error("seats wrap around the table")
	}
}

func TestLeavingTheGame(t *testing.T) {
	tests := []struct {
		name    string
		players int
		loser   PlayerID
		// over: the game ended; won: who won it
		over bool
		won  []PlayerID
		// objects: what is left of A's and B's bears, by owner
		gone, exiled bool
	}{
		{name: "two players: the game ends", players: 2, loser: 0, over: true, won: []PlayerID{1}},
		{name: "three players: the game goes on", players: 3, loser: 0, gone: true, exiled: true},
	}
	for _, tt := range tests {
		g := newTable(t, tt.players)
		bear := g.card("Runeclaw Bear", "{1}{G}", "Creature — Bear", 2, 2)
		mine := g.put(bear, 0, cardtext.Battlefield)
		borrowed := g.put(bear, 1, cardtext.Battlefield)
		g.s = g.s.Edit(borrowed, func(o *Object) { o.Controller = 0 })
		g.do(Concede{Player: tt.loser})
		if !g.s.Players[0].Left || !g.s.Players[0].Lost {
			t.Errorf("%s: A conceded but is still in the game", tt.name)
		}
		if g.s.Over() != tt.over {
			t.Errorf("%s: over = %v", tt.name, g.s.Over())
		}
		var won []PlayerID
		for i, p := range g.s.Players {
			if p.Won {
				won = append(won, PlayerID(i))
			}
		}
		if !slices.Equal(won, tt.won) {
			t.Errorf("%s: won %v, want %v (104.2a)", tt.name, won, tt.won)
		}
		if got := g.s.Object(mine) == nil && g.s.ByLabel("Runeclaw Bear#1") == nil; got != tt.gone {
			t.Errorf("%s: A's own bear left the game: %v, want %v (800.4a)", tt.name, got, tt.gone)
		}
		b := g.s.ByLabel("Runeclaw Bear#2")
		if got := b != nil && b.Zone == cardtext.Exile; got != tt.exiled {
			t.Errorf("%s: B's bear A controlled exiled: %v, want %v (800.4a)", tt.name, got, tt.exiled)
		}
		if tt.over {
			if _, _, err := Apply(g.ed, g.s, GainLife{Player: 1, N: 1}); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: an action after the game ended: %v", tt.name, err)
			}
		}
	}
}

func TestLeavingDuringYourTurn(t *testing.T) {
	g := newTable(t, 3)
	island := g.card("Island", "", "Basic Land — Island")
	for p := range PlayerID(3) {
		for range 3 {
			g.put(island, p, cardtext.Library)
		}
	}
	g.do(Concede{Player: 0})
	if g.s.Priority != 1 {
		t.Errorf("priority is %d; the next player in turn order gets it (800.4a)", g.s.Priority)
	}
	g.do(GoTo{Step: cardtext.StepUpkeep, Player: -1})
	if g.s.Active != 1 || g.s.Priority != 1 {
		t.Errorf("after A's turn: active %d, priority %d; want B's turn (800.4j, 800.4k)", g.s.Active, g.s.Priority)
	}
	g.do(GoTo{Step: cardtext.StepUpkeep, Player: -1})
	g.do(GoTo{Step: cardtext.StepUpkeep, Player: -1})
	if g.s.Active != 1 {
		t.Errorf("A's turn came round again with A out of the game (800.4k): active %d", g.s.Active)
	}
}

func TestAttackSeveralPlayers(t *testing.T) {
	g := newTable(t, 3)
	bear := g.card("Runeclaw Bear", "{1}{G}", "Creature — Bear", 2, 2)
	a1, a2 := g.put(bear, 0, cardtext.Battlefield), g.put(bear, 0, cardtext.Battlefield)
	b1 := g.put(bear, 1, cardtext.Battlefield)
	c1 := g.put(bear, 2, cardtext.Battlefield)
	g.do(DeclareAttackers{Player: 0, Attackers: []cardtext.ObjectID{a1, a2}, At: []Target{PlayerTarget(1), PlayerTarget(2)}})
	var rerr *RuleError
	if err := g.fails(DeclareBlockers{Player: 1, Blocks: [][2]cardtext.ObjectID{{b1, a2}}}); !errors.As(err, &rerr) || rerr.Key != registry.BlockAttacked {
		t.Errorf("B blocking the bear attacking C: %v, want a refusal citing 802.4a", err)
	}
	if err := g.fails(DeclareBlockers{Player: 0}); err == nil {
		t.Error("the attacking player declared blockers")
	}
	g.do(DeclareBlockers{Player: 2, Blocks: [][2]cardtext.ObjectID{{c1, a2}}})
	if g.s.Step != cardtext.StepAttackers {
		t.Fatalf("step %s: B hasn't declared yet (802.4)", g.s.Step)
	}
	g.do(DeclareBlockers{Player: 1})
	if g.s.Step != cardtext.StepBlockers {
		t.Fatalf("step %s after both defending players declared", g.s.Step)
	}
	g.do(NextStep{})
	if g.s.Players[1].Life != 18 || g.s.Players[2].Life != 20 {
		t.Errorf("life B %d, C %d: the unblocked bear hits B alone", g.s.Players[1].Life, g.s.Players[2].Life)
	}
	if err := g.fails(DeclareAttackers{Player: 0, Attackers: []cardtext.ObjectID{a1}, At: []Target{PlayerTarget(0)}}); err == nil {
		t.Error("a player attacked themself")
	}
}
