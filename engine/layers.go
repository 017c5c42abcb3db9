package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// view is every object's characteristics in one state, computed together
// because effects on one object depend on others (what counts as a "white
// creature" before a +1/+1 applies).
type view struct {
	chars map[cardtext.ObjectID]*Chars
	// copiable holds each object's copiable values: its printed
	// characteristics after layer 1 (613.2c, 707.2).
	copiable map[cardtext.ObjectID]*cardtext.Card
	// faceUp holds a face-down object's copiable values as they would be
	// if it were face up (708.10, 702.37e).
	faceUp map[cardtext.ObjectID]*cardtext.Card
	// hidden are the library cards a view of a quiet state leaves out:
	// what each is depends on it alone, so it is computed when first
	// asked for (charsOf), from s. Most of a game's objects are library
	// cards nothing looks at.
	hidden []*Object
	s      *State
}

// charsOf is the characteristics of the object with id in the view, nil
// for an object not in it.
func (v *view) charsOf(id cardtext.ObjectID) *Chars {
	if ch := v.chars[id]; ch != nil {
		return ch
	}
	v.unhide(id)
	return v.chars[id]
}

// copiableOf is the copiable values of the object with id in the view.
func (v *view) copiableOf(id cardtext.ObjectID) *cardtext.Card {
	if c := v.copiable[id]; c != nil {
		return c
	}
	v.unhide(id)
	return v.copiable[id]
}

// unhide computes a hidden object's characteristics on their own, as the
// whole view would have: in a quiet state no effect joins them to
// another object's.
func (v *view) unhide(id cardtext.ObjectID) {
	i := v.hiddenAt(id)
	if i < 0 {
		return
	}
	o := v.hidden[i]
	v.hidden[i] = nil
	w := v.s.layered([]*Object{o})
	v.chars[id], v.copiable[id] = w.chars[id], w.copiable[id]
}

// hiddenAt is the index in hidden of the object with id, -1 if none.
func (v *view) hiddenAt(id cardtext.ObjectID) int {
	return slices.IndexFunc(v.hidden, func(o *Object) bool { return o != nil && o.ID == id })
}

// quiet reports whether no continuous effect exists in s (611.1): no
// resolved spell's or ability's effect of a layer, no static ability (or
// changeling, which defines a characteristic) on any object, nothing
// bestowed or face down. Then an object's characteristics depend on it
// alone (its card, status and counters), never on another object's.
func (s *State) quiet() bool {
	for i := range s.Effects {
		if e := &s.Effects[i]; e.Spec != nil || e.Copy != nil || len(e.Gain) > 0 {
			return false
		}
	}
	for _, o := range s.Objects {
		if o.Bestowed || o.FaceDown || len(o.Stickers) > 0 || len(o.Parts) > 0 {
			return false
		}
		// The card's abilities (cardAbilities) without the lookup: its
		// keywords, then the rest.
		c := s.withStatus(o, s.printed(o), false)
		if slices.Contains(c.Keywords, "changeling") || slices.ContainsFunc(c.Abilities, isStatic) {
			return false
		}
	}
	return true
}

// hiddenTriggers reports whether a hidden object could have a triggered
// ability: in a quiet state its abilities are its card's, with a basic
// land type's mana ability added (305.6).
func (s *State) hiddenTriggers(o *Object) bool {
	return slices.ContainsFunc(s.printed(o).Abilities, func(a *cardtext.Ability) bool { return a.Kind == cardtext.AbTriggered })
}

func isStatic(a *cardtext.Ability) bool {
	return a.Kind == cardtext.AbStatic || a.Keyword == "changeling"
}

// instance is one continuous effect as it applies in this computation: a
// resolved spell's or ability's (eff set), or one a static ability
// generates (ab set).
type instance struct {
	key  string
	spec *cardtext.ContSpec
	eff  *ContEffect
	src  *Object
	ab   *cardtext.Ability
	ctrl PlayerID
	ts   int
	// ts2 orders effects of one object's static abilities that share a
	// timestamp: a granted ability's come after the object's own, in
	// the order they were granted (613.7a).
	ts2   int
	cda   bool
	fixed []cardtext.ObjectID // the objects it applies to, once fixed
	// sticker is a name sticker's text-changing effect (123.6c).
	sticker *NameSticker
	name    string // for notes
}

// layerCtx is one computation of characteristics.
type layerCtx struct {
	s       *State
	objs    []*Object
	ch      map[cardtext.ObjectID]*Chars
	started map[string]*instance // static abilities' effects that began in an earlier layer (613.6)
	// base is the characteristics after layer 1, kept when effects don't
	// see each other's results (613.9 switched off).
	base map[cardtext.ObjectID]*Chars
	// granted is, for each object, the timestamp of the effect that gave
	// it each ability it gained from a static ability (613.7a).
	granted map[cardtext.ObjectID]map[*cardtext.Ability]int
}

// object is the object with id among those computed, nil if none: a
// search of a few dozen, cheaper than a map made at every computation.
func (lc *layerCtx) object(id cardtext.ObjectID) *Object {
	for _, o := range lc.objs {
		if o.ID == id {
			return o
		}
	}
	return nil
}

// computeView applies every continuous effect to every object, layer by
// layer (613.1): copy, control, text, type, color, abilities, then power
// and toughness in sublayers 7a–7d. Within a layer, characteristic-
// defining abilities apply first, then the rest in timestamp order (613.3,
// 613.7), except where one depends on another (613.8).
func (s *State) computeView() *view {
	if !s.quiet() {
		return s.layered(s.Objects)
	}
	// Nothing in the library is looked at until something asks for it.
	// One allocation: the objects computed at its start, the hidden ones
	// at its end.
	all := make([]*Object, len(s.Objects))
	n, h := 0, len(all)
	for _, o := range s.Objects {
		if o.Zone == cardtext.Library {
			h--
			all[h] = o
		} else {
			all[n] = o
			n++
		}
	}
	v := s.layered(all[:n:n])
	v.hidden, v.s = all[h:], s
	return v
}

// layered computes the view of objs, which are all the state's objects
// unless the state is quiet.
func (s *State) layered(objs []*Object) *view {
	lc := &layerCtx{s: s, objs: objs, ch: make(map[cardtext.ObjectID]*Chars, len(objs))}
	v := &view{chars: lc.ch, copiable: make(map[cardtext.ObjectID]*cardtext.Card, len(lc.objs))}
	// Every object's characteristics in one allocation.
	slab := make([]Chars, len(lc.objs))
	// Layer 1: copy effects replace the copiable values, the latest last
	// (613.2a, 707.2).
	copies := map[cardtext.ObjectID][]*ContEffect{}
	for i := range s.Effects {
		e := &s.Effects[i]
		if e.Copy == nil {
			continue
		}
		for _, id := range e.Objects {
			copies[id] = append(copies[id], e)
		}
	}
	for i, o := range lc.objs {
		// The face that's up, the half cast (712.8, 709.3b): what is
		// printed on the object as it is now.
		card := s.printed(o)
		if o.Bestowed && s.applies(registry.Bestow) { // 702.103b
			card = s.bestowed(card)
		}
		var notes []LayerNote
		copied := false
		if es := copies[o.ID]; len(es) > 0 && s.applies(registry.Copy) { // 707.2
			sort.SliceStable(es, func(i, j int) bool { return es[i].Timestamp < es[j].Timestamp })
			for _, e := range es {
				card, copied = e.Copy, true
				notes = append(notes, LayerNote{Layer: "1", Char: "copy", What: "a copy of " + e.Copy.Name, By: e.SourceName})
			}
		}
		if o.FaceDown {
			if v.faceUp == nil {
				v.faceUp = map[cardtext.ObjectID]*cardtext.Card{}
			}
			v.faceUp[o.ID] = card
			card = s.faceDown(o, card, copied)
		}
		if o.Token && len(copies[o.ID]) == 0 && !s.applies(registry.TokenText) {
			// 111.3: what the effect defined is the token's text, its
			// copiable values; without that rule, nothing is printed on a
			// token to copy.
			v.copiable[o.ID] = &cardtext.Card{}
		} else {
			v.copiable[o.ID] = card
		}
		ch := &slab[i]
		*ch = baseChars(s, o, s.withStatus(o, card, copied), notes)
		s.faceManaValue(o, card, copied, ch)
		lc.ch[o.ID] = ch
	}
	if !s.applies(registry.Override) {
		lc.base = make(map[cardtext.ObjectID]*Chars, len(lc.ch))
		for id, c := range lc.ch {
			cc := *c
			lc.base[id] = &cc
		}
	}
	if s.applies(registry.LayerOrder) {
		for _, l := range layers[1:] {
			lc.apply(l)
			if l == "4" {
				lc.landAbilities()
			}
		}
	} else {
		lc.applyByTimestamp()
	}
	// A permanent that isn't a creature has no power or toughness (208.3).
	for _, o := range lc.objs {
		ch := lc.ch[o.ID]
		if o.Zone == cardtext.Battlefield && !ch.Types.Is("creature") {
			ch.HasPT = false
		}
		ch.Abilities = s.ownCostKeywords(o, ch)
		ch.Keywords = keywordsOf(ch.Abilities)
	}
	return v
}

