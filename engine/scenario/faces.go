package scenario

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// Cards with more than one face (709–712) are declared as a card line and
// a line for its other face:
//
//	card Huntmaster of the Fells: {2}{R}{G} Creature — Human Werewolf 2/2
//	back Ravager of the Fells: Creature — Werewolf 4/4, red, green, trample
//
// "modal back" declares a modal double-faced card's back face, "flip" a flip
// card's flipped half, "half" a split card's second half (the card line,
// "card Fire // Ice: {1}{R} Instant", being its first), "adventure" an
// adventurer card's Adventure. Text lines belong to the face declared last.

// faceKind is which other face a line declares.
type faceKind uint8

const (
	faceBack faceKind = iota + 1
	faceModal
	faceFlip
	faceHalf
	faceAdventure
)

// faceLine reads a line declaring another face of the card declared last.
func (p *parser) faceLine(c *cursor, kind faceKind) {
	word := map[faceKind]string{faceBack: "back", faceModal: "modal back", faceFlip: "flip", faceHalf: "half", faceAdventure: "adventure"}[kind]
	if len(p.sc.Cards) == 0 {
		p.errorf("a %s line follows the card line it belongs to", word)
		return
	}
	d := p.sc.Cards[len(p.sc.Cards)-1]
	if d.Back != nil || d.Flip != nil || d.Half != nil || d.Adventure != nil || d.MeldOf != nil {
		p.errorf("card %s already has its other face", d.Name)
		return
	}
	if (kind == faceHalf) != (d.split[0] != "") {
		if kind == faceHalf {
			p.errorf("a half line follows a split card's line, named for both halves: card Fire // Ice: {1}{R} Instant")
		} else {
			p.errorf("split card %s has halves, not a %s face: half %s: …", d.Name, word, d.split[1])
		}
		return
	}
	name, inv, rest, ok := p.cardName(c.s)
	if !ok {
		return
	}
	if inv {
		p.errorf("(invented) goes on the card line: card %s (invented): …", d.Name)
		return
	}
	f := &CardDecl{Line: p.line, Name: name}
	if kind == faceHalf {
		if !strings.EqualFold(name, d.split[1]) {
			p.errorf("split card %s's second half is %s, not %s", d.Name, d.split[1], name)
			return
		}
		f.Name = d.split[1]
	} else if !p.newName(name) {
		return
	}
	if !p.cardSpec(f, rest) {
		return
	}
	switch kind {
	case faceBack:
		if f.Cost != nil {
			// 712.8e: a nonmodal back face has no mana cost of its own.
			p.errorf("a back face has no mana cost; a modal double-faced card's back face is declared with \"modal back\"")
			return
		}
		d.Back = f
	case faceModal:
		d.Back, d.Modal = f, true
	case faceFlip:
		if f.Cost != nil || f.HasColor {
			// 710.1c: a flip card's color and mana cost don't change.
			p.errorf("a flip card's flipped half has the card's mana cost and color: write neither")
			return
		}
		d.Flip = f
	case faceHalf:
		d.Half = f
	case faceAdventure:
		if f.HasPT || f.Cost == nil {
			// 715.2: an Adventure is an instant or sorcery with a mana cost.
			p.errorf("an Adventure is an instant or sorcery spell with its own mana cost: adventure Chop Down: {2}{W} Instant — Adventure")
			return
		}
		d.Adventure = f
	}
	p.face = f
}

