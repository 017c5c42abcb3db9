package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Hidden zones as an effect resolves: searching (701.23), revealing a
// hand (701.20), choosing a card from it, and shuffling objects into a
// library (701.24c–d).

// search follows "search ZONES for CARDS" (701.23a): the searcher looks at
// every card in the zones and finds the cards that match. In a public zone
// all the cards asked for are found; in a hidden zone the searcher
// chooses which of those with a stated quality to find (701.23b). The
// cards found are the instruction's chosen objects ("exile them").
func (x *execCtx) search(in *cardtext.Instr) (bool, error) {
	t := x.t
	sp := in.Search
	searchers := x.players(in.Who)
	owners := x.players(sp.Whose)
	if len(searchers) == 0 || len(owners) == 0 {
		return false, nil
	}
	who, owner := searchers[0], owners[0]
	x.searched, x.hasSearched = owner, true
	x.chosen = nil
	var zones []string
	for _, z := range sp.Zones {
		zones = append(zones, z.String())
	}
	where := t.name(owner) + "'s " + joinAnd(zones)
	top := 0 // the library's top cards searched instead of all of it
	if slices.Contains(sp.Zones, cardtext.Library) {
		n, replaced, err := x.searchReplaced(who, owner)
		if err != nil || replaced {
			return false, err
		}
		top = n
	}
	t.emit(Event{Kind: EvRule, Key: registry.Search, Player: t.name(who), Text: t.name(who) + " searches " + where})

	name, quality := "", sp.Filter.String()
	if sp.Named {
		if x.name == "" {
			return false, nil // no name was chosen
		}
		name, quality = x.name, "cards named "+x.name
	}
	if sp.SameAs != nil {
		os := x.objects(*sp.SameAs)
		switch {
		case len(os) > 0:
			name = t.chars(os[0]).Name
			quality = "cards named " + name
		case t.applies(registry.SearchUndefined):
			// 701.23c: with no card to compare names with, the quality is
			// undefined: the zones are searched, but no card can be found.
			t.emit(Event{Kind: EvRule, Key: registry.SearchUndefined, Player: t.name(who),
				Text: t.name(who) + " searches for cards with the same name as a card that doesn't exist: none can be found"})
			return false, nil
		default:
			// Without 701.23c, nothing restricts what may be found.
			quality = "any cards"
		}
	}
	match := func(o *Object) bool {
		ch := t.chars(o)
		if name != "" && !strings.EqualFold(ch.Name, name) {
			return false
		}
		f := sp.Filter
		f.Zone = o.Zone
		if !matchFilter(&t.s, &f, o, ch, nil, who) {
			return false
		}
		if sp.Except != nil {
			ex := *sp.Except
			ex.Zone = o.Zone
			if matchFilter(&t.s, &ex, o, ch, nil, who) {
				return false
			}
		}
		return true
	}
	var found, hidden []cardtext.ObjectID
	for _, z := range sp.Zones {
		cards := t.s.In(owner, z)
		if z == cardtext.Library && top > 0 {
			cards = cards[max(len(cards)-top, 0):]
		}
		for _, o := range cards {
			if !match(o) {
				continue
			}
			if sp.All && !(z == cardtext.Hand || z == cardtext.Library) {
				found = append(found, o.ID) // a public zone: every one is found
			} else {
				hidden = append(hidden, o.ID)
			}
		}
	}
	stated := sp.SameAs != nil || sp.Named || !sp.Filter.Bare()
	switch n := x.amount(sp.N); {
	case len(hidden) == 0:
	case sp.All && !t.applies(registry.SearchMay):
		// Without 701.23b, every matching card must be found.
		found = append(found, hidden...)
	default:
		most := len(hidden)
		if !sp.All && !sp.Any {
			most = min(n-len(found), len(hidden))
		}
		least := 0
		if !stated && !sp.UpTo {
			// 701.23d: a quantity of cards with no stated quality: that
			// many, or as many as there are.
			least = most
		}
		if stated && sp.All {
			t.emit(Event{Kind: EvRule, Key: registry.SearchMay, Player: t.name(who),
				Text: fmt.Sprintf("%s need not find all the %s in %s's hidden zones (%d there)", t.name(who), quality, t.name(owner), len(hidden))})
		}
		ans, err := t.ask(&Choice{Player: who, Key: registry.Search, Options: hidden, Min: least, Max: most,
			Prompt: fmt.Sprintf("search %s for %s: choose the cards to find (%d to %d)", where, quality, least, most)})
		if err != nil {
			return false, err
		}
		picked := ans.objects
		if len(picked) == 0 && ans.object != 0 {
			picked = []cardtext.ObjectID{ans.object}
		}
		found = append(found, picked...)
	}
	var labels []string
	for _, id := range found {
		labels = append(labels, t.labelOf(id))
	}
	what := "nothing"
	if len(labels) > 0 {
		what = strings.Join(labels, ", ")
	}
	t.emit(Event{Kind: EvRule, Key: registry.Search, Player: t.name(who), Text: fmt.Sprintf("%s finds %s", t.name(who), what)})
	x.chosen, x.count = found, len(found)
	return len(found) > 0, nil
}

