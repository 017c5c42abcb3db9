package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Shuffles are real and reproducible: the state carries a deterministic
// random source (PCG), seeded by the scenario, so the same scenario with the
// same seed shuffles the same way every run, and replaying an action after
// a choice (Apply starts it again from its base state) shuffles alike.

// DefaultSeed seeds a game whose scenario names no seed.
const DefaultSeed uint64 = 1

// seedStream is PCG's second seed word: fixed, so a game is named by one
// number.
const seedStream = 0x6172626974657221 // "arbiter!"

// Seeded returns s with its random source seeded by seed.
func (s State) Seeded(seed uint64) State {
	s.Seed = seed
	s.rng = *rand.NewPCG(seed, seedStream)
	return s
}

// random is the state's random source: drawing from it advances the
// state's own copy (the State is a value, so the one Apply started from is
// untouched).
func (t *tx) random() *rand.Rand { return rand.New(&t.s.rng) }

// shuffle randomizes the order of player p's library (701.24a), leaving
// the cards in keep where they are (701.24b: cards found and to be put in a
// position aren't part of the shuffle; 701.24g: nor is a card put in a
// position at the same time). A shuffle happens even of an empty or
// one-card library: abilities that trigger on it would trigger (701.24e).
func (t *tx) shuffle(p PlayerID, keep []cardtext.ObjectID, why string) {
	var cards []*Object
	var seqs []int
	for _, o := range t.s.In(p, cardtext.Library) {
		if slices.Contains(keep, o.ID) {
			continue
		}
		cards = append(cards, o)
		seqs = append(seqs, o.Seq)
	}
	if t.applies(registry.Shuffle) {
		// 701.24a: randomize the cards so that no player knows their
		// order. The cards take the same places among themselves, in a
		// random order (Fisher–Yates).
		r := t.random()
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for i, o := range cards {
			if o.Seq != seqs[i] {
				o.Seq = seqs[i]
				t.unreveal(o)
			}
		}
		t.dirty()
	}
	text := t.name(p) + " shuffles their library"
	if why != "" {
		text += " (" + why + ")"
	}
	t.s.Players[p].Shuffled++
	t.emit(Event{Kind: EvRule, Key: registry.Shuffle, Player: t.name(p), N: len(cards), Text: text})
}

// unreveal: 701.20d, a revealed card in a library that is reordered stops
// being revealed.
func (t *tx) unreveal(o *Object) {
	if o.Revealed {
		o.Revealed = false
		t.emit(Event{Kind: EvRule, Key: registry.Shuffle, Object: o.Label, ObjectID: o.ID,
			Text: fmt.Sprintf("%s is no longer revealed: its library was reordered", o.Label)})
	}
}

// together runs fn as one event in which several objects move at once
// (sacrificing two creatures): a card put into a library in a certain
// position in it is remembered, so that a card shuffled into that library
// in the same event doesn't move it (701.24g).
func (t *tx) together(fn func() error) error {
	if t.placed != nil {
		return fn()
	}
	t.placed = []cardtext.ObjectID{}
	defer func() { t.placed = nil }()
	return fn()
}

// placedHere lists the cards put in a position in p's library in the
// current event (701.24g), which a shuffle in that event leaves there.
func (t *tx) placedHere(p PlayerID) []cardtext.ObjectID {
	if !t.applies(registry.ShuffleKeep) {
		return nil
	}
	var out []cardtext.ObjectID
	for _, id := range t.placed {
		if o := t.s.Object(id); o != nil && o.Zone == cardtext.Library && o.Owner == p {
			out = append(out, id)
		}
	}
	return out
}

// shuffleInto shuffles a card into a library: it is put into the library
// of owner, which is then shuffled (701.24a), and it returns the card's new
// ID.
func (t *tx) shuffleInto(id cardtext.ObjectID, owner PlayerID, why string) (cardtext.ObjectID, error) {
	t.shuffling = true
	// It goes under the cards already there, so that one put on top in
	// the same event stays on top (701.24g); the shuffle places it.
	nid, err := t.move(id, cardtext.Library, true, nil, registry.Shuffle, why)
	t.shuffling = false
	if err != nil {
		return 0, err
	}
	t.shuffle(owner, t.placedHere(owner), "")
	return nid, nil
}
