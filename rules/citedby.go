package rules

import "slices"

// citations are an edition's backlinks: its references grouped by the
// entry they resolve to, one list after another in one array. They are
// the edition's, not fields of each entry: most entries are cited by
// nothing, and a list's slice in each of the 330,000 rules, glossary
// entries and topics of the editions served took 8 MiB where the offsets
// take 1.3.
type citations struct {
	refs []*Ref
	// at[i] is where list i starts in refs, and at[i+1] where it ends:
	// the numbered entries first, in document order (index.order), then
	// the glossary's entries, then the topics.
	at           []int32
	rules, terms int32 // how many numbered entries and glossary entries were listed
}

// CitedBy lists the references elsewhere in e that resolve to c's entry
// (a numbered entry, glossary entry or topic of e), in document order.
// Link fills it in; an edition whose references were made some other way
// needs Backlink.
func (e *Edition) CitedBy(c Citer) []*Ref {
	cs := &e.cited
	if len(cs.at) == 0 {
		return nil
	}
	i := -1
	switch {
	case c.Rule != nil:
		if i = e.ix().position(c.Rule); i >= int(cs.rules) {
			i = -1
		}
	case c.Entry != nil:
		if i = slices.Index(e.Glossary, c.Entry); i >= int(cs.terms) {
			i = -1
		}
		if i >= 0 {
			i += int(cs.rules)
		}
	case c.Topic != nil:
		if i = slices.Index(e.Topics, c.Topic); i >= 0 {
			i += int(cs.rules + cs.terms)
		}
	}
	if i < 0 || i+1 >= len(cs.at) {
		return nil
	}
	start, end := cs.at[i], cs.at[i+1]
	if start == end {
		return nil
	}
	return cs.refs[start:end:end]
}

// Backlink lists each of e.Refs that resolves in e as a citation of
// what it names (CitedBy), as Link does as it makes the references, for
// code that makes them by hand: a range cites every entry it covers.
// Like Reindex, it is called once the tree is complete.
func (e *Edition) Backlink() {
	ix := e.ix()
	nr, ng := int32(len(ix.order)), int32(len(e.Glossary))
	own := e.Document()
	type citation struct {
		ref    *Ref
		target int32
	}
	var cites []citation
	at := make([]int32, int(nr+ng)+len(e.Topics)+1)
	cite := func(r *Ref, i int) {
		if i >= 0 {
			cites = append(cites, citation{r, int32(i)})
			at[i+1]++
		}
	}
	for _, r := range e.Refs {
		c := r.Cited()
		if !r.Resolved || c.Doc != 0 && c.Doc != own {
			continue
		}
		if c.Kind == RefRange {
			for _, n := range c.Numbers() {
				cite(r, ix.first(n))
			}
			continue
		}
		switch t, _ := e.Resolve(c); {
		case t.Rule != nil:
			cite(r, ix.position(t.Rule))
		case t.Entry != nil:
			if i := slices.Index(e.Glossary, t.Entry); i >= 0 {
				cite(r, int(nr)+i)
			}
		case t.Topic != nil:
			if i := slices.Index(e.Topics, t.Topic); i >= 0 {
				cite(r, int(nr+ng)+i)
			}
		}
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	refs := make([]*Ref, len(cites))
	next := slices.Clone(at)
	for _, c := range cites {
		refs[next[c.target]] = c.ref
		next[c.target]++
	}
	e.cited = citations{refs: refs, at: at, rules: nr, terms: ng}
}
