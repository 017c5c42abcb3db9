package views

import (
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// sharedZones are the shared zones the board lists as cards: the stack
// has its own section when the engine describes it.
func sharedZones(b engine.Board) []engine.ZoneView {
	if len(b.Stack) == 0 {
		return b.Shared
	}
	var out []engine.ZoneView
	for _, z := range b.Shared {
		if z.Zone != cardtext.Stack {
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

// Table is how a sandbox page shows a game: objects in words, and the
// hidden zones (400.2) as one player sees them. The watcher is the first
// player: their hand is face up, other hands and every library face down
// with a count, unless the scenario reveals them.
type Table struct {
	Words    *Words
	Viewer   string          // the player watching
	Revealed map[string]bool // "Bob hand", "Alice library": shown face up anyway
	Invented map[string]bool // the names of cards whose text the scenario invented
}

// FaceDown reports whether the table shows player's zone z face down.
func (t *Table) FaceDown(player string, z cardtext.Zone) bool {
	switch {
	case t == nil, z != cardtext.Hand && z != cardtext.Library && z != cardtext.Outside:
		return false
	case (z == cardtext.Hand || z == cardtext.Outside) && player == t.Viewer:
		return false
	}
	return !t.Revealed[player+" "+z.String()]
}

// Hidden reports whether the table shows player's zone z face down: as
// FaceDown, unless the game lets the watcher see all of it, as when the
// watcher controls that player (722.4).
func (t *Table) Hidden(player string, z engine.ZoneView) bool {
	return t.FaceDown(player, z.Zone) && !slices.Contains(z.Seen, t.Viewer)
}

// SeesFace reports whether the watcher sees a card's face: every card the
// table shows, but a face-down permanent only if the game lets them look at
// it (708.5, 722.4).
func (t *Table) SeesFace(c engine.CardView) bool {
	return !c.FaceDown || t == nil || slices.Contains(c.Seen, t.Viewer)
}

// label is an object's label in words.
func (t *Table) label(l string) string {
	if t == nil {
		return l
	}
	return t.Words.Label(l)
}

// text is free text (an effect, a prompt) in words, as a sentence.
func (t *Table) text(s string) string {
	if t == nil {
		return s
	}
	return t.Words.Sentence(s)
}

// words is text within a sentence in words.
func (t *Table) words(s string) string {
	if t == nil {
		return s
	}
	return t.Words.Text(s)
}

// invented reports whether a card's text was invented for the scenario:
// the card printed on it (its label's name) or, for a copy, the card it
// copies (its name now).
func (t *Table) invented(c engine.CardView) bool {
	if t == nil || len(t.Invented) == 0 {
		return false
	}
	base := c.Label
	if i := strings.LastIndexByte(base, '#'); i > 0 {
		base = base[:i]
	}
	return t.Invented[base] || t.Invented[c.Name]
}

// renamed is a card's name when it differs from the card's own (a copy,
// 707.2), or "".
func renamed(c engine.CardView) string {
	base := c.Label
	if i := strings.LastIndexByte(base, '#'); i > 0 {
		base = base[:i]
	}
	if c.Name == "" || strings.EqualFold(c.Name, base) {
		return ""
	}
	return c.Name
}

// maxBacks is how many card backs a face-down hand draws; the count says
// the rest.
const maxBacks = 10

func backs(n int) []int { return make([]int, min(n, maxBacks)) }