// baseChars starts an object's characteristics from its copiable values.
func baseChars(s *State, o *Object, c *cardtext.Card, notes []LayerNote) Chars {
	ch := Chars{Name: c.Name, Cost: c.Cost, Types: s.readTypeLine(c.Types), Power: c.Power, Toughness: c.Toughness,
		HasPT: c.HasPT, Abilities: s.cardAbilities(c), Controller: o.Base, Notes: notes, rules: s.rules}
	if o.Zone != cardtext.Battlefield {
		ch.Controller = o.Controller
	}
	// 202.2: an object is the color or colors of its mana cost, unless a
	// color indicator or the effect that made it says otherwise.
	switch {
	case c.HasColor:
		ch.Colors = c.Color
	case s.applies(registry.Color): // 202.2
		ch.Colors = c.Cost.Colors()
	}
	if o.Stack != nil && o.Stack.Kind != StackSpell {
		// An ability on the stack: its source's name for display; it has
		// no other characteristics of its own.
		ch.Types, ch.HasPT, ch.Abilities, ch.Cost = cardtext.TypeLine{}, false, nil, nil
	}
	return ch
}

// cardAbilities is a card's abilities: its plain keywords, then the rest in
// printed order. Cards never change, so this is computed once.
func (s *State) cardAbilities(c *cardtext.Card) []*cardtext.Ability {
	if v, ok := s.derived().cardAbs.Load(c); ok {
		return v.([]*cardtext.Ability)
	}
	var out []*cardtext.Ability
	for _, k := range c.Keywords {
		a := &cardtext.Ability{Kind: cardtext.AbKeyword, Keyword: k, Text: strings.ToUpper(k[:1]) + k[1:]}
		if k == "undying" || k == "persist" {
			a.Parts = []*cardtext.Ability{cardtext.UndyingParts(k)}
		}
		if k == "changeling" {
			a.CDA = true
		}
		out = append(out, a)
	}
	out = append(out, c.Abilities...)
	v, _ := s.derived().cardAbs.LoadOrStore(c, out)
	return v.([]*cardtext.Ability)
}

func keywordsOf(abs []*cardtext.Ability) []string {
	var out []string
	for _, a := range abs {
		if a.Kind == cardtext.AbKeyword && a.Param == "" && a.N == 0 && a.KCost == nil {
			out = append(out, a.Keyword)
		}
	}
	return out
}

// basicLandAbility is the mana ability each basic land type gives (305.6).
var basicLandAbility = func() map[string]*cardtext.Ability {
	m := map[string]*cardtext.Ability{}
	for t, sym := range map[string]string{"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"} {
		mana, _ := cardtext.ParseMana("{" + sym + "}")
		m[t] = &cardtext.Ability{Kind: cardtext.AbActivated, Text: "{T}: Add {" + sym + "}.", Cost: &cardtext.Cost{Tap: true}, Mana: true,
			Effect: []*cardtext.Instr{{Op: cardtext.OpAddMana, Who: cardtext.PRef{Kind: cardtext.PYou}, Mana: &cardtext.ManaSpec{Mana: mana}, Text: "Add {" + sym + "}"}}}
	}
	return m
}()

// basicLandAbilities holds each basic land type's ability alone in a
// slice with no room to grow.
var basicLandAbilities = func() map[string][]*cardtext.Ability {
	m := map[string][]*cardtext.Ability{}
	for t, a := range basicLandAbility {
		m[t] = []*cardtext.Ability{a}
	}
	return m
}()

// landAbilities gives lands with basic land types their mana abilities
// (305.6) once types are known, before abilities are added or removed.
func (lc *layerCtx) landAbilities() {
	for _, o := range lc.objs {
		ch := lc.ch[o.ID]
		if !ch.Types.Is("land") {
			continue
		}
		for _, st := range ch.Types.Subtypes {
			if a := basicLandAbility[st.Name]; a != nil && st.Kind == cardtext.LandType {
				if len(ch.Abilities) == 0 {
					// A basic land's only ability, the same slice every
					// time (nothing changes an ability list in place).
					ch.Abilities = basicLandAbilities[st.Name]
					continue
				}
				ch.Abilities = append(slices.Clip(ch.Abilities), a)
			}
		}
	}
}

// apply applies one layer's effects.
func (lc *layerCtx) apply(l string) {
	insts := lc.instances(l)
	if l == "7c" {
		lc.counters()
	}
	if len(insts) == 0 {
		return
	}
	// 613.3, 613.7: characteristic-defining abilities first, then the rest
	// in timestamp order, so that (613.9) a later effect overrides an
	// earlier one. Without 613.9 the order would be as found: resolved
	// effects before static abilities.
	order := func() {
		if lc.s.applies(registry.Override) {
			sort.SliceStable(insts, func(i, j int) bool {
				if insts[i].cda != insts[j].cda {
					return insts[i].cda
				}
				if insts[i].ts != insts[j].ts {
					return insts[i].ts < insts[j].ts
				}
				return insts[i].ts2 < insts[j].ts2
			})
		}
	}
	order()
	seen := map[string]bool{}
	for _, in := range insts {
		seen[in.key] = true
	}
	// 613.8: an effect that depends on another waits until it has applied;
	// the order is reconsidered after each (613.8c); a loop of
	// dependencies falls back to timestamps (613.8b). Without 613.8 the
	// effects apply in the order above alone: timestamps.
	deps := lc.s.applies(registry.Dependency)
	for len(insts) > 0 {
		pick := 0
		if len(insts) > 1 && deps {
			pick = -1
			for i, a := range insts {
				free := true
				for j, b := range insts {
					if i != j && lc.dependsOn(l, a, b) {
						free = false
						break
					}
				}
				if free {
					pick = i
					break
				}
			}
			if pick < 0 {
				pick = 0
			}
		}
		a := insts[pick]
		insts = append(insts[:pick:pick], insts[pick+1:]...)
		lc.applyOne(l, a, lc.ch, lc.ch, true)
		if l == "6" && len(a.spec.Gain) > 0 {
			// An ability an effect has just granted may itself grant
			// abilities (Rune of Flight's "Equipped creature has flying"):
			// its effect applies in this layer too, after the one that
			// gave it (613.8a: it depends on that one).
			added := false
			for _, in := range lc.instances(l) {
				if !seen[in.key] {
					seen[in.key] = true
					insts = append(insts, in)
					added = true
				}
			}
			if added {
				order()
			}
		}
	}
}

