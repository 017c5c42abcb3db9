package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// StackKind says what a stack object is (405.1).
type StackKind uint8

const (
	StackSpell     StackKind = iota + 1 // a spell (112)
	StackActivated                      // an activated ability (602)
	StackTriggered                      // a triggered ability (603)
	// StackCombatDamage: the combat damage assigned in a combat damage
	// step, as one object, in the editions before M10 (310.1 in 2007).
	StackCombatDamage
)

// StackItem is what a spell or ability on the stack carries: what was
// chosen and paid as it was put there (601.2, 602.2, 603.3).
type StackItem struct {
	Kind StackKind
	// Abilities are the instructions it follows as it resolves, in order:
	// a spell's spell abilities and those of cards spliced onto it
	// (702.47b), or the one ability.
	Abilities  []*cardtext.Ability
	Source     cardtext.ObjectID // the ability's source; a spell itself
	SourceName string            // the source's label
	// SourceSnap is the source as it was when the ability was put on the
	// stack: the classic rules lock an ability's effect to it; the
	// Comprehensive Rules use the source as it is, or last was (113.7a).
	SourceSnap *Snapshot
	Controller PlayerID
	Specs      []cardtext.TargetSpec // every target, in order
	Targets    [][]Target            // what was chosen for each
	X          int
	Sacrificed []Snapshot // permanents sacrificed to pay costs, as they last were
	Tapped     []Snapshot // creatures tapped to pay "Tap another untapped creature" costs
	Exiled     []Snapshot // the card exiled to pay "Exile this card from your graveyard"
	Removed    int        // counters removed to pay "any number of" costs
	// Link is the effect that gave the source the ability, if it acquired
	// it (607.5): what "exiled with ~" looks for.
	Link      int
	Spent     cardtext.Mana // mana spent to cast it (107.3, 700.14)
	Kicked    []int         // which kicker costs were paid
	Modes     []int         // a modal spell's chosen modes (700.2a); a copy has the same (700.2g)
	Flashback bool          // cast with flashback: exiled as it leaves the stack (702.34a)
	Trig      *TrigInfo     // what triggered a triggered ability
	Copy      bool
	// Damage is combat damage on the stack: each creature's assignment as
	// it was assigned (310.4a).
	Damage []hit
}

// TrigInfo is what a triggered ability's trigger event was about: the
// object (as it was), where it went, a player.
type TrigInfo struct {
	Obj       *Snapshot
	NewID     cardtext.ObjectID   // the object it became, if it changed zones
	NewAlso   []cardtext.ObjectID // the other cards a melded permanent became (712.21c)
	Player    PlayerID
	HasPlayer bool
	Spell     cardtext.ObjectID // a cast trigger's spell
	Other     cardtext.ObjectID // a block trigger's other creature; the creature a damage trigger's source dealt damage to
	N         int               // a damage trigger's damage ("that much")
	Mana      cardtext.Mana     // the mana a tapped land produced (605.1b)
}

// CastInfo is kept on a permanent that was cast: what was chosen and paid,
// for abilities that ask ("if it was kicked", X).
type CastInfo struct {
	X      int
	Kicked []int
	Spent  cardtext.Mana
}

// Stack lists the stack, bottom to top.
func (s *State) Stack() []*Object { return s.In(-1, cardtext.Stack) }

// StackTop is the top object of the stack, or nil.
func (s *State) StackTop() *Object {
	st := s.In(-1, cardtext.Stack)
	if len(st) == 0 {
		return nil
	}
	return st[len(st)-1]
}

func (t *tx) top() *Object { return t.s.StackTop() }

type (
	// CastSpell: the player casts a spell from their hand (601.2).
	CastSpell struct {
		Player  PlayerID
		Card    cardtext.ObjectID
		Targets []Target // in the order the spell's text names them
		X       int
		Kicker  []int               // which kicker costs to pay (0: the first)
		Splice  []cardtext.ObjectID // cards in hand to splice onto it (702.47)
		Sac     []cardtext.ObjectID // permanents to sacrifice for its costs
		Discard []cardtext.ObjectID
		// Reveal: cards in hand revealed for its cost (701.20); with a
		// cost of "reveal … or pay {3}", none pays the other.
		Reveal  []cardtext.ObjectID
		Pay     Payment
		Alt     bool                // pay its alternative cost
		Convoke []cardtext.ObjectID // creatures to tap for convoke (702.51a)
		Modes   []int               // a modal spell's modes (0: the first), 700.2a
		// ModesBy is the player who chooses the modes, one plus their index:
		// 0 for the caster; "An opponent chooses one —" (700.2e) names one.
		ModesBy int
		// Waterbend are the artifacts and creatures tapped to pay for
		// generic mana of a waterbend cost (701.67a).
		Waterbend []cardtext.ObjectID
		// Half is the half of a split card cast (709.3: 1 or 2); Back casts
		// a modal double-faced card's back face (712.11b).
		Half int
		Back bool
		// Adventure casts an adventurer card as its Adventure (715.3).
		Adventure bool
		Bestow    bool // cast it bestowed (702.103a)
		// FaceDown casts it face down using its morph ability, for {3}
		// (702.37c).
		FaceDown bool
	}
	// Activate: the player activates an ability of an object (602.2), or a
	// mana ability, which resolves at once (605.3).
	Activate struct {
		Player  PlayerID
		Object  cardtext.ObjectID
		Ability int // the index among the object's abilities (Chars.Abilities)
		Targets []Target
		X       int
		Sac     []cardtext.ObjectID
		Discard []cardtext.ObjectID
		Remove  int // counters to remove for "Remove any number of …"
		Pay     Payment
		Tap     []cardtext.ObjectID // creatures to tap for "Tap another untapped creature …" (station, crew)
		// TargetsBy is the opponent who chooses a target "of an opponent's
		// choice", one plus their index (0: none named).
		TargetsBy int
	}
	// PlayLand: the player plays a land from their hand (305.1), a special
	// action.
	PlayLand struct {
		Player PlayerID
		Card   cardtext.ObjectID
	}
)

