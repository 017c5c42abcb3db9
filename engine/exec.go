package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// execCtx is a spell or ability resolving: its controller following its
// instructions in order (608.2c).
type execCtx struct {
	t       *tx
	as      *cardtext.Instr // an effect to apply as the permanent being put onto the battlefield enters (611.2e)
	item    *StackItem
	legal   [][]bool
	ctrl    PlayerID
	off     int                 // the first target of the ability being followed
	it      []cardtext.ObjectID // what the last instruction acted on
	created []cardtext.ObjectID
	chosen  []cardtext.ObjectID
	piles   [2][]cardtext.ObjectID // two piles a player separated cards into
	color   cardtext.Color         // a color chosen while resolving
	name    string                 // a card name chosen while resolving (201.4a)
	count   int                    // how many objects the last instruction affected ("that many")
	// tappedForMana: the ability being followed is a mana ability whose
	// cost tapped its permanent (106.12): its mana is "produced" by
	// tapping that permanent for mana.
	tappedForMana bool
	// otherwise: the last instruction's event happened other than as it
	// describes it (a permanent it put onto the battlefield under its
	// controller's control entered under another player's, 614.1a).
	otherwise bool
	// moved maps objects this resolution moved to what they became
	// (400.7), so "that card" after "Exile target creature card" is the
	// card in exile.
	moved map[cardtext.ObjectID]cardtext.ObjectID
	// each is the target the instructions of "For each of them, …" are
	// being followed for (608.2f).
	each  *Target
	added cardtext.Mana // mana added (for triggered mana abilities)
	// searched is the player whose zones the effect last searched or
	// revealed ("that player" after it).
	searched    PlayerID
	hasSearched bool
	// portion: the libraries a replacement had searched only in part
	// (701.23f).
	portion  map[PlayerID]bool
	stackObj cardtext.ObjectID
	told     bool // the source's information was reported
	// lastEffect is the continuous effect the last instruction created,
	// which a next one may be part of (613.6).
	lastEffect int
	ab         *cardtext.Ability // the ability being followed
	// pair is what "them" meant the first time it was read (RefSelfAnd).
	pair []cardtext.ObjectID
	// picked is the object chosen for each "a card from your graveyard"
	// (RefChooseOne) as it was first needed; pickedAny those chosen for
	// each "any number of creature cards from your graveyard".
	picked    map[*cardtext.Filter]cardtext.ObjectID
	pickedAny map[*cardtext.Filter][]cardtext.ObjectID
	// entering is the permanent whose entering this effect modifies (its
	// "As this creature enters, …", 614.13), and enteringWith the other
	// objects entering the battlefield with it.
	entering     cardtext.ObjectID
	enteringWith []cardtext.ObjectID
	// err is a choice an object reference stopped for, returned by the
	// instruction that asked for it.
	err error
	// subgameWinners are who won the subgame this effect played
	// (subgameOver), for "each player who doesn't win the subgame".
	subgameWinners []PlayerID
	subgameOver    bool
}

func (t *tx) newExec(item *StackItem, legal [][]bool) *execCtx {
	x := &execCtx{t: t, item: item, legal: legal, ctrl: item.Controller}
	if tr := item.Trig; tr != nil && tr.Obj != nil {
		// "its controller": the object the trigger was about.
		x.it = []cardtext.ObjectID{tr.Obj.ID}
	}
	return x
}

// run follows one ability's instructions.
func (x *execCtx) run(ab *cardtext.Ability, off int) error {
	x.off, x.ab = off, ab
	return x.instrs(ab.Effect)
}

// namedSelf is, for an ability that names its own object but was read from
// another card, what that name means when the rules that make it mean the
// object that has it now are switched off: 201.5b (an ability gained from
// another object) and, for text spliced onto a spell, 702.47c as well. It
// is then the object with that name (none: nil, with ok); ok is false when
// the name means the ability's object.
func (x *execCtx) namedSelf() (o *Object, ok bool) {
	a := x.ab
	t := x.t
	if a == nil || !a.ByName || a.Origin == "" {
		return nil, false
	}
	src := t.s.Object(x.item.Source)
	if src == nil || strings.EqualFold(t.chars(src).Name, a.Origin) {
		return nil, false
	}
	spliced := x.item.Kind == StackSpell
	if t.applies(registry.NameSelf) && (!spliced || t.applies(registry.SplicedText)) {
		return nil, false
	}
	var found *Object
	for _, c := range t.s.Objects {
		if strings.EqualFold(t.chars(c).Name, a.Origin) && (found == nil || c.Zone == cardtext.Battlefield && found.Zone != cardtext.Battlefield) {
			found = c
		}
	}
	return found, true
}

func (x *execCtx) instrs(ins []*cardtext.Instr) error {
	for i := 0; i < len(ins); i++ {
		in := ins[i]
		if in.Op == cardtext.OpReturn && i+1 < len(ins) && entersAs(ins[i+1]) && x.t.ed.Has(registry.EntersIs) && x.t.applies(registry.EntersIs) {
			// 611.2e: "That permanent is an enchantment …" after putting
			// it onto the battlefield applies as it enters; without that
			// rule it would apply once it's there, like "becomes".
			x.as = ins[i+1]
			i++
		}
		err := x.do(in)
		x.as = nil
		if err != nil {
			return err
		}
		// 603.8: a state trigger sees the moment, even mid-resolution.
		x.t.stateTriggers()
		// 704.4: state-based actions wait for the resolution to finish;
		// without that rule, they would be performed as soon as they apply.
		if !x.t.applies(registry.SBAResolving) {
			if err := x.t.checkSBA(); err != nil {
				return err
			}
		}
	}
	return nil
}

// do follows one instruction. Instructions with "If you do"/"If you don't"
// follow-ups report whether they did it.
func (x *execCtx) do(in *cardtext.Instr) error {
	t := x.t
	if in.If != nil && !t.condHolds(in.If, x.item) {
		t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(x.ctrl), Text: "not done: " + x.text(in)})
		return nil
	}
	if in.May {
		who, ok := x.mayPlayer(in)
		if !ok {
			return x.instrs(in.Else)
		}
		if !x.possible(in) && t.applies(registry.OptionsPossible) { // 608.2d
			t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(who),
				Text: fmt.Sprintf("%s can't %s", t.name(who), strings.TrimPrefix(strings.ToLower(in.Text), "you may "))})
			return x.instrs(in.Else)
		}
		ans, err := t.ask(&Choice{Player: who, Key: registry.Resolve, Words: []string{"yes", "no"}, Prompt: x.text(in) + "?"})
		if err != nil {
			return err
		}
		if ans.word == "no" {
			t.emit(Event{Kind: EvChoice, Key: registry.Resolve, Player: t.name(who), Text: t.name(who) + " chooses not to: " + x.text(in)})
			return x.instrs(in.Else)
		}
	}
	x.otherwise = false
	did, err := x.op(in)
	if err == nil && x.err != nil {
		err, x.err = x.err, nil // a choice an object reference asked for
	}
	if err != nil {
		return err
	}
	// 118.12: "[Do something]. If you do, …": the action is a cost, and the
	// follow-up happens only if it was paid (or begun). Without that rule,
	// nothing would tie the follow-up to it.
	if did && x.otherwise && !t.applies(registry.IfYouDo) {
		// 118.12: "If you do" checks whether the player chose to pay
		// the cost, "regardless of what events actually occurred".
		// Without it, it asks whether the event happened as described:
		// it didn't, when a replacement effect changed it.
		did = false
	}
	if did || len(in.Then) > 0 && !in.May && !t.applies(registry.IfYouDo) {
		return x.instrs(in.Then)
	}
	return x.instrs(in.Else)
}

// mayPlayer is who chooses whether to follow an optional instruction: the
// controller, or for "[do something] unless its controller pays {3}" the
// controller of the object the instruction is about, who may pay (118.12a).
// ok=false: that object is gone, so no one may pay.
func (x *execCtx) mayPlayer(in *cardtext.Instr) (PlayerID, bool) {
	if in.Op != cardtext.OpPayMana || in.Who.Kind != cardtext.PControllerOf || in.What.Kind == 0 {
		return x.ctrl, true
	}
	objs := x.objects(in.What)
	if len(objs) == 0 {
		return 0, false
	}
	return x.t.chars(objs[0]).Controller, true
}

// text is an instruction's words with the source's name for "~".
func (x *execCtx) text(in *cardtext.Instr) string {
	name := x.item.SourceName
	if x.item.SourceSnap != nil {
		name = x.item.SourceSnap.Chars.Name
	} else if o := x.t.s.Object(x.item.Source); o != nil {
		name = x.t.chars(o).Name
	}
	return strings.ReplaceAll(in.Text, "~", name)
}

// possible reports whether an optional instruction can be done at all
// (608.2d: a player can't choose to sacrifice a creature they don't have).
func (x *execCtx) possible(in *cardtext.Instr) bool {
	if in.Op == cardtext.OpSacrifice && in.What.Kind == cardtext.RefGroup {
		n := len(x.candidates(x.ctrl, in.What.Group))
		if in.Cost { // 118.3: a cost is paid in full or not at all
			return n >= max(x.amount(in.N), 1)
		}
		return n > 0
	}
	if in.Op == cardtext.OpPayLife { // 119.4: a player can pay only life they have
		return x.t.lifeOf(x.ctrl) >= x.amount(in.N)
	}
	if in.Op == cardtext.OpPayMana { // 118.3: only with the mana for all of it
		who, _ := x.mayPlayer(in)
		_, _, _, err := pay(x.t.usablePool(who, nil), x.manaToPay(in), Payment{}, x.t.ed)
		return err == nil
	}
	return true
}

// candidates lists the permanents player p controls that match f.
func (x *execCtx) candidates(p PlayerID, f *cardtext.Filter) []*Object {
	var out []*Object
	src := x.source()
	for _, o := range x.t.s.Objects {
		if o.Zone == cardtext.Battlefield && x.t.chars(o).Controller == p && matchFilter(&x.t.s, f, o, x.t.chars(o), src, p) {
			out = append(out, o)
		}
	}
	return out
}

// source is the resolving spell, or the ability's source if it's still
// where it was; nil otherwise.
func (x *execCtx) source() *Object {
	if x.item.Kind == StackSpell {
		if o := x.t.s.Object(x.item.Source); o != nil {
			return o
		}
		return nil
	}
	return x.t.s.Object(x.item.Source)
}

// sourceChars is the source's characteristics for the effect: the spell's;
// for an ability, the source as it is, or as it last existed (608.2h) —
// or, under the classic rules, as it was when the ability was played.
func (x *execCtx) sourceChars() (*damageSource, bool) {
	t := x.t
	it := x.item
	tell := func(k registry.Key, text string) {
		if !x.told {
			x.told = true
			t.emit(Event{Kind: EvRule, Key: k, Object: it.SourceName, Text: text})
		}
	}
	if it.Kind != StackSpell && t.ed.LockSource && it.SourceSnap != nil {
		s := it.SourceSnap
		tell(registry.SourceIndependent, fmt.Sprintf("the effect keeps what %s was when the ability was played (%s)", s.Obj.Label, s.Chars.Colors))
		return &damageSource{id: s.ID, label: s.Obj.Label, ch: s.Chars, ctrl: s.Chars.Controller}, true
	}
	if o := t.s.Object(it.Source); o != nil {
		ch := t.chars(o)
		if it.Kind != StackSpell {
			tell(registry.LKI, fmt.Sprintf("%s is still on the battlefield: its current information is used (%s)", o.Label, ch.Colors))
		}
		return &damageSource{id: o.ID, label: o.Label, ch: *ch, ctrl: ch.Controller}, true
	}
	if s := t.s.LastKnown(it.Source); s != nil && t.applies(registry.LKI) {
		tell(registry.LKI, fmt.Sprintf("%s has left the battlefield: its last known information is used (%s)", s.Obj.Label, s.Chars.Colors))
		return &damageSource{id: s.ID, label: s.Obj.Label, ch: s.Chars, ctrl: s.Chars.Controller}, false
	}
	if s := it.SourceSnap; s != nil {
		return &damageSource{id: s.ID, label: s.Obj.Label, ch: s.Chars, ctrl: s.Chars.Controller}, false
	}
	return nil, false
}

// selfFound reports whether an ability's own name for its source still
// finds it: always, by 707.11 (the effect tracks the permanent even if it
// changed names or became a copy of something else). Without that rule, a
// name would mean whatever has that name now, and an ability whose source
// became a copy of something else would lose track of it.
func (x *execCtx) selfFound() bool {
	if x.t.applies(registry.NameTracks) || len(x.item.Abilities) == 0 {
		return true
	}
	origin := x.item.Abilities[0].Origin
	o := x.t.s.Object(x.item.Source)
	return origin == "" || o == nil || x.t.chars(o).Name == origin
}