// faces lists a card's declared faces: itself, then its other face.
func (d *CardDecl) faces() []*CardDecl {
	out := []*CardDecl{d}
	for _, f := range []*CardDecl{d.Back, d.Flip, d.Half, d.Adventure} {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

// faceNames lists the names a card's faces go by, the card's own first: a
// split card's halves are names too (709.4a).
func (d *CardDecl) faceNames() []string {
	out := []string{d.Name}
	if d.split[0] != "" {
		out = append(out, d.split[0], d.split[1])
	}
	for _, f := range []*CardDecl{d.Back, d.Flip, d.Adventure} {
		if f != nil {
			out = append(out, f.Name)
		}
	}
	return out
}

// faceNamed finds the card that has a face named name, and that face's
// name if it isn't the card's own.
func (p *parser) faceNamed(name string) (*CardDecl, string) {
	for _, d := range p.sc.Cards {
		for i, n := range d.faceNames() {
			if strings.EqualFold(n, name) {
				if i == 0 {
					return d, ""
				}
				return d, n
			}
		}
	}
	return nil, ""
}

// nameRef is a name a reference may use: a card's, or one of its faces'.
type nameRef struct {
	name string // as declared
	card string // the card's name, which labels its objects
}

// names lists every card and face name, longest first, so "Isamaru, Hound
// of Konda" wins over a card named "Isamaru".
func (p *parser) names() []nameRef {
	n := 0
	for _, d := range p.sc.Cards {
		n += len(d.faceNames())
	}
	if len(p.sorted) != n {
		p.sorted = p.sorted[:0]
		for _, d := range p.sc.Cards {
			for _, f := range d.faceNames() {
				p.sorted = append(p.sorted, nameRef{name: f, card: d.Name})
			}
		}
		sort.SliceStable(p.sorted, func(i, j int) bool { return len(p.sorted[i].name) > len(p.sorted[j].name) })
	}
	return p.sorted
}

// setupFace reads a setup item named by another face of its card: the
// card put onto the battlefield with that face up.
func (p *parser) setupFace(r ref, z cardtext.Zone) (func(*engine.Object, *run) error, bool) {
	d, _ := p.faceNamed(r.Face)
	var kind faceKind
	switch {
	case d.Back != nil && strings.EqualFold(d.Back.Name, r.Face):
		kind = faceBack
	case d.Flip != nil && strings.EqualFold(d.Flip.Name, r.Face):
		kind = faceFlip
	case d.Adventure != nil && strings.EqualFold(d.Adventure.Name, r.Face):
		// 715.4: only a spell cast as an Adventure has its characteristics.
		p.errorf("%s is %s's Adventure: it is that only as a spell cast as one; name the card, %s", r.Face, d.Name, d.Name)
		return nil, false
	default:
		p.errorf("%s is half of %s: name the card", r.Face, d.Name)
		return nil, false
	}
	if z != cardtext.Battlefield {
		// 712.8a, 710.2: elsewhere a card has only its front face's, or
		// its normal, characteristics.
		p.errorf("%s is %s's other face: only a permanent can have it up; name the card, %s", r.Face, d.Name, d.Name)
		return nil, false
	}
	return faceStatus(kind), true
}

// faceStatus gives a permanent its back face up, or flips it.
func faceStatus(kind faceKind) func(*engine.Object, *run) error {
	return func(o *engine.Object, _ *run) error {
		switch {
		case kind == faceBack && o.Card.IsDoubleFaced():
			o.Face = engine.FaceBack
		case kind == faceFlip && o.Card.Flip != nil:
			o.Flipped = true
		case kind == faceBack:
			return fmt.Errorf("%s isn't a double-faced card: it has no back face to put up", o.Card.Name)
		default:
			return fmt.Errorf("%s isn't a flip card", o.Card.Name)
		}
		return nil
	}
}

// transform reads "transform X" or "A transforms X": an effect telling a
// player to transform a permanent (701.27).
func (p *parser) transform(c *cursor, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	o, ok := c.ref()
	if !ok {
		return fail()
	}
	return done(func(r *run) (engine.Action, error) {
		x, err := r.object(o, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		return engine.Transform{Object: x.ID}, nil
	})
}

// flip reads "flip X" or "A flips X": an effect telling a player to flip a
// flip card permanent (710.1a).
func (p *parser) flip(c *cursor, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	o, ok := c.ref()
	if !ok {
		return fail()
	}
	return done(func(r *run) (engine.Action, error) {
		x, err := r.object(o, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		return engine.Flip{Object: x.ID}, nil
	})
}

// turnFaceUp reads "A turns X face up [paying …]": the special action of
// turning a face-down permanent face up by paying its morph cost
// (702.37e).
func (p *parser) turnFaceUp(c *cursor, who string, done func(builder) (builder, bool), fail func() (builder, bool)) (builder, bool) {
	o, ok := c.ref()
	if !ok || !c.eat("face", "up") {
		return fail()
	}
	opts, ok := p.castOptions(c)
	if !ok {
		return nil, false
	}
	return done(func(r *run) (engine.Action, error) {
		x, err := r.object(o, cardtext.Battlefield)
		if err != nil {
			return nil, err
		}
		a := engine.TurnFaceUp{Player: r.player(who), Object: x.ID}
		if opts.pay != nil {
			a.Pay = *opts.pay
		}
		return a, nil
	})
}

// meldLine reads "meld Chittering Host from Midnight Scavengers and Graf
// Rats: TYPE-LINE P/T, …": the permanent a meld pair's two cards, declared
// before, become together (712.4). Setup may put it onto the battlefield by
// that name.
func (p *parser) meldLine(c *cursor) {
	rest := c.s
	i := strings.Index(strings.ToLower(rest), " from ")
	j := strings.IndexByte(rest, ':')
	if i < 0 || j < i {
		p.errorf("a meld line reads: meld Chittering Host from Midnight Scavengers and Graf Rats: Creature — Eldrazi Horror 5/6, black, menace")
		return
	}
	name := strings.TrimSpace(rest[:i])
	pair := p.cursor(rest[i+6 : j])
	a, ok1 := pair.ref()
	ok2 := ok1 && pair.eat("and")
	b, ok3 := pair.ref()
	if !ok1 || !ok2 || !ok3 || !pair.end() || a.Face != "" || b.Face != "" || a.Name == b.Name {
		p.errorf("meld %s from which two cards? Declare them first, and name them: from Midnight Scavengers and Graf Rats", name)
		return
	}
	for _, x := range []string{a.Name, b.Name} {
		if d := p.card(x); d.Back != nil || d.Flip != nil || d.Half != nil || d.Adventure != nil || d.MeldOf != nil || p.meldOf(x) != nil {
			p.errorf("card %s already has another face", x)
			return
		}
	}
	if name == "" || strings.ContainsAny(name, "#{}\"") || !p.newName(name) {
		if name == "" {
			p.errorf("meld: name the melded permanent")
		}
		return
	}
	d := &CardDecl{Line: p.line, Name: name, MeldOf: []string{a.Name, b.Name}}
	if !p.cardSpec(d, rest[j+1:]) {
		return
	}
	p.sc.Cards = append(p.sc.Cards, d)
	p.face = d
}

// meldOf is the melded permanent's declaration that the card named name is
// one of the two cards of, or nil.
func (p *parser) meldOf(name string) *CardDecl { return meldDecl(p.sc, name) }

func meldDecl(sc *Scenario, name string) *CardDecl {
	for _, d := range sc.Cards {
		for _, x := range d.MeldOf {
			if strings.EqualFold(x, name) {
				return d
			}
		}
	}
	return nil
}

// meldCard builds a meld pair's cards and the permanent they meld into
// (712.4): d is one of the cards (m its melded permanent), or the melded
// permanent itself (m nil).
func (r *run) meldCard(d, m *CardDecl) (*cardtext.Card, error) {
	if m == nil {
		m = d
	}
	melded, err := r.face(m, m.Name)
	if err != nil {
		return nil, err
	}
	var cards [2]*cardtext.Card
	for i, n := range m.MeldOf {
		var x *CardDecl
		for _, c := range r.sc.Cards {
			if strings.EqualFold(c.Name, n) {
				x = c
			}
		}
		if x == nil {
			return nil, fmt.Errorf("no card %q is declared", n)
		}
		if cards[i], err = r.face(x, x.Name); err != nil {
			return nil, err
		}
	}
	a, b := cardtext.MeldPair(cards[0], cards[1], melded)
	r.cards[strings.ToLower(m.MeldOf[0])], r.cards[strings.ToLower(m.MeldOf[1])] = a, b
	r.cards[strings.ToLower(m.Name)] = melded
	return r.cards[strings.ToLower(d.Name)], nil
}

// addMelded puts the melded permanent named name onto the battlefield,
// represented by its two cards.
func (r *run) addMelded(name string, owner engine.PlayerID) (engine.State, cardtext.ObjectID, error) {
	m := meldDeclNamed(r.sc, name)
	melded, err := r.card(name)
	if err != nil {
		return r.st, 0, err
	}
	a, err := r.card(m.MeldOf[0])
	if err != nil {
		return r.st, 0, err
	}
	b, err := r.card(m.MeldOf[1])
	if err != nil {
		return r.st, 0, err
	}
	st, id := r.st.AddMelded(melded, a, b, owner)
	return st, id, nil
}

func meldDeclNamed(sc *Scenario, name string) *CardDecl {
	for _, d := range sc.Cards {
		if d.MeldOf != nil && strings.EqualFold(d.Name, name) {
			return d
		}
	}
	return nil
}
