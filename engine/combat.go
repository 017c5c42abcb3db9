package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

type (
	// DeclareAttackers: the active player attacks with these creatures
	// (508.1). The game moves to the declare attackers step, where the
	// declaration is its turn-based action.
	DeclareAttackers struct {
		Player    PlayerID
		Attackers []cardtext.ObjectID
		// Defender is the player they attack (the next opponent in turn
		// order if it is Player), unless At says, for each attacker in
		// order, the player or planeswalker it attacks (802.3).
		Defender PlayerID
		At       []Target
		// Bands are attacking bands among the attackers (702.22c).
		Bands [][]cardtext.ObjectID
	}
	// DeclareBlockers: a defending player blocks (509.1): each blocker
	// with the attacker it blocks, in pairs. When several players are
	// attacked, each declares their own blocks (802.4); the declare
	// blockers step begins once all have.
	DeclareBlockers struct {
		Player PlayerID
		Blocks [][2]cardtext.ObjectID // blocker, attacker
	}
	// AssignDamage: the active player chooses how an attacker assigns its
	// combat damage (510.1c), or the defending player how a blocker blocking
	// two or more attackers divides its damage (510.1d), before the combat
	// damage step. Attacker is the attacking or blocking creature. Also
	// are other creatures' assignments the player announces with it: a
	// player's total assignment is checked as a whole (510.1e).
	AssignDamage struct {
		Attacker cardtext.ObjectID
		To       []Target
		N        []int
		Also     []combat.Assignment
	}
)

func (a DeclareAttackers) apply(t *tx) error {
	if !t.s.IsActive(a.Player) {
		return t.ruleErr(registry.Attack, "only the active player attacks")
	}
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it first")
	}
	if t.s.Step > cardtext.StepBeginCombat {
		return t.ruleErr(registry.Attack, "attackers are declared at the start of the declare attackers step; it's the %s", t.s.Step)
	}
	if a.Defender == a.Player {
		a.Defender = t.nextOpponent(a.Player)
	}
	at := a.At
	if len(at) != len(a.Attackers) {
		at = make([]Target, len(a.Attackers))
		for i := range at {
			at[i] = PlayerTarget(a.Defender)
		}
	}
	for i, tg := range at {
		if err := t.checkAttacked(a.Player, a.Attackers[i], tg); err != nil {
			return err
		}
	}
	if err := t.checkAttackers(a.Player, a.Attackers); err != nil {
		return err
	}
	if err := combat.CheckBands(combatGame{t}, a.Bands, a.Attackers, at); err != nil {
		return err
	}
	for t.s.Step != cardtext.StepBeginCombat {
		if err := t.nextStep(); err != nil {
			return err
		}
		if t.top() != nil || len(t.s.Waiting) > 0 {
			return fmt.Errorf("something triggered at the %s; resolve it before declaring attackers", t.s.Step)
		}
	}
	if t.s.Combat == nil { // a position set up in the beginning of combat step, which never began
		t.s.Combat = &combat.Combat{}
	}
	t.s.Combat.Declare(a.Attackers, at, a.Bands)
	return t.nextStep()
}

// declaredAttackers performs the declaration as the declare attackers step
// begins (508.1): the creatures must be able to attack; they become tapped
// unless they have vigilance.
func (t *tx) declaredAttackers() {
	c := t.s.Combat
	ids, at, bands := c.TakeDeclared()
	for i, id := range ids {
		o := t.s.Object(id)
		a := combat.Attacker{ID: id}
		for b, band := range bands {
			if slices.Contains(band, id) {
				a.Band = b + 1
			}
		}
		if at[i].IsPlayer {
			a.Defender = at[i].Player
		} else {
			a.Walker = at[i].Object
			a.Defender = t.chars(t.s.Object(a.Walker)).Controller
		}
		c.Attackers = append(c.Attackers, a)
		if !t.chars(o).HasKeyword("vigilance") && !o.Tapped {
			o.Tapped = true
		}
		t.s.Log.Attacked = append(t.s.Log.Attacked, Snapshot{ID: o.ID, Obj: *o, Chars: *t.chars(o)})
		t.emit(Event{Kind: EvCombat, Key: registry.Attack, Object: o.Label, ObjectID: o.ID, Player: t.name(a.Defender),
			Text: fmt.Sprintf("%s attacks %s", o.Label, t.targetText(a.Attacked()))})
	}
}

