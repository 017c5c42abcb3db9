package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// Steps lists the steps in turn order.
var Steps = []cardtext.Step{cardtext.StepUntap, cardtext.StepUpkeep, cardtext.StepDraw, cardtext.StepMain1, cardtext.StepBeginCombat, cardtext.StepAttackers, cardtext.StepBlockers, cardtext.StepFirstDamage,
	cardtext.StepDamage, cardtext.StepEndCombat, cardtext.StepMain2, cardtext.StepEnd, cardtext.StepCleanup}

// TurnLog is what has happened this turn that rules and abilities ask
// about.
type TurnLog struct {
	Spent []int // mana each player has spent to cast spells this turn (700.14)
	Cast  []int // spells each player has cast this turn
	// Attacked: the creatures that attacked this turn, as they were when
	// declared attackers.
	Attacked []Snapshot
	// Died: the permanents put into a graveyard from the battlefield this
	// turn (700.4), as they last existed there.
	Died  []Snapshot
	Lands []int // lands each player has played this turn (305.2)
}

func (l TurnLog) clone() TurnLog {
	return TurnLog{Spent: slices.Clone(l.Spent), Cast: slices.Clone(l.Cast), Attacked: slices.Clone(l.Attacked), Died: slices.Clone(l.Died), Lands: slices.Clone(l.Lands)}
}

type (
	// PassPriority: the player with priority passes (117.3d). If all
	// players pass in succession, the top of the stack resolves or, if it
	// is empty, the step ends (117.4).
	PassPriority struct{ Player PlayerID }
	// ResolveTop: every player passes in turn, starting with the one who
	// has priority, so the top of the stack resolves (117.4).
	ResolveTop struct{}
	// NextStep: every player passes with the stack empty, so the step
	// ends and the game moves to the next step in which players get
	// priority, performing the turn-based actions on the way (500.2).
	NextStep struct{}
	// GoTo moves step by step to Step of the turn of Player (or the
	// current turn's, if Player is -1 and Step is later this turn; else the
	// next turn's). It stops early when something goes on the stack or a
	// choice is needed, so the players can act.
	GoTo struct {
		Step   cardtext.Step
		Player PlayerID // whose turn; -1: the next occurrence
	}
)

func (a PassPriority) apply(t *tx) error {
	if !t.s.HasPriority(a.Player) {
		return t.ruleErr(registry.Pass, "%s doesn't have priority; %s does", t.name(a.Player), t.name(t.s.Priority))
	}
	// 805.5b: a player passes for their team, which holds priority.
	t.s.Priority = a.Player
	if m := t.s.MustAct; m != nil && m.Priority == a.Player && m.Active == t.s.Active && m.Step == t.s.Step && t.applies(registry.ShortcutTaken) {
		return t.ruleErr(registry.ShortcutTaken, "%s shortened the shortcut to this point, so must make a different game choice than passing", t.name(a.Player))
	}
	return t.pass()
}

// pass passes priority once: to the next player, or, when all have passed in
// succession, the top of the stack resolves or the step ends (117.4).
func (t *tx) pass() error {
	p := t.s.Priority
	t.emit(Event{Kind: EvPriority, Key: registry.Pass, Player: t.name(p), Text: t.name(p) + " passes priority"})
	t.s.Passes++
	if t.s.Passes >= t.s.PassesToEnd() {
		t.s.Passes = 0
		if top := t.top(); top != nil {
			return t.resolve(top)
		}
		return t.nextStep()
	}
	t.s.Priority = t.nextPriority(p)
	return nil
}

func (ResolveTop) apply(t *tx) error {
	if t.top() == nil {
		return fmt.Errorf("the stack is empty: nothing to resolve")
	}
	// Each player passes in turn; the last pass resolves the top object.
	for n := t.s.PassesToEnd() - t.s.Passes; n > 0; n-- {
		if err := t.pass(); err != nil {
			return err
		}
	}
	return nil
}

func (NextStep) apply(t *tx) error {
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: the step can't end until it is (500.2); resolve first")
	}
	t.s.Passes = 0
	return t.nextStep()
}

