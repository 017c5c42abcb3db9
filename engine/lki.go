package engine

import "github.com/arbiter-rules/arbiter/engine/cardtext"

// Snapshot is an object as it last existed in a zone: its status and its
// characteristics then (608.2h, "last known information"). An ability
// whose source has left the battlefield uses it; so do abilities that
// trigger on leaving the battlefield (603.10).
type Snapshot struct {
	ID    cardtext.ObjectID
	Obj   Object
	Chars Chars
	// Copiable are its copiable values then (707.2), for "becomes a copy
	// of the sacrificed creature".
	Copiable *cardtext.Card
}

// maxLKI bounds how many snapshots a state keeps; a scenario needs a few.
const maxLKI = 256

// remember records o's last known information before it changes zones.
func (t *tx) remember(o *Object) {
	snap, ok := t.sbaLKI[o.ID]
	if !ok {
		snap = Snapshot{ID: o.ID, Obj: *o, Chars: *t.chars(o), Copiable: t.copiable(o)}
	}
	if len(t.s.LKI) >= maxLKI {
		t.s.LKI = append(t.s.LKI[:0:0], t.s.LKI[len(t.s.LKI)-maxLKI/2:]...)
	}
	t.s.LKI = append(t.s.LKI, &snap)
}

// LastKnown returns the last known information of an object that has left
// its zone, or nil.
func (s *State) LastKnown(id cardtext.ObjectID) *Snapshot {
	for i := len(s.LKI) - 1; i >= 0; i-- {
		if s.LKI[i].ID == id {
			return s.LKI[i]
		}
	}
	return nil
}

// snapshotOf is an object's information now, or its last known information
// if it has left its zone (608.2h).
func (t *tx) snapshotOf(id cardtext.ObjectID) *Snapshot {
	if o := t.s.Object(id); o != nil {
		return &Snapshot{ID: o.ID, Obj: *o, Chars: *t.chars(o), Copiable: t.copiable(o)}
	}
	return t.s.LastKnown(id)
}