// reveal: the player shows the cards of their hand to every player
// (701.20a); they stay where they are (701.20b).
func (x *execCtx) reveal(in *cardtext.Instr) (bool, error) {
	t := x.t
	for _, p := range x.players(in.Who) {
		x.searched, x.hasSearched = p, true
		var labels []string
		for _, o := range t.s.In(p, cardtext.Hand) {
			labels = append(labels, o.Label)
		}
		what := "no cards"
		if len(labels) > 0 {
			what = strings.Join(labels, ", ")
		}
		t.emit(Event{Kind: EvRule, Key: registry.Reveal, Player: t.name(p), Text: fmt.Sprintf("%s reveals their hand: %s", t.name(p), what)})
	}
	return true, nil
}

// chooseCard: the player chooses a card matching the instruction from the
// zone it names (the hand just revealed); it is the chosen card.
func (x *execCtx) chooseCard(in *cardtext.Instr) (bool, error) {
	t := x.t
	sp := in.Search
	whos, owners := x.players(in.Who), x.players(sp.Whose)
	x.chosen = nil
	if len(whos) == 0 || len(owners) == 0 {
		return false, nil
	}
	who, owner := whos[0], owners[0]
	var opts []cardtext.ObjectID
	var labels []string
	for _, z := range sp.Zones {
		in := t.s.In(owner, z)
		if z == cardtext.Outside {
			in = t.outsideCards(owner)
		}
		for _, o := range in {
			ch := t.chars(o)
			f := sp.Filter
			f.Zone = o.Zone
			if !matchFilter(&t.s, &f, o, ch, nil, who) {
				continue
			}
			if sp.Except != nil {
				ex := *sp.Except
				ex.Zone = o.Zone
				if matchFilter(&t.s, &ex, o, ch, nil, who) {
					continue
				}
			}
			opts = append(opts, o.ID)
			labels = append(labels, o.Label)
		}
	}
	switch len(opts) {
	case 0:
		t.emit(Event{Kind: EvRule, Key: registry.Resolve, Player: t.name(who), Text: fmt.Sprintf("%s has no card to choose", t.name(who))})
		return false, nil
	case 1:
		x.chosen = opts
	default:
		ans, err := t.ask(&Choice{Player: who, Key: registry.Resolve, Options: opts, Labels: labels, Min: 1, Max: 1, Prompt: "choose " + strings.TrimSpace(in.Text)})
		if err != nil {
			return false, err
		}
		x.chosen = []cardtext.ObjectID{ans.object}
	}
	// 728.4a: a card of the main game comes into the subgame.
	x.chosen[0] = t.bringIn(x.chosen[0])
	verb := " chooses "
	if sp.Reveal {
		verb = " reveals " // 701.20a: every player sees it
	}
	t.emit(Event{Kind: EvChoice, Key: registry.Resolve, Player: t.name(who), Text: t.name(who) + verb + t.labelOf(x.chosen[0])})
	return true, nil
}

// shuffleObjects shuffles objects into a library: each still where the
// effect expects it (the same object: 400.7) is put into the library, and
// the library is shuffled — even if none of them could be moved (701.24c)
// or the set was empty (701.24d).
func (x *execCtx) shuffleObjects(in *cardtext.Instr) (bool, error) {
	t := x.t
	os := x.objects(in.What)
	if len(os) > 0 {
		x.it = ids(os)
	}
	libs := x.players(in.Who)
	if len(libs) == 0 && in.Who.Kind == cardtext.POwnerOf && x.item.Trig != nil && x.item.Trig.Obj != nil {
		// "its owner's library" of an object that's gone: as it last existed.
		libs = []PlayerID{x.item.Trig.Obj.Obj.Owner}
	}
	moved, elsewhere := 0, false
	for _, o := range os {
		if o.Zone == cardtext.Library {
			continue
		}
		if in.Who.Kind != cardtext.POwnerOf && !slices.Contains(libs, o.Owner) {
			continue // "into their library": only that player's own cards
		}
		t.shuffling = true
		nid, err := t.move(o.ID, cardtext.Library, true, nil, registry.Shuffle, "is shuffled into its owner's library")
		t.shuffling = false
		if err != nil {
			return false, err
		}
		if !slices.Contains(libs, o.Owner) {
			libs = append(libs, o.Owner)
		}
		if n := t.s.Object(nid); n == nil || n.Zone != cardtext.Library {
			elsewhere = true // a replacement put it elsewhere: flashback's exile
			continue
		}
		moved++
	}
	if moved == 0 {
		// 701.24c: specific objects that aren't there to move, or that an
		// effect moves to another zone; 701.24d: an empty set.
		key, why, on := registry.ShuffleAbsent, "the objects to shuffle in aren't where the effect expects them", t.applies(registry.ShuffleAbsent)
		if elsewhere {
			why = "an effect moved the objects to shuffle in to another zone"
		}
		if in.Many {
			key, why, on = registry.ShuffleEmpty, "there are no objects to shuffle in", t.applies(registry.ShuffleEmpty)
		}
		if !on {
			return false, nil
		}
		for _, p := range libs {
			t.emit(Event{Kind: EvRule, Key: key, Player: t.name(p), Text: fmt.Sprintf("%s: %s's library is shuffled all the same", why, t.name(p))})
		}
	}
	for _, p := range libs {
		t.shuffle(p, t.placedHere(p), "")
	}
	return len(libs) > 0, nil
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	case 2:
		return s[0] + " and " + s[1]
	}
	return strings.Join(s[:len(s)-1], ", ") + ", and " + s[len(s)-1]
}