func (a CastSpell) apply(t *tx) error {
	o, err := t.object(a.Card)
	if err != nil {
		return err
	}
	ch := t.chars(o)
	own := ch
	if ch, err = t.castFace(o, ch, a.Half, a.Back, a.Adventure); err != nil {
		return err
	}
	// The spell it would be: bestowed, an Aura (702.103b). 702.103d: only
	// those characteristics decide whether it can be cast.
	cast, err := t.castChars(o, ch, a.Bestow, a.FaceDown)
	if err != nil {
		return err
	}
	judge := ch
	if a.Bestow && t.applies(registry.BestowJudge) {
		judge = cast
	}
	if a.FaceDown && t.applies(registry.AltChars) {
		// 601.3e: cast face down, it is judged as the 2/2 face-down
		// creature it becomes (702.37c), with the effects that would apply
		// to that.
		judge = cast
	}
	if a.Adventure && !(t.applies(registry.AdventureJudge) && t.applies(registry.AltChars)) {
		// 715.3a, 601.3e: only the Adventure's characteristics decide
		// whether it can be cast; without those rules, the card's own do.
		judge = own
	}
	way := castWay{adventure: a.Adventure}
	if judge.Types.Is("land") {
		return t.ruleErr(registry.PlayLand, "%s is a land: it's played, not cast (305.9)", o.Label)
	}
	if err := t.castFrom(o, a.Player, judge, &way); err != nil {
		// 702.103d: bestowed, it is judged as the Aura spell it would be,
		// so a permission for what the card is (a creature spell) doesn't
		// let it be cast: that refusal is 702.103d's.
		if re := (*RuleError)(nil); a.Bestow && judge != ch && errors.As(err, &re) &&
			t.castFrom(o, a.Player, ch, &castWay{adventure: a.Adventure}) == nil {
			return t.ruleErr(registry.BestowJudge, "%s cast bestowed is an Aura spell, not what it is as a card: %s", o.Label, re.Msg)
		}
		return err
	}
	if !t.s.HasPriority(a.Player) {
		return t.ruleErr(registry.Timing, "%s doesn't have priority; %s does", t.name(a.Player), t.name(t.s.Priority))
	}
	// 117.1a: an instant any time with priority; anything else in your own
	// main phase with an empty stack.
	if err := t.castTiming(o, a.Player, ch, cast, &way); err != nil {
		return err
	}
	if err := t.asThoughBoth(o, &way); err != nil {
		return err
	}
	ch = judge
	// 601.3: a player can begin to cast a spell only if no effect
	// prohibits it (Void Winnower: even mana values). 601.3a: the choices
	// its proposal will make count, so a spell with {X} may be begun if
	// some X would make it allowed.
	xs := []int{0}
	if ch.Cost.Kinds().Has(cardtext.SymVariable) && t.applies(registry.ConsiderChoices) {
		xs = xs[:0]
		for x := range maxConsideredX + 1 {
			xs = append(xs, x)
		}
	}
	var forbid *ruleMod
	for _, x := range xs {
		if forbid = t.castForbidden(o, ch, a.Player, x); forbid == nil {
			break
		}
	}
	if forbid != nil {
		return t.ruleErr(registry.CanCant, "%s can't be cast: %s (%s)", o.Label, forbid.spec.Rules.Describe(), forbid.name)
	}
	// 601.5: once its proposal is complete (X chosen), it must still be
	// allowed.
	if m := t.castForbidden(o, ch, a.Player, a.X); m != nil {
		return t.ruleErr(registry.CanCant, "%s can't be cast with X = %d: %s (%s)", o.Label, a.X, m.spec.Rules.Describe(), m.name)
	}
	// 601.2a: the card moves to the stack.
	id, err := t.move(o.ID, cardtext.Stack, false, nil, registry.Cast, "is cast")
	if err != nil {
		return err
	}
	sp := t.s.Object(id)
	sp.Controller = a.Player
	sp.Half, sp.Adventure = a.Half, a.Adventure
	if a.Back {
		sp.Face = FaceBack
	}
	sp.Bestowed = a.Bestow
	sp.FaceDown = a.FaceDown // 702.37c: turned face down as it's cast
	t.dirty()
	item := &StackItem{Kind: StackSpell, Source: id, SourceName: sp.Label, Controller: a.Player, X: a.X, Kicked: a.Kicker, Flashback: way.flashback}
	modal := false
	for _, ab := range t.chars(sp).Abilities {
		if ab.Modal != nil {
			// 601.2b: the modes are announced first (700.2a).
			modes, err := t.chooseModes(ab, a.Modes, len(a.Kicker) > 0, sp.Label)
			if err != nil {
				return err
			}
			chooser, err := t.modeChooser(ab, a.Player, a.ModesBy, modes, sp.Label)
			if err != nil {
				return err
			}
			modal = true
			item.Abilities = append(item.Abilities, modes...)
			item.Modes = slices.Clone(a.Modes)
			t.emit(Event{Kind: EvCast, Key: registry.AddCost, Object: sp.Label, ObjectID: id, Player: t.name(chooser),
				Text: fmt.Sprintf("%s chooses %s for %s", t.name(chooser), modesText(ab, a.Modes), sp.Label)})
			continue
		}
		if ab.Kind == cardtext.AbSpell {
			item.Abilities = append(item.Abilities, ab)
		}
		if ab.Kind == cardtext.AbKeyword && ab.Keyword == "enchant" {
			// 115.1b: an Aura spell targets what it will enchant.
			item.Abilities = append(item.Abilities, ab)
		}
	}
	// 601.2b: splice (702.47): reveal cards, whose text the spell gains.
	var adds []cardtext.ManaCost
	if len(a.Splice) > 0 && !t.applies(registry.Splice) {
		return t.ruleErr(registry.Splice, "splice is a keyword without rules: nothing can be spliced")
	}
	for _, sid := range a.Splice {
		c, err := t.object(sid)
		if err != nil {
			return err
		}
		if c.Zone != cardtext.Hand || c.Owner != a.Player {
			return t.ruleErr(registry.Splice, "%s must be in %s's hand to be spliced", c.Label, t.name(a.Player))
		}
		var spl *cardtext.Ability
		for _, x := range t.chars(c).Abilities {
			if x.Kind == cardtext.AbKeyword && x.Keyword == "splice" {
				spl = x
			}
		}
		if spl == nil || !t.chars(sp).Types.HasSubtype(spl.Param) {
			return t.ruleErr(registry.Splice, "%s can't be spliced onto %s", c.Label, sp.Label)
		}
		for _, x := range t.chars(c).Abilities {
			if x.Kind == cardtext.AbSpell {
				item.Abilities = append(item.Abilities, x)
			}
		}
		adds = append(adds, spl.KCost.Mana)
		t.emit(Event{Kind: EvCast, Key: registry.Splice, Object: c.Label, ObjectID: c.ID, Player: t.name(a.Player),
			Text: fmt.Sprintf("%s reveals %s and splices it onto %s", t.name(a.Player), c.Label, sp.Label)})
	}
	// Additional and alternative costs (601.2b, 601.2f).
	var extra *cardtext.Cost
	base := t.chars(sp).Cost
	if way.flashback {
		// 702.34a: the flashback cost rather than its mana cost, as the
		// card being cast has it: a flashback an effect granted the card in
		// the graveyard ("gains flashback") counts though the spell on the
		// stack is a new object the effect doesn't reach.
		for _, ab := range ch.Abilities {
			if ab.Kind == cardtext.AbKeyword && ab.Keyword == "flashback" && ab.KCost != nil {
				base = ab.KCost.Mana
			}
		}
	}
	if a.FaceDown {
		base = cardtext.ManaCost{{Kind: cardtext.SymGeneric, N: 3}} // 702.37a: {3} rather than its mana cost
	}
	for _, ab := range t.chars(sp).Abilities {
		switch {
		case ab.AddCost != nil:
			extra = mergeCost(extra, ab.AddCost)
		case ab.AltCost != nil && a.Alt:
			base = ab.AltCost.Mana
			extra = mergeCost(extra, &cardtext.Cost{Life: ab.AltCost.Life, Sac: ab.AltCost.Sac, Discard: ab.AltCost.Discard})
		case ab.Kind == cardtext.AbKeyword && ab.Keyword == "bestow" && a.Bestow:
			base = ab.KCost.Mana // 702.103a: rather than its mana cost
		case ab.Kind == cardtext.AbKeyword && ab.Keyword == "flashback" && way.flashback:
			base = ab.KCost.Mana // 702.34a: rather than its mana cost
			if ab.KCost.SelfMana {
				// "The flashback cost is equal to its mana cost." (702.1a)
				base = t.chars(sp).Cost
			}
		case ab.Kind == cardtext.AbKeyword && ab.Keyword == "kicker":
			for _, k := range a.Kicker {
				kk := append([]*cardtext.Ability{ab}, ab.Parts...)
				if k >= len(kk) {
					return t.ruleErr(registry.Kicker, "%s has no kicker %d", sp.Label, k+1)
				}
				adds = append(adds, kk[k].KCost.Mana)
			}
		}
	}
	if extra != nil && extra.Or != nil {
		// 601.2b: of "A or B", the caster announces which they pay:
		// revealing a card says A.
		if len(a.Reveal) == 0 {
			or := extra.Or
			extra = mergeCost(&cardtext.Cost{Mana: extra.Mana, Life: extra.Life, Discard: extra.Discard, Sac: extra.Sac}, or)
			adds = append(adds, or.Mana)
			extra.Mana = nil
		} else {
			extra.Or = nil
		}
	}
	var water int // generic mana in the waterbend cost (701.67a)
	if extra != nil && len(extra.Waterbend) > 0 {
		adds = append(adds, extra.Waterbend)
		for _, m := range extra.Waterbend {
			if m.Kind == cardtext.SymGeneric {
				water += m.N
			}
		}
	}
	if len(a.Reveal) > 0 && (extra == nil || extra.Reveal == nil) {
		return t.ruleErr(registry.AddCost, "%s's costs don't ask for revealing a card", sp.Label)
	}
	if len(a.Reveal) > 1 {
		return t.ruleErr(registry.AddCost, "%s's cost asks for revealing one card", sp.Label)
	}
	if len(a.Modes) > 0 && !modal {
		return t.ruleErr(registry.AddCost, "%s isn't modal: it has no modes to choose", sp.Label)
	}
	if a.Alt && (a.Bestow || way.flashback || a.FaceDown) || a.FaceDown && (a.Bestow || way.flashback) {
		// 601.2b: one alternative cost.
		return t.ruleErr(registry.AddCost, "%s can't be cast with two alternative costs", sp.Label)
	}
	if a.Alt && base == nil && extra == nil {
		return t.ruleErr(registry.AddCost, "%s has no alternative cost", sp.Label)
	}
	// 601.2c: targets.
	for _, ab := range item.Abilities {
		item.Specs = append(item.Specs, ab.Targets...)
	}
	if spch := t.chars(sp); spch.Types.Is("instant") || spch.Types.Is("sorcery") {
		for _, ab := range spch.Abilities {
			// 115.1a: an activated or triggered ability of an instant or
			// sorcery that says "target" is targeted; the spell isn't.
			if (ab.Kind == cardtext.AbActivated || ab.Kind == cardtext.AbTriggered) && len(ab.Targets) > 0 && !t.applies(registry.SpellTargets) {
				item.Specs = append(item.Specs, ab.Targets...)
			}
		}
	}
	item.Targets, err = t.checkTargets(item.Specs, a.Targets, a.Player, sp, t.chars(sp), true, false)
	if err != nil {
		return err
	}
	sp.Stack = item
	// 601.2f: the total cost, locked in before it is paid.
	var more, less []cardtext.ManaCost
	for _, m := range t.ruleMods(cardtext.RuleCostMore) {
		if t.costModApplies(m, sp, a.Player) {
			more = append(more, m.mod.Mana)
		}
	}
	for _, m := range t.ruleMods(cardtext.RuleCostLess) {
		if !m.mod.Self && t.costModApplies(m, sp, a.Player) {
			less = append(less, m.mod.Mana)
		}
	}
	// A spell's own cost change applies from the stack (601.2f).
	for _, ab := range t.chars(sp).Abilities {
		for _, spec := range ab.Static {
			if m := spec.Rules; m != nil && m.Self && m.Kind == cardtext.RuleCostLess {
				n := 1
				if m.Per != nil {
					n = countAmount(&t.s, cardtext.Amount{Count: m.Per}, sp, a.Player, nil, nil)
				}
				for range n {
					less = append(less, m.Mana)
				}
			}
		}
	}
	if way.commander {
		// 903.8: the commander tax, an additional cost.
		if tax := t.commanderTax(sp); tax != nil {
			adds = append(adds, tax)
			t.emit(Event{Kind: EvCost, Key: registry.CommanderTax, Object: sp.Label, ObjectID: id, Player: t.name(a.Player),
				Text: fmt.Sprintf("%s costs %s more: the commander tax", sp.Label, tax)})
		}
	}
	total := totalCost(base, a.X, adds, more, less)
	t.emit(Event{Kind: EvCost, Key: registry.TotalCost, Object: sp.Label, ObjectID: id, Player: t.name(a.Player),
		Text: fmt.Sprintf("the total cost of %s is %s%s, locked in", sp.Label, costOrZero(total), extra.Describe())})
	// 702.51a: without convoke, the creatures named tap for nothing and
	// the whole cost is paid with mana.
	if len(a.Convoke) > 0 && t.applies(registry.Convoke) {
		var err error
		if t.applies(registry.ConvokeTotal) {
			total, err = t.convoke(a.Player, sp, total, a.Convoke)
		} else {
			// Without 702.51b, convoke would pay part of the cost before
			// it is totalled, and reductions would apply to what's left.
			var left cardtext.ManaCost
			if left, err = t.convoke(a.Player, sp, totalCost(base, a.X, adds, more, nil), a.Convoke); err == nil {
				total = totalCost(left, 0, nil, nil, less)
			}
		}
		if err != nil {
			return err
		}
	}
	if len(a.Waterbend) > 0 {
		var err error
		if total, err = t.waterbend(a.Player, sp, total, water, a.Waterbend); err != nil {
			return err
		}
	}
	// 601.2h: pay it.
	if extra != nil && extra.Reveal != nil {
		if len(a.Reveal) == 0 {
			return t.ruleErr(registry.AddCost, "%s's cost asks for revealing a %s from %s's hand", sp.Label, extra.Reveal.String(), t.name(a.Player))
		}
		if err := t.payReveal(a.Player, sp, extra.Reveal, a.Reveal[0]); err != nil {
			return err
		}
	}
	spent, err := t.payCost(a.Player, sp, total, extra, a.Pay, a.Sac, a.Discard, 0, nil)
	if err != nil {
		return err
	}
	sp = t.s.Object(id)
	item.Spent = spent.mana
	item.Sacrificed = spent.sacrificed
	sp.Cast = &CastInfo{X: a.X, Kicked: a.Kicker, Spent: spent.mana}
	var tgts []string
	for _, ts := range item.Targets {
		for _, x := range ts {
			tgts = append(tgts, t.targetText(x))
		}
	}
	text := fmt.Sprintf("%s casts %s", t.name(a.Player), sp.Label)
	if sp.Adventure {
		text += " as its Adventure (" + t.chars(sp).Name + ")" // 715.3
	}
	if len(tgts) > 0 {
		text += " targeting " + strings.Join(tgts, ", ")
	}
	t.emit(Event{Kind: EvCast, Key: registry.Cast, Object: sp.Label, ObjectID: id, Player: t.name(a.Player), PlayerID: a.Player, HasPlayer: true, Text: text})
	if way.commander {
		t.castFromCommand(sp, a.Player)
	}
	t.logSpend(a.Player, spent.mana.Total())
	// 117.3c: the caster gets priority again.
	t.s.Priority, t.s.Passes = a.Player, 0
	return nil
}