// checkAttacked checks what one attacker attacks (508.1b): an opponent
// still in the game, or a planeswalker an opponent controls (506.2).
func (t *tx) checkAttacked(p PlayerID, id cardtext.ObjectID, tg Target) error {
	o, err := t.object(id)
	if err != nil {
		return err
	}
	def := tg.Player
	if !tg.IsPlayer {
		w := t.s.Object(tg.Object)
		if w == nil || w.Zone != cardtext.Battlefield || w.PhasedOut || !t.chars(w).Types.Is("planeswalker") {
			return t.ruleErr(registry.Attack, "%s can attack a player or a planeswalker, not %s", o.Label, t.targetText(tg))
		}
		def = t.chars(w).Controller
	}
	if !t.s.InGame(def) {
		return t.ruleErr(registry.Attack, "%s has left the game: %s can't attack them", t.name(def), o.Label)
	}
	if !t.s.Opponents(p, def) {
		return t.ruleErr(registry.Attack, "%s can attack only %s's opponents and the planeswalkers they control, not %s", o.Label, t.name(p), t.targetText(tg))
	}
	for _, m := range t.ruleMods(cardtext.RuleAttackUnless) {
		if t.affects(m, o, t.chars(o)) && !t.controlsMatching(def, m.mod.Filter, m.src) && t.applies(registry.Attack) { // 508.1c
			return t.ruleErr(registry.Attack, "%s can't attack unless %s controls %s", o.Label, t.name(def), m.mod.Filter.String())
		}
	}
	return t.checkAttackSeat(p, def, o.Label)
}

// controlsMatching reports whether player p controls a permanent filter f
// matches (src: the object whose ability asks).
func (t *tx) controlsMatching(p PlayerID, f *cardtext.Filter, src *Object) bool {
	for _, o := range t.s.Objects {
		if o.Zone == cardtext.Battlefield && !o.PhasedOut {
			if ch := t.chars(o); ch.Controller == p && matchFilter(&t.s, f, o, ch, src, p) {
				return true
			}
		}
	}
	return false
}

// checkAttack checks attackers before the step begins (508.1a–d).
func (t *tx) checkAttackers(p PlayerID, ids []cardtext.ObjectID) error {
	for _, id := range ids {
		if err := t.canAttack(p, id); err != nil {
			return err
		}
	}
	if err := t.attackRestrictions(ids); err != nil {
		return err
	}
	return t.attackRequirements(p, ids)
}

// canAttack checks one creature on its own (508.1a–c).
func (t *tx) canAttack(p PlayerID, id cardtext.ObjectID) error {
	o, err := t.object(id)
	if err != nil {
		return err
	}
	ch := t.chars(o)
	switch {
	case o.Zone != cardtext.Battlefield || !ch.Types.Is("creature"):
		return t.ruleErr(registry.Attack, "%s isn't a creature on the battlefield", o.Label)
	case ch.Controller != p && !(t.s.IsActive(ch.Controller) && t.s.teamOption(registry.TeamAttack) && t.s.applies(registry.TeamAttack)):
		// 805.10b: the active team has one combined attack, its players'
		// creatures declared together.
		return t.ruleErr(registry.Attack, "%s isn't %s's", o.Label, t.name(p))
	case o.Tapped && t.applies(registry.Attack): // 508.1a
		return t.ruleErr(registry.Attack, "%s is tapped: it can't attack", o.Label)
	case o.Sick && !ch.HasKeyword("haste") && t.applies(registry.Sick): // 302.6
		return t.ruleErr(registry.Sick, "%s hasn't been under %s's control since their turn began: it can't attack", o.Label, t.name(p))
	case ch.HasKeyword("defender") && t.applies(registry.Attack): // 508.1c
		return t.ruleErr(registry.Attack, "%s has defender: it can't attack", o.Label)
	}
	for _, m := range t.ruleMods(cardtext.RuleCantAttack) {
		if t.affects(m, o, ch) && t.applies(registry.Attack) { // 508.1c
			return t.ruleErr(registry.Attack, "%s can't attack (%s)", o.Label, m.name)
		}
	}
	return nil
}

