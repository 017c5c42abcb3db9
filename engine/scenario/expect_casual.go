package scenario

import (
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Expectations about the casual variants (section 9): commanders, color
// identity, deck construction, commander damage, hand sizes.

// colorList reads "red and green", "white, blue", "colorless".
func (p *parser) colorList(c *cursor) (cardtext.Color, bool) {
	var want cardtext.Color
	c.sym("=")
	if c.eat("colorless") {
		return 0, true
	}
	for !c.end() {
		if c.eat("and") || c.sym(",") {
			continue
		}
		col, ok := cardtext.ParseColor(c.word())
		if !ok {
			p.errorf("colors are white, blue, black, red, green, or colorless")
			return 0, false
		}
		want |= col
	}
	return want, true
}

// casualObjectExpect reads what follows an object about the casual
// variants: "commander", "not a commander", "color identity = red and
// green".
func (p *parser) casualObjectExpect(c *cursor, o ref) (check, bool, bool) {
	obj := func(f func(*engine.Object, *run) (bool, string, registry.Key)) check {
		return func(r *run) (bool, string, registry.Key) {
			x, err := r.object(o, 0)
			if err != nil {
				return false, err.Error(), ""
			}
			return f(x, r)
		}
	}
	switch {
	case c.eat("color", "identity"):
		want, ok := p.colorList(c)
		return obj(func(x *engine.Object, r *run) (bool, string, registry.Key) {
			got := r.st.ColorIdentity(x)
			return got == want, got.String(), registry.ColorIdentity
		}), ok, true
	case c.eat("is", "not", "a", "commander"), c.eat("not", "a", "commander"):
		return obj(func(x *engine.Object, r *run) (bool, string, registry.Key) {
			if r.st.IsCommander(x) {
				return false, "a commander", registry.CommanderCard
			}
			return true, "not a commander", registry.CommanderCard
		}), true, true
	case c.eat("is", "a", "commander"), c.eat("commander"):
		return obj(func(x *engine.Object, r *run) (bool, string, registry.Key) {
			if r.st.IsCommander(x) {
				return true, "a commander", registry.CommanderCard
			}
			return false, "not a commander", registry.CommanderCard
		}), true, true
	}
	return nil, false, false
}

// casualPlayerExpect reads what follows a player about the casual
// variants: "deck may include Lightning Bolt", "deck may not include
// Counterspell", "commander damage from Wort = 21", "maximum hand size =
// 6", "hand size = 9" (the starting one).
func (p *parser) casualPlayerExpect(c *cursor, who string) (check, bool, bool) {
	switch {
	case c.eat("deck", "may", "not", "include"), c.eat("deck", "may", "include"):
		may := !strings.Contains(c.last, "not")
		o, ok := c.ref()
		if !ok {
			return nil, p.bad("A deck may include CARD, A deck may not include CARD"), true
		}
		return func(r *run) (bool, string, registry.Key) {
			x, err := r.object(o, 0)
			if err != nil {
				return false, err.Error(), ""
			}
			got, k := r.st.DeckMayInclude(r.player(who), x)
			if got {
				return got == may, "may include " + x.Label, registry.DeckIdentity
			}
			return got == may, "may not include " + x.Label + " (" + r.cite(k) + ")", k
		}, true, true
	case c.eat("commander", "damage", "from"):
		o, ok := c.ref()
		if !ok {
			return nil, p.bad("B commander damage from CARD = 21"), true
		}
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			// The count belongs to the commander card (903.10a): it
			// stands when no object of it is left in the game (its owner
			// left, 800.4a), so the card is found by its designation.
			label := commanderLabel(r, o)
			if label == "" {
				x, err := r.object(o, 0)
				if err != nil {
					return false, err.Error(), ""
				}
				label = x.Label
			}
			got := 0
			for _, d := range r.st.Players[r.player(who)].CommanderDamage {
				if d.Commander == label {
					got = d.Damage
				}
			}
			ok, s := eqInt(got, n)
			return ok, s, registry.CommanderDamage
		}, ok, true
	case c.eat("maximum", "hand", "size"):
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(r.st.MaxHandSize(r.player(who)), n)
			return ok, s, registry.VanguardMaxHand
		}, ok, true
	case c.eat("starting", "hand", "size"):
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(r.st.StartingHandSize(r.player(who)), n)
			return ok, s, registry.VanguardHand
		}, ok, true
	}
	return nil, false, false
}

// commanderLabel is the label of the commander card o names, whichever
// player's it is, or "" if o names no commander (or, unnumbered, more than
// one).
func commanderLabel(r *run, o ref) string {
	found := ""
	for _, p := range r.st.Players {
		for _, c := range p.Commanders {
			if c.Name != o.Name {
				continue
			}
			if o.Index == 0 || c.Card == o.String() {
				if found != "" && found != c.Card {
					return ""
				}
				found = c.Card
			}
		}
	}
	return found
}