// maxConsideredX is the largest X 601.3a tries: enough for any quality the
// engine's prohibitions ask about (a mana value's parity).
const maxConsideredX = 3

// castForbidden returns the effect that forbids player p to cast o (with
// characteristics ch) as a spell with X = x, or nil (101.2: "can't" beats
// "can").
func (t *tx) castForbidden(o *Object, ch *Chars, p PlayerID, x int) *ruleMod {
	if !t.applies(registry.CanCant) {
		return nil
	}
	probe := *o
	probe.Zone = cardtext.Stack
	probe.Stack = &StackItem{Kind: StackSpell, X: x}
	for _, m := range t.ruleMods(cardtext.RuleCantCast) {
		if (m.mod.Who == cardtext.Opponents && !t.s.Opponents(m.ctrl, p)) || (m.mod.Who == cardtext.Yours && m.ctrl != p) {
			continue
		}
		if matchFilter(&t.s, m.mod.Filter, &probe, ch, m.src, p) {
			return &m
		}
	}
	return nil
}

func costOrZero(c cardtext.ManaCost) string {
	if len(c) == 0 {
		return "{0}"
	}
	return c.String()
}

func lifeOf(c *cardtext.Cost) int {
	if c == nil {
		return 0
	}
	return c.Life
}

// logSpend records mana spent on spells this turn and a spell cast.
func (t *tx) logSpend(p PlayerID, n int) {
	l := &t.s.Log
	for len(l.Spent) <= int(p) {
		l.Spent = append(l.Spent, 0)
		l.Cast = append(l.Cast, 0)
	}
	before := l.Spent[p]
	l.Spent[p] += n
	l.Cast[p]++
	t.expend(p, before, l.Spent[p])
}