func (a GoTo) apply(t *tx) error {
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it before moving on")
	}
	for i := 0; i < 40; i++ {
		if err := t.nextStep(); err != nil {
			return err
		}
		if t.s.Step == a.Step && (a.Player < 0 || t.s.IsActive(a.Player)) {
			return nil
		}
		if err := t.passCombatDamage(); err != nil {
			return err
		}
		if len(t.s.Waiting) > 0 || t.top() != nil || t.s.Pending != nil || t.over() {
			// Something to respond to: stop here (the scenario resolves it
			// and goes on).
			return nil
		}
	}
	return fmt.Errorf("never reached %s", a.Step)
}

// passCombatDamage: moving on through a combat damage step whose damage is
// on the stack (before M10, 310.1), every player passes, so it resolves
// (117.4) and the step goes on; a "go to" that names the step stops before.
func (t *tx) passCombatDamage() error {
	top := t.top()
	if top == nil || top.Stack == nil || top.Stack.Kind != StackCombatDamage || len(t.s.Stack()) != 1 ||
		len(t.s.Waiting) > 0 || t.s.Pending != nil || t.over() {
		return nil
	}
	if err := (ResolveTop{}).apply(t); err != nil {
		return err
	}
	return t.priorityPoint()
}

// nextStep ends the current step and begins the next one in which a player
// gets priority (500.2, 500.3), with the turn-based actions between.
func (t *tx) nextStep() error {
	for guard := 0; guard < 20; guard++ {
		t.endStep()
		t.advance()
		if err := t.beginStep(); err != nil {
			return err
		}
		switch t.s.Step {
		case cardtext.StepUntap:
			continue // 502.4: no player gets priority
		case cardtext.StepCleanup:
			// 514.3: normally no one gets priority in the cleanup step.
			if len(t.s.Waiting) == 0 && !t.sbaPending() {
				continue
			}
		}
		t.s.Priority, t.s.Passes = t.activePriority(), 0
		return t.priorityPoint()
	}
	return fmt.Errorf("the turn didn't advance")
}

// priorityPoint: the active player is about to receive priority in a step
// that has begun (117.3a), so state-based actions are checked and triggered
// abilities put on the stack first (117.5), before the game can move on to
// another step: a blocker destroyed by first-strike damage is gone before
// the regular combat damage step (510.4), and what triggered on the way
// stops a "go to" there. Inside an action, the events so far are first
// checked for triggers as the batch they make, and a new batch starts after.
func (t *tx) priorityPoint() error {
	if t.batchDepth != 1 || t.pre == nil {
		return nil // not inside an action's batch: Apply settles after it
	}
	if err := t.triggers(t.pre, t.events[t.batchFrom:]); err != nil {
		return err
	}
	t.batchDepth--
	err := t.settle()
	t.batchDepth++
	pre := t.s.clone()
	t.pre, t.batchFrom = &pre, len(t.events)
	return err
}

// endStep: as a step or phase ends, "until end of step" effects end and
// mana pools empty (500.5; before M10, only as a phase ends, with mana
// burn).
func (t *tx) endStep() {
	phase := t.s.Step.PhaseEnd()
	if t.ed.EmptyEachStep || phase {
		t.emptyPools(phase)
	}
	if t.s.Step == cardtext.StepEndCombat {
		// 511.3: creatures are removed from combat as the end of combat
		// step ends.
		t.s.Combat = nil
	}
}

// advance moves to the next step: into a phase an effect added after the
// phase that ends (500.8), through its steps, and back.
func (t *tx) advance() {
	if t.s.Resume != 0 {
		if len(t.s.AddedSteps) > 0 {
			t.s.Step, t.s.AddedSteps = t.s.AddedSteps[0], t.s.AddedSteps[1:]
			return
		}
		resume := t.s.Resume
		t.s.Resume = 0
		if !t.takeAdded(t.s.addedAfter, resume) {
			t.s.Step = resume
		}
		return
	}
	from := t.s.Step
	t.advanceTurn()
	if from.PhaseEnd() && from != cardtext.StepCleanup {
		t.takeAdded(from.Phase(), t.s.Step)
	}
}

// takeAdded begins a phase added after phase after, if there is one (500.8:
// the most recently created first), to go on with resume once it ends.
func (t *tx) takeAdded(after int, resume cardtext.Step) bool {
	for i := len(t.s.Added) - 1; i >= 0; i-- {
		if ph := t.s.Added[i]; ph.After == after {
			t.s.Added = slices.Delete(slices.Clone(t.s.Added), i, i+1)
			t.s.Step, t.s.AddedSteps, t.s.Resume, t.s.addedAfter = ph.Steps[0], slices.Clone(ph.Steps[1:]), resume, after
			return true
		}
	}
	return false
}

