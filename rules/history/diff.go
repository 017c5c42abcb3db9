package history

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/rules"
)

// Kind is what a change is about.
type Kind uint8

const (
	Chapter Kind = iota // a chapter: its title
	Rule                // a rule or subrule: its text, without examples
	Example             // a printed example
	Term                // a glossary entry: its definition
	nKinds
)

var kindNames = [nKinds]string{"chapter", "rule", "example", "term"}

func (k Kind) String() string {
	if k < nKinds {
		return kindNames[k]
	}
	return "?"
}

// MarshalText writes a kind as "chapter", "rule", "example" or "term".
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads the form MarshalText writes.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, name := range kindNames {
		if string(b) == name {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("history: %q is not a kind (chapter, rule, example or term)", b)
}

// Op says what happened to an entry between two editions. Changed and
// Moved combine: a rule can be renumbered and reworded at once.
type Op uint8

const (
	Added   Op = 1 << iota // only in the newer edition
	Removed                // only in the older edition
	Changed                // what its text says differs (not only its wording: see Reworded, Recited)
	Moved                  // its number differs; an example now belongs to another rule; a term was renamed
	// Missing: only in one edition, because the other's source file is cut
	// short before it (rules.Edition.Truncated). Not a change to the rules.
	Missing
	// Reworded: its text differs in wording only: typography (punctuation,
	// spacing, capitals, the braces of a symbol) or, across the Magic 2010
	// update, the terms it renamed ("in play" became "on the battlefield").
	// Never with Changed.
	Reworded
	// Recited: the numbers it cites differ, each naming the entry the old
	// one named, renumbered ("rules 601.2e–g" became "rules 601.2f–h" as
	// 601.2e–g became 601.2f–h). Never with Changed.
	Recited
)

// Is reports whether o includes every flag of x.
func (o Op) Is(x Op) bool { return o&x == x }

// WordingOnly reports whether o is a difference of text that says the
// same: Reworded or Recited, and not Changed.
func (o Op) WordingOnly() bool { return o&(Reworded|Recited) != 0 && o&Changed == 0 }

// Text reports whether o is a difference of text: Changed, Reworded or
// Recited.
func (o Op) Text() bool { return o&(Changed|Reworded|Recited) != 0 }

func (o Op) String() string {
	switch o {
	case Added:
		return "added"
	case Removed:
		return "removed"
	case Changed:
		return "changed"
	case Moved:
		return "moved"
	case Changed | Moved:
		return "moved and changed"
	case Missing:
		return "missing"
	}
	if o.WordingOnly() && o&^(Reworded|Recited|Moved) == 0 {
		s := "wording only"
		if !o.Is(Reworded) {
			s = "citations renumbered"
		}
		if o.Is(Moved) {
			s = "moved, " + s
		}
		return s
	}
	return "unchanged"
}

// Change is one entry that differs between two editions.
type Change struct {
	Kind Kind
	Op   Op
	// Old and New are the entry in each edition (nil on the side it is
	// missing from): the chapter or rule itself, or for an example the rule
	// it belongs to.
	Old, New *rules.Rule
	// OldExample and NewExample place an example among its rule's
	// examples, from 0.
	OldExample, NewExample int
	// OldTerm and NewTerm are a glossary entry in each edition.
	OldTerm, NewTerm *rules.GlossaryEntry
	// OldText and NewText are what was compared: a chapter's title, a rule's
	// paragraphs, an example, a glossary definition (senses numbered).
	OldText, NewText string
	// Follows marks a rule that moved only because its parent did and kept
	// its place under it: 420.5 → 704.5 carries 420.5e → 704.5e.
	Follows bool
	// SplitFrom, for a rule Added, is the rule of the older edition whose
	// text it was cut from; MergedInto, for a rule Removed, the rule of the
	// newer edition its text was joined to (see Event). Only a diff of
	// neighbouring editions notes them.
	SplitFrom, MergedInto *rules.Rule
}

// Words is the word-level diff of the entry's text.
func (c *Change) Words() []Segment { return WordDiff(c.OldText, c.NewText) }

// Counts tallies one kind of change. Changed and Moved both count an entry
// that was renumbered and changed; WordingOnly and Moved, one renumbered
// whose wording alone changed.
type Counts struct {
	Added   int `json:"added"`
	Removed int `json:"removed"`
	Changed int `json:"changed"`
	Moved   int `json:"moved"`
	// Missing counts the entries one edition's file lacks because it is
	// cut short: they are in Diff.Missing, not in Diff.Changes.
	Missing int `json:"missing"`
	// WordingOnly counts the entries whose text differs in wording only,
	// or in cited numbers renumbered with what they cite (Op.WordingOnly):
	// not counted as Changed.
	WordingOnly int `json:"wording_only"`
}

// Total is the number of entries whose meaning or place differs (what is
// missing from a cut file does not differ: it is unknown; what differs in
// wording only, unless renumbered, is counted apart in WordingOnly).
func (c Counts) Total() int { return c.Added + c.Removed + c.Changed + c.Moved }

// Diff is everything that differs between two editions.
type Diff struct {
	From, To *rules.Edition
	// Changes in the order of the newer edition's rules: chapters, rules and
	// examples in rule order (what was removed where it stood), then the
	// glossary in order.
	Changes []Change
	// Missing are the entries one edition has and the other's source file
	// lacks because it is cut short (rules.Edition.Truncated), in the same
	// order; Op is Missing, and Old or New is set on the side that has
	// the entry. They are neither removed nor added.
	Missing []Change
	Counts  [nKinds]Counts // indexed by Kind
}

// Empty reports whether the editions differ in nothing compared.
func (d *Diff) Empty() bool { return len(d.Changes) == 0 }

// Moves lists the renumbered chapters and rules, leaving out those that
// only followed their parent.
func (d *Diff) Moves() []*Change {
	var out []*Change
	for i := range d.Changes {
		c := &d.Changes[i]
		if (c.Kind == Rule || c.Kind == Chapter) && c.Op.Is(Moved) && !c.Follows {
			out = append(out, c)
		}
	}
	return out
}

// order places a change in the newer edition's order: group 0 for rules,
// 1 for the glossary; at is the newer edition's entry it follows; phase 0 is
// the entry itself, 1 its examples, 2 what was removed after it.
type order struct {
	group, at, phase, old, sub int
}

func (o order) cmp(p order) int {
	return cmp.Or(cmp.Compare(o.group, p.group), cmp.Compare(o.at, p.at), cmp.Compare(o.phase, p.phase),
		cmp.Compare(o.old, p.old), cmp.Compare(o.sub, p.sub))
}

// diff lists what m's editions differ in.
func (m *Matching) diff() *Diff {
	a, b := m.a, m.b
	d := &Diff{From: a.e, To: b.e}
	var keys []order
	add := func(c Change, o order) {
		d.Changes = append(d.Changes, c)
		keys = append(keys, o)
		k := &d.Counts[c.Kind]
		switch {
		case c.Op == Missing:
			k.Missing++
		case c.Op == Added:
			k.Added++
		case c.Op == Removed:
			k.Removed++
		default:
			if c.Op.Is(Changed) {
				k.Changed++
			}
			if c.Op.WordingOnly() {
				k.WordingOnly++
			}
			if c.Op.Is(Moved) {
				k.Moved++
			}
		}
	}
	kindOf := func(p *prepared, i int) Kind {
		if p.isChapter(i) {
			return Chapter
		}
		return Rule
	}
	// anchor[i] is the newer entry that a's entry i, if removed, follows.
	anchor := make([]int, len(a.entries))
	last := -1
	for i, j := range m.entry {
		if j >= 0 {
			last = int(j)
		}
		anchor[i] = last
	}

	for j, i := range m.entryBack {
		nb := b.entries[j]
		if i < 0 {
			c := Change{Kind: kindOf(b, j), Op: addedOr(i), New: nb, NewText: b.text[j].Text()}
			if x, ok := m.splitFrom[int32(j)]; ok && c.Op == Added {
				c.SplitFrom = a.entries[x]
			}
			add(c, order{at: j})
		} else {
			na := a.entries[i]
			op := m.compare(a.text[i], b.text[j])
			if na.Number != nb.Number {
				op |= Moved
			}
			if op != 0 {
				c := Change{Kind: kindOf(b, j), Op: op, Old: na, New: nb, OldText: a.text[i].Text(), NewText: b.text[j].Text()}
				c.Follows = op.Is(Moved) && m.follows(int(i), j)
				add(c, order{at: j})
			}
		}
		lo, hi := b.examplesOf(j)
		for y := lo; y < hi; y++ {
			ex := b.examples[y]
			x := m.exampleBack[y]
			if x < 0 {
				add(Change{Kind: Example, Op: addedOr(x), New: nb, NewExample: int(ex.ord), NewText: ex.u.Text()}, order{at: j, phase: 1, sub: y})
				continue
			}
			old := a.examples[x]
			op := m.compare(old.u, ex.u)
			// Moved: its rule went elsewhere and it stayed, or it went to
			// another rule. An example whose rule was replaced at the same
			// number stays where the reader would look for it.
			if to := m.entry[old.owner]; to >= 0 && to != int32(j) || to < 0 && a.entries[old.owner].Number != nb.Number {
				op |= Moved
			}
			if op != 0 {
				add(Change{Kind: Example, Op: op, Old: a.entries[old.owner], OldExample: int(old.ord), New: nb, NewExample: int(ex.ord),
					OldText: old.u.Text(), NewText: ex.u.Text()}, order{at: j, phase: 1, sub: y})
			}
		}
	}
	for i, j := range m.entry {
		if j < 0 {
			c := Change{Kind: kindOf(a, i), Op: removedOr(j), Old: a.entries[i], OldText: a.text[i].Text()}
			if y, ok := m.mergedInto[int32(i)]; ok && c.Op == Removed {
				c.MergedInto = b.entries[y]
			}
			add(c, order{at: anchor[i], phase: 2, old: i, sub: -1})
		}
	}
	for x, y := range m.example {
		if y >= 0 {
			continue
		}
		ex := a.examples[x]
		c := Change{Kind: Example, Op: removedOr(y), Old: a.entries[ex.owner], OldExample: int(ex.ord), OldText: ex.u.Text()}
		if j := m.entry[ex.owner]; j >= 0 {
			add(c, order{at: int(j), phase: 1, old: 1, sub: x})
		} else {
			add(c, order{at: anchor[ex.owner], phase: 2, old: int(ex.owner), sub: x})
		}
	}

	last = -1
	for i, j := range m.term {
		if j >= 0 {
			last = int(j)
		}
		if j < 0 {
			add(Change{Kind: Term, Op: removedOr(j), OldTerm: a.e.Glossary[i], OldText: a.terms[i].Text()}, order{group: 1, at: last, phase: 2, old: i})
		}
	}
	for j, i := range m.termBack {
		gb := b.e.Glossary[j]
		if i < 0 {
			add(Change{Kind: Term, Op: addedOr(i), NewTerm: gb, NewText: b.terms[j].Text()}, order{group: 1, at: j})
			continue
		}
		ga := a.e.Glossary[i]
		op := m.compare(a.terms[i], b.terms[j])
		if ga.Term() != gb.Term() {
			op |= Moved
		}
		if op != 0 {
			add(Change{Kind: Term, Op: op, OldTerm: ga, NewTerm: gb, OldText: a.terms[i].Text(), NewText: b.terms[j].Text()}, order{group: 1, at: j})
		}
	}

	idx := make([]int, len(d.Changes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(x, y int) int { return keys[x].cmp(keys[y]) })
	sorted := make([]Change, 0, len(idx))
	for _, i := range idx {
		if c := d.Changes[i]; c.Op == Missing {
			d.Missing = append(d.Missing, c)
		} else {
			sorted = append(sorted, c)
		}
	}
	d.Changes = sorted
	return d
}

// addedOr is the Op of an entry of the newer edition with no partner
// (partner < 0): missing if the older edition's file is cut short before
// it, else added.
func addedOr(partner int32) Op {
	if partner == missing {
		return Missing
	}
	return Added
}

// removedOr is addedOr for an entry of the older edition.
func removedOr(partner int32) Op {
	if partner == missing {
		return Missing
	}
	return Removed
}

// follows reports whether a's entry i moved to b's entry j only because
// its parent moved: the parents are paired and the entry kept its place
// under it (the same subrule letter, or the same rule index).
func (m *Matching) follows(i, j int) bool {
	pa, pb := m.a.parent[i], m.b.parent[j]
	if pa < 0 || pb < 0 || m.entry[pa] != pb {
		return false
	}
	if m.a.entries[pa].Number == m.b.entries[pb].Number {
		return false
	}
	na, nb := m.a.entries[i].Number, m.b.entries[j].Number
	if na.Level() == rules.LevelSubrule {
		return na.Sub == nb.Sub
	}
	return na.Rule == nb.Rule
}