func (t *tx) costModApplies(m ruleMod, sp *Object, p PlayerID) bool {
	if m.mod.Who == cardtext.Yours && m.ctrl != p {
		return false
	}
	return matchFilter(&t.s, m.mod.Filter, sp, t.chars(sp), m.src, m.ctrl)
}

func mergeCost(a, b *cardtext.Cost) *cardtext.Cost {
	if a == nil {
		c := *b
		return &c
	}
	c := *a
	c.Mana = append(append(cardtext.ManaCost(nil), a.Mana...), b.Mana...)
	c.Life += b.Life
	c.Discard += b.Discard
	c.Waterbend = append(append(cardtext.ManaCost(nil), a.Waterbend...), b.Waterbend...)
	if b.Sac != nil {
		c.Sac = b.Sac
	}
	if b.Reveal != nil {
		c.Reveal = b.Reveal
	}
	if b.Or != nil {
		c.Or = b.Or
	}
	return &c
}

// paid is what paying a cost did.
type paid struct {
	mana       cardtext.Mana
	sacrificed []Snapshot
	removed    int
	tapped     []Snapshot
	exiled     []Snapshot
	exiledTop  []cardtext.ObjectID // the cards "Exile the top N cards of your library" exiled, as they are now
	discarded  cardtext.ObjectID   // the card itself, discarded (cycling): what it became
}