// chooseName: the player chooses a card name with the stated qualities
// ("Choose an artifact card name"). 201.4a: the name of a card whose
// Oracle text has them, any card in the reference, in the game or not,
// and not a card that only has them now because of an effect. Without
// 201.4a, the names of the cards in the game that have them as they are.
func (x *execCtx) chooseName(in *cardtext.Instr) (bool, error) {
	t := x.t
	f := cardtext.Filter{}
	if in.What.Group != nil {
		f = *in.What.Group
	}
	f.Card, f.Zone = false, 0
	seen := map[string]bool{}
	var names []string
	add := func(n string) {
		if n != "" && !seen[strings.ToLower(n)] {
			seen[strings.ToLower(n)] = true
			names = append(names, n)
		}
	}
	if t.applies(registry.NameOracle) {
		for _, c := range t.s.Reference {
			probe := &Object{Card: c, Zone: cardtext.Library, Owner: x.ctrl, Controller: x.ctrl}
			g := f
			g.Card = true
			if ch := t.s.Chars(probe); matchFilter(&t.s, &g, probe, &ch, nil, x.ctrl) {
				add(c.Name)
			}
			if c.Adventure != nil && t.applies(registry.AdventureName) {
				// 201.4f, 715.5: an adventurer card's alternative name,
				// if the card as modified by its alternative
				// characteristics (its Adventure) has the qualities.
				alt := &Object{Card: c.Adventure, Zone: cardtext.Library, Owner: x.ctrl, Controller: x.ctrl}
				if ch := t.s.Chars(alt); matchFilter(&t.s, &g, alt, &ch, nil, x.ctrl) {
					add(c.Adventure.Name)
				}
			}
		}
	} else {
		for _, o := range t.s.Objects {
			if o.Token || o.Stack != nil && o.Stack.Kind != StackSpell {
				continue
			}
			g := f
			g.Zone = o.Zone
			if ch := t.chars(o); matchFilter(&t.s, &g, o, ch, nil, x.ctrl) {
				add(ch.Name)
			}
		}
	}
	slices.Sort(names)
	what := "a card name"
	if in.What.Group != nil {
		what = "the name of " + in.What.Group.String() + " card"
	}
	if len(names) == 0 {
		t.emit(Event{Kind: EvRule, Key: registry.NameOracle, Player: t.name(x.ctrl), Text: "there is no card name to choose: " + what})
		return false, nil
	}
	ans, err := t.ask(&Choice{Player: x.ctrl, Key: registry.NameOracle, Words: names, Prompt: "choose " + what})
	if err != nil {
		return false, err
	}
	x.name = ans.word
	return true, nil
}

// searchReplaced applies the replacement effects of a player's search of
// a library (614.1a): one that searches a portion of it instead ("that
// player searches the top four cards of that library instead", 701.23f)
// returns how many top cards are searched; any other replaces the search
// with its instructions (replaced).
func (x *execCtx) searchReplaced(who, owner PlayerID) (top int, replaced bool, err error) {
	t := x.t
	ev := &pendingEvent{kind: cardtext.EvtSearch, player: who, what: t.name(who) + " would search " + t.name(owner) + "'s library"}
	for _, r := range t.replacementsFor(ev) {
		for _, in := range r.ab.Replace.Instead {
			if in.Op == cardtext.OpSearch && in.Search != nil && in.Search.Top > 0 {
				t.emit(Event{Kind: EvRule, Key: registry.Replace, Object: r.src.Label, ObjectID: r.src.ID, Player: t.name(who),
					Text: fmt.Sprintf("%s; instead (%s): %s searches the top %d cards of that library", ev.what, r.src.Label, t.name(who), in.Search.Top)})
				if x.portion == nil {
					x.portion = map[PlayerID]bool{}
				}
				x.portion[owner] = true
				return in.Search.Top, false, nil
			}
		}
	}
	by, err := t.replaceEvent(ev)
	return 0, by != "", err
}