// attackRestrictions checks the restrictions on the attack as a whole
// (508.1c): "can't attack alone", "no more than N creatures can attack".
func (t *tx) attackRestrictions(ids []cardtext.ObjectID) error {
	if !t.applies(registry.Attack) {
		return nil
	}
	for _, m := range t.ruleMods(cardtext.RuleCantAttackAlone) {
		if m.src != nil && len(ids) == 1 && m.src.ID == ids[0] {
			return t.ruleErr(registry.Attack, "%s can't attack alone", m.src.Label)
		}
	}
	for _, m := range t.ruleMods(cardtext.RuleAttackLimit) {
		if len(ids) > 0 && len(ids)+len(t.s.Log.Attacked) > m.mod.N {
			return t.ruleErr(registry.Attack, "%s: no more than %d creatures can attack each turn", m.name, m.mod.N)
		}
	}
	return nil
}

func (a DeclareBlockers) apply(t *tx) error {
	c := t.s.Combat
	if c == nil || t.s.Step != cardtext.StepAttackers || len(c.Attackers) == 0 {
		return t.ruleErr(registry.Block, "blockers are declared in the declare blockers step, after attackers")
	}
	if t.top() != nil {
		return fmt.Errorf("the stack isn't empty: resolve it first")
	}
	// 805.10d: with shared team turns the defending team declares one
	// combined block, its players' creatures blocking creatures attacking
	// any of them.
	team := t.s.teamOption(registry.TeamBlock) && t.applies(registry.TeamBlock)
	defending := c.Defending(t.s.APNAP())
	if !slices.Contains(defending, a.Player) && !(team && slices.ContainsFunc(defending, func(p PlayerID) bool { return t.s.Teammates(p, a.Player) })) {
		return t.ruleErr(registry.Block, "the defending player blocks: %s isn't attacked", t.name(a.Player))
	}
	if c.HasDeclared(a.Player) {
		return t.ruleErr(registry.Block, "%s has already declared blockers", t.name(a.Player))
	}
	// Check each block (509.1a–c).
	count := map[cardtext.ObjectID]int{}
	for _, b := range a.Blocks {
		blk, err := t.object(b[0])
		if err != nil {
			return err
		}
		atk, err := t.object(b[1])
		if err != nil {
			return err
		}
		bch, ach := t.chars(blk), t.chars(atk)
		if blk.Zone != cardtext.Battlefield || !bch.Types.Is("creature") || bch.Controller != a.Player && !(team && t.s.Teammates(bch.Controller, a.Player)) {
			return t.ruleErr(registry.Block, "%s isn't a creature %s controls", blk.Label, t.name(a.Player))
		}
		if blk.Tapped {
			return t.ruleErr(registry.Block, "%s is tapped: it can't block", blk.Label)
		}
		if !c.IsAttacking(atk.ID) {
			return t.ruleErr(registry.Block, "%s isn't attacking", atk.Label)
		}
		if err := t.canBlock(blk, bch, atk, ach); err != nil {
			return err
		}
		count[blk.ID]++
		if count[blk.ID] > 1+t.extraBlocks(blk) {
			return t.ruleErr(registry.Block, "%s can block only one creature", blk.Label)
		}
	}
	if err := t.blockRestrictions(a.Blocks); err != nil {
		return err
	}
	if err := t.blockRequirements(a.Player, a.Blocks); err != nil {
		return err
	}
	c.DeclareBlocks(a.Player, a.Blocks)
	for _, p := range defending {
		if team && t.s.Teammates(p, a.Player) && !c.HasDeclared(p) {
			c.DeclareBlocks(p, nil) // the team's one block is declared
		}
	}
	for _, p := range c.Defending(t.s.APNAP()) {
		if !c.HasDeclared(p) {
			return nil // 802.4: the next defending player declares theirs
		}
	}
	return t.nextStep() // to the declare blockers step
}

