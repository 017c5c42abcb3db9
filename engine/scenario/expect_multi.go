package scenario

import (
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Expectations about the table: seats, ranges of influence, roles.

// seatingExpect reads "seating = A, B, C": the players clockwise from the
// first seat.
func (p *parser) seatingExpect(c *cursor) (check, bool) {
	c.sym("=")
	var want []string
	for !c.end() {
		who, ok := c.player()
		if !ok {
			return nil, p.bad("seating = the players in seat order: A, B, C")
		}
		want = append(want, who)
		c.sym(",")
	}
	return func(r *run) (bool, string, registry.Key) {
		var got []string
		for _, pl := range r.st.Players {
			got = append(got, pl.Name)
		}
		g := strings.Join(got, ", ")
		return g == strings.Join(want, ", "), g, ""
	}, true
}

// tableExpect reads what follows a player's name about the table: "range
// = 2", "within B's range", "outside B's range", "emperor", "general".
func (p *parser) tableExpect(c *cursor, who string) (check, bool, bool) {
	pl := func(r *run) engine.Player { return r.st.Players[r.player(who)] }
	switch {
	case c.eat("team", "life"):
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(r.st.TeamLife(r.player(who)), n)
			return ok, s, registry.TeamLifeApply
		}, ok, true
	case c.eat("range"):
		c.eatAny("of influence")
		n, ok := p.wantInt(c)
		return func(r *run) (bool, string, registry.Key) {
			ok, s := eqInt(pl(r).Range, n)
			return ok, s, registry.Range
		}, ok, true
	case c.eat("within") || c.eat("outside"):
		in := c.last == "within"
		of, ok := c.player()
		if !ok || !c.eat("range") {
			return nil, p.bad("A within B's range, A outside B's range"), true
		}
		c.eatAny("of influence")
		return func(r *run) (bool, string, registry.Key) {
			got := r.st.InRange(r.player(of), r.player(who))
			s := "outside"
			if got {
				s = "within"
			}
			return got == in, s + " " + of + "'s range", registry.Range
		}, true, true
	case c.eat("emperor"), c.eat("is", "emperor"):
		return func(r *run) (bool, string, registry.Key) {
			if pl(r).Emperor {
				return true, "emperor", ""
			}
			return false, "a general", ""
		}, true, true
	}
	return nil, false, false
}