// payCost pays a total cost (601.2h, 602.2b): mana from the pool, life,
// tapping, sacrifices, discards, counters. Partial payments aren't allowed:
// any failure fails the whole action.
func (t *tx) payCost(p PlayerID, self *Object, mana cardtext.ManaCost, c *cardtext.Cost, pm Payment, sac, discard []cardtext.ObjectID, remove int, tap []cardtext.ObjectID) (paid, error) {
	var out paid
	if !t.applies(registry.Pay) { // 601.2h: the player pays the total cost
		return out, nil
	}
	selfID := cardtext.ObjectID(0)
	if self != nil {
		selfID = self.ID
	}
	pl := &t.s.Players[p]
	var spell *Object
	if self != nil && self.Zone == cardtext.Stack {
		spell = self
	}
	_, spent, life, err := pay(t.usablePool(p, spell), mana, pm, t.ed)
	if err != nil {
		return out, t.ruleErr(registry.Pay, "%s", err)
	}
	if c != nil {
		life += c.Life
		if c.LifeHalf {
			half := (t.lifeOf(p) + 1) / 2
			life += half
			c = &cardtext.Cost{Life: c.Life + half} // reported with the cost's life below
		}
	}
	if have := t.lifeOf(p); life > 0 && have < life {
		// 119.4: a player can pay life only if their life total is at
		// least that much.
		return out, t.ruleErr(registry.Pay, "%s can't pay %d life with %d", pl.Name, life, have)
	}
	t.spendPool(p, spell, spent)
	out.mana = spent
	if spent.Total() > 0 || life > 0 {
		key := registry.Pay
		kinds := mana.Kinds()
		switch {
		case kinds.Has(cardtext.SymPhyrexian) || kinds.Has(cardtext.SymHybridPhyrexian):
			key = registry.Phyrexian // 107.4f: mana of its color or 2 life
		case kinds.Has(cardtext.SymHybrid) || kinds.Has(cardtext.SymMonoHybrid):
			key = registry.Hybrid // 107.4e: either half
		}
		t.emit(Event{Kind: EvCost, Key: key, Player: pl.Name, N: spent.Total(),
			Text: fmt.Sprintf("%s pays %s for %s", pl.Name, Payment{Mana: spent, Life: life - lifeOf(c)}, mana)})
	}
	if life > 0 {
		if err := t.life(p, -life, registry.Pay, "as a cost"); err != nil {
			return out, err
		}
	}
	if c == nil || c.TapOther == nil {
		if len(tap) > 0 {
			return out, t.ruleErr(registry.Pay, "nothing to tap: the cost doesn't ask for it")
		}
	}
	if c == nil {
		if len(sac) > 0 || len(discard) > 0 {
			return out, t.ruleErr(registry.Pay, "nothing to sacrifice or discard: the cost doesn't ask for it")
		}
		return out, nil
	}
	if c.Tap || c.Untap {
		if self == nil || self.Zone != cardtext.Battlefield {
			return out, t.ruleErr(registry.Pay, "only a permanent can be tapped for a cost")
		}
		if c.Tap {
			if self.Tapped {
				return out, t.ruleErr(registry.Tap, "%s is already tapped; {T} can't be paid", self.Label)
			}
			// 302.6: a creature's {T} abilities need it to have been
			// controlled since the turn began, unless it has haste.
			if ch := t.chars(self); ch.Types.Is("creature") && self.Sick && !ch.HasKeyword("haste") && t.applies(registry.Sick) { // 302.6
				return out, t.ruleErr(registry.Sick, "%s hasn't been under its controller's control since their most recent turn began: it can't pay {T}", self.Label)
			}
			t.tap(self)
		}
		if c.Untap {
			if !self.Tapped {
				return out, t.ruleErr(registry.Untap, "%s is untapped; {Q} can't be paid", self.Label)
			}
			self.Tapped = false
			t.emit(Event{Kind: EvTap, Key: registry.Untap, Object: self.Label, ObjectID: self.ID, Text: self.Label + " untaps to pay {Q}"})
		}
	}
	if c.Remove != "" {
		n := c.RemoveN
		if c.RemoveX {
			n = remove
		}
		if self.Counters.Get(c.Remove) < n {
			return out, t.ruleErr(registry.Pay, "%s has %d %s counters; %d can't be removed", self.Label, self.Counters.Get(c.Remove), c.Remove, n)
		}
		if n > 0 {
			if err := t.counters(ObjectTarget(self.ID), c.Remove, -n); err != nil {
				return out, err
			}
		}
		out.removed = n
	}
	if c.TapOther != nil {
		tapped, err := t.tapForCost(p, self, c, tap)
		if err != nil {
			return out, err
		}
		out.tapped = tapped
	}
	if c.DiscardSelf {
		// "Discard this card" (702.29a): the card itself, from its owner's hand.
		if self == nil || self.Zone != cardtext.Hand || self.Owner != p {
			return out, t.ruleErr(registry.Discard, "only a card in %s's hand can be discarded to pay this cost", pl.Name)
		}
		nid, err := t.move(self.ID, cardtext.Graveyard, false, nil, registry.Discard, "is discarded to pay a cost")
		if err != nil {
			return out, err
		}
		out.discarded = nid
	}
	if c.ExileSelf {
		// "Exile this card from your graveyard" (702.97a).
		if self == nil || self.Zone != cardtext.Graveyard || self.Owner != p {
			return out, t.ruleErr(registry.Exile, "only a card in %s's graveyard can be exiled to pay this cost", pl.Name)
		}
		out.exiled = append(out.exiled, *t.snapshotOf(self.ID))
		if _, err := t.move(self.ID, cardtext.Exile, false, nil, registry.Exile, "is exiled to pay a cost"); err != nil {
			return out, err
		}
	}
	if c.ExileTop > 0 {
		lib := t.s.In(p, cardtext.Library)
		if len(lib) < c.ExileTop {
			return out, t.ruleErr(registry.Pay, "%s's library has %d cards; %d can't be exiled", pl.Name, len(lib), c.ExileTop)
		}
		for k := 0; k < c.ExileTop; k++ {
			nid, err := t.move(t.s.Top(p).ID, cardtext.Exile, false, nil, registry.Exile, "is exiled to pay a cost")
			if err != nil {
				return out, err
			}
			out.exiledTop = append(out.exiledTop, nid)
		}
	}
	self = t.s.Object(selfID) // exiling cards may have moved it in the slice
	need := 0
	if c.Sac != nil {
		need = 1
	}
	if c.SacSelf {
		if self == nil || self.Zone != cardtext.Battlefield {
			return out, t.ruleErr(registry.Sacrifice, "only a permanent can be sacrificed")
		}
		sac = append([]cardtext.ObjectID{self.ID}, sac...)
		need++
	}
	if len(sac) != need {
		if need == 0 {
			return out, t.ruleErr(registry.Sacrifice, "the cost doesn't ask for a sacrifice")
		}
		return out, t.ruleErr(registry.Sacrifice, "the cost asks for sacrificing %s", c.Describe())
	}
	for i, id := range sac {
		o, err := t.object(id)
		if err != nil {
			return out, err
		}
		if i > 0 || !c.SacSelf {
			if !matchFilter(&t.s, c.Sac, o, t.chars(o), self, p) {
				return out, t.ruleErr(registry.Sacrifice, "%s isn't a %s", o.Label, c.Sac.String())
			}
		}
	}
	if len(sac) > 0 {
		for _, id := range sac {
			out.sacrificed = append(out.sacrificed, *t.snapshotOf(id))
		}
		if err := (Sacrifice{Player: p, Objects: sac}).apply(t); err != nil {
			return out, err
		}
	}
	if len(discard) != c.Discard {
		return out, t.ruleErr(registry.Discard, "the cost asks for discarding %d card%s", c.Discard, plural(c.Discard))
	}
	for _, id := range discard {
		o, err := t.object(id)
		if err != nil {
			return out, err
		}
		if o.Zone != cardtext.Hand || o.Owner != p || o.ID == selfID {
			return out, t.ruleErr(registry.Discard, "%s isn't a card in %s's hand", o.Label, pl.Name)
		}
		if _, err := t.move(id, cardtext.Graveyard, false, nil, registry.Discard, "is discarded"); err != nil {
			return out, err
		}
	}
	return out, nil
}