// advanceTurn moves to the turn's next step, skipping the combat steps
// that don't happen (508.8: no attackers, no blockers or damage; 510.4: no
// first strike, one damage step).
func (t *tx) advanceTurn() {
	switch t.s.Step {
	case cardtext.StepCleanup:
		t.s.Turn++
		if n := len(t.s.ExtraTurns); n > 0 {
			// 500.7: an extra turn comes directly after the turn it
			// was added after, before the next player's.
			t.s.Active, t.s.ExtraTurns = t.s.ExtraTurns[n-1], t.s.ExtraTurns[:n-1:n-1]
		} else {
			t.s.Active = t.nextTurn()
		}
		t.s.Added = nil
		t.s.LastCast = t.s.Log.Cast
		t.s.Log = TurnLog{}
		t.s.Step = cardtext.StepUntap
		t.fixReach()
		t.beginControl()
		return
	case cardtext.StepAttackers:
		if t.s.Combat == nil || len(t.s.Combat.Attackers) == 0 {
			t.s.Step = cardtext.StepEndCombat
			return
		}
	case cardtext.StepBlockers:
		if !t.s.Combat.FirstStrike(combatGame{t}) {
			t.s.Step = cardtext.StepDamage
			return
		}
	}
	i := slices.Index(Steps, t.s.Step)
	t.s.Step = Steps[(i+1)%len(Steps)]
	if t.s.Step == cardtext.StepFirstDamage && !t.s.Combat.FirstStrike(combatGame{t}) {
		t.s.Step = cardtext.StepDamage
	}
}

// beginStep performs the turn-based actions as a step begins (703) and
// triggers "at the beginning of" abilities (500.6).
func (t *tx) beginStep() error {
	t.emit(Event{Kind: EvStep, Key: registry.StepBegin, Player: t.name(t.s.Active),
		Text: fmt.Sprintf("%s's %s begins (turn %d)", t.name(t.s.Active), t.s.Step, t.s.Turn)})
	switch t.s.Step {
	case cardtext.StepUntap:
		if err := t.untapStep(); err != nil {
			return err
		}
	case cardtext.StepDraw:
		if !t.applies(registry.DrawStep) {
			break
		}
		if t.s.Turn == 1 && !t.s.Multiplayer() && t.ed.Has(registry.PlayFirstSkips) && t.applies(registry.PlayFirstSkips) {
			// 103.8a: in a two-player game, the player who plays first
			// skips the draw step of their first turn: its turn-based
			// action, the draw, doesn't happen.
			t.emit(Event{Kind: EvRule, Key: registry.PlayFirstSkips, Player: t.name(t.s.Active),
				Text: fmt.Sprintf("%s plays first: no draw in the draw step of their first turn", t.name(t.s.Active))})
			break
		}
		if t.s.Turn == 1 && t.s.Game.Variant == variants.TwoHeadedGiant && t.ed.Has(registry.TeamFirstSkips) && t.applies(registry.TeamFirstSkips) {
			// 103.8b: in a Two-Headed Giant game, the team who plays
			// first skips the draw step of their first turn.
			t.emit(Event{Kind: EvRule, Key: registry.TeamFirstSkips, Player: t.name(t.s.Active),
				Text: fmt.Sprintf("%s's team plays first: no draw in the draw step of its first turn", t.name(t.s.Active))})
			break
		}
		drawers := []PlayerID{t.s.Active}
		if t.s.teamOption(registry.TeamDraws) && t.s.applies(registry.TeamDraws) {
			// 805.4b: each player on a team draws a card during that
			// team's draw step; 805.6a: in whatever order the team likes
			// (here, seat order from its primary player).
			drawers = t.s.activeTeam()
		}
		if t.s.Turn == 1 && t.s.Game.Variant == variants.TwoHeadedGiant && t.ed.Has(registry.TeamFirstSecond) && t.applies(registry.TeamFirstSecond) {
			// 2007-02-01's 101.5b: "Although the starting team's first
			// draw step isn't skipped, only the secondary player on that
			// team draws a card during that step."
			primary := t.s.primary(t.s.Active)
			drawers = slices.DeleteFunc(slices.Clone(drawers), func(p PlayerID) bool { return p == primary })
			t.emit(Event{Kind: EvRule, Key: registry.TeamFirstSecond, Player: t.name(primary),
				Text: fmt.Sprintf("%s's team plays first: in the draw step of its first turn only its secondary player draws", t.name(primary))})
		}
		for _, p := range drawers {
			if err := (Draw{Player: p, N: 1}).apply(t); err != nil {
				return err
			}
			// The draw is the draw step's turn-based action (504.1).
			t.events[len(t.events)-1].Key = registry.DrawStep
		}
	case cardtext.StepUpkeep:
		tick := t.s.tick()
		for _, p := range t.s.activePlayers() {
			pl := &t.s.Players[p]
			pl.LastUpkeep, pl.Upkeep = pl.Upkeep, tick
		}
	case cardtext.StepBeginCombat:
		t.s.Combat = &combat.Combat{}
	case cardtext.StepAttackers:
		if t.s.Combat == nil {
			t.s.Combat = &combat.Combat{}
		}
		t.declaredAttackers()
	case cardtext.StepBlockers:
		t.declaredBlockers()
	case cardtext.StepFirstDamage, cardtext.StepDamage:
		if err := t.combatDamage(t.s.Step == cardtext.StepFirstDamage); err != nil {
			return err
		}
	case cardtext.StepCleanup:
		if err := t.cleanup(); err != nil {
			return err
		}
	}
	t.stepTriggers()
	return nil
}

