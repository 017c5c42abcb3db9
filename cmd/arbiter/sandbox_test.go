package main

import "github.com/arbiter-rules/arbiter/rules"

type scenariosFunc func(example string) bool

func (f scenariosFunc) HasScenario(t rules.Text) bool { return f(t.S) }