// objects lists the objects a reference means now.
func (x *execCtx) objects(r cardtext.ORef) []*Object {
	t := x.t
	var out []*Object
	for _, id := range x.refIDs(r) {
		if tr := x.item.Trig; r.Kind == cardtext.RefSelf && tr != nil && tr.Obj != nil && tr.Obj.ID == id && tr.NewID != 0 && t.s.Object(id) == nil {
			// An ability that triggered on its own object leaving acts on
			// the card where it went: "exile it" (haunt, 702.55a).
			id = tr.NewID
		}
		for n := 0; n < 8 && x.moved[id] != 0; n++ {
			id = x.moved[id]
		}
		for _, id := range append([]cardtext.ObjectID{id}, t.melded(id)...) {
			if o := t.s.Object(id); o != nil && x.stillDescribed(r, o) && x.thisObject(r, o) && x.inRange(o) {
				out = append(out, o)
			}
		}
	}
	return out
}

// stillDescribed reports whether "that creature", the object a triggered
// ability's trigger condition referred to, is still the object the ability
// means. 608.2k: it is, even if its characteristics changed; without that
// rule, it would have to fit the trigger condition's description now.
func (x *execCtx) stillDescribed(r cardtext.ORef, o *Object) bool {
	if x.t.applies(registry.RefersPrevious) || o.Zone != cardtext.Battlefield || x.item.Kind != StackTriggered || len(x.item.Abilities) == 0 {
		return true
	}
	tr := x.item.Abilities[0].Trigger
	if tr == nil {
		return true
	}
	f := tr.What
	if r.Kind == cardtext.RefTrigOther {
		f = tr.By
	} else if r.Kind != cardtext.RefTriggered {
		return true
	}
	if f == nil || f.Self || f.Enchanted {
		return true
	}
	return matchFilter(&x.t.s, f, o, x.t.chars(o), x.source(), x.ctrl)
}

// thisObject reports whether o is what "that creature" means: that object,
// even if it isn't a creature now (700.7); without that rule, it would have
// to be one.
func (x *execCtx) thisObject(r cardtext.ORef, o *Object) bool {
	return r.Quality == "" || x.t.applies(registry.ThisObject) || x.t.chars(o).Types.Is(r.Quality)
}

// inRange reports whether an object is within the range of influence of
// the spell's or ability's controller: one outside it is unaffected, the
// rest of the effect working normally (801.10).
func (x *execCtx) inRange(o *Object) bool {
	return x.t.s.ObjectInRange(x.ctrl, o) || !x.t.applies(registry.RangeAffect)
}

// refChars is the characteristics of the objects r refers to, for an
// amount ("damage equal to its power"): 608.2h: an object still in the
// zone it was expected to be in gives its current information; one that
// has left it (destroyed, exiled, sacrificed as a cost) its last known
// information, not the new object it became nor nothing.
func (x *execCtx) refChars(r cardtext.ORef) []Chars {
	t := x.t
	switch {
	case r.Kind == cardtext.RefSacrificed:
		var out []Chars
		for _, s := range x.item.Sacrificed {
			out = append(out, s.Chars)
		}
		return out
	case r.Kind == cardtext.RefSelf && x.item.Kind != StackSpell:
		if src, _ := x.sourceChars(); src != nil {
			return []Chars{src.ch}
		}
		return nil
	}
	if !t.applies(registry.LKI) {
		var out []Chars
		for _, o := range x.objects(r) {
			out = append(out, *t.chars(o))
		}
		return out
	}
	var out []Chars
	for _, id := range x.refIDs(r) {
		if o := t.s.Object(id); o != nil {
			out = append(out, *t.chars(o))
		} else if s := t.s.LastKnown(id); s != nil {
			out = append(out, s.Chars)
		} else if tr := x.item.Trig; r.Kind == cardtext.RefTriggered && tr != nil && tr.Obj != nil && tr.Obj.ID == id {
			// The object the trigger was about left before the trigger
			// was put on the stack (a reflexive trigger's sacrificed
			// creature): the trigger kept what it was.
			out = append(out, tr.Obj.Chars)
		}
	}
	return out
}

// refIDs lists the objects r refers to as the instructions named them,
// without following them to the zones instructions moved them to.
func (x *execCtx) refIDs(r cardtext.ORef) []cardtext.ObjectID {
	t := x.t
	var ids []cardtext.ObjectID
	switch r.Kind {
	case cardtext.RefSelf:
		ids = []cardtext.ObjectID{x.item.Source}
		if x.item.Kind != StackSpell && !x.selfFound() {
			ids = nil
		}
		if o, ok := x.namedSelf(); ok {
			ids = nil
			if o != nil {
				ids = []cardtext.ObjectID{o.ID}
			}
		}
	case cardtext.RefTarget:
		i := x.off + r.Index
		if i < len(x.item.Targets) {
			for j, tg := range x.item.Targets[i] {
				if !tg.IsPlayer && (x.legal == nil || x.legal[i][j]) {
					ids = append(ids, tg.Object)
				}
			}
		}
	case cardtext.RefGroup:
		src := x.source()
		for _, o := range t.s.Objects {
			if matchFilter(&t.s, r.Group, o, t.chars(o), src, x.ctrl) {
				ids = append(ids, o.ID)
			}
		}
	case cardtext.RefTriggered:
		if tr := x.item.Trig; tr != nil && tr.Obj != nil {
			if tr.NewID != 0 {
				ids = []cardtext.ObjectID{tr.NewID}
				if t.applies(registry.MeldFinds) {
					ids = append(ids, tr.NewAlso...) // 712.21c
				}
			} else {
				ids = []cardtext.ObjectID{tr.Obj.ID}
			}
		}
	case cardtext.RefEnchanted:
		if src := x.source(); src != nil && src.Attached != 0 {
			ids = []cardtext.ObjectID{src.Attached}
		}
	case cardtext.RefBound:
		ids = append([]cardtext.ObjectID{r.Bound}, r.More...)
	case cardtext.RefSelfAnd:
		ids = x.selfAnd(r.Group)
	case cardtext.RefOtherExiledWith:
		for _, o := range t.s.Objects {
			if exiledWith(o, x.item) && !slices.Contains(x.it, o.ID) {
				ids = append(ids, o.ID)
			}
		}
	case cardtext.RefCreated:
		ids = x.created
	case cardtext.RefMovedIt:
		ids = x.it
	case cardtext.RefTopCard:
		if top := t.s.Top(x.ctrl); top != nil {
			ids = []cardtext.ObjectID{top.ID}
		}
	case cardtext.RefEachTarget:
		if x.each != nil && !x.each.IsPlayer {
			ids = []cardtext.ObjectID{x.each.Object}
		}
	case cardtext.RefChosenObj:
		ids = x.chosen
	case cardtext.RefTrigOther:
		if tr := x.item.Trig; tr != nil && tr.Other != 0 {
			ids = []cardtext.ObjectID{tr.Other}
		}
	case cardtext.RefShares:
		// "each other creature that shares a color with it": the
		// permanents matching the noun, other than the base objects, that
		// share the quality with one of them.
		base := x.objects(*r.Of)
		src := x.source()
		for _, o := range t.s.Objects {
			ch := t.chars(o)
			if o.Zone != cardtext.Battlefield || o.PhasedOut || !matchFilter(&t.s, r.Group, o, ch, src, x.ctrl) ||
				slices.ContainsFunc(base, func(b *Object) bool { return b.ID == o.ID }) {
				continue
			}
			if slices.ContainsFunc(base, func(b *Object) bool { return shares(r.Group.SharesWithIt, ch, t.chars(b)) }) {
				ids = append(ids, o.ID)
			}
		}
	case cardtext.RefStackSpell:
		if tr := x.item.Trig; tr != nil && tr.Spell != 0 {
			ids = []cardtext.ObjectID{tr.Spell}
		}
	case cardtext.RefSacrificed:
		for _, s := range x.item.Sacrificed {
			ids = append(ids, s.ID)
		}
	case cardtext.RefExiledWith:
		// "a [creature] card exiled with ~": one of them, the controller's
		// choice when there are several.
		src := x.source()
		var opts []cardtext.ObjectID
		for _, o := range t.s.Objects {
			if exiledWith(o, x.item) && (r.Group == nil || matchFilter(&t.s, r.Group, o, t.chars(o), src, x.ctrl)) {
				opts = append(opts, o.ID)
			}
		}
		if len(opts) > 1 {
			// "a card exiled with ~" names no kind: any of them.
			key, what := r.Group, "card"
			if key == nil {
				key = anyExiledCard
			} else {
				what = r.Group.String()
			}
			if id, ok := x.picked[key]; ok {
				return []cardtext.ObjectID{id}
			}
			ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Options: opts, Min: 1, Max: 1,
				Prompt: "choose a " + what + " exiled with " + x.item.SourceName})
			if err != nil {
				x.err = err
				return nil
			}
			if x.picked == nil {
				x.picked = map[*cardtext.Filter]cardtext.ObjectID{}
			}
			x.picked[key] = ans.object
			opts[0] = ans.object
		}
		if len(opts) > 0 {
			ids = opts[:1] // "a card": the first one
		}
	case cardtext.RefChooseOne:
		if id, ok := x.picked[r.Group]; ok {
			return []cardtext.ObjectID{id}
		}
		src := x.source()
		var opts []cardtext.ObjectID
		for _, o := range t.s.Objects {
			if matchFilter(&t.s, r.Group, o, t.chars(o), src, x.ctrl) {
				opts = append(opts, o.ID)
			}
		}
		switch len(opts) {
		case 0:
			return nil
		case 1:
		default:
			ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Options: opts, Min: 1, Max: 1,
				Prompt: "choose " + r.Group.String()})
			if err != nil {
				x.err = err
				return nil
			}
			opts[0] = ans.object
		}
		if x.picked == nil {
			x.picked = map[*cardtext.Filter]cardtext.ObjectID{}
		}
		x.picked[r.Group] = opts[0]
		ids = opts[:1]
	case cardtext.RefChooseAny:
		return x.chooseAny(r.Group)
	}
	return ids
}

// note records that an instruction moved an object.
func (x *execCtx) note(from, to cardtext.ObjectID) {
	if x.moved == nil {
		x.moved = map[cardtext.ObjectID]cardtext.ObjectID{}
	}
	if from != to {
		x.moved[from] = to
	}
}

// whats lists the objects an instruction acts on: What, then Also.
func (x *execCtx) whats(in *cardtext.Instr) []*Object {
	out := x.objects(in.What)
	for _, r := range in.Also {
		out = append(out, x.objects(r)...)
	}
	return out
}