// untapStep: phasing, then the active player untaps their permanents
// (502.1–502.3). A permanent that says its controller may choose not to
// untap it asks.
func (t *tx) untapStep() error {
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield || !t.s.IsActive(o.Controller) {
			continue
		}
		if (t.chars(o).HasKeyword("phasing") || o.PhasedOut) && t.applies(registry.Phasing) {
			o.PhasedOut = !o.PhasedOut
			verb := "phases in"
			if o.PhasedOut {
				verb = "phases out"
			}
			t.emit(Event{Kind: EvRule, Key: registry.Phasing, Object: o.Label, ObjectID: o.ID, Text: o.Label + " " + verb})
		}
	}
	var untap []cardtext.ObjectID
	for _, o := range t.s.Objects {
		if o.Zone != cardtext.Battlefield || !t.s.IsActive(o.Controller) || !o.Tapped || o.PhasedOut {
			continue
		}
		if by, ok := t.keptTapped(o); ok {
			t.emit(Event{Kind: EvRule, Key: registry.NoUntap, Object: o.Label, ObjectID: o.ID, Text: o.Label + " doesn't untap (" + by + ")"})
			continue
		}
		if t.hasStatic(o, "may not untap") {
			ans, err := t.ask(&Choice{Player: o.Controller, Key: registry.UntapStep, Words: []string{"yes", "no"},
				Prompt: "untap " + o.Label + " during the untap step?"})
			if err != nil {
				return err
			}
			if ans.word == "no" {
				t.emit(Event{Kind: EvChoice, Key: registry.UntapStep, Player: t.name(o.Controller), Object: o.Label,
					Text: t.name(o.Controller) + " chooses not to untap " + o.Label})
				continue
			}
		}
		untap = append(untap, o.ID)
	}
	for _, id := range untap {
		if !t.applies(registry.UntapStep) {
			break
		}
		o := t.s.Object(id)
		o.Tapped = false
		t.emit(Event{Kind: EvTap, Key: registry.UntapStep, Object: o.Label, ObjectID: o.ID, Text: o.Label + " untaps"})
	}
	// 302.6: the new active player has controlled these since the turn
	// began.
	for _, o := range t.s.Objects {
		if o.Zone == cardtext.Battlefield && t.s.IsActive(o.Controller) {
			o.Sick = false
		}
	}
	return nil
}

// keptTapped reports whether an effect keeps o from untapping during its
// controller's untap step (502.3), and whose effect it is.
func (t *tx) keptTapped(o *Object) (string, bool) {
	if !t.applies(registry.NoUntap) {
		return "", false
	}
	for _, m := range t.ruleMods(cardtext.RuleNoUntap) {
		if t.affects(m, o, t.chars(o)) {
			return m.name, true
		}
	}
	return "", false
}