// declaredBlockers makes the blocks declared as the declare blockers step
// begins (509.1).
func (t *tx) declaredBlockers() {
	c := t.s.Combat
	if c == nil {
		return
	}
	blocks := c.TakeBlocks()
	c.Ordering = t.ed.DamageOrder
	for _, b := range blocks {
		c.AddBlock(b[0], b[1])
		blk, atk := t.s.Object(b[0]), t.s.Object(b[1])
		if blk == nil || atk == nil {
			continue
		}
		t.emit(Event{Kind: EvCombat, Key: registry.Block, Object: blk.Label, ObjectID: blk.ID, Source: atk.ID,
			Text: fmt.Sprintf("%s blocks %s", blk.Label, atk.Label)})
	}
	t.bandBlocked()
	for _, at := range c.Attackers {
		if at.Blocked {
			o := t.s.Object(at.ID)
			t.emit(Event{Kind: EvCombat, Key: registry.Block, Object: o.Label, ObjectID: o.ID, N: blockedEvent, Text: o.Label + " becomes blocked"})
		}
	}
}

// bandBlocked: 702.22h: if an attacking creature becomes blocked by a
// creature, each other creature in the same band becomes blocked by that
// same blocking creature.
func (t *tx) bandBlocked() {
	if !t.applies(registry.BandBlocked) {
		return
	}
	for _, bb := range t.s.Combat.BandBlocked() {
		blk, atk := t.s.Object(bb.Blocker), t.s.Object(bb.Attacker)
		if blk == nil || atk == nil {
			continue
		}
		t.emit(Event{Kind: EvCombat, Key: registry.BandBlocked, Object: blk.Label, ObjectID: blk.ID, Source: atk.ID,
			Text: fmt.Sprintf("%s blocks %s, in the same band as %s", blk.Label, atk.Label, t.labelOf(bb.Mate))})
	}
}

// blockRestrictions checks the restrictions on the blocks as a whole
// (509.1b): menace's (combat.CheckMenace).
func (t *tx) blockRestrictions(blocks [][2]cardtext.ObjectID) error {
	return t.s.Combat.CheckMenace(combatGame{t}, blocks)
}

// extraBlocks is how many more creatures a blocker may block ("can block
// an additional creature each combat"; "any number of creatures": as
// many as are attacking).
func (t *tx) extraBlocks(o *Object) int {
	n := 0
	for _, a := range t.chars(o).Abilities {
		if a.Keyword == cardtext.KeywordBlockMore {
			if a.N == cardtext.BlockAnyNumber {
				return len(t.s.Objects)
			}
			n += max(a.N, 1)
		}
	}
	return n
}

