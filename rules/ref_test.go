package rules

import (
	"sync"
	"testing"
	"unique"
	"unsafe"
)

// TestCiteCache checks that the cached handles are unique.Make's, for
// cites the cache keys and cites it does not, from goroutines racing to
// add the same ones, and that the cache stops growing at its bound.
func TestCiteCache(t *testing.T) {
	cc := new(citeCache)
	var cites []Cite
	for ch := uint16(100); ch < 1000; ch += 7 {
		for r := uint16(1); r < 40; r += 3 {
			cites = append(cites, Cite{Kind: RefRule, Number: Number{Chapter: ch, Rule: r}},
				Cite{Kind: RefRule, Number: Number{Chapter: ch, Rule: r, Sub: 'k'}})
		}
	}
	for s := range 12 {
		cites = append(cites, Cite{Kind: RefSection, Section: s})
	}
	cites = append(cites,
		Cite{Kind: RefRange, Number: Number{Chapter: 903, Rule: 6}, Last: Number{Chapter: 903, Rule: 11}},
		Cite{Kind: RefGlossary, Term: "Banding"},
		Cite{Kind: RefRule, Doc: DocMTR, Number: Number{Chapter: 2, Rule: 3}},
		Cite{Kind: RefRule, Number: Number{Chapter: 2, Rule: 3}})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, c := range cites {
				if got := cc.handle(c); got != unique.Make(c) {
					t.Errorf("handle(%+v) is not unique.Make's", c)
				}
			}
		})
	}
	wg.Wait()
	if n := int(cc.n.Load()); n != len(cites)-3 {
		t.Errorf("the cache holds %d handles, want %d (every rule and section cited)", n, len(cites)-3)
	}
	// Past its bound the cache is full, not wrong.
	for ch := uint16(1000); cc.n.Load() < maxCiteHandles; ch++ {
		for r := uint16(1); r < 100; r++ {
			cc.handle(Cite{Kind: RefRule, Number: Number{Chapter: ch, Rule: r}})
		}
	}
	for r := uint16(1); r < 100; r++ {
		if c := (Cite{Kind: RefRule, Number: Number{Chapter: 999, Rule: r, Sub: 'a'}}); cc.handle(c) != unique.Make(c) {
			t.Fatalf("handle(%+v) of a full cache is not unique.Make's", c)
		}
	}
	if n := cc.n.Load(); n != maxCiteHandles {
		t.Errorf("the cache holds %d handles, want its bound %d", n, maxCiteHandles)
	}
	for _, c := range cites {
		if cc.handle(c) != unique.Make(c) {
			t.Errorf("handle(%+v) changed once the cache filled", c)
		}
	}
}

// TestRefFrom checks that a Ref gives back the entry it was written in,
// whichever kind, and that it stays 40 bytes (issue 23: 160,000 of them
// are served).
func TestRefFrom(t *testing.T) {
	r, g, tp := &Rule{Number: Number{Chapter: 100, Rule: 1}}, &GlossaryEntry{Slug: "x"}, &Topic{Slug: "y"}
	for _, from := range []Citer{{Rule: r}, {Entry: g}, {Topic: tp}, {}} {
		ref := NewRef(Cite{Kind: RefRule, Number: Number{Chapter: 100, Rule: 2}}, from, nil, 3, 9)
		if got := ref.From(); got != from {
			t.Errorf("From() = %+v, want %+v", got, from)
		}
		if ref.Start != 3 || ref.End != 9 || ref.Cited().Number != (Number{Chapter: 100, Rule: 2}) {
			t.Errorf("NewRef lost its span or cite: %+v", ref)
		}
	}
	if n := unsafe.Sizeof(Ref{}); n != 40 {
		t.Errorf("a Ref is %d bytes, want 40", n)
	}
}