func (a Activate) apply(t *tx) error {
	o, err := t.object(a.Object)
	if err != nil {
		return err
	}
	ch := t.chars(o)
	if a.Ability < 0 || a.Ability >= len(ch.Abilities) || !ch.Abilities[a.Ability].Activated() {
		return fmt.Errorf("%s has no activated ability %d", o.Label, a.Ability+1)
	}
	ab := ch.Abilities[a.Ability]
	// 602.2: only its controller (in a graveyard: its owner) activates it,
	// where it works.
	who := ch.Controller
	if o.Zone != cardtext.Battlefield {
		who = o.Owner
	}
	if who != a.Player {
		return t.ruleErr(registry.Activate, "%s doesn't control %s", t.name(a.Player), o.Label)
	}
	// 113.6m: an ability that moves its object out of a zone works only in
	// that zone; without it, like any other, only on the battlefield.
	zone, rule := cardtext.Battlefield, registry.Activate
	if ab.From != 0 && t.applies(registry.AbilityZone) {
		zone, rule = ab.From, registry.AbilityZone
	}
	if o.Zone != zone || o.PhasedOut {
		return t.ruleErr(rule, "%s's ability works only while it's in %s; it's in %s", o.Label, t.ed.ZoneName(zone), t.where(o))
	}
	if ab.Keyword == "cycling" && !t.applies(registry.Cycling) { // 702.29a
		return t.ruleErr(registry.Activate, "%s has no cycling ability that works", o.Label)
	}
	mana := t.isManaAbility(o, ab)
	if !mana && !t.s.HasPriority(a.Player) {
		return t.ruleErr(registry.Timing, "%s doesn't have priority; %s does", t.name(a.Player), t.name(t.s.Priority))
	}
	if ab.Sorcery && t.applies(registry.Timing) && (!t.s.IsActive(a.Player) || !t.s.Step.IsMain() || t.top() != nil) {
		return t.ruleErr(registry.Timing, "%s's ability can be activated only as a sorcery", o.Label)
	}
	if w := ab.During; w != nil && t.applies(registry.ActivateBanned) {
		// 602.5: "Activate only during your turn", "… during your upkeep",
		// "… before attackers are declared".
		if w.OwnTurn && !t.s.IsActive(a.Player) || w.Step != 0 && t.s.Step != w.Step || w.BeforeAttackers && t.s.Step >= cardtext.StepAttackers {
			return t.ruleErr(registry.ActivateBanned, "%s's ability can't be activated now: %s", o.Label, ab.During.String())
		}
	}
	if ab.OncePerTurn && t.applies(registry.ActivateBanned) && slices.Contains(o.UsedThisTurn(t.s.Turn), ab) {
		// 602.5: "A player can't begin to activate an ability that's
		// prohibited from being activated"; 602.5b: the restriction stays
		// with the object whoever controls it.
		return t.ruleErr(registry.ActivateBanned, "%s's ability can be activated only once each turn; it was this turn", o.Label)
	}
	if !mana {
		if err := t.fragmentedLoop(a.Player, fmt.Sprintf("activate %d %d %v", a.Object, a.Ability, a.Targets)); err != nil {
			return err
		}
	}
	if ab.Cost != nil && ab.Cost.Mana.Kinds().Has(cardtext.SymVariable) == false && a.X != 0 && !ab.Cost.RemoveX {
		return fmt.Errorf("%s's ability has no X", o.Label)
	}
	var loyalty []int
	if ab.Cost != nil && ab.Cost.HasLoyalty {
		if loyalty, err = t.loyaltyCosts(o, ab, a.Player); err != nil {
			return err
		}
	}
	snap := Snapshot{ID: o.ID, Obj: *o, Chars: *ch}
	item := &StackItem{Kind: StackActivated, Abilities: []*cardtext.Ability{ab}, Source: o.ID, SourceName: o.Label,
		SourceSnap: &snap, Controller: a.Player, X: a.X, Specs: ab.Targets, Link: t.linkOf(o, ab)}
	t.targetsBy = a.TargetsBy
	item.Targets, err = t.checkTargets(ab.Targets, a.Targets, a.Player, o, ch, false, false)
	t.targetsBy = 0
	if err != nil {
		return err
	}
	cost := t.activationCost(ab, ch)
	oLabel, oName, oID := o.Label, o.Card.Name, o.ID
	if loyalty != nil {
		if err := t.payLoyalty(o, loyalty); err != nil {
			return err
		}
	}
	total := totalCost(cost.Mana, a.X, nil, nil, nil)
	p, err := t.payCost(a.Player, o, total, cost, a.Pay, a.Sac, a.Discard, a.Remove, a.Tap)
	if err != nil {
		return err
	}
	item.Spent, item.Sacrificed, item.Removed = p.mana, p.sacrificed, p.removed
	item.Tapped, item.Exiled = p.tapped, p.exiled
	for _, id := range p.exiledTop {
		// 607.2a: cards its cost exiled are exiled "with" the object.
		if n := t.s.Object(id); n != nil {
			n.ExiledBy, n.ExiledLink = oID, item.Link
		}
	}
	if src := t.s.Object(oID); src != nil && ab.OncePerTurn {
		src.used(ab, t.s.Turn)
	}
	if p.discarded != 0 && ab.Keyword == "cycling" {
		t.cycled(a.Player, oLabel, oID, p.discarded)
	}
	if ab.Keyword == "crew" && t.applies(registry.Crews) {
		// 702.122b: each creature tapped to pay a crew cost crews the Vehicle.
		for _, c := range p.tapped {
			t.emit(Event{Kind: EvCrew, Key: registry.Crews, Object: c.Obj.Label, ObjectID: c.ID, Source: oID, Player: t.name(a.Player),
				Text: fmt.Sprintf("%s crews %s", c.Obj.Label, oLabel)})
		}
	}
	if cost.RemoveX {
		item.X = p.removed
	}
	text := fmt.Sprintf("%s activates %s: %s", t.name(a.Player), oLabel, ab.Display(ch.Name))
	if mana {
		// 605.3b: a mana ability resolves at once, without the stack.
		t.emit(Event{Kind: EvCast, Key: registry.ManaAbility, Object: oLabel, ObjectID: oID, Player: t.name(a.Player), Text: text})
		ex := t.newExec(item, nil)
		// 106.12: a mana ability with {T} in its activation cost taps
		// its permanent for mana.
		ex.tappedForMana = ab.Cost != nil && ab.Cost.Tap
		if err := ex.run(ab, 0); err != nil {
			return err
		}
		if src := t.s.Object(oID); src != nil && ex.tappedForMana {
			if err := t.tapForManaTriggers(src, a.Player, ex.added); err != nil {
				return err
			}
		}
		return nil
	}
	obj := t.s.newObject(&cardtext.Card{Name: oName + " ability"}, a.Player, cardtext.Stack, false)
	obj.Label = oLabel + " ability" + strings.TrimPrefix(obj.Label, oName+" ability")
	obj.Stack = item
	var tgts []string
	for _, ts := range item.Targets {
		for _, x := range ts {
			tgts = append(tgts, t.targetText(x))
		}
	}
	if len(tgts) > 0 {
		text += " targeting " + strings.Join(tgts, ", ")
	}
	t.emit(Event{Kind: EvCast, Key: registry.Activate, Object: obj.Label, ObjectID: obj.ID, Source: oID, Player: t.name(a.Player), Text: text})
	t.s.Priority, t.s.Passes = a.Player, 0
	return nil
}

// isManaAbility reports whether activating ab of o is activating a mana
// ability. 605.1a asks whether it could add mana as it resolves; 605.2 keeps
// it a mana ability even when the game state lets it add none (no
// creatures to count, its permanent already tapped).
func (t *tx) isManaAbility(o *Object, ab *cardtext.Ability) bool {
	if !ab.Mana || t.applies(registry.ManaAbilityStays) {
		return ab.Mana
	}
	if ab.Cost != nil && ab.Cost.Tap && o.Tapped {
		return false
	}
	item := &StackItem{Kind: StackActivated, Abilities: []*cardtext.Ability{ab}, Source: o.ID, SourceName: o.Label, Controller: t.chars(o).Controller}
	x := t.newExec(item, nil)
	for _, in := range ab.Effect {
		if in.Op == cardtext.OpAddMana && in.Mana != nil && x.couldAdd(in.Mana) {
			return true
		}
	}
	return false
}

// landsPlayed is how many lands count against p's lands this turn (305.2):
// those p played or, with shared team turns, those p's team played, unless
// each player on the team may play a land (805.4c).
func (t *tx) landsPlayed(p PlayerID) int {
	own := !t.s.Game.SharedTurns || t.s.teamOption(registry.TeamLands) && t.s.applies(registry.TeamLands)
	n := 0
	for q, k := range t.s.Log.Lands {
		if q == int(p) || !own && t.s.Players[q].Team == t.s.Players[p].Team {
			n += k
		}
	}
	return n
}