// canBlock checks evasion (509.1b): "can't block", "can't be blocked",
// the keywords' (combat.CheckEvasion), landwalk and protection.
func (t *tx) canBlock(blk *Object, bch *Chars, atk *Object, ach *Chars) error {
	for _, m := range t.ruleMods(cardtext.RuleCantBlock) {
		if t.affects(m, blk, bch) && t.applies(registry.Block) { // 509.1b
			return t.ruleErr(registry.Block, "%s can't block", blk.Label)
		}
	}
	for _, m := range t.ruleMods(cardtext.RuleBlockOnly) {
		if t.affects(m, blk, bch) && !matchFilter(&t.s, m.mod.Filter, atk, ach, blk, bch.Controller) && t.applies(registry.Block) { // 509.1b
			return t.ruleErr(registry.Block, "%s can block only %s", blk.Label, m.mod.Filter.String())
		}
	}
	for _, m := range t.ruleMods(cardtext.RuleUnblockable) {
		if (m.src != nil && m.src.ID == atk.ID || m.spec.Affects.Kind == cardtext.RefEnchanted && m.src != nil && m.src.Attached == atk.ID) && t.applies(registry.Block) { // 509.1b
			return t.ruleErr(registry.Block, "%s can't be blocked", atk.Label)
		}
	}
	// 805.10d: with shared team turns a defending player's creatures block
	// for the whole defending team, so for the player their attacker
	// attacks when that's a teammate (802.4a asks whose creature it is).
	ctrl := bch.Controller
	if at := t.s.Combat.Attacker(atk.ID); at != nil && t.s.Teammates(at.Defender, ctrl) && t.s.teamOption(registry.TeamBlock) && t.applies(registry.TeamBlock) {
		ctrl = at.Defender
	}
	if err := t.s.Combat.CheckEvasion(combatGame{t}, blk.ID, ctrl, atk.ID); err != nil {
		return err
	}
	// 702.14c; 702.14d: a blocker with the same landwalk doesn't cancel
	// it (without that rule, it would).
	cancels := bch.HasKeyword(walkName(ach)) && !t.applies(registry.WalkNoCancel)
	for _, def := range t.s.Combat.DefendingFor(combatGame{t}, atk.ID, t.s.APNAP()) {
		if land := t.walkedLand(ach, def); land != "" && t.applies(registry.Landwalk) && !cancels {
			return t.ruleErr(registry.Landwalk, "%s has %s: it can't be blocked while %s controls %s", atk.Label, walkName(ach), t.name(def), land)
		}
	}
	if ach.ProtectedFrom(*bch) && t.applies(registry.ProtectBlock) { // 702.16f
		return t.ruleErr(registry.ProtectBlock, "%s has protection from %s: %s can't block it", atk.Label, protectionName(ach, *bch), blk.Label)
	}
	return nil
}

func (a AssignDamage) apply(t *tx) error {
	all := append([]combat.Assignment{{Attacker: a.Attacker, To: a.To, N: a.N}}, a.Also...)
	for i := range all {
		for _, x := range all[:i] {
			if x.Attacker == all[i].Attacker {
				return fmt.Errorf("a creature's damage is assigned once")
			}
		}
		if err := t.chooseAssignment(all, i); err != nil {
			return err
		}
	}
	c := t.s.Combat
	for _, as := range all {
		c.Choose(as)
	}
	return nil
}

// chooseAssignment checks all[i], one of the assignments a player
// announces together.
func (t *tx) chooseAssignment(all []combat.Assignment, i int) error {
	a := all[i]
	c := t.s.Combat
	if c != nil && !c.IsAttacking(a.Attacker) && c.IsBlocking(a.Attacker) {
		return AssignDamage{Attacker: a.Attacker, To: a.To, N: a.N}.blocker(t)
	}
	if c == nil || !c.IsAttacking(a.Attacker) {
		return t.ruleErr(registry.Assign, "only an attacking or blocking creature's damage is assigned")
	}
	if len(a.To) != len(a.N) {
		return fmt.Errorf("each recipient needs an amount")
	}
	for _, at := range c.Attackers {
		if at.ID != a.Attacker {
			continue
		}
		o := t.s.Object(at.ID)
		// Lethal damage counts what other creatures assign to the same
		// blockers (510.1c, 702.19b): the assignments already made and
		// those announced before this one; and since a player's total
		// assignment is checked as a whole (510.1e), those announced after
		// it too.
		assigned := map[cardtext.ObjectID]int{}
		for _, x := range c.Assign {
			if !slices.ContainsFunc(all, func(y combat.Assignment) bool { return y.Attacker == x.Attacker }) {
				x.Count(assigned, 1)
			}
		}
		for j, x := range all {
			if j < i || j > i && t.applies(registry.AssignTotal) {
				x.Count(assigned, 1)
			}
		}
		if err := c.CheckAssignment(combatGame{t}, at, t.inGame(at.Blockers), &a, assigned); err != nil {
			return err
		}
		t.emit(Event{Kind: EvCombat, Key: registry.Assign, Object: o.Label, ObjectID: o.ID,
			Text: fmt.Sprintf("%s will assign its damage: %s", o.Label, t.assignText(a.To, a.N))})
	}
	return nil
}

