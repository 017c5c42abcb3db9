package scenario

import (
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// Library is a set of scenarios indexed by the examples they demonstrate. It
// is read-only once built.
type Library struct {
	Scenarios []*Scenario
	byExample map[string][]*Scenario // Normalize(example) → scenarios
	byName    map[string]*Scenario
	quotes    []quote
}

// quote is a scenario's quote: line, normalised.
type quote struct {
	text string
	sc   *Scenario
}

// NewLibrary indexes scenarios.
func NewLibrary(scs []*Scenario) *Library {
	l := &Library{Scenarios: scs, byExample: map[string][]*Scenario{}, byName: map[string]*Scenario{}}
	for _, sc := range scs {
		l.byName[sc.Name] = sc
		for _, e := range sc.Examples {
			n := Normalize(e)
			l.byExample[n] = append(l.byExample[n], sc)
		}
		for _, q := range sc.Quotes {
			l.quotes = append(l.quotes, quote{Normalize(q), sc})
		}
	}
	return l
}

// Bundled loads the scenarios embedded from content/scenarios.
func Bundled() (*Library, error) {
	scs, err := LoadFS(content.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	return NewLibrary(scs), nil
}

// ForExample returns the scenarios demonstrating a printed example, matched
// by its normalised text.
func (l *Library) ForExample(text string) []*Scenario { return l.byExample[Normalize(text)] }

// ForText returns the scenarios quoting a passage of this paragraph (a
// glossary definition, a rule, a classic-rules topic).
func (l *Library) ForText(paragraph string) []*Scenario {
	if len(l.quotes) == 0 {
		return nil
	}
	n := Normalize(paragraph)
	var out []*Scenario
	for _, q := range l.quotes {
		if strings.Contains(n, q.text) && !slices.Contains(out, q.sc) {
			out = append(out, q.sc)
		}
	}
	return out
}

// HasScenario reports whether a printed example has a scenario; it is what
// the web app's rule pages ask.
func (l *Library) HasScenario(example rules.Text) bool { return len(l.ForExample(example.S)) > 0 }

// ByName returns the scenario from the file name, or nil.
func (l *Library) ByName(name string) *Scenario { return l.byName[name] }