// players lists the players a reference means, in APNAP order for "each".
func (x *execCtx) players(r cardtext.PRef) []PlayerID {
	t := x.t
	switch r.Kind {
	case cardtext.PYou:
		return []PlayerID{x.ctrl}
	case cardtext.PTarget:
		i := x.off + r.Index
		var out []PlayerID
		if i < len(x.item.Targets) {
			for j, tg := range x.item.Targets[i] {
				if tg.IsPlayer && (x.legal == nil || x.legal[i][j]) {
					out = append(out, tg.Player)
				}
			}
		}
		return out
	case cardtext.PEach, cardtext.PEachOpponent, cardtext.POpponents:
		var out []PlayerID
		order := t.s.APNAP()
		if !t.applies(registry.APNAP) {
			// Without 101.4, nothing puts the active player first: the
			// players go in the order they are seated, from the first.
			order = order[:0:0]
			for i := range t.s.Players {
				if t.s.InGame(PlayerID(i)) {
					order = append(order, PlayerID(i))
				}
			}
		}
		for _, p := range order {
			skip := (r.Kind == cardtext.PEachOpponent && !t.s.Opponents(p, x.ctrl)) || (r.Kind == cardtext.POpponents && x.item.Trig != nil && !t.s.Opponents(p, x.item.Trig.Player)) ||
				!t.s.InRange(x.ctrl, p) && t.applies(registry.RangeAffect) // 801.10
			if !skip {
				out = append(out, p)
			}
		}
		return out
	case cardtext.PControllerOf, cardtext.POwnerOf:
		if len(x.it) > 0 {
			id := x.it[0]
			if x.moved[id] != 0 {
				id = x.moved[id]
			}
			if o := t.s.Object(id); o != nil {
				if r.Kind == cardtext.POwnerOf {
					return []PlayerID{o.Owner}
				}
				return []PlayerID{t.chars(o).Controller}
			}
			if s := t.s.LastKnown(x.it[0]); s != nil {
				if r.Kind == cardtext.POwnerOf {
					return []PlayerID{s.Obj.Owner}
				}
				return []PlayerID{s.Chars.Controller}
			}
		}
	case cardtext.PChosen:
		if src := x.source(); src != nil && src.Chosen.HasPlayer {
			return []PlayerID{src.Chosen.Player}
		}
	case cardtext.PTriggerPlayer:
		if tr := x.item.Trig; tr != nil && tr.HasPlayer {
			return []PlayerID{tr.Player}
		}
	case cardtext.PTriggerCtrl:
		if tr := x.item.Trig; tr != nil && tr.Obj != nil {
			return []PlayerID{tr.Obj.Chars.Controller}
		}
	case cardtext.PSearched:
		if x.hasSearched {
			return []PlayerID{x.searched}
		}
	case cardtext.PSubgameLosers:
		var out []PlayerID
		for _, p := range t.s.APNAP() {
			if x.subgameOver && !slices.Contains(x.subgameWinners, p) {
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

// amount evaluates an amount as the effect happens (608.2h).
func (x *execCtx) amount(a cardtext.Amount) int {
	t := x.t
	n := a.N
	switch {
	case a.ThatMany:
		n += x.count
	case a.Dealt:
		if x.item.Trig != nil {
			n += x.item.Trig.N
		}
	case a.X:
		n += x.item.X
	case a.Removed:
		n += x.item.Removed
	case a.All:
		return -1
	case a.PowerOf != nil && a.PowerOf.Kind == cardtext.RefCostTapped:
		n += x.stationValue()
	case a.PowerOf != nil && a.PowerOf.Kind == cardtext.RefCostExiled:
		// 608.2h: the card as it last existed in the graveyard.
		if len(x.item.Exiled) > 0 {
			n += x.item.Exiled[0].Chars.Power
		}
	case a.PowerOf != nil:
		if chs := x.refChars(*a.PowerOf); len(chs) > 0 {
			n += chs[0].Power
		}
	case a.ValueOf != nil:
		if chs := x.refChars(*a.ValueOf); len(chs) > 0 {
			n += chs[0].ManaValue()
		}
	case a.ToughOf != nil:
		if chs := x.refChars(*a.ToughOf); len(chs) > 0 {
			n += chs[0].Toughness
		}
	case a.SpentToCast != nil:
		// 601.2h: the mana paid for the spell's costs; a permanent keeps
		// what was spent to cast it as the spell it was.
		if os := x.objects(*a.SpentToCast); len(os) > 0 && os[0].Cast != nil {
			n += spentAmount(os[0].Cast.Spent, a.SpentColors) * max(a.Per, 1)
		}
	case a.CountersOf != nil:
		if cs, ok := x.countersOf(*a.CountersOf); ok {
			c := cs.Get(a.Kind)
			if a.Cumulative && !t.applies(registry.CumulativeShared) {
				// Without 702.24b, an instance of cumulative upkeep
				// would count only the age counters it put itself: in
				// one upkeep, the one it has just put.
				c = min(c, 1)
			}
			n += c * max(a.Per, 1)
		}
	case a.LifeOf != nil:
		for _, p := range x.players(*a.LifeOf) {
			n += t.lifeOf(p) * max(a.Per, 1)
		}
	case a.StartOf != nil:
		// 103.4: the life total the player began the game with.
		for _, p := range x.players(*a.StartOf) {
			n += t.startingLife(p)
		}
	case a.LowestLife:
		low := 0
		for i, p := range t.s.APNAP() {
			if l := t.lifeOf(p); i == 0 || l < low {
				low = l
			}
		}
		n += low
	case a.HandOf != nil:
		n += len(t.s.In(x.ctrl, cardtext.Hand))
	case a.Devotion != 0:
		n += countAmount(&t.s, cardtext.Amount{Devotion: a.Devotion}, x.source(), x.ctrl, nil, nil)
	case a.Count != nil, a.CardTypesAmong != nil:
		ctrl := x.ctrl
		if a.Whose != nil {
			// "creatures they control": the player the text names.
			if ps := x.players(*a.Whose); len(ps) > 0 {
				ctrl = ps[0]
			}
		}
		n = countAmount(&t.s, a, x.source(), ctrl, nil, nil)
	}
	if a.Times > 1 {
		n *= a.Times
	}
	return neg(n, a.Neg)
}

func neg(n int, b bool) int {
	if b {
		return -n
	}
	return n
}

// op performs one instruction and reports whether it was done.
func (x *execCtx) op(in *cardtext.Instr) (bool, error) {
	t := x.t
	switch in.Op {
	case cardtext.OpDamage:
		src, _ := x.sourceChars()
		if o, ok := x.namedSelf(); ok && in.Src.Kind == cardtext.RefSelf {
			// "Glacial Ray deals 2 damage": the card of that name.
			src = nil
			if o != nil {
				ch := t.chars(o)
				src = &damageSource{id: o.ID, label: o.Label, ch: *ch, ctrl: ch.Controller}
			}
		}
		if in.Src.Kind != cardtext.RefSelf {
			if os := x.objects(in.Src); len(os) > 0 {
				ch := t.chars(os[0])
				src = &damageSource{id: os[0].ID, label: os[0].Label, ch: *ch, ctrl: ch.Controller}
			}
		}
		if src == nil {
			return false, nil
		}
		n := x.amount(in.N)
		for _, tg := range x.recipients(in.To) {
			if err := t.damage(src, tg, n, false); err != nil {
				return false, err
			}
		}
		if in.To2 != nil {
			n2 := x.amount(in.N2)
			for _, tg := range x.recipients(*in.To2) {
				if err := t.damage(src, tg, n2, false); err != nil {
					return false, err
				}
			}
		}
		return true, nil
	case cardtext.OpDestroy:
		os := ids(x.whats(in))
		x.it = os
		for _, id := range os {
			if cur := t.s.Object(id); cur != nil && cur.Zone == cardtext.Battlefield {
				if err := t.destroyX(cur, registry.Destroy, "is destroyed", in.NoRegen); err != nil {
					return false, err
				}
			}
		}
		return len(os) > 0, nil
	case cardtext.OpExile, cardtext.OpBounce:
		if in.Op == cardtext.OpExile && in.Dur.Kind == cardtext.DurWhileOn {
			return x.exileUntil(in)
		}
		to, key, why := cardtext.Exile, registry.Exile, "is exiled"
		if in.Op == cardtext.OpBounce {
			to, key, why = cardtext.Hand, registry.OwnersZone, "returns to its owner's hand"
		}
		os := ids(x.whats(in))
		x.it = nil
		for _, id := range os {
			if o := t.s.Object(id); o == nil || o.Zone == to {
				continue
			}
			nid, err := t.move(id, to, false, nil, key, why)
			if err != nil {
				return false, err
			}
			x.note(id, nid)
			if to == cardtext.Exile && x.item.Source != 0 {
				for _, c := range append([]cardtext.ObjectID{nid}, t.also[nid]...) {
					if n := t.s.Object(c); n != nil {
						n.ExiledBy, n.ExiledLink = x.item.Source, x.item.Link // 607.2a: exiled "with" its source
					}
				}
			}
			if to == cardtext.Exile && len(t.also[nid]) > 0 {
				if err := t.meldOrder(x.ctrl, append([]cardtext.ObjectID{nid}, t.also[nid]...)); err != nil {
					return false, err
				}
			}
			if n := t.s.Object(nid); n != nil && in.Haunt != nil {
				// 702.55b: the card in exile haunts the creature targeted.
				if hs := x.objects(*in.Haunt); len(hs) > 0 {
					n.Haunting = hs[0].ID
					t.emit(Event{Kind: EvEffect, Key: registry.Exile, Object: n.Label, ObjectID: nid,
						Text: fmt.Sprintf("%s haunts %s", n.Label, hs[0].Label)})
				}
			}
			x.it = append(x.it, nid)
		}
		return len(os) > 0, nil
	case cardtext.OpReturn:
		os := ids(x.objects(in.What))
		x.it = nil
		for _, id := range os {
			o := t.s.Object(id)
			if o == nil || o.Zone == cardtext.Battlefield {
				continue
			}
			owner := o.Owner
			if in.UnderYou {
				owner = x.ctrl
			}
			if in.Put && !in.UnderOwner && t.applies(registry.PutControl) {
				// 110.2a: an object an effect instructs a player to put
				// onto the battlefield enters under that player's control
				// unless the effect states otherwise.
				owner = x.ctrl
			}
			how := "returns to the battlefield"
			if in.Put {
				how = "is put onto the battlefield"
			}
			// The others enter at the same time (614.13a).
			t.enteringWith = os
			if as := x.as; as != nil {
				t.entering = func(nid cardtext.ObjectID) error {
					x.note(id, nid)
					_, err := x.continuous(as)
					return err
				}
			}
			nid, err := t.move(id, cardtext.Battlefield, false, &owner, registry.Resolve, how)
			t.entering, t.enteringWith = nil, nil
			if err != nil {
				return false, err
			}
			x.note(id, nid)
			if p := t.s.Object(nid); p != nil && p.Zone == cardtext.Battlefield && p.Controller != owner {
				x.otherwise = true
			}
			if p := t.s.Object(nid); p != nil {
				if in.Tapped {
					p.Tapped = true
				}
				if in.Kind != "" {
					if err := t.counters(ObjectTarget(nid), in.Kind, max(x.amount(in.N), 1)); err != nil {
						return false, err
					}
				}
			}
			x.it = append(x.it, nid)
		}
		return len(x.it) > 0, nil
	case cardtext.OpSacrifice:
		return x.sacrifice(in)
	case cardtext.OpDraw:
		did := true
		for _, p := range x.players(in.Who) {
			n := x.amount(in.N)
			if n > 0 {
				before := len(t.s.In(p, cardtext.Hand))
				if err := (Draw{Player: p, N: n}).apply(t); err != nil {
					return false, err
				}
				// 118.11: a cost whose draws an effect changed has still
				// been paid; without that rule, only the cards drawn
				// would count.
				if in.Cost && !t.applies(registry.CostModified) && len(t.s.In(p, cardtext.Hand)) < before+n {
					did = false
				}
			}
		}
		return did, nil
	case cardtext.OpDiscard:
		if in.What.Kind != 0 {
			// "That player discards that card.": 701.9a, to discard a
			// card is to move it from its owner's hand to their
			// graveyard, so one no longer in that hand isn't discarded.
			done := false
			for _, o := range x.objects(in.What) {
				if o.Zone == cardtext.Hand && slices.Contains(x.players(in.Who), o.Owner) {
					if _, err := t.move(o.ID, cardtext.Graveyard, false, nil, registry.Discard, "is discarded"); err != nil {
						return false, err
					}
					done = true
				}
			}
			return done, nil
		}
		for _, p := range x.players(in.Who) {
			if err := x.discard(p, x.amount(in.N)); err != nil {
				return false, err
			}
		}
		return true, nil
	case cardtext.OpMill:
		for _, p := range x.players(in.Who) {
			for range x.amount(in.N) {
				top := t.s.Top(p)
				if top == nil {
					break // 701.17b: as many as there are
				}
				if _, err := t.move(top.ID, cardtext.Graveyard, false, nil, registry.Mill, "is milled"); err != nil {
					return false, err
				}
			}
		}
		return true, nil
	case cardtext.OpPayLife:
		for _, p := range x.players(in.Who) {
			n := x.amount(in.N)
			if t.lifeOf(p) < n { // 119.4
				return false, nil
			}
			if err := t.life(p, -n, registry.LifeChange, "(paid)"); err != nil {
				return false, err
			}
		}
		return true, nil
	case cardtext.OpPayMana:
		payers := x.players(in.Who)
		if in.What.Kind != 0 { // "unless its controller pays" (118.12a)
			p, ok := x.mayPlayer(in)
			if !ok {
				return false, nil
			}
			payers = []PlayerID{p}
		}
		for _, p := range payers {
			cost := x.manaToPay(in)
			pl := &t.s.Players[p]
			_, spent, _, err := pay(t.usablePool(p, nil), cost, Payment{}, t.ed)
			if err != nil { // 118.3: all of it or none
				return false, nil
			}
			t.spendPool(p, nil, spent)
			t.emit(Event{Kind: EvMana, Key: registry.ManaPool, Player: pl.Name, N: spent.Total(),
				Text: fmt.Sprintf("%s pays %s with %s: pool %s", pl.Name, cost, spent, poolString(pl.Pool))})
		}
		return true, nil
	case cardtext.OpGainLife, cardtext.OpLoseLife:
		for _, p := range x.players(in.Who) {
			n := x.amount(in.N)
			if in.N.HalfLife {
				// "half their life, rounded up" (107.1a)
				n = (max(t.s.Players[p].Life, 0) + 1) / 2
			}
			if in.Op == cardtext.OpLoseLife {
				n = -n
			}
			if err := t.life(p, n, registry.LifeChange, ""); err != nil {
				return false, err
			}
		}
		return true, nil
	case cardtext.OpPutCounters, cardtext.OpRemCounters:
		n := x.amount(in.N)
		done := false
		for _, id := range ids(x.objects(in.What)) {
			o := t.s.Object(id)
			if in.Op == cardtext.OpRemCounters {
				if o.Counters.Get(in.Kind) < n {
					continue // "If you can't, …"
				}
				n = -n
			}
			if err := t.counters(ObjectTarget(o.ID), in.Kind, n); err != nil {
				return false, err
			}
			done = true
			if n < 0 {
				n = -n
			}
		}
		return done, nil
	case cardtext.OpCreateToken:
		return x.create(in)
	case cardtext.OpCopySpell:
		return x.copySpell(in)
	case cardtext.OpFight:
		return x.fight(in)
	case cardtext.OpDoubleMana:
		return x.doubleMana(in)
	case cardtext.OpNewTargets:
		did := false
		for _, o := range x.objects(in.What) {
			if o.Zone == cardtext.Stack && o.Stack != nil && len(o.Stack.Specs) > 0 {
				// "You may" was asked already (in.May).
				if err := x.chooseTargets(o, registry.ChangeTargets); err != nil {
					return did, err
				}
				did = true
			}
		}
		return did, nil
	case cardtext.OpAddMana:
		return x.addMana(in)
	case cardtext.OpTap, cardtext.OpUntap:
		for _, o := range x.whats(in) {
			if o.Zone != cardtext.Battlefield {
				continue
			}
			if in.Op == cardtext.OpTap && !o.Tapped {
				t.tap(o)
			} else if in.Op == cardtext.OpUntap && o.Tapped {
				o.Tapped = false
				t.emit(Event{Kind: EvTap, Key: registry.Untap, Object: o.Label, ObjectID: o.ID, Text: o.Label + " becomes untapped"})
			}
		}
		return true, nil
	case cardtext.OpCounter:
		for _, id := range ids(x.objects(in.What)) {
			if o := t.s.Object(id); o != nil {
				if err := t.counterSpell(o, x.item.SourceName); err != nil {
					return false, err
				}
			}
		}
		return true, nil
	case cardtext.OpContinuous:
		return x.continuous(in)
	case cardtext.OpDelayed:
		x.delayed(in)
		return true, nil
	case cardtext.OpReflexive:
		return x.reflexive(in), nil
	case cardtext.OpExchange:
		return x.exchange(in)
	case cardtext.OpSwap:
		return x.swap(in)
	case cardtext.OpAttach:
		return x.attach(in)
	case cardtext.OpWin:
		for _, p := range x.players(in.Who) {
			t.win(p)
		}
		return true, nil
	case cardtext.OpRegenerate:
		for _, o := range x.objects(in.What) {
			if o.Zone == cardtext.Battlefield {
				o.Regen++
				t.emit(Event{Kind: EvEffect, Key: registry.Regenerate, Object: o.Label, ObjectID: o.ID,
					Text: o.Label + " gets a regeneration shield: the next time it would be destroyed this turn, it regenerates instead"})
			}
		}
		return true, nil
	case cardtext.OpPrevent:
		n := x.amount(in.N)
		tgs := x.recipients(in.To)
		for _, r := range in.Also {
			// 615.11: a shield for each untargeted creature the effect
			// names, fixed as it resolves.
			if r.Kind != cardtext.RefTarget && !t.applies(registry.PreventEach) {
				continue
			}
			for _, o := range x.objects(r) {
				tgs = append(tgs, ObjectTarget(o.ID))
			}
		}
		for _, tg := range tgs {
			e := ContEffect{Shield: true, Left: n, Dur: cardtext.DurEndOfTurn,
				Source: x.item.Source, SourceName: x.item.SourceName, Controller: x.ctrl, Text: in.Text}
			if tg.IsPlayer {
				e.Players = []PlayerID{tg.Player}
			} else {
				e.Objects = []cardtext.ObjectID{tg.Object}
			}
			t.addEffect(e)
		}
		return true, nil
	case cardtext.OpScry:
		return x.scry(in)
	case cardtext.OpExtraTurn:
		// 500.7: the turn is added directly after this one; of several,
		// the most recently created is taken first.
		if !t.applies(registry.ExtraTurn) {
			return false, nil
		}
		for _, p := range x.players(in.Who) {
			t.s.ExtraTurns = append(slices.Clone(t.s.ExtraTurns), p)
			t.emit(Event{Kind: EvRule, Key: registry.ExtraTurn, Player: t.name(p), Text: t.name(p) + " will take an extra turn after this one"})
		}
		return true, nil
	case cardtext.OpRevealTop:
		return x.revealTop(in)
	case cardtext.OpPiles:
		return x.separatePiles(in)
	case cardtext.OpPutPiles:
		return x.putPiles(in)
	case cardtext.OpRedirect:
		tgs, to := x.recipients(in.To), x.recipients(*in.To2)
		if len(tgs) != 1 || len(to) != 1 {
			return false, nil
		}
		e := ContEffect{Left: x.amount(in.N), Dur: cardtext.DurEndOfTurn, Redirect: &to[0],
			Source: x.item.Source, SourceName: x.item.SourceName, Controller: x.ctrl, Text: in.Text}
		if tgs[0].IsPlayer {
			e.Players = []PlayerID{tgs[0].Player}
		} else {
			e.Objects = []cardtext.ObjectID{tgs[0].Object}
		}
		t.addEffect(e)
		return true, nil
	case cardtext.OpChooseObject:
		cands := x.objects(in.What)
		if len(cands) == 0 {
			t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(x.ctrl),
				Text: fmt.Sprintf("there is no %s to choose", in.What.Group)})
			return false, nil
		}
		pick := cands[0].ID
		if len(cands) > 1 {
			ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Options: ids(cands), Prompt: "choose a " + in.What.Group.String()})
			if err != nil {
				return false, err
			}
			pick = ans.object
			if len(ans.objects) == 1 {
				pick = ans.objects[0]
			}
		}
		x.chosen = append(x.chosen, pick)
		t.emit(Event{Kind: EvChoice, Key: registry.Resolve, Player: t.name(x.ctrl), Object: t.labelOf(pick), ObjectID: pick,
			Text: fmt.Sprintf("%s chooses %s", t.name(x.ctrl), t.labelOf(pick))})
		return true, nil
	case cardtext.OpRevealObj:
		os := x.whats(in)
		for _, o := range os {
			t.emit(Event{Kind: EvReveal, Key: registry.Resolve, Object: o.Label, ObjectID: o.ID, Player: t.name(x.ctrl),
				PlayerID: x.ctrl, HasPlayer: true, Source: x.item.Source, Text: fmt.Sprintf("%s reveals %s", t.name(x.ctrl), o.Label)})
		}
		return len(os) > 0, nil
	case cardtext.OpMeld:
		return x.meld(in)
	case cardtext.OpToGraveyard:
		os := ids(x.whats(in))
		for _, id := range os {
			if _, err := t.move(id, cardtext.Graveyard, false, nil, registry.OwnersZone, "is put into its owner's graveyard"); err != nil {
				return false, err
			}
		}
		return len(os) > 0, nil
	case cardtext.OpTurnFaceUp:
		os := x.whats(in)
		for _, o := range os {
			if err := t.turnFaceUp(o); err != nil {
				return false, err
			}
		}
		return len(os) > 0, nil
	case cardtext.OpTransform, cardtext.OpFlip:
		done := false
		for _, o := range x.whats(in) {
			if o.Zone != cardtext.Battlefield {
				continue
			}
			turn := t.transform
			if in.Op == cardtext.OpFlip {
				turn = t.flip
			}
			if err := turn(o); err != nil {
				return false, err
			}
			done = true
		}
		return done, nil
	case cardtext.OpChooseColor:
		words := colorWords()
		if in.What.Kind == cardtext.RefGroup {
			var have cardtext.Color
			for _, o := range x.objects(in.What) {
				have |= t.chars(o).Colors
			}
			words = have.Names()
			if len(words) == 0 {
				t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(x.ctrl),
					Text: fmt.Sprintf("%s has no %s with a color: no color can be chosen", t.name(x.ctrl), in.What.Group)})
				return false, nil
			}
		}
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Words: words, Prompt: "choose a color"})
		if err != nil {
			return false, err
		}
		x.color, _ = cardtext.ParseColor(ans.word)
		return true, nil
	case cardtext.OpChooseName:
		return x.chooseName(in)
	case cardtext.OpShuffleIn:
		// "Shuffle your hand, your graveyard, and all permanents you own
		// into your library": the cards in the player's zones and the
		// objects named that they own (701.24a).
		var named []*Object
		if in.What.Kind != 0 {
			named = x.objects(in.What)
		}
		for _, p := range x.players(in.Who) {
			var ids []cardtext.ObjectID
			for _, o := range t.s.Objects {
				if o.Owner == p && in.Search != nil && slices.Contains(in.Search.Zones, o.Zone) {
					ids = append(ids, o.ID)
				}
			}
			for _, o := range named {
				if o.Owner == p && o.Zone != cardtext.Library && !slices.Contains(ids, o.ID) {
					ids = append(ids, o.ID)
				}
			}
			t.shuffling = true
			for _, id := range ids {
				if _, err := t.move(id, cardtext.Library, false, nil, registry.Resolve, "is shuffled into its owner's library"); err != nil {
					t.shuffling = false
					return false, err
				}
			}
			t.shuffling = false
			t.shuffle(p, nil, "")
		}
		return true, nil
	case cardtext.OpAddSteps:
		for _, p := range x.players(in.Who) {
			t.addSteps(p, in.Steps[0], x.amount(in.N))
		}
		return true, nil
	case cardtext.OpSetLife:
		// 119.5: a player's life total becoming N means gaining or losing
		// the difference.
		ps := x.players(in.Who)
		if len(ps) == 1 {
			return true, t.setLife(ps[0], x.amount(in.N), registry.LifeChange)
		}
		n := x.amount(in.N) // each player's life total becomes the same number, found once (608.2h)
		return true, t.setLifeEach(ps, func(PlayerID) int { return n }, func(team []PlayerID) (PlayerID, error) {
			// 810.9d: the team chooses one of its members; the engine asks
			// its first player, who speaks for it (805.2).
			ans, err := t.ask(&Choice{Player: team[0], Key: registry.TeamLifeSetEach, Players: team,
				Prompt: "choose which of your team has their life total set"})
			if err != nil {
				return 0, err
			}
			return *ans.target, nil
		})
	case cardtext.OpShuffleObj:
		return x.shuffleObjects(in)
	case cardtext.OpSearch:
		return x.search(in)
	case cardtext.OpReveal:
		return x.reveal(in)
	case cardtext.OpControlPlayer:
		return x.controlPlayer(in)
	case cardtext.OpNameSticker:
		return x.putNameSticker(in)
	case cardtext.OpRestart:
		return true, t.restart(x.ctrl)
	case cardtext.OpSubgame:
		return x.subgame(in)
	case cardtext.OpChooseCard:
		return x.chooseCard(in)
	case cardtext.OpShuffle:
		for _, p := range x.players(in.Who) {
			if x.portion[p] && !t.applies(registry.SearchPortion) {
				// 701.23f: after a search of a portion of the library
				// instead, the instructions that refer to searching it
				// still apply. Without that rule, the library wasn't the
				// zone searched, and "then shuffle" has no library.
				t.emit(Event{Kind: EvRule, Key: registry.SearchPortion, Player: t.name(p),
					Text: t.name(p) + " searched only a portion of their library: it isn't shuffled"})
				continue
			}
			t.shuffle(p, nil, "")
		}
		return true, nil
	case cardtext.OpForEachTarget:
		return x.forEachTarget(in)
	case cardtext.OpEachPlayer:
		return x.eachPlayer(in)
	case cardtext.OpSkip:
		return true, nil
	}
	return false, fmt.Errorf("the engine can't do %q yet", in.Text)
}

