package rules

import (
	"sync/atomic"
	"unique"
	"unsafe"
)

// RefKind is what a cross-reference points at.
type RefKind uint8

const (
	RefRule     RefKind = iota + 1 // "rule 704.5k", "rules 613.2, 707.2, and 707.3" (one Ref per number), "see 420.5e"
	RefRange                       // "rules 903.6–903.11", "103.2a–e": Number through Last
	RefSection                     // "section 8"
	RefGlossary                    // "See Mana Burn." / "See also X." / RST :term:`X`: Term
	RefLabel                       // RST :ref:`label` or :ref:`Title <label>`: Label
	RefTopic                       // a prose edition's topic: Label is its slug
	RefDocument                    // another document as a whole ("the Magic Tournament Rules"): Doc
)

// Cite is what a cross-reference names, as written: the same value in
// every edition, so a paragraph's spans can be shared between editions
// (Span.Cite holds it canonicalized). Edition.Resolve finds it in one
// edition.
type Cite struct {
	Kind RefKind
	// Doc is the document cited when it is not the citing edition's own:
	// "MTR section 4.2" from the IPG, "rule 704" from the MTR. The edition
	// of Doc in force on the citing edition's date is the one that holds
	// the target.
	Doc     Doc
	Number  Number // RefRule, RefRange: the (first) number cited
	Last    Number // RefRange: the last number, inclusive
	Section int    // RefSection
	Term    string // RefGlossary: the term as written
	Label   string // RefLabel, RefTopic
	// Shown is a RefLabel's text as the source shows it, when that differs
	// from Label: Sphinx resolves a :ref: by either.
	Shown string
	// Bare marks a RefLabel written with no title of its own (:ref:`label`),
	// which shows the title of what it names.
	Bare bool
}

// Ref is one cross-reference of an edition: what it cites and where it is
// written. Link makes one for every SpanRef span of the edition's text and
// lists it as a backlink of what it resolves to (Edition.Resolve).
//
// The editions served hold some 160,000 of them, so a Ref is 40 bytes: the
// entry it is written in (From) is one pointer and a byte saying what it
// points at, where a Citer of three pointers took 24 bytes of the 56
// (issue 23).
type Ref struct {
	Cite unique.Handle[Cite] // what it names, as its span says

	Text *Text // the paragraph holding it (shared by entries reading alike)
	// from is the entry whose text holds the reference: a *Rule,
	// *GlossaryEntry or *Topic as fromKind says (From).
	from unsafe.Pointer
	// Start and End are the reference's byte span in Text.S.
	Start, End int32
	// Line is the paragraph's line in the file From was read from.
	Line int32
	// Resolved is set by Link. A Ref that names nothing in its edition is
	// listed in Edition.Dangling.
	Resolved bool
	fromKind citerKind
}

// citerKind says which field of a Citer a Ref's from stands for.
type citerKind uint8

const (
	citerNone citerKind = iota
	citerRule
	citerEntry
	citerTopic
)

// NewRef is a reference to c written in the entry from, at s[start:end]
// of paragraph t, for code that makes references by hand; Link makes its
// own.
func NewRef(c Cite, from Citer, t *Text, start, end int32) *Ref {
	r := &Ref{Cite: citeHandle(c), Text: t, Start: start, End: end}
	r.SetFrom(from)
	return r
}

// From is the entry whose text holds the reference.
func (r *Ref) From() Citer {
	switch r.fromKind {
	case citerRule:
		return Citer{Rule: (*Rule)(r.from)}
	case citerEntry:
		return Citer{Entry: (*GlossaryEntry)(r.from)}
	case citerTopic:
		return Citer{Topic: (*Topic)(r.from)}
	}
	return Citer{}
}

// SetFrom says which entry's text holds the reference: the first field
// of c that is set (a Citer has one).
func (r *Ref) SetFrom(c Citer) {
	switch {
	case c.Rule != nil:
		r.from, r.fromKind = unsafe.Pointer(c.Rule), citerRule
	case c.Entry != nil:
		r.from, r.fromKind = unsafe.Pointer(c.Entry), citerEntry
	case c.Topic != nil:
		r.from, r.fromKind = unsafe.Pointer(c.Topic), citerTopic
	default:
		r.from, r.fromKind = nil, citerNone
	}
}

// Cited is what r names.
func (r *Ref) Cited() Cite { return r.Cite.Value() }

