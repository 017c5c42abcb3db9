package engine

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Name stickers (123.6): a word a player sticks onto an object they own,
// added to its name by a text-changing effect.

// NameSticker is a name sticker on an object.
type NameSticker struct {
	Word string
	// After is how many words of the name came before it when it was
	// placed (123.6c).
	After     int
	Timestamp int
	// Announced is the name its object's controller announced as it was
	// placed (123.6b).
	Announced string
}

// nameWords splits a name into its words (123.6a): runs of non-space
// characters; a blank line such as "________" isn't one.
func nameWords(name string) []string {
	var out []string
	for _, w := range strings.Fields(name) {
		if strings.Trim(w, "_") != "" {
			out = append(out, w)
		}
	}
	return out
}

// withWord adds word to a name after its first n words, or at its end if it
// has fewer (123.6c); a nameless object's name becomes the word (123.6b).
func withWord(name, word string, n int) string {
	ws := nameWords(name)
	if n > len(ws) {
		n = len(ws)
	}
	return strings.Join(slices.Insert(slices.Clone(ws), n, word), " ")
}

// stickersApply adds an object's name stickers to its name c in layer 3
// (613.1c), in timestamp order with the other text-changing effects; n is
// the sticker.
func (lc *layerCtx) applySticker(c *Chars, st *NameSticker) string {
	if !lc.s.applies(registry.StickerName) {
		// Without 123.6c, the name is what was announced as the sticker
		// was placed (123.6b), whatever effects do to the words under it
		// or after it (stickerInstances puts it last).
		c.Name = st.Announced
		return c.Name
	}
	c.Name = withWord(c.Name, st.Word, st.After)
	return c.Name
}

// stickerInstances are the layer-3 effects of the name stickers on
// objects.
func (lc *layerCtx) stickerInstances() []*instance {
	var out []*instance
	// 123.6c: each applies in timestamp order with the other
	// text-changing effects; without that rule nothing orders a sticker
	// among them, and the name it announced stands over them.
	inOrder := lc.s.applies(registry.StickerName)
	for _, o := range lc.objs {
		for i := range o.Stickers {
			ts := o.Stickers[i].Timestamp
			if !inOrder {
				ts = math.MaxInt
			}
			out = append(out, &instance{key: fmt.Sprintf("n%d/%d", o.ID, i), spec: stickerSpec, src: o, ctrl: o.Owner,
				ts: ts, fixed: []cardtext.ObjectID{o.ID}, name: "a name sticker", sticker: &o.Stickers[i]})
		}
	}
	return out
}

var stickerSpec = &cardtext.ContSpec{Affects: cardtext.ORef{Kind: cardtext.RefSelf}}

// putNameSticker puts one of player p's name stickers on each object the
// instruction names (123.3): one they own (123.3b) and no sticker already on
// an object they own; the object's controller chooses where its word goes
// and announces the new name (123.6b).
func (x *execCtx) putNameSticker(in *cardtext.Instr) (bool, error) {
	t := x.t
	p := x.ctrl
	for _, o := range x.whats(in) {
		if o.Owner != p {
			continue // 123.3b
		}
		var free []string
		for _, w := range t.s.Players[p].NameStickers {
			if !t.stickerUsed(p, w) {
				free = append(free, w)
			}
		}
		if len(free) == 0 {
			continue
		}
		word := free[0]
		if len(free) > 1 {
			ans, err := t.ask(&Choice{Player: p, Key: registry.Resolve, Words: free, Prompt: "choose a name sticker to put on " + o.Label})
			if err != nil {
				return false, err
			}
			word = ans.word
		}
		name := t.chars(o).Name
		after := len(nameWords(name))
		if t.applies(registry.StickerPlace) {
			var names []string
			for i := 0; i <= len(nameWords(name)); i++ {
				names = append(names, withWord(name, word, i))
			}
			ctrl := t.chars(o).Controller
			ans, err := t.ask(&Choice{Player: ctrl, Key: registry.StickerPlace, Words: names,
				Prompt: fmt.Sprintf("where the word %q goes in %s's name: announce its new name", word, o.Label)})
			if err != nil {
				return false, err
			}
			after = slices.Index(names, ans.word)
		}
		seq := t.s.tick()
		o.Stickers = append(slices.Clip(o.Stickers), NameSticker{Word: word, After: after, Timestamp: seq, Announced: withWord(name, word, after)})
		t.dirty()
		t.emit(Event{Kind: EvRule, Key: registry.StickerPlace, Object: o.Label, ObjectID: o.ID, Player: t.name(p),
			Text: fmt.Sprintf("%s puts a name sticker %q on %s; its name is now %s", t.name(p), word, o.Label, withWord(name, word, after))})
	}
	return true, nil
}

// stickerUsed reports whether player p's name sticker with word w is on an
// object they own (123.3: only a sticker not on one may be put on another).
func (t *tx) stickerUsed(p PlayerID, w string) bool {
	for _, o := range t.s.Objects {
		if o.Owner == p && slices.ContainsFunc(o.Stickers, func(s NameSticker) bool { return s.Word == w }) {
			return true
		}
	}
	return false
}