func ids(os []*Object) []cardtext.ObjectID {
	out := make([]cardtext.ObjectID, len(os))
	for i, o := range os {
		out[i] = o.ID
	}
	return out
}

// anyExiledCard stands for "a card exiled with ~", which names no kind,
// among the choices an instruction remembers (execCtx.picked).
var anyExiledCard = &cardtext.Filter{Card: true}

func colorWords() []string { return []string{"white", "blue", "black", "red", "green"} }

// basicLandWords are the basic land types a text-changing effect may
// swap (305.6), as words of rules text.
func basicLandWords() []string { return []string{"plains", "island", "swamp", "mountain", "forest"} }

// textWords are the words of a kind a text-changing effect names (612.2):
// "color word", "basic land type".
func textWords(kind string) []string {
	if kind == "basic land type" {
		return basicLandWords()
	}
	return colorWords()
}

// recipients lists damage's recipients.
func (x *execCtx) recipients(r cardtext.Recip) []Target {
	if r.Player != nil {
		if r.Player.Kind == cardtext.PTarget {
			// "any target" chose a player or an object.
			return x.targetsAt(r.Player.Index)
		}
		var out []Target
		for _, p := range x.players(*r.Player) {
			out = append(out, PlayerTarget(p))
		}
		return out
	}
	if r.Obj.Kind == cardtext.RefTarget {
		return x.targetsAt(r.Obj.Index)
	}
	if r.Obj.Kind == cardtext.RefEachTarget && x.each != nil {
		return []Target{*x.each}
	}
	var out []Target
	for _, o := range x.objects(r.Obj) {
		out = append(out, ObjectTarget(o.ID))
	}
	return out
}