// inGame lists the objects of ids that are still in the game.
func (t *tx) inGame(ids []cardtext.ObjectID) []cardtext.ObjectID {
	var out []cardtext.ObjectID
	for _, id := range ids {
		if t.s.Object(id) != nil {
			out = append(out, id)
		}
	}
	return out
}

// blocker is AssignDamage for a blocking creature: how it divides its
// damage among the attackers it blocks (510.1d).
func (a AssignDamage) blocker(t *tx) error {
	c := t.s.Combat
	if len(a.To) != len(a.N) {
		return fmt.Errorf("each recipient needs an amount")
	}
	o := t.s.Object(a.Attacker)
	var attackers []cardtext.ObjectID
	for _, bl := range c.Blocks() {
		if bl.Blocker == o.ID {
			attackers = append(attackers, t.inGame(bl.Attackers)...)
		}
	}
	as := combat.Assignment{Attacker: a.Attacker, To: a.To, N: a.N}
	if err := combat.CheckBlockerAssignment(combatGame{t}, o.ID, attackers, &as, map[cardtext.ObjectID]int{}); err != nil {
		return err
	}
	t.emit(Event{Kind: EvCombat, Key: registry.AssignBlocking, Object: o.Label, ObjectID: o.ID,
		Text: fmt.Sprintf("%s will assign its damage: %s", o.Label, t.assignText(a.To, a.N))})
	return nil
}

type hit struct {
	src *damageSource
	to  Target
	n   int
}

// combatDamage: each attacking and blocking creature assigns its combat
// damage (510.1) and all of it is dealt at once (510.2); in the editions
// before M10 the assignments go on the stack instead, as one object, and
// are dealt as it resolves (310.1 in 2007).
func (t *tx) combatDamage(first bool) error {
	hits, err := t.assignCombatDamage(first)
	if err != nil || len(hits) == 0 {
		return err
	}
	if t.ed.DamageStack && t.applies(registry.DamageStack) {
		return t.damageOnStack(hits)
	}
	if !t.applies(registry.CombatDamage) {
		// 510.2 is what deals the damage assigned; without it, none is.
		return nil
	}
	return t.dealCombatDamage(hits)
}

// dealCombatDamage deals combat damage all at once (510.2).
func (t *tx) dealCombatDamage(hits []hit) error {
	// 702.15e: each source with lifelink causes its own life gain event.
	if !t.applies(registry.LifelinkEvents) {
		t.lifelinked = map[PlayerID]int{}
		defer func() { t.lifelinked = nil }()
	}
	for _, h := range hits {
		if err := t.damage(h.src, h.to, h.n, true); err != nil {
			return err
		}
	}
	for p := range t.s.Players {
		if n := t.lifelinked[PlayerID(p)]; n > 0 {
			if err := t.life(PlayerID(p), n, registry.Lifelink, "from lifelink"); err != nil {
				return err
			}
		}
	}
	return nil
}

// damageOnStack puts the combat damage assigned on the stack as a single
// object (310.1 in 2007); the active player then gets priority, and players
// may cast spells and activate abilities before it is dealt.
func (t *tx) damageOnStack(hits []hit) error {
	o := t.s.newObject(&cardtext.Card{Name: "Combat damage"}, t.s.Active, cardtext.Stack, false)
	o.Stack = &StackItem{Kind: StackCombatDamage, Controller: t.s.Active, SourceName: o.Label, Damage: hits}
	var w []string
	for _, h := range hits {
		w = append(w, fmt.Sprintf("%d from %s to %s", h.n, h.src.label, t.targetText(h.to)))
	}
	t.emit(Event{Kind: EvCombat, Key: registry.DamageStack, Object: o.Label, ObjectID: o.ID,
		Text: "combat damage goes on the stack: " + strings.Join(w, ", ")})
	t.dirty()
	return nil
}

