package rules

// Counts sums up what an edition holds, as `arbiter check` reports it.
type Counts struct {
	Sections int // sections (1–9)
	Numbered int // chapters + rules + subrules
	Topics   int // prose topics (the Classic edition)
	Examples int // examples in rules and topics (a glossary definition's are not counted)
	Glossary int // glossary entries
	Refs     int // references, resolved or not
	Dangling int // references to what the edition lacks
}

// Counts counts e's parts. A prose edition has no numbered rules: its
// topics and their examples are what it holds.
func (e *Edition) Counts() Counts {
	c := Counts{Sections: len(e.Sections), Glossary: len(e.Glossary), Refs: len(e.Refs), Dangling: len(e.Dangling)}
	examples := func(body []Block) {
		for _, b := range body {
			if b.Kind == BlockExample {
				c.Examples++
			}
		}
	}
	e.Walk(func(r *Rule) bool {
		c.Numbered++
		examples(r.Body)
		return true
	})
	for _, t := range e.Topics {
		if t != nil {
			c.Topics++
			examples(t.Body)
		}
	}
	return c
}