// targetsAt lists the legal targets chosen for one target spec.
func (x *execCtx) targetsAt(idx int) []Target {
	i := x.off + idx
	var out []Target
	if i < len(x.item.Targets) {
		for j, tg := range x.item.Targets[i] {
			if x.legal == nil || x.legal[i][j] {
				out = append(out, tg)
			}
		}
	}
	return out
}

// sacrifice: "sacrifice ~", "each player sacrifices a creature" (101.4:
// each chooses in APNAP order, then all are sacrificed at once).
func (x *execCtx) sacrifice(in *cardtext.Instr) (bool, error) {
	t := x.t
	if in.What.Kind != cardtext.RefGroup {
		os := x.objects(in.What)
		var ids []cardtext.ObjectID
		for _, o := range os {
			if o.Zone == cardtext.Battlefield {
				ids = append(ids, o.ID)
			}
		}
		if len(ids) == 0 {
			t.emit(Event{Kind: EvRule, Key: registry.Sacrifice, Player: t.name(x.ctrl),
				Text: fmt.Sprintf("%s can't sacrifice it: it isn't on the battlefield any more", t.name(x.ctrl))})
			return false, nil
		}
		who := t.chars(t.s.Object(ids[0])).Controller
		return true, (Sacrifice{Player: who, Objects: ids}).apply(t)
	}
	n := max(x.amount(in.N), 1)
	type pick struct {
		p    PlayerID
		ids  []cardtext.ObjectID
		done bool
	}
	var picks []pick
	for _, p := range x.players(in.Who) {
		cands := x.candidates(p, in.What.Group)
		var chosen []cardtext.ObjectID
		switch {
		case len(cands) <= n:
			chosen = ids(cands)
		default:
			ans, err := t.ask(&Choice{Player: p, Key: registry.Sacrifice, Options: ids(cands), Min: n, Max: n,
				Prompt: fmt.Sprintf("choose %d %s to sacrifice", n, in.What.Group.String())})
			if err != nil {
				return false, err
			}
			chosen = ans.objects
			if len(chosen) == 0 {
				chosen = []cardtext.ObjectID{ans.object}
			}
		}
		if !t.applies(registry.APNAP) && len(chosen) > 0 {
			// Without 101.4, each player's choice would be carried out
			// before the next player chooses.
			x.chosen = append(x.chosen, chosen...)
			if err := (Sacrifice{Player: p, Objects: chosen}).apply(t); err != nil {
				return false, err
			}
			picks = append(picks, pick{p, chosen, true})
			continue
		}
		picks = append(picks, pick{p, chosen, false})
	}
	done := false
	for _, pk := range picks {
		if len(pk.ids) == 0 {
			continue
		}
		if pk.done {
			done = true
			continue
		}
		x.chosen = append(x.chosen, pk.ids...)
		if err := (Sacrifice{Player: pk.p, Objects: pk.ids}).apply(t); err != nil {
			return false, err
		}
		done = true
	}
	return done, nil
}

// discard: the player discards n cards of their choice, or as many as they
// have (609.3); n < 0 is the whole hand.
func (x *execCtx) discard(p PlayerID, n int) error {
	t := x.t
	hand := t.s.In(p, cardtext.Hand)
	if n > len(hand) && !t.applies(registry.AsMuchAsPossible) {
		// 609.3: an effect that attempts the impossible does as much as
		// possible. Without that rule, discarding more cards than the
		// hand holds couldn't be done at all.
		t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(p),
			Text: fmt.Sprintf("%s can't discard %d cards with %d in hand: nothing is discarded", t.name(p), n, len(hand))})
		return nil
	}
	var chosen []cardtext.ObjectID
	switch {
	case n < 0 || n >= len(hand):
		chosen = ids(hand)
	default:
		ans, err := t.ask(&Choice{Player: p, Key: registry.Discard, Options: ids(hand), Min: n, Max: n,
			Prompt: fmt.Sprintf("choose %d card%s to discard", n, plural(n))})
		if err != nil {
			return err
		}
		chosen = ans.objects
		if len(chosen) == 0 {
			chosen = []cardtext.ObjectID{ans.object}
		}
	}
	for _, id := range chosen {
		if _, err := t.move(id, cardtext.Graveyard, false, nil, registry.Discard, "is discarded"); err != nil {
			return err
		}
	}
	x.count = len(chosen)
	if n > len(hand) {
		t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(p),
			Text: fmt.Sprintf("%s had only %d card%s to discard: as much as possible is done", t.name(p), len(hand), plural(len(hand)))})
	}
	return nil
}

// create makes tokens (111.2): with the characteristics the instruction
// gives, or a copy of an object (707.2), with abilities it grants bound to
// the source (201.5a).
func (x *execCtx) create(in *cardtext.Instr) (bool, error) {
	t := x.t
	spec := in.Token
	src := x.source()
	for _, p := range x.players(in.Who) {
		n := max(spec.N, 1)
		// 614.1a, 616.1g: "it creates twice that many of those tokens
		// instead", each such effect once; the tokens' own entering
		// replacements apply to each as it's created.
		doubled := false
		for _, m := range t.ruleMods(cardtext.RuleDoubleTokens) {
			if whoseFits(m.mod.Who, m.ctrl, p) {
				n *= max(m.mod.N, 2)
				doubled = true
				t.emit(Event{Kind: EvRule, Key: registry.Replace, Player: t.name(p), N: n,
					Text: fmt.Sprintf("%s: %s creates %s that many tokens: %d", m.name, t.name(p), timesWord(m.mod.N, "twice", "three times"), n)})
			}
		}
		var first cardtext.ObjectID
		for i := range n {
			var id cardtext.ObjectID
			var err error
			t.enterChosen = nil
			if f := t.s.Object(first); doubled && i > 0 && f != nil && !t.applies(registry.ContainedLater) {
				// 616.1g: each token's entering is an event inside the
				// creation Doubling Season doubles, so its replacement
				// ("as this creature enters, choose a color") is chosen
				// after: each token makes its own choice. Without that
				// rule, the one token's choice could be made first, and
				// the doubled tokens would all have it.
				c := f.Chosen
				t.enterChosen = &c
			}
			if spec.CopyOf != nil {
				os := x.objects(*spec.CopyOf)
				var values *cardtext.Card
				switch {
				case len(os) > 0:
					values = t.copiable(os[0])
				case t.applies(registry.TokenCopyNone):
					// 111.12: a copy of an object that doesn't exist: no
					// token is created.
					t.emit(Event{Kind: EvRule, Key: registry.TokenCopyNone, Player: t.name(p),
						Text: "there is no object to copy: no token is created"})
					continue
				default:
					// Without 111.12, a token with no copiable values at all.
					values = &cardtext.Card{}
				}
				if !t.applies(registry.TokenName) {
					// 111.4: the creating effect sets the token's name, for
					// a copy the copied object's; without it, nothing does.
					c := *values
					c.Name = ""
					values = &c
				}
				if len(os) > 0 && os[0].Card.IsDoubleFaced() && !t.copying(os[0]) && t.applies(registry.TokenFaces) {
					// 707.8a: a copy of a double-faced permanent or card is
					// a double-faced token, with the same face up.
					id, err = t.createToken(p, os[0].Card, nil, os[0].Face)
				} else {
					id, err = t.createToken(p, values, values, FaceFront)
				}
			} else {
				card := spec.Card
				if spec.Named != "" {
					card = t.namedToken(spec.Named)
				} else if !t.applies(registry.TokenName) {
					// 111.4: the effect sets the token's name, its own or
					// its subtypes plus "Token"; without it, nothing does.
					c := *card
					c.Name = ""
					card = &c
				}
				var bound []*cardtext.Ability
				if len(spec.Gains) > 0 && src != nil {
					c := *card
					bound = bindGained(&t.s, spec.Gains, src, t.linkedTo(src))
					c.Abilities = append(append([]*cardtext.Ability(nil), card.Abilities...), bound...)
					card = &c
				}
				id, err = t.createToken(p, card, nil, FaceFront)
				for i, a := range bound {
					if a != spec.Gains[i] && id != 0 {
						// 201.5a: the name in the granted ability means the
						// object that granted it.
						t.emit(Event{Kind: EvEffect, Key: registry.NameGrant, Object: t.labelOf(id), ObjectID: id,
							Text: fmt.Sprintf("%s has %q: %s means %s", t.labelOf(id), a.Text, src.Card.Name, src.Label)})
					}
				}
			}
			t.enterChosen = nil
			if err != nil {
				return false, err
			}
			if id != 0 {
				x.created = append(x.created, id)
				if first == 0 {
					first = id
				}
			}
		}
	}
	x.it = x.created
	return len(x.created) > 0, nil
}