// resolveCombatDamage deals the combat damage on the stack, all at once, as
// it was assigned, even if a creature dealing it has left the battlefield or
// its power has changed (310.4a). The source is the creature as it is, or as
// it last was (310.4b); damage assigned to a creature that has left the
// battlefield or is no longer a creature isn't dealt (310.4c).
func (t *tx) resolveCombatDamage(id cardtext.ObjectID) error {
	o := t.s.Object(id)
	hits := o.Stack.Damage
	t.emit(Event{Kind: EvResolve, Key: registry.DamageStack, Object: o.Label, ObjectID: id, Text: o.Label + " resolves"})
	t.s.remove(id)
	t.dirty()
	var deal []hit
	for _, h := range hits {
		src := *h.src
		if so := t.s.Object(src.id); so != nil && so.Zone == cardtext.Battlefield {
			src.ch = *t.chars(so)
			src.ctrl = src.ch.Controller
		} else if lk := t.s.LastKnown(src.id); lk != nil {
			src.ch, src.ctrl = lk.Chars, lk.Chars.Controller
		}
		if !h.to.IsPlayer {
			r := t.s.Object(h.to.Object)
			if r == nil || r.Zone != cardtext.Battlefield || !t.chars(r).Types.Is("creature") && !t.chars(r).Types.Is("planeswalker") {
				name := t.labelOf(h.to.Object)
				if lk := t.s.LastKnown(h.to.Object); name == "" && lk != nil {
					name = lk.Obj.Label
				}
				t.emit(Event{Kind: EvCombat, Key: registry.DamageStack, Object: src.label,
					Text: fmt.Sprintf("the %d damage %s assigned to %s isn't dealt: it's no longer a creature on the battlefield", h.n, src.label, name)})
				continue
			}
		}
		deal = append(deal, hit{&src, h.to, h.n})
	}
	return t.dealCombatDamage(deal)
}

