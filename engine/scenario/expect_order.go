package scenario

import (
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// zoneOrder reads what an ordered zone's order must be (a library, a
// graveyard: 401.1, 404.1): "A library top = Island", "A library bottom =
// Swamp", "A library order = Swamp, Island#2, Forest" (bottom to top, as
// setup lists it), and how often a library was shuffled: "A library
// shuffled once" (701.24). found is false when the words are none of
// these (a count, say).
func (p *parser) zoneOrder(c *cursor, who string, z cardtext.Zone) (chk check, ok, found bool) {
	cards := func(r *run) []*engine.Object { return r.st.In(r.player(who), z) }
	if end, isEnd := c.eatAny("top", "bottom"); isEnd {
		c.sym("=")
		want, rok := c.ref()
		if !rok {
			p.errorf("expected a card after %s: %s %s %s = Island", end, who, z, end)
			return nil, false, true
		}
		return func(r *run) (bool, string, registry.Key) {
			cs := cards(r)
			if len(cs) == 0 {
				return false, "empty", ""
			}
			o := cs[len(cs)-1]
			if end == "bottom" {
				o = cs[0]
			}
			return want.matches(o.Label), o.Label, ""
		}, true, true
	}
	if c.eat("order") {
		c.sym("=")
		var want []ref
		for _, item := range splitList(c.s) {
			ic := p.cursor(item)
			o, rok := ic.ref()
			if !rok || !ic.end() {
				p.errorf("%q is not a declared card; write the order bottom to top: %s %s order = Swamp, Island", clip(item), who, z)
				return nil, false, true
			}
			want = append(want, o)
		}
		c.s = ""
		return func(r *run) (bool, string, registry.Key) {
			cs := cards(r)
			var got []string
			same := len(cs) == len(want)
			for i, o := range cs {
				got = append(got, o.Label)
				if same && !want[i].matches(o.Label) {
					same = false
				}
			}
			if len(got) == 0 {
				return same, "empty", ""
			}
			return same, strings.Join(got, ", ") + " (bottom to top)", ""
		}, true, true
	}
	if z == cardtext.Library && c.eat("shuffled") {
		n := -1
		switch {
		case c.eat("once"):
			n = 1
		case c.eat("twice"):
			n = 2
		case c.eat("never"):
			n = 0
		default:
			var nok bool
			if n, nok = p.wantInt(c); !nok {
				return nil, false, true
			}
			c.eatAny("times", "time")
		}
		return func(r *run) (bool, string, registry.Key) {
			got := r.st.Players[r.player(who)].Shuffled
			return got == n, "shuffled " + strconv.Itoa(got) + " time" + plural(got), registry.Shuffle
		}, true, true
	}
	return nil, false, false
}