// addMana adds mana to a player's pool (106.4).
func (x *execCtx) addMana(in *cardtext.Instr) (bool, error) {
	t := x.t
	ms := in.Mana
	var m cardtext.Mana
	switch {
	case len(ms.Or) > 0:
		// "Add {G} or {W}.": one mana of a type the player chooses among
		// those listed (106.1a).
		opts := append([]cardtext.Mana{ms.Mana}, ms.Or...)
		var words []string
		for _, o := range opts {
			words = append(words, o.TypeNames()...)
		}
		if !t.applies(registry.ResolveChoice) {
			// Without 608.2d no one chooses as it resolves: the mana
			// named first.
			m = ms.Mana
			break
		}
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.ResolveChoice, Words: words, Prompt: "choose the mana to add"})
		if err != nil {
			return false, err
		}
		m = manaOfType(ans.word)
	case ms.ForEach != nil:
		n := countAmount(&t.s, cardtext.Amount{Count: ms.ForEach}, x.source(), x.ctrl, nil, nil)
		m = scale(ms.Mana, n)
	case ms.PerRemove:
		m = scale(ms.Mana, x.item.Removed)
	case ms.EqualTo != nil:
		n := x.amount(*ms.EqualTo)
		// 107.1b: a calculation yielding a negative number uses 0.
		if t.applies(registry.NegativeZero) {
			n = max(n, 0)
		}
		m = scale(manaOf(ms.PerColor), n)
	case ms.Chosen:
		col := x.color
		var ab *cardtext.Ability
		if len(x.item.Abilities) > 0 {
			ab = x.item.Abilities[0]
		}
		if src := x.source(); col == 0 && src != nil && src.Chosen.HasColor && t.s.choiceLinked(src, t.chars(src).Abilities, ab, ab) {
			col = src.Chosen.Color
		}
		switch {
		case col == 0 && t.applies(registry.UndefinedMana):
			// 106.5: one mana of a type no one chose is none.
			t.emit(Event{Kind: EvRule, Key: registry.UndefinedMana, Player: t.name(x.ctrl), Text: "no color was chosen: the mana's type is undefined, so no mana is added"})
			return false, nil
		case col == 0:
			// Without 106.5, the one mana would still be added, of no
			// color: the pool holds it as colorless.
			m = cardtext.Mana{C: 1}
		default:
			m = manaOf(col)
		}
	case ms.CouldProduce != nil:
		var can cardtext.Color
		could := t.couldProduce()
		for _, o := range t.s.Objects {
			if o.Zone == cardtext.Battlefield && !o.PhasedOut && matchFilter(&t.s, ms.CouldProduce, o, t.chars(o), x.source(), x.ctrl) {
				can |= could[o.ID]
			}
		}
		words := can.Names()
		if len(words) == 0 {
			t.emit(Event{Kind: EvRule, Key: registry.ManaPool, Player: t.name(x.ctrl), Text: "no land it names could produce colored mana: no mana is added"})
			return false, nil
		}
		col, _ := cardtext.ParseColor(words[0])
		if len(words) > 1 {
			ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.ManaPool, Words: words, Prompt: "choose a color of mana to add"})
			if err != nil {
				return false, err
			}
			col, _ = cardtext.ParseColor(ans.word)
		}
		m = manaOf(col)
	case ms.Produced:
		// "one mana of any type that land produced": a type among the
		// mana the trigger's land produced.
		var words []string
		if tr := x.item.Trig; tr != nil {
			words = tr.Mana.TypeNames()
		}
		if ms.ProducedColor {
			// "any color that land produced": colorless is no color (105.1).
			words = slices.DeleteFunc(words, func(w string) bool { return w == "colorless" })
		}
		if len(words) == 0 {
			t.emit(Event{Kind: EvRule, Key: registry.ManaPool, Player: t.name(x.ctrl), Text: "the land produced no mana: no mana is added"})
			return false, nil
		}
		pick := words[0]
		if len(words) > 1 {
			who := x.ctrl
			if ps := x.players(in.Who); len(ps) > 0 {
				who = ps[0]
			}
			ans, err := t.ask(&Choice{Player: who, Key: registry.ManaPool, Words: words, Prompt: "choose a type of mana to add"})
			if err != nil {
				return false, err
			}
			pick = ans.word
		}
		m = manaOfType(pick)
	case ms.ColorOf != nil:
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.ManaPool, Words: colorWords(), Prompt: "choose a color of mana to add"})
		if err != nil {
			return false, err
		}
		col, _ := cardtext.ParseColor(ans.word)
		m = manaOf(col)
	default:
		m = ms.Mana
	}
	if m.Total() == 0 {
		t.emit(Event{Kind: EvMana, Key: registry.ManaPool, Player: t.name(x.ctrl), Text: t.name(x.ctrl) + " adds no mana"})
		return false, nil
	}
	if src := x.source(); x.tappedForMana && src != nil {
		// 106.12b: "If you tap a permanent for mana, it produces twice as
		// much of that mana instead." modifies the mana the ability
		// produces as it resolves; each such effect once (614.5).
		sch := t.chars(src)
		t.replaceEach(t.ruleMods(cardtext.RuleManaTimes), func(r ruleMod) bool {
			return whoseFits(r.mod.Who, r.ctrl, x.ctrl) && (r.mod.Filter == nil || matchFilter(&t.s, r.mod.Filter, src, sch, r.src, r.ctrl))
		}, func(r ruleMod) {
			m = scale(m, max(r.mod.N, 2))
			t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: src.Label, N: m.Total(),
				Text: fmt.Sprintf("%s: %s produces %s as much mana: %s", r.name, src.Label, timesWord(r.mod.N, "twice", "three times"), m)})
		})
	}
	for _, p := range x.players(in.Who) {
		if err := (AddMana{Player: p, Mana: m, Only: ms.Only, Source: x.item.SourceName}).apply(t); err != nil {
			return false, err
		}
	}
	x.added = x.added.Add(m)
	return true, nil
}

// linkedTo is State.choiceLinked for abilities src's abilities grant.
func (t *tx) linkedTo(src *Object) func(*cardtext.Ability) bool {
	return func(a *cardtext.Ability) bool { return t.s.choiceLinked(src, t.chars(src).Abilities, nil, a) }
}

// couldAdd reports whether an "add" instruction would add any mana if it
// were followed now (605.1a).
func (x *execCtx) couldAdd(ms *cardtext.ManaSpec) bool {
	switch {
	case ms.ForEach != nil:
		return countAmount(&x.t.s, cardtext.Amount{Count: ms.ForEach}, x.source(), x.ctrl, nil, nil) > 0
	case ms.EqualTo != nil:
		return x.amount(*ms.EqualTo) > 0
	case ms.PerRemove:
		return x.source() != nil && len(x.source().Counters) > 0
	case ms.Chosen:
		src := x.source()
		return src != nil && src.Chosen.HasColor
	case ms.Produced, ms.CouldProduce != nil, ms.ColorOf != nil:
		return true
	}
	return ms.Mana.Total() > 0
}

func scale(m cardtext.Mana, n int) cardtext.Mana {
	var out cardtext.Mana
	for i := 0; i < 6; i++ {
		out.AddAt(i, m.At(i)*n)
	}
	return out
}

func manaOf(c cardtext.Color) cardtext.Mana {
	var m cardtext.Mana
	if i := colorIndex(c); i >= 0 {
		m.AddAt(i, 1)
	}
	return m
}

// continuous creates a continuous effect (611.2): the objects it affects
// are fixed now (611.2c), and so are its numbers (611.2d) and choices.
func (x *execCtx) continuous(in *cardtext.Instr) (bool, error) {
	t := x.t
	sp := in.Cont
	e := ContEffect{Spec: sp, Source: x.item.Source, SourceName: x.item.SourceName, Controller: x.ctrl, Dur: in.Dur.Kind, Text: x.text(in)}
	if sp.Rules != nil {
		if sp.Player != nil {
			// A rule about players: one effect for each, its "controller"
			// being the player it's about.
			for _, p := range x.players(*sp.Player) {
				e.Controller = p
				t.addEffect(e)
			}
			return true, nil
		}
		if f := sp.Rules.Filter; f != nil && !t.applies(registry.RulesEffect) {
			// 611.2c: an effect that modifies the rules can affect objects
			// that weren't affected when it began. Without that, its set
			// of objects would be fixed as it began, like that of an
			// effect that modifies characteristics.
			e.Objects = []cardtext.ObjectID{}
			src := x.source()
			for _, o := range t.s.Objects {
				if matchFilter(&t.s, f, o, t.chars(o), src, x.ctrl) {
					e.Objects = append(e.Objects, o.ID)
				}
			}
		}
		t.addEffect(e)
		return true, nil
	}
	os := x.objects(sp.Affects)
	if len(os) == 0 {
		return false, nil
	}
	// 611.2b: "for as long as you control ~", "for as long as ~ remains
	// tapped": if that's already over, the effect does nothing.
	switch in.Dur.Kind {
	case cardtext.DurWhileControl, cardtext.DurWhileTapped:
		src := t.s.Object(x.item.Source)
		holds := src != nil && src.Zone == cardtext.Battlefield
		if holds && in.Dur.Kind == cardtext.DurWhileControl {
			holds = t.chars(src).Controller == x.ctrl
		} else if holds {
			holds = src.Tapped
		}
		switch {
		case holds:
			e.DurObj = src.ID
		case t.applies(registry.DurationNever):
			t.emit(Event{Kind: EvEffect, Key: registry.DurationNever, Object: x.item.SourceName,
				Text: fmt.Sprintf("%s's effect does nothing: its duration ended before it began", x.item.SourceName)})
			return false, nil
		default:
			// Without 611.2b, a duration that never began would never end
			// either: the effect would last indefinitely.
			e.Dur = cardtext.DurForever
		}
	case cardtext.DurWhileOn:
		e.DurObj = x.item.Source
	}
	makesCreature := cardtext.HasFold(sp.SetTypes, "creature") || cardtext.HasFold(sp.AddTypes, "creature")
	if (sp.ModPT != nil || sp.SetPT != nil) && !makesCreature && !t.applies(registry.NoncreaturePT) {
		// 208.3a: an effect that sets or modifies the power and toughness
		// of a noncreature permanent is created all the same, and applies
		// once it becomes a creature. Without that rule, such a permanent
		// would be left out of it.
		os = slices.DeleteFunc(os, func(o *Object) bool { return o.Zone == cardtext.Battlefield && !t.chars(o).Types.Is("creature") })
		if len(os) == 0 {
			return false, nil
		}
	}
	e.Objects = ids(os)
	target := os[0]
	if sp.ModPT != nil {
		e.Mod = [2]int{x.clampAmount(sp.ModPT[0]), x.clampAmount(sp.ModPT[1])}
	}
	if sp.SetPT != nil {
		dynamic := false
		for _, a := range sp.Gain {
			if len(a.Static) > 0 && a.Static[0].CDAPT != nil {
				dynamic = true
			}
		}
		if dynamic {
			v := *sp.SetPT
			e.SetAmt = &v
		} else {
			e.Set = [2]int{x.amount(sp.SetPT[0]), x.amount(sp.SetPT[1])}
		}
	}
	if len(sp.TextWords) > 0 {
		// 612.2: choose the word to replace, of any kind the effect
		// names, and its replacement, a word of the same kind.
		var words []string
		for _, k := range sp.TextWords {
			words = append(words, textWords(k)...)
		}
		kinds := strings.Join(sp.TextWords, " or ")
		from, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Layer3, Words: words, Prompt: "choose the " + kinds + " to replace"})
		if err != nil {
			return false, err
		}
		for _, k := range sp.TextWords {
			if slices.Contains(textWords(k), from.word) {
				words, kinds = textWords(k), k
			}
		}
		to, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Layer3, Words: words, Prompt: "choose the " + kinds + " to replace it with"})
		if err != nil {
			return false, err
		}
		e.From, e.To = from.word, to.word
	}
	if sp.ColorChoice {
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Words: colorWords(), Prompt: "choose a color"})
		if err != nil {
			return false, err
		}
		e.Color, _ = cardtext.ParseColor(ans.word)
		for sp.ColorsChoice {
			// "the color or colors of your choice": more, until the
			// player is done.
			words := []string{"done"}
			for _, w := range colorWords() {
				if col, _ := cardtext.ParseColor(w); e.Color&col == 0 {
					words = append(words, w)
				}
			}
			if len(words) == 1 {
				break
			}
			ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.Resolve, Words: words, Prompt: "choose another color, or done"})
			if err != nil {
				return false, err
			}
			if ans.word == "done" {
				break
			}
			col, _ := cardtext.ParseColor(ans.word)
			e.Color |= col
		}
	} else if sp.ColorOf != nil {
		// "becomes the color of target permanent": its colors as the
		// effect begins; later changes to it don't follow (611.2c).
		from := x.objects(*sp.ColorOf)
		if len(from) == 0 {
			return false, nil
		}
		e.Color = t.chars(from[0]).Colors
	} else if sp.HasColor {
		e.Color = sp.SetColor
	}
	if src := t.s.Object(x.item.Source); src != nil {
		e.Gain = bindGained(&t.s, sp.Gain, src, t.linkedTo(src))
	} else {
		e.Gain = sp.Gain
	}
	if in.Variants && in.If != nil && t.applies(registry.SameIsTrue) {
		// 702.1c: each variant of the keyword among the objects the
		// condition looks at is granted (landwalk: swampwalk, …).
		e.Gain = x.variants(sp.Gain[0].Keyword, in.If.Filter)
	}
	if sp.GainActOf != nil {
		if from := x.objects(*sp.GainActOf); len(from) > 0 {
			for _, a := range t.chars(from[0]).Abilities {
				if a.Activated() {
					e.Gain = append(e.Gain, a)
				}
			}
		}
	}
	if sp.CopyOf != nil {
		var values *cardtext.Card
		from := x.objects(*sp.CopyOf)
		switch {
		case len(from) > 0:
			values = t.copiable(from[0])
		case sp.CopyOf.Kind == cardtext.RefSacrificed && len(x.item.Sacrificed) > 0:
			// The sacrificed creature as it last existed (608.2h).
			values = x.item.Sacrificed[0].Copiable
		}
		if values == nil {
			return false, nil
		}
		var this *cardtext.Ability
		if x.item.Kind != StackSpell && len(x.item.Abilities) > 0 {
			this = x.item.Abilities[0]
		}
		if t.applies(registry.CopyExcept) { // 707.9
			values = copyExcept(values, target.Card, sp.CopyPT, sp.CopyAdd, sp.CopyHasThis, sp.CopyNoColor, this, t.ed.Types, sp.CopyExtra)
		}
		e.Copy = values
		if !t.applies(registry.CopyKeeps) { // 707.4: without it, becoming a copy ends the other effects on it
			t.s.Effects = slices.DeleteFunc(t.s.Effects, func(x ContEffect) bool {
				return x.Copy == nil && slices.Contains(x.Objects, target.ID)
			})
		}
	}
	if !x.partOf(e) {
		t.addEffect(e)
		x.lastEffect = t.s.nextEffect
	}
	// 201.5b: an ability gained that names its object names its new one.
	for _, a := range append(append([]*cardtext.Ability(nil), e.Gain...), copyThis(e.Copy, sp)...) {
		if strings.Contains(a.Text, "~") {
			name := t.chars(target).Name
			t.emit(Event{Kind: EvEffect, Key: registry.NameSelf, Object: target.Label, ObjectID: target.ID,
				Text: fmt.Sprintf("%s has %q: the name means %s itself", target.Label, a.Display(name), target.Label)})
		}
	}
	return true, nil
}