// hasStatic reports whether an object has a keyword-like static ability
// (stored in Keyword on an AbStatic).
func (t *tx) hasStatic(o *Object, k string) bool {
	for _, a := range t.chars(o).Abilities {
		if a.Kind == cardtext.AbStatic && a.Keyword == k {
			return true
		}
	}
	return false
}

// cleanup: discard to hand size (514.1), then damage wears off and "until
// end of turn" effects end (514.2).
func (t *tx) cleanup() error {
	// 514.1: first, discard down to the maximum hand size.
	if err := t.discardToHandSize(); err != nil {
		return err
	}
	for _, o := range t.s.Objects {
		if o.Zone == cardtext.Battlefield && (o.Damage > 0 || o.Regen > 0) && t.applies(registry.Cleanup) {
			if o.Damage > 0 {
				t.emit(Event{Kind: EvRule, Key: registry.Cleanup, Object: o.Label, ObjectID: o.ID, Text: "damage on " + o.Label + " wears off"})
			}
			o.Damage, o.Regen = 0, 0
		}
	}
	kept := t.s.Effects[:0:0]
	for _, e := range t.s.Effects {
		if e.Dur == cardtext.DurEndOfTurn && t.applies(registry.Cleanup) {
			t.emit(Event{Kind: EvEffect, Key: registry.Cleanup, Object: e.SourceName,
				Text: fmt.Sprintf("%s's effect ends (%s)", e.SourceName, e.Text)})
			continue
		}
		kept = append(kept, e)
	}
	t.s.Effects = kept
	t.dirty()
	return nil
}

// EndStep ends the current step: the game moves to the next step (mana
// pools empty as each step ends since M10; before, only as a phase ended).
type EndStep struct{}

// EndPhase ends the current phase: the game moves to the first step of the
// next phase; mana pools empty, and before M10 each player loses 1 life per
// mana lost (mana burn, 300.3).
type EndPhase struct{}

// EndTurn ends the turn: through the end step and cleanup (damage wears off,
// 514.2) to the next player's upkeep.
type EndTurn struct{}

func (EndStep) apply(t *tx) error {
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it before ending the step")
	}
	return t.nextStep()
}

func (EndPhase) apply(t *tx) error {
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it before ending the phase")
	}
	phase, turn := t.s.Step.Phase(), t.s.Turn
	for i := 0; i < 10; i++ {
		if err := t.nextStep(); err != nil {
			return err
		}
		if err := t.passCombatDamage(); err != nil {
			return err
		}
		if t.s.Step.Phase() != phase || t.s.Turn != turn || t.top() != nil || len(t.s.Waiting) > 0 {
			return nil
		}
	}
	return nil
}

func (EndTurn) apply(t *tx) error {
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it before ending the turn")
	}
	turn := t.s.Turn
	for i := 0; i < 40 && (t.s.Turn == turn || t.s.Step != cardtext.StepUpkeep); i++ {
		if err := t.nextStep(); err != nil {
			return err
		}
		if err := t.passCombatDamage(); err != nil {
			return err
		}
		if t.top() != nil || len(t.s.Waiting) > 0 || t.s.Pending != nil || t.over() {
			return nil
		}
	}
	return nil
}

// emptyPools empties every mana pool (500.5; 2007: 300.3). At the end of a
// phase before M10, each player loses 1 life per mana lost (mana burn).
func (t *tx) emptyPools(phase bool) {
	for i := range t.s.Players {
		p := &t.s.Players[i]
		n := p.Pool.Total()
		if n == 0 || !t.applies(registry.ManaEmpty) {
			continue
		}
		lost := p.Pool
		p.Pool, p.Restricted = cardtext.Mana{}, nil
		t.emit(Event{Kind: EvMana, Key: registry.ManaEmpty, Player: p.Name, N: n,
			Text: fmt.Sprintf("%s's mana pool empties (%s lost)", p.Name, lost)})
		if phase && t.ed.ManaBurn && t.applies(registry.ManaBurn) {
			total := t.addLife(PlayerID(i), -n)
			t.emit(Event{Kind: EvLife, Key: registry.ManaBurn, Player: p.Name, N: -n,
				Text: fmt.Sprintf("mana burn: %s loses %d life: life %d", p.Name, n, total)})
		}
	}
}