func (a PlayLand) apply(t *tx) error {
	o, err := t.object(a.Card)
	if err != nil {
		return err
	}
	if !t.chars(o).Types.Is("land") {
		return fmt.Errorf("%s isn't a land", o.Label)
	}
	if o.Zone != cardtext.Hand || o.Owner != a.Player {
		return t.ruleErr(registry.PlayLand, "%s can play a land only from their hand", t.name(a.Player))
	}
	if !t.s.HasPriority(a.Player) || !t.s.IsActive(a.Player) || !t.s.Step.IsMain() || t.top() != nil {
		return t.ruleErr(registry.PlayLand, "a land can be played only in its owner's main phase, with priority and an empty stack")
	}
	// 101.2: "can't" beats "can".
	for _, m := range t.ruleMods(cardtext.RuleCantPlayLands) {
		if m.ctrl == a.Player && t.applies(registry.CanCant) {
			return t.ruleErr(registry.CanCant, "%s can't play lands this turn (%s)", t.name(a.Player), m.name)
		}
	}
	allowed := 1
	for _, m := range t.ruleMods(cardtext.RuleExtraLand) {
		if m.ctrl == a.Player {
			allowed += max(m.mod.N, 1)
		}
	}
	if n := t.landsPlayed(a.Player); n >= allowed && t.applies(registry.LandCount) {
		return t.ruleErr(registry.LandCount, "%s has played %d land%s this turn, all they may", t.name(a.Player), n, plural(n))
	}
	for len(t.s.Log.Lands) <= int(a.Player) {
		t.s.Log.Lands = append(t.s.Log.Lands, 0)
	}
	t.s.Log.Lands[a.Player]++
	pl := a.Player
	_, err = t.move(o.ID, cardtext.Battlefield, false, &pl, registry.PlayLand, "is played")
	return err
}

// resolve resolves the top object of the stack (608).
func (t *tx) resolve(o *Object) error {
	// Objects move in the slice as others leave: keep the ID, not the
	// pointer.
	oid, label := o.ID, o.Label
	item := o.Stack
	if item == nil {
		return fmt.Errorf("%s has nothing to resolve", o.Label)
	}
	t.resolvedFrom = item.SourceName
	t.s.Priority, t.s.Passes = t.activePriority(), 0 // 117.3b
	if item.Kind == StackCombatDamage {
		return t.resolveCombatDamage(oid)
	}
	// 608.2a: an intervening "if" clause is checked again.
	if item.Kind == StackTriggered && item.Abilities[0].If != nil && t.applies(registry.TriggerIf) && !t.condHolds(item.Abilities[0].If, item) {
		t.emit(Event{Kind: EvResolve, Key: registry.TriggerIf, Object: label, ObjectID: oid,
			Text: label + " does nothing: its condition is no longer true"})
		t.s.remove(oid)
		t.dirty()
		return nil
	}
	item = t.textNow(o, item)
	// 608.2b: targets that are no longer legal.
	legal := make([][]bool, len(item.Targets))
	anyTarget, anyLegal := false, false
	var srcCh *Chars
	src := t.s.Object(item.Source)
	switch {
	case item.Kind != StackSpell && t.ed.LockSource && item.SourceSnap != nil:
		// The classic rules: the ability is what its source was when it
		// was played.
		srcCh = &item.SourceSnap.Chars
	case src != nil:
		srcCh = t.chars(src)
	case item.SourceSnap != nil:
		if lk := t.s.LastKnown(item.Source); lk != nil {
			srcCh = &lk.Chars
		} else {
			srcCh = &item.SourceSnap.Chars
		}
	}
	for i, ts := range item.Targets {
		legal[i] = make([]bool, len(ts))
		for j, tg := range ts {
			anyTarget = true
			if !t.applies(registry.IllegalTargets) || t.stillLegal(item.Specs[i], tg, item, src, srcCh) {
				legal[i][j] = true
				anyLegal = true
			}
		}
	}
	if anyTarget && !anyLegal && o.Bestowed && t.applies(registry.Bestow) {
		// 702.103e: a bestowed Aura spell whose target is illegal ceases
		// to be bestowed and resolves as a creature spell (608.3b).
		o.Bestowed = false
		t.dirty()
		t.emit(Event{Kind: EvResolve, Key: registry.Bestow, Object: label, ObjectID: oid,
			Text: label + "'s target is illegal: it ceases to be bestowed and resolves as a creature spell"})
		// The item is shared with the states before this one: a copy
		// loses its targets.
		cp := *item
		cp.Targets = make([][]Target, len(item.Targets))
		item, o.Stack = &cp, &cp
		anyTarget = false
	}
	if anyTarget && !anyLegal && t.applies(registry.IllegalTargets) {
		t.emit(Event{Kind: EvResolve, Key: registry.IllegalTargets, Object: label, ObjectID: oid,
			Text: label + " doesn't resolve: all its targets are illegal"})
		return t.leaveStack(t.s.Object(oid), true)
	}
	isPermanent := item.Kind == StackSpell && !t.chars(o).Types.Is("instant") && !t.chars(o).Types.Is("sorcery")
	if !isPermanent {
		t.emit(Event{Kind: EvResolve, Key: registry.Resolve, Object: label, ObjectID: oid, Text: label + " resolves"})
		ex := t.newExec(item, legal)
		ex.stackObj = oid
		off := 0
		for _, ab := range item.Abilities {
			if ab.Kind == cardtext.AbKeyword {
				off += len(ab.Targets)
				continue
			}
			if err := ex.run(ab, off); err != nil {
				return err
			}
			off += len(ab.Targets)
		}
		if cur := t.s.Object(oid); cur != nil {
			return t.leaveStack(cur, false)
		}
		return nil
	}
	// 608.3: a permanent spell enters the battlefield; an Aura attached to
	// its target (608.3c).
	ctrl := item.Controller
	oldID := oid
	newID, err := t.move(oid, cardtext.Battlefield, false, &ctrl, registry.EnterResolve, "resolves")
	if err != nil {
		return err
	}
	// 112.4: effects that changed the spell go on applying to the
	// permanent; without it, they end with the spell (400.7).
	for i := range t.s.Effects {
		e := &t.s.Effects[i]
		for j, id := range e.Objects {
			if id == oldID && t.applies(registry.SpellEffects) {
				e.Objects = slices.Clone(e.Objects)
				e.Objects[j] = newID
			}
		}
	}
	if p := t.s.Object(newID); p != nil && p.Zone == cardtext.Battlefield {
		for i, sp := range item.Specs {
			_ = sp
			if len(item.Targets[i]) > 0 && legal[i][0] && !item.Targets[i][0].IsPlayer {
				p.Attached = item.Targets[i][0].Object
				t.emit(Event{Kind: EvRule, Key: registry.EnterResolve, Object: p.Label, ObjectID: p.ID,
					Text: p.Label + " enters attached to " + t.targetText(item.Targets[i][0])})
			}
		}
	}
	return nil
}

// leaveStack removes a resolved or countered object from the stack: a spell
// card to its owner's graveyard (608.2n, 701.6a), an ability ceases to exist.
func (t *tx) leaveStack(o *Object, countered bool) error {
	if o.Stack != nil && o.Stack.Kind != StackSpell {
		t.s.remove(o.ID)
		t.dirty()
		return nil
	}
	if o.Stack != nil && o.Stack.Copy {
		t.s.remove(o.ID)
		t.dirty()
		return nil
	}
	if o.Adventure && !countered && t.applies(registry.AdventureExile) {
		return t.adventureExile(o)
	}
	if o.Stack != nil && o.Stack.Flashback && t.applies(registry.Flashback) {
		// 702.34a: "If the flashback cost was paid, exile this card
		// instead of putting it anywhere else any time it would leave the
		// stack."
		_, err := t.move(o.ID, cardtext.Exile, false, nil, registry.Flashback, "is exiled (flashback)")
		return err
	}
	_, err := t.move(o.ID, cardtext.Graveyard, false, nil, registry.ToGraveyard, "goes to its owner's graveyard")
	return err
}