// Target is what a reference resolves to in one edition: at most one field
// is set.
type Target struct {
	Rule  *Rule          // RefRule, RefRange (the first), RefLabel to a rule
	Sect  *Section       // RefSection, RefLabel to a section
	Entry *GlossaryEntry // RefGlossary, RefLabel to a glossary entry
	Topic *Topic         // RefTopic, RefLabel to a topic
	// Edition is set when the target is in another document: the edition
	// of it in force on the citing edition's date (Shelf.InForce), which
	// holds the field set above, or alone for RefDocument.
	Edition *Edition
}

// Found reports whether t names anything.
func (t Target) Found() bool {
	return t.Rule != nil || t.Sect != nil || t.Entry != nil || t.Topic != nil || t.Edition != nil
}

// Citer is the entry a reference is written in. Exactly one field is set.
type Citer struct {
	Rule  *Rule
	Entry *GlossaryEntry
	Topic *Topic
}

// Numbers expands a rule or range reference to the numbers it names, in
// order: "903.6–903.11" gives 903.6, 903.7, …, 903.11 and "103.2a–e" gives
// 103.2a … 103.2e (skipping l and o). A range whose ends are at different
// levels or out of order yields just its first number. Other kinds yield nil.
func (r Cite) Numbers() []Number {
	switch r.Kind {
	case RefRule:
		return []Number{r.Number}
	case RefRange:
		out := []Number{r.Number}
		if r.Number.Level() != r.Last.Level() || r.Number.Parent() != r.Last.Parent() {
			return out
		}
		for n := r.Number; n.Compare(r.Last) < 0 && len(out) < maxRange; {
			var ok bool
			if n, ok = n.Next(); !ok {
				break
			}
			out = append(out, n)
		}
		return out
	}
	return nil
}

// maxRange bounds range expansion so a typo like "100.1–100.9999" stays cheap.
const maxRange = 100

// citeHandles caches unique.Make of the cites Link finds most, a rule or
// a section: making a handle hashes the whole Cite, strings and all, and
// walks unique's concurrent map, which took a fifth of Link's scan of a CR
// (about 2,000 cites of 840 numbers). The 128 official editions cite 1,300
// distinct rules and sections between them, so the cache is held for
// good, up to maxCiteHandles (a user's files could cite more, which are
// then made each time).
//
// It is an open-addressing table by citeKey whose slots are written once:
// a lookup takes no lock. Behind a read-write mutex, Link's two scanning
// goroutines waited on each other's updates of its reader count, and the
// lookups took as long as the rest of reading the references.
var citeHandles citeCache

type citeCache struct {
	slots [citeSlots]atomic.Pointer[citeEntry]
	n     atomic.Int32 // slots filled
}

type citeEntry struct {
	key uint64 // citeKey
	h   unique.Handle[Cite]
}

const (
	citeBits       = 14
	citeSlots      = 1 << citeBits
	maxCiteHandles = citeSlots / 2 // so that a lookup always meets an empty slot
)

// citeKey packs a RefRule's number or a RefSection's section into a map key,
// or reports that c is neither (a range, a term or a label, or a number
// with text beside it).
func citeKey(c Cite) (uint64, bool) {
	if c.Term != "" || c.Label != "" || c.Shown != "" || c.Bare || c.Last != (Number{}) || c.Doc != 0 {
		return 0, false
	}
	switch {
	case c.Kind == RefRule && c.Section == 0:
		return 1<<62 | uint64(c.Number.Chapter)<<24 | uint64(c.Number.Rule)<<8 | uint64(c.Number.Sub), true
	case c.Kind == RefSection && c.Number == (Number{}) && c.Section >= 0 && c.Section < 1<<31:
		return 2<<62 | uint64(c.Section), true
	}
	return 0, false
}

// citeHandle is unique.Make(c), from citeHandles when c cites a rule or a
// section alone.
func citeHandle(c Cite) unique.Handle[Cite] { return citeHandles.handle(c) }

func (cc *citeCache) handle(c Cite) unique.Handle[Cite] {
	k, ok := citeKey(c)
	if !ok {
		return unique.Make(c)
	}
	i := spread(k) >> (64 - citeBits)
	for ; ; i = (i + 1) % citeSlots {
		e := cc.slots[i].Load()
		if e == nil {
			break
		}
		if e.key == k {
			return e.h
		}
	}
	h := unique.Make(c)
	if cc.n.Load() >= maxCiteHandles {
		return h
	}
	// Goroutines adding the same key probe the same slots from the same
	// start, each slot written once: the first to fill an empty one wins,
	// and the others meet its entry there.
	add := &citeEntry{k, h}
	for ; ; i = (i + 1) % citeSlots {
		if cc.slots[i].CompareAndSwap(nil, add) {
			cc.n.Add(1)
			return h
		}
		if e := cc.slots[i].Load(); e.key == k {
			return e.h
		}
	}
}