// applyByTimestamp applies every effect, all its parts at once, in
// timestamp order, counters first: the layer system (613.5) switched off.
func (lc *layerCtx) applyByTimestamp() {
	type part struct {
		l  string
		in *instance
	}
	var parts []part
	for _, l := range layers[1:] {
		for _, in := range lc.instances(l) {
			parts = append(parts, part{l, in})
		}
	}
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].in.ts < parts[j].in.ts })
	lc.counters()
	lc.landAbilities()
	for _, p := range parts {
		lc.applyOne(p.l, p.in, lc.ch, lc.ch, true)
	}
}

// instances lists the effects with a part in layer l: resolved effects, and
// those of static abilities the objects have at this point (613.6: an
// effect that began in an earlier layer goes on, even if its ability is
// gone).
func (lc *layerCtx) instances(l string) []*instance {
	var out []*instance
	for i := range lc.s.Effects {
		e := &lc.s.Effects[i]
		if e.Spec == nil || !inLayer(e.Spec, l) || e.Objects == nil || !lc.partApplies(e.Spec, l) {
			continue
		}
		fixed := e.Objects
		if e.Spec.Affects.Kind == cardtext.RefGroup && !lc.s.applies(registry.LockSet) {
			fixed = nil // 611.2c: without it, "all white creatures" means those that are white now
		}
		out = append(out, &instance{key: fmt.Sprintf("e%d", e.ID), spec: e.Spec, eff: e, ctrl: e.Controller, ts: e.Timestamp,
			fixed: fixed, name: e.SourceName, src: lc.object(e.Source)})
	}
	for _, o := range lc.objs {
		ch := lc.ch[o.ID]
		for _, a := range ch.Abilities {
			if a.Kind != cardtext.AbStatic && !(a.Kind == cardtext.AbKeyword && a.Keyword == "changeling") {
				continue
			}
			if !lc.functions(o, a) || (a.Cond != nil && !lc.condHolds(a.Cond, o, ch)) {
				continue
			}
			specs := a.Static
			if a.Keyword == "changeling" {
				specs = changelingSpec
			}
			for si, sp := range specs {
				if !inLayer(sp, l) || !lc.partApplies(sp, l) {
					continue
				}
				key := fmt.Sprintf("s%d/%p/%d", o.ID, a, si)
				ts, ts2 := lc.staticTimestamp(o, a)
				in := &instance{key: key, spec: sp, src: o, ab: a, ctrl: ch.Controller, ts: ts, ts2: ts2, cda: a.CDA || a.Keyword == "changeling", name: o.Label}
				if st, ok := lc.started[key]; ok {
					in.fixed = st.fixed
				}
				out = append(out, in)
			}
		}
	}
	if l == "3" {
		out = append(out, lc.stickerInstances()...)
	}
	// 613.6: an effect that began in an earlier layer goes on applying to
	// the same objects, even if its ability is gone now.
	keys := make([]string, 0, len(lc.started))
	for key, st := range lc.started {
		if inLayer(st.spec, l) && !slices.ContainsFunc(out, func(in *instance) bool { return in.key == key }) {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	for _, key := range keys {
		st := *lc.started[key]
		st.ab = nil // it no longer needs the ability to exist
		out = append(out, &st)
	}
	return out
}

// partApplies reports whether an effect's part in layer l applies: 613.6
// has each part of an effect apply in its own layer; without it, an effect
// applies only in its first layer.
func (lc *layerCtx) partApplies(sp *cardtext.ContSpec, l string) bool {
	return lc.s.applies(registry.LayerParts) || firstLayer(sp) == l
}

var changelingSpec = []*cardtext.ContSpec{{Affects: cardtext.ORef{Kind: cardtext.RefSelf}, AllCreatureTypes: true}}

// staticTimestamp is a static ability's effect's timestamp: its object's,
// or that of the effect that gave the ability, whichever is later (613.7a).
func (lc *layerCtx) staticTimestamp(o *Object, a *cardtext.Ability) (int, int) {
	g, granted := lc.granted[o.ID][a]
	for i := range lc.s.Effects {
		e := &lc.s.Effects[i]
		if slices.Contains(e.Gain, a) && slices.Contains(e.Objects, o.ID) && (!granted || e.Timestamp > g) {
			g, granted = e.Timestamp, true
		}
	}
	if !granted {
		return o.Timestamp, 0
	}
	if !lc.s.applies(registry.StaticTimestamp) {
		// Without 613.7a, a granted ability's effect would keep the
		// timestamp of the effect that granted it.
		return g, 0
	}
	// 613.7a: the object's timestamp or the granting effect's, whichever
	// is later; when the object gets a newer one, its own abilities' and
	// the granted ones' keep their order.
	return max(o.Timestamp, g), g
}

// functions reports whether an ability of o works where o is: a static
// ability on the battlefield (113.6), a characteristic-defining ability
// everywhere (604.3), an ability of a spell on the stack.
func (lc *layerCtx) functions(o *Object, a *cardtext.Ability) bool {
	if o.PhasedOut && lc.s.applies(registry.Phasing) { // 702.26b
		return false
	}
	if a.CDA || (a.Keyword == "changeling") {
		return true
	}
	if a.From != 0 {
		return o.Zone == a.From
	}
	if a.AddCost != nil || a.AltCost != nil {
		return o.Zone == cardtext.Stack || o.Zone == cardtext.Hand
	}
	// 611.3b: a static ability's effect applies at all times its permanent
	// is on the battlefield, and only then.
	return o.Zone == cardtext.Battlefield || !lc.s.applies(registry.StaticWhere)
}

// affected lists the objects an instance applies to now.
func (lc *layerCtx) affected(in *instance, ch map[cardtext.ObjectID]*Chars) []cardtext.ObjectID {
	if in.fixed != nil {
		return in.fixed
	}
	src := in.src
	switch in.spec.Affects.Kind {
	case cardtext.RefSelf:
		if src != nil {
			return []cardtext.ObjectID{src.ID}
		}
	case cardtext.RefEnchanted:
		if src != nil && src.Attached != 0 {
			if t := lc.object(src.Attached); t != nil && t.Zone == cardtext.Battlefield {
				return []cardtext.ObjectID{t.ID}
			}
		}
	case cardtext.RefGroup:
		var out []cardtext.ObjectID
		for _, o := range lc.objs {
			if !lc.s.ObjectInRange(in.ctrl, o) && lc.s.applies(registry.RangeAffect) { // 801.10
				continue
			}
			if lc.matches(in.spec.Affects.Group, o, ch[o.ID], src, in.ctrl, ch) {
				out = append(out, o.ID)
			}
		}
		return out
	}
	return nil
}

// exists reports whether a static ability's effect still exists: its
// object still has the ability (613.8a).
func (lc *layerCtx) exists(in *instance, ch map[cardtext.ObjectID]*Chars) bool {
	if in.ab == nil || in.fixed != nil {
		return true
	}
	return slices.Contains(ch[in.src.ID].Abilities, in.ab)
}

// dependsOn reports whether a depends on b (613.8a): applying b would
// change whether a exists, what it applies to, or what it does to the
// things it applies to. Characteristic-defining abilities depend only on
// each other.
func (lc *layerCtx) dependsOn(l string, a, b *instance) bool {
	if a.cda != b.cda {
		return false
	}
	trial := copyChars(lc.ch)
	lc.applyOne(l, b, trial, lc.ch, false)
	if a.fixed == nil || a.ab != nil {
		// An effect whose objects are locked in (611.2c) can't come to
		// apply to others or stop existing; one from a static ability
		// can.
		before, existed := lc.affected(a, lc.ch), lc.exists(a, lc.ch)
		after, exists := lc.affected(a, trial), lc.exists(a, trial)
		if existed != exists || !slices.Equal(before, after) {
			return true
		}
		if !existed {
			return false
		}
	}
	return lc.doesOtherwise(l, a, trial)
}

// doesOtherwise reports whether applying an effect would do something else
// to the things it applies to if its parameters were read from trial (the
// characteristics after another effect's trial application) rather than
// from the current ones: 613.8a's "what it does to any of the things it
// applies to". Both applications start from the same characteristics, so
// only the parameters differ: "+X/+X, where X is the greatest power among
// creatures you control" does more after "creatures you control get
// +1/+1" has applied, though it applies to the same creatures.
func (lc *layerCtx) doesOtherwise(l string, a *instance, trial map[cardtext.ObjectID]*Chars) bool {
	if !lc.hasParams(l, a) {
		return false
	}
	now, then := copyChars(lc.ch), copyChars(lc.ch)
	lc.applyOne(l, a, now, lc.ch, false)
	lc.applyOne(l, a, then, trial, false)
	for _, id := range lc.affected(a, lc.ch) {
		if !sameInLayer(l, now[id], then[id]) {
			return true
		}
	}
	return false
}

// hasParams reports whether an effect's layer-l part reads anything from
// the characteristics of objects as it applies (an amount that counts or
// measures them, "the creature types of"), so that another effect in the
// same layer could change what it does. Fixed values (a resolved effect's
// locked-in +X/+X, "becomes 0/1", "is white") can't change.
func (lc *layerCtx) hasParams(l string, in *instance) bool {
	sp := in.spec
	switch l {
	case "4":
		return sp.TypesOf != nil
	case "7a", "7b", "7c":
		var amts []cardtext.Amount
		switch {
		case l == "7a" && sp.CDAPT != nil:
			amts = sp.CDAPT[:]
		case l == "7b" && in.eff != nil && in.eff.SetAmt != nil:
			amts = in.eff.SetAmt[:]
		case l == "7b" && in.eff == nil && sp.SetPT != nil:
			amts = sp.SetPT[:]
		case l == "7c" && in.eff == nil && sp.ModPT != nil:
			amts = sp.ModPT[:]
		}
		return slices.ContainsFunc(amts, readsChars)
	}
	return false
}

// readsChars reports whether an amount reads objects' characteristics.
func readsChars(a cardtext.Amount) bool {
	return a.Count != nil || a.PowerOf != nil || a.ToughOf != nil || a.CardTypesAmong != nil || a.Devotion != 0
}

// sameInLayer reports whether two results of one effect agree in what its
// layer changes.
func sameInLayer(l string, x, y *Chars) bool {
	if x == nil || y == nil {
		return x == y
	}
	switch l {
	case "4":
		return x.Types.String() == y.Types.String()
	case "7a", "7b", "7c", "7d":
		return x.Power == y.Power && x.Toughness == y.Toughness && x.HasPT == y.HasPT
	}
	return true
}

// copyChars copies a computation's characteristics for a trial.
func copyChars(ch map[cardtext.ObjectID]*Chars) map[cardtext.ObjectID]*Chars {
	out := make(map[cardtext.ObjectID]*Chars, len(ch))
	for id, c := range ch {
		cc := *c
		out[id] = &cc
	}
	return out
}

// applyOne applies one effect's layer-l part to the objects it affects in
// ch, reading its parameters (amounts, "the creature types of") from
// params: ch itself but for a dependency check, which separates them.
// record is false for a trial (a dependency check), which must leave no
// trace.
func (lc *layerCtx) applyOne(l string, in *instance, ch, params map[cardtext.ObjectID]*Chars, record bool) {
	if !lc.exists(in, ch) {
		return
	}
	// 613.9: the results of the effects applied before decide what this
	// one applies to ("enchanted creature is white" before "white creatures
	// get +1/+1"). Without that rule, it would be decided from the
	// characteristics before any effect but copying.
	from := ch
	if record && lc.base != nil {
		from = lc.base
	}
	ids := lc.affected(in, from)
	if record && in.ab != nil && in.fixed == nil && lc.s.applies(registry.LayerParts) {
		// Once it begins, the effect applies to the same objects in every
		// later layer (613.6).
		st := *in
		st.fixed = ids
		if lc.started == nil {
			lc.started = map[string]*instance{}
		}
		lc.started[in.key] = &st
	}
	sp := in.spec
	for _, id := range ids {
		c := ch[id]
		o := lc.object(id)
		if c == nil || o == nil {
			continue
		}
		note := func(char, what string) {
			c.Notes = append(slices.Clip(c.Notes), LayerNote{Layer: l, Char: char, What: what, By: in.name})
		}
		switch l {
		case "2":
			c.Controller = in.ctrl
			note("controller", "controlled by "+lc.s.Players[in.ctrl].Name)
		case "3":
			if in.sticker != nil {
				note("name", "named "+lc.applySticker(c, in.sticker))
			}
			if sp.SetName != "" {
				c.Name = sp.SetName
				note("name", "named "+sp.SetName)
			}
			if in.eff != nil && in.eff.From != "" {
				c.Abilities = changeText(c.Abilities, in.eff.From, in.eff.To)
				// A text-changing effect changes the type line too (612,
				// the glossary's "Text-Changing Effect"): a basic land
				// type among its subtypes.
				c.Types.Subtypes = changeSubtype(c.Types.Subtypes, in.eff.From, in.eff.To)
				note("text", fmt.Sprintf("%s becomes %s", in.eff.From, in.eff.To))
			}
		case "4":
			applyTypes(c, lc.typesOf(sp, in, o, params), lc.s.rules)
			note("types", "types become "+c.Types.String())
		case "5":
			col := sp.SetColor
			if in.eff != nil && (sp.ColorChoice || sp.ColorOf != nil) {
				col = in.eff.Color
			}
			c.Colors = col
			note("color", col.String())
		case "6":
			var gained []*cardtext.Ability
			switch {
			case in.eff != nil:
				gained = in.eff.Gain
			default:
				gained = bindGained(lc.s, sp.Gain, in.src, func(a *cardtext.Ability) bool {
					return lc.s.choiceLinked(in.src, lc.ch[in.src.ID].Abilities, in.ab, a)
				})
			}
			if sp.LoseAll {
				c.Abilities = nil
				note("abilities", "loses all abilities")
			}
			for _, k := range sp.Lose {
				c.Abilities = slices.DeleteFunc(slices.Clone(c.Abilities), func(a *cardtext.Ability) bool { return a.Kind == cardtext.AbKeyword && a.Keyword == k })
				note("abilities", "loses "+k)
			}
			if len(gained) > 0 {
				if record && in.eff == nil {
					// 613.7a: what granted them, and when.
					if lc.granted == nil {
						lc.granted = map[cardtext.ObjectID]map[*cardtext.Ability]int{}
					}
					if lc.granted[id] == nil {
						lc.granted[id] = map[*cardtext.Ability]int{}
					}
					for _, a := range gained {
						lc.granted[id][a] = in.ts
					}
				}
				c.Abilities = append(slices.Clip(c.Abilities), gained...)
				var names []string
				for _, a := range gained {
					names = append(names, a.Display(c.Name))
				}
				note("abilities", "gains "+strings.Join(names, "; "))
			}
		case "7a", "7b":
			if l == "7a" && !lc.s.applies(registry.Undetermined) && sp.CDAPT != nil && undetermined(*sp.CDAPT, in.src) {
				// 208.2a: a number the ability can't determine is 0;
				// without that rule, it can't give a value at all.
				continue
			}
			var pw, tg int
			switch {
			case l == "7a":
				pw, tg = lc.amount(sp.CDAPT[0], in, o, params), lc.amount(sp.CDAPT[1], in, o, params)
			case in.eff != nil && in.eff.SetAmt != nil:
				pw, tg = lc.amount(in.eff.SetAmt[0], in, o, params), lc.amount(in.eff.SetAmt[1], in, o, params)
			case in.eff != nil:
				pw, tg = in.eff.Set[0], in.eff.Set[1]
			default:
				pw, tg = lc.amount(sp.SetPT[0], in, o, params), lc.amount(sp.SetPT[1], in, o, params)
			}
			c.Power, c.Toughness, c.HasPT = pw, tg, true
			what := fmt.Sprintf("set to %d/%d", pw, tg)
			if l == "7a" {
				what = fmt.Sprintf("%d/%d by a characteristic-defining ability", pw, tg)
			}
			note("power/toughness", what)
		case "7c":
			var pw, tg int
			if in.eff != nil {
				pw, tg = in.eff.Mod[0], in.eff.Mod[1]
			} else {
				pw, tg = lc.amount(sp.ModPT[0], in, o, params), lc.amount(sp.ModPT[1], in, o, params)
			}
			c.Power, c.Toughness = lc.floor(c.Power+pw), lc.floor(c.Toughness+tg)
			note("power/toughness", fmt.Sprintf("%+d/%+d", pw, tg))
		case "7d":
			if !lc.s.applies(registry.Layer7d) { // 613.4d
				continue
			}
			c.Power, c.Toughness = c.Toughness, c.Power
			note("power/toughness", fmt.Sprintf("switched to %d/%d", c.Power, c.Toughness))
		}
	}
}

// counters applies +X/+Y counters in layer 7c (613.4c). A noncreature
// permanent keeps its counters but has no power or toughness for them to
// change (the classic rules' Mishra's Factory).
func (lc *layerCtx) counters() {
	for _, o := range lc.objs {
		c := lc.ch[o.ID]
		if len(o.Counters) == 0 {
			continue
		}
		for _, x := range o.Counters {
			p, t, ok := ptCounter(x.Kind)
			if !ok {
				continue
			}
			c.Power, c.Toughness = lc.floor(c.Power+p*x.N), lc.floor(c.Toughness+t*x.N)
			c.Notes = append(slices.Clip(c.Notes), LayerNote{Layer: "7c", Char: "power/toughness",
				What: fmt.Sprintf("%+d/%+d", p*x.N, t*x.N), By: fmt.Sprintf("%d %s counter%s", x.N, x.Kind, plural(x.N))})
		}
	}
}

// floor is a power or toughness as a calculation leaves it: 107.1b lets
// it be less than zero, and the next calculation starts from there (a 3/4
// with -5/-0 is -2/4, and +3/+0 makes it 1/4). Without that rule, the game
// would use only positive numbers and zero.
func (lc *layerCtx) floor(n int) int {
	if lc.s.applies(registry.Negative) {
		return n
	}
	return max(n, 0)
}

// changeText replaces a color word or a basic land type in abilities' text
// and reads them again (612.2: only words used as color words or land
// types; a card name is "~" by then).
func changeText(abs []*cardtext.Ability, from, to string) []*cardtext.Ability {
	out := make([]*cardtext.Ability, 0, len(abs))
	for _, a := range abs {
		text := replaceWord(a.Text, from, to)
		if cardtext.InFamily(a, "landwalk") {
			// 612.2: the land type in a landwalk keyword is used as a
			// land type (702.14a: "swampwalk"), though it is part of
			// the keyword's one word.
			text = replaceLandwalk(text, from, to)
		}
		if text == a.Text {
			out = append(out, a)
			continue
		}
		re, err := cardtext.ParseAbilities("", text, a.Kind == cardtext.AbSpell, Latest().Types)
		if err != nil || len(re) != 1 {
			out = append(out, a)
			continue
		}
		out = append(out, re[0])
	}
	return out
}

// changeSubtype replaces the land type from with to in a type line's
// subtypes (a copy: the printed type line stays as it is).
func changeSubtype(subs []cardtext.Subtype, from, to string) []cardtext.Subtype {
	i := slices.IndexFunc(subs, func(s cardtext.Subtype) bool { return s.Kind == cardtext.LandType && strings.EqualFold(s.Name, from) })
	if i < 0 {
		return subs
	}
	out := slices.Clone(subs)
	out[i].Name = strings.ToUpper(to[:1]) + to[1:]
	return out
}

// replaceLandwalk replaces the land type of a "TYPEwalk" word, keeping a
// capital letter: "Swampwalk" → "Islandwalk".
func replaceLandwalk(text, from, to string) string {
	words := strings.Fields(text)
	for i, w := range words {
		lw := strings.ToLower(w)
		if lw != from+"walk" {
			continue
		}
		r := to + "walk"
		if w[0] >= 'A' && w[0] <= 'Z' {
			r = strings.ToUpper(r[:1]) + r[1:]
		}
		words[i] = r
	}
	return strings.Join(words, " ")
}

// replaceWord replaces a whole word, keeping a capital letter.
func replaceWord(text, from, to string) string {
	var b strings.Builder
	lt := strings.ToLower(text)
	for i := 0; i < len(text); {
		if strings.HasPrefix(lt[i:], from) && (i == 0 || !cardtext.IsWordByte(text[i-1])) && (i+len(from) == len(text) || !cardtext.IsWordByte(text[i+len(from)])) {
			w := to
			if text[i] >= 'A' && text[i] <= 'Z' {
				w = strings.ToUpper(to[:1]) + to[1:]
			}
			b.WriteString(w)
			i += len(from)
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// applyTypes applies a type-changing effect (205.1).
func applyTypes(c *Chars, sp *cardtext.ContSpec, rules *RulesEdition) {
	t := c.Types
	retain := len(sp.AddTypes) > 0 || (cardtext.HasFold(sp.SetTypes, "artifact") && cardtext.HasFold(sp.SetTypes, "creature"))
	if retain && !rules.applies(registry.TypesRetain) {
		// 205.1b: without it, no effect retains a prior type: the types
		// it names replace the old ones.
		cp := *sp
		cp.SetTypes, cp.AddTypes = append(slices.Clone(sp.SetTypes), sp.AddTypes...), nil
		sp, retain = &cp, false
	}
	nt := cardtext.TypeLine{AllCreatureTypes: t.AllCreatureTypes || sp.AllCreatureTypes}
	if retain || len(sp.SetTypes) == 0 {
		// 205.1b: "still a land", "in addition to its other types", "becomes
		// an artifact creature": every prior type, supertype and subtype
		// stays.
		nt.Supertypes = slices.Clone(t.Supertypes)
		nt.CardTypes = slices.Clone(t.CardTypes)
		nt.Subtypes = slices.Clone(t.Subtypes)
		for _, x := range append(slices.Clone(sp.SetTypes), sp.AddTypes...) {
			if !cardtext.HasFold(nt.CardTypes, x) {
				nt.CardTypes = append(nt.CardTypes, cardtext.TitleWord(x))
			}
		}
	} else {
		// 205.1a: new card types replace the old; subtypes that belong to
		// none of the new types go.
		nt.Supertypes = slices.Clone(t.Supertypes)
		for _, x := range sp.SetTypes {
			nt.CardTypes = append(nt.CardTypes, cardtext.TitleWord(x))
		}
		for _, st := range t.Subtypes {
			for _, ct := range nt.CardTypes {
				if k, ok := cardtext.KindOf(ct); ok && k == st.Kind {
					nt.Subtypes = append(nt.Subtypes, st)
					break
				}
			}
		}
	}
	if len(sp.SetSubs) > 0 {
		// New subtypes of a kind replace that kind's old ones unless the
		// effect retains them.
		for _, ns := range sp.SetSubs {
			if !retain {
				nt.Subtypes = slices.DeleteFunc(nt.Subtypes, func(s cardtext.Subtype) bool { return s.Kind == ns.Kind && !subIn(sp.SetSubs, s) })
			}
			if !subIn(nt.Subtypes, ns) {
				nt.Subtypes = append(nt.Subtypes, ns)
			}
		}
	}
	for _, ns := range sp.AddSubs {
		if !subIn(nt.Subtypes, ns) {
			nt.Subtypes = append(nt.Subtypes, ns)
		}
	}
	if !rules.applies(registry.SupertypesKept) { // 205.4b: without it, new types bring no supertypes along
		nt.Supertypes = nil
	}
	for _, s := range sp.AddSuper {
		if !cardtext.HasFold(nt.Supertypes, s) {
			nt.Supertypes = append(nt.Supertypes, cardtext.TitleWord(s))
		}
	}
	// "Purphoros isn't a creature": the card type goes; its other types,
	// supertypes and subtypes stay.
	for _, x := range sp.RemoveTypes {
		nt.CardTypes = slices.DeleteFunc(nt.CardTypes, func(t string) bool { return strings.EqualFold(t, x) })
	}
	// 305.7: a land whose subtype is set to a basic land type loses the
	// abilities its rules text gives it, and gains the new type's mana
	// ability (landAbilities, after this layer). In layer 4 the abilities
	// it has are those: what other effects grant comes in layer 6. Without
	// that rule Blood Moon would leave Urborg its ability.
	if !retain && nt.Is("land") && setsBasicLandType(sp) && rules.applies(registry.LandTypeSet) {
		c.Abilities = nil
	}
	c.Types = nt
}

// setsBasicLandType reports whether a type-changing effect sets a land
// type to a basic land type ("Nonbasic lands are Mountains.").
func setsBasicLandType(sp *cardtext.ContSpec) bool {
	return slices.ContainsFunc(sp.SetSubs, func(st cardtext.Subtype) bool {
		return st.Kind == cardtext.LandType && basicLandAbility[st.Name] != nil
	})
}

func subIn(l []cardtext.Subtype, s cardtext.Subtype) bool {
	for _, x := range l {
		if strings.EqualFold(x.Name, s.Name) && x.Kind == s.Kind {
			return true
		}
	}
	return false
}

// bindGained binds the references a granted ability makes to the object
// whose ability grants it (201.5a: "Saproling Burst" in the token's ability
// means the Saproling Burst that made it), and "the chosen color" to the
// color chosen for it, if the choice is linked to it (linked).
func bindGained(s *State, abs []*cardtext.Ability, src *Object, linked func(*cardtext.Ability) bool) []*cardtext.Ability {
	if src == nil {
		return abs
	}
	out := make([]*cardtext.Ability, len(abs))
	for i, a := range abs {
		out[i] = a
		if s.applies(registry.NameGrant) { // 201.5a
			out[i] = s.bindAbility(a, src.ID, src.Label, src.Card.Name)
		}
		if a.Kind == cardtext.AbKeyword && a.Param == cardtext.ChosenColor && src.Chosen.HasColor && linked(a) {
			out[i] = s.bindChosenColor(a, src.Chosen.Color)
		}
	}
	return out
}

type chosenKey struct {
	a   *cardtext.Ability
	col cardtext.Color
}

// bindChosenColor is a with the color chosen for its source in place of
// "the chosen color".
func (s *State) bindChosenColor(a *cardtext.Ability, col cardtext.Color) *cardtext.Ability {
	k := chosenKey{a, col}
	if b, ok := s.derived().boundColors.Load(k); ok {
		return b.(*cardtext.Ability)
	}
	b := *a
	b.Param, b.N = col.String(), int(col)
	b.Text = strings.Replace(a.Text, cardtext.ChosenColor, col.String(), 1)
	v, _ := s.derived().boundColors.LoadOrStore(k, &b)
	return v.(*cardtext.Ability)
}

type bindKey struct {
	a  *cardtext.Ability
	id cardtext.ObjectID
}

// bindAbility returns a with its RefOuter references bound to the object
// id, and its text naming that object, reusing one result per pair so a
// static ability's grant is the same ability each time.
func (s *State) bindAbility(a *cardtext.Ability, id cardtext.ObjectID, label, name string) *cardtext.Ability {
	if !cardtext.RefersOuter(a) {
		return a
	}
	k := bindKey{a, id}
	if v, ok := s.derived().bound.Load(k); ok {
		return v.(*cardtext.Ability)
	}
	b := *a
	b.Text = strings.ReplaceAll(a.Text, "~", name)
	b.Static = bindSpecs(a.Static, id, label)
	b.Effect = bindInstrs(a.Effect, id, label)
	v, _ := s.derived().bound.LoadOrStore(k, &b)
	return v.(*cardtext.Ability)
}

func bindRef(r cardtext.ORef, id cardtext.ObjectID, label string) cardtext.ORef {
	if r.Kind == cardtext.RefOuter {
		return cardtext.ORef{Kind: cardtext.RefBound, Bound: id, Label: label}
	}
	return r
}

func bindAmount(a cardtext.Amount, id cardtext.ObjectID, label string) cardtext.Amount {
	if a.CountersOf != nil {
		r := bindRef(*a.CountersOf, id, label)
		a.CountersOf = &r
	}
	if a.PowerOf != nil {
		r := bindRef(*a.PowerOf, id, label)
		a.PowerOf = &r
	}
	if a.ValueOf != nil {
		r := bindRef(*a.ValueOf, id, label)
		a.ValueOf = &r
	}
	return a
}

func bindSpecs(specs []*cardtext.ContSpec, id cardtext.ObjectID, label string) []*cardtext.ContSpec {
	out := make([]*cardtext.ContSpec, len(specs))
	for i, s := range specs {
		c := *s
		c.Affects = bindRef(s.Affects, id, label)
		for _, pt := range []**[2]cardtext.Amount{&c.CDAPT, &c.SetPT, &c.ModPT} {
			if *pt != nil {
				v := [2]cardtext.Amount{bindAmount((**pt)[0], id, label), bindAmount((**pt)[1], id, label)}
				*pt = &v
			}
		}
		out[i] = &c
	}
	return out
}

func bindInstrs(ins []*cardtext.Instr, id cardtext.ObjectID, label string) []*cardtext.Instr {
	out := make([]*cardtext.Instr, len(ins))
	for i, in := range ins {
		c := *in
		c.What = bindRef(in.What, id, label)
		c.Src = bindRef(in.Src, id, label)
		c.To.Obj = bindRef(in.To.Obj, id, label)
		c.N = bindAmount(in.N, id, label)
		out[i] = &c
	}
	return out
}

// matches reports whether object o (characteristics ch) fits filter f, as
// seen by the source src controlled by ctrl.
func (lc *layerCtx) matches(f *cardtext.Filter, o *Object, ch *Chars, src *Object, ctrl PlayerID, all map[cardtext.ObjectID]*Chars) bool {
	return matchFilter(lc.s, f, o, ch, src, ctrl)
}

// amount evaluates an amount for a static ability's effect on object o,
// reading the characteristics params.
func (lc *layerCtx) amount(a cardtext.Amount, in *instance, o *Object, params map[cardtext.ObjectID]*Chars) int {
	src := in.src
	if src == nil {
		src = o
	}
	n := countAmount(lc.s, a, src, in.ctrl, params, o)
	return n
}

// condHolds evaluates an "as long as" condition.
func (lc *layerCtx) condHolds(c *cardtext.Cond, o *Object, ch *Chars) bool {
	switch c.Kind {
	case cardtext.CondExiledCreature:
		return lastExiledCreature(lc.s, o) != nil
	case cardtext.CondDevotion:
		d := countAmount(lc.s, cardtext.Amount{Devotion: c.Color}, nil, ch.Controller, lc.ch, o)
		if c.Negated {
			return d < c.N
		}
		return d >= c.N
	case cardtext.CondTapped:
		return o.Tapped != c.Negated
	case cardtext.CondControls, cardtext.CondControlsAtLeast:
		// "as long as you control a Forest": counted among the
		// permanents as this layer has them.
		n, names := 0, map[string]bool{}
		for _, x := range lc.objs {
			xc := lc.ch[x.ID]
			if x.Zone != cardtext.Battlefield || x.PhasedOut || xc == nil || xc.Controller != ch.Controller || !matchFilter(lc.s, c.Filter, x, xc, o, ch.Controller) {
				continue
			}
			if name := strings.ToLower(xc.Name); c.Names {
				if name == "" || names[name] {
					continue // 201.2b: only named objects, each name once
				}
				names[name] = true
			}
			n++
		}
		if c.Kind == cardtext.CondControls {
			return n > 0
		}
		return n >= c.N
	case cardtext.CondLifeAtLeast:
		return lc.s.Players[ch.Controller].Life >= c.N
	case cardtext.CondHandAtLeast:
		return len(lc.s.In(ch.Controller, cardtext.Hand)) >= c.N
	}
	return true
}

// undetermined reports whether an amount counts what its source can't
// determine: objects "the chosen player" controls when no player was chosen
// (Lost Order of Jarkeld off the battlefield).
func undetermined(as [2]cardtext.Amount, src *Object) bool {
	for _, a := range as {
		if a.Count != nil && a.Count.Control == cardtext.ChosenPlayers && (src == nil || !src.Chosen.HasPlayer) {
			return true
		}
	}
	return false
}

// countAmount evaluates an Amount with the characteristics in chs (or the
// state's, if nil): counts, counters, powers. Counts that can't be
// determined are 0 (208.2a).
func countAmount(s *State, a cardtext.Amount, src *Object, ctrl PlayerID, chs map[cardtext.ObjectID]*Chars, self *Object) int {
	n := a.N
	chOf := func(o *Object) *Chars {
		if chs != nil {
			return chs[o.ID]
		}
		c := s.Chars(o)
		return &c
	}
	switch {
	case a.Count != nil && a.Count.Past != cardtext.PastNone:
		n += countPast(s, a.Count, src, ctrl, chOf) * max(a.Per, 1)
	case a.Count != nil && a.Greatest:
		k := 0
		for _, o := range s.Objects {
			if c := chOf(o); c != nil && matchFilter(s, a.Count, o, c, src, ctrl) && c.Power > k {
				k = c.Power
			}
		}
		n += k
	case a.Count != nil:
		k := 0
		for _, o := range s.Objects {
			c := chOf(o)
			if c == nil || !matchFilter(s, a.Count, o, c, src, ctrl) || !relatedToIt(a.Count, o, c, self, chOf) {
				continue
			}
			// 801.11: an ability gets information only from within its
			// controller's range of influence.
			if !s.ObjectInRange(ctrl, o) && s.applies(registry.RangeInfo) {
				continue
			}
			k++
		}
		n += k * max(a.Per, 1)
	case a.Devotion != 0:
		n += devotion(s, a.Devotion, ctrl, chOf)
	case a.CountersOf != nil:
		if o := refObject(s, *a.CountersOf, src, self); o != nil {
			n += o.Counters.Get(a.Kind)
		}
	case a.ValueOf != nil:
		// Opalescence: "base power and base toughness each equal to its
		// mana value", each object's own (202.3).
		if o := refObject(s, *a.ValueOf, src, self); o != nil {
			if c := chOf(o); c != nil {
				n += c.ManaValue()
			}
		}
	case a.PowerOf != nil:
		if o := refObject(s, *a.PowerOf, src, self); o != nil {
			if c := chOf(o); c != nil {
				n += c.Power
			}
		}
	case a.ToughOf != nil && a.ToughOf.Kind == cardtext.RefLastExiled:
		if o := refObject(s, *a.ToughOf, src, self); o != nil {
			if c := chOf(o); c != nil {
				n += c.Toughness
			}
		}
	case a.HandOf != nil:
		p := ctrl
		n += len(s.In(p, cardtext.Hand))
	case a.CardTypesAmong != nil:
		// "the number of card types among cards in all graveyards"
		// (Tarmogoyf): each card type once, however many have it.
		seen := map[string]bool{}
		for _, o := range s.Objects {
			c := chOf(o)
			if c == nil || !matchFilter(s, a.CardTypesAmong, o, c, src, ctrl) {
				continue
			}
			for _, t := range c.Types.CardTypes {
				seen[strings.ToLower(t)] = true
			}
		}
		n += len(seen)
	}
	if a.Neg {
		n = -n
	}
	return n
}

// relatedToIt checks a count's filter's relation to the object it is
// counted for: "other", "that shares a creature type with it".
func relatedToIt(f *cardtext.Filter, o *Object, ch *Chars, it *Object, chOf func(*Object) *Chars) bool {
	if !f.NotIt && f.SharesWithIt == cardtext.ShareNone {
		return true
	}
	if it == nil {
		return false
	}
	if f.NotIt && o.ID == it.ID {
		return false
	}
	if f.SharesWithIt != cardtext.ShareNone {
		ich := chOf(it)
		if ich == nil || !shares(f.SharesWithIt, ch, ich) {
			return false
		}
	}
	return true
}

// shares reports whether two objects have in common what sh names: a
// creature type, a color (105.1), a card type (300.1).
func shares(sh cardtext.Share, a, b *Chars) bool {
	switch sh {
	case cardtext.ShareCreatureType:
		return sharesCreatureType(a, b)
	case cardtext.ShareColor:
		return a.Colors&b.Colors != 0
	case cardtext.ShareCardType:
		for _, x := range a.Types.CardTypes {
			if b.Types.Is(x) {
				return true
			}
		}
	}
	return false
}

// sharesCreatureType reports whether two objects have a creature type in
// common (changelings have them all).
func sharesCreatureType(a, b *Chars) bool {
	for _, x := range a.Types.SubtypesOf(cardtext.CreatureType) {
		if b.Types.HasSubtype(x) {
			return true
		}
	}
	return false
}

// refObject finds the object a static reference means: itself, or a bound
// object (which may be gone: nil).
func refObject(s *State, r cardtext.ORef, src, self *Object) *Object {
	switch r.Kind {
	case cardtext.RefSelf:
		if self != nil {
			return self
		}
		return src
	case cardtext.RefBound:
		return s.Object(r.Bound)
	case cardtext.RefOuter:
		return src
	case cardtext.RefLastExiled:
		return lastExiledCreature(s, src)
	}
	return nil
}

// matchFilter reports whether object o with characteristics ch fits f, as
// seen from source src (for "you control", "another", "the chosen player")
// controlled by ctrl: f itself, or the other kind it names ("target spell
// or permanent").
func matchFilter(s *State, f *cardtext.Filter, o *Object, ch *Chars, src *Object, ctrl PlayerID) bool {
	return matchKind(s, f, o, ch, src, ctrl) || f != nil && f.Or != nil && matchFilter(s, f.Or, o, ch, src, ctrl)
}

// matchKind reports whether o fits f, leaving aside f.Or.
func matchKind(s *State, f *cardtext.Filter, o *Object, ch *Chars, src *Object, ctrl PlayerID) bool {
	if f == nil || ch == nil {
		return false
	}
	zone := f.Zone
	switch {
	case zone != 0:
		if o.Zone != zone {
			return false
		}
	case f.Card:
		// "a creature card": not a permanent.
		if o.Zone == cardtext.Battlefield {
			return false
		}
	case s.applies(registry.PermanentsOnly): // 609.2: effects apply only to permanents unless they say otherwise
		if o.Zone != cardtext.Battlefield {
			return false
		}
	}
	if (o.PhasedOut && s.applies(registry.Phasing)) || (o.Stack != nil && o.Stack.Kind != StackSpell && !f.Ability) { // 702.26b
		return false
	}
	if f.Self && (src == nil || o.ID != src.ID) {
		return false
	}
	if f.Other && src != nil && o.ID == src.ID {
		return false
	}
	if f.Enchanted && (src == nil || src.Attached != o.ID) {
		return false
	}
	if len(f.AnyOf) > 0 {
		ok := false
		for _, t := range f.AnyOf {
			if ch.Types.Is(t) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, t := range f.AllOf {
		if !ch.Types.Is(t) {
			return false
		}
	}
	for _, t := range f.Not {
		if ch.Types.Is(t) {
			return false
		}
	}
	if len(f.Subtypes) > 0 {
		ok := false
		for _, st := range f.Subtypes {
			if ch.Types.HasSubtype(st) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, st := range f.NotSubs {
		if ch.Types.HasSubtype(st) {
			return false
		}
	}
	for _, st := range f.Super {
		if not, ok := strings.CutPrefix(st, "non"); ok {
			// "nonbasic", "nonlegendary"
			if ch.Types.IsSuper(not) {
				return false
			}
			continue
		}
		if !ch.Types.IsSuper(st) {
			return false
		}
	}
	if !s.applies(registry.OnlyNamed) {
		// 608.2j: "black" asks only whether it's black, whatever other
		// colors it has. Without that rule the whole color would count:
		// "black" would be black alone, "nonblack" anything else.
		if f.Colors != 0 && ch.Colors != f.Colors || f.NotColors != 0 && ch.Colors == f.NotColors {
			return false
		}
	} else if f.Colors != 0 && ch.Colors&f.Colors == 0 || ch.Colors&f.NotColors != 0 {
		return false
	}
	if f.Chosen {
		if src == nil || !src.Chosen.HasColor || ch.Colors&src.Chosen.Color == 0 {
			return false
		}
	}
	if f.ChosenT {
		if src == nil || src.Chosen.Type == "" || !ch.Types.HasSubtype(src.Chosen.Type) {
			return false
		}
	}
	switch f.Token {
	case 1:
		if !o.Token {
			return false
		}
	case -1:
		if o.Token {
			return false
		}
	}
	switch f.Tapped {
	case 1:
		if !o.Tapped {
			return false
		}
	case -1:
		if o.Tapped {
			return false
		}
	}
	if f.FaceDown && !o.FaceDown {
		return false
	}
	if f.Named != "" && !strings.EqualFold(ch.Name, f.Named) {
		return false
	}
	if f.Owned && o.Owner != ctrl {
		return false
	}
	if f.NoAbility && s.hasAbilities(o, ch) {
		return false
	}
	if f.HasAdventure && !hasAdventure(s, o) {
		return false
	}
	if b := f.PT; b != nil {
		v := ch.Power
		switch {
		case b.ManaValue:
			v = ch.ManaValue()
		case b.Toughness:
			v = ch.Toughness
		}
		if !ch.HasPT && !b.ManaValue || b.AtMost && v > b.N || !b.AtMost && v < b.N {
			return false
		}
	}
	if f.ToughGtPower && ch.Toughness <= ch.Power {
		return false
	}
	for _, kw := range f.With {
		if !slices.ContainsFunc(ch.Abilities, func(a *cardtext.Ability) bool { return cardtext.InFamily(a, kw) }) && !slices.Contains(ch.Keywords, kw) {
			return false
		}
	}
	for _, kw := range f.Without {
		if slices.ContainsFunc(ch.Abilities, func(a *cardtext.Ability) bool { return cardtext.InFamily(a, kw) }) || slices.Contains(ch.Keywords, kw) {
			return false
		}
	}
	if f.EvenMV && ch.manaValue(stackX(o))%2 != 0 {
		return false
	}
	if f.Attacking && (s.Combat == nil || !s.Combat.IsAttacking(o.ID)) {
		return false
	}
	if (f.BlockingSelf || f.BlockedBySelf) && (src == nil || !(f.BlockingSelf && s.Combat.IsBlockingIt(o.ID, src.ID) || f.BlockedBySelf && s.Combat.IsBlockingIt(src.ID, o.ID))) {
		return false
	}
	who := ch.Controller
	if o.Zone != cardtext.Battlefield && o.Zone != cardtext.Stack {
		who = o.Owner
	}
	switch f.Control {
	case cardtext.Yours:
		if who != ctrl {
			return false
		}
	case cardtext.Opponents:
		if !s.Opponents(who, ctrl) {
			return false
		}
	case cardtext.ChosenPlayers:
		if src == nil || !src.Chosen.HasPlayer || who != src.Chosen.Player {
			return false
		}
	}
	return true
}

// hasAbilities reports whether an object has any ability, for "creatures
// with no abilities". 113.2a: a detrimental ability ("This creature can't
// block") is one too; without that rule only the others would count.
// 113.12: an effect that states a quality of the object or sets a
// characteristic ("Enchanted creature is red", "… can't be blocked") grants
// it no ability; without that rule, it would.
func (s *State) hasAbilities(o *Object, ch *Chars) bool {
	for _, a := range ch.Abilities {
		if s.applies(registry.Detrimental) || !a.Detrimental() {
			return true
		}
	}
	if s.applies(registry.StatedQuality) {
		return false
	}
	for _, p := range s.Objects {
		if p.Zone != cardtext.Battlefield || p.Attached != o.ID {
			continue
		}
		for _, a := range s.cardAbilities(p.Card) {
			for _, sp := range a.Static {
				if a.Kind == cardtext.AbStatic && sp.Affects.Kind == cardtext.RefEnchanted && len(sp.Gain) == 0 && sp.GainActOf == nil {
					return true
				}
			}
		}
	}
	return false
}

// stackX is the X chosen for a spell on the stack (202.3e), 0 elsewhere.
func stackX(o *Object) int {
	if o.Zone == cardtext.Stack && o.Stack != nil {
		return o.Stack.X
	}
	return 0
}

// devotion is player p's devotion to the colors cols (700.5): the mana
// symbols of those colors among the mana costs of the permanents p
// controls (a hybrid symbol of two of them counts once), counted after
// copy, control and text effects (the layers before the one asking, 700.5a),
// and increased by the effects that modify it.
func devotion(s *State, cols cardtext.Color, p PlayerID, chOf func(*Object) *Chars) int {
	d := 0
	for _, o := range s.Objects {
		ch := chOf(o)
		if o.Zone != cardtext.Battlefield || ch == nil || ch.Controller != p {
			continue
		}
		for _, sym := range ch.Cost {
			if sym.Color&cols != 0 {
				d++
			}
		}
		for _, a := range ch.Abilities {
			// 700.5a: effects that modify devotion count.
			if a.Kind == cardtext.AbStatic && a.Keyword == cardtext.KeywordDevotionMod && (a.DevotionEach || a.Devotion == cols) && s.applies(registry.DevotionMods) {
				d += a.N
			}
		}
	}
	return d
}
