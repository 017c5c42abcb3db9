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
// every other string by its canonical copy (intern), and a glossary
// entry's list of terms by the canonical list (internTerms). New lists are
// copied out of the parser's and linker's arenas, so no stray slice keeps a
// whole decoded file or arena alive.
//
// Afterwards e's paragraphs may be shared with other editions: nothing may
// change them. Their positions (Block.Pos) are cleared, since one list
// stands for paragraphs of many files; Ref.Line keeps each reference's.
// Canonical lists are held weakly, so replacing a library frees the lists
// no remaining edition uses (by the chunk: shareBlocks); strings are held
// for good (intern).
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
		if t := r.Title(); t != "" {
			r.head = keepHead(r.Section(), intern(t))
		}
		r.Body = share(r.Body)
		return true
	})
	for _, g := range e.Glossary {
		g.Terms = internTerms(g.Terms)
		g.Slug = intern(g.Slug)
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
//
// New lists, and their spans, are carved out of chunks (carve): made one by
// one while a parse leaves garbage of every size behind, they would be
// scattered among it, each holding a span of the heap that is otherwise
// empty once the garbage is collected. A chunk lives while any list in it
// is used: a user's edition's lists, replaced on a reload, free theirs once
// no list of the editions served is in it.
var bodies = struct {
	sync.Mutex
	seed   maphash.Seed
	m      map[uint64][]weakBody
	blocks []Block // the current chunks' free ends
	spans  []Span
}{seed: maphash.MakeSeed(), m: map[uint64][]weakBody{}}

// Chunk sizes, in elements: 32 KiB of blocks, 40 KiB of spans.
const (
	blockChunk = 32 << 10 / int(unsafe.Sizeof(Block{}))
	spanChunk  = 1 << 10
)

// carve returns n elements, zeroed, from the free end of *chunk, starting
// a new chunk of size elements when it has no room; a request above a
// quarter of a chunk is allocated alone. The slice returned has no room
// to grow into its neighbours.
func carve[T any](chunk *[]T, n, size int) []T {
	switch {
	case n == 0:
		return nil
	case n > size/4:
		return make([]T, n)
	case cap(*chunk)-len(*chunk) < n:
		*chunk = make([]T, 0, size)
	}
	at := len(*chunk)
	*chunk = (*chunk)[:at+n]
	return (*chunk)[at : at+n : at+n]
}

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
		// The list is alive as long as its first block is: they are in
		// one allocation, its chunk.
		if c := unsafe.Slice(p, w.n); found == nil && sameBlocks(c, bs) {
			found = c
		}
	}
	if found == nil {
		found = carve(&bodies.blocks, len(bs), blockChunk)
		for i, b := range bs {
			spans := carve(&bodies.spans, len(b.Text.Spans), spanChunk)
			copy(spans, b.Text.Spans)
			for j, sp := range spans {
				spans[j].Target = intern(sp.Target)
			}
			found[i] = Block{Kind: b.Kind, Sense: b.Sense, Text: Text{S: intern(b.Text.S), Spans: spans}}
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
//
// The copies are carved out of chunks, for the reason shareBlocks's lists
// are: a string copied on its own, among a parse's garbage, would keep a
// span of the heap from being given back.
var strs = struct {
	sync.Mutex
	m     map[string]string
	chunk []byte // the current chunk's free end
}{m: map[string]string{}}

// stringChunk is the size of the chunks strings are copied into.
const stringChunk = 64 << 10

func intern(s string) string {
	if s == "" {
		return ""
	}
	strs.Lock()
	defer strs.Unlock()
	if c, ok := strs.m[s]; ok {
		return c
	}
	b := carve(&strs.chunk, len(s), stringChunk)
	copy(b, s)
	c := unsafe.String(&b[0], len(b)) // b is never written again
	strs.m[c] = c
	return c
}

// termLists holds the canonical copy of every list of terms Compact has
// seen, by the terms joined with NULs: a glossary entry's terms read the
// same in most editions, and a list of its own for each of the 63,000
// entries of the editions served was as many small blocks among a
// parse's garbage. Held for good, as strs is.
var termLists = struct {
	sync.Mutex
	m     map[string][]string
	chunk []string
}{m: map[string][]string{}}

// internTerms returns the canonical copy of ts, its terms interned.
func internTerms(ts []string) []string {
	if len(ts) == 0 {
		return ts
	}
	key := ts[0]
	if len(ts) > 1 {
		key = strings.Join(ts, "\x00")
	}
	termLists.Lock()
	c, ok := termLists.m[key]
	termLists.Unlock()
	if ok {
		return c
	}
	c = make([]string, len(ts))
	for i, t := range ts {
		c[i] = intern(t)
	}
	termLists.Lock()
	defer termLists.Unlock()
	if d, ok := termLists.m[key]; ok {
		return d
	}
	k := carve(&termLists.chunk, len(c), 1024)
	copy(k, c)
	termLists.m[intern(key)] = k
	return k
}

// heads holds the titled entries' heads (Rule.head) Compact copies out of
// the parse, in chunks, for the reason shareBlocks's lists are: some
// 15,000 titles, each on its own among a parse's garbage, would keep spans
// of the heap from being given back.
var heads struct {
	sync.Mutex
	chunk []ruleHead
}

// keepHead is a head of s and title, carved out of a chunk.
func keepHead(s *Section, title string) *ruleHead {
	heads.Lock()
	defer heads.Unlock()
	h := &carve(&heads.chunk, 1, 1024)[0]
	h.section, h.title = s, title
	return h
}