// partOf makes e a part of the effect the instruction before created, if
// it changes the same objects for the same time in other layers: the
// instructions of one spell or ability are one effect with parts in
// several layers (613.6: Act of Treason's "gain control" in layer 2 and
// "it gains haste" in layer 6). It reports whether it did.
func (x *execCtx) partOf(e ContEffect) bool {
	t := x.t
	i := slices.IndexFunc(t.s.Effects, func(p ContEffect) bool { return p.ID == x.lastEffect })
	if x.lastEffect == 0 || i < 0 {
		return false
	}
	p := &t.s.Effects[i]
	a, b := p.Spec, e.Spec
	if a == nil || b == nil || a.Rules != nil || b.Rules != nil || a.CopyOf != nil || b.CopyOf != nil ||
		p.Dur != e.Dur || p.DurObj != e.DurObj || !slices.Equal(p.Objects, e.Objects) {
		return false
	}
	for _, l := range layers {
		if inLayer(a, l) && inLayer(b, l) {
			return false
		}
	}
	m := *a
	if b.Control {
		m.Control = true
	}
	if len(b.TextWords) > 0 {
		m.TextWords = b.TextWords
		p.From, p.To = e.From, e.To
	}
	m.SetTypes, m.AddTypes, m.RemoveTypes = slices.Concat(a.SetTypes, b.SetTypes), slices.Concat(a.AddTypes, b.AddTypes), slices.Concat(a.RemoveTypes, b.RemoveTypes)
	m.SetSubs, m.AddSubs, m.AddSuper = slices.Concat(a.SetSubs, b.SetSubs), slices.Concat(a.AddSubs, b.AddSubs), slices.Concat(a.AddSuper, b.AddSuper)
	m.AllCreatureTypes = a.AllCreatureTypes || b.AllCreatureTypes
	if inLayer(b, "5") {
		m.SetColor, m.HasColor, m.ColorChoice, m.ColorsChoice, m.ColorOf = b.SetColor, b.HasColor, b.ColorChoice, b.ColorsChoice, b.ColorOf
		p.Color = e.Color
	}
	m.Gain, m.Lose = slices.Concat(a.Gain, b.Gain), slices.Concat(a.Lose, b.Lose)
	m.LoseAll = a.LoseAll || b.LoseAll
	if b.GainActOf != nil {
		m.GainActOf = b.GainActOf
	}
	p.Gain = slices.Concat(p.Gain, e.Gain)
	if b.CDAPT != nil {
		m.CDAPT = b.CDAPT
	}
	if b.SetPT != nil {
		m.SetPT, p.Set, p.SetAmt = b.SetPT, e.Set, e.SetAmt
	}
	if b.ModPT != nil {
		m.ModPT, p.Mod = b.ModPT, e.Mod
	}
	m.Switch = a.Switch || b.Switch
	p.Spec = &m
	p.Text += " " + e.Text
	names := make([]string, 0, len(e.Objects))
	for _, id := range e.Objects {
		names = append(names, t.labelOf(id))
	}
	t.emit(Event{Kind: EvEffect, Key: layerKey[firstLayer(b)], Object: e.SourceName,
		Text: fmt.Sprintf("the same effect applies in layer %s too: %s (%s)", firstLayer(b), e.Text, strings.Join(names, ", "))})
	t.dirty()
	return true
}

// copyThis is the ability a copy effect's exception kept ("except it has
// this ability"), if any.
func copyThis(c *cardtext.Card, sp *cardtext.ContSpec) []*cardtext.Ability {
	if c == nil || !sp.CopyHasThis || len(c.Abilities) == 0 {
		return nil
	}
	return c.Abilities[len(c.Abilities)-1:]
}

// clampAmount evaluates an amount for "+X/+X where X is …": a calculation
// that yields a negative number uses 0 (107.1b).
func (x *execCtx) clampAmount(a cardtext.Amount) int {
	if a == (cardtext.Amount{N: a.N, Neg: a.Neg}) {
		return neg(a.N, a.Neg) // a printed number, "-2/-0", not a calculation
	}
	b := a
	b.Neg = false
	n := x.amount(b)
	if x.t.applies(registry.NegativeZero) {
		n = max(n, 0)
	}
	return neg(n, a.Neg)
}

// addEffect records a continuous effect with a new timestamp (613.7b).
func (t *tx) addEffect(e ContEffect) {
	t.s.nextEffect++
	e.ID = t.s.nextEffect
	if e.Timestamp == 0 {
		e.Timestamp = t.s.tick()
	}
	t.s.Effects = append(t.s.Effects, e)
	if e.Copy != nil {
		var names []string
		for _, id := range e.Objects {
			if o := t.s.Object(id); o != nil {
				names = append(names, o.Label)
			}
		}
		t.emit(Event{Kind: EvEffect, Key: registry.Copy, Object: e.SourceName,
			Text: fmt.Sprintf("%s becomes a copy of %s: it has the copiable values %s", strings.Join(names, ", "), e.Copy.Name, copyDescription(e.Copy))})
	} else if !e.Shield {
		var names []string
		for _, id := range e.Objects {
			if o := t.s.Object(id); o != nil {
				names = append(names, o.Label)
			}
		}
		what := e.Text
		if len(names) > 0 {
			what += " (" + strings.Join(names, ", ") + ")"
		}
		key := registry.LockSet
		for _, l := range layers {
			if e.Spec != nil && inLayer(e.Spec, l) {
				key = layerKey[l]
				break
			}
		}
		t.emit(Event{Kind: EvEffect, Key: key, Object: e.SourceName, Text: "effect begins: " + what})
	}
	t.dirty()
}

// copyDescription lists copiable values for an event.
func copyDescription(c *cardtext.Card) string {
	s := c.Types.String()
	if c.HasPT {
		s += fmt.Sprintf(" %d/%d", c.Power, c.Toughness)
	}
	return "(" + s + ")"
}

// delayed creates a delayed triggered ability (603.7), its references to
// "that creature" bound to the objects they mean now.
func (x *execCtx) delayed(in *cardtext.Instr) {
	t := x.t
	ab := *in.Delay
	ab.Effect = x.bindInstrs(ab.Effect)
	d := Delayed{Ability: &ab, Controller: x.ctrl, Source: x.item.Source, SourceName: x.item.SourceName, Turn: t.s.Turn, Step: t.s.Step}
	if tr := ab.Trigger; tr != nil && tr.What != nil && tr.What.Self {
		// "When this creature leaves the battlefield": the source as it
		// is now.
		src := t.s.Object(x.item.Source)
		switch {
		case (tr.Event == cardtext.TrigLeaves && (src == nil || src.Zone != cardtext.Battlefield) ||
			tr.Event == cardtext.TrigUntapped && x.untappedSince()) && !t.applies(registry.DelayedCreated):
			// 603.7a: it won't trigger on an event that happened before
			// it was created. Without that rule, its event, just
			// beforehand (the source leaving, or untapping), would
			// trigger it at once.
			info := TrigInfo{Obj: t.s.LastKnownOrCurrent(x.item.Source)}
			t.s.Waiting = append(t.s.Waiting, Waiting{Ability: d.Ability, Source: d.Source, SourceName: d.SourceName, Controller: d.Controller, Trig: info})
			t.emit(Event{Kind: EvTrigger, Key: registry.Delayed, Object: d.SourceName, Text: "delayed ability triggers: " + ab.Display(d.origin())})
			return
		case src != nil && src.Zone == cardtext.Battlefield:
			d.Watch = src.ID
		}
	}
	t.s.Delayed = append(t.s.Delayed, d)
	t.emit(Event{Kind: EvEffect, Key: registry.Delayed, Object: x.item.SourceName, Text: "delayed triggered ability created: " + ab.Display(d.origin())})
}

// untappedSince reports whether the resolving ability's source has become
// untapped since the ability was activated: its cost tapped it, and it is
// untapped now.
func (x *execCtx) untappedSince() bool {
	src := x.t.s.Object(x.item.Source)
	if src == nil || src.Zone != cardtext.Battlefield || src.Tapped || x.item.Kind != StackActivated || len(x.item.Abilities) == 0 {
		return false
	}
	c := x.item.Abilities[0].Cost
	return c != nil && c.Tap
}

// bindInstrs fixes the objects a delayed ability's instructions refer to.
func (x *execCtx) bindInstrs(ins []*cardtext.Instr) []*cardtext.Instr {
	out := make([]*cardtext.Instr, len(ins))
	for i, in := range ins {
		c := *in
		c.What = x.bindRef(in.What)
		c.Src = x.bindRef(in.Src)
		c.To.Obj = x.bindRef(in.To.Obj)
		c.Then = x.bindInstrs(in.Then)
		c.Else = x.bindInstrs(in.Else)
		out[i] = &c
	}
	return out
}

func (x *execCtx) bindRef(r cardtext.ORef) cardtext.ORef {
	switch r.Kind {
	case cardtext.RefTarget, cardtext.RefSelf, cardtext.RefTriggered, cardtext.RefCreated, cardtext.RefChosenObj, cardtext.RefEnchanted, cardtext.RefTrigOther:
		os := x.objects(r)
		if len(os) == 0 {
			return cardtext.ORef{Kind: cardtext.RefBound}
		}
		b := cardtext.ORef{Kind: cardtext.RefBound, Bound: os[0].ID, Label: os[0].Label, Quality: r.Quality}
		for _, o := range os[1:] {
			b.More = append(b.More, o.ID)
		}
		return b
	}
	return r
}

// exileUntil exiles "until ~ leaves the battlefield" (610.3c): if the
// source has already left, nothing is exiled; otherwise the cards come back
// as soon as it leaves.
func (x *execCtx) exileUntil(in *cardtext.Instr) (bool, error) {
	t := x.t
	src := t.s.Object(x.item.Source)
	if src == nil || src.Zone != cardtext.Battlefield {
		t.emit(Event{Kind: EvRule, Key: registry.Resolve, Object: x.item.SourceName,
			Text: x.item.SourceName + " has already left the battlefield: nothing is exiled"})
		return false, nil
	}
	srcID, srcLabel := src.ID, src.Label // src moves in the slice as others move
	var exiled []cardtext.ObjectID
	for _, id := range ids(x.whats(in)) {
		nid, err := t.move(id, cardtext.Exile, false, nil, registry.Exile, "is exiled until "+srcLabel+" leaves the battlefield")
		if err != nil {
			return false, err
		}
		x.note(id, nid)
		exiled = append(exiled, nid)
	}
	t.s.nextEffect++
	t.s.Effects = append(t.s.Effects, ContEffect{ID: t.s.nextEffect, Timestamp: t.s.tick(), Source: srcID, SourceName: srcLabel,
		Controller: x.ctrl, Dur: cardtext.DurWhileOn, DurObj: srcID, Exiled: exiled, Text: x.text(in)})
	return len(exiled) > 0, nil
}

// exchange exchanges control of two objects (701.12a); if either is no
// longer a legal target, nothing happens.
func (x *execCtx) exchange(in *cardtext.Instr) (bool, error) {
	t := x.t
	os := x.whats(in)
	if len(os) == 1 && !t.applies(registry.ExchangeAll) {
		// Without 701.12a, the half of the exchange that can be done is:
		// the one left goes to the other's controller as it last was.
		if gone := x.goneTarget(in.What, os[0].ID); gone != nil && gone.Chars.Controller != t.chars(os[0]).Controller {
			t.addEffect(ContEffect{Spec: &cardtext.ContSpec{Affects: cardtext.ORef{Kind: cardtext.RefBound, Bound: os[0].ID}, Control: true}, Objects: []cardtext.ObjectID{os[0].ID},
				Source: x.item.Source, SourceName: x.item.SourceName, Controller: gone.Chars.Controller, Text: "half of an exchange of control"})
			return true, nil
		}
	}
	if len(os) != 2 {
		t.emit(Event{Kind: EvRule, Key: registry.ExchangeAll, Object: x.item.SourceName,
			Text: "the entire exchange can't be completed: no part of it occurs"})
		return false, nil
	}
	a, b := os[0], os[1]
	ca, cb := t.chars(a).Controller, t.chars(b).Controller
	if ca == cb {
		return false, nil
	}
	for _, p := range []struct {
		o    *Object
		ctrl PlayerID
	}{{a, cb}, {b, ca}} {
		t.addEffect(ContEffect{Spec: &cardtext.ContSpec{Affects: cardtext.ORef{Kind: cardtext.RefBound, Bound: p.o.ID}, Control: true}, Objects: []cardtext.ObjectID{p.o.ID},
			Source: x.item.Source, SourceName: x.item.SourceName, Controller: p.ctrl, Text: "exchange of control"})
	}
	return true, nil
}

