package rules

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"unsafe"
	"weak"
)

// Compact makes e share what it has in common with the editions loaded
// before it in this process, and lets go of everything its parse left
// behind. Load calls it on every edition it returns.
//
// Most of the rules read the same from one edition to the next: of the
// 202,000 paragraphs of the 73 official editions since 2003, 17,000 differ.
// So every paragraph list (a rule's body, a glossary definition, a topic)
// is replaced by the canonical copy of a list that reads the same, spans
// included (spans say what they cite, not where it is in one edition), and
// every other string by its canonical copy (intern). New lists are
// copied out of the parser's and linker's arenas, so no stray slice keeps a
// whole decoded file or arena alive.
//
// Afterwards e's paragraphs may be shared with other editions: nothing may
// change them. Their positions (Block.Pos) are cleared, since one list
// stands for paragraphs of many files; Ref.Line keeps each reference's.
// Canonical lists are held weakly, so replacing a library frees the lists
// no remaining edition uses; strings are held for good (intern).
func Compact(e *Edition) {
	if e == nil {
		return
	}
	// Each Ref's Text moves to the shared copy of its paragraph.
	moved := make(map[*Text]*Text, len(e.Refs))
	for _, r := range e.Refs {
		moved[r.Text] = nil
	}
	share := func(bs []Block) []Block {
		out := shareBlocks(bs)
		for i := range bs {
			if _, ok := moved[&bs[i].Text]; ok {
				moved[&bs[i].Text] = &out[i].Text
			}
		}
		return out
	}
	e.Title = intern(e.Title)
	e.Intro = share(e.Intro)
	e.Credits = share(e.Credits)
	for _, s := range e.Sections {
		s.Title = intern(s.Title)
		s.Label = intern(s.Label)
	}
	e.Walk(func(r *Rule) bool {
		r.Title = intern(r.Title)
		r.Label = intern(r.Label)
		r.Body = share(r.Body)
		return true
	})
	for _, g := range e.Glossary {
		for i, t := range g.Terms {
			g.Terms[i] = intern(t)
		}
		g.Slug = intern(g.Slug)
		g.Label = intern(g.Label)
		g.Body = share(g.Body)
	}
	for _, t := range e.Topics {
		t.Slug = intern(t.Slug)
		t.Title = intern(t.Title)
		t.Body = share(t.Body)
	}
	for _, r := range e.Refs {
		if t := moved[r.Text]; t != nil {
			r.Text = t
		}
	}
	for i := range e.Diagnostics {
		e.Diagnostics[i].Message = intern(e.Diagnostics[i].Message)
	}
	if t := e.Truncated; t != nil {
		t.Last, t.Dropped = intern(t.Last), intern(t.Dropped)
	}
}

// bodies holds the canonical paragraph lists by hash. A list is held by a
// weak pointer to its first block: once no edition uses it, it goes.
var bodies = struct {
	sync.Mutex
	seed maphash.Seed
	m    map[uint64][]weakBody
}{seed: maphash.MakeSeed(), m: map[uint64][]weakBody{}}

type weakBody struct {
	first weak.Pointer[Block]
	n     int
}

// shareBlocks returns the canonical list that reads like bs (ignoring
// positions), making a compact copy of bs canonical if there is none.
func shareBlocks(bs []Block) []Block {
	if len(bs) == 0 {
		return nil
	}
	h := hashBlocks(bs)
	bodies.Lock()
	defer bodies.Unlock()
	live := bodies.m[h][:0]
	var found []Block
	for _, w := range bodies.m[h] {
		p := w.first.Value()
		if p == nil {
			continue // no edition uses it any more
		}
		live = append(live, w)
		// The list is alive as long as its first block is: they are one
		// allocation.
		if c := unsafe.Slice(p, w.n); found == nil && sameBlocks(c, bs) {
			found = c
		}
	}
	if found == nil {
		found = make([]Block, len(bs))
		for i, b := range bs {
			found[i] = Block{Kind: b.Kind, Sense: b.Sense, Text: Text{S: intern(b.Text.S), Spans: slices.Clip(slices.Clone(b.Text.Spans))}}
			for j, sp := range found[i].Text.Spans {
				found[i].Text.Spans[j].Target = intern(sp.Target)
			}
		}
		live = append(live, weakBody{weak.Make(&found[0]), len(found)})
	}
	if len(live) == 0 {
		delete(bodies.m, h)
	} else {
		bodies.m[h] = live
	}
	return found
}

func hashBlocks(bs []Block) uint64 {
	var h maphash.Hash
	h.SetSeed(bodies.seed)
	for _, b := range bs {
		maphash.WriteComparable(&h, b.Kind)
		maphash.WriteComparable(&h, b.Sense)
		h.WriteString(b.Text.S)
		for _, sp := range b.Text.Spans {
			maphash.WriteComparable(&h, sp)
		}
		h.WriteByte(0)
	}
	return h.Sum64()
}

// sameBlocks reports whether a and b read the same, positions aside.
func sameBlocks(a, b []Block) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || a[i].Sense != b[i].Sense || a[i].Text.S != b[i].Text.S || !slices.Equal(a[i].Text.Spans, b[i].Text.Spans) {
			return false
		}
	}
	return true
}

// strs holds the canonical copy of every string Compact has seen. It holds
// them for good: unique.Make(s).Value() would hold one only while a Handle
// to it lives, so text interned before a garbage collection would not be
// shared with text interned after it. The official editions, which are
// most of the text, are never let go anyway; a user's edition read again
// on a reload adds only what it changed.
var strs = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

func intern(s string) string {
	if s == "" {
		return ""
	}
	strs.Lock()
	defer strs.Unlock()
	if c, ok := strs.m[s]; ok {
		return c
	}
	c := strings.Clone(s)
	strs.m[c] = c
	return c
}
