package rules

// RefStats counts an edition's references and which of them resolve: to
// its own entries, and to the editions of other documents in force on its
// date (on the shelf it is on).
type RefStats struct {
	Own, OwnUnresolved     int
	Cross, CrossUnresolved int
	// Unresolved are the references that name nothing, in document order.
	Unresolved []*Ref
}

// Resolved is how many of all the references resolve.
func (s RefStats) Resolved() int { return s.Own - s.OwnUnresolved + s.Cross - s.CrossUnresolved }

// Total is how many references there are.
func (s RefStats) Total() int { return s.Own + s.Cross }

// CountRefs counts e's references (Link has found them; references to
// other documents resolve on e's shelf).
func (e *Edition) CountRefs() RefStats {
	var s RefStats
	own := e.Document()
	for _, r := range e.Refs {
		c := r.Cited()
		if c.Doc != 0 && c.Doc != own {
			s.Cross++
			if _, ok := e.Resolve(c); !ok {
				s.CrossUnresolved++
				s.Unresolved = append(s.Unresolved, r)
			}
			continue
		}
		s.Own++
		if !r.Resolved {
			s.OwnUnresolved++
			s.Unresolved = append(s.Unresolved, r)
		}
	}
	return s
}