// assignCombatDamage: each attacking and blocking creature that deals
// combat damage in this step assigns it (510.1).
func (t *tx) assignCombatDamage(first bool) ([]hit, error) {
	c := t.s.Combat
	if c == nil {
		return nil, nil
	}
	g := combatGame{t}
	if first {
		c.BeginFirstStrike(g) // 510.4
	}
	var hits []hit
	// Damage assigned to each blocker so far this step: lethal damage for
	// trample counts it (702.19b).
	assigned := map[cardtext.ObjectID]int{}
	// 510.1e: the active player's total assignment is checked as a whole,
	// so an attacker's chosen assignment counts, besides what the
	// attackers before it assign, what those after it were chosen to.
	later := map[cardtext.ObjectID]int{}
	if t.applies(registry.AssignTotal) {
		for _, at := range c.Attackers {
			if o, as := t.s.Object(at.ID), c.Chosen(at.ID); o != nil && as != nil && c.Strikes(g, at.ID, first) {
				as.Count(later, 1)
			}
		}
	}
	for _, at := range c.Attackers {
		o := t.s.Object(at.ID)
		if o == nil || !c.Strikes(g, o.ID, first) {
			continue
		}
		ch := t.chars(o)
		power := ch.Power
		if power <= 0 {
			continue // 510.1a: 0 or less power assigns no damage
		}
		src := &damageSource{id: o.ID, label: o.Label, ch: *ch, ctrl: ch.Controller}
		blockers := t.inGame(at.Blockers)
		if at.Blocked && !t.applies(registry.AssignBlocked) {
			// 510.1c sends a blocked creature's damage to its blockers;
			// without it, nothing says where it goes, and it assigns none.
			continue
		}
		switch {
		case c.Chosen(at.ID) != nil:
			as := c.Chosen(at.ID)
			if t.applies(registry.AssignTotal) {
				as.Count(later, -1)
			}
			others := maps.Clone(assigned)
			for id, n := range later {
				others[id] += n
			}
			if err := c.CheckAssignment(g, at, blockers, as, others); err != nil {
				return nil, err
			}
			for i, tg := range as.To {
				hits = append(hits, hit{src, tg, as.N[i]})
			}
			as.Count(assigned, 1)
		case !at.Blocked:
			hits = append(hits, hit{src, at.Attacked(), power})
		case len(blockers) == 0:
			// 510.1c: blocked, but its blockers are gone: no damage,
			// unless it has trample (702.19e).
			if combat.Tramples(g, o.ID) {
				hits = append(hits, hit{src, at.Attacked(), power})
			}
		default:
			as := combat.AttackerDefault(g, at, blockers, power, assigned)
			for i, tg := range as.To {
				hits = append(hits, hit{src, tg, as.N[i]})
			}
		}
	}
	// Blockers assign their damage to the attackers they block (510.1d).
	for _, bl := range c.Blocks() {
		bo := t.s.Object(bl.Blocker)
		if bo == nil || !c.Strikes(g, bo.ID, first) {
			continue
		}
		ch := t.chars(bo)
		if ch.Power <= 0 {
			continue // 510.1a
		}
		src := &damageSource{id: bo.ID, label: bo.Label, ch: *ch, ctrl: ch.Controller}
		attackers := t.inGame(bl.Attackers)
		switch {
		case len(attackers) == 0:
		case !t.applies(registry.AssignBlocking):
			// Without 510.1d's division, each attacker it blocks would
			// take all of it.
			for _, id := range attackers {
				hits = append(hits, hit{src, ObjectTarget(id), ch.Power})
			}
		case c.Chosen(bo.ID) != nil:
			as := c.Chosen(bo.ID)
			if err := combat.CheckBlockerAssignment(g, bo.ID, attackers, as, assigned); err != nil {
				return nil, err
			}
			for i, tg := range as.To {
				hits = append(hits, hit{src, tg, as.N[i]})
				assigned[tg.Object] += as.N[i]
			}
		default:
			as := combat.BlockerDefault(g, bo.ID, attackers, ch.Power, assigned)
			for i, tg := range as.To {
				hits = append(hits, hit{src, tg, as.N[i]})
			}
		}
	}
	return hits, nil
}

func (t *tx) assignText(to []Target, n []int) string {
	var w []string
	for i, tg := range to {
		w = append(w, fmt.Sprintf("%d to %s", n[i], t.targetText(tg)))
	}
	return strings.Join(w, ", ")
}

// walkedLand returns a land the defending player controls that one of the
// attacker's landwalk abilities names (702.14c: "islandwalk"; "snow
// swampwalk" needs a land that is both), or "".
func (t *tx) walkedLand(ach *Chars, def PlayerID) string {
	for _, a := range ach.Abilities {
		if a.Kind != cardtext.AbKeyword || !strings.HasSuffix(a.Keyword, "walk") || a.Keyword == "landwalk" {
			continue
		}
		sub, snow := strings.CutPrefix(strings.TrimSuffix(a.Keyword, "walk"), "snow ")
		for _, o := range t.s.Objects {
			if o.Zone != cardtext.Battlefield || o.PhasedOut {
				continue
			}
			ch := t.chars(o)
			if ch.Controller != def || !ch.Types.Is("land") || !ch.Types.HasSubtype(sub) {
				continue
			}
			if snow && !ch.Types.IsSuper("snow") {
				continue
			}
			return o.Label
		}
	}
	return ""
}

func walkName(ach *Chars) string {
	for _, a := range ach.Abilities {
		if a.Kind == cardtext.AbKeyword && strings.HasSuffix(a.Keyword, "walk") {
			return a.Keyword
		}
	}
	return "landwalk"
}
