package rules

import (
	"slices"
	"sync"
	"time"
)

// Shelf is every document's library at one time. A reference from one
// document to another (the IPG's "MTR section 4.3", the MTR's "rule 704")
// resolves on the shelf to the edition of the cited document in force on
// the citing edition's date, and each entry lists who cites it from every
// document (CitedFrom).
type Shelf struct {
	libs [DocJAR + 1]*Library

	crossOnce sync.Once
	cross     map[any][]CrossRef // *Rule, *Topic, *Section or *Edition → references to it from other documents
}

// CrossRef is a reference written in another document's edition.
type CrossRef struct {
	Edition *Edition // the citing edition
	Ref     *Ref
}

// NewShelf puts libs, each the library of one document, on a shelf, and
// makes the shelf the one their editions resolve references to other
// documents on. An edition on several shelves (a reload keeps the
// embedded editions) resolves on the newest.
func NewShelf(libs ...*Library) *Shelf {
	s := &Shelf{}
	for _, l := range libs {
		if l == nil || len(l.Editions) == 0 {
			continue
		}
		d := l.Editions[0].Document()
		s.libs[d] = l
		for _, e := range l.Editions {
			e.shelf.Store(s)
		}
	}
	return s
}

// Library is document d's library, or nil.
func (s *Shelf) Library(d Doc) *Library {
	if s == nil || !d.known() {
		return nil
	}
	return s.libs[d]
}

// InForce is the edition of d in force on day t: the newest whole edition
// effective on or before it. A zero t is today: the newest. It is nil when
// d has no edition by then.
func (s *Shelf) InForce(d Doc, t time.Time) *Edition {
	l := s.Library(d)
	if l == nil {
		return nil
	}
	for _, e := range l.Editions { // newest first
		if !inForceCandidate(e) {
			continue
		}
		if t.IsZero() || !e.Effective.After(t) {
			return e
		}
	}
	return nil
}

// inForceCandidate reports whether e can stand for its document on a day:
// a whole edition with a date (not an excerpt, nor the CR's prose pages).
func inForceCandidate(e *Edition) bool {
	if e.Effective.IsZero() || e.Kind == KindExcerpt {
		return false
	}
	return e.Kind != KindProse || e.Document() != DocCR
}

// InForce is the edition of d in force on e's date, on e's shelf; nil off
// a shelf.
func (e *Edition) InForce(d Doc) *Edition {
	return e.shelf.Load().InForce(d, e.Effective)
}

// resolveElsewhere resolves a reference to another document in the edition
// of it in force on e's date.
func (e *Edition) resolveElsewhere(c Cite) (Target, bool) {
	o := e.InForce(c.Doc)
	if o == nil {
		return Target{}, false
	}
	if c.Kind == RefDocument {
		return Target{Edition: o}, true
	}
	c.Doc = 0
	t, ok := o.Resolve(c)
	t.Edition = o
	return t, ok
}

// CitedFrom lists the references other documents make to target (a *Rule,
// *Topic or *Section of edition e, or e itself for references to the
// document as a whole), from their editions in force at some time while e
// was: the IPG of 2024-09-23 cites the CR's rule 704 of every CR in force
// since. Each reference is looked up by what it cites, in e.
func (s *Shelf) CitedFrom(e *Edition, target any) []CrossRef {
	if s == nil {
		return nil
	}
	s.crossOnce.Do(s.buildCross)
	if target == nil {
		target = e
	}
	return s.cross[target]
}

// span is the time an edition is in force: from its date until the next
// whole edition's (end zero: still in force).
type span struct {
	e          *Edition
	start, end time.Time
}

// spans lists d's editions that stand for it on some day, oldest first,
// each with the time it was in force.
func (s *Shelf) spans(d Doc) []span {
	l := s.Library(d)
	if l == nil {
		return nil
	}
	var out []span
	for _, e := range slices.Backward(l.Editions) {
		if !inForceCandidate(e) {
			continue
		}
		if n := len(out); n > 0 {
			if out[n-1].start.Equal(e.Effective) {
				continue // a second text of one date: the first stands
			}
			out[n-1].end = e.Effective
		}
		out = append(out, span{e: e, start: e.Effective})
	}
	return out
}

func (a span) overlaps(b span) bool {
	return (a.end.IsZero() || b.start.Before(a.end)) && (b.end.IsZero() || a.start.Before(b.end))
}

func (s *Shelf) buildCross() {
	s.cross = map[any][]CrossRef{}
	all := map[Doc][]span{}
	for _, d := range Docs {
		all[d] = s.spans(d)
	}
	for _, from := range Docs {
		for _, x := range all[from] {
			for _, ref := range x.e.Refs {
				c := ref.Cited()
				if c.Doc == 0 || c.Doc == from {
					continue
				}
				for _, y := range all[c.Doc] {
					if !x.overlaps(y) {
						continue
					}
					key := any(y.e)
					if c.Kind != RefDocument {
						c.Doc = 0
						t, ok := y.e.Resolve(c)
						if !ok {
							continue
						}
						switch {
						case t.Rule != nil:
							key = t.Rule
						case t.Topic != nil:
							key = t.Topic
						case t.Sect != nil:
							key = t.Sect
						default:
							continue
						}
					}
					s.cross[key] = append(s.cross[key], CrossRef{Edition: x.e, Ref: ref})
				}
			}
		}
	}
}
