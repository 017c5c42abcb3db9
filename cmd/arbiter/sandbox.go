package main

import "github.com/arbiter-rules/arbiter/rules"

// Scenarios is what the rule page needs from the engine's scenario library:
// whether a printed example has a scenario, matched by the example's text
// (scenarios follow an example into every edition that prints it). When it
// does, the example gets a "Run in sandbox" link to
// /sandbox/{edition}/{number}/{n}, n counting the rule's examples from 1.
type Scenarios interface {
	HasScenario(example rules.Text) bool
}