// stillLegal checks a target again as the spell or ability resolves
// (608.2b): still there, still fitting, not protected.
func (t *tx) stillLegal(sp cardtext.TargetSpec, tg Target, item *StackItem, src *Object, srcCh *Chars) bool {
	spell := item.Kind == StackSpell
	self := src
	if spell {
		self = t.s.Object(item.Source)
	}
	return t.legalTarget(sp, tg, item.Controller, self, srcCh, spell) == nil
}

// counterSpell counters a spell or ability on the stack (701.6a).
func (t *tx) counterSpell(o *Object, by string) error {
	if o.Zone != cardtext.Stack {
		return nil
	}
	if t.hasStatic(o, cardtext.KeywordUncounterable) && t.applies(registry.Uncounterable) { // 113.6g, 101.2
		t.emit(Event{Kind: EvRule, Key: registry.Uncounterable, Object: o.Label, ObjectID: o.ID, Text: o.Label + " can't be countered"})
		return nil
	}
	t.emit(Event{Kind: EvResolve, Key: registry.Counter, Object: o.Label, ObjectID: o.ID, Text: o.Label + " is countered by " + by})
	if o.Stack != nil && o.Stack.Kind != StackSpell {
		t.s.remove(o.ID)
		t.dirty()
		return nil
	}
	_, err := t.move(o.ID, cardtext.Graveyard, false, nil, registry.Counter, "is countered")
	return err
}

// errNoSource is returned when an ability's source is needed and gone.
var errNoSource = errors.New("the source is gone")

// NeedsPriority reports which player must have priority to take an action:
// casting a spell, activating an ability other than a mana ability
// (605.3a), playing a land, passing.
func NeedsPriority(s State, a Action) (PlayerID, bool) {
	switch a := a.(type) {
	case ActFor:
		return NeedsPriority(s, a.Action)
	case CastSpell:
		return a.Player, true
	case PlayLand:
		return a.Player, true
	case PassPriority:
		return a.Player, true
	case TurnFaceUp:
		return a.Player, !a.Effect
	case Activate:
		if o := s.Object(a.Object); o != nil {
			ch := s.Chars(o)
			if a.Ability >= 0 && a.Ability < len(ch.Abilities) && ch.Abilities[a.Ability].Mana {
				return 0, false
			}
		}
		return a.Player, true
	}
	return 0, false
}

// convoke taps creatures to pay for part of a spell's total cost (702.51a):
// each pays for one mana of one of its colors, or for {1}. It isn't an
// additional or alternative cost and applies only after the total cost is
// determined (702.51b), so it comes after cost reductions. It returns what
// is left to pay with mana.
func (t *tx) convoke(p PlayerID, sp *Object, total cardtext.ManaCost, ids []cardtext.ObjectID) (cardtext.ManaCost, error) {
	if !t.chars(sp).HasKeyword("convoke") {
		return nil, t.ruleErr(registry.Convoke, "%s doesn't have convoke", sp.Label)
	}
	left := slices.Clone(total)
	seen := map[cardtext.ObjectID]bool{}
	for _, id := range ids {
		o := t.s.Object(id)
		if o == nil || o.Zone != cardtext.Battlefield {
			return nil, t.ruleErr(registry.Convoke, "only creatures on the battlefield can convoke")
		}
		ch := t.chars(o)
		switch {
		case !ch.Types.Is("creature") || ch.Controller != p:
			return nil, t.ruleErr(registry.Convoke, "%s isn't a creature %s controls", o.Label, t.name(p))
		case o.Tapped || seen[id]:
			return nil, t.ruleErr(registry.Convoke, "%s is already tapped", o.Label)
		}
		seen[id] = true
		// A colored symbol of its color first, then generic mana.
		i := slices.IndexFunc(left, func(s cardtext.ManaSymbol) bool { return s.Kind == cardtext.SymColored && s.Color&ch.Colors != 0 })
		if i >= 0 {
			left = slices.Delete(left, i, i+1)
		} else if i = slices.IndexFunc(left, func(s cardtext.ManaSymbol) bool { return s.Kind == cardtext.SymGeneric && s.N > 0 }); i >= 0 {
			left[i].N--
			if left[i].N == 0 {
				left = slices.Delete(left, i, i+1)
			}
		} else {
			return nil, t.ruleErr(registry.Convoke, "%s can't pay for any of %s's cost that is left (%s)", o.Label, sp.Label, costOrZero(left))
		}
		t.tap(o)
		t.emit(Event{Kind: EvCost, Key: registry.Convoke, Object: o.Label, ObjectID: id, Player: t.name(p),
			Text: fmt.Sprintf("%s convokes %s: %s left to pay", o.Label, sp.Label, costOrZero(left))})
	}
	return left, nil
}

// waterbend taps artifacts and creatures to pay for generic mana of a
// spell's total cost (701.67a: "For each generic mana in that cost, you may
// tap an untapped artifact or creature you control rather than pay that
// mana"), no more of them than the waterbend cost has generic mana, even if
// the total cost has more (701.67b). It returns what is left to pay.
func (t *tx) waterbend(p PlayerID, sp *Object, total cardtext.ManaCost, water int, ids []cardtext.ObjectID) (cardtext.ManaCost, error) {
	if water == 0 || !t.applies(registry.Waterbend) {
		return nil, t.ruleErr(registry.Waterbend, "%s's costs have no waterbend cost to tap for", sp.Label)
	}
	if len(ids) > water && t.applies(registry.WaterbendOnly) {
		return nil, t.ruleErr(registry.WaterbendOnly, "tapping %d artifacts and creatures: they pay only for the {%d} of %s's waterbend cost, not for the rest of its total cost", len(ids), water, sp.Label)
	}
	left := slices.Clone(total)
	seen := map[cardtext.ObjectID]bool{}
	for _, id := range ids {
		o := t.s.Object(id)
		if o == nil || o.Zone != cardtext.Battlefield {
			return nil, t.ruleErr(registry.Waterbend, "only artifacts and creatures on the battlefield can be tapped to waterbend")
		}
		ch := t.chars(o)
		switch {
		case !ch.Types.Is("artifact") && !ch.Types.Is("creature") || ch.Controller != p:
			return nil, t.ruleErr(registry.Waterbend, "%s isn't an artifact or creature %s controls", o.Label, t.name(p))
		case o.Tapped || seen[id]:
			return nil, t.ruleErr(registry.Waterbend, "%s is already tapped", o.Label)
		}
		seen[id] = true
		i := slices.IndexFunc(left, func(s cardtext.ManaSymbol) bool { return s.Kind == cardtext.SymGeneric && s.N > 0 })
		if i < 0 {
			return nil, t.ruleErr(registry.Waterbend, "%s has no generic mana left to pay for (%s)", sp.Label, costOrZero(left))
		}
		left[i].N--
		if left[i].N == 0 {
			left = slices.Delete(left, i, i+1)
		}
		t.tap(o)
		t.emit(Event{Kind: EvCost, Key: registry.Waterbend, Object: o.Label, ObjectID: id, Player: t.name(p),
			Text: fmt.Sprintf("%s taps %s rather than pay {1} of the waterbend cost: %s left to pay", t.name(p), o.Label, costOrZero(left))})
	}
	return left, nil
}
