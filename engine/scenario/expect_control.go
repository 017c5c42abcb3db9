package scenario

import (
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Expectations about players controlling players (722) and what a player
// can see: "A controls B", "A sees B's hand", "A doesn't see B's hand",
// "A sees Grizzly Bears".

// controlExpect reads what follows a player's name about control and
// sight; found is false if it is neither.
func (p *parser) controlExpect(c *cursor, who string) (check, bool, bool) {
	switch {
	case c.eat("controls"):
		whom, ok := c.player()
		if !ok {
			return nil, p.bad("A controls B: the player A controls"), true
		}
		return func(r *run) (bool, string, registry.Key) {
			by, ok := r.st.ControlledBy(r.player(whom))
			switch {
			case !ok:
				return false, "no one controls " + whom, registry.ControlTurn
			case by != r.player(who):
				return false, r.st.Players[by].Name + " controls " + whom, registry.ControlTurn
			}
			return true, who + " controls " + whom, registry.ControlTurn
		}, true, true
	case c.eat("sees"), c.eat("can", "see"):
		return p.seesExpect(c, who, true)
	case c.eat("doesn't", "see"), c.eat("can't", "see"), c.eat("does", "not", "see"), c.eat("cannot", "see"):
		return p.seesExpect(c, who, false)
	}
	return nil, false, false
}

// seesExpect reads "B's hand" (every card of it) or an object after
// "sees".
func (p *parser) seesExpect(c *cursor, who string, want bool) (check, bool, bool) {
	if z, whose, ok := c.zone(); ok {
		if whose == "" || z != cardtext.Hand && z != cardtext.Library {
			return nil, p.bad("sees B's hand, sees B's library, or sees a card"), true
		}
		return func(r *run) (bool, string, registry.Key) {
			cards := r.st.In(r.player(whose), z)
			if len(cards) == 0 {
				return false, whose + "'s " + z.String() + " is empty", ""
			}
			var seen, hidden []string
			for _, o := range cards {
				if r.st.Sees(r.player(who), o) {
					seen = append(seen, o.Label)
				} else {
					hidden = append(hidden, o.Label)
				}
			}
			got := who + " sees " + strings.Join(seen, ", ")
			if len(seen) == 0 {
				got = who + " sees none of it"
			} else if len(hidden) > 0 {
				got += " but not " + strings.Join(hidden, ", ")
			}
			if want {
				return len(hidden) == 0, got, registry.ControlSee
			}
			return len(seen) == 0, got, registry.ControlSee
		}, true, true
	}
	o, ok := c.ref()
	if !ok {
		return nil, p.bad("sees B's hand, or sees a card"), true
	}
	return func(r *run) (bool, string, registry.Key) {
		x, err := r.object(o, cardtext.Battlefield)
		if err != nil {
			return false, err.Error(), ""
		}
		if r.st.Sees(r.player(who), x) {
			return want, who + " sees " + x.Label, registry.ControlSee
		}
		return !want, who + " doesn't see " + x.Label, registry.ControlSee
	}, true, true
}