// goneTarget is the last known information of a target r chose that is no
// longer there (or no longer legal), other than the object keep.
func (x *execCtx) goneTarget(r cardtext.ORef, keep cardtext.ObjectID) *Snapshot {
	if r.Kind != cardtext.RefTarget || x.off+r.Index >= len(x.item.Targets) {
		return nil
	}
	for _, tg := range x.item.Targets[x.off+r.Index] {
		if tg.IsPlayer || tg.Object == keep {
			continue
		}
		if s := x.t.s.LastKnownOrCurrent(tg.Object); s != nil {
			return s
		}
	}
	return nil
}

// win: the player wins, and the game ends (104.2b); with 810.8a, their
// whole team wins. Every other player loses.
func (t *tx) win(p PlayerID) {
	if by := t.cantWin(p); by != "" {
		t.emit(Event{Kind: EvRule, Key: registry.Win, Player: t.name(p), Text: t.name(p) + " would win the game; " + by})
		return
	}
	t.emit(Event{Kind: EvWin, Key: registry.Win, Player: t.name(p), Text: t.name(p) + " wins the game"})
	winners := []PlayerID{p}
	if t.asTeam() {
		winners = t.s.TeamOf(p)
	}
	for i := range t.s.Players {
		if !slices.Contains(winners, PlayerID(i)) && !t.s.Players[i].Lost {
			t.s.Players[i].Lost, t.s.Players[i].LostBy = true, registry.Win
		}
	}
	for _, q := range winners {
		t.s.Players[q].Won = true
	}
}

// objectsIn is a helper for tests and scenarios: the objects a player
// controls on the battlefield with a name.
func objectsNamed(s *State, name string) []*Object {
	var out []*Object
	for i := range s.Objects {
		if strings.EqualFold(s.Objects[i].Card.Name, name) {
			out = append(out, s.Objects[i])
		}
	}
	return out
}

var _ = slices.Contains[[]int]

// copySpell puts a copy of a spell onto the stack (707.10): it has the
// spell's copiable values (with the effect's exception), and the choices
// made for it as it was cast — X, kicker, costs paid such as a sacrificed
// creature, targets — but no mana was spent to cast it, and it wasn't cast.
// Its controller may choose new targets when the effect says so (707.10c).
func (x *execCtx) copySpell(in *cardtext.Instr) (bool, error) {
	t := x.t
	did := false
	if !t.applies(registry.CopySpell) { // 707.10: copying a spell puts a copy onto the stack
		return false, nil
	}
	for _, o := range x.objects(in.What) {
		if o.Zone != cardtext.Stack || o.Stack == nil || o.Stack.Kind != StackSpell {
			continue
		}
		var fixed *Target
		if in.CopyTargets != nil {
			tg, ok, err := x.copyTarget(in, o)
			if err != nil || !ok {
				return did, err
			}
			fixed = &tg
		}
		card := *t.copiable(o)
		if in.Color != 0 {
			card.Color, card.HasColor = in.Color, true
		}
		cp := t.s.newObject(&card, x.ctrl, cardtext.Stack, false)
		item := *o.Stack
		item.Copy = true
		item.Controller = x.ctrl
		item.Source, item.SourceName, item.SourceSnap = cp.ID, cp.Label, nil
		item.Spent = cardtext.Mana{}
		item.Targets = make([][]Target, len(o.Stack.Targets))
		for i, ts := range o.Stack.Targets {
			item.Targets[i] = slices.Clone(ts)
			if fixed != nil {
				for j := range item.Targets[i] {
					item.Targets[i][j] = *fixed
				}
			}
		}
		cp.Stack = &item
		if o.Cast != nil {
			cp.Cast = &CastInfo{X: o.Cast.X, Kicked: o.Cast.Kicked}
		}
		t.dirty()
		did = true
		t.emit(Event{Kind: EvEffect, Key: registry.CopySpell, Object: cp.Label, ObjectID: cp.ID, Player: t.name(x.ctrl),
			Text: fmt.Sprintf("a copy of %s, %s, is put on the stack under %s's control, with its choices%s", o.Label, cp.Label, t.name(x.ctrl), copyTargetsText(t, &item))})
		if in.NewTargets && len(item.Specs) > 0 {
			if err := x.newTargets(cp); err != nil {
				return did, err
			}
		}
	}
	return did, nil
}

func copyTargetsText(t *tx, item *StackItem) string {
	var tgts []string
	for _, ts := range item.Targets {
		for _, tg := range ts {
			tgts = append(tgts, t.targetText(tg))
		}
	}
	if len(tgts) == 0 {
		return ""
	}
	return " (targeting " + strings.Join(tgts, ", ") + ")"
}

// newTargets lets a copy's controller choose new targets for it (707.10c):
// first whether to, then each target, among those legal for it.
func (x *execCtx) newTargets(cp *Object) error {
	t := x.t
	ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.CopySpell, Words: []string{"yes", "no"},
		Prompt: "choose new targets for " + cp.Label + "?"})
	if err != nil || ans.word == "no" {
		return err
	}
	return x.chooseTargets(cp, registry.CopySpell)
}

// chooseTargets has the resolving effect's controller choose each target of
// cp, a spell or ability on the stack, again among those legal for it
// (115.7d: changing targets; 707.10c: new targets for a copy). The new set
// must be legal as a whole, as when it was cast.
func (x *execCtx) chooseTargets(cp *Object, key registry.Key) error {
	t := x.t
	item := cp.Stack
	ch := t.chars(cp)
	var chosen []Target
	cur := make([][]Target, len(item.Specs)) // the targets as they are, changed one by one
	for i := range cur {
		if i < len(item.Targets) {
			cur[i] = slices.Clone(item.Targets[i])
		}
	}
	for i, sp := range item.Specs {
		var opts []cardtext.ObjectID
		var ps []PlayerID
		for _, tg := range t.legalTargets(sp, x.ctrl, cp, ch, true) {
			if tg.IsPlayer {
				ps = append(ps, tg.Player)
			} else {
				opts = append(opts, tg.Object)
			}
		}
		for j := range max(sp.Count, 1) {
			tg, err := t.askTarget(&Choice{Player: x.ctrl, Key: key, Options: opts, Players: ps,
				Prompt: fmt.Sprintf("choose %s for %s", sp.Text, cp.Label)})
			if err != nil {
				return err
			}
			chosen = append(chosen, tg)
			if t.applies(registry.FinalTargets) {
				continue
			}
			// Without 115.7e, each change must leave a legal set of
			// targets, as if it were the last.
			if j < len(cur[i]) {
				cur[i][j] = tg
			} else {
				cur[i] = append(cur[i], tg)
			}
			if _, err := t.checkTargets(item.Specs, slices.Concat(cur...), x.ctrl, cp, ch, true, true); err != nil {
				return err
			}
		}
	}
	tg, err := t.checkTargets(item.Specs, chosen, x.ctrl, cp, ch, true, true)
	if err != nil {
		return err
	}
	// The item is shared with the states before this one: a copy takes
	// the new targets.
	changed := *item
	changed.Targets = tg
	item, cp.Stack = &changed, &changed
	t.emit(Event{Kind: EvChoice, Key: key, Object: cp.Label, ObjectID: cp.ID, Player: t.name(x.ctrl),
		Text: fmt.Sprintf("%s chooses new targets for %s%s", t.name(x.ctrl), cp.Label, copyTargetsText(t, item))})
	return nil
}

// reflexive triggers a reflexive ability (603.12) at once, about the
// object the instruction before chose ("that creature": the one
// sacrificed); it goes on the stack the next time a player would receive
// priority, and its targets are chosen then.
func (x *execCtx) reflexive(in *cardtext.Instr) bool {
	t := x.t
	if !t.applies(registry.Reflexive) {
		return false
	}
	src := t.s.Object(x.item.Source)
	if src == nil {
		return false
	}
	var info TrigInfo
	if n := len(x.chosen); n > 0 {
		if s := t.s.LastKnown(x.chosen[n-1]); s != nil {
			info.Obj = s
		}
	}
	t.trigger(in.Delay, src, t.chars(src), info)
	return true
}

// repeatCost is cost paid n times: "{W/U}" for each of three age counters
// is {W/U}{W/U}{W/U}.
func repeatCost(cost cardtext.ManaCost, n int) cardtext.ManaCost {
	var out cardtext.ManaCost
	for range n {
		out = append(out, cost...)
	}
	return out
}

// namedToken is the card a token created by name is: the card of that name
// in the Oracle card reference (111.11). Without that rule the effect
// defines nothing but the name.
func (t *tx) namedToken(name string) *cardtext.Card {
	if c := t.s.Reference[strings.ToLower(name)]; c != nil && t.applies(registry.TokenByName) {
		t.emit(Event{Kind: EvRule, Key: registry.TokenByName, Object: name,
			Text: "the token has the characteristics of the card named " + name + " in the Oracle card reference"})
		return c
	}
	return &cardtext.Card{Name: name}
}

// fight: each of two creatures deals damage equal to its power to the
// other (701.14a); if either isn't a creature on the battlefield any more,
// neither deals damage (701.14b).
func (x *execCtx) fight(in *cardtext.Instr) (bool, error) {
	t := x.t
	os := x.whats(in)
	if len(os) != 2 {
		return false, nil
	}
	var srcs [2]*damageSource
	for i, o := range os {
		ch := t.chars(o)
		if o.Zone != cardtext.Battlefield || !ch.Types.Is("creature") {
			t.emit(Event{Kind: EvRule, Key: registry.Resolve, Object: o.Label, Text: o.Label + " isn't a creature on the battlefield: no damage is dealt in the fight"})
			return false, nil
		}
		srcs[i] = &damageSource{id: o.ID, label: o.Label, ch: *ch, ctrl: ch.Controller}
	}
	if os[0].ID == os[1].ID {
		// 701.14c: a creature fighting itself is dealt twice its power.
		return true, t.damage(srcs[0], ObjectTarget(os[0].ID), 2*srcs[0].ch.Power, false)
	}
	for i := range os {
		if err := t.damage(srcs[i], ObjectTarget(os[1-i].ID), srcs[i].ch.Power, false); err != nil {
			return false, err
		}
	}
	return true, nil
}

// copyTarget is the new target a copy effect specifies for the copy of
// spell o ("The copy targets that token."): ok is false if it isn't a
// legal target for each instance of the word "target", and then the copy
// isn't created (707.10e). If a replacement effect made the effect name
// several objects (two tokens for one), the copy's controller chooses one
// of them.
func (x *execCtx) copyTarget(in *cardtext.Instr, o *Object) (Target, bool, error) {
	t := x.t
	cands := x.objects(*in.CopyTargets)
	if len(cands) == 0 {
		return Target{}, false, nil
	}
	pick := cands[0]
	if len(cands) > 1 && t.applies(registry.CopyOneTarget) {
		ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.CopyOneTarget, Options: ids(cands), Min: 1, Max: 1,
			Prompt: fmt.Sprintf("choose which of them the copy of %s targets", o.Label)})
		if err != nil {
			return Target{}, false, err
		}
		if ans.object != 0 {
			pick = t.s.Object(ans.object)
		} else if len(ans.objects) == 1 {
			pick = t.s.Object(ans.objects[0])
		}
	}
	tg := ObjectTarget(pick.ID)
	for _, sp := range o.Stack.Specs {
		if err := t.legalTarget(sp, tg, x.ctrl, o, t.chars(o), true); err != nil {
			t.emit(Event{Kind: EvEffect, Key: registry.CopySpell, Object: o.Label, ObjectID: o.ID,
				Text: fmt.Sprintf("%s isn't a legal target for %q: the copy of %s isn't created", pick.Label, sp.Text, o.Label)})
			return Target{}, false, nil
		}
	}
	return tg, true, nil
}

// entersAs reports whether in is an effect stating what a permanent is or
// has (611.2e), which applies as the permanent an instruction before it
// puts onto the battlefield enters.
func entersAs(in *cardtext.Instr) bool {
	return in.Op == cardtext.OpContinuous && in.Is && in.If == nil && !in.May
}
