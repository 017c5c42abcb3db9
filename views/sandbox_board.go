package views

import (
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
)

// sharedZones are the shared zones the board lists as cards: the stack
// has its own section when the engine describes it.
func sharedZones(b engine.Board) []engine.ZoneView {
	if len(b.Stack) == 0 {
		return b.Shared
	}
	var out []engine.ZoneView
	for _, z := range b.Shared {
		if z.Zone != engine.Stack {
			out = append(out, z)
		}
	}
	return out
}

// objectCount is "2 objects".
func objectCount(n int) string {
	if n == 1 {
		return "1 object"
	}
	return strconv.Itoa(n) + " objects"
}

// otherAbilities are a card's abilities other than the plain keywords its
// keyword line already shows.
func otherAbilities(c engine.CardView) []string {
	var out []string
	for _, a := range c.Abilities {
		kw := false
		for _, k := range c.Keywords {
			if strings.EqualFold(a, k) {
				kw = true
				break
			}
		}
		if !kw {
			out = append(out, a)
		}
	}
	return out
}

// layerSummary labels a card's layer notes (613): "layers: 2 changes".
func layerSummary(c engine.CardView) string {
	if len(c.Notes) == 1 {
		return "layers: 1 change"
	}
	return "layers: " + strconv.Itoa(len(c.Notes)) + " changes"
}
